//! Classes of placements under a group of board symmetries: the canonical
//! member of a class and the size of the class (its orbit).
//!
//! A placement gives every cell a small content code. The order is the one
//! `hint break_symmetry` keeps (its lex-leader): the vector of codes cell by
//! cell, compared lexicographically, code `2 * piece + wall` (so a cell's
//! piece bit is compared before its wall bit, false before true). The image
//! of a placement `x` under a symmetry with cell map `g` is `y[c] =
//! x[g(c)]`; the canonical member is the least image, and the class has
//! `|G| / |stabiliser|` members.
//!
//! Sets of cells (walls only, or pieces only) have a sparse form: the
//! indicator vector order above, on sorted cell lists, is the *reverse* of
//! their lexicographic order (the first differing cell is absent from the
//! lesser vector), which [`Orbits::canonical_set`] accounts for.
//!
//! ```
//! use qspec::board::orbit::{code, Orbits};
//! use qspec::board::symmetry::box_group;
//! let board = qspec::Board::new(&[2, 2], false, &[]);
//! let orbits = Orbits::new(&board, &box_group(&[2, 2]));
//! // One piece in a corner: the four corners are one class.
//! let one = [code(true, false), code(false, false), code(false, false), code(false, false)];
//! assert_eq!(orbits.class_size(&one), 4);
//! assert_eq!(orbits.members(&one).len(), 4);
//! ```

use super::symmetry::SignedPerm;
use super::Board;
use std::cmp::Ordering;

/// A placement's content code on one cell.
pub const EMPTY: u8 = 0;
/// A wall (placed or given).
pub const WALL: u8 = 1;
/// A piece.
pub const PIECE: u8 = 2;

/// The code of a cell holding `piece` and/or `wall`.
pub fn code(piece: bool, wall: bool) -> u8 {
    u8::from(piece) * PIECE + u8::from(wall) * WALL
}

/// A group of symmetries of one board, as cell permutations.
#[derive(Clone, Debug)]
pub struct Orbits {
    /// `maps[k][c]`: the cell symmetry `k` sends `c` to; `maps[0]` the
    /// identity.
    maps: Vec<Vec<usize>>,
    /// `inverse[k][c]`: the cell sent to `c`.
    inverse: Vec<Vec<usize>>,
}

impl Orbits {
    /// The group `group` (closed under composition, identity first) acting
    /// on `board`'s cells.
    pub fn new(board: &Board, group: &[SignedPerm]) -> Orbits {
        Orbits::of_maps(group.iter().map(|g| g.cell_map(board)).collect())
    }

    /// A group given by where each of its members sends each position
    /// (closed under composition, identity first): positions are cells,
    /// or with several kinds of piece a kind's layer of cells each, so
    /// that a placement is a vector of codes over them.
    pub fn of_maps(maps: Vec<Vec<usize>>) -> Orbits {
        let inverse = maps
            .iter()
            .map(|m| {
                let mut inv = vec![0; m.len()];
                for (c, &image) in m.iter().enumerate() {
                    inv[image] = c;
                }
                inv
            })
            .collect();
        Orbits { maps, inverse }
    }

    /// The group's order.
    pub fn order(&self) -> usize {
        self.maps.len()
    }

    /// The image `y[c] = x[g(c)]` of `content` under symmetry `k`.
    fn image(&self, k: usize, content: &[u8]) -> Vec<u8> {
        self.maps[k].iter().map(|&from| content[from]).collect()
    }

    /// The least image of `content` (the class's canonical member) and the
    /// number of members of its class.
    pub fn canonical(&self, content: &[u8]) -> (Vec<u8>, usize) {
        self.least_image(
            content.to_vec(),
            |k| self.image(k, content),
            |y, best| y < best,
        )
    }

    /// The image of `x` (under each symmetry `k`: `image(k)`) that comes
    /// first by `before`, and the size of `x`'s class (the group's order
    /// over the number of symmetries that fix `x`).
    fn least_image<T: PartialEq + Clone>(
        &self,
        x: T,
        image: impl Fn(usize) -> T,
        before: impl Fn(&T, &T) -> bool,
    ) -> (T, usize) {
        let mut best = x.clone();
        let mut fixed = 0;
        for k in 0..self.order() {
            let y = image(k);
            if y == x {
                fixed += 1;
            }
            if before(&y, &best) {
                best = y;
            }
        }
        (best, self.order() / fixed)
    }

    /// The members of `content`'s class: its distinct images, sorted.
    pub fn members(&self, content: &[u8]) -> Vec<Vec<u8>> {
        let mut members: Vec<Vec<u8>> = (0..self.order()).map(|k| self.image(k, content)).collect();
        members.sort_unstable();
        members.dedup();
        members
    }

    /// Whether `content` is its class's canonical member.
    pub fn is_canonical(&self, content: &[u8]) -> bool {
        (1..self.order()).all(|k| {
            let map = &self.maps[k];
            for (c, &x) in content.iter().enumerate() {
                match x.cmp(&content[map[c]]) {
                    Ordering::Less => return true,
                    Ordering::Greater => return false,
                    Ordering::Equal => {}
                }
            }
            true
        })
    }

