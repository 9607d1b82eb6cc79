//! The row search: rows are filled one at a time, each with exactly as
//! many pieces as it holds; a row's free cells are the bits of a `u64`.
//! The first lines are the middle rows (they meet the most lines, and the
//! mirrors below compare them), then, when the transposition is a
//! symmetry, the middle column of an odd board or the middle two of an
//! even one; after them always the open row with the fewest free cells
//! beyond its pieces, where a dead end shows soonest. Placing a piece
//! counts it in every limit through its cell, and a limit that becomes
//! full takes its other cells out of the rows still open (for no three in
//! line: two points on a line forbid the rest of it; limits of two pieces
//! are found by the pair of cells that fills them, [`PairTable`], and when
//! they are all the limits, what each free cell of a row would close is
//! found once for the row, before its pairs of cells are tried). After
//! every line, each open row must still have room
//! for its pieces, and each column (when the count fills them too) for
//! what it lacks, counted over the open rows by bit masks (a column free
//! in one row, in two, in three); a row or column with just the room it
//! needs gets its pieces there and then, and the count starts again, so a
//! row may be partly filled when its turn comes.
//!
//! When the board's mirror of its columns is a symmetry, the first row's
//! pieces are taken only where they are no greater than their mirror image
//! (one of a board and its image is searched). When the mirror of its rows
//! is one, of the first two rows filled that it swaps (the middle two, or
//! the two beside the middle row), the second is taken no less than the
//! first, each row read as the lesser of itself and its column mirror so
//! that the two prunings keep a member of every class together (the
//! column mirror keeps the order of the two rows). When the transposition
//! is one, the middle rows read that way, the two the row mirror swaps in
//! order ([`Plan::key`]), are taken no greater than the middle columns
//! read the same way: the transposition swaps the two readings and the
//! mirrors change neither, so a board or its transpose passes, and then
//! one of its images under the mirrors passes the rest. Every board found
//! is kept as the least of its images under the problem's symmetries, so
//! each class is found once however many of its members the search meets.
//!
//! How the work is cut into tasks and shared by threads is
//! [`super::threads`]; the room left in rows and columns, and the pieces
//! it forces, [`room`].

mod room;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::plan::{Line, Plan};
use super::problem::Problem;
use crate::solve::driver::Tasks;

/// Nodes between two looks at the stop.
const LOOK_EVERY: u64 = 1 << 12;

/// What the threads share while they search: the tasks (the stop, the
/// end, the first task that found a board, the nodes) and what they found.
pub(super) struct Shared<'s> {
    pub(super) tasks: Tasks<'s>,
    pub(super) classes: Mutex<BTreeSet<Vec<usize>>>,
    pub(super) keep: usize,
    pub(super) overflowed: AtomicBool,
    /// Stop at the first board.
    pub(super) first: bool,
    pub(super) boards: Mutex<Vec<(usize, Vec<usize>)>>,
}

/// One thread's search: the free cells of every row at each level (a
/// level a piece), the counts in the limits, rows and columns, the pieces
/// placed.
pub(super) struct Walker<'p, 's> {
    plan: &'p Plan<'p>,
    shared: &'s Shared<'s>,
    pub(super) levels: Vec<Vec<u64>>,
    counts: Vec<u32>,
    columns: Vec<u32>,
    /// Each row's pieces, as bits.
    pub(super) patterns: Vec<u64>,
    /// The pieces each row still lacks.
    needs: Vec<u32>,
    pub(super) placed: Vec<usize>,
    /// The cells [`Walker::find_forced`] finds forced, as bits by row.
    forced: Vec<u64>,
    /// For each line filled (by its place in the search), what each free
    /// cell of its row would close ([`Walker::in_row_closed_first`]): a
    /// row's cells by row for each column.
    closings: Vec<Vec<u64>>,
    /// The columns (when the count fills them) that lack one piece, two,
    /// and more.
    lacking: [u64; 3],
    pub(super) nodes: u64,
    task: usize,
    /// The lines filled before a task starts.
    pub(super) task_lines: usize,
    /// Fillings of the first [`Walker::task_lines`] lines collected as
    /// tasks (instead of searched).
    pub(super) collect: Option<Vec<Vec<usize>>>,
}

