//! Peaceable armies on the torus: is there a board of m white and m black
//! queens on the n x n torus (every row, column, diagonal and
//! anti-diagonal wraps round the edges, n cells each) with no queen on a
//! line with one of the other colour? A board, or none.
//!
//! The method: a peaceful board colours each line it uses by the colour of
//! its queens, so a board exists exactly when the lines can be coloured so
//! that m cells have every line white and m cells every line black. The
//! rows, then the columns, then the diagonals (c - r fixed, mod n) are
//! coloured one by one; the anti-diagonals (r + c fixed, mod n) last, each
//! to one colour, by a table of the most cells black keeps for each number
//! of white cells (capped at m), which also bounds every node: no
//! colouring of the anti-diagonals reaching m for both, no board below.
//!
//! Symmetry, two steps, each only among boards already kept: the maps
//! r -> r + k and r -> k - r (columns kept) and the swap of colours map
//! boards to boards and the row colouring to its turn, mirror or
//! complement; every board has an image whose row colouring (white 1, row
//! 0 the highest bit) is the greatest of those 4n, so only such row
//! colourings are searched. The maps c -> c + k and c -> k - c keep every
//! row (so the row colouring) and turn or mirror the column colouring, so
//! among those, only column colourings greatest of their 2n are searched.

type Mask = [u64; 4];

fn set(m: &mut Mask, c: usize) {
    m[c / 64] |= 1u64 << (c % 64);
}

fn count(m: &Mask, line: &Mask) -> usize {
    (0..4).map(|w| (m[w] & line[w]).count_ones() as usize).sum()
}

/// What the search found.
pub struct Found {
    /// A board: white cells, black cells (r * n + c), or none.
    pub board: Option<(Vec<usize>, Vec<usize>)>,
    /// Line colourings visited.
    pub nodes: u64,
}

struct Search {
    n: usize,
    m: usize,
    /// Rows, then columns, then diagonals, each a mask of its cells.
    lines: Vec<Mask>,
    /// The anti-diagonals as masks.
    antis: Vec<Mask>,
    colours: Vec<bool>,
    nodes: u64,
}

/// A board of `m` queens a colour on the n x n torus (n <= 16), if any.
pub fn find(n: usize, m: usize) -> Found {
    assert!((1..=16).contains(&n) && m <= 256, "1 <= n <= 16");
    let line = |on: &dyn Fn(usize, usize) -> bool| -> Mask {
        let mut mask = [0u64; 4];
        for x in 0..n * n {
            if on(x / n, x % n) {
                set(&mut mask, x);
            }
        }
        mask
    };
    let mut lines = Vec::new();
    for k in 0..n {
        lines.push(line(&|r, _| r == k));
    }
    for k in 0..n {
        lines.push(line(&|_, c| c == k));
    }
    for k in 0..n {
        lines.push(line(&|r, c| (c + n - r) % n == k));
    }
    let antis = (0..n).map(|k| line(&|r, c| (r + c) % n == k)).collect();
    let mut all = [0u64; 4];
    for x in 0..n * n {
        set(&mut all, x);
    }
    let mut s = Search {
        n,
        m,
        lines,
        antis,
        colours: Vec::new(),
        nodes: 0,
    };
    let board = s.line(all, all);
    Found {
        board,
        nodes: s.nodes,
    }
}

