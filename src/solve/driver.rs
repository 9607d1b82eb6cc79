//! The driver of the searches qspec runs itself on several threads, in
//! one of two ways:
//!
//! * the search cut into tasks before it starts (the row search, the
//!   armies search), numbered in the order the search on one thread would
//!   take them and taken in that order by the threads, with one record of
//!   the nodes, of the stop (a deadline, a signal, a caller's cancel), of
//!   the end (what the search looked for is found, or it keeps no more),
//!   and of the first task that found something, so that a search for one
//!   answer gives the one the search on one thread gives, on any number of
//!   threads ([`Tasks`]; an engine brings its [`Worker`] — its branching
//!   and its bounds — and nothing else; [`run`]);
//! * tasks handed between threads as they go (the clique search): a busy
//!   thread hands a branch to a thread that waits ([`Handing`]).
//!
//! Either way the threads are started, and the nodes so far told, by
//! [`watch`].

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use super::oracle::Stop;
use crate::threads::crew;

/// How often the calling thread looks at the threads, and how often it
/// tells the nodes so far.
#[derive(Clone, Copy, Debug)]
pub struct Cadence {
    /// Between two looks.
    pub nap: Duration,
    /// Between two tellings (a look at least).
    pub tell: Duration,
}

/// The row and armies searches' cadence: a look and a telling every 50 ms.
const TASKS_CADENCE: Cadence = Cadence {
    nap: Duration::from_millis(50),
    tell: Duration::ZERO,
};

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
    tasks.count.store(count, Ordering::Relaxed);
    let work = |_| {
        let mut worker = worker();
        while let Some(task) = tasks.take().filter(|_| !worker.idle()) {
            worker.search(task);
            tasks.add_nodes(worker.take_nodes());
        }
        tasks.add_nodes(worker.take_nodes());
    };
    let so_far = || tasks.nodes();
    watch(threads, name, STACK, work, TASKS_CADENCE, so_far, searched);
}

/// Runs `work(i)` on `threads` threads (named `name-i`, `stack` bytes of
/// stack each); meanwhile the calling thread tells `searched` what
/// `so_far` says at the `cadence`, and once more when they have all ended.
pub fn watch(
    threads: usize,
    name: &str,
    stack: usize,
    work: impl Fn(usize) + Sync,
    cadence: Cadence,
    so_far: impl Fn() -> u64,
    searched: &mut dyn FnMut(u64),
) {
    let threads = threads.max(1);
    let finished = AtomicUsize::new(0);
    let work = |i| {
        work(i);
        finished.fetch_add(1, Ordering::Relaxed);
    };
    crew(name, threads, stack, work, || {
        let mut told = std::time::Instant::now();
        while finished.load(Ordering::Relaxed) < threads {
            std::thread::sleep(cadence.nap);
            if told.elapsed() >= cadence.tell {
                searched(so_far());
                told = std::time::Instant::now();
            }
        }
    });
    searched(so_far());
}

/// Tasks handed between the threads of one search as they go: a busy
/// thread hands a branch to a thread that waits for work, so work moves
/// only when a thread would otherwise idle.
pub struct Handing<T> {
    queue: Mutex<Queue<T>>,
    ready: Condvar,
    /// Threads waiting for a task, and tasks waiting for a thread.
    idle: AtomicUsize,
    queued: AtomicUsize,
    threads: usize,
    /// Tasks handed from one thread to another.
    handed: AtomicU64,
}

struct Queue<T> {
    tasks: VecDeque<T>,
    /// Every thread waits and no task is left, or the search halted.
    over: bool,
}

/// How long a thread waiting for a task sleeps before it looks again.
const WAIT: Duration = Duration::from_millis(20);

impl<T> Handing<T> {
    /// The hand-over of a search on `threads` threads.
    pub fn new(threads: usize) -> Handing<T> {
        Handing {
            queue: Mutex::new(Queue {
                tasks: VecDeque::new(),
                over: false,
            }),
            ready: Condvar::new(),
            idle: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            threads: threads.max(1),
            handed: AtomicU64::new(0),
        }
    }

    /// The threads of the search.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether a thread waits for a task.
    pub fn hungry(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > self.queued.load(Ordering::Relaxed)
    }

    /// Hands `task` from a busy thread to a waiting one.
    pub fn hand(&self, task: T) {
        self.handed.fetch_add(1, Ordering::Relaxed);
        self.give(task);
    }

    /// Queues `task` for a waiting thread.
    pub fn give(&self, task: T) {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.tasks.push_back(task);
        self.queued.fetch_add(1, Ordering::Relaxed);
        self.ready.notify_one();
    }

    /// The next task, waiting for one; `None` once every thread waits and
    /// none is left, or once `halted` says the search is over (asked as
    /// the thread waits).
    pub fn take(&self, halted: impl Fn() -> bool) -> Option<T> {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        let mut waiting = false;
        loop {
            if let Some(task) = queue.tasks.pop_front() {
                self.queued.fetch_sub(1, Ordering::Relaxed);
                if waiting {
                    self.idle.fetch_sub(1, Ordering::Relaxed);
                }
                return Some(task);
            }
            if !waiting {
                waiting = true;
                if self.idle.fetch_add(1, Ordering::Relaxed) + 1 == self.threads {
                    queue.over = true;
                }
            }
            if halted() {
                queue.over = true;
            }
            if queue.over {
                self.ready.notify_all();
                return None;
            }
            queue = self
                .ready
                .wait_timeout(queue, WAIT)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The tasks handed from one thread to another.
    pub fn handed(&self) -> u64 {
        self.handed.load(Ordering::Relaxed)
    }
}
