//! The row search: rows are filled one at a time, each with exactly as
//! many pieces as it holds; a row's free cells are the bits of a `u64`.
//! The first rows are taken from the middle of the board outward (the
//! middle rows meet the most lines, and the mirrors below compare them),
//! then always the open row with the fewest free cells beyond its pieces,
//! where a dead end shows soonest. Placing a piece counts it in every
//! limit through its cell, and a limit that becomes full takes its other
//! cells out of the rows still open (for no three in line: two points on
//! a line forbid the rest of it; limits of two pieces are found by the
//! pair of cells that fills them, [`PairTable`]). After every row, each
//! open row must still have room for its pieces, and each column (when the
//! count fills them too) for what it lacks, counted over the open rows by
//! two bit masks (a column free in one row, in two).
//!
//! When the board's mirror of its columns is a symmetry, the first row's
//! pieces are taken only where they are no greater than their mirror image
//! (one of a board and its image is searched). When the mirror of its rows
//! is one, of the first two rows filled that it swaps (the middle two, or
//! the two beside the middle row), the second is taken no less than the
//! first, each row read as the lesser of itself and its column mirror so
//! that the two prunings keep a member of every class together (the
//! column mirror keeps the order of the two rows). Every board found is kept
//! as the least of its images under the problem's symmetries, so each
//! class is found once however many of its members the search meets.
//!
//! The first rows' fillings are tasks, taken by the threads in order;
//! the boards found are sorted, so a listing is the same on any number of
//! threads, and so is the first board ([`first`]): the one of the first
//! task that has any.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

use super::pairs;
use super::plan::{Plan, TASK_ROWS};
use super::problem::Problem;
use crate::solve::Stop;

/// Nodes between two looks at the stop.
const LOOK_EVERY: u64 = 1 << 12;

/// What a listing found.
#[derive(Debug, Default)]
pub struct Listed {
    /// One member of each class (the least image), as cells, sorted.
    pub classes: Vec<Vec<usize>>,
    /// Whether the search went to the end.
    pub complete: bool,
    /// Whether it stopped at the most classes it keeps.
    pub overflowed: bool,
    /// Nodes (rows and pieces tried), on all threads.
    pub nodes: u64,
}

/// What the threads share while they search.
struct Shared<'s> {
    stop: &'s Stop,
    /// Raised when the search must end (a stop, the classes overflowing,
    /// the first board found).
    ended: AtomicBool,
    /// The next task to take.
    next: AtomicUsize,
    /// The first task a board was found in (for [`first`]).
    first_found: AtomicUsize,
    nodes: AtomicU64,
    classes: Mutex<BTreeSet<Vec<usize>>>,
    keep: usize,
    overflowed: AtomicBool,
    /// Stop at the first board.
    first: bool,
    boards: Mutex<Vec<(usize, Vec<usize>)>>,
}

/// One thread's search: the free cells of every row at each level (a
/// level a piece), the counts in the limits and columns, the pieces placed.
struct Walker<'p, 's> {
    plan: &'p Plan<'p>,
    shared: &'s Shared<'s>,
    levels: Vec<Vec<u64>>,
    counts: Vec<u32>,
    columns: Vec<u32>,
    placed: Vec<usize>,
    /// Each row's pieces, once filled.
    patterns: Vec<u64>,
    /// The rows not filled yet, as bits.
    open: u64,
    nodes: u64,
    task: usize,
    /// Fillings of the first rows collected as tasks (instead of searched).
    collect: Option<Vec<Vec<usize>>>,
}

impl<'p, 's> Walker<'p, 's> {
    fn new(plan: &'p Plan<'p>, shared: &'s Shared<'s>) -> Walker<'p, 's> {
        let p = plan.problem;
        let pieces = p.count();
        Walker {
            plan,
            shared,
            levels: vec![plan.free(); pieces + 1],
            counts: vec![0; p.limits.len()],
            columns: vec![0; p.width],
            placed: Vec::with_capacity(pieces),
            patterns: vec![0; p.rows],
            open: u64::MAX >> (64 - p.rows),
            nodes: 0,
            task: 0,
            collect: None,
        }
    }

