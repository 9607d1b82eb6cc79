//! The limits of two pieces (`cap == 2`: a line of no three in line), as
//! the cells each pair of cells closes. When a piece is placed, every such
//! limit through it that holds one piece already becomes full, and the
//! pieces it holds are this piece and one placed before: so the limits
//! that fill are found by walking the pieces placed (some 2n) and not
//! every limit through the cell (hundreds on a board of 14 x 14, most
//! holding no piece yet). The table is built only when it fits in the
//! memory given it ([`MAX_BYTES`] in a search); the search counts those
//! limits one by one otherwise.

use super::problem::Problem;

/// The most memory the table may take in a search (its estimate, before
/// it is built).
pub(crate) const MAX_BYTES: usize = 64 << 20;

/// For each pair of cells, the cells of the limits of two pieces through
/// both, as masks by row.
#[derive(Debug)]
pub(crate) struct PairTable {
    /// Where each pair's masks begin in `rows` and `masks` (and the next
    /// pair's, where they end), by [`pair_index`].
    start: Vec<u32>,
    rows: Vec<u8>,
    masks: Vec<u64>,
}

impl PairTable {
    /// The table of `problem`'s limits of cap 2, whose cells by row are
    /// `masks` (indexed as the limits), or `None` when it would take more
    /// than `max_bytes`.
    pub(crate) fn of(
        problem: &Problem,
        masks: &[Vec<(usize, u64)>],
        max_bytes: usize,
    ) -> Option<PairTable> {
        let cells = problem.var_at.len();
        let pairs = cells * cells.saturating_sub(1) / 2;
        let pair_limits = || {
            problem
                .limits
                .iter()
                .zip(masks)
                .filter(|(limit, _)| limit.cap == 2)
        };
        let entries: usize = pair_limits()
            .map(|(limit, by_row)| {
                let k = limit.cells.len();
                k * (k - 1) / 2 * by_row.len()
            })
            .sum();
        let bytes = 4 * (pairs + 1) + 9 * entries;
        if bytes > max_bytes || entries > u32::MAX as usize {
            return None;
        }
        let mut start = vec![0u32; pairs + 1];
        for (limit, by_row) in pair_limits() {
            for_each_pair(&limit.cells, |index| {
                start[index + 1] += by_row.len() as u32
            });
        }
        for index in 0..pairs {
            start[index + 1] += start[index];
        }
        let mut next = start.clone();
        let mut rows = vec![0u8; entries];
        let mut all_masks = vec![0u64; entries];
        for (limit, by_row) in pair_limits() {
            for_each_pair(&limit.cells, |index| {
                for &(row, mask) in by_row {
                    let at = next[index] as usize;
                    rows[at] = row as u8;
                    all_masks[at] = mask;
                    next[index] += 1;
                }
            });
        }
        Some(PairTable {
            start,
            rows,
            masks: all_masks,
        })
    }

    /// Takes the cells of every limit of two pieces through cells `a` and
    /// `b` (distinct) out of `free` (each row's free cells).
    #[inline]
    pub(crate) fn close(&self, a: usize, b: usize, free: &mut [u64]) {
        let index = pair_index(a, b);
        let (from, to) = (self.start[index] as usize, self.start[index + 1] as usize);
        for (&row, &mask) in self.rows[from..to].iter().zip(&self.masks[from..to]) {
            free[row as usize] &= !mask;
        }
    }
}

/// The index of the unordered pair of distinct cells `a` and `b`.
#[inline]
fn pair_index(a: usize, b: usize) -> usize {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    high * (high - 1) / 2 + low
}

/// Calls `each` with the index of every pair of `cells` (distinct).
fn for_each_pair(cells: &[usize], mut each: impl FnMut(usize)) {
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[..i] {
            each(pair_index(a, b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pair_index;

    #[test]
    fn every_pair_of_cells_has_its_own_index_in_a_row() {
        let cells = 9;
        let mut seen = Vec::new();
        for a in 0..cells {
            for b in 0..a {
                assert_eq!(pair_index(a, b), pair_index(b, a));
                seen.push(pair_index(a, b));
            }
        }
        assert_eq!(seen, (0..cells * (cells - 1) / 2).collect::<Vec<_>>());
    }
}
