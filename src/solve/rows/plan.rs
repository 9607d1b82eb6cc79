//! The row search's fixed data ([`Plan`]), shared by its threads: the
//! lines filled first (the middle rows, then the middle columns when the
//! transposition prunes), the order the other rows break ties in, the
//! limits as masks by row and by cell, the pairs of cells that fill limits
//! of two, and the symmetries that prune.

use super::pairs::PairTable;
use super::problem::Problem;

/// The fewest middle rows filled first: the tasks are cut among their
/// fillings and the middle columns'.
const MIDDLE_ROWS: usize = 2;

/// A row or a column of the board, as the search fills it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Line {
    Row(usize),
    Column(usize),
}

/// The search's fixed data, shared by the threads.
pub(super) struct Plan<'a> {
    pub(super) problem: &'a Problem,
    /// The rows from the middle outward: the first rows of
    /// [`Plan::prefix`] in this order, and the order ties break in after
    /// it.
    pub(super) order: Vec<usize>,
    /// The lines filled first, in this order (the tasks' lines, and the
    /// lines the symmetries compare), before the search takes the open row
    /// with the fewest free cells: the first rows of [`Plan::order`], then,
    /// when [`Plan::transposes`], the first [`Plan::key_lines`] columns of
    /// the same indices.
    pub(super) prefix: Vec<Line>,
    /// Each limit's cells, as a mask by row.
    pub(super) masks: Vec<Vec<(usize, u64)>>,
    /// The limits through each cell that are counted piece by piece (all
    /// but those of [`Plan::pairs`]).
    pub(super) limits_of: Vec<Vec<u32>>,
    /// The limits of two pieces, by the pair of cells that fills them.
    pub(super) pairs: Option<PairTable>,
    /// Whether every limit is one of [`Plan::pairs`] (none counted piece by
    /// piece): a row's pieces then close only what the pair table says.
    pub(super) pairs_only: bool,
    /// Whether the first row is taken no greater than its mirror image.
    pub(super) mirror: bool,
    /// The positions in `order` of the two rows the mirror of the rows
    /// swaps that are filled first, when it is a symmetry: the second is
    /// taken no less than the first.
    pub(super) swapped: Option<(usize, usize)>,
    /// Whether the transposition is a symmetry the search prunes by: the
    /// middle rows, read as [`Plan::key`], are taken no greater than the
    /// middle columns read the same way.
    pub(super) transposes: bool,
    /// How many middle rows and columns [`Plan::key`] reads: the middle
    /// one of an odd board (the mirrors keep it), the middle two of an even
    /// one (the mirror of the rows swaps them).
    pub(super) key_lines: usize,
}

