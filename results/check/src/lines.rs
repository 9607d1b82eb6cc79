//! No three in line: 2n points on the n x n board, no three on one line of
//! any slope. At most two a row and 2n points in n rows means exactly two
//! in every row, so the rows are filled top to bottom, a pair each. Each
//! point placed is joined to every point before it: the line through the
//! two is walked (steps of the pair's difference divided by its gcd) and
//! its cells in the rows below are forbidden. Every board is counted, and
//! its class under the square's 8 symmetries by [`square::class_of`].

use crate::square;

/// What the search found.
pub struct Count {
    pub solutions: u64,
    pub classes: u64,
    /// The class sizes of the canonical boards, summed (must equal
    /// `solutions`).
    pub class_sizes: u64,
    pub nodes: u64,
}

struct Search<'a> {
    n: usize,
    points: Vec<(i64, i64)>,
    columns: Vec<u32>,
    count: Count,
    found: &'a mut dyn FnMut(&[usize]),
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Search<'_> {
    /// Forbids, in `forbidden` (a bit mask a row), the cells below row
    /// `row` on the lines through the new point `p` and each earlier one.
    fn forbid(&self, p: (i64, i64), forbidden: &mut [u64]) {
        let n = self.n as i64;
        for &q in &self.points {
            let (dr, dc) = (p.0 - q.0, p.1 - q.1);
            let g = gcd(dr, dc);
            let (mut sr, mut sc) = (dr / g, dc / g);
            if sr < 0 || (sr == 0 && sc < 0) {
                sr = -sr;
                sc = -sc;
            }
            if sr == 0 {
                continue; // the row itself: its pair is complete
            }
            let (mut r, mut c) = (p.0 + sr, p.1 + sc);
            while r < n && (0..n).contains(&c) {
                forbidden[r as usize] |= 1 << c;
                r += sr;
                c += sc;
            }
        }
    }

    /// Whether every row below `r` still has two open cells in columns
    /// short of two points.
    fn rows_below_have_room(&self, r: usize, forbidden: &[u64]) -> bool {
        let short: u64 = (0..self.n)
            .filter(|&c| self.columns[c] < 2)
            .fold(0, |m, c| m | 1 << c);
        forbidden[r + 1..]
            .iter()
            .all(|&f| (!f & short).count_ones() >= 2)
    }

    fn row(&mut self, r: usize, forbidden: &[u64]) {
        self.count.nodes += 1;
        let n = self.n;
        if r == n {
            let cells: Vec<usize> = self
                .points
                .iter()
                .map(|&(r, c)| r as usize * n + c as usize)
                .collect();
            self.count.solutions += 1;
            let (least, size) = square::class_of(n, &cells);
            if least {
                self.count.classes += 1;
                self.count.class_sizes += size;
                (self.found)(&cells);
            }
            return;
        }
        // A column short of two points needs the rows left to reach two.
        let rows_left = (n - r) as u32;
        if self.columns.iter().any(|&k| 2 - k > rows_left) {
            return;
        }
        let open = !forbidden[r] & ((1u64 << n) - 1);
        for a in 0..n {
            if open >> a & 1 == 0 || self.columns[a] == 2 {
                continue;
            }
            for b in a + 1..n {
                if open >> b & 1 == 0 || self.columns[b] == 2 {
                    continue;
                }
                let mut next = forbidden.to_vec();
                let pa = (r as i64, a as i64);
                let pb = (r as i64, b as i64);
                self.forbid(pa, &mut next);
                self.points.push(pa);
                self.forbid(pb, &mut next);
                self.points.push(pb);
                self.columns[a] += 1;
                self.columns[b] += 1;
                if self.rows_below_have_room(r, &next) {
                    self.row(r + 1, &next);
                }
                self.columns[a] -= 1;
                self.columns[b] -= 1;
                self.points.truncate(self.points.len() - 2);
            }
        }
    }
}

/// Every board of no three in line on n x n (n <= 64), `found` called
/// with each class's canonical board (cells r * n + c, sorted).
pub fn count(n: usize, found: &mut dyn FnMut(&[usize])) -> Count {
    assert!((1..=63).contains(&n), "n from 1 to 63");
    let mut search = Search {
        n,
        points: Vec::with_capacity(2 * n),
        columns: vec![0; n],
        count: Count {
            solutions: 0,
            classes: 0,
            class_sizes: 0,
            nodes: 0,
        },
        found,
    };
    search.row(0, &vec![0; n]);
    search.count
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn a000755_and_a000769_for_n_2_to_8() {
        let want = [
            (2, 1, 1),
            (3, 2, 1),
            (4, 11, 4),
            (5, 32, 5),
            (6, 50, 11),
            (7, 132, 22),
            (8, 380, 57),
        ];
        for (n, all, classes) in want {
            let c = count(n, &mut |_| {});
            assert_eq!(
                (c.solutions, c.classes, c.class_sizes),
                (all, classes, all),
                "n = {n}"
            );
        }
    }
}