impl<'p, 's> Walker<'p, 's> {
    pub(super) fn new(plan: &'p Plan<'p>, shared: &'s Shared<'s>) -> Walker<'p, 's> {
        let p = plan.problem;
        let pieces = p.count();
        let mut walker = Walker {
            plan,
            shared,
            levels: vec![plan.free(); pieces + 1],
            counts: vec![0; p.limits.len()],
            columns: vec![0; p.width],
            patterns: vec![0; p.rows],
            needs: p.row_fill.clone(),
            placed: Vec::with_capacity(pieces),
            forced: vec![0; p.rows],
            closings: match plan.pairs_only {
                true => vec![vec![0; p.width * p.rows]; plan.prefix.len() + p.rows + 1],
                false => Vec::new(),
            },
            lacking: [0; 3],
            nodes: 0,
            task: 0,
            task_lines: 0,
            collect: None,
        };
        for column in 0..p.width {
            walker.mark_lacking(column);
        }
        walker
    }

    /// Puts a piece on `cell`, from level `level` to the next.
    pub(super) fn place(&mut self, cell: usize, level: usize) {
        let width = self.plan.problem.width;
        let (row, bit) = (cell / width, 1u64 << (cell % width));
        let (below, above) = self.levels.split_at_mut(level + 1);
        above[0].copy_from_slice(&below[level]);
        let free = &mut above[0];
        free[row] &= !bit;
        if let Some(pairs) = &self.plan.pairs {
            for &other in &self.placed {
                pairs.close(cell, other, free);
            }
        }
        for &limit in &self.plan.limits_of[cell] {
            let limit = limit as usize;
            self.counts[limit] += 1;
            if self.counts[limit] == self.plan.problem.limits[limit].cap {
                for &(row, mask) in &self.plan.masks[limit] {
                    free[row] &= !mask;
                }
            }
        }
        self.record(cell);
        if self.needs[row] == 0 {
            self.levels[level + 1][row] = 0;
        }
    }

    /// Counts a piece on `cell` in its row and column (the limits and the
    /// free cells are the caller's).
    fn record(&mut self, cell: usize) {
        let width = self.plan.problem.width;
        let row = cell / width;
        self.patterns[row] |= 1 << (cell % width);
        self.needs[row] -= 1;
        self.placed.push(cell);
        self.count_column(cell % width, true);
    }

    pub(super) fn unplace(&mut self) {
        let cell = self.placed.pop().expect("a piece to take off");
        let width = self.plan.problem.width;
        self.count_column(cell % width, false);
        self.patterns[cell / width] &= !(1 << (cell % width));
        self.needs[cell / width] += 1;
        for &limit in &self.plan.limits_of[cell] {
            self.counts[limit as usize] -= 1;
        }
    }

    /// Takes off the pieces placed after the first `level`.
    pub(super) fn unplace_to(&mut self, level: usize) {
        while self.placed.len() > level {
            self.unplace();
        }
    }

    /// The pieces `row` still lacks.
    pub(super) fn need(&self, row: usize) -> u32 {
        self.needs[row]
    }

    /// Whether to go on: no stop, and (for the first board) neither this
    /// task nor an earlier one has one.
    fn going(&mut self) -> bool {
        self.nodes += 1;
        let tasks = &self.shared.tasks;
        if self.nodes.is_multiple_of(LOOK_EVERY) {
            tasks.look();
        }
        !(tasks.halted() || tasks.passed(self.task))
    }

    /// Fills the lines from the `i`th on (the prefix's, then the open
    /// rows'), the pieces so far at `level`.
    pub(super) fn lines_from(&mut self, i: usize, level: usize) {
        if !self.going() {
            return;
        }
        if let Some(tasks) = &mut self.collect {
            if i == self.task_lines {
                tasks.push(self.placed.clone());
                return;
            }
        }
        match self.plan.prefix.get(i) {
            Some(&Line::Row(row)) => self.in_row(i, row, self.need(row), 0, level),
            Some(&Line::Column(column)) => {
                let lacks = self.lacks(column);
                self.in_column(i, column, lacks, 0, level)
            }
            None => match self.fewest_free(level) {
                Some(row) => self.in_row(i, row, self.need(row), 0, level),
                None => self.found(),
            },
        }
    }

    /// The pieces `column` still lacks (the count fills the columns when
    /// the prefix holds one).
    pub(super) fn lacks(&self, column: usize) -> u32 {
        let fill = self.plan.problem.column_fill.as_ref();
        fill.map_or(0, |fill| fill[column] - self.columns[column])
    }