    /// Puts a piece on `cell`, from level `level` to the next.
    fn place(&mut self, cell: usize, level: usize) {
        let (below, above) = self.levels.split_at_mut(level + 1);
        above[0].copy_from_slice(&below[level]);
        let free = &mut above[0];
        self.columns[cell % self.plan.problem.width] += 1;
        if let Some(pairs) = &self.plan.pairs {
            for &other in &self.placed {
                pairs.close(cell, other, free);
            }
        }
        self.placed.push(cell);
        for &limit in &self.plan.limits_of[cell] {
            let limit = limit as usize;
            self.counts[limit] += 1;
            if self.counts[limit] == self.plan.problem.limits[limit].cap {
                for &(row, mask) in &self.plan.masks[limit] {
                    free[row] &= !mask;
                }
            }
        }
    }

    fn unplace(&mut self) {
        let cell = self.placed.pop().expect("a piece to take off");
        self.columns[cell % self.plan.problem.width] -= 1;
        for &limit in &self.plan.limits_of[cell] {
            self.counts[limit as usize] -= 1;
        }
    }

    /// Whether to go on: no stop, and (for the first board) neither this
    /// task nor an earlier one has one.
    fn going(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(LOOK_EVERY) && self.shared.stop.now() {
            self.shared.ended.store(true, Ordering::Relaxed);
        }
        let ended = self.shared.ended.load(Ordering::Relaxed);
        let found_first =
            self.shared.first && self.shared.first_found.load(Ordering::Relaxed) <= self.task;
        !(ended || found_first)
    }

    /// Fills the rows from the `i`th of the order on, the pieces so far at
    /// `level`.
    fn rows_from(&mut self, i: usize, level: usize) {
        if !self.going() {
            return;
        }
        if let Some(tasks) = &mut self.collect {
            if i == TASK_ROWS.min(self.plan.order.len()) {
                tasks.push(self.placed.clone());
                return;
            }
        }
        if i == self.plan.order.len() {
            return self.found();
        }
        let row = match i < self.plan.fixed {
            true => self.plan.order[i],
            false => self.fewest_free(level),
        };
        let fill = self.plan.problem.row_fill[row];
        self.in_row(i, row, fill, 0, 0, level);
    }

    /// Puts `left` more pieces in `row` (the `i`th of the order), at
    /// columns `from` or after, `pattern` the row's pieces so far.
    fn in_row(&mut self, i: usize, row: usize, left: u32, from: usize, pattern: u64, level: usize) {
        if left == 0 {
            if !self.kept_by_mirrors(i, pattern) {
                return;
            }
            self.patterns[row] = pattern;
            self.open &= !(1 << row);
            if self.room_after(level) {
                self.rows_from(i + 1, level);
            }
            self.open |= 1 << row;
            return;
        }
        let mut free = self.levels[level][row] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        while free.count_ones() >= left {
            let column = free.trailing_zeros() as usize;
            free &= free - 1;
            self.place(row * self.plan.problem.width + column, level);
            self.in_row(
                i,
                row,
                left - 1,
                column + 1,
                pattern | 1 << column,
                level + 1,
            );
            self.unplace();
            if !self.going() {
                return;
            }
        }
    }

    /// Whether the `i`th row of the order filled with `pattern` is one the
    /// mirrors keep: the first row no greater than its mirror image, the
    /// second of the two rows the row mirror swaps no less than the first.
    fn kept_by_mirrors(&self, i: usize, pattern: u64) -> bool {
        if i == 0 && self.plan.mirror && pattern > self.plan.mirrored(pattern) {
            return false;
        }
        match self.plan.swapped {
            Some((first, second)) if i == second => {
                let other = self.patterns[self.plan.order[first]];
                self.plan.compared(pattern) >= self.plan.compared(other)
            }
            _ => true,
        }
    }

    /// The open row with the fewest free cells beyond its pieces (the
    /// first of them from the middle outward): the row of the fewest
    /// fillings, where a dead end shows soonest.
    fn fewest_free(&self, level: usize) -> usize {
        let p = self.plan.problem;
        let free = &self.levels[level];
        let slack = |row: usize| free[row].count_ones() - p.row_fill[row];
        let mut open = self
            .plan
            .order
            .iter()
            .filter(|&&row| self.open >> row & 1 == 1);
        let first = *open.next().expect("an open row");
        open.fold(first, |best, &row| match slack(row) < slack(best) {
            true => row,
            false => best,
        })
    }

