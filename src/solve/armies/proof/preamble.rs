//! What the armies search's proof brings in before it searches: each
//! army's "at least `m`" from the file's rows ([`Sizes`]), and each line's
//! colour as a variable with its clauses ([`LineClauses`]).

use super::super::problem::Problem;
use super::super::search::Plan;
use super::Writer;
use crate::error::{Error, Result};
use crate::model::Var;
use crate::proof::{PbRow, RowIds};

/// Where each army's "at least `m`" comes from in the file: a row of its
/// own, or the other army's and the equal count.
pub(super) struct Sizes {
    pub(super) m: u32,
    /// Per army: a row `pieces >= rhs` (its id and bound) or `None`.
    at_least: [Option<(u64, i64)>; 2],
    /// Per army: the id of `own pieces - other pieces >= 0`, if any.
    not_fewer: [Option<u64>; 2],
}

/// The file's rows read over the two armies' pieces: which army each
/// piece variable is, and the forms of row the proof looks for.
pub(super) struct Armies {
    army: std::collections::HashMap<Var, usize>,
    per_army: usize,
}

impl Armies {
    pub(super) fn of(problem: &Problem) -> Armies {
        let army: std::collections::HashMap<Var, usize> = (0..2)
            .flat_map(|a| problem.var_at[a].iter().flatten().map(move |&v| (v, a)))
            .collect();
        let per_army = army.len() / 2;
        Armies { army, per_army }
    }

    /// Each term's army and coefficient, if every term is a piece's.
    fn signs(&self, terms: &[(i64, Var)]) -> Option<Vec<(usize, i64)>> {
        terms
            .iter()
            .map(|&(c, v)| self.army.get(&v).map(|&a| (a, c)))
            .collect()
    }

    /// Whether `terms >= rhs` says army `a` has no fewer pieces than the
    /// other (a half of the equal count).
    fn not_fewer(&self, terms: &[(i64, Var)], rhs: i64, a: usize) -> bool {
        self.signs(terms).is_some_and(|signs| {
            rhs == 0
                && signs.len() == 2 * self.per_army
                && signs.iter().all(|&(b, c)| c == if a == b { 1 } else { -1 })
        })
    }

    /// The board that `terms >= rhs` excludes, when it is a clause over
    /// every piece (a listing's), as the sorted ids of the pieces it
    /// places.
    pub(super) fn board(&self, terms: &[(i64, Var)], rhs: i64) -> Option<Vec<u32>> {
        self.signs(terms)?;
        crate::proof::excluded_board(terms, rhs, 2 * self.per_army)
    }

    /// Whether `terms >= rhs` is a half of the equal count or a listed
    /// board: the rows the board's symmetries map onto each other.
    pub(super) fn kept(&self, terms: &[(i64, Var)], rhs: i64) -> bool {
        (0..2).any(|a| self.not_fewer(terms, rhs, a)) || self.board(terms, rhs).is_some()
    }
}

impl Sizes {
    pub(super) fn read(
        rows: &[PbRow],
        ids: &RowIds,
        armies: &Armies,
    ) -> std::result::Result<Sizes, String> {
        let per_army = armies.per_army;
        let mut sizes = Sizes {
            m: 0,
            at_least: [None; 2],
            not_fewer: [None; 2],
        };
        for (row, &first) in rows.iter().zip(&ids.first) {
            for (k, (terms, rhs)) in row.at_least_forms().into_iter().enumerate() {
                let id = first + k as u64;
                let Some(signs) = armies.signs(&terms) else {
                    continue;
                };
                for a in 0..2 {
                    let count_row = signs.len() == per_army && signs.iter().all(|&s| s == (a, 1));
                    if count_row && sizes.at_least[a].is_none_or(|(_, r)| rhs > r) {
                        sizes.at_least[a] = Some((id, rhs));
                    }
                    if armies.not_fewer(&terms, rhs, a) {
                        sizes.not_fewer[a] = Some(id);
                    }
                }
            }
        }
        let best = |a: usize| -> i64 {
            let own = sizes.at_least[a].map_or(0, |(_, r)| r);
            let other = match (sizes.not_fewer[a], sizes.at_least[1 - a]) {
                (Some(_), Some((_, r))) => r,
                _ => 0,
            };
            own.max(other)
        };
        let m = best(0).min(best(1));
        if m <= 0 {
            return Err("the file has no row that bounds both armies' sizes from below".into());
        }
        sizes.m = u32::try_from(m).map_err(|_| "the armies' size is out of range".to_string())?;
        Ok(sizes)
    }

