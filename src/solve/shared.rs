//! What the engines of one solve share: the best solution so far, the best
//! proven lower bound on its cost, the verdict of a decision problem, and
//! the stop flag. With one engine it is only bookkeeping; in a portfolio a
//! better solution or bound found by one engine is seen by the other at
//! its next step, and the first to finish stops the other.
//!
//! Every improvement is sent, in order, to the thread that prints `o N`.

use std::sync::mpsc::Sender;
use std::sync::{Mutex, MutexGuard};

use super::interface::{Answer, Status};
use super::oracle::Stop;

/// The best solution so far.
#[derive(Clone, Debug)]
struct Best {
    cost: usize,
    value: i64,
    values: Vec<bool>,
}

#[derive(Debug, Default)]
struct Standing {
    best: Option<Best>,
    /// No solution costs less than this.
    lower: usize,
    /// Proven: no solution at all.
    infeasible: bool,
    /// Each better objective value goes here; `None` once every engine
    /// has stopped (which ends the printing thread's loop).
    improvements: Option<Sender<i64>>,
    /// Engines still running.
    running: usize,
}

/// The state the engines of one solve share.
#[derive(Debug)]
pub struct Shared {
    progress: Mutex<Standing>,
    /// Raised when the solve is over (or must stop).
    pub stop: Stop,
    /// Values kept of each solution (the model's named variables).
    named: usize,
}

impl Shared {
    /// `engines` engines will report to `improvements`; `named` values of
    /// each solution are kept.
    pub fn new(stop: Stop, engines: usize, named: usize, improvements: Sender<i64>) -> Shared {
        Shared {
            progress: Mutex::new(Standing {
                improvements: Some(improvements),
                running: engines,
                ..Standing::default()
            }),
            stop,
            named,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Standing> {
        self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the solve is over (or must stop).
    pub fn done(&self) -> bool {
        self.stop.now()
    }

    /// A solution of cost `cost` and objective `value`: kept (and printed)
    /// if better than the best so far. Ends the solve when it meets the
    /// lower bound.
    pub fn offer(&self, cost: usize, value: i64, values: &[bool]) {
        let mut p = self.lock();
        if p.best.as_ref().is_some_and(|b| b.cost <= cost) {
            return;
        }
        p.best = Some(Best {
            cost,
            value,
            values: values[..self.named.min(values.len())].to_vec(),
        });
        if let Some(tx) = &p.improvements {
            let _ = tx.send(value);
        }
        self.check_optimal(&p);
    }

    /// A solution of a decision problem: the solve is over.
    pub fn found(&self, values: &[bool]) {
        let mut p = self.lock();
        if p.best.is_none() && !p.infeasible {
            p.best = Some(Best {
                cost: 0,
                value: 0,
                values: values[..self.named.min(values.len())].to_vec(),
            });
        }
        self.stop.raise();
    }

    /// Proven: no solution exists.
    pub fn infeasible(&self) {
        let mut p = self.lock();
        if p.best.is_none() {
            p.infeasible = true;
        }
        self.stop.raise();
    }

    /// Proven: no solution costs less than `lower`.
    pub fn raise_lower(&self, lower: usize) {
        let mut p = self.lock();
        p.lower = p.lower.max(lower);
        self.check_optimal(&p);
    }

    fn check_optimal(&self, p: &Standing) {
        if p.best.as_ref().is_some_and(|b| b.cost <= p.lower) {
            self.stop.raise();
        }
    }

    /// The cost of the best solution so far.
    pub fn best_cost(&self) -> Option<usize> {
        self.lock().best.as_ref().map(|b| b.cost)
    }

    /// The proven lower bound on the cost.
    pub fn lower(&self) -> usize {
        self.lock().lower
    }

    /// An engine has stopped; the last one closes the improvements.
    pub fn engine_stopped(&self) {
        let mut p = self.lock();
        p.running = p.running.saturating_sub(1);
        if p.running == 0 {
            p.improvements = None;
        }
    }

    /// The answer, once every engine has stopped; `optimising` tells an
    /// optimisation from a decision problem.
    pub fn answer(&self, optimising: bool) -> Answer {
        let p = self.lock();
        let status = match (&p.best, optimising) {
            (None, _) if p.infeasible => Status::Unsatisfiable,
            (None, _) => Status::Unknown,
            (Some(_), false) => Status::Satisfiable,
            (Some(b), true) if b.cost <= p.lower => Status::Optimal,
            (Some(_), true) => Status::Feasible,
        };
        Answer {
            status,
            values: p.best.as_ref().map(|b| b.values.clone()),
            objective: p.best.as_ref().filter(|_| optimising).map(|b| b.value),
        }
    }
}

/// Marks an engine stopped when dropped, even by an error or a panic.
pub struct Running<'a>(pub &'a Shared);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.engine_stopped();
    }
}
