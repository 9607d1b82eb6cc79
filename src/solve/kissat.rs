//! The embedded Kissat (rustsat-kissat). Kissat is not incremental: one
//! instance solves once, without assumptions. So this oracle keeps the
//! clauses itself and hands each call a fresh Kissat with every clause and
//! the assumptions as unit clauses. It gives no cores and takes no phases.
//!
//! Kissat 4.0.4 keeps a terminate callback but never calls it: it stops
//! only when told so (`kissat_terminate`). So each call runs beside a
//! watchdog thread that tells it when the [`Stop`] says so.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use rustsat::solvers::{Interrupt, InterruptSolver, Solve, SolverResult};
use rustsat::types::TernaryVal;
use rustsat_kissat::{Kissat, Limit};

use super::oracle::{failed, Oracle, Outcome, Stop};
use crate::encode::bridge::to_rs;
use crate::encode::{ClauseArena, ClauseSink};
use crate::error::Result;
use crate::model::Lit;
use crate::threads::{side_by_side, Job};

/// Kissat, rebuilt for every call from the clauses it was given.
pub struct KissatOracle {
    clauses: ClauseArena,
    max_var: u32,
    stop: Stop,
}

impl KissatOracle {
    /// No clauses yet; every call stops when `stop` says so.
    pub fn new(stop: Stop) -> KissatOracle {
        KissatOracle {
            clauses: ClauseArena::new(),
            max_var: 0,
            stop,
        }
    }

    /// A fresh Kissat holding every clause and `units`.
    fn fresh(&self, units: &[Lit], conflicts: Option<u32>) -> Result<Kissat<'static>> {
        let mut solver = Kissat::default();
        if self.max_var > 0 {
            solver
                .reserve(rustsat::types::Var::new(self.max_var - 1))
                .map_err(failed)?;
        }
        for clause in self.clauses.iter() {
            let c: rustsat::types::Clause =
                clause.iter().map(|&l| to_rs(Lit::from_dimacs(l))).collect();
            solver.add_clause(c).map_err(failed)?;
        }
        for &u in units {
            solver.add_unit(to_rs(u)).map_err(failed)?;
        }
        if let Some(n) = conflicts {
            solver.set_limit(Limit::Conflicts(n));
        }
        Ok(solver)
    }

    /// Solves `solver`, interrupting it when the stop says so.
    fn watched(&self, solver: &mut Kissat<'static>) -> Result<SolverResult> {
        let interrupter = solver.interrupter();
        let finished = AtomicBool::new(false);
        let watchdog = Job::new("kissat-watchdog", || {
            while !finished.load(Ordering::Relaxed) {
                if self.stop.now() {
                    interrupter.interrupt();
                    return;
                }
                thread::sleep(WATCH_INTERVAL);
            }
        });
        let (result, _) = side_by_side(WATCHDOG_STACK, vec![watchdog], || {
            let result = solver.solve().map_err(failed);
            finished.store(true, Ordering::Relaxed);
            result
        });
        result
    }
}

/// How often the watchdog looks at the stop.
const WATCH_INTERVAL: Duration = Duration::from_millis(5);

/// The watchdog's stack: it only sleeps and looks.
const WATCHDOG_STACK: usize = 256 << 10;

impl ClauseSink for KissatOracle {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.max_var = self
            .max_var
            .max(lits.iter().map(|l| l.var().id()).max().unwrap_or(0));
        self.clauses.add_clause(lits);
    }

    fn n_clauses(&self) -> u64 {
        self.clauses.n_clauses()
    }
}

impl Oracle for KissatOracle {
    fn sink(&mut self) -> &mut dyn ClauseSink {
        self
    }

    fn solve(&mut self, assumptions: &[Lit], conflicts: Option<u32>) -> Result<Outcome> {
        if self.stop.now() {
            return Ok(Outcome::Unknown);
        }
        let mut solver = self.fresh(assumptions, conflicts)?;
        match self.watched(&mut solver)? {
            SolverResult::Sat => {
                let values = (1..=self.max_var)
                    .map(|id| {
                        let lit = rustsat::types::Lit::positive(id - 1);
                        let value = solver.lit_val(lit).map_err(failed)?;
                        Ok(value == TernaryVal::True)
                    })
                    .collect::<Result<Vec<bool>>>()?;
                Ok(Outcome::Sat(values))
            }
            SolverResult::Unsat => Ok(Outcome::Unsat),
            SolverResult::Interrupted => Ok(Outcome::Unknown),
        }
    }

    fn core(&mut self) -> Option<Vec<Lit>> {
        None
    }

    fn prefer(&mut self, _lit: Lit) {}

    fn reserve_vars(&mut self, n: u32) {
        self.max_var = self.max_var.max(n);
    }
}
