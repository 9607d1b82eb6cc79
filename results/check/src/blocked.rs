//! Queens blocked by walls on the n x n board (n <= 8): for every
//! placement of w walls, one per class of the square's eight symmetries,
//! the most queens no two of which attack (a queen's ray stops at a wall),
//! by a branch and bound over 64-bit sets of cells.

use std::collections::BTreeMap;

/// Values by classes and by boards.
#[derive(Default)]
pub struct Table {
    /// value -> (classes, boards)
    pub by_value: BTreeMap<u32, (u64, u64)>,
}

impl Table {
    pub fn classes(&self) -> u64 {
        self.by_value.values().map(|v| v.0).sum()
    }

    pub fn boards(&self) -> u64 {
        self.by_value.values().map(|v| v.1).sum()
    }
}

/// The table of every placement of `walls` walls on n x n; `each` sees
/// every class's least placement and its value.
pub fn table(n: usize, walls: usize, each: &mut dyn FnMut(&[usize], u32)) -> Table {
    assert!(n <= 8, "cells are bits of a u64");
    let mut out = Table::default();
    let mut chosen = Vec::new();
    placements(n * n, walls, 0, &mut chosen, &mut |w| {
        let (least, size) = crate::square::class_of(n, w);
        if least {
            let value = most_queens(n, w);
            each(w, value);
            let entry = out.by_value.entry(value).or_default();
            entry.0 += 1;
            entry.1 += size;
        }
    });
    out
}

/// Every set of `k` cells out of `cells`, in increasing order.
fn placements(
    cells: usize,
    k: usize,
    from: usize,
    chosen: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if chosen.len() == k {
        visit(chosen);
        return;
    }
    for c in from..cells {
        chosen.push(c);
        placements(cells, k, c + 1, chosen, visit);
        chosen.pop();
    }
}

/// The most non-attacking queens on n x n with walls on `walls`.
pub fn most_queens(n: usize, walls: &[usize]) -> u32 {
    let wall: u64 = walls.iter().fold(0, |acc, &c| acc | 1 << c);
    let free = (0..n * n).fold(0u64, |acc, c| acc | 1 << c) & !wall;
    let adj = conflicts(n, wall);
    let mut best = 0;
    branch(&adj, free, 0, &mut best);
    best
}

/// For each cell, the cells a queen there attacks: along each of the
/// eight directions up to a wall or the edge.
fn conflicts(n: usize, wall: u64) -> Vec<u64> {
    let open = |cell: &usize| wall >> cell & 1 == 0;
    (0..n * n)
        .map(|cell| {
            crate::square::DIRECTIONS
                .into_iter()
                .flat_map(|d| crate::square::ray(n, cell, d).take_while(open))
                .fold(0u64, |seen, other| seen | 1 << other)
        })
        .collect()
}

/// Greedy cover of `cand` by sets of pairwise attacking cells: no
/// independent set takes two cells of one set, so their number bounds it.
fn cover_bound(adj: &[u64], mut cand: u64) -> u32 {
    let mut groups = 0;
    while cand != 0 {
        let v = cand.trailing_zeros() as usize;
        let mut clique = 1u64 << v;
        let mut room = cand & adj[v];
        while room != 0 {
            let u = room.trailing_zeros() as usize;
            clique |= 1 << u;
            room &= adj[u];
        }
        cand &= !clique;
        groups += 1;
    }
    groups
}

fn branch(adj: &[u64], cand: u64, placed: u32, best: &mut u32) {
    if cand == 0 {
        *best = (*best).max(placed);
        return;
    }
    if placed + cover_bound(adj, cand) <= *best {
        return;
    }
    let v = cand.trailing_zeros() as usize;
    branch(adj, cand & !(1 << v) & !adj[v], placed + 1, best);
    branch(adj, cand & !(1 << v), placed, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_and_the_classic_values() {
        // No wall: the eight queens.
        assert_eq!(most_queens(8, &[]), 8);
        // Walls at (1,3) and (2,5): 10 queens (the article's example).
        assert_eq!(most_queens(8, &[8 + 3, 16 + 5]), 10);
        // One wall: 9 at best.
        let t = table(8, 1, &mut |_, _| {});
        assert_eq!(t.by_value.keys().max(), Some(&9));
        assert_eq!(t.boards(), 64);
    }

    #[test]
    fn two_walls_match_the_articles_table() {
        // "368 boards with 8 queens, 1610 with 9, 38 with 10" (2016 boards).
        let t = table(8, 2, &mut |_, _| {});
        let boards: Vec<u64> = t.by_value.values().map(|v| v.1).collect();
        assert_eq!(boards, vec![368, 1610, 38]);
        assert_eq!(t.classes(), 278);
    }
}
