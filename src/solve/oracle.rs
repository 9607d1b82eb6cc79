//! What the optimiser asks of an embedded SAT solver ([`Oracle`]): clauses
//! in, a solve under assumptions with an optional conflict budget, a core
//! when the solver gives one, phases when it takes them; and what stops a
//! solve ([`Stop`]: a deadline, or another thread having finished).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rustsat::solvers::ControlSignal;

use crate::encode::ClauseSink;
use crate::error::{Error, Result};
use crate::model::Lit;

/// What one call to the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A model: `values[v.index()]` for every variable `1..=n_vars`.
    Sat(Vec<bool>),
    /// No model exists (under the assumptions).
    Unsat,
    /// Stopped: by the deadline, the stop flag, or the conflict budget.
    Unknown,
}

/// An embedded SAT solver as the optimiser sees it.
pub trait Oracle: ClauseSink {
    /// The solver as a place to add clauses.
    fn sink(&mut self) -> &mut dyn ClauseSink;
    /// Solves under `assumptions`, giving up after `conflicts` conflicts
    /// when a budget is given.
    fn solve(&mut self, assumptions: &[Lit], conflicts: Option<u32>) -> Result<Outcome>;
    /// After an unsatisfiable call: a clause of negated assumptions that
    /// the formula implies (`None`: this solver gives no cores).
    fn core(&mut self) -> Option<Vec<Lit>>;
    /// Try `lit` true first (a hint; solvers without phases ignore it).
    fn prefer(&mut self, lit: Lit);
    /// Makes sure variables up to `n` exist in answers, even if unused.
    fn reserve_vars(&mut self, n: u32);
}

/// When a solve must stop: at the deadline, when the flag is raised
/// (another engine of a portfolio finished), when the caller cancels it,
/// or when the command was stopped (Ctrl-C, SIGTERM).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this becomes true.
    pub flag: Arc<AtomicBool>,
    /// The caller's cancellation: stop when this becomes true (never raised
    /// by the solve itself).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// A stop at `deadline` with a fresh flag.
    pub fn new(deadline: Option<Instant>) -> Stop {
        Stop {
            deadline,
            flag: Arc::default(),
            cancel: None,
        }
    }

    /// A stop at `deadline` or when `cancel` is raised, with a fresh flag.
    pub fn with_cancel(deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) -> Stop {
        Stop {
            cancel,
            ..Stop::new(deadline)
        }
    }

    /// Whether the solve must stop now (also when Ctrl-C or SIGTERM asks
    /// to, [`crate::interrupt`]).
    pub fn now(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|at| Instant::now() >= at)
            || crate::interrupt::interrupted()
    }

    /// Raises the flag.
    pub fn raise(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
}

/// A solver's terminator callback for `stop`.
pub(crate) fn stopper(stop: &Stop) -> impl FnMut() -> ControlSignal + 'static {
    let stop = stop.clone();
    move || {
        if stop.now() {
            ControlSignal::Terminate
        } else {
            ControlSignal::Continue
        }
    }
}

/// A solver's own error, as qspec's.
pub(crate) fn failed(e: impl std::fmt::Display) -> Error {
    Error::solver(format!("the embedded solver failed: {e}"))
}
