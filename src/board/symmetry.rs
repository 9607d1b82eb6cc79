//! Symmetries of a board: the signed permutations of its axes (the
//! hyperoctahedral group of a cube, the dihedral group of a square, smaller
//! for a box with unequal sides) that map the board onto itself, and the
//! subgroup that also maps walls, fixed and forbidden cells onto
//! themselves.
//!
//! A [`SignedPerm`] is written in one-line notation, 1-based: `(2,-1)` sends
//! a cell `x` to the cell whose coordinate 0 is `x[1]` and whose coordinate
//! 1 is `x[0]` mirrored (`side - 1 - x[0]`) — the quarter turn `rot90` of a
//! 2-D board. Every piece's moves are closed under signed permutations (the
//! fairy-chess convention of `board::piece`), so each such map is also a
//! symmetry of every rule.
//!
//! ```
//! use qspec::board::symmetry::{box_group, SignedPerm};
//! assert_eq!(box_group(&[8, 8]).len(), 8); // the square's dihedral group
//! assert_eq!(box_group(&[5, 5, 5]).len(), 48); // the cube's
//! let rot90 = SignedPerm::named_2d("rot90").unwrap();
//! assert_eq!(rot90.apply(&[0, 0], &[8, 8]), vec![0, 7]);
//! ```

use std::collections::{BTreeSet, VecDeque};
use std::fmt;

use super::Board;

/// A signed permutation of the axes: coordinate `i` of the image is
/// coordinate `source[i]` of the cell, mirrored when `flip[i]`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SignedPerm {
    source: Vec<usize>,
    flip: Vec<bool>,
}

/// The most symmetries a board's group is listed with, element by element
/// (`hint break_symmetry`, `count --up-to-symmetry`, wall sweeps, the
/// clique engine); a larger group is handled by its generators or not at
/// all, as each user says.
pub const GROUP_LIMIT: u128 = 1024;

/// The most symmetries listed where no constraint is made per element:
/// the clique search's pruning, and the classes of the solutions it lists
/// (`count --up-to-symmetry`): 3^5's 3840, not 3^6's 46,080.
pub const CLASS_LIMIT: u128 = 4096;

/// The 2-D symmetries known by name, as one-line signed permutations.
pub const NAMED_2D: [(&str, [i64; 2]); 8] = [
    ("identity", [1, 2]),
    ("rot90", [2, -1]),
    ("rot180", [-1, -2]),
    ("rot270", [-2, 1]),
    ("mirror_rows", [-1, 2]),
    ("mirror_cols", [1, -2]),
    ("diagonal", [2, 1]),
    ("antidiagonal", [-2, -1]),
];

impl SignedPerm {
    /// The identity on `d` axes.
    pub fn identity(d: usize) -> SignedPerm {
        SignedPerm {
            source: (0..d).collect(),
            flip: vec![false; d],
        }
    }

    /// The map written `(s1, ..., sd)` (1-based, a minus sign mirrors);
    /// `None` unless the absolute values are a permutation of `1..=d`.
    pub fn from_one_line(entries: &[i64]) -> Option<SignedPerm> {
        let d = entries.len();
        let source: Vec<usize> = entries
            .iter()
            .map(|&e| usize::try_from(e.unsigned_abs()).ok()?.checked_sub(1))
            .collect::<Option<_>>()?;
        let distinct: BTreeSet<usize> = source.iter().copied().collect();
        if distinct.len() != d || source.iter().any(|&s| s >= d) {
            return None;
        }
        Some(SignedPerm {
            source,
            flip: entries.iter().map(|&e| e < 0).collect(),
        })
    }

    /// The 2-D symmetry called `name` (`rot90`, `mirror_rows`, ...).
    pub fn named_2d(name: &str) -> Option<SignedPerm> {
        let (_, line) = NAMED_2D.iter().find(|(n, _)| *n == name)?;
        SignedPerm::from_one_line(line)
    }

    /// The number of axes it acts on.
    pub fn dims(&self) -> usize {
        self.source.len()
    }

    /// Whether it maps a box of sides `dims` onto itself (each axis onto an
    /// axis of the same side).
    pub fn fits(&self, dims: &[usize]) -> bool {
        self.dims() == dims.len() && (0..dims.len()).all(|i| dims[self.source[i]] == dims[i])
    }