    /// Whether the open rows each have room for their pieces, and each
    /// column (filled too) for what it lacks.
    fn room_after(&self, level: usize) -> bool {
        let p = self.plan.problem;
        let free = &self.levels[level];
        let (mut once, mut twice) = (0u64, 0u64);
        let mut open = self.open;
        while open != 0 {
            let row = open.trailing_zeros() as usize;
            open &= open - 1;
            if free[row].count_ones() < p.row_fill[row] {
                return false;
            }
            twice |= once & free[row];
            once |= free[row];
        }
        let open_rows = self.open.count_ones() as usize;
        let Some(fill) = &p.column_fill else {
            return true;
        };
        (0..p.width).all(|c| {
            let lacks = fill[c] - self.columns[c];
            let bit = 1u64 << c;
            match lacks {
                0 => true,
                1 => once & bit != 0,
                _ => twice & bit != 0 && lacks as usize <= open_rows,
            }
        })
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
            self.shared
                .first_found
                .fetch_min(self.task, Ordering::Relaxed);
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
            self.shared.ended.store(true, Ordering::Relaxed);
        }
    }

    /// Searches from the pieces of `task` on.
    fn run(&mut self, task: &[usize], index: usize) {
        self.task = index;
        let width = self.plan.problem.width;
        let filled = TASK_ROWS.min(self.plan.order.len());
        for &row in &self.plan.order[..filled] {
            self.patterns[row] = 0;
            self.open &= !(1 << row);
        }
        for (level, &cell) in task.iter().enumerate() {
            self.place(cell, level);
            self.patterns[cell / width] |= 1 << (cell % width);
        }
        self.rows_from(filled, task.len());
        for _ in task {
            self.unplace();
        }
        for &row in &self.plan.order[..filled] {
            self.open |= 1 << row;
        }
    }
}

