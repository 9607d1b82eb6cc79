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

use super::checked::{content, decision_cells};
use crate::answer::decode::CellVar;
use crate::board::orbit::{Orbits, PIECE, WALL};
use crate::board::Placement;
use crate::error::Result;
use crate::instance::Instance;
use crate::language::{HintSpec, Spec};
use crate::model::{Constraint, Lit, Model, Rel, Sense, Var};

/// A count's claim of completeness.
pub struct Completeness {
    /// The model that has no solution if the claim holds.
    pub model: Model,
    /// The solutions it excludes (every member of every class listed).
    pub excluded: u64,
    /// At an optimum: the bound that takes the objective's place
    /// (`count >= 24`) and the optimum it proves (`count = 24`), so that
    /// the one proof also shows that nothing is better.
    pub bound: Option<(String, String)>,
}

/// The completeness claim of the `listed` solutions of `instance` (at
/// `optimum` when given; the canonical members of their classes under
/// `orbits`, when given).
pub fn claim(
    instance: &Instance,
    optimum: Option<i64>,
    orbits: Option<&Orbits>,
    listed: &[Placement],
) -> Result<Completeness> {
    let (spec, bound) = claim_spec(&instance.spec, optimum);
    let target = if spec == instance.spec {
        instance.clone()
    } else {
        instance.with_spec(spec)?
    };
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
            model.add(
                Constraint::Clause(excluding(&decisions, member, target.board.n_cells())),
                origin,
            );
        }
        excluded += members.len() as u64;
    }
    Ok(Completeness {
        model,
        excluded,
        bound,
    })
}

/// The model the claim is made of: `spec` without `hint break_symmetry`
/// (every member of a class is excluded instead), and at `optimum` its
/// objective turned into the bound "at least as good" — with the bound's
/// text and the optimum's.
fn claim_spec(spec: &Spec, optimum: Option<i64>) -> (Spec, Option<(String, String)>) {
    let mut spec = spec.clone();
    spec.hints.retain(|h| h.kind != HintSpec::BreakSymmetry);
    let (Some(value), Some(objective)) = (optimum, spec.objective.take()) else {
        return (spec, None);
    };
    let (rel, sign) = match objective.sense {
        Sense::Maximize => (Rel::Ge, ">="),
        Sense::Minimize => (Rel::Le, "<="),
    };
    let value = u32::try_from(value).expect("an optimum is a count");
    let what = spec.bound_objective(objective, rel, value);
    let bound = (
        format!("{what} {sign} {value}"),
        format!("{what} = {value}"),
    );
    (spec, Some(bound))
}

/// The clause that holds unless the decision variables take the values of
/// the board `content` (cell codes, as the orbits read them).
/// With several kinds, `content` is the kinds' layers of `n_cells` cells
/// each, the first kind's first.
fn excluding(decisions: &[(usize, CellVar)], content: &[u8], n_cells: usize) -> Vec<Lit> {
    decisions
        .iter()
        .map(|&(i, cell)| {
            let var = Var::from_dimacs(i as u32 + 1);
            let set = match cell {
                CellVar::Piece(c) => content[c] & PIECE != 0,
                CellVar::KindPiece { kind, cell } => content[kind * n_cells + cell] & PIECE != 0,
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
        let c = claim(&q, None, Some(&orbits), std::slice::from_ref(&one)).unwrap();
        assert_eq!(c.excluded, 2);
        assert!(c
            .model
            .hints
            .iter()
            .all(|h| !h.hint.contains("break_symmetry")));
        let blocked = c.model.constraints.len() - q.model.constraints.len();
        assert_eq!(blocked, 2);
        assert_eq!(c.bound, None);
        // Without classes, the one board alone.
        assert_eq!(claim(&q, None, None, &[one]).unwrap().excluded, 1);
    }

    #[test]
    fn at_an_optimum_the_objective_becomes_a_bound_as_good() {
        let most = "board 4 x 4\npiece queen\nrule no_attack\nmaximize count\n";
        let q = load_source("m.qspec", most, &[], &LoadOptions::default()).unwrap();
        let (spec, bound) = claim_spec(&q.spec, Some(4));
        assert_eq!(spec.objective, None);
        assert_eq!(spec.counts(), vec![(Rel::Ge, 4)]);
        assert_eq!(bound, Some(("count >= 4".into(), "count = 4".into())));
        let least =
            "board 4 x 4\nwalls free\npiece queen\nrule no_attack\ncount >= 5\nminimize walls\n";
        let w = load_source("w.qspec", least, &[], &LoadOptions::default()).unwrap();
        let (spec, bound) = claim_spec(&w.spec, Some(1));
        assert_eq!(spec.wall_bounds().last(), Some(&(Rel::Le, 1)));
        assert_eq!(bound, Some(("walls <= 1".into(), "walls = 1".into())));
    }

    #[test]
    fn the_clause_is_false_on_its_board_alone() {
        let decisions: Vec<(usize, CellVar)> = (0..4).map(|c| (c, CellVar::Piece(c))).collect();
        let board = [PIECE, 0, 0, PIECE];
        let clause = excluding(&decisions, &board, 4);
        let value = |bits: [bool; 4]| clause.iter().any(|l| l.eval(bits[l.var().index()]));
        assert!(!value([true, false, false, true]));
        assert!(value([true, false, true, true]));
        assert!(value([false, false, false, true]));
    }
}
