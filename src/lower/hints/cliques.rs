//! `hint cliques cube star`: the thesis' clique inequalities, in any
//! dimension — at most one piece on each clique of the conflict graph.
//!
//! * cube: for every side `h >= 1` and corner `s` with `s + h` on the board,
//!   the `2^d` corners `s + a h` (`a` in `{0,1}^d`), and for even `h` the
//!   centre `s + h/2` too: any two differ by `0` or `+-h` (`+-h/2` for the
//!   centre) on every axis, so a queen on one attacks the other;
//! * star: a cell `s` and the `2d` cells `s +- h e_i` at distance `h` along
//!   the axes.
//!
//! The shapes are the queen's; each candidate is kept only when every two of
//! its cells conflict on this board for this piece — they share a wall-free
//! segment of a rider line (so `rule no_attack` forbids both, whatever stands
//! between), or a leaper move joins them — so the hint is sound for any
//! piece, walls and torus, and simply finds fewer cliques where fewer hold.
//! Written as at-most-one constraints (the `--amo` encoding in CNF, a row
//! `sum <= 1` in the linear formats).

use std::collections::{BTreeSet, HashSet};

use super::IMPLIED;
use crate::board::Board;
use crate::lower::Builder;
use crate::model::{Constraint, HintKind, Lit, OriginId, Rel};

/// Which cells conflict under `rule no_attack`, whatever else stands.
struct Conflicts {
    /// Every wall-free segment of two cells or more of every rider
    /// direction (for the cover).
    segments: Vec<Vec<usize>>,
    /// How two cells are found on one wall-free segment of a rider line,
    /// or a leap apart.
    lines: Lines,
    /// Whether any two cells of a cube or a star clique conflict without
    /// looking: the piece rides every queen line and no wall cuts one.
    every_pair: bool,
}

/// How two cells are found on one wall-free segment of a rider line, or a
/// leap apart.
enum Lines {
    /// Off a torus, from their difference: the line is the one of its step
    /// (looked up, not searched for among every direction: a queen has
    /// 29,524 in 10 dimensions) with no wall between them, or the
    /// difference is a leap. Each step and leap faces forward.
    ByStep {
        riders: HashSet<Vec<i64>>,
        leapers: HashSet<Vec<i64>>,
    },
    /// On a torus, where a difference names no one line: per rider
    /// direction, the segment of every cell (`usize::MAX`: none), and the
    /// pairs a leap joins (smaller cell first).
    BySegment {
        segment_of: Vec<Vec<usize>>,
        leaps: HashSet<(usize, usize)>,
    },
}

impl Conflicts {
    fn of(builder: &Builder<'_>) -> Conflicts {
        let board = builder.board;
        let riders = &builder.moves.riders;
        let mut segments = Vec::new();
        let mut segment_of = Vec::new();
        for v in riders {
            let mut of = match board.is_torus() {
                true => vec![usize::MAX; board.n_cells()],
                false => Vec::new(),
            };
            builder.for_each_segment(v, |segment| {
                if board.is_torus() {
                    for &c in segment {
                        of[c] = segments.len();
                    }
                }
                if segment.len() >= 2 || board.is_torus() {
                    segments.push(segment.to_vec());
                }
            });
            segment_of.push(of);
        }
        let forward = |moves: &[Vec<i64>]| -> HashSet<Vec<i64>> {
            moves.iter().map(|v| facing_forward(v.clone())).collect()
        };
        let leapers = &builder.moves.leapers;
        let lines = match board.is_torus() {
            true => Lines::BySegment {
                segment_of,
                leaps: leapers
                    .iter()
                    .flat_map(|v| builder.leaper_pairs(v))
                    .collect(),
            },
            false => Lines::ByStep {
                riders: forward(riders),
                leapers: forward(leapers),
            },
        };
        let no_walls = !builder.spec.free_walls && (0..board.n_cells()).all(|c| !board.is_wall(c));
        let every_pair = no_walls && rides_every_queen_line(riders, board.dims().len());
        Conflicts {
            segments,
            lines,
            every_pair,
        }
    }

    fn conflict(&self, a: usize, b: usize, board: &Board) -> bool {
        match &self.lines {
            Lines::ByStep { riders, leapers } => {
                let (from, to) = (board.coords(a), board.coords(b));
                let diff: Vec<i64> = to
                    .iter()
                    .zip(&from)
                    .map(|(&y, &x)| y as i64 - x as i64)
                    .collect();
                let g = diff.iter().fold(0, |g, &x| gcd(g, x.unsigned_abs())).max(1) as i64;
                let step: Vec<i64> = diff.iter().map(|&x| x / g).collect();
                let ridden = riders.contains(&facing_forward(step.clone()))
                    && no_wall_between(board, a, b, &step);
                ridden || leapers.contains(&facing_forward(diff))
            }
            Lines::BySegment { segment_of, leaps } => {
                let shared = segment_of
                    .iter()
                    .any(|of| of[a] != usize::MAX && of[a] == of[b]);
                shared || leaps.contains(&(a.min(b), a.max(b)))
            }
        }
    }
}

