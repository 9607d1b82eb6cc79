//! Every placement of `k` walls on a board's free cells, in a fixed order:
//! the `k`-subsets of the free cells (ascending cell lists, compared
//! lexicographically), each with its rank in that order; with a symmetry
//! group, only the canonical member of each class ([`Orbits`]), with its
//! class size.
//!
//! Ranks let a task start in the middle (unranking is cheap), so a task of
//! a sweep never walks the placements before its own.

use crate::board::orbit::Orbits;
use crate::error::{Error, Result};

/// The placements of `k` walls on `cells`, one per class under `orbits`
/// (or every one).
#[derive(Clone, Debug)]
pub struct Placements {
    /// The free cells, ascending.
    cells: Vec<usize>,
    /// How many walls.
    k: usize,
    /// The symmetry group, when one member per class is wanted.
    orbits: Option<Orbits>,
    /// `binomial[n][j]` = C(n, j) for n up to the number of cells, j <= k.
    binomial: Vec<Vec<u64>>,
}

/// One placement: the rank of its cell subset, its cells (ascending) and
/// the number of boards it stands for (1 without symmetry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallPlacement {
    /// The rank of the subset among all `k`-subsets of the free cells.
    pub rank: u64,
    /// The wall cells, ascending.
    pub cells: Vec<usize>,
    /// The size of its class (1 without symmetry).
    pub class_size: usize,
}

impl Placements {
    /// The placements of `k` walls on `cells` (ascending), one per class of
    /// `orbits` when given. An error when their number does not fit 64 bits.
    pub fn new(cells: Vec<usize>, k: usize, orbits: Option<Orbits>) -> Result<Placements> {
        let n = cells.len();
        let mut binomial = vec![vec![0u64; k + 1]; n + 1];
        for row in &mut binomial {
            row[0] = 1;
        }
        for m in 1..=n {
            for j in 1..=k {
                let value = binomial[m - 1][j - 1].checked_add(binomial[m - 1][j]);
                binomial[m][j] = value.ok_or_else(|| {
                    Error::unsupported(format!(
                        "{k} walls on {n} free cells are too many placements to enumerate"
                    ))
                })?;
            }
        }
        Ok(Placements {
            cells,
            k,
            orbits,
            binomial,
        })
    }

    /// The number of subsets (every board, before symmetry).
    pub fn n_subsets(&self) -> u64 {
        self.choose(self.cells.len(), self.k)
    }

    fn choose(&self, n: usize, j: usize) -> u64 {
        if j > n {
            0
        } else {
            self.binomial[n][j]
        }
    }

    /// The positions (indices into the free cells) of the subset of rank
    /// `rank`, or `None` past the last one.
    fn unrank(&self, mut rank: u64) -> Option<Vec<usize>> {
        if rank >= self.n_subsets() {
            return None;
        }
        let n = self.cells.len();
        let mut out = Vec::with_capacity(self.k);
        let mut next = 0;
        for left in (1..=self.k).rev() {
            // The first position p >= next whose block of subsets holds rank.
            let mut p = next;
            loop {
                let block = self.choose(n - p - 1, left - 1);
                if rank < block {
                    break;
                }
                rank -= block;
                p += 1;
            }
            out.push(p);
            next = p + 1;
        }
        Some(out)
    }

    /// A cursor at the subset of rank `rank`.
    pub fn cursor(&self, rank: u64) -> Cursor {
        Cursor {
            positions: self.unrank(rank),
            rank,
        }
    }

    /// The placement at `cursor` or after it that the enumeration keeps
    /// (one per class with a group), moving the cursor past it.
    pub fn next(&self, cursor: &mut Cursor) -> Option<WallPlacement> {
        let mut cells = Vec::with_capacity(self.k);
        loop {
            let pos = cursor.positions.as_ref()?;
            cells.clear();
            cells.extend(pos.iter().map(|&p| self.cells[p]));
            let rank = cursor.rank;
            cursor.advance(self.cells.len());
            if let Some(class_size) = self.keep(&cells) {
                return Some(WallPlacement {
                    rank,
                    cells,
                    class_size,
                });
            }
        }
    }