impl<'a> Plan<'a> {
    /// The plan of `problem`, with a [`PairTable`] of at most
    /// `table_bytes`.
    pub(super) fn new(problem: &'a Problem, table_bytes: usize) -> Plan<'a> {
        let width = problem.width;
        let masks: Vec<Vec<(usize, u64)>> = problem
            .limits
            .iter()
            .map(|limit| {
                let mut by_row: Vec<(usize, u64)> = Vec::new();
                for &cell in &limit.cells {
                    let (row, bit) = (cell / width, 1u64 << (cell % width));
                    match by_row.iter_mut().find(|(r, _)| *r == row) {
                        Some((_, mask)) => *mask |= bit,
                        None => by_row.push((row, bit)),
                    }
                }
                by_row
            })
            .collect();
        let pairs = PairTable::of(problem, &masks, table_bytes);
        let mut limits_of = vec![Vec::new(); problem.var_at.len()];
        for (i, limit) in problem.limits.iter().enumerate() {
            if pairs.is_none() || limit.cap != 2 {
                for &cell in &limit.cells {
                    limits_of[cell].push(i as u32);
                }
            }
        }
        let order = middle_out(problem.rows);
        let swapped = problem
            .mirrors_rows()
            .then(|| swapped_rows(&order, problem.rows))
            .flatten();
        let fixed = swapped
            .map_or(0, |(_, second)| second + 1)
            .max(MIDDLE_ROWS)
            .min(order.len());
        let transposes = problem.transposes();
        let key_lines = match swapped {
            Some((0, 1)) => 2,
            _ => 1,
        };
        let rows = order[..fixed].iter().map(|&r| Line::Row(r));
        let columns = order[..key_lines].iter().map(|&c| Line::Column(c));
        let prefix = match transposes {
            true => rows.chain(columns).collect(),
            false => rows.collect(),
        };
        let pairs_only = pairs.is_some() && limits_of.iter().all(Vec::is_empty);
        Plan {
            problem,
            pairs_only,
            order,
            prefix,
            masks,
            limits_of,
            pairs,
            mirror: problem.mirrors_columns(),
            swapped,
            transposes,
            key_lines,
        }
    }

    /// The middle lines' patterns (`pattern(k)` the pieces of the `k`th
    /// row or column of [`Plan::order`], [`Plan::key_lines`] of them) read
    /// so that the mirrors do not change it: each pattern the lesser of
    /// itself and its mirror image, and the middle two (which the mirror
    /// across them swaps) in increasing order. The transposition swaps the
    /// rows' key and the columns', so a board or its transpose has the
    /// rows' no greater.
    pub(super) fn key(&self, pattern: impl Fn(usize) -> u64) -> [u64; 2] {
        let mut key = [0; 2];
        for (k, read) in key.iter_mut().enumerate().take(self.key_lines) {
            *read = self.compared(pattern(k));
        }
        key.sort_unstable();
        key
    }

    /// A row's pieces as the row search compares rows: the lesser of
    /// `pattern` and its column mirror when that is a symmetry.
    pub(super) fn compared(&self, pattern: u64) -> u64 {
        match self.mirror {
            true => pattern.min(self.mirrored(pattern)),
            false => pattern,
        }
    }

    /// Each row's live cells, as bits.
    pub(super) fn free(&self) -> Vec<u64> {
        let p = self.problem;
        (0..p.rows)
            .map(|r| {
                (0..p.width)
                    .filter(|&c| p.var_at[r * p.width + c].is_some())
                    .fold(0, |mask, c| mask | 1 << c)
            })
            .collect()
    }

    /// `pattern`'s mirror image in a row.
    pub(super) fn mirrored(&self, pattern: u64) -> u64 {
        pattern.reverse_bits() >> (64 - self.problem.width)
    }
}

/// The rows `0..rows`, from the middle outward: 3, 4, 2, 5, 1, 6, 0, 7
/// for eight (the middle rows meet the most lines).
fn middle_out(rows: usize) -> Vec<usize> {
    let middle = rows.saturating_sub(1) / 2;
    let mut order = Vec::with_capacity(rows);
    for step in 0..=rows {
        for row in [middle.checked_sub(step), Some(middle + 1 + step)] {
            match row {
                Some(r) if r < rows && !order.contains(&r) => order.push(r),
                _ => {}
            }
        }
    }
    order
}

/// The positions in `order` of the first two rows (of `rows`) that the
/// mirror of the rows swaps.
fn swapped_rows(order: &[usize], rows: usize) -> Option<(usize, usize)> {
    let at = |row: usize| order.iter().position(|&r| r == row);
    (0..order.len())
        .filter(|&i| order[i] != rows - 1 - order[i])
        .map(|i| {
            (
                i,
                at(rows - 1 - order[i]).expect("every row is in the order"),
            )
        })
        .find(|&(i, j)| i < j)
}

#[cfg(test)]
mod tests {
    use super::middle_out;

    #[test]
    fn the_rows_the_mirror_swaps_first_are_the_middle_two_or_beside_the_middle() {
        assert_eq!(super::swapped_rows(&middle_out(8), 8), Some((0, 1)));
        assert_eq!(super::swapped_rows(&middle_out(5), 5), Some((1, 2)));
        assert_eq!(super::swapped_rows(&middle_out(1), 1), None);
    }

    #[test]
    fn rows_are_filled_from_the_middle_outward() {
        assert_eq!(middle_out(8), [3, 4, 2, 5, 1, 6, 0, 7]);
        assert_eq!(middle_out(5), [2, 3, 1, 4, 0]);
        assert_eq!(middle_out(1), [0]);
    }
}