impl Search {
    /// Colours the next line and those after it, `white` and `black` the
    /// cells still open to each colour.
    fn line(&mut self, white: Mask, black: Mask) -> Option<(Vec<usize>, Vec<usize>)> {
        self.nodes += 1;
        let i = self.colours.len();
        let n = self.n;
        if (i == n && !self.greatest(0, true)) || (i == 2 * n && !self.greatest(n, false)) {
            return None;
        }
        let table = self.table(&white, &black)?;
        if i == self.lines.len() {
            return Some(self.board(&white, &black, &table));
        }
        let l = self.lines[i];
        for first in [true, false] {
            let (mut w, mut b) = (white, black);
            for k in 0..4 {
                if first {
                    b[k] &= !l[k];
                } else {
                    w[k] &= !l[k];
                }
            }
            self.colours.push(first);
            let found = self.line(w, b);
            self.colours.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Whether the colouring of the n lines from `from` is the greatest of
    /// its turns and mirrors (and, with `complements`, theirs with the
    /// colours swapped), read as a number with the first line highest.
    fn greatest(&self, from: usize, complements: bool) -> bool {
        let n = self.n;
        let word = &self.colours[from..from + n];
        let value = |f: &dyn Fn(usize) -> bool| -> u64 {
            (0..n).fold(0, |acc, j| acc << 1 | u64::from(f(j)))
        };
        let own = value(&|j| word[j]);
        for k in 0..n {
            for flip in [false, true] {
                let at = |j: usize| if flip { (k + n - j) % n } else { (j + k) % n };
                let image = value(&|j| word[at(j)]);
                if image > own || (complements && value(&|j| !word[at(j)]) > own) {
                    return false;
                }
            }
        }
        true
    }

    /// Over the anti-diagonals, each to one colour: `best[x]` the most
    /// cells open to black on those black takes, with `x` cells open to
    /// white on those white takes (`x` capped at m), and for each
    /// anti-diagonal (in order) whether white takes it at that `x` on the
    /// way to `best`; `None` when no colouring reaches m for both.
    fn table(&self, white: &Mask, black: &Mask) -> Option<Vec<Vec<i32>>> {
        let m = self.m;
        const NONE: i32 = i32::MIN / 2;
        let mut rows = vec![vec![NONE; m + 1]];
        rows[0][0] = 0;
        for a in &self.antis {
            let (w, b) = (count(white, a), count(black, a) as i32);
            let last = rows.last().expect("a first row");
            let mut next = vec![NONE; m + 1];
            for x in 0..=m {
                if last[x] == NONE {
                    continue;
                }
                next[x] = next[x].max(last[x] + b);
                let up = (x + w).min(m);
                next[up] = next[up].max(last[x]);
            }
            rows.push(next);
        }
        (rows.last().expect("a last row")[m] >= m as i32).then_some(rows)
    }

    /// A board from a colouring of every line but the anti-diagonals: the
    /// table's anti-diagonals for white, the rest for black, and the first
    /// m cells of each colour's.
    fn board(&self, white: &Mask, black: &Mask, rows: &[Vec<i32>]) -> (Vec<usize>, Vec<usize>) {
        let m = self.m;
        let (mut ws, mut bs) = (Vec::new(), Vec::new());
        let mut x = m;
        for j in (0..self.antis.len()).rev() {
            let a = &self.antis[j];
            let (w, b) = (count(white, a), count(black, a) as i32);
            let before = &rows[j];
            let cells = |open: &Mask| -> Vec<usize> {
                (0..self.n * self.n)
                    .filter(|&c| (open[c / 64] & a[c / 64]) >> (c % 64) & 1 == 1)
                    .collect()
            };
            // Black took it, if the row before leads here so.
            if before[x] != i32::MIN / 2 && before[x] + b == rows[j + 1][x] {
                bs.extend(cells(black));
                continue;
            }
            // Else white took it, from some x' below.
            let from = (0..=x)
                .rev()
                .find(|&p| (p + w).min(m) == x && before[p] == rows[j + 1][x])
                .expect("the table leads somewhere");
            ws.extend(cells(white));
            x = from;
        }
        ws.sort_unstable();
        bs.sort_unstable();
        ws.truncate(m);
        bs.truncate(m);
        (ws, bs)
    }
}

/// Whether the board is peaceful on the n x n torus: no white queen on a
/// row, column, diagonal or anti-diagonal (each wrapping) with a black one.
pub fn peaceful(n: usize, white: &[usize], black: &[usize]) -> bool {
    let on_a_line = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        ra == rb
            || ca == cb
            || (ca + n - ra) % n == (cb + n - rb) % n
            || (ra + ca) % n == (rb + cb) % n
    };
    white
        .iter()
        .all(|&w| black.iter().all(|&b| w != b && !on_a_line(w, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A279405, n = 1..9, and that one more is impossible.
    #[test]
    fn the_published_values() {
        for (n, m) in [
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 2),
            (5, 2),
            (6, 4),
            (7, 4),
            (8, 8),
            (9, 7),
        ] {
            if m > 0 {
                let (w, b) = find(n, m).board.expect("a board");
                assert!(w.len() == m && b.len() == m && peaceful(n, &w, &b), "{n}");
            }
            assert!(find(n, m + 1).board.is_none(), "{n}: {}", m + 1);
        }
    }
}