    /// Every placement from the subset of rank `rank` on, in order.
    pub fn starting_at(&self, rank: u64) -> Iter<'_> {
        Iter {
            placements: self,
            cursor: self.cursor(rank),
        }
    }

    /// Every placement, in order.
    pub fn iter(&self) -> Iter<'_> {
        self.starting_at(0)
    }

    /// The class size of the placement `cells` when it is what the
    /// enumeration keeps (always, without a group).
    fn keep(&self, cells: &[usize]) -> Option<usize> {
        match &self.orbits {
            None => Some(1),
            Some(orbits) => orbits.canonical_set_size(cells),
        }
    }
}

/// A position in the enumeration: the current subset, as positions into
/// the free cells (`None` past the end), and its rank.
#[derive(Clone, Debug)]
pub struct Cursor {
    positions: Option<Vec<usize>>,
    rank: u64,
}

impl Cursor {
    /// Moves to the next subset of `n` cells in lexicographic order.
    fn advance(&mut self, n: usize) {
        let Some(pos) = self.positions.as_mut() else {
            return;
        };
        let k = pos.len();
        let Some(i) = (0..k).rev().find(|&i| pos[i] < n - k + i) else {
            self.positions = None;
            return;
        };
        pos[i] += 1;
        for j in i + 1..k {
            pos[j] = pos[j - 1] + 1;
        }
        self.rank += 1;
    }
}

/// The placements from a rank on.
pub struct Iter<'a> {
    placements: &'a Placements,
    cursor: Cursor,
}

impl Iterator for Iter<'_> {
    type Item = WallPlacement;

    fn next(&mut self) -> Option<WallPlacement> {
        self.placements.next(&mut self.cursor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::symmetry::box_group;
    use crate::board::Board;

    fn square(n: usize) -> Orbits {
        let board = Board::new(&[n, n], false, &[]);
        Orbits::new(&board, &box_group(&[n, n]))
    }

    #[test]
    fn every_subset_once_in_order_with_its_rank() {
        let p = Placements::new((0..7).collect(), 3, None).unwrap();
        let all: Vec<WallPlacement> = p.iter().collect();
        assert_eq!(all.len(), 35);
        assert_eq!(p.n_subsets(), 35);
        for (i, pl) in all.iter().enumerate() {
            assert_eq!(pl.rank, i as u64);
            assert_eq!(pl.class_size, 1);
            // Starting at any rank gives the rest of the list.
            assert_eq!(p.starting_at(pl.rank).next().as_ref(), Some(pl));
        }
        assert!(all.windows(2).all(|w| w[0].cells < w[1].cells));
        assert!(p.starting_at(35).next().is_none());
    }

    #[test]
    fn zero_walls_is_one_placement() {
        let p = Placements::new((0..64).collect(), 0, Some(square(8))).unwrap();
        let all: Vec<WallPlacement> = p.iter().collect();
        assert_eq!(
            all,
            vec![WallPlacement {
                rank: 0,
                cells: vec![],
                class_size: 1
            }]
        );
    }

    #[test]
    fn classes_of_the_blocked_article() {
        // 8x8: 2016 two-wall boards in 278 classes, 41664 three-wall
        // boards in 5278 classes (the article's counts).
        for (k, boards, classes) in [(2, 2016, 278), (3, 41664, 5278)] {
            let p = Placements::new((0..64).collect(), k, Some(square(8))).unwrap();
            let all: Vec<WallPlacement> = p.iter().collect();
            assert_eq!(all.len(), classes);
            assert_eq!(all.iter().map(|p| p.class_size).sum::<usize>(), boards);
            // Seeking by rank lands on the same classes.
            let mid = &all[classes / 2];
            assert_eq!(p.starting_at(mid.rank).next().as_ref(), Some(mid));
        }
    }

    #[test]
    fn too_many_placements_are_refused() {
        assert!(Placements::new((0..10_000).collect(), 8, None).is_err());
    }
}
