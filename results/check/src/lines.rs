//! No three in line: 2n points on the n x n board, no three on one line of
//! any slope.
//!
//! At most two points on a line means at most two in a row and two in a
//! column, and 2n points in n rows (n columns) means exactly two in every
//! row and every column. The search fills the rows a pair at a time; the
//! board's open cells (those a point may still take) are kept as one bit
//! mask a row, 32 bytes copied on the stack from node to node (nothing is
//! allocated in the search). The line through every two cells is worked
//! out once, before the search, from the definition (the cells x with
//! (q - p) x (x - p) = 0), as row masks. Placing a point p forbids, for
//! every point q placed before it, the whole line through p and q: no
//! later point can then make three on it. The row's own line closes the
//! row once it has its pair, and a column's line closes the column once it
//! has two, so these masks are all the rules there are.
//!
//! Two counts prune: every row not yet filled must still have two open
//! cells, and every column short of two points must have that many open
//! cells in the rows left (once, twice: bit-sliced over the rows). The
//! row filled next is the one with the fewest open cells (ties: the
//! middle rows first), so a row down to two open cells is filled at once.
//!
//! One symmetry halves the search: the left-right mirror. The first row
//! filled (the middle one) takes only the pairs of columns (a, b) with
//! a + b <= n - 1; a board whose first pair has a + b < n - 1 stands for
//! itself and its mirror, which the search skips (its pair sums to more),
//! so it counts twice, and its class is the one found there if the board
//! or its mirror is the class's least member ([`square::class_of`] on
//! both). A first pair with a + b = n - 1 is its own mirror's: such boards
//! are all searched and count once. Nothing else about the symmetries is
//! used in the search.
//!
//! For runs in parts, the nodes with [`CUT`] rows filled are dealt out in
//! the order the search meets them, the i-th to part i mod K: each part
//! searches its own subtrees below the cut, and the nodes above it are
//! counted by part 0 alone, so the parts' boards, classes and nodes sum to
//! the whole's.

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

/// The largest board: a row is a `u16`, bit c for column c.
const MAX: usize = 16;

/// Bit masks of cells, a row each (rows n.. unused, always 0).
type Rows = [u16; MAX];

/// The rows filled when the search is cut into parts: 179,288 nodes for
/// n = 12, 307,012 for 13, 506,466 for 14, many more than the parts.
pub const CUT: usize = 3;

/// In the search a cell is `r << 4 | c`: a `u8` indexes the table of
/// lines below with no bounds check.
fn cell(r: usize, c: usize) -> u8 {
    (r << 4 | c) as u8
}

struct Search<'a> {
    n: usize,
    /// `line[p][q]`: the cells of the line through cells p and q (p != q),
    /// p and q among them.
    line: Box<[[Rows; 256]; 256]>,
    /// The board's row of each row of the search: the search numbers the
    /// rows in the order it breaks ties in, the middle first.
    order: Vec<usize>,
    /// The points placed, in order.
    points: [u8; 2 * MAX],
    placed: usize,
    cut: usize,
    part: u64,
    parts: u64,
    /// How many nodes at the cut the search has met so far.
    dealt: u64,
    count: Count,
    found: &'a mut dyn FnMut(&[usize]),
}

impl Search<'_> {
    /// A board found: counted, and handed on if it is its class's least
    /// member.
    fn record(&mut self, board: &[usize]) {
        self.count.solutions += 1;
        let (least, size) = square::class_of(self.n, board);
        if least {
            self.count.classes += 1;
            self.count.class_sizes += size;
            (self.found)(board);
        }
    }

    /// `open` with point `p` placed: the lines through p and each point
    /// before it closed.
    fn place(&mut self, open: &Rows, p: u8) -> Rows {
        let lines = &self.line[p as usize];
        let mut closed = [0u16; MAX];
        for &q in &self.points[..self.placed] {
            for (row, l) in closed.iter_mut().zip(&lines[q as usize]) {
                *row |= l;
            }
        }
        self.points[self.placed] = p;
        self.placed += 1;
        let mut next = *open;
        for (row, c) in next.iter_mut().zip(closed) {
            *row &= !c;
        }
        next
    }

    /// A node: `filled` the rows with their pair (and the rows past the
    /// board), `ones` and `twos` the columns with one point and with two.
    fn node(&mut self, open: &Rows, depth: usize, filled: u16, ones: u16, twos: u16) {
        let n = self.n;
        if depth == self.cut {
            let mine = self.dealt % self.parts == self.part;
            self.dealt += 1;
            if !mine {
                return;
            }
        }
        if depth >= self.cut || self.part == 0 {
            self.count.nodes += 1;
        }
        if depth == n {
            // Two a row, at most two a column (a column's line closes it):
            // two in every column, and no three in line.
            let mut cells: Vec<usize> = self.points[..2 * n]
                .iter()
                .map(|&p| self.order[(p >> 4) as usize] * n + (p & 15) as usize)
                .collect();
            cells.sort_unstable();
            self.record(&cells);
            let [a, b] = [self.points[0], self.points[1]].map(|p| (p & 15) as usize);
            if a + b != n - 1 {
                self.record(&square::image(n, square::MIRROR_LEFT_RIGHT, &cells));
            }
            return;
        }
        // Columns: open in at least one row left, and in two. Filled rows
        // have no open cell (their row's line closed them).
        let (mut once, mut twice) = (0u16, 0u16);
        for row in open {
            twice |= once & row;
            once |= row;
        }
        let columns = ((1u32 << n) - 1) as u16;
        let empty = columns & !ones & !twos;
        if empty & !twice != 0 || ones & !once != 0 {
            return;
        }
        // Rows: each left needs two open cells; fill the one with fewest.
        let (mut r, mut fewest) = (0, u32::MAX);
        let mut left = !filled;
        while left != 0 {
            let row = left.trailing_zeros() as usize;
            left &= left - 1;
            let k = open[row].count_ones();
            if k < 2 {
                return;
            }
            if k < fewest {
                (r, fewest) = (row, k);
            }
        }
        let mut rest = open[r];
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let with_a = self.place(open, cell(r, a));
            // The second point right of the first, still open with it; in
            // the first row, no further right than the first's mirror.
            let mut seconds = with_a[r] & rest;
            if depth == 0 {
                seconds &= ((1u32 << (n - a)) - 1) as u16;
            }
            while seconds != 0 {
                let b = seconds.trailing_zeros() as usize;
                seconds &= seconds - 1;
                let with_b = self.place(&with_a, cell(r, b));
                let (mut ones, mut twos) = (ones, twos);
                for c in [a, b] {
                    let bit = 1u16 << c;
                    if ones & bit != 0 {
                        (ones, twos) = (ones & !bit, twos | bit);
                    } else {
                        ones |= bit;
                    }
                }
                self.node(&with_b, depth + 1, filled | 1 << r, ones, twos);
                self.placed -= 1;
            }
            self.placed -= 1;
        }
    }
}

