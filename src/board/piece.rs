//! Pieces' moves: the built-in pieces in any dimension, and the expansion of
//! declared vectors to every signed permutation of their coordinates (the
//! fairy-chess convention: `rider (1,0)` is the rook in every direction).
//!
//! ```
//! use qspec::board::{builtin, moves};
//! let knight = builtin("knight", 2).unwrap();
//! // One of each pair of opposite moves.
//! assert_eq!(moves(&knight).leapers.len(), 4);
//! let queen3 = builtin("queen", 3).unwrap();
//! assert_eq!(moves(&queen3).riders.len(), 13);
//! ```

use std::collections::BTreeSet;

/// How a piece moves, as declared: rider and leaper vectors, each standing
/// for every signed permutation of its coordinates (see [`moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name (`queen`, or a custom piece's).
    pub name: String,
    /// Vectors the piece slides along, any number of steps.
    pub riders: Vec<Vec<i64>>,
    /// Vectors the piece jumps by, one step.
    pub leapers: Vec<Vec<i64>>,
}

/// The names of the built-in pieces.
pub const BUILTIN_PIECES: [&str; 7] = [
    "queen",
    "rook",
    "bishop",
    "king",
    "knight",
    "amazon",
    "nightrider",
];

/// The letter a board shows the piece `name` by: `Q` for queens, `N` for
/// knights..., `P` for a piece the model defines.
pub fn letter(name: &str) -> char {
    match name {
        "queen" => 'Q',
        "rook" => 'R',
        "bishop" => 'B',
        "king" => 'K',
        "knight" => 'N',
        "amazon" => 'A',
        "nightrider" => 'S',
        _ => 'P',
    }
}

/// `(ones, twos)` padded with zeros to `d` coordinates, or `None` when it
/// does not fit in `d` dimensions.
fn generator(ones: usize, twos: usize, d: usize) -> Option<Vec<i64>> {
    if ones + twos > d {
        return None;
    }
    let mut v = vec![0; d];
    v[..ones].fill(1);
    v[ones..ones + twos].fill(2);
    Some(v)
}

/// The queen's generators: one vector with k ones for every k in 1..=d.
fn all_steps(d: usize) -> Vec<Vec<i64>> {
    (1..=d).filter_map(|k| generator(k, 0, d)).collect()
}

/// The built-in piece `name` in `d` dimensions, or `None` for an unknown name.
pub fn builtin(name: &str, d: usize) -> Option<Piece> {
    let (riders, leapers): (Vec<Vec<i64>>, Vec<Vec<i64>>) = match name {
        "queen" => (all_steps(d), vec![]),
        "rook" => (generator(1, 0, d).into_iter().collect(), vec![]),
        "bishop" => (generator(2, 0, d).into_iter().collect(), vec![]),
        "king" => (vec![], all_steps(d)),
        "knight" => (vec![], generator(1, 1, d).into_iter().collect()),
        "amazon" => (all_steps(d), generator(1, 1, d).into_iter().collect()),
        "nightrider" => (generator(1, 1, d).into_iter().collect(), vec![]),
        _ => return None,
    };
    Some(Piece {
        name: name.to_string(),
        riders,
        leapers,
    })
}

/// Every move direction of a piece, one of each `+-v` pair (the one whose
/// first non-zero coordinate is positive), sorted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// Rider directions.
    pub riders: Vec<Vec<i64>>,
    /// Leaper offsets.
    pub leapers: Vec<Vec<i64>>,
}

/// All signed permutations of `v`, reduced to one of each `+-` pair.
fn orbit(v: &[i64]) -> BTreeSet<Vec<i64>> {
    let mut out = BTreeSet::new();
    let mut perm: Vec<i64> = v.iter().map(|x| x.abs()).collect();
    perm.sort_unstable();
    loop {
        add_sign_variants(&perm, &mut out);
        if !next_permutation(&mut perm) {
            break;
        }
    }
    out
}

fn add_sign_variants(v: &[i64], out: &mut BTreeSet<Vec<i64>>) {
    let nonzero: Vec<usize> = (0..v.len()).filter(|&i| v[i] != 0).collect();
    for mask in 0u64..(1u64 << nonzero.len()) {
        let mut w = v.to_vec();
        for (bit, &i) in nonzero.iter().enumerate() {
            if mask >> bit & 1 == 1 {
                w[i] = -w[i];
            }
        }
        out.insert(canonical(w));
    }
}