/// The least of `cells`' images under the problem's symmetries (itself
/// included), sorted.
pub fn least_image(problem: &Problem, cells: &[usize]) -> Vec<usize> {
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

/// Every class of boards of `problem`, on `threads` threads, until
/// `stop`, telling `searched` the nodes so far; past `keep` classes the
/// search stops ([`Listed::overflowed`]).
pub fn every(
    problem: &Problem,
    threads: usize,
    stop: &Stop,
    searched: &mut dyn FnMut(u64),
    keep: usize,
) -> Listed {
    every_within(problem, threads, stop, searched, keep, pairs::MAX_BYTES)
}

/// [`every`], with a [`PairTable`] of at most `table_bytes`.
fn every_within(
    problem: &Problem,
    threads: usize,
    stop: &Stop,
    searched: &mut dyn FnMut(u64),
    keep: usize,
    table_bytes: usize,
) -> Listed {
    let plan = Plan::new(problem, table_bytes);
    let shared = search(&plan, threads, stop, searched, keep, false);
    let complete = !shared.ended.load(Ordering::Relaxed);
    Listed {
        classes: shared
            .classes
            .into_inner()
            .expect("the threads have ended")
            .into_iter()
            .collect(),
        complete,
        overflowed: shared.overflowed.load(Ordering::Relaxed),
        nodes: shared.nodes.load(Ordering::Relaxed),
    }
}

/// What the search for a first board ended with.
#[derive(Debug, PartialEq, Eq)]
pub enum First {
    /// A board (cells), the least image of the first found in the first
    /// task that has one.
    Board(Vec<usize>),
    /// No board exists.
    None,
    /// The stop came first.
    Stopped,
}

/// The first board of `problem` on `threads` threads, until `stop`, and
/// the nodes searched.
pub fn first(problem: &Problem, threads: usize, stop: &Stop) -> (First, u64) {
    let plan = Plan::new(problem, pairs::MAX_BYTES);
    let shared = search(&plan, threads, stop, &mut |_| {}, usize::MAX, true);
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let first_task = shared.first_found.load(Ordering::Relaxed);
    let boards = shared.boards.into_inner().expect("the threads have ended");
    let board = boards
        .into_iter()
        .filter(|(task, _)| *task == first_task)
        .map(|(_, board)| board)
        .min();
    let first = match board {
        Some(board) => First::Board(board),
        None if shared.ended.load(Ordering::Relaxed) => First::Stopped,
        None => First::None,
    };
    (first, nodes)
}

/// How long the calling thread sleeps between two looks at the threads.
const NAP: Duration = Duration::from_millis(50);

/// Runs the search on `threads` threads: the first rows' fillings
/// collected as tasks on this thread, then taken in order by the threads.
fn search<'s>(
    plan: &Plan,
    threads: usize,
    stop: &'s Stop,
    searched: &mut dyn FnMut(u64),
    keep: usize,
    first: bool,
) -> Shared<'s> {
    let shared = Shared {
        stop,
        ended: AtomicBool::new(false),
        next: AtomicUsize::new(0),
        first_found: AtomicUsize::new(usize::MAX),
        nodes: AtomicU64::new(0),
        classes: Mutex::new(BTreeSet::new()),
        keep,
        overflowed: AtomicBool::new(false),
        first,
        boards: Mutex::new(Vec::new()),
    };
    if !plan.problem.feasible {
        return shared;
    }
    let mut collector = Walker::new(plan, &shared);
    collector.collect = Some(Vec::new());
    collector.rows_from(0, 0);
    let tasks = collector.collect.take().unwrap_or_default();
    shared.nodes.fetch_add(collector.nodes, Ordering::Relaxed);
    let finished = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (shared, tasks, finished) = (&shared, &tasks, &finished);
            scope.spawn(move || {
                let mut walker = Walker::new(plan, shared);
                loop {
                    let index = shared.next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = tasks.get(index) else { break };
                    if shared.ended.load(Ordering::Relaxed)
                        || (first && shared.first_found.load(Ordering::Relaxed) < index)
                    {
                        break;
                    }
                    walker.run(task, index);
                    shared
                        .nodes
                        .fetch_add(std::mem::take(&mut walker.nodes), Ordering::Relaxed);
                }
                finished.fetch_add(1, Ordering::Relaxed);
            });
        }
        while finished.load(Ordering::Relaxed) < threads.max(1) {
            thread::sleep(NAP);
            searched(shared.nodes.load(Ordering::Relaxed));
        }
    });
    searched(shared.nodes.load(Ordering::Relaxed));
    shared
}

#[cfg(test)]
mod tests {
    use super::{every_within, Problem};
    use crate::instance::{load_source, LoadOptions};
    use crate::solve::Stop;

    /// The classes of `source`'s boards on `threads`, with the pair table
    /// or counting every limit.
    fn classes(source: &str, threads: usize, table: bool) -> Vec<Vec<usize>> {
        let instance = load_source("rows.qspec", source, &[], &LoadOptions::default()).unwrap();
        let problem = Problem::of(&instance.model).unwrap();
        let bytes = if table { super::pairs::MAX_BYTES } else { 0 };
        let listed = every_within(
            &problem,
            threads,
            &Stop::new(None),
            &mut |_| {},
            usize::MAX,
            bytes,
        );
        assert!(listed.complete);
        listed.classes
    }

    #[test]
    fn the_pair_table_and_counting_every_limit_find_the_same_classes() {
        // No three in line on 7 x 7 (22 classes, A000769) and on 6 x 8;
        // limits of one piece beside limits of two, and of two beside three.
        let models = [
            ("board 7 x 7\ncount per line <= 2\ncount == 14\n", Some(22)),
            ("board 6 x 8\ncount per line <= 2\ncount == 12\n", None),
            (
                "board 6 x 6\ncount per row <= 1\ncount per column <= 1\ncount per line <= 2\ncount == 6\n",
                None,
            ),
            (
                "board 5 x 5\ncount per row <= 2\ncount per column <= 2\ncount per line <= 3\ncount == 10\n",
                None,
            ),
        ];
        for (source, known) in models {
            let counted = classes(source, 1, false);
            assert!(!counted.is_empty(), "{source}");
            if let Some(known) = known {
                assert_eq!(counted.len(), known, "{source}");
            }
            assert_eq!(classes(source, 1, true), counted, "{source}");
            assert_eq!(classes(source, 2, true), counted, "{source}");
        }
    }
}
