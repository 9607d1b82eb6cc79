//! Where the solutions of a count come from: CaDiCaL one at a time
//! ([`Staged`]: on a large model, past its first solutions, one solver
//! per cube on several threads), or the clique search's, found all at once and
//! handed out one at a time ([`Found`]).

use super::cubes::Staged;
use super::{content, decision_cells, placement, Next};
use crate::board::orbit::Orbits;
use crate::diag::plural;
use crate::error::Result;
use crate::instance::Instance;
use crate::model::Var;
use crate::solve::clique::enumerate::Every;

/// Where the solutions come from.
pub(super) enum Source {
    /// CaDiCaL, one at a time.
    Solver(Staged),
    /// Found all at once by the clique search.
    Found(Found),
}

/// The solutions the clique search found, handed out one at a time.
pub(super) struct Found {
    sets: std::vec::IntoIter<Vec<Var>>,
    n_decisions: usize,
    complete: bool,
    nodes: u64,
    classes: usize,
    describe: String,
}

impl Found {
    /// The solutions of `target` the clique search found (`every`): all,
    /// or with `orbits` the canonical member of each class only.
    pub(super) fn of(every: Every, target: &Instance, orbits: Option<&Orbits>) -> Found {
        let decisions = decision_cells(target);
        let n_cells = target.board.n_cells();
        let mut found = Found {
            sets: Vec::new().into_iter(),
            n_decisions: target.model.n_decisions() as usize,
            complete: every.complete,
            nodes: every.nodes,
            classes: every.classes,
            describe: every.describe,
        };
        let kept: Vec<Vec<Var>> = every
            .solutions
            .into_iter()
            .filter(|set| {
                orbits.is_none_or(|orbits| {
                    let placement = placement(&decisions, n_cells, &found.values(set));
                    orbits.is_canonical(&content(target, &placement))
                })
            })
            .collect();
        found.sets = kept.into_iter();
        found
    }

    /// For a note: what was searched, its nodes and the classes found.
    pub(super) fn describe(&self) -> String {
        format!(
            "{}; {} nodes, {} of solutions under its symmetries",
            self.describe,
            self.nodes,
            plural(self.classes as u64, "class", "classes")
        )
    }

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