    /// Puts `left` more pieces in `row` (the `i`th line filled), at
    /// columns `from` or after.
    fn in_row(&mut self, i: usize, row: usize, left: u32, from: usize, level: usize) {
        if left == 0 {
            return self.line_filled(i, level);
        }
        if self.plan.pairs_only && from == 0 && left <= 2 {
            return self.in_row_closed_first(i, row, left, level);
        }
        let mut free = self.levels[level][row] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        while free.count_ones() >= left {
            let column = free.trailing_zeros() as usize;
            free &= free - 1;
            self.place(row * self.plan.problem.width + column, level);
            self.in_row(i, row, left - 1, column + 1, level + 1);
            self.unplace();
            if !self.going() {
                return;
            }
        }
    }

    /// [`Walker::in_row`] for a row that lacks one or two pieces when every
    /// limit is in the pair table: what each free cell of the row would
    /// close is found once, from the pieces placed before the row, so each
    /// pair of cells tried costs two masks over the rows instead of a
    /// closing for every piece placed for each.
    fn in_row_closed_first(&mut self, i: usize, row: usize, left: u32, level: usize) {
        let rows = self.plan.problem.rows;
        let width = self.plan.problem.width;
        let candidates = self.levels[level][row];
        let mut closed = std::mem::take(&mut self.closings[i]);
        let mut each = candidates;
        while each != 0 {
            let column = each.trailing_zeros() as usize;
            each &= each - 1;
            self.closed_by(row * width + column, &mut closed[column * rows..][..rows]);
        }
        let of = |column: usize| &closed[column * rows..][..rows];
        let mut firsts = candidates;
        while firsts.count_ones() >= left && self.going() {
            let a = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            if left == 1 {
                self.put(i, &[row * width + a], &[of(a)], level);
                continue;
            }
            let mut seconds = firsts & !of(a)[row];
            while seconds != 0 && self.going() {
                let b = seconds.trailing_zeros() as usize;
                seconds &= seconds - 1;
                self.put(
                    i,
                    &[row * width + a, row * width + b],
                    &[of(a), of(b)],
                    level,
                );
            }
        }
        self.closings[i] = closed;
    }

    /// What a piece on `cell` closes, with the pieces placed so far, into
    /// `closed` (cells by row, the cell itself among them).
    fn closed_by(&self, cell: usize, closed: &mut [u64]) {
        let pairs = self
            .plan
            .pairs
            .as_ref()
            .expect("the row's limits are pairs");
        closed.fill(0);
        for &other in &self.placed {
            pairs.add_closed(cell, other, closed);
        }
        let width = self.plan.problem.width;
        closed[cell / width] |= 1 << (cell % width);
    }

    /// Puts pieces on `cells` of one row (each closing its `closed` cells)
    /// from level `level`, and goes on from the `i`th line filled.
    fn put(&mut self, i: usize, cells: &[usize], closed: &[&[u64]], level: usize) {
        let above = level + cells.len();
        let (below, after) = self.levels.split_at_mut(above);
        let free = &mut after[0];
        free.copy_from_slice(&below[level]);
        for mask in closed {
            for (cells, &shut) in free.iter_mut().zip(mask.iter()) {
                *cells &= !shut;
            }
        }
        for &cell in cells {
            self.record(cell);
        }
        let row = cells[0] / self.plan.problem.width;
        if self.needs[row] == 0 {
            self.levels[above][row] = 0;
        }
        self.line_filled(i, above);
        self.unplace_to(level);
    }

    /// Puts `left` more pieces in `column` (the `i`th line filled), in
    /// rows `from` or after.
    fn in_column(&mut self, i: usize, column: usize, left: u32, from: usize, level: usize) {
        if left == 0 {
            return self.line_filled(i, level);
        }
        let width = self.plan.problem.width;
        let free = self.levels[level].iter().enumerate().skip(from);
        let mut rows = free
            .filter(|(_, cells)| *cells >> column & 1 == 1)
            .fold(0u64, |rows, (row, _)| rows | 1 << row);
        while rows.count_ones() >= left && self.going() {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            self.place(row * width + column, level);
            self.in_column(i, column, left - 1, row + 1, level + 1);
            self.unplace();
        }
    }