    /// The number of members of `content`'s class.
    pub fn class_size(&self, content: &[u8]) -> usize {
        let fixed = (0..self.order())
            .filter(|&k| {
                self.maps[k]
                    .iter()
                    .enumerate()
                    .all(|(c, &g)| content[c] == content[g])
            })
            .count();
        self.order() / fixed
    }

    /// The image of the sorted cell set `cells` under symmetry `k` (as a
    /// set: `y` holds `c` when `x` holds `g(c)`), sorted.
    fn set_image(&self, k: usize, cells: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = cells.iter().map(|&c| self.inverse[k][c]).collect();
        out.sort_unstable();
        out
    }

    /// The canonical member of the class of the cell set `cells` (sorted,
    /// one code for all, as [`Orbits::canonical`] orders them) and the
    /// class size.
    pub fn canonical_set(&self, cells: &[usize]) -> (Vec<usize>, usize) {
        // The lesser indicator vector is the greater sorted list.
        self.least_image(
            cells.to_vec(),
            |k| self.set_image(k, cells),
            |y, best| y > best,
        )
    }

    /// Whether one of the group's symmetries moves a piece on each cell
    /// `c` of `pairs` onto its `d` (as [`Orbits::canonical_set`] moves
    /// sets): whether a map of some of the cells is the group's on them.
    pub fn extends(&self, pairs: &[(usize, usize)]) -> bool {
        self.inverse
            .iter()
            .any(|inv| pairs.iter().all(|&(c, d)| inv[c] == d))
    }

    /// Whether the sorted cell set `cells` is its class's canonical member;
    /// with the class size when it is.
    pub fn canonical_set_size(&self, cells: &[usize]) -> Option<usize> {
        let mut fixed = 1;
        let mut y = Vec::with_capacity(cells.len());
        for k in 1..self.order() {
            y.clear();
            y.extend(cells.iter().map(|&c| self.inverse[k][c]));
            y.sort_unstable();
            match y.as_slice().cmp(cells) {
                Ordering::Greater => return None,
                Ordering::Equal => fixed += 1,
                Ordering::Less => {}
            }
        }
        Some(self.order() / fixed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::symmetry::box_group;

    fn square(n: usize) -> (Board, Orbits) {
        let board = Board::new(&[n, n], false, &[]);
        let orbits = Orbits::new(&board, &box_group(&[n, n]));
        (board, orbits)
    }

    fn dense(cells: &[usize], n: usize, code: u8) -> Vec<u8> {
        let mut v = vec![EMPTY; n];
        for &c in cells {
            v[c] = code;
        }
        v
    }

    #[test]
    fn the_sparse_form_agrees_with_the_dense_one() {
        let (_, orbits) = square(4);
        for a in 0..16 {
            for b in a + 1..16 {
                for c in b + 1..16 {
                    let set = [a, b, c];
                    let (canon, size) = orbits.canonical(&dense(&set, 16, WALL));
                    let (canon_set, size_set) = orbits.canonical_set(&set);
                    assert_eq!(dense(&canon_set, 16, WALL), canon, "{set:?}");
                    assert_eq!(size, size_set);
                    assert_eq!(orbits.canonical_set_size(&set).is_some(), canon_set == set);
                    assert_eq!(
                        orbits.is_canonical(&dense(&set, 16, WALL)),
                        canon_set == set
                    );
                }
            }
        }
    }

    #[test]
    fn a_map_of_cells_is_the_groups_only_where_a_symmetry_makes_it() {
        // On 3x3 (cells row by row), the quarter turn moves the corner 0
        // to 2 and 2 to 8; no symmetry moves a corner to an edge cell.
        let (_, orbits) = square(3);
        assert!(orbits.extends(&[(0, 2), (2, 8), (4, 4)]));
        assert!(orbits.extends(&[(0, 8), (8, 0), (4, 4)]));
        assert!(!orbits.extends(&[(0, 1)]));
        assert!(!orbits.extends(&[(0, 2), (2, 0), (6, 6)]));
        assert!(orbits.extends(&[]));
    }

    #[test]
    fn class_sizes_add_up_to_every_placement() {
        // Every 2- and 3-set of cells of 8x8, grouped by class: the class
        // sizes of the canonical members add up to C(64, k).
        let (_, orbits) = square(8);
        let mut total2 = 0;
        let mut classes2 = 0;
        for a in 0..64 {
            for b in a + 1..64 {
                if let Some(size) = orbits.canonical_set_size(&[a, b]) {
                    total2 += size;
                    classes2 += 1;
                }
            }
        }
        assert_eq!(total2, 2016);
        assert_eq!(classes2, 278);
    }

    #[test]
    fn a_symmetric_placement_has_a_small_class() {
        let (board, orbits) = square(8);
        // The four corners: fixed by every symmetry.
        let corners: Vec<usize> = [[0, 0], [0, 7], [7, 0], [7, 7]]
            .iter()
            .map(|c| board.index(c))
            .collect();
        let mut sorted = corners.clone();
        sorted.sort_unstable();
        assert_eq!(orbits.canonical_set(&sorted), (sorted.clone(), 1));
        assert_eq!(orbits.class_size(&dense(&sorted, 64, PIECE)), 1);
        // A piece and a wall on one cell each: the wall is compared after
        // the piece on the same cell.
        assert!(code(true, false) > code(false, true));
    }
}
