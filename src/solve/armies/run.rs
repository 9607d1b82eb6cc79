//! The armies search shared out between threads: the colourings of the
//! next [`TASK_LINES`] lines below a start are the tasks, taken in turn,
//! each searched depth first under one [`Goal`] — the largest armies
//! ([`best`]), armies of one size ([`decide`]), or every board of one size
//! ([`super::list`]). A start is the whole search, or one leaf of a plan
//! cut into parts for other processes ([`super::split`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::search::{Colouring, Plan, Walker};
use crate::solve::driver::{self, Tasks, Worker};
use crate::solve::Stop;

/// Lines whose colourings are the tasks the threads share (2^12 tasks).
pub(super) const TASK_LINES: usize = 12;

/// Where a search starts: the first `depth` lines coloured as the bits of
/// `colours` (line 0 the highest; a set bit is the first army's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// The colours, line 0 the highest bit.
    pub colours: u64,
    /// The lines coloured.
    pub depth: usize,
}

impl Start {
    /// The whole search.
    pub const ROOT: Start = Start {
        colours: 0,
        depth: 0,
    };
}

/// What a search looks for.
pub(super) trait Goal: Sync {
    /// The size both armies must still reach below a node for it to be
    /// searched.
    fn target(&self) -> u32;

    /// Takes a leaf (every branched line coloured) at which both armies
    /// reach [`Goal::target`]; `true` ends the search (it found what it
    /// looked for).
    fn leaf(&self, walker: &mut Walker) -> bool;
}

/// How a search ended.
pub(super) struct Ran {
    /// Whether it went through every task or its goal ended it (else
    /// `stop` stopped it).
    pub complete: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// Searches below `start` for `goal` on `threads` threads until `stop`.
pub(super) fn run(plan: &Plan, start: Start, threads: usize, stop: &Stop, goal: &dyn Goal) -> Ran {
    let tasks = Tasks::new(stop, false);
    let task_lines = TASK_LINES.min(plan.n_lines().saturating_sub(start.depth));
    let worker = || {
        let mut walker = Walker::new(plan);
        let entered = walker.enter(start.colours, 0, start.depth, goal.target());
        let mark = walker.trail.len();
        Colourer {
            walker,
            entered,
            mark,
            from: start.depth,
            depth: start.depth + task_lines,
            tasks: &tasks,
            goal,
        }
    };
    driver::run(
        &tasks,
        1 << task_lines,
        threads,
        "armies",
        worker,
        &mut |_| {},
    );
    Ran {
        complete: !tasks.stopped(),
        nodes: tasks.nodes(),
    }
}

/// One thread's search of the tasks: the colourings of the next
/// [`TASK_LINES`] lines below the start.
struct Colourer<'p, 'a> {
    walker: Walker<'p>,
    /// Whether the start is a node of the search (else there is nothing
    /// below it to search).
    entered: bool,
    /// The trail at the start.
    mark: usize,
    /// The lines the start colours, and the lines a task colours them to.
    from: usize,
    depth: usize,
    tasks: &'a Tasks<'a>,
    goal: &'a dyn Goal,
}

impl Worker for Colourer<'_, '_> {
    fn idle(&self) -> bool {
        !self.entered
    }

    fn search(&mut self, task: usize) {
        let (from, depth) = (self.from, self.depth);
        if self
            .walker
            .enter(task as u64, from, depth, self.goal.target())
        {
            descend(&mut self.walker, depth, self.tasks, self.goal);
        }
        self.walker.undo(self.mark);
    }

