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
use crate::lower::Builder;
use crate::model::{Constraint, HintKind, Lit, OriginId, Rel};

/// Which cells conflict under `rule no_attack`, whatever else stands.
struct Conflicts {
    /// Every wall-free segment of every rider direction.
    segments: Vec<Vec<usize>>,
    /// Per rider direction, the segment of every cell (`usize::MAX`: none).
    segment_of: Vec<Vec<usize>>,
    /// Pairs joined by a leaper move (smaller cell first).
    leaps: HashSet<(usize, usize)>,
}

impl Conflicts {
    fn of(builder: &Builder<'_>) -> Conflicts {
        let board = builder.board;
        let mut segments = Vec::new();
        let segment_of = builder
            .moves
            .riders
            .iter()
            .map(|v| {
                let mut of = vec![usize::MAX; board.n_cells()];
                for segment in builder.segments(v) {
                    for &c in &segment {
                        of[c] = segments.len();
                    }
                    segments.push(segment);
                }
                of
            })
            .collect();
        let leaps = builder
            .moves
            .leapers
            .iter()
            .flat_map(|v| builder.leaper_pairs(v))
            .collect();
        Conflicts {
            segments,
            segment_of,
            leaps,
        }
    }

    fn conflict(&self, a: usize, b: usize) -> bool {
        let shared = self
            .segment_of
            .iter()
            .any(|of| of[a] != usize::MAX && of[a] == of[b]);
        shared || self.leaps.contains(&(a.min(b), a.max(b)))
    }
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
            let all_conflict = cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| conflicts.conflict(a, b)));
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