/// The representative of `{v, -v}` whose first non-zero entry is positive.
pub fn canonical(v: Vec<i64>) -> Vec<i64> {
    match v.iter().find(|&&x| x != 0) {
        Some(&first) if first < 0 => v.into_iter().map(|x| -x).collect(),
        _ => v,
    }
}

/// Lexicographic next permutation; false after the last one.
fn next_permutation(v: &mut [i64]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap();
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

fn expand_all(vectors: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut all = BTreeSet::new();
    for v in vectors {
        all.extend(orbit(v));
    }
    all.into_iter().collect()
}

/// How many directions (one of each `+-v` pair) the signed permutations of
/// `v` make, computed without listing them: the distinct arrangements of
/// its absolute values times the sign choices of its non-zero entries,
/// halved. Saturates at `u64::MAX`.
fn orbit_size(v: &[i64]) -> u64 {
    let mut abs: Vec<u64> = v.iter().map(|x| x.unsigned_abs()).collect();
    abs.sort_unstable();
    let nonzero = abs.iter().filter(|&&x| x != 0).count() as u32;
    // Multinomial d! / prod(mult!) as a product of binomials.
    let mut arrangements: u128 = 1;
    let mut placed: u128 = 0;
    for run in abs.chunk_by(|a, b| a == b) {
        for i in 1..=run.len() as u128 {
            placed += 1;
            arrangements = arrangements.saturating_mul(placed) / i;
        }
    }
    let signs = 1u128.checked_shl(nonzero).unwrap_or(u128::MAX);
    u64::try_from(arrangements.saturating_mul(signs) / 2).unwrap_or(u64::MAX)
}

/// The number of line families (rider directions) and leaper directions of
/// `piece`, without listing them (an upper bound when two declared vectors
/// share directions).
pub fn n_directions(piece: &Piece) -> (u64, u64) {
    let total = |vs: &[Vec<i64>]| {
        vs.iter()
            .map(|v| orbit_size(v))
            .fold(0u64, u64::saturating_add)
    };
    (total(&piece.riders), total(&piece.leapers))
}

/// The expanded move directions of `piece`.
pub fn moves(piece: &Piece) -> Moves {
    Moves {
        riders: expand_all(&piece.riders),
        leapers: expand_all(&piece.leapers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(name: &str, d: usize) -> (usize, usize) {
        let m = moves(&builtin(name, d).unwrap());
        (m.riders.len(), m.leapers.len())
    }

    #[test]
    fn queen_has_half_of_3_to_the_d_minus_1_line_families() {
        for d in 1..=6 {
            assert_eq!(count("queen", d).0, (3usize.pow(d as u32) - 1) / 2);
        }
    }

    #[test]
    fn directions_are_counted_without_listing_them() {
        for name in BUILTIN_PIECES {
            for d in 1..=6 {
                let piece = builtin(name, d).unwrap();
                let m = moves(&piece);
                let listed = (m.riders.len() as u64, m.leapers.len() as u64);
                assert_eq!(n_directions(&piece), listed, "{name} in {d} dimensions");
            }
        }
        let camel = Piece {
            name: "camel".into(),
            riders: vec![vec![1, 3, 0]],
            leapers: vec![vec![2, 2, 5]],
        };
        let m = moves(&camel);
        assert_eq!(
            n_directions(&camel),
            (m.riders.len() as u64, m.leapers.len() as u64)
        );
        let queen16 = builtin("queen", 16).unwrap();
        assert_eq!(n_directions(&queen16).0, (3u64.pow(16) - 1) / 2);
    }

    #[test]
    fn builtins_in_two_dimensions() {
        assert_eq!(count("rook", 2), (2, 0));
        assert_eq!(count("bishop", 2), (2, 0));
        assert_eq!(count("king", 2), (0, 4));
        assert_eq!(count("knight", 2), (0, 4));
        assert_eq!(count("amazon", 2), (4, 4));
        assert_eq!(count("nightrider", 2), (4, 0));
    }

    #[test]
    fn bishop_in_three_dimensions_moves_on_two_axes() {
        let m = moves(&builtin("bishop", 3).unwrap());
        assert_eq!(m.riders.len(), 6);
        assert!(m
            .riders
            .iter()
            .all(|v| v.iter().filter(|&&x| x != 0).count() == 2));
    }
}
