//! What a solve is asked ([`SolveOptions`]), what it tells as it goes
//! ([`Report`]) and what it answers ([`Answer`], [`Status`]): the terms
//! every engine (CaDiCaL, Kissat, the portfolio, the clique search) and
//! every caller share.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::oracle::Stop;
use crate::model::Lit;
use crate::options::{Encodings, EngineChoice};

/// How to solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The encodings of the model's constraints.
    pub encodings: Encodings,
    /// Which embedded solver(s).
    pub engine: EngineChoice,
    /// Stop at this instant with the best solution so far.
    pub deadline: Option<Instant>,
    /// A warm start: literals fixing the model's decision variables to a
    /// board (tried first; also the preferred phases).
    pub start: Vec<Lit>,
    /// The caller's cancellation: the solve stops (with its best so far)
    /// when this becomes true.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Threads for the clique search (`None`: one per core).
    pub threads: Option<usize>,
    /// The clique search prunes without the board's symmetries (slower:
    /// for checking that the pruning loses nothing).
    pub no_symmetry: bool,
}

impl SolveOptions {
    /// What stops a solve with these options: the deadline, the caller's
    /// cancellation, a signal.
    pub fn stop(&self) -> Stop {
        Stop::with_cancel(self.deadline, self.cancel.clone())
    }

    /// The threads the clique search runs on: as asked, else one per core.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }
}

/// What a solve tells as it goes.
pub trait Report {
    /// A better objective value was found.
    fn improved(&mut self, value: i64);
    /// Something worth a comment line (`c ...`).
    fn note(&mut self, _text: &str) {}
    /// The nodes a search has taken so far (the clique search, a few
    /// times a second: for progress).
    fn searched(&mut self, _nodes: u64) {}
}

impl<F: FnMut(i64)> Report for F {
    fn improved(&mut self, value: i64) {
        self(value)
    }
}

/// How a solve ended, as `solve` says it and a sweep's result line keeps
/// it. The order of the variants is the order a sweep's summary lists
/// them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// A solution whose objective value is proven optimal.
    Optimal,
    /// A solution of a model without objective.
    Satisfiable,
    /// No solution exists (proven).
    Unsatisfiable,
    /// The deadline came after a solution was found: the best one, unproven.
    Feasible,
    /// The deadline came before any solution.
    Unknown,
}

const STATUSES: [Status; 5] = [
    Status::Optimal,
    Status::Satisfiable,
    Status::Unsatisfiable,
    Status::Feasible,
    Status::Unknown,
];

impl Status {
    /// Its name in JSON output and sweep lines: `optimal`, `satisfiable`,
    /// `unsatisfiable`, `feasible`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Optimal => "optimal",
            Status::Satisfiable => "satisfiable",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Feasible => "feasible",
            Status::Unknown => "unknown",
        }
    }

    /// The status named `name` ([`Status::name`]).
    pub fn from_name(name: &str) -> Option<Status> {
        STATUSES.into_iter().find(|s| s.name() == name)
    }

    /// Whether the solve went to the end (a value, or its absence, is
    /// proven).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            Status::Optimal | Status::Satisfiable | Status::Unsatisfiable
        )
    }
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// How the solve ended.
    pub status: Status,
    /// Values of the model's named variables (`values[v.index()]`).
    pub values: Option<Vec<bool>>,
    /// The objective value of `values`, if the model has an objective.
    pub objective: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::Status;

    #[test]
    fn every_status_is_one_a_boards_json_may_have() {
        for status in [
            Status::Satisfiable,
            Status::Unsatisfiable,
            Status::Optimal,
            Status::Feasible,
            Status::Unknown,
        ] {
            // A new status must be named here, and read back by
            // `BoardJson::from_line`.
            let named = match status {
                Status::Satisfiable
                | Status::Unsatisfiable
                | Status::Optimal
                | Status::Feasible
                | Status::Unknown => status.name(),
            };
            assert!(crate::draw::json::STATUSES.contains(&named), "{named}");
        }
    }
}
