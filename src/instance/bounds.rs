//! A bound on an instance's objective from the board's geometry, for the
//! line `solve` prints before it searches: a dominating set needs at least
//! as many pieces as it takes the best-covering cells to cover the board.
//!
//! A piece covers its own cell and the cells it attacks. On a board without
//! other pieces a rider sees along each ray up to a wall or the edge;
//! pieces in between only block more, so that count is an upper estimate
//! of what one piece covers in any solution. If the `m - 1` best cells
//! together cover fewer cells than the board has, no `m - 1` pieces
//! dominate it.

use super::Instance;
use crate::board::piece::moves;
use crate::board::Board;
use crate::language::{Quantity, RuleSpec};
use crate::model::Sense;

/// The most cells times move steps the bound looks at: beyond, no bound
/// (it is a courtesy line, not worth seconds).
const MAX_WORK: usize = 50_000_000;

/// A lower bound on the number of pieces, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerBound {
    /// No solution has fewer pieces.
    pub pieces: usize,
    /// The cells every solution must cover.
    pub cells: usize,
    /// What `pieces - 1` pieces cover at most.
    pub fewer_cover: usize,
}

impl Instance {
    /// The geometry's lower bound on `minimize count` for a model with
    /// `rule dominate` and fixed walls; `None` for any other model, and for
    /// boards too big to measure quickly.
    ///
    /// ```
    /// let queens = qspec::load_source("d.qspec", "board 8 x 8\nrule dominate\nminimize count\n", &[], &Default::default())?;
    /// let bound = queens.domination_lower_bound().unwrap();
    /// assert_eq!((bound.pieces, bound.cells, bound.fewer_cover), (3, 64, 56));
    /// # Ok::<(), qspec::Error>(())
    /// ```
    pub fn domination_lower_bound(&self) -> Option<LowerBound> {
        let spec = &self.spec;
        let minimises_count = spec
            .objective
            .as_ref()
            .is_some_and(|o| o.sense == Sense::Minimize && o.target == Quantity::Count);
        if !minimises_count || spec.free_walls || !spec.rules.contains(&RuleSpec::Dominate) {
            return None;
        }
        let board = &self.board;
        let cells = (0..board.n_cells()).filter(|&c| !board.is_wall(c)).count();
        let mut coverage = self.coverages()?;
        coverage.sort_unstable_by(|a, b| b.cmp(a));
        let mut fewer_cover = 0;
        for (fewer, cover) in coverage.into_iter().enumerate() {
            if fewer_cover + cover >= cells {
                return Some(LowerBound {
                    pieces: fewer + 1,
                    cells,
                    fewer_cover,
                });
            }
            fewer_cover += cover;
        }
        None
    }

    /// For every cell that may hold a piece, how many cells a piece there
    /// covers on the board without other pieces; `None` when that is too
    /// much work.
    fn coverages(&self) -> Option<Vec<usize>> {
        let board = &self.board;
        let m = moves(self.spec.piece());
        let longest = board.dims().iter().max().copied().unwrap_or(0);
        let steps = 2 * (m.riders.len() * longest + m.leapers.len());
        if board.n_cells().saturating_mul(steps) > MAX_WORK {
            return None;
        }
        let forbidden: Vec<usize> = self.spec.forbidden.iter().map(|c| board.index(c)).collect();
        let negated = |v: &Vec<i64>| v.iter().map(|x| -x).collect::<Vec<i64>>();
        let riders: Vec<Vec<i64>> = m
            .riders
            .iter()
            .flat_map(|v| [v.clone(), negated(v)])
            .collect();
        let leapers: Vec<Vec<i64>> = m
            .leapers
            .iter()
            .flat_map(|v| [v.clone(), negated(v)])
            .collect();
        let mut seen = vec![usize::MAX; board.n_cells()];
        let placeable =
            (0..board.n_cells()).filter(|c| !board.is_wall(*c) && !forbidden.contains(c));
        Some(
            placeable
                .map(|c| covered_from(board, c, &riders, &leapers, &mut seen))
                .collect(),
        )
    }
}

/// The cells a piece at `from` covers: itself, every ray up to a wall, and
/// every leap onto a free cell, each cell once (`seen` marks them with
/// `from`).
fn covered_from(
    board: &Board,
    from: usize,
    riders: &[Vec<i64>],
    leapers: &[Vec<i64>],
    seen: &mut [usize],
) -> usize {
    let mut count = 0;
    let mut mark = |cell: usize| {
        if seen[cell] != from {
            seen[cell] = from;
            count += 1;
        }
    };
    mark(from);
    for v in riders {
        board.ray(from, v).into_iter().for_each(&mut mark);
    }
    for v in leapers {
        if let Some(to) = board.step(from, v).filter(|&to| !board.is_wall(to)) {
            mark(to);
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use crate::instance::load_source;

    fn bound(text: &str) -> Option<(usize, usize, usize)> {
        let instance = load_source("t.qspec", text, &[], &Default::default()).unwrap();
        instance
            .domination_lower_bound()
            .map(|b| (b.pieces, b.cells, b.fewer_cover))
    }

    #[test]
    fn queens_kings_and_knights_on_8x8() {
        // A central queen covers 28 cells: 3 needed (2 cover at most 56).
        assert_eq!(
            bound("board 8 x 8\nrule dominate\nminimize count\n"),
            Some((3, 64, 56))
        );
        // A king covers 9: 8 needed (7 cover 63).
        assert_eq!(
            bound("board 8 x 8\npiece king\nrule dominate\nminimize count\n"),
            Some((8, 64, 63))
        );
        // A knight covers 9: 8 needed.
        assert_eq!(
            bound("board 8 x 8\npiece knight\nrule dominate\nminimize count\n"),
            Some((8, 64, 63))
        );
    }

    #[test]
    fn walls_shrink_both_the_board_and_what_a_piece_covers() {
        // Rooks on 3x3 with a wall in the middle: 8 cells; a corner rook
        // covers 5, an edge's middle rook 3 (the wall stops its column): 2
        // needed.
        assert_eq!(
            bound("board 3 x 3\npiece rook\nwall (1,1)\nrule dominate\nminimize count\n"),
            Some((2, 8, 5))
        );
    }

    #[test]
    fn only_a_minimised_count_under_domination_with_fixed_walls() {
        assert_eq!(bound("board 8 x 8\nrule dominate\ncount <= 5\n"), None);
        assert_eq!(bound("board 8 x 8\nrule no_attack\nmaximize count\n"), None);
        assert_eq!(
            bound("board 4 x 4\nwalls free\nrule dominate\nminimize count\n"),
            None
        );
    }
}