/// The line through every two cells of the n x n board, as row masks:
/// `[p][q]` for cells p and q (`r << 4 | c`), p != q, where row r of the
/// search is the board's row `order[r]`.
fn lines(n: usize, order: &[usize]) -> Box<[[Rows; 256]; 256]> {
    let mut line: Box<[[Rows; 256]; 256]> = vec![[[0u16; MAX]; 256]; 256]
        .into_boxed_slice()
        .try_into()
        .expect("256 rows");
    // (row of the search, row of the board, column)
    let board = || (0..n).flat_map(|r| (0..n).map(move |c| (r, order[r] as i64, c as i64)));
    for (p, pr, pc) in board() {
        for (q, qr, qc) in board() {
            if (pr, pc) == (qr, qc) {
                continue;
            }
            let l = &mut line[p << 4 | pc as usize][q << 4 | qc as usize];
            for (x, xr, xc) in board() {
                if (qr - pr) * (xc - pc) == (qc - pc) * (xr - pr) {
                    l[x] |= 1 << xc;
                }
            }
        }
    }
    line
}

/// Every board of no three in line on n x n (n <= 16), `found` called
/// with each class's canonical board (cells r * n + c, sorted).
#[allow(dead_code)] // the binary runs count_part; tests/suite/results.rs counts
pub fn count(n: usize, found: &mut dyn FnMut(&[usize])) -> Count {
    count_part(n, 0, 1, found)
}

/// Part `part` of `parts` of [`count`]: only the subtrees below the nodes
/// with [`CUT`] rows filled whose index, in the order the search meets
/// them, is `part` mod `parts`; the parts' counts sum to the whole's, and
/// each class's canonical board is found by exactly one part.
pub fn count_part(n: usize, part: usize, parts: usize, found: &mut dyn FnMut(&[usize])) -> Count {
    assert!((1..=MAX).contains(&n), "n from 1 to {MAX}");
    assert!(part < parts, "part {part} of {parts}");
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&r| (2 * r).abs_diff(n - 1));
    let mut search = Search {
        n,
        line: lines(n, &order),
        order,
        points: [0; 2 * MAX],
        placed: 0,
        // Every leaf (n rows filled) at or below the cut: each board in
        // one part.
        cut: CUT.min(n),
        part: part as u64,
        parts: parts as u64,
        dealt: 0,
        count: Count {
            solutions: 0,
            classes: 0,
            class_sizes: 0,
            nodes: 0,
        },
        found,
    };
    let mut open = [0u16; MAX];
    for row in &mut open[..n] {
        *row = ((1u32 << n) - 1) as u16;
    }
    let past = !(((1u32 << n) - 1) as u16);
    search.node(&open, 0, past, 0, 0);
    search.count
}

#[cfg(test)]
mod tests {
    use super::{count, count_part};
    use std::collections::BTreeSet;

    #[test]
    fn a000755_and_a000769_for_n_1_to_8() {
        let want = [
            (1, 0, 0),
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

    #[test]
    fn the_parts_together_are_the_whole() {
        for n in 6..=8 {
            let mut whole = BTreeSet::new();
            let all = count(n, &mut |cells| {
                whole.insert(cells.to_vec());
            });
            for parts in [1, 3, 16] {
                let mut union = BTreeSet::new();
                let (mut solutions, mut classes, mut sizes, mut nodes) = (0, 0, 0, 0);
                for part in 0..parts {
                    let c = count_part(n, part, parts, &mut |cells| {
                        assert!(union.insert(cells.to_vec()), "a class found twice");
                    });
                    solutions += c.solutions;
                    classes += c.classes;
                    sizes += c.class_sizes;
                    nodes += c.nodes;
                }
                assert_eq!(union, whole, "n = {n}, {parts} parts");
                assert_eq!(
                    (solutions, classes, sizes, nodes),
                    (all.solutions, all.classes, all.class_sizes, all.nodes),
                    "n = {n}, {parts} parts"
                );
            }
        }
    }
}