    /// The image of the cell with coordinates `x` on a box of sides `dims`.
    pub fn apply(&self, x: &[usize], dims: &[usize]) -> Vec<usize> {
        (0..x.len())
            .map(|i| {
                let c = x[self.source[i]];
                if self.flip[i] {
                    dims[i] - 1 - c
                } else {
                    c
                }
            })
            .collect()
    }

    /// `self` after `other`: `x -> self(other(x))`.
    pub fn compose(&self, other: &SignedPerm) -> SignedPerm {
        let d = self.dims();
        SignedPerm {
            source: (0..d).map(|i| other.source[self.source[i]]).collect(),
            flip: (0..d)
                .map(|i| self.flip[i] != other.flip[self.source[i]])
                .collect(),
        }
    }

    /// Whether it is the identity.
    pub fn is_identity(&self) -> bool {
        self.source.iter().enumerate().all(|(i, &s)| i == s) && self.flip.iter().all(|f| !f)
    }

    /// Its name when it is one of the named 2-D symmetries, else its
    /// one-line notation.
    pub fn name(&self) -> String {
        if self.dims() == 2 {
            if let Some((name, _)) = NAMED_2D
                .iter()
                .find(|(_, line)| SignedPerm::from_one_line(line).as_ref() == Some(self))
            {
                return (*name).to_string();
            }
        }
        self.to_string()
    }

    /// The permutation of cells it induces on `board` (`map[c]` is the
    /// image of cell `c`).
    pub fn cell_map(&self, board: &Board) -> Vec<usize> {
        let dims = board.dims();
        (0..board.n_cells())
            .map(|c| board.index(&self.apply(&board.coords(c), dims)))
            .collect()
    }
}

impl fmt::Display for SignedPerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = (0..self.dims())
            .map(|i| {
                let axis = self.source[i] + 1;
                if self.flip[i] {
                    format!("-{axis}")
                } else {
                    axis.to_string()
                }
            })
            .collect();
        write!(f, "({})", parts.join(","))
    }
}

