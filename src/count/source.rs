//! Where the solutions of a count come from: CaDiCaL one at a time
//! ([`Enumerator`]), or the clique search's, found all at once and handed
//! out one at a time ([`Found`]).

use super::{Enumerator, Next};
use crate::error::Result;
use crate::model::Var;

/// Where the solutions come from.
pub(super) enum Source {
    /// CaDiCaL, one at a time.
    Solver(Enumerator),
    /// Found all at once by the clique search.
    Found(Found),
}

/// The solutions the clique search found, handed out one at a time.
pub(super) struct Found {
    pub(super) sets: std::vec::IntoIter<Vec<Var>>,
    pub(super) n_decisions: usize,
    pub(super) complete: bool,
    pub(super) nodes: u64,
    pub(super) classes: usize,
    pub(super) describe: String,
}

impl Found {
    /// The values of the decision variables of a solution: its counted
    /// variables true.
    pub(super) fn values(&self, set: &[Var]) -> Vec<bool> {
        let mut values = vec![false; self.n_decisions];
        for v in set {
            values[v.index()] = true;
        }
        values
    }
}

impl Source {
    pub(super) fn next_solution(&mut self) -> Result<Next> {
        match self {
            Source::Solver(enumerator) => enumerator.next_solution(),
            Source::Found(found) => Ok(match found.sets.next() {
                Some(set) => Next::Solution(found.values(&set)),
                None if found.complete => Next::Exhausted,
                None => Next::Stopped,
            }),
        }
    }
}
