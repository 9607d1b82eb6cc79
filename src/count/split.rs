//! Where a listing splits into cubes: after how many solutions, and on
//! which decision variables. The variables are chosen from the solutions
//! found before the split, greedily, each the one that shares them out
//! most evenly among the cubes so far (the least sum of squared cube
//! sizes), so that no cube holds most of the rest: blind choices do not.
//! On sparse boards a cell set in few solutions leaves nearly all of them
//! in the cube that sets none (of 8 independent cells, a third of the 92
//! eight-queens solutions), and evenly spaced cells fall on one line.

use crate::model::{Lit, Var};

/// Models with fewer decision variables are listed on one solver.
pub const SPLIT_FROM: u32 = 64;

/// Solutions listed by one solver before the rest are split into cubes:
/// a fresh encoding per cube costs about 2.5 ms on 10x10 queens, more than
/// a small count takes on one solver. They are also the sample the
/// variables split on are chosen from.
pub const SPLIT_AFTER: usize = 2000;

/// Candidates looked at when choosing (in golden-ratio steps through the
/// decision variables, on a board with more).
const CANDIDATES: u32 = 4096;

/// When and how a listing is split.
#[derive(Clone, Copy, Debug)]
pub(super) struct Split {
    /// The fewest decision variables a split model has.
    pub from: u32,
    /// The solutions found on one solver first.
    pub after: usize,
    /// The variables split on: 2^bits cubes.
    pub bits: u32,
}

/// qspec's split: 2^8 = 256 cubes, enough for two threads to share the
/// work evenly, few enough that encoding each is cheap.
pub(super) const SPLIT: Split = Split {
    from: SPLIT_FROM,
    after: SPLIT_AFTER,
    bits: 8,
};

impl Split {
    /// Whether a model of `n_decisions` decision variables is split.
    pub fn splits(self, n_decisions: u32) -> bool {
        n_decisions >= self.from.max(self.bits)
    }

    /// The `bits` variables to split on, chosen from `sample` (solutions,
    /// the values of the first `n_decisions` variables at least): bit `j`
    /// of a cube's index sets the `j`-th.
    pub fn vars(self, n_decisions: u32, sample: &[Vec<bool>]) -> Vec<Var> {
        let candidates = golden_order(n_decisions);
        let mut cubes = vec![0usize; sample.len()];
        let mut chosen: Vec<Var> = Vec::new();
        for _ in 0..self.bits.min(n_decisions) {
            let best = candidates
                .iter()
                .filter(|v| !chosen.contains(v))
                .min_by_key(|v| spread(&cubes, sample, **v, 2 << chosen.len()))
                .copied()
                .expect("a candidate left");
            for (cube, values) in cubes.iter_mut().zip(sample) {
                *cube |= usize::from(values[best.index()]) << chosen.len();
            }
            chosen.push(best);
        }
        chosen
    }
}

/// How unevenly the sample falls into cubes when `v` splits each in two:
/// the sum of the squared cube sizes (`n_cubes` of them).
fn spread(cubes: &[usize], sample: &[Vec<bool>], v: Var, n_cubes: usize) -> u64 {
    let half = n_cubes / 2;
    let mut sizes = vec![0u64; n_cubes];
    for (&cube, values) in cubes.iter().zip(sample) {
        sizes[cube + half * usize::from(values[v.index()])] += 1;
    }
    sizes.iter().map(|s| s * s).sum()
}

/// The decision variables in golden-ratio steps (each far from the ones
/// before), at most [`CANDIDATES`] of them.
fn golden_order(n: u32) -> Vec<Var> {
    let step = golden_step(n);
    (0..n.min(CANDIDATES))
        .map(|t| Var::from_dimacs(1 + (u64::from(t) * u64::from(step) % u64::from(n)) as u32))
        .collect()
}

/// The step nearest n/φ (about 0.618 n) that is coprime to `n`: its
/// multiples visit every index once.
fn golden_step(n: u32) -> u32 {
    let gcd = |mut a: u32, mut b: u32| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let start = ((f64::from(n) * 0.618_034).round() as u32).max(1);
    (start..)
        .find(|&s| gcd(s, n) == 1)
        .expect("a step coprime to n")
}

/// The unit literals of cube `index` over `vars`: bit `j` of the index
/// sets `vars[j]`.
pub(super) fn cube(vars: &[Var], index: usize) -> Vec<Lit> {
    vars.iter()
        .enumerate()
        .map(|(j, v)| {
            if index >> j & 1 == 1 {
                v.positive()
            } else {
                v.negative()
            }
        })
        .collect()
}

/// The cube a solution lies in.
pub(super) fn cube_of(vars: &[Var], values: &[bool]) -> usize {
    vars.iter()
        .enumerate()
        .map(|(j, v)| usize::from(values[v.index()]) << j)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// The 92 solutions of eight queens, as cell values (row-major).
    fn eight_queens() -> Vec<Vec<bool>> {
        fn place(row: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<bool>>) {
            if row == 8 {
                let mut values = vec![false; 64];
                for (r, &c) in cols.iter().enumerate() {
                    values[r * 8 + c] = true;
                }
                out.push(values);
                return;
            }
            for c in 0..8 {
                let free = cols
                    .iter()
                    .enumerate()
                    .all(|(r, &d)| c != d && c.abs_diff(d) != row - r);
                if free {
                    cols.push(c);
                    place(row + 1, cols, out);
                    cols.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(0, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn small_models_are_not_split() {
        assert!(!SPLIT.splits(SPLIT_FROM - 1));
        assert!(SPLIT.splits(SPLIT_FROM));
    }

    /// Chosen from the 92 solutions, 8 cells share them out: no cube holds
    /// more than 12 (evenly spaced cells, one column, leave 8 cubes of
    /// 10-14; 8 independent cells leave 36 in the cube that sets none).
    #[test]
    fn the_chosen_cells_share_the_sample_out() {
        let sample = eight_queens();
        assert_eq!(sample.len(), 92);
        let vars = SPLIT.vars(64, &sample);
        assert_eq!(vars.len(), 8);
        assert_eq!(vars.iter().collect::<BTreeSet<_>>().len(), 8);
        let mut sizes: BTreeMap<usize, usize> = BTreeMap::new();
        for values in &sample {
            *sizes.entry(cube_of(&vars, values)).or_default() += 1;
        }
        let largest = sizes.values().max().copied().unwrap_or(0);
        assert!(largest <= 12, "{largest} in one cube: {sizes:?}");
        assert!(sizes.len() >= 16, "{} cubes hold solutions", sizes.len());
    }

    #[test]
    fn cubes_are_every_assignment_once() {
        let vars = SPLIT.vars(100, &[vec![false; 100], vec![true; 100]]);
        let all: BTreeSet<Vec<Lit>> = (0..1 << vars.len()).map(|i| cube(&vars, i)).collect();
        assert_eq!(all.len(), 256);
        for index in [0, 1, 77, 255] {
            let mut values = vec![false; 100];
            for lit in cube(&vars, index) {
                values[lit.var().index()] = !lit.is_neg();
            }
            assert_eq!(cube_of(&vars, &values), index);
        }
    }

    #[test]
    fn golden_steps_visit_every_variable() {
        for n in [1, 2, 64, 100, 121, 5000] {
            let order = golden_order(n);
            let distinct: BTreeSet<Var> = order.iter().copied().collect();
            assert_eq!(distinct.len(), order.len(), "{n}");
            assert_eq!(order.len() as u32, n.min(CANDIDATES), "{n}");
        }
    }
}