    /// The `i`th line is filled: on to the next, if the symmetries keep it
    /// and every line still has room.
    fn line_filled(&mut self, i: usize, level: usize) {
        if !self.kept_by_symmetries(i) {
            return;
        }
        if let Some(settled) = self.settle(level) {
            self.lines_from(i + 1, settled);
            self.unplace_to(level);
        }
    }

    /// Whether the prefix's lines so far, the `i`th just filled, are ones
    /// the symmetries keep: the first row no greater than its mirror image,
    /// the second of the two rows the row mirror swaps no less than the
    /// first, the middle rows no greater than the middle columns.
    fn kept_by_symmetries(&self, i: usize) -> bool {
        let plan = self.plan;
        let row_of = |k: usize| self.patterns[plan.order[k]];
        if i == 0 && plan.mirror && row_of(0) > plan.mirrored(row_of(0)) {
            return false;
        }
        if let Some((first, second)) = plan.swapped {
            if i == second && plan.compared(row_of(second)) < plan.compared(row_of(first)) {
                return false;
            }
        }
        if plan.transposes && i + 1 == plan.prefix.len() {
            let of_columns = |k: usize| self.column_pattern(plan.order[k]);
            return plan.key(row_of) <= plan.key(of_columns);
        }
        true
    }

    /// The pieces of `column`, as bits by row.
    fn column_pattern(&self, column: usize) -> u64 {
        (0..self.plan.problem.rows)
            .filter(|&r| self.patterns[r] >> column & 1 == 1)
            .fold(0, |bits, r| bits | 1 << r)
    }

    /// Notes that `column` holds one piece more or less: its bit moves in
    /// [`Walker::lacking`].
    fn count_column(&mut self, column: usize, more: bool) {
        match more {
            true => self.columns[column] += 1,
            false => self.columns[column] -= 1,
        }
        self.mark_lacking(column);
    }

    /// Puts `column`'s bit in [`Walker::lacking`] by what it lacks.
    fn mark_lacking(&mut self, column: usize) {
        let bit = 1u64 << column;
        for mask in &mut self.lacking {
            *mask &= !bit;
        }
        match self.lacks(column) {
            0 => {}
            1 => self.lacking[0] |= bit,
            2 => self.lacking[1] |= bit,
            _ => self.lacking[2] |= bit,
        }
    }

    /// The open row with the fewest free cells beyond its pieces (the
    /// first of them from the middle outward), or `None` when every row is
    /// filled: the row of the fewest fillings, where a dead end shows
    /// soonest.
    pub(super) fn fewest_free(&self, level: usize) -> Option<usize> {
        let free = &self.levels[level];
        let slack = |row: usize| free[row].count_ones() - self.need(row);
        self.plan
            .order
            .iter()
            .copied()
            .filter(|&row| self.need(row) > 0)
            .min_by_key(|&row| slack(row))
    }

    /// A board: kept as the least of its images.
    fn found(&mut self) {
        let board = least_image(self.plan.problem, &self.placed);
        if self.shared.first {
            self.shared
                .boards
                .lock()
                .expect("no thread panics holding the boards")
                .push((self.task, board));
            self.shared.tasks.found_in(self.task);
            return;
        }
        let mut classes = self
            .shared
            .classes
            .lock()
            .expect("no thread panics holding the classes");
        classes.insert(board);
        if classes.len() > self.shared.keep {
            self.shared.overflowed.store(true, Ordering::Relaxed);
            self.shared.tasks.end();
        }
    }

    /// Searches from the pieces of `task` on.
    pub(super) fn run(&mut self, task: &[usize], index: usize) {
        self.task = index;
        for (level, &cell) in task.iter().enumerate() {
            self.place(cell, level);
        }
        self.lines_from(self.task_lines, task.len());
        self.unplace_to(0);
    }
}

/// The least of `cells`' images under the problem's symmetries (itself
/// included), sorted.
fn least_image(problem: &Problem, cells: &[usize]) -> Vec<usize> {
    let mut least = sorted(cells.to_vec());
    for map in &problem.maps {
        let image = sorted(cells.iter().map(|&c| map[c]).collect());
        least = least.min(image);
    }
    least
}

fn sorted(mut cells: Vec<usize>) -> Vec<usize> {
    cells.sort_unstable();
    cells
}
