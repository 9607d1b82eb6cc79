//! The embedded SAT solver: CaDiCaL through rustsat-cadical, behind a small
//! interface in the model's own literal type. It is a [`ClauseSink`], so the
//! encoder can feed it directly, and it solves under assumptions and a
//! deadline.

use crate::encode::{ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::model::{Lit, Var};
use rustsat::solvers::{ControlSignal, PhaseLit, Solve, SolveIncremental, SolverResult, Terminate};
use rustsat::types::{Clause, TernaryVal};
use rustsat_cadical::CaDiCaL;
use std::time::Instant;

/// What one call to the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A model: `values[v.index()]` for every variable `1..=n_vars`.
    Sat(Vec<bool>),
    /// No model exists (under the assumptions).
    Unsat,
    /// Stopped by the deadline.
    Unknown,
}

/// CaDiCaL with clauses in qspec's literal type.
pub struct Embedded {
    solver: CaDiCaL<'static, 'static>,
    n_clauses: u64,
    max_var: u32,
}

impl Default for Embedded {
    fn default() -> Self {
        Embedded::new()
    }
}

fn to_rustsat(l: Lit) -> rustsat::types::Lit {
    rustsat::types::Lit::from_ipasir(l.dimacs()).expect("a non-zero literal")
}

fn failed(e: impl std::fmt::Display) -> Error {
    Error::failure(format!("the embedded solver failed: {e}"))
}

impl Embedded {
    /// A fresh solver.
    pub fn new() -> Embedded {
        Embedded {
            solver: CaDiCaL::default(),
            n_clauses: 0,
            max_var: 0,
        }
    }

    /// Adds every clause of `arena`.
    pub fn add_arena(&mut self, arena: &ClauseArena) {
        for clause in arena.iter() {
            let c: Clause = clause
                .iter()
                .map(|&l| to_rustsat(Lit::from_dimacs(l)))
                .collect();
            self.max_var = self
                .max_var
                .max(clause.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0));
            self.push(c);
        }
    }

    fn push(&mut self, c: Clause) {
        self.solver
            .add_clause(c)
            .expect("CaDiCaL accepts clauses while not solving");
        self.n_clauses += 1;
    }

    /// Makes sure variables up to `n` exist in answers, even if unused.
    pub fn reserve_vars(&mut self, n: u32) {
        self.max_var = self.max_var.max(n);
    }

    /// Asks the solver to try `lit` true first when it decides its variable
    /// (a hint; it changes which solution comes first, never the answer).
    pub fn prefer(&mut self, lit: Lit) {
        let _ = self.solver.phase_lit(to_rustsat(lit));
    }

    /// Turns off CaDiCaL's "lucky" pre-checks (all-false, all-true, ...),
    /// which would otherwise return the trivial empty board first and
    /// ignore the preferred phases.
    pub fn no_lucky_guesses(&mut self) {
        let _ = self.solver.set_option("lucky", 0);
    }

    /// Stop any later `solve` once `deadline` has passed, or when Ctrl-C
    /// or SIGTERM asks to ([`crate::interrupt`]).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.solver.attach_terminator(move || {
            if deadline.is_some_and(|at| Instant::now() >= at) || crate::interrupt::interrupted() {
                ControlSignal::Terminate
            } else {
                ControlSignal::Continue
            }
        });
    }

    /// Solves under `assumptions`.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome> {
        let result = if assumptions.is_empty() {
            self.solver.solve()
        } else {
            let a: Vec<_> = assumptions.iter().map(|&l| to_rustsat(l)).collect();
            self.solver.solve_assumps(&a)
        }
        .map_err(failed)?;
        match result {
            SolverResult::Sat => self.values().map(Outcome::Sat),
            SolverResult::Unsat => Ok(Outcome::Unsat),
            SolverResult::Interrupted => Ok(Outcome::Unknown),
        }
    }

    fn values(&self) -> Result<Vec<bool>> {
        if self.max_var == 0 {
            return Ok(Vec::new());
        }
        let high = rustsat::types::Var::new(self.max_var - 1);
        let assignment = self.solver.solution(high).map_err(failed)?;
        Ok((1..=self.max_var)
            .map(|id| {
                let v = rustsat::types::Var::new(id - 1);
                assignment.var_value(v) == TernaryVal::True
            })
            .collect())
    }

    /// Every assignment of `vars` that extends to a model, each once
    /// (enumeration by blocking clauses; the solver keeps them).
    pub fn enumerate(&mut self, vars: &[Var]) -> Result<Vec<Vec<bool>>> {
        let mut out = Vec::new();
        while let Outcome::Sat(values) = self.solve(&[])? {
            let projected: Vec<bool> = vars.iter().map(|v| values[v.index()]).collect();
            let block: Vec<Lit> = vars
                .iter()
                .zip(&projected)
                .map(|(v, &b)| if b { v.negative() } else { v.positive() })
                .collect();
            out.push(projected);
            if block.is_empty() {
                break;
            }
            self.add_clause(&block);
        }
        Ok(out)
    }
}

impl ClauseSink for Embedded {
    fn add_clause(&mut self, lits: &[Lit]) {
        let c: Clause = lits.iter().map(|&l| to_rustsat(l)).collect();
        self.max_var = self
            .max_var
            .max(lits.iter().map(|l| l.var().id()).max().unwrap_or(0));
        self.push(c);
    }

    fn n_clauses(&self) -> u64 {
        self.n_clauses
    }
}
