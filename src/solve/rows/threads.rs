//! The row search's work shared by threads: the fillings of the first
//! lines are tasks, collected on the calling thread and taken by the
//! threads in order through the search driver ([`crate::solve::driver`]);
//! the boards found are sorted, so a listing is the same on any number of
//! threads, and so is the first board ([`first`]): the one of the first
//! task that has any.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::pairs;
use super::plan::Plan;
use super::problem::Problem;
use super::search::{Shared, Walker};
use crate::solve::driver::{self, Tasks, Worker};
use crate::solve::Stop;

/// The tasks the threads share are the fillings of the fewest first lines
/// that give this many (or of all the lines filled first): enough for
/// the threads to share the work evenly, though some take a thousand
/// times longer than others. A constant, not a number by the threads, so
/// that the first board found is the same on any number of them.
const TASKS_WANTED: usize = 4096;

/// What a listing found.
#[derive(Debug, Default)]
pub struct Listed {
    /// One member of each class (the least image), as cells, sorted.
    pub classes: Vec<Vec<usize>>,
    /// Whether the search went to the end.
    pub complete: bool,
    /// Whether it stopped at the most classes it keeps.
    pub overflowed: bool,
    /// Nodes (lines and pieces tried), on all threads.
    pub nodes: u64,
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
    let complete = !shared.tasks.halted();
    Listed {
        classes: shared
            .classes
            .into_inner()
            .expect("the threads have ended")
            .into_iter()
            .collect(),
        complete,
        overflowed: shared.overflowed.load(Ordering::Relaxed),
        nodes: shared.tasks.nodes(),
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
    let nodes = shared.tasks.nodes();
    let first_task = shared.tasks.first_found();
    let boards = shared.boards.into_inner().expect("the threads have ended");
    let board = boards
        .into_iter()
        .filter(|(task, _)| *task == first_task)
        .map(|(_, board)| board)
        .min();
    let first = match board {
        Some(board) => First::Board(board),
        None if shared.tasks.halted() => First::Stopped,
        None => First::None,
    };
    (first, nodes)
}

/// The tasks: the fillings of the fewest first lines that give
/// [`TASKS_WANTED`] (or of the whole prefix), and how many lines they fill.
fn tasks(plan: &Plan, shared: &Shared) -> (usize, Vec<Vec<usize>>) {
    let mut collector = Walker::new(plan, shared);
    let mut lines = 0;
    loop {
        lines += 1;
        collector.nodes = 0;
        collector.task_lines = lines;
        collector.collect = Some(Vec::new());
        if let Some(level) = collector.settle(0) {
            collector.lines_from(0, level);
            collector.unplace_to(0);
        }
        let tasks = collector.collect.take().unwrap_or_default();
        if tasks.len() >= TASKS_WANTED || lines >= plan.prefix.len() {
            shared.tasks.add_nodes(collector.nodes);
            return (lines, tasks);
        }
    }
}

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
        tasks: Tasks::new(stop, first),
        classes: Mutex::new(BTreeSet::new()),
        keep,
        overflowed: AtomicBool::new(false),
        first,
        boards: Mutex::new(Vec::new()),
    };
    if !plan.problem.feasible {
        return shared;
    }
    let (task_lines, tasks) = tasks(plan, &shared);
    let worker = || {
        let mut walker = Walker::new(plan, &shared);
        walker.task_lines = task_lines;
        Filler {
            walker,
            tasks: &tasks,
        }
    };
    driver::run(
        &shared.tasks,
        tasks.len(),
        threads,
        "rows",
        worker,
        searched,
    );
    shared
}

/// One thread's search of the tasks: the fillings of the first lines.
struct Filler<'a, 'p, 's> {
    walker: Walker<'p, 's>,
    tasks: &'a [Vec<usize>],
}

impl Worker for Filler<'_, '_, '_> {
    fn search(&mut self, task: usize) {
        self.walker.run(&self.tasks[task], task);
    }

    fn take_nodes(&mut self) -> u64 {
        std::mem::take(&mut self.walker.nodes)
    }
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
        let bytes = if table {
            super::super::pairs::MAX_BYTES
        } else {
            0
        };
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
