//! The branch and bound: the largest set of pairwise compatible vertices
//! (a maximum clique of the compatibility graph), San Segundo's bitset
//! form of Tomita's MCQ/MCS. At each node the bound ([`Bound`]) says
//! which candidates must be branched on; the node branches on them from
//! the last and stops when their bound cannot beat the best set so far.
//!
//! Symmetry: the node keeps the group of automorphisms that fix every
//! chosen vertex. Once the branch on `v` is taken, every image of `v`
//! under that group is dropped from the node's candidates: a better set
//! through an image would map back onto one through `v`, which that branch
//! searches (the candidates stay invariant under the group, as the
//! argument needs). The argument needs the branch on `v` searched to the
//! end, not searched first: whichever thread searches it, the candidates
//! of every branch are those of the search on one thread.
//!
//! Collecting every set of a size ([`Shared::collecting`], for `qspec
//! count`) the bound prunes what cannot reach the smallest size, and the
//! same argument gives at least one member of each class of sets: each is
//! kept as its class's least image under the whole group.
//!
//! A search runs [`Task`]s: a node (the sets holding its chosen vertices,
//! the rest from its candidates) and its place in the order of the search
//! on one thread (`path`, the branch taken at each level). When a thread
//! waits for work, a busy one hands it the next branch of its shallowest
//! node with branches left ([`Search`] gives it to [`Shared`]), dropping
//! its orbit as if taken.

use super::bound::Bound;
use super::graph::{clear, has, is_empty, Graph, Words};
use super::shared::{Go, Shared};
use super::task::{child_candidates, child_group, End, Task};

/// How often (in nodes) the stop conditions are looked at.
const CHECK_EVERY: u64 = 1 << 10;

/// One thread's search.
pub struct Search<'a> {
    graph: &'a Graph,
    shared: &'a Shared<'a>,
    /// The chosen vertices and the path of the node at hand.
    chosen: Vec<u32>,
    path: Vec<u32>,
    /// The lengths of `chosen` and `path` at the task's root.
    base: (usize, usize),
    frames: Vec<Frame>,
    bound: Bound,
    nodes: u64,
    /// Stop at this many nodes (a probe).
    limit: Option<u64>,
}

/// A node's state.
#[derive(Default)]
struct Frame {
    candidates: Words,
    /// The branches and their bounds ([`Bound::branches`]).
    order: Vec<u32>,
    bound: Vec<u32>,
    group: Vec<u32>,
    /// Branches left: `order[..next]`; the number of the last one taken.
    next: usize,
    branch: u32,
}

