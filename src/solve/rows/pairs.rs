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
/// both, as masks by row over the rows they span (the first to the last
/// row holding one of the cells), one after the other: closing a pair is
/// a run of contiguous masks, with no row numbers to look up.
#[derive(Debug)]
pub(crate) struct PairTable {
    /// Where each pair's masks begin in `masks` (and the next pair's,
    /// where they end), by [`pair_index`].
    start: Vec<u32>,
    /// The first row each pair's masks are of.
    first_row: Vec<u8>,
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
        let mut span: Vec<Option<(usize, usize)>> = vec![None; pairs];
        let pair_limits = || {
            problem
                .limits
                .iter()
                .zip(masks)
                .filter(|(limit, _)| limit.cap == 2)
        };
        for (limit, by_row) in pair_limits() {
            let low = by_row.iter().map(|&(row, _)| row).min().unwrap_or(0);
            let high = by_row.iter().map(|&(row, _)| row).max().unwrap_or(0);
            for_each_pair(&limit.cells, |index| {
                span[index] =
                    Some(span[index].map_or((low, high), |(l, h)| (l.min(low), h.max(high))));
            });
        }
        let rows_of = |s: &Option<(usize, usize)>| s.map_or(0, |(low, high)| high - low + 1);
        let entries: usize = span.iter().map(rows_of).sum();
        let bytes = 5 * (pairs + 1) + 8 * entries;
        if bytes > max_bytes || entries > u32::MAX as usize {
            return None;
        }
        let mut start = vec![0u32; pairs + 1];
        for (index, s) in span.iter().enumerate() {
            start[index + 1] = start[index] + rows_of(s) as u32;
        }
        let first_row: Vec<u8> = span
            .iter()
            .map(|s| s.map_or(0, |(low, _)| low as u8))
            .collect();
        let mut all_masks = vec![0u64; entries];
        for (limit, by_row) in pair_limits() {
            for_each_pair(&limit.cells, |index| {
                let at = start[index] as usize;
                for &(row, mask) in by_row {
                    all_masks[at + row - first_row[index] as usize] |= mask;
                }
            });
        }
        Some(PairTable {
            start,
            first_row,
            masks: all_masks,
        })
    }

    /// Takes the cells of every limit of two pieces through cells `a` and
    /// `b` (distinct) out of `free` (each row's free cells).
    #[inline]
    pub(crate) fn close(&self, a: usize, b: usize, free: &mut [u64]) {
        self.for_masks(a, b, free, |cells, mask| *cells &= !mask);
    }

    /// Adds the cells of every limit of two pieces through cells `a` and
    /// `b` (distinct) to `closed` (cells by row).
    #[inline]
    pub(crate) fn add_closed(&self, a: usize, b: usize, closed: &mut [u64]) {
        self.for_masks(a, b, closed, |cells, mask| *cells |= mask);
    }

    /// Calls `each` with every row of `rows` the pair `a`, `b` has masks
    /// for, and its mask.
    #[inline]
    fn for_masks(&self, a: usize, b: usize, rows: &mut [u64], each: impl Fn(&mut u64, u64)) {
        let index = pair_index(a, b);
        let (from, to) = (self.start[index] as usize, self.start[index + 1] as usize);
        let first = self.first_row[index] as usize;
        for (cells, &mask) in rows[first..first + (to - from)]
            .iter_mut()
            .zip(&self.masks[from..to])
        {
            each(cells, mask);
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
