//! The knapsack over the last direction's lines at a leaf of the search,
//! every line's open cells counted: which colourings of those lines let
//! both armies reach a size. [`super::search`] bounds its nodes with a
//! one-row form of the same knapsack ([`super::search::Walker`]); this
//! table is the whole of it, to walk back to the colourings themselves —
//! the first one for a board ([`super::search::armies`]), every one for a
//! listing ([`super::list`]).

/// The knapsack's table for armies of `size` each.
pub(super) struct Table {
    /// Each line's cells open to the first army and to the second.
    counts: [Vec<usize>; 2],
    /// `most[i][x]`: the most cells of the second army from the lines
    /// `i..` with at least `x` of the first (-1: `x` cannot be reached).
    most: Vec<Vec<i64>>,
    size: usize,
}

impl Table {
    /// The table for the open cells `counts` (of each army, per line).
    pub(super) fn new(counts: [Vec<usize>; 2], size: u32) -> Table {
        let m = size as usize;
        let items = counts[0].len();
        let mut most = vec![vec![-1i64; m + 1]; items + 1];
        most[items][0] = 0;
        for i in (0..items).rev() {
            for x in 0..=m {
                let below = most[i + 1][x];
                let as_second = if below >= 0 {
                    below + counts[1][i] as i64
                } else {
                    -1
                };
                let as_first = most[i + 1][x.saturating_sub(counts[0][i])];
                most[i][x] = as_second.max(as_first);
            }
        }
        Table {
            counts,
            most,
            size: m,
        }
    }

    /// Hands every colouring on which both armies reach the size to
    /// `found` (`true`: the line is the first army's), the first army's
    /// lines first, until `found` says to stop (then `true`). A line with
    /// no open cell of one army goes to the other only: the boards of the
    /// other colouring are among its boards.
    pub(super) fn colourings(&self, found: &mut dyn FnMut(&[bool]) -> bool) -> bool {
        let mut first_army = vec![false; self.counts[0].len()];
        if self.most[0][self.size] < self.size as i64 {
            return false;
        }
        self.walk(0, self.size, self.size as i64, &mut first_army, found)
    }

    fn walk(
        &self,
        i: usize,
        need_first: usize,
        need_second: i64,
        first_army: &mut Vec<bool>,
        found: &mut dyn FnMut(&[bool]) -> bool,
    ) -> bool {
        if i == first_army.len() {
            return found(first_army);
        }
        // `most` is -1 where the first army's count cannot be reached, so
        // a need already met is 0, not less.
        let (w, b) = (self.counts[0][i], self.counts[1][i]);
        let rest = need_first.saturating_sub(w);
        if w > 0 && self.most[i + 1][rest] >= need_second.max(0) {
            first_army[i] = true;
            let stop = self.walk(i + 1, rest, need_second, first_army, found);
            first_army[i] = false;
            if stop {
                return true;
            }
        }
        let rest = need_second - b as i64;
        (b > 0 || w == 0)
            && self.most[i + 1][need_first] >= rest.max(0)
            && self.walk(i + 1, need_first, rest, first_army, found)
    }

    /// The first colouring [`Table::colourings`] gives, if any.
    pub(super) fn first(&self) -> Option<Vec<bool>> {
        let mut first = None;
        self.colourings(&mut |colouring| {
            first = Some(colouring.to_vec());
            true
        });
        first
    }
}

#[cfg(test)]
mod tests {
    use super::Table;
    use crate::random::Random;

    /// Every colouring that reaches the size, by brute force, in the
    /// order the table gives them (the first army's lines first), with
    /// the table's rule: a line goes to an army only with a cell open to
    /// it, or to the second army when it has none open to either.
    fn brute(counts: &[Vec<usize>; 2], size: usize) -> Vec<Vec<bool>> {
        let items = counts[0].len();
        let mut out = Vec::new();
        for mask in (0..1u32 << items).rev() {
            let first: Vec<bool> = (0..items)
                .map(|i| mask >> (items - 1 - i) & 1 == 1)
                .collect();
            let allowed = (0..items).all(|i| match first[i] {
                true => counts[0][i] > 0,
                false => counts[1][i] > 0 || counts[0][i] == 0,
            });
            let reach = |army: usize, wanted: bool| -> usize {
                (0..items)
                    .filter(|&i| first[i] == wanted)
                    .map(|i| counts[army][i])
                    .sum()
            };
            if allowed && reach(0, true) >= size && reach(1, false) >= size {
                out.push(first);
            }
        }
        out
    }

    #[test]
    fn the_table_gives_every_colouring_that_reaches_the_size_in_order() {
        let mut random = Random::new(7);
        for case in 0..400 {
            let items = 1 + case % 7;
            let counts =
                [0, 1].map(|_| (0..items).map(|_| random.below(4)).collect::<Vec<usize>>());
            let size = random.below(7) as u32;
            let table = Table::new(counts.clone(), size);
            let mut given = Vec::new();
            let stopped = table.colourings(&mut |c| {
                given.push(c.to_vec());
                false
            });
            assert!(!stopped);
            let want = brute(&counts, size as usize);
            assert_eq!(given, want, "counts {counts:?}, size {size}");
            assert_eq!(
                table.first(),
                want.first().cloned(),
                "counts {counts:?}, size {size}"
            );
        }
    }
}
