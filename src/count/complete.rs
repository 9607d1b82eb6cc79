//! The claim that a count is complete, as a model of its own: the model
//! the solutions were listed from (at the optimum, with `--optimal`),
//! without the lex-leader constraints that keep one solution per class,
//! and with a clause excluding each solution listed — every member of each
//! class, when classes were counted. It has no solution exactly when no
//! solution was missed; `count --certify` refutes it with a proof
//! (`certify::certify_count`).
//!
//! A clause excludes one assignment of the board's decision variables (the
//! cells, then the walls chosen with `walls free`), the variables the
//! count is projected on, so auxiliary variables never let a listed board
//! back in.

use std::borrow::Cow;

use super::{content, decision_cells, target};
use crate::answer::decode::CellVar;
use crate::board::orbit::{Orbits, PIECE, WALL};
use crate::board::Placement;
use crate::error::Result;
use crate::instance::Instance;
use crate::language::HintSpec;
use crate::model::{Constraint, Lit, Model, Var};

/// The completeness claim of the `listed` solutions of `instance` (at
/// `optimum` when given; the canonical members of their classes under
/// `orbits`, when given): the model, and the number of solutions it
/// excludes.
pub fn claim(
    instance: &Instance,
    optimum: Option<i64>,
    orbits: Option<&Orbits>,
    listed: &[Placement],
) -> Result<(Model, u64)> {
    let mut spec = instance.spec.clone();
    spec.hints.retain(|h| h.kind != HintSpec::BreakSymmetry);
    let every = if spec == instance.spec {
        Cow::Borrowed(instance)
    } else {
        Cow::Owned(instance.with_spec(spec)?)
    };
    let target = target(every, optimum, false)?;
    let decisions = decision_cells(&target);
    let mut model = target.model.clone();
    let origin = model.origin("count --certify: each solution listed, excluded");
    let mut excluded = 0u64;
    for placement in listed {
        let here = content(&target, placement);
        let members = match orbits {
            Some(orbits) => orbits.members(&here),
            None => vec![here],
        };
        for member in &members {
            model.add(Constraint::Clause(excluding(&decisions, member)), origin);
        }
        excluded += members.len() as u64;
    }
    Ok((model, excluded))
}

/// The clause that holds unless the decision variables take the values of
/// the board `content` (cell codes, as the orbits read them).
fn excluding(decisions: &[(usize, CellVar)], content: &[u8]) -> Vec<Lit> {
    decisions
        .iter()
        .map(|&(i, cell)| {
            let var = Var::from_dimacs(i as u32 + 1);
            let set = match cell {
                CellVar::Piece(c) => content[c] & PIECE != 0,
                CellVar::Wall(c) => content[c] & WALL != 0,
            };
            if set {
                var.negative()
            } else {
                var.positive()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{load_source, LoadOptions};

    fn queens(n: usize) -> Instance {
        let text = format!("board {n} x {n}\npiece queen\nrule no_attack\ncount == {n}\n");
        load_source("q.qspec", &text, &[], &LoadOptions::default()).unwrap()
    }

    fn placement(n: usize, cells: &[usize]) -> Placement {
        let mut p = Placement::empty(n * n);
        for &c in cells {
            p.pieces[c] = true;
        }
        p
    }

    #[test]
    fn a_class_is_excluded_member_by_member() {
        // The two solutions of 4 queens are one class of 2 under the
        // square's 8 symmetries: the canonical one excludes both.
        let q = queens(4);
        let orbits = crate::count::classes(&q, true).unwrap().unwrap();
        let one = placement(4, &[1, 7, 8, 14]);
        let (model, excluded) = claim(&q, None, Some(&orbits), std::slice::from_ref(&one)).unwrap();
        assert_eq!(excluded, 2);
        assert!(model
            .hints
            .iter()
            .all(|h| !h.hint.contains("break_symmetry")));
        let blocked = model.constraints.len() - q.model.constraints.len();
        assert_eq!(blocked, 2);
        // Without classes, the one board alone.
        let (_, excluded) = claim(&q, None, None, &[one]).unwrap();
        assert_eq!(excluded, 1);
    }

    #[test]
    fn the_clause_is_false_on_its_board_alone() {
        let decisions: Vec<(usize, CellVar)> = (0..4).map(|c| (c, CellVar::Piece(c))).collect();
        let board = [PIECE, 0, 0, PIECE];
        let clause = excluding(&decisions, &board);
        let value = |bits: [bool; 4]| clause.iter().any(|l| l.eval(bits[l.var().index()]));
        assert!(!value([true, false, false, true]));
        assert!(value([true, false, true, true]));
        assert!(value([false, false, false, true]));
    }
}
