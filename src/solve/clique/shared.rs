//! What the threads of one search share: the best size (an atomic every
//! thread prunes with), the set found and where, whether to go on, and the
//! tasks handed between them (the search driver's
//! [`Handing`](crate::solve::driver::Handing)).

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::super::oracle::Stop;
use super::task::{End, Task};
use crate::solve::driver::Handing;

/// Whether a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// It does.
    On,
    /// It stops: the deadline or a stop, or the task is pointless now.
    Stop,
}

/// What the threads of one search share.
pub struct Shared<'a> {
    stop: &'a Stop,
    goal: usize,
    /// Whether any set of the goal's size will do (`count >= m`): the
    /// first in the order of the search on one thread is kept.
    deciding: bool,
    /// The size a set must exceed to be recorded.
    best: AtomicUsize,
    found: Mutex<Found>,
    /// A set of the goal's size was found (deciding: `found.path` is the
    /// earliest so far).
    reached: AtomicBool,
    /// A search stopped on the deadline or a stop.
    stopped: AtomicBool,
    /// The tasks handed between the threads.
    pub(super) handing: Handing<Task>,
    pub(super) nodes: AtomicU64,
    /// Nodes searched so far on all threads, counted as they go (in steps
    /// of the search's check interval: for progress, not for the record).
    pub(super) searching: AtomicU64,
    /// Collecting ([`Shared::collecting`]): every set of a size in
    /// `best + 1..=goal` found, each as the least image of its class.
    collected: Option<Mutex<BTreeSet<Vec<u32>>>>,
    /// The most classes kept when collecting.
    keep: usize,
}

/// How a search ended.
pub struct Outcome {
    /// Why it ended.
    pub end: End,
    /// The best set found (in search order).
    pub set: Option<Vec<u32>>,
    /// Nodes searched, on all threads.
    pub nodes: u64,
    /// Branches handed from one thread to another.
    pub handed: u64,
}

/// What a collecting search found ([`Shared::collecting`]).
pub struct Collected {
    /// Each class of sets found, as its least image under the group (in
    /// search positions), in order.
    pub classes: Vec<Vec<u32>>,
    /// Whether everything was searched (else a stop came first, and there
    /// may be more).
    pub complete: bool,
    /// Whether the search stopped at the most classes it keeps
    /// ([`COLLECT_LIMIT`] unless told otherwise).
    pub overflowed: bool,
    /// Nodes searched, on all threads.
    pub nodes: u64,
}

pub use crate::solve::every::COLLECT_LIMIT;

#[derive(Default)]
struct Found {
    set: Option<Vec<u32>>,
    path: Vec<u32>,
}

impl Outcome {
    /// A search that ended before it began.
    pub fn nothing(end: End, set: Option<Vec<u32>>) -> Outcome {
        Outcome {
            end,
            set,
            nodes: 0,
            handed: 0,
        }
    }
}

