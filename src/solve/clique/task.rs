//! What a search runs and how it ends: a [`Task`] is a node of the search
//! (the sets holding its chosen vertices, the rest from its candidates)
//! with its place in the order of the search on one thread; its children
//! are made the same way wherever the search runs.

use super::graph::{Graph, Words};

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every set was searched: the best one is the largest.
    Exhausted,
    /// The best set reached the goal.
    Reached,
    /// The deadline or a stop came first, or a set found earlier in the
    /// order made the rest of the task pointless.
    Stopped,
}

/// Where a search starts.
pub struct Initial {
    /// The size a set must exceed.
    pub best: usize,
    /// The set known.
    pub found: Option<Vec<u32>>,
    /// The size that ends the search.
    pub goal: usize,
}

/// A subproblem: the sets that hold `chosen` (pairwise compatible) and
/// otherwise only `candidates` (each compatible with all of `chosen`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Its place in the order of the search on one thread: the branch
    /// taken at each level from the root (1 for the first).
    pub path: Vec<u32>,
    /// The vertices chosen.
    pub chosen: Vec<u32>,
    /// The candidates.
    pub candidates: Words,
    /// The automorphisms that fix each chosen vertex and keep the
    /// candidates.
    pub group: Vec<u32>,
    /// The candidates its parent's labels were made from, if it has a
    /// parent: its colouring starts from the same labels wherever it runs
    /// ([`super::bound::Bound::start`]), so a branch handed to another
    /// thread is searched as on one thread.
    pub labels: Option<Words>,
}

/// The candidates of the child of a node with `candidates` that chose `v`.
pub fn child_candidates(graph: &Graph, candidates: &[u64], v: u32) -> Words {
    candidates
        .iter()
        .zip(graph.row(v))
        .map(|(a, b)| a & b)
        .collect()
}

/// The automorphisms of `group` that fix `v`.
pub fn child_group(graph: &Graph, group: &[u32], v: u32) -> Vec<u32> {
    group
        .iter()
        .copied()
        .filter(|&g| graph.image(g, v) == v)
        .collect()
}