    fn take_nodes(&mut self) -> u64 {
        std::mem::take(&mut self.walker.nodes)
    }
}

/// The depth-first search below `depth`.
fn descend(walker: &mut Walker, depth: usize, tasks: &Tasks, goal: &dyn Goal) {
    if walker.nodes & 0xfff == 0 {
        tasks.look();
    }
    if tasks.halted() {
        return;
    }
    if depth == walker.plan.n_lines() {
        if goal.leaf(walker) {
            tasks.end();
        }
        return;
    }
    for first in [true, false] {
        let mark = walker.trail.len();
        walker.colour(depth, first);
        if walker.viable(depth + 1, goal.target()) {
            descend(walker, depth + 1, tasks, goal);
        }
        walker.undo(mark);
    }
}

/// What a search ended with.
pub struct Outcome {
    /// The best colouring found, if any.
    pub best: Option<Colouring>,
    /// Whether the search went through every colouring (else it stopped).
    pub complete: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// The largest armies: the best size found, and who holds it.
struct Best {
    size: AtomicU64,
    holder: Mutex<Option<Colouring>>,
}

impl Goal for Best {
    fn target(&self) -> u32 {
        self.size.load(Ordering::Relaxed) as u32 + 1
    }

    fn leaf(&self, walker: &mut Walker) -> bool {
        // Another thread may have raised the best since this leaf was
        // judged: count up from what is known to be reached.
        let size = walker.size_at_leaf(self.target() - 1);
        let mut holder = self.holder.lock().unwrap_or_else(|e| e.into_inner());
        if holder.as_ref().is_none_or(|h| h.size < size) {
            self.size.fetch_max(u64::from(size), Ordering::Relaxed);
            *holder = Some(walker.colouring(size));
        }
        false
    }
}

/// The largest armies below `start`, on `threads` threads until `stop`.
pub fn best(plan: &Plan, start: Start, threads: usize, stop: &Stop) -> Outcome {
    let goal = Best {
        size: AtomicU64::new(0),
        holder: Mutex::new(None),
    };
    let ran = run(plan, start, threads, stop, &goal);
    let found = goal.holder.into_inner().unwrap_or_else(|e| e.into_inner());
    settle(plan, start, found, ran)
}

/// Armies of one size: the first leaf found that reaches it.
struct Decide {
    size: u32,
    found: Mutex<Option<Colouring>>,
}

impl Goal for Decide {
    fn target(&self) -> u32 {
        self.size
    }

    fn leaf(&self, walker: &mut Walker) -> bool {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.get_or_insert_with(|| walker.colouring(self.size));
        true
    }
}

/// Armies of `size` each below `start`, or that there are none, on
/// `threads` threads until `stop`.
pub fn decide(plan: &Plan, start: Start, size: u32, threads: usize, stop: &Stop) -> Outcome {
    let goal = Decide {
        size,
        found: Mutex::new(None),
    };
    let ran = run(plan, start, threads, stop, &goal);
    let found = goal.found.into_inner().unwrap_or_else(|e| e.into_inner());
    settle(plan, start, found, ran)
}

/// The outcome of a search that found `found`: in place of it, the first
/// colouring in the search's order that reaches its size, so the answer
/// is the same on any number of threads.
fn settle(plan: &Plan, start: Start, found: Option<Colouring>, ran: Ran) -> Outcome {
    let first = found
        .as_ref()
        .filter(|_| ran.complete)
        .and_then(|f| first_of_size(plan, start, f.size));
    Outcome {
        best: first.or(found),
        complete: ran.complete,
        nodes: ran.nodes,
    }
}

/// The first colouring below `start`, in the search's order, on which
/// both armies reach `size`.
pub fn first_of_size(plan: &Plan, start: Start, size: u32) -> Option<Colouring> {
    fn go(walker: &mut Walker, depth: usize, size: u32) -> bool {
        if depth == walker.plan.n_lines() {
            return true;
        }
        for first in [true, false] {
            let mark = walker.trail.len();
            walker.colour(depth, first);
            if walker.viable(depth + 1, size) && go(walker, depth + 1, size) {
                return true;
            }
            walker.undo(mark);
        }
        false
    }
    let mut walker = Walker::new(plan);
    let entered = walker.reach(size) && walker.enter(start.colours, 0, start.depth, size);
    (entered && go(&mut walker, start.depth, size)).then(|| walker.colouring(size))
}
