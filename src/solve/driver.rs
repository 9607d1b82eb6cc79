//! The driver of the searches qspec runs itself on several threads (the
//! row search, the armies search): the search cut into tasks, numbered in
//! the order the search on one thread would take them, taken in that order
//! by the threads; one record of the nodes, of the stop (a deadline, a
//! signal, a caller's cancel), of the end (what the search looked for is
//! found, or it keeps no more), and of the first task that found
//! something, so that a search for one answer gives the one the search on
//! one thread gives, on any number of threads ([`Tasks`]). An engine
//! brings its worker ([`Worker`]: its branching and its bounds) and
//! nothing else; [`run`] starts the threads and tells the nodes so far.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use super::oracle::Stop;
use crate::threads::crew;

/// How long the calling thread sleeps between two looks at the threads.
const NAP: Duration = Duration::from_millis(50);

/// The stack of a search thread (a thread's default: the searches here
/// recurse a level a line).
const STACK: usize = 2 << 20;

/// The tasks of one search, and what its threads share about them.
pub struct Tasks<'s> {
    stop: &'s Stop,
    /// How many ([`run`] sets it).
    count: AtomicUsize,
    /// Looking for one answer: the first task that finds one is the
    /// answer's, and the tasks after it are not searched.
    first_only: bool,
    next: AtomicUsize,
    /// What the search looked for is found, or it keeps no more.
    ended: AtomicBool,
    /// The stop came first.
    stopped: AtomicBool,
    nodes: AtomicU64,
    first_found: AtomicUsize,
}

impl<'s> Tasks<'s> {
    /// The tasks of a search until `stop` (counted when they are run:
    /// the search may look at the stop while it makes them); with
    /// `first_only`, for one answer.
    pub fn new(stop: &'s Stop, first_only: bool) -> Tasks<'s> {
        Tasks {
            stop,
            count: AtomicUsize::new(0),
            first_only,
            next: AtomicUsize::new(0),
            ended: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            first_found: AtomicUsize::new(usize::MAX),
        }
    }

    /// The next task for a thread: `None` once every task is taken, the
    /// search has ended or stopped, or (for one answer) the next is past a
    /// task that found it.
    pub fn take(&self) -> Option<usize> {
        let index = self.next.fetch_add(1, Ordering::Relaxed);
        let past_first = self.first_only && self.first_found() < index;
        let count = self.count.load(Ordering::Relaxed);
        (index < count && !self.halted() && !past_first).then_some(index)
    }

    /// Whether the search is to stop: ended or stopped.
    pub fn halted(&self) -> bool {
        self.ended.load(Ordering::Relaxed) || self.stopped.load(Ordering::Relaxed)
    }

    /// Looks at the stop (a thread calls it every few thousand nodes);
    /// whether the search is to stop.
    pub fn look(&self) -> bool {
        if self.stop.now() {
            self.stopped.store(true, Ordering::Relaxed);
        }
        self.halted()
    }

    /// What the search looked for is found, or it keeps no more: every
    /// thread ends.
    pub fn end(&self) {
        self.ended.store(true, Ordering::Relaxed);
    }

    /// Whether the stop came first.
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Task `task` found an answer (for one answer).
    pub fn found_in(&self, task: usize) {
        self.first_found.fetch_min(task, Ordering::Relaxed);
    }

    /// The first task that found an answer (`usize::MAX`: none yet).
    pub fn first_found(&self) -> usize {
        self.first_found.load(Ordering::Relaxed)
    }

    /// Whether task `task` need not go on: for one answer, it or an
    /// earlier task has found it.
    pub fn passed(&self, task: usize) -> bool {
        self.first_only && self.first_found() <= task
    }

    /// `nodes` more searched.
    pub fn add_nodes(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The nodes searched so far, on every thread.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// One thread's search, as an engine brings it to the driver.
pub trait Worker {
    /// Whether it has nothing to search (where it starts is no node of the
    /// search): it takes no task, and its nodes are counted all the same.
    fn idle(&self) -> bool {
        false
    }
    /// Searches task `task`.
    fn search(&mut self, task: usize);
    /// The nodes searched since the last call.
    fn take_nodes(&mut self) -> u64;
}

/// Runs `count` tasks of `tasks` on `threads` threads (named `name-i`): each
/// thread makes its worker with `worker` and searches every task it takes
/// (none when the worker is idle), its nodes counted after each;
/// meanwhile the calling thread tells `searched` the nodes so far.
pub fn run<W: Worker>(
    tasks: &Tasks,
    count: usize,
    threads: usize,
    name: &str,
    worker: impl Fn() -> W + Sync,
    searched: &mut dyn FnMut(u64),
) {
    let threads = threads.max(1);
    tasks.count.store(count, Ordering::Relaxed);
    let finished = AtomicUsize::new(0);
    let work = |_| {
        let mut worker = worker();
        while let Some(task) = tasks.take().filter(|_| !worker.idle()) {
            worker.search(task);
            tasks.add_nodes(worker.take_nodes());
        }
        tasks.add_nodes(worker.take_nodes());
        finished.fetch_add(1, Ordering::Relaxed);
    };
    crew(name, threads, STACK, work, || {
        while finished.load(Ordering::Relaxed) < threads {
            std::thread::sleep(NAP);
            searched(tasks.nodes());
        }
    });
    searched(tasks.nodes());
}
