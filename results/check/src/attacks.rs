//! Queens that each attack exactly k others on the n x n board (a queen
//! attacks the first queen it meets in each of its eight directions), with
//! exactly m queens: every placement, by a depth-first search over the
//! cells in row-major order.
//!
//! Along each of a cell's four lines (row, column, diagonal, anti-diagonal)
//! row-major order is the forward order, so when a queen is placed the
//! queen last placed on each of its lines (if any) is its neighbour there:
//! they attack each other, and that is final. A queen's forward direction
//! on a line is still open until another queen is placed on the line, or
//! the line's last cell is passed empty. A queen is given up on as soon
//! as it attacks more than k, or cannot reach k with its open directions.

/// The lines through each cell: `[row, column, diagonal, anti-diagonal]`,
/// as indices into one table of lines, and each line's last cell.
struct Lines {
    of_cell: Vec<[usize; 4]>,
    last_cell: Vec<usize>,
}

impl Lines {
    fn new(n: usize) -> Lines {
        // Rows 0..n, columns n..2n, diagonals (r - c constant) 2n..4n-1,
        // anti-diagonals (r + c constant) 4n-1..6n-2.
        let n_lines = 6 * n - 2;
        let mut last_cell = vec![0; n_lines];
        let mut of_cell = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let lines = [r, n + c, 2 * n + (r + n - 1 - c), 4 * n - 1 + r + c];
                for &l in &lines {
                    last_cell[l] = r * n + c; // row-major: the last write is the last cell
                }
                of_cell.push(lines);
            }
        }
        Lines { of_cell, last_cell }
    }
}

/// The count of placements, and of classes under the square's symmetries.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    pub classes: u64,
    pub class_sizes: u64,
    pub nodes: u64,
}

struct Search<'a> {
    n: usize,
    k: u32,
    m: usize,
    lines: &'a Lines,
    /// The queen last placed on each line (its cell), if any.
    last_on_line: Vec<Option<usize>>,
    /// Per cell holding a queen: attacks so far, and open directions.
    attacks: Vec<u32>,
    open: Vec<u32>,
    queens: Vec<usize>,
    count: Count,
    /// Lines with a queen; at the end exactly (8 - k) m / 2 of them (each
    /// line with j queens gives 2 (j - 1) attacks: k m = 8 m - 2 N).
    busy_lines: usize,
    lines_at_end: usize,
    /// Lines passed to their end without a queen: they stay empty, so at
    /// most (all lines - lines_at_end) of them may be.
    dead_lines: usize,
    most_dead: usize,
    on_solution: &'a mut dyn FnMut(&[usize]),
}

/// Every placement of exactly `m` queens on n x n each attacking exactly
/// `k` others; `on_solution` sees each (its cells, sorted).
pub fn count(n: usize, k: u32, m: usize, on_solution: &mut dyn FnMut(&[usize])) -> Count {
    let lines = Lines::new(n);
    let doubled = (8 - k as usize) * m;
    if k > 8 || doubled % 2 == 1 {
        return Count::default();
    }
    let mut search = Search {
        n,
        k,
        m,
        lines: &lines,
        last_on_line: vec![None; lines.last_cell.len()],
        attacks: vec![0; n * n],
        open: vec![0; n * n],
        queens: Vec::new(),
        count: Count::default(),
        busy_lines: 0,
        lines_at_end: doubled / 2,
        dead_lines: 0,
        most_dead: lines.last_cell.len().saturating_sub(doubled / 2),
        on_solution,
    };
    search.cell(0);
    search.count
}