impl<'a> Shared<'a> {
    /// A search for a set larger than `best` (`found`, if one is known
    /// already), ending at one of `goal`, on `threads` threads.
    pub fn new(
        stop: &'a Stop,
        best: usize,
        found: Option<Vec<u32>>,
        goal: usize,
        deciding: bool,
        threads: usize,
    ) -> Shared<'a> {
        Shared {
            stop,
            goal,
            deciding,
            best: AtomicUsize::new(best),
            found: Mutex::new(Found {
                set: found,
                path: Vec::new(),
            }),
            reached: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            handing: Handing::new(threads),
            nodes: AtomicU64::new(0),
            searching: AtomicU64::new(0),
            collected: None,
            keep: COLLECT_LIMIT,
        }
    }

    /// A search for every set of `sizes` (the smallest at least 1), on
    /// `threads` threads: the sizes bound the search as a best and a goal
    /// that never move, and each set found is kept ([`Shared::collect`]),
    /// up to `keep` classes.
    pub fn collecting(
        stop: &'a Stop,
        sizes: std::ops::RangeInclusive<usize>,
        threads: usize,
        keep: usize,
    ) -> Shared<'a> {
        let (least, most) = sizes.into_inner();
        assert!(least >= 1, "collecting sets of at least one vertex");
        Shared {
            collected: Some(Mutex::new(BTreeSet::new())),
            keep,
            ..Shared::new(stop, least - 1, None, most, false, threads)
        }
    }

    /// Whether every set is collected rather than the best one kept.
    pub fn is_collecting(&self) -> bool {
        self.collected.is_some()
    }

    /// Keeps `class` (a set's least image under the group) when collecting.
    /// Past the most it keeps the search stops (as if a goal were
    /// reached), and says so ([`Collected::overflowed`]).
    pub fn collect(&self, class: Vec<u32>) {
        if let Some(collected) = &self.collected {
            let mut collected = collected.lock().unwrap_or_else(|e| e.into_inner());
            collected.insert(class);
            if collected.len() > self.keep {
                self.reached.store(true, Ordering::Relaxed);
            }
        }
    }

    /// What a collecting search found.
    pub fn into_collected(self) -> Collected {
        let classes = self
            .collected
            .map(|c| c.into_inner().unwrap_or_else(|e| e.into_inner()))
            .unwrap_or_default();
        let overflowed = self.reached.into_inner();
        Collected {
            classes: classes.into_iter().collect(),
            complete: !self.stopped.into_inner() && !overflowed,
            overflowed,
            nodes: self.nodes.into_inner(),
        }
    }

    /// The size a set must exceed to be recorded.
    pub fn best(&self) -> usize {
        self.best.load(Ordering::Relaxed)
    }

    /// The size that ends the search.
    pub fn goal(&self) -> usize {
        self.goal
    }

    /// Records `set` (found at `path`): while maximising, if it is better
    /// than the best; deciding (where the best stays below the goal, so
    /// that every thread looks for the same sets), if it is the first
    /// found or earlier in the order than the one kept.
    pub fn record(&self, set: &[u32], path: &[u32]) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if self.deciding {
            if set.len() >= self.goal
                && (!self.reached.load(Ordering::Relaxed) || path < found.path.as_slice())
            {
                found.set = Some(set.to_vec());
                found.path = path.to_vec();
                self.reached.store(true, Ordering::Relaxed);
            }
            return;
        }
        if set.len() <= self.best() {
            return;
        }
        found.set = Some(set.to_vec());
        found.path = path.to_vec();
        self.best.store(set.len(), Ordering::Relaxed);
        if set.len() >= self.goal {
            self.reached.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a search at `path` goes on: not past the deadline or a
    /// stop, nor (once a set of the goal's size is found) past that set in
    /// the order when deciding, nor at all when maximising.
    pub fn go_on(&self, path: &[u32]) -> Go {
        if self.stop.now() {
            self.stopped.store(true, Ordering::Relaxed);
            return Go::Stop;
        }
        if self.reached.load(Ordering::Relaxed) {
            if !self.deciding {
                return Go::Stop;
            }
            let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
            if path > found.path.as_slice() {
                return Go::Stop;
            }
        }
        Go::On
    }

    /// Whether a thread waits for a task.
    pub fn hungry(&self) -> bool {
        self.handing.hungry()
    }

    /// Hands `task` from a busy thread to a waiting one.
    pub fn hand(&self, task: Task) {
        self.handing.hand(task);
    }

    /// Queues `task` for a waiting thread.
    pub fn give(&self, task: Task) {
        self.handing.give(task);
    }

    /// The next task, waiting for one; `None` once every thread waits and
    /// none is left, or on a stop, or once a maximising search reached its
    /// goal.
    pub(super) fn take(&self) -> Option<Task> {
        self.handing.take(|| {
            if self.stop.now() {
                self.stopped.store(true, Ordering::Relaxed);
                return true;
            }
            self.reached.load(Ordering::Relaxed) && !self.deciding
        })
    }

    /// How the search ended.
    pub fn outcome(self) -> Outcome {
        let found = self.found.into_inner().unwrap_or_else(|e| e.into_inner());
        let end = if self.reached.into_inner() {
            End::Reached
        } else if self.stopped.into_inner() {
            End::Stopped
        } else {
            End::Exhausted
        };
        Outcome {
            end,
            set: found.set,
            handed: self.handing.handed(),
            nodes: self.nodes.into_inner(),
        }
    }
}