impl<'a> Search<'a> {
    /// A search on `graph` reporting to `shared`.
    pub fn new(graph: &'a Graph, shared: &'a Shared<'a>) -> Search<'a> {
        Search {
            graph,
            shared,
            chosen: Vec::new(),
            path: Vec::new(),
            base: (0, 0),
            frames: Vec::new(),
            bound: Bound::new(graph),
            nodes: 0,
            limit: None,
        }
    }

    /// The bound's switch: `false` leaves the colouring bound alone.
    pub fn set_reasoning(&mut self, on: bool) {
        self.bound.reasoning = on;
    }

    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Stops any task once `limit` nodes are searched in all (a probe).
    pub fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// Searches `task`.
    pub fn run(&mut self, task: Task) -> End {
        self.bound.start(self.graph, task.labels.as_deref());
        self.chosen = task.chosen;
        self.path = task.path;
        self.base = (self.chosen.len(), self.path.len());
        if self.chosen.len() > self.shared.best() {
            if self.shared.is_collecting() {
                self.collect();
                if self.chosen.len() >= self.shared.goal() {
                    return End::Exhausted;
                }
            } else {
                self.shared.record(&self.chosen, &self.path);
                if self.chosen.len() >= self.shared.goal() {
                    return End::Reached;
                }
            }
        }
        if is_empty(&task.candidates) {
            return End::Exhausted;
        }
        if self.frames.is_empty() {
            self.frames.push(Frame::default());
        }
        let root = &mut self.frames[0];
        root.candidates = task.candidates;
        root.group = task.group;
        self.expand(0)
    }

    fn expand(&mut self, depth: usize) -> End {
        if self.limit.is_some_and(|limit| self.nodes >= limit) {
            return End::Stopped;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.shared
                .searching
                .fetch_add(CHECK_EVERY, std::sync::atomic::Ordering::Relaxed);
            match self.shared.go_on(&self.path) {
                Go::On => {}
                Go::Stop => return End::Stopped,
            }
        }
        self.colour(depth);
        let frame = &mut self.frames[depth];
        frame.next = frame.order.len();
        frame.branch = 0;
        while let Some(v) = self.next_branch(depth) {
            self.chosen.push(v);
            self.path.push(self.frames[depth].branch);
            let reached = self.chosen.len() >= self.shared.goal();
            let child = !reached && self.descend(depth, v);
            self.drop_orbit(depth, v);
            let collecting = self.shared.is_collecting();
            if collecting {
                self.collect();
            }
            if child {
                if self.shared.hungry() {
                    self.donate(depth);
                }
                let end = self.expand(depth + 1);
                if end != End::Exhausted {
                    return end;
                }
            } else if !collecting {
                // A set no candidate extends (or the goal): recorded when
                // better, so the sets reported are maximal ones.
                if self.chosen.len() > self.shared.best() {
                    self.shared.record(&self.chosen, &self.path);
                }
                if reached {
                    return End::Reached;
                }
            }
            self.chosen.pop();
            self.path.pop();
        }
        End::Exhausted
    }

    /// The next branch of the node at `depth` (its number is the frame's
    /// `branch`), unless the bound of those left cannot beat the best.
    fn next_branch(&mut self, depth: usize) -> Option<u32> {
        let chosen = self.base.0 + depth;
        let best = self.shared.best();
        let frame = &mut self.frames[depth];
        while frame.next > 0 {
            frame.next -= 1;
            if chosen + frame.bound[frame.next] as usize <= best {
                frame.next = 0;
                return None;
            }
            let v = frame.order[frame.next];
            // Else the image of a vertex already branched on.
            if has(&frame.candidates, v) {
                frame.branch += 1;
                return Some(v);
            }
        }
        None
    }

    /// Hands the next branch of the shallowest node with one left (at
    /// most `depth`) to a thread waiting for work.
    fn donate(&mut self, depth: usize) {
        for f in 0..=depth {
            let Some(v) = self.next_branch(f) else {
                continue;
            };
            let (chosen, path) = (self.base.0 + f, self.base.1 + f);
            let mut task = Task {
                path: self.path[..path].to_vec(),
                chosen: self.chosen[..chosen].to_vec(),
                candidates: Vec::new(),
                group: Vec::new(),
                labels: Some(self.bound.labels(f).to_vec()),
            };
            task.path.push(self.frames[f].branch);
            task.chosen.push(v);
            let frame = &self.frames[f];
            task.candidates = child_candidates(self.graph, &frame.candidates, v);
            task.group = child_group(self.graph, &frame.group, v);
            self.drop_orbit(f, v);
            self.shared.hand(task);
            return;
        }
    }

    /// Prepares the child of `depth` that chose `v`; `false` when it has
    /// no candidates.
    fn descend(&mut self, depth: usize, v: u32) -> bool {
        if self.frames.len() == depth + 1 {
            self.frames.push(Frame::default());
        }
        let (upper, lower) = self.frames.split_at_mut(depth + 1);
        let (parent, child) = (&upper[depth], &mut lower[0]);
        let row = self.graph.row(v);
        child.candidates.clear();
        child
            .candidates
            .extend(parent.candidates.iter().zip(row).map(|(a, b)| a & b));
        if is_empty(&child.candidates) {
            return false;
        }
        child.group.clear();
        child.group.extend(
            parent
                .group
                .iter()
                .filter(|&&g| self.graph.image(g, v) == v),
        );
        true
    }

    /// Collects the chosen set when its size is one collected: as the
    /// least of its images under the whole group (sorted positions), so
    /// each class is kept once whichever member the search meets.
    fn collect(&self) {
        if self.chosen.len() <= self.shared.best() {
            return;
        }
        let mut least = self.chosen.clone();
        least.sort_unstable();
        let mut image = Vec::with_capacity(least.len());
        for g in 0..self.graph.n_maps() as u32 {
            image.clear();
            image.extend(self.chosen.iter().map(|&v| self.graph.image(g, v)));
            image.sort_unstable();
            if image < least {
                least.clone_from(&image);
            }
        }
        self.shared.collect(least);
    }

    /// Removes `v` and its images under the node's group from its candidates.
    fn drop_orbit(&mut self, depth: usize, v: u32) {
        let frame = &mut self.frames[depth];
        clear(&mut frame.candidates, v);
        for &g in &frame.group {
            clear(&mut frame.candidates, self.graph.image(g, v));
        }
    }

    /// The node's branches and their bounds ([`Bound`]).
    fn colour(&mut self, depth: usize) {
        let frame = &mut self.frames[depth];
        let chosen = self.base.0 + depth;
        let need = (self.shared.best() + 1).saturating_sub(chosen).max(1);
        self.bound.branches(
            self.graph,
            &frame.candidates,
            depth,
            need,
            &mut frame.order,
            &mut frame.bound,
        );
        if cfg!(debug_assertions) {
            let (order, bound) = (&frame.order, &frame.bound);
            self.bound
                .audit(self.graph, &frame.candidates, depth, need, order, bound);
        }
    }
}