/// Every signed permutation that maps a box of sides `dims` onto itself, in
/// a fixed order (the identity first).
pub fn box_group(dims: &[usize]) -> Vec<SignedPerm> {
    let d = dims.len();
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..d).collect();
    loop {
        let candidate = SignedPerm {
            source: perm.clone(),
            flip: vec![false; d],
        };
        if candidate.fits(dims) {
            for mask in 0u64..(1u64 << d) {
                out.push(SignedPerm {
                    source: perm.clone(),
                    flip: (0..d).map(|i| mask >> i & 1 == 1).collect(),
                });
            }
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
    out
}

/// The symmetries of a `rows` x `width` grid but the identity, each as the
/// map of its cells numbered row by row (`map[c]` is the image of `c`), in
/// [`box_group`]'s order.
pub fn grid_maps(rows: usize, width: usize) -> Vec<Vec<usize>> {
    let dims = [rows, width];
    box_group(&dims)
        .into_iter()
        .filter(|g| !g.is_identity())
        .map(|g| {
            (0..rows * width)
                .map(|cell| {
                    let image = g.apply(&[cell / width, cell % width], &dims);
                    image[0] * width + image[1]
                })
                .collect()
        })
        .collect()
}

/// How many signed permutations map a box of sides `dims` onto itself:
/// `2^d` times the product of `k!` over the groups of `k` equal sides.
pub fn box_group_order(dims: &[usize]) -> u128 {
    let mut sides: Vec<usize> = dims.to_vec();
    sides.sort_unstable();
    let mut order: u128 = 1u128 << dims.len().min(100);
    for run in sides.chunk_by(|a, b| a == b) {
        for k in 2..=run.len() as u128 {
            order = order.saturating_mul(k);
        }
    }
    order
}

/// The group generated by `generators` (closed under composition), the
/// identity first; `None` when it would have more than `limit` elements.
pub fn generated(generators: &[SignedPerm], d: usize, limit: usize) -> Option<Vec<SignedPerm>> {
    let identity = SignedPerm::identity(d);
    let mut seen: BTreeSet<SignedPerm> = BTreeSet::from([identity.clone()]);
    let mut order = vec![identity.clone()];
    let mut queue = VecDeque::from([identity]);
    while let Some(g) = queue.pop_front() {
        for s in generators {
            let h = s.compose(&g);
            if seen.insert(h.clone()) {
                if seen.len() > limit {
                    return None;
                }
                order.push(h.clone());
                queue.push_back(h);
            }
        }
    }
    Some(order)
}

/// Generators of the symmetries of a box of sides `dims`: every mirror, and
/// every transposition of two axes of the same side.
pub fn box_generators(dims: &[usize]) -> Vec<SignedPerm> {
    let d = dims.len();
    let mut out = Vec::new();
    for i in 0..d {
        let mut mirror = SignedPerm::identity(d);
        mirror.flip[i] = true;
        out.push(mirror);
        for j in i + 1..d {
            if dims[i] == dims[j] {
                let mut swap = SignedPerm::identity(d);
                swap.source.swap(i, j);
                out.push(swap);
            }
        }
    }
    out
}

/// The symmetries of `board` that map its walls and each set of `marked`
/// cells (fixed pieces, forbidden cells) onto themselves, identity first.
/// `Err` with the generators among them when the box has more than `limit`
/// symmetries to try: those generate a subgroup of the board's group.
pub fn board_group(
    board: &Board,
    marked: &[&[bool]],
    limit: u128,
) -> Result<Vec<SignedPerm>, Vec<SignedPerm>> {
    board_group_keeping(board, marked, &[], limit)
}

/// [`board_group`], keeping also each of `families` — collections of
/// cell sets, each set sorted, such as the rows or the regions of scoped
/// counts — onto itself: a symmetry may move a set only onto another
/// set of its family.
pub fn board_group_keeping(
    board: &Board,
    marked: &[&[bool]],
    families: &[Vec<Vec<usize>>],
    limit: u128,
) -> Result<Vec<SignedPerm>, Vec<SignedPerm>> {
    let lookups: Vec<std::collections::HashSet<&[usize]>> = families
        .iter()
        .map(|f| f.iter().map(Vec::as_slice).collect())
        .collect();
    let keeps = |g: &SignedPerm| {
        let map = g.cell_map(board);
        let cells_kept = (0..board.n_cells()).all(|c| {
            board.is_wall(c) == board.is_wall(map[c]) && marked.iter().all(|m| m[c] == m[map[c]])
        });
        cells_kept
            && families.iter().zip(&lookups).all(|(family, lookup)| {
                family.iter().all(|set| {
                    let mut image: Vec<usize> = set.iter().map(|&c| map[c]).collect();
                    image.sort_unstable();
                    lookup.contains(image.as_slice())
                })
            })
    };
    if box_group_order(board.dims()) > limit {
        return Err(box_generators(board.dims())
            .into_iter()
            .filter(keeps)
            .collect());
    }
    Ok(box_group(board.dims()).into_iter().filter(keeps).collect())
}

/// Whether conjugating by every element of `group` (a group, closed under
/// composition) keeps the group that `maps` generate: `g h g^-1` is in it
/// for every `g` of `group` and every `h` of `maps`. Then the placements
/// invariant under `maps` are carried onto such placements by every
/// element of `group`. `false` also when the generated group would have
/// more than `limit` elements.
pub fn normalises(group: &[SignedPerm], maps: &[SignedPerm], limit: usize) -> bool {
    let Some(d) = group.first().map(SignedPerm::dims) else {
        return true;
    };
    let Some(generated) = generated(maps, d, limit) else {
        return false;
    };
    let members: BTreeSet<&SignedPerm> = generated.iter().collect();
    group.iter().all(|g| {
        let Some(inverse) = group.iter().find(|k| g.compose(k).is_identity()) else {
            return false;
        };
        maps.iter()
            .all(|h| members.contains(&g.compose(h).compose(inverse)))
    })
}

/// Lexicographic next permutation; false after the last one.
pub(crate) fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("a larger element exists");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_symmetries_act_as_their_names_say() {
        let dims = [4, 4];
        let at = |name: &str, x: [usize; 2]| SignedPerm::named_2d(name).unwrap().apply(&x, &dims);
        assert_eq!(at("rot90", [0, 1]), vec![1, 3]);
        assert_eq!(at("rot180", [0, 1]), vec![3, 2]);
        assert_eq!(at("mirror_rows", [0, 1]), vec![3, 1]);
        assert_eq!(at("mirror_cols", [0, 1]), vec![0, 2]);
        assert_eq!(at("diagonal", [0, 1]), vec![1, 0]);
        assert_eq!(at("antidiagonal", [0, 1]), vec![2, 3]);
        let r = SignedPerm::named_2d("rot90").unwrap();
        assert_eq!(r.compose(&r).name(), "rot180");
        assert_eq!(r.compose(&r).compose(&r).name(), "rot270");
        assert!(r.compose(&r).compose(&r).compose(&r).is_identity());
    }

    #[test]
    fn the_box_group_has_the_order_of_its_formula() {
        for dims in [
            vec![8, 8],
            vec![3, 5],
            vec![4, 4, 4],
            vec![2, 3, 2],
            vec![5],
            vec![3, 3, 3, 3],
        ] {
            let group = box_group(&dims);
            assert_eq!(group.len() as u128, box_group_order(&dims), "{dims:?}");
            assert!(group[0].is_identity());
            let distinct: BTreeSet<&SignedPerm> = group.iter().collect();
            assert_eq!(distinct.len(), group.len());
            for g in &group {
                assert!(g.fits(&dims));
            }
        }
        assert_eq!(box_group_order(&[8, 8]), 8);
        assert_eq!(box_group_order(&[5, 5, 5]), 48);
    }

    #[test]
    fn generators_close_into_their_group() {
        let rot = SignedPerm::named_2d("rot90").unwrap();
        assert_eq!(
            generated(std::slice::from_ref(&rot), 2, 100).unwrap().len(),
            4
        );
        let mirror = SignedPerm::named_2d("mirror_rows").unwrap();
        assert_eq!(generated(&[rot, mirror], 2, 100).unwrap().len(), 8);
        assert!(generated(&box_group(&[3, 3, 3, 3]), 4, 100).is_none());
    }

    #[test]
    fn the_board_group_keeps_walls_in_place() {
        let free = Board::new(&[4, 4], false, &[]);
        assert_eq!(board_group(&free, &[], 1000).unwrap().len(), 8);
        // A wall in the corner (0,0) stays in place only under the identity
        // and the transpose `diagonal`.
        let walled = Board::new(&[4, 4], false, &[vec![0, 0]]);
        let group = board_group(&walled, &[], 1000).unwrap();
        let names: Vec<String> = group.iter().map(SignedPerm::name).collect();
        assert_eq!(names, vec!["identity", "diagonal"]);
        let cube = Board::new(&[3, 3, 3], false, &[]);
        assert_eq!(board_group(&cube, &[], 1000).unwrap().len(), 48);
        assert_eq!(board_group(&cube, &[], 10).unwrap_err().len(), 6);
        assert_eq!(
            generated(&box_generators(&[3, 3, 3]), 3, 1000)
                .unwrap()
                .len(),
            48
        );
    }

    #[test]
    fn a_quarter_turn_is_normal_in_the_square_group_a_mirror_is_not() {
        let square = box_group(&[4, 4]);
        let named = |n: &str| SignedPerm::named_2d(n).unwrap();
        assert!(normalises(&square, &[named("rot90")], 100));
        assert!(normalises(&square, &[named("rot180")], 100));
        // rot90 carries a row-mirror-symmetric placement onto a
        // column-mirror-symmetric one.
        assert!(!normalises(&square, &[named("mirror_rows")], 100));
        let rectangle = box_group(&[3, 5]);
        assert!(normalises(&rectangle, &[named("mirror_rows")], 100));
    }

    #[test]
    fn one_line_notation_round_trips() {
        for g in box_group(&[3, 3, 3]) {
            let text = g.to_string();
            let entries: Vec<i64> = text
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .map(|e| e.parse().unwrap())
                .collect();
            assert_eq!(SignedPerm::from_one_line(&entries), Some(g));
        }
        assert_eq!(SignedPerm::from_one_line(&[1, 1]), None);
        assert_eq!(SignedPerm::from_one_line(&[0, 2]), None);
        assert_eq!(SignedPerm::from_one_line(&[3, 1]), None);
    }
}