/// Whether no wall stands on the cells from `a` to `b` by `step` (off a
/// torus, `b` is `a` plus a multiple of `step`).
fn no_wall_between(board: &Board, a: usize, b: usize, step: &[i64]) -> bool {
    let mut cell = a;
    while cell != b {
        match board.step(cell, step) {
            Some(next) if !board.is_wall(next) => cell = next,
            _ => return false,
        }
    }
    true
}

/// `v` or its reverse, whichever has its first non-zero entry positive.
fn facing_forward(v: Vec<i64>) -> Vec<i64> {
    match v.iter().find(|&&x| x != 0) {
        Some(&x) if x < 0 => v.into_iter().map(|x| -x).collect(),
        _ => v,
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether `riders` hold every queen step of `d` dimensions (entries in
/// {-1, 0, 1}), each as itself or its reverse: then any two cells of a
/// cube clique (which differ by 0 or ±h on each axis) or a star clique
/// share a line.
fn rides_every_queen_line(riders: &[Vec<i64>], d: usize) -> bool {
    let have: HashSet<Vec<i64>> = riders.iter().map(|v| facing_forward(v.clone())).collect();
    let queen_lines = (3usize.pow(d as u32) - 1) / 2;
    have.len() >= queen_lines
        && (1..3usize.pow(d as u32)).all(|code| {
            let step: Vec<i64> = (0..d)
                .map(|i| (code / 3usize.pow(i as u32) % 3) as i64 - 1)
                .collect();
            step.iter().all(|&x| x == 0) || have.contains(&facing_forward(step))
        })
}

impl Builder<'_> {
    /// `hint cliques`.
    pub(super) fn cliques_hint(&mut self, text: &str, cube: bool, star: bool) -> HintKind {
        let origin = self.model.origin(text);
        let conflicts = Conflicts::of(self);
        let dims = self.board.dims().to_vec();
        let mut reduced: BTreeSet<Vec<usize>> = BTreeSet::new();
        let mut kept: Vec<Vec<usize>> = Vec::new();
        let mut add = |builder: &mut Builder<'_>, clique: &[Vec<usize>]| {
            let cells: Vec<usize> = clique
                .iter()
                .map(|c| builder.board.index(c))
                .filter(|&c| builder.placeable(c).is_some())
                .collect();
            let board = builder.board;
            let all_conflict = conflicts.every_pair
                || cells.iter().enumerate().all(|(i, &a)| {
                    cells[i + 1..]
                        .iter()
                        .all(|&b| conflicts.conflict(a, b, board))
                });
            if cells.len() < 2 || !all_conflict {
                return;
            }
            if cells.len() < clique.len() {
                // Two candidates may shrink to the same cells: keep one.
                let mut key = cells.clone();
                key.sort_unstable();
                if !reduced.insert(key) {
                    return;
                }
            }
            let lits: Vec<Lit> = cells.iter().filter_map(|&c| builder.placeable(c)).collect();
            builder.add(Constraint::AtMostOne(lits), origin);
            kept.push(cells);
        };
        if cube {
            for_each_cube_clique(&dims, |clique| add(self, clique));
        }
        if star {
            for_each_star_clique(&dims, |clique| add(self, clique));
        }
        kept.extend(conflicts.segments);
        self.cover_count(&kept, origin);
        IMPLIED
    }

    /// The count bounds over a cover of the cells by disjoint `cliques` (the
    /// hint's cliques, then the rider segments): each
    /// clique holds at most one piece, so the pieces are as many as the
    /// cliques that hold one, `z_g <-> OR(x on g)`, and a count bound on the
    /// cells is the same bound on the `z` — over far fewer literals, and out
    /// of reach at once when the bound exceeds the number of cliques (the
    /// clique-cover bound, which CDCL cannot find by counting cells).
    fn cover_count(&mut self, cliques: &[Vec<usize>], origin: OriginId) {
        let placeable = |c: usize| self.placeable(c).is_some();
        let cells = (0..self.board.n_cells()).filter(|&c| placeable(c)).count();
        let (lo, hi) = self.count_range(cells);
        if lo <= 0 && hi >= cells as i64 {
            return;
        }
        let cover = greedy_cover(cliques, self.board.n_cells(), placeable);
        let mut zs = Vec::with_capacity(cover.len());
        for group in cover {
            let lits: Vec<Lit> = group.iter().filter_map(|&c| self.placeable(c)).collect();
            let z = if lits.len() == 1 {
                lits[0]
            } else {
                let z = self.aux("cover", group[0], "").positive();
                self.add(Constraint::OrDef { def: z, lits }, origin);
                z
            };
            zs.push(z);
        }
        let bounds = [(Rel::Ge, lo, lo > 0), (Rel::Le, hi, hi < zs.len() as i64)];
        for (rel, k, binds) in bounds {
            if binds {
                let card = Constraint::Card {
                    lits: zs.clone(),
                    rel,
                    k: k as u32,
                    guard: None,
                };
                self.add(card, origin);
            }
        }
    }
}

/// A cover of the cells `keep` accepts by disjoint cliques (cells it
/// refuses are left out): repeatedly the clique with the most cells not yet
/// covered (ties: the first listed),
/// then every cell left alone. Deterministic; a lazy priority queue keeps it
/// near-linear in the cliques' total size.
fn greedy_cover(
    cliques: &[Vec<usize>],
    n_cells: usize,
    keep: impl Fn(usize) -> bool,
) -> Vec<Vec<usize>> {
    use std::collections::BinaryHeap;
    let mut covered = vec![false; n_cells];
    let mut heap: BinaryHeap<(usize, std::cmp::Reverse<usize>)> = cliques
        .iter()
        .enumerate()
        .map(|(i, c)| (c.len(), std::cmp::Reverse(i)))
        .collect();
    let mut groups = Vec::new();
    while let Some((size, std::cmp::Reverse(i))) = heap.pop() {
        let free: Vec<usize> = cliques[i]
            .iter()
            .copied()
            .filter(|&c| !covered[c] && keep(c))
            .collect();
        if free.len() < 2 {
            continue;
        }
        if free.len() < size {
            heap.push((free.len(), std::cmp::Reverse(i)));
            continue;
        }
        free.iter().for_each(|&c| covered[c] = true);
        groups.push(free);
    }
    groups.extend(
        (0..n_cells)
            .filter(|&c| !covered[c] && keep(c))
            .map(|c| vec![c]),
    );
    groups
}

/// Calls `visit` with every cube clique of a box of sides `dims`.
fn for_each_cube_clique(dims: &[usize], mut visit: impl FnMut(&[Vec<usize>])) {
    let d = dims.len();
    let largest = dims.iter().copied().max().unwrap_or(0);
    let mut clique: Vec<Vec<usize>> = Vec::new();
    for h in 1..largest {
        let room: Vec<usize> = dims.iter().map(|&n| n.saturating_sub(h)).collect();
        for_each_point(&room, |s| {
            clique.clear();
            clique.extend(
                (0..1usize << d).map(|a| (0..d).map(|i| s[i] + (a >> i & 1) * h).collect()),
            );
            if h % 2 == 0 {
                clique.push(s.iter().map(|&x| x + h / 2).collect());
            }
            visit(&clique);
        });
    }
}

/// Calls `visit` with every star clique of a box of sides `dims`.
fn for_each_star_clique(dims: &[usize], mut visit: impl FnMut(&[Vec<usize>])) {
    let d = dims.len();
    let largest = dims.iter().copied().max().unwrap_or(0);
    let mut clique: Vec<Vec<usize>> = Vec::new();
    for h in 1..largest {
        // centres with room h on both sides of every axis
        let room: Vec<usize> = dims.iter().map(|&n| n.saturating_sub(2 * h)).collect();
        for_each_point(&room, |low| {
            let centre: Vec<usize> = low.iter().map(|&x| x + h).collect();
            clique.clear();
            clique.push(centre.clone());
            for i in 0..d {
                for plus in [false, true] {
                    let mut arm = centre.clone();
                    arm[i] = if plus { arm[i] + h } else { arm[i] - h };
                    clique.push(arm);
                }
            }
            visit(&clique);
        });
    }
}

/// Calls `visit` with every point of `[0, sides[0]) x [0, sides[1]) x ...`
/// in row-major order (none when a side is 0).
pub(super) fn for_each_point(sides: &[usize], mut visit: impl FnMut(&[usize])) {
    if sides.contains(&0) {
        return;
    }
    let mut point = vec![0; sides.len()];
    loop {
        visit(&point);
        let mut axis = sides.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            point[axis] += 1;
            if point[axis] < sides[axis] {
                break;
            }
            point[axis] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cliques(dims: &[usize], cube: bool) -> Vec<Vec<Vec<usize>>> {
        let mut out = Vec::new();
        let keep = |c: &[Vec<usize>]| out.push(c.to_vec());
        if cube {
            for_each_cube_clique(dims, keep);
        } else {
            for_each_star_clique(dims, keep);
        }
        out
    }

    #[test]
    fn clique_counts_follow_the_thesis() {
        // n = 5, d = 2: cubes for h = 1..4: sum (5-h)^2 = 16 + 9 + 4 + 1.
        assert_eq!(cliques(&[5, 5], true).len(), 30);
        // stars: h = 1: 3^2 centres, h = 2: 1.
        assert_eq!(cliques(&[5, 5], false).len(), 10);
        assert!(cliques(&[3, 3, 3], true)
            .iter()
            .all(|c| c.len() == 8 || c.len() == 9));
        assert!(cliques(&[3, 3, 3], false).iter().all(|c| c.len() == 7));
        let mut points = Vec::new();
        for_each_point(&[2, 3], |p| points.push(p.to_vec()));
        assert_eq!(points.len(), 6);
        assert_eq!(points[1], vec![0, 1]);
    }
}