impl Search<'_> {
    fn cell(&mut self, t: usize) {
        self.count.nodes += 1;
        let cells = self.n * self.n;
        if t == cells {
            if self.queens.len() == self.m {
                self.solution();
            }
            return;
        }
        if self.queens.len() + (cells - t) < self.m {
            return;
        }
        // Each queen still to come makes at most its four lines busy.
        let to_come = self.m - self.queens.len();
        if self.lines_at_end - self.busy_lines > 4 * to_come {
            return;
        }
        // Empty.
        if let Some(closed) = self.leave_empty(t) {
            self.cell(t + 1);
            self.undo_empty(&closed);
        }
        // A queen.
        if self.queens.len() < self.m {
            if let Some(undo) = self.place(t) {
                self.cell(t + 1);
                self.unplace(t, &undo);
            }
        }
    }

    /// Cell `t` stays empty: the lines it ends close the open direction of
    /// the queen last on them, or die empty. `None` when a queen then
    /// cannot reach k, or too many lines died.
    fn leave_empty(&mut self, t: usize) -> Option<Emptied> {
        let mut undo = Emptied::default();
        let mut ok = true;
        for &l in &self.lines.of_cell[t] {
            if self.lines.last_cell[l] == t {
                match self.last_on_line[l] {
                    Some(q) => {
                        self.open[q] -= 1;
                        undo.closed.push(q);
                        ok &= self.attacks[q] + self.open[q] >= self.k;
                    }
                    None => {
                        self.dead_lines += 1;
                        undo.died += 1;
                    }
                }
            }
        }
        ok &= self.dead_lines <= self.most_dead;
        if ok {
            Some(undo)
        } else {
            self.undo_empty(&undo);
            None
        }
    }

    fn undo_empty(&mut self, undo: &Emptied) {
        for &q in &undo.closed {
            self.open[q] += 1;
        }
        self.dead_lines -= undo.died;
    }

    /// A queen on `t`: it and the queen last on each of its lines attack
    /// each other. `None` (everything undone) when a queen goes over k or
    /// can no longer reach it, or the lines with queens are too many.
    fn place(&mut self, t: usize) -> Option<Placed> {
        let mut undo = Placed::default();
        let mut ok = true;
        self.attacks[t] = 0;
        self.open[t] = 0;
        for (i, &l) in self.lines.of_cell[t].iter().enumerate() {
            undo.previous[i] = self.last_on_line[l];
            match self.last_on_line[l] {
                Some(q) => {
                    self.attacks[q] += 1;
                    self.open[q] -= 1;
                    self.attacks[t] += 1;
                    ok &= self.attacks[q] <= self.k;
                }
                None => {
                    self.busy_lines += 1;
                    undo.new_lines += 1;
                }
            }
            if self.lines.last_cell[l] != t {
                self.open[t] += 1;
            }
            self.last_on_line[l] = Some(t);
        }
        self.queens.push(t);
        ok &= self.attacks[t] <= self.k && self.attacks[t] + self.open[t] >= self.k;
        ok &= self.busy_lines <= self.lines_at_end;
        if ok {
            Some(undo)
        } else {
            self.unplace(t, &undo);
            None
        }
    }

    fn unplace(&mut self, t: usize, undo: &Placed) {
        self.queens.pop();
        self.busy_lines -= undo.new_lines;
        for (i, &l) in self.lines.of_cell[t].iter().enumerate() {
            self.last_on_line[l] = undo.previous[i];
            if let Some(q) = undo.previous[i] {
                self.attacks[q] -= 1;
                self.open[q] += 1;
            }
        }
    }

    fn solution(&mut self) {
        // Every direction is closed at the end: a final check of the rule.
        debug_assert!(self.queens.iter().all(|&q| self.open[q] == 0));
        if self.queens.iter().any(|&q| self.attacks[q] != self.k) {
            return;
        }
        self.count.solutions += 1;
        let (least, size) = crate::square::class_of(self.n, &self.queens);
        if least {
            self.count.classes += 1;
            self.count.class_sizes += size;
        }
        (self.on_solution)(&self.queens);
    }
}

#[derive(Default)]
struct Emptied {
    closed: Vec<usize>,
    died: usize,
}

#[derive(Default)]
struct Placed {
    previous: [Option<usize>; 4],
    new_lines: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain check of one placement: every queen walks its eight rays.
    fn attacks_of(n: usize, queens: &[usize], q: usize) -> u32 {
        let first_queen = |d| crate::square::ray(n, q, d).any(|other| queens.contains(&other));
        crate::square::DIRECTIONS
            .into_iter()
            .filter(|&d| first_queen(d))
            .count() as u32
    }

    #[test]
    fn every_placement_found_is_one_and_brute_force_agrees() {
        // 4x4, every k and m: the search against all 2^16 subsets.
        let n = 4;
        for k in 0..=4u32 {
            for m in 1..=n * n / 2 {
                let mut found = Vec::new();
                let c = count(n, k, m, &mut |q| found.push(q.to_vec()));
                for q in &found {
                    assert!(q.iter().all(|&x| attacks_of(n, q, x) == k));
                }
                let brute = (0u64..1 << (n * n))
                    .filter(|s| s.count_ones() as usize == m)
                    .filter(|&s| {
                        let q: Vec<usize> = (0..n * n).filter(|&i| s >> i & 1 == 1).collect();
                        q.iter().all(|&x| attacks_of(n, &q, x) == k)
                    })
                    .count() as u64;
                assert_eq!(c.solutions, brute, "n={n} k={k} m={m}");
                assert_eq!(c.class_sizes, c.solutions, "n={n} k={k} m={m}");
            }
        }
    }

    #[test]
    fn the_published_small_counts() {
        // OEIS A051759 (exactly 3 attacked, the most queens): n = 5, 10
        // queens, 31 classes; n = 6, 12 queens, 307 classes.
        let c = count(5, 3, 10, &mut |_| {});
        assert_eq!((c.solutions, c.classes), (212, 31));
        let c = count(6, 3, 12, &mut |_| {});
        assert_eq!((c.solutions, c.classes), (2356, 307));
    }
}