    /// The id of each army's `pieces >= m`: its own row, or derived from
    /// the other's and the equal count.
    pub(super) fn derive(&self, writer: &mut Writer) -> Result<[u64; 2]> {
        let mut out = [0; 2];
        for (a, id) in out.iter_mut().enumerate() {
            *id = match (self.at_least[a], self.not_fewer[a], self.at_least[1 - a]) {
                (Some((id, rhs)), _, _) if rhs >= i64::from(self.m) => id,
                (_, Some(half), Some((other, _))) => {
                    writer.step(&format!("pol {other} {half} +"))?
                }
                _ => return Err(Error::internal("an army's size was read but not derived")),
            };
        }
        Ok(out)
    }
}

/// The ids of each line's two clauses a cell: `k | ~white` and `~k |
/// ~black`, lines numbered as the search's then the knapsack's.
pub(super) struct LineClauses {
    pub(super) white: Vec<Vec<u64>>,
    pub(super) black: Vec<Vec<u64>>,
    /// The ids of the `s` variables' definitions (no longer needed once
    /// the `k` clauses are in).
    pub(super) definitions: Vec<u64>,
    /// Each cell's place on its knapsack line.
    pub(super) place: Vec<usize>,
}

impl LineClauses {
    /// Brings in every line's variables (see the module's documentation).
    pub(super) fn write(
        plan: &Plan,
        problem: &Problem,
        lines: &[&Vec<usize>],
        writer: &mut Writer,
    ) -> Result<LineClauses> {
        let knapsack = problem.families.last().expect("a direction is kept");
        let var = |army: usize, c: usize| -> Result<u32> {
            problem.var_at[army][c]
                .map(|v| v.id())
                .ok_or_else(|| Error::internal("a line holds a cell off the board"))
        };
        let mut out = LineClauses {
            white: Vec::with_capacity(lines.len()),
            black: Vec::with_capacity(lines.len()),
            definitions: Vec::new(),
            place: vec![usize::MAX; plan.cells],
        };
        for line in knapsack {
            for (j, &c) in line.iter().enumerate() {
                out.place[c] = j;
            }
        }
        for (i, line) in lines.iter().enumerate() {
            let mut defines = format!("red 1 ~s{i}");
            for &c in line.iter() {
                defines.push_str(&format!(" 1 x{}", var(1, c)?));
            }
            out.definitions
                .push(writer.step(&format!("{defines} >= 1 ; s{i} -> 0"))?);
            for &c in line.iter() {
                let b = var(1, c)?;
                out.definitions
                    .push(writer.step(&format!("red 1 s{i} 1 ~x{b} >= 1 ; s{i} -> 1"))?);
            }
            let (mut white, mut black) = (Vec::new(), Vec::new());
            for &c in line.iter() {
                let b = var(1, c)?;
                black.push(writer.step(&format!("red 1 ~k{i} 1 ~x{b} >= 1 ; k{i} -> ~s{i}"))?);
            }
            for &c in line.iter() {
                let w = var(0, c)?;
                white.push(writer.step(&format!("red 1 k{i} 1 ~x{w} >= 1 ; k{i} -> ~s{i}"))?);
            }
            out.white.push(white);
            out.black.push(black);
        }
        Ok(out)
    }
}
