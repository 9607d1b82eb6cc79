//! Which two moves of a piece can reach the same cell, decided from the
//! moves alone: off a torus, two rider directions meet only when they point
//! the same way (`(1,0)` and `(2,0)` both reach `(2,0)`), and a leap meets a
//! ray only when it is a multiple of the ray's direction. From a given cell
//! the two meet when both moves get far enough, which takes a few steps of
//! each, however long the lines are.
//!
//! `rule attacks` counts the cells a piece attacks; where two moves reach
//! the same cell it must count that cell once, which takes the whole rays
//! ([`super::rules`]). Knowing from the moves where that can happen keeps
//! every other cell from walking its rays: the queen, the rook, every
//! built-in piece never meets itself off a torus.

use super::Builder;

/// One move of the piece: a signed rider direction or a signed leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    /// `signed_riders[d]`, taken `steps` times along its ray.
    Ray { d: usize, steps: u64 },
    /// The leap `leaps[l]`.
    Leap { l: usize },
}

/// Two moves that reach the same cell from any cell both get that far
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Meeting(Move, Move);

/// `v` as a multiple of its primitive direction: `(g, v / g)`; `None` for
/// the zero vector.
fn primitive(v: &[i64]) -> Option<(u64, Vec<i64>)> {
    let g = v.iter().fold(0u64, |g, &x| gcd(g, x.unsigned_abs()));
    (g != 0).then(|| (g, v.iter().map(|&x| x / g as i64).collect()))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The first cell two moves along the same primitive direction, `p` and
/// `q` times it, both reach: `lcm(p, q)` along it, which is
/// `lcm / p` steps of the first and `lcm / q` of the second.
fn steps_to_meet(p: u64, q: u64) -> (u64, u64) {
    let lcm = p / gcd(p, q) * q;
    (lcm / p, lcm / q)
}

/// Every pair of moves that can meet off a torus: rays of the same way,
/// a leap along a ray, two equal leaps.
pub(super) fn meetings(riders: &[Vec<i64>], leaps: &[Vec<i64>]) -> Vec<Meeting> {
    let rays: Vec<(usize, (u64, Vec<i64>))> = riders
        .iter()
        .enumerate()
        .filter_map(|(d, v)| Some((d, primitive(v)?)))
        .collect();
    let mut out = Vec::new();
    for (i, (d1, (p, w1))) in rays.iter().enumerate() {
        for (d2, (q, w2)) in &rays[i + 1..] {
            if w1 == w2 {
                let (s1, s2) = steps_to_meet(*p, *q);
                out.push(Meeting(
                    Move::Ray { d: *d1, steps: s1 },
                    Move::Ray { d: *d2, steps: s2 },
                ));
            }
        }
        for (l, leap) in leaps.iter().enumerate() {
            match primitive(leap) {
                Some((g, w)) if &w == w1 && g % p == 0 => out.push(Meeting(
                    Move::Ray {
                        d: *d1,
                        steps: g / p,
                    },
                    Move::Leap { l },
                )),
                _ => {}
            }
        }
    }
    for (l1, a) in leaps.iter().enumerate() {
        for (l2, b) in leaps.iter().enumerate().skip(l1 + 1) {
            if a == b && a.iter().any(|&x| x != 0) {
                out.push(Meeting(Move::Leap { l: l1 }, Move::Leap { l: l2 }));
            }
        }
    }
    out
}

impl Builder<'_> {
    /// Whether two moves of the piece may reach the same cell from `cell`:
    /// on a torus, always (lines wrap); off it, when one of the
    /// `meetings` gets far enough. Never false where two moves do meet.
    pub(super) fn moves_may_meet(
        &self,
        cell: usize,
        meetings: &[Meeting],
        leaps: &[Vec<i64>],
    ) -> bool {
        self.board.is_torus()
            || meetings
                .iter()
                .any(|Meeting(a, b)| self.reaches(cell, *a, leaps) && self.reaches(cell, *b, leaps))
    }

    /// Whether move `m` from `cell` gets to its cell: a ray its number of
    /// steps before the edge or a fixed wall, a leap onto the board and off
    /// the walls.
    fn reaches(&self, cell: usize, m: Move, leaps: &[Vec<i64>]) -> bool {
        match m {
            Move::Ray { d, steps } => {
                let v = &self.signed_riders[d];
                let mut at = cell;
                (0..steps).all(|_| match self.step(at, v) {
                    Some(next) if next != cell && !self.board.is_wall(next) => {
                        at = next;
                        true
                    }
                    _ => false,
                })
            }
            Move::Leap { l } => self
                .step(cell, &leaps[l])
                .is_some_and(|t| t != cell && !self.board.is_wall(t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_of_the_same_way_meet_at_the_least_common_multiple() {
        let riders = vec![vec![2, 0], vec![-1, 0], vec![3, 0], vec![1, 1]];
        let m = meetings(&riders, &[vec![4, 0], vec![2, 2], vec![1, 2]]);
        let ray = |d, steps| Move::Ray { d, steps };
        assert_eq!(
            m,
            vec![
                // (2,0) three times and (3,0) twice reach (6,0).
                Meeting(ray(0, 3), ray(2, 2)),
                // (2,0) twice is the leap (4,0); (3,0) never is.
                Meeting(ray(0, 2), Move::Leap { l: 0 }),
                Meeting(ray(3, 2), Move::Leap { l: 1 }),
            ]
        );
    }

    #[test]
    fn the_queens_moves_never_meet() {
        let queen = crate::board::moves(&crate::board::builtin("queen", 2).unwrap());
        let riders = super::super::signed(&queen.riders);
        assert!(meetings(&riders, &[]).is_empty());
        let amazon = crate::board::moves(&crate::board::builtin("amazon", 3).unwrap());
        let riders = super::super::signed(&amazon.riders);
        let leaps = super::super::signed(&amazon.leapers);
        assert!(meetings(&riders, &leaps).is_empty());
    }

    /// Wherever two moves do reach one cell, the meetings say they may.
    #[test]
    fn the_meetings_never_miss_two_moves_that_meet() {
        let pieces = [
            "piece p { rider (1,0) rider (2,0) }",
            "piece p { rider (1,0) rider (3,0) leaper (2,0) }",
            "piece p { rider (1,1) leaper (2,2) }",
            "piece p { rider (1,2) leaper (2,4) leaper (3,3) }",
            "piece p { rider (2,1) rider (4,2) rider (1,1) }",
            "piece queen",
            "piece amazon",
        ];
        let boards = ["board 7 x 7", "board 6 x 9\nwall (2,2) (3,5) (0,4)"];
        let mut met = 0;
        for piece in pieces {
            for board in boards {
                let text = format!("{board}\n{piece}\nrule attacks == 1\n");
                let spec = crate::language::load("m.qspec", &text, &[]).unwrap();
                let board = crate::Board::new(&spec.dims, spec.torus, &spec.walls);
                let builder = Builder::new(&spec, &board);
                let leaps = super::super::signed(&builder.moves.leapers);
                let meetings = meetings(&builder.signed_riders, &leaps);
                for cell in (0..board.n_cells()).filter(|&c| !board.is_wall(c)) {
                    let overlap = super::super::rules::channels_overlap(&builder.channels(cell));
                    let may = builder.moves_may_meet(cell, &meetings, &leaps);
                    assert!(may || !overlap, "{text}: cell {cell}");
                    met += usize::from(overlap);
                }
            }
        }
        assert!(met > 100, "{met}");
    }
}
