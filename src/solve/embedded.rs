//! The embedded CaDiCaL (rustsat-cadical), behind a small interface in the
//! model's own literal type. It is a [`ClauseSink`], so the encoder can
//! feed it directly; it is incremental: it solves under assumptions, gives
//! the failed assumptions of an unsatisfiable call (a core), takes phases,
//! a conflict budget per call, a deadline and a stop flag.

use std::time::Instant;

use rustsat::solvers::{
    LimitConflicts, PhaseLit, Solve, SolveIncremental, SolverResult, Terminate,
};
use rustsat::types::{Clause, TernaryVal};
use rustsat_cadical::CaDiCaL;

use super::oracle::{failed, stopper, Oracle, Outcome, Stop};
use crate::encode::bridge::{from_rs, to_rs};
use crate::encode::{ClauseArena, ClauseSink};
use crate::error::Result;
use crate::model::{Lit, Var};

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

impl Embedded {
    /// A fresh solver.
    pub fn new() -> Embedded {
        Embedded::with(CaDiCaL::default())
    }

    /// Around `solver`, configured but holding no clauses yet (a proof
    /// tracer must be attached before the first clause).
    pub fn with(solver: CaDiCaL<'static, 'static>) -> Embedded {
        Embedded {
            solver,
            n_clauses: 0,
            max_var: 0,
        }
    }

    /// The solver itself (to disconnect a proof tracer from it).
    pub fn into_solver(self) -> CaDiCaL<'static, 'static> {
        self.solver
    }

    /// Adds every clause of `arena`.
    pub fn add_arena(&mut self, arena: &ClauseArena) {
        for clause in arena.iter() {
            let c: Clause = clause.iter().map(|&l| to_rs(Lit::from_dimacs(l))).collect();
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
        let _ = self.solver.phase_lit(to_rs(lit));
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
        self.set_stop(&Stop::new(deadline));
    }

    /// Stop any later `solve` when `stop` says so.
    pub fn set_stop(&mut self, stop: &Stop) {
        self.solver.attach_terminator(stopper(stop));
    }

    /// Solves under `assumptions`.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome> {
        self.solve_within(assumptions, None)
    }

    /// Solves under `assumptions`, giving up (`Unknown`) after `conflicts`
    /// conflicts when a budget is given.
    pub fn solve_within(&mut self, assumptions: &[Lit], conflicts: Option<u32>) -> Result<Outcome> {
        self.solve_showing(assumptions, conflicts, self.max_var)
    }

    /// Solves without assumptions; a model gives the values of the first
    /// `n` variables only (reading every auxiliary variable's value back
    /// costs about a tenth of an enumeration's time).
    pub fn solve_first(&mut self, n: u32) -> Result<Outcome> {
        self.solve_showing(&[], None, n.min(self.max_var))
    }

    fn solve_showing(
        &mut self,
        assumptions: &[Lit],
        conflicts: Option<u32>,
        shown: u32,
    ) -> Result<Outcome> {
        self.solver.limit_conflicts(conflicts).map_err(failed)?;
        let result = if assumptions.is_empty() {
            self.solver.solve()
        } else {
            let a: Vec<_> = assumptions.iter().map(|&l| to_rs(l)).collect();
            self.solver.solve_assumps(&a)
        }
        .map_err(failed)?;
        match result {
            SolverResult::Sat => self.values(shown).map(Outcome::Sat),
            SolverResult::Unsat => Ok(Outcome::Unsat),
            SolverResult::Interrupted => Ok(Outcome::Unknown),
        }
    }

    /// The values of variables `1..=n` in the model found.
    fn values(&self, n: u32) -> Result<Vec<bool>> {
        if n == 0 {
            return Ok(Vec::new());
        }
        let high = rustsat::types::Var::new(n - 1);
        let assignment = self.solver.solution(high).map_err(failed)?;
        Ok((1..=n)
            .map(|id| {
                let v = rustsat::types::Var::new(id - 1);
                assignment.var_value(v) == TernaryVal::True
            })
            .collect())
    }

    /// After an unsatisfiable call under assumptions: a clause of negated
    /// assumptions that the formula implies (a core, not necessarily the
    /// least).
    pub fn core(&mut self) -> Option<Vec<Lit>> {
        let core = self.solver.core().ok()?;
        Some(core.into_iter().map(from_rs).collect())
    }

    /// Every assignment of `vars` that extends to a model, each once
    /// (enumeration by blocking clauses; the solver keeps them).
    pub fn enumerate(&mut self, vars: &[Var]) -> Result<Vec<Vec<bool>>> {
        let mut out = Vec::new();
        while let Outcome::Sat(values) = self.solve(&[])? {
            out.push(vars.iter().map(|v| values[v.index()]).collect());
            if vars.is_empty() {
                break;
            }
            self.block(vars, &values);
        }
        Ok(out)
    }

    /// Excludes the assignment `values` takes on `vars` from every later
    /// answer: one clause over `vars` (an assignment that differs on any of
    /// them stays; on an empty `vars` the clause is empty and nothing does).
    pub fn block(&mut self, vars: &[Var], values: &[bool]) {
        let block: Vec<Lit> = vars
            .iter()
            .map(|v| {
                if values[v.index()] {
                    v.negative()
                } else {
                    v.positive()
                }
            })
            .collect();
        self.add_clause(&block);
    }

    /// Excludes every later answer that sets all of the `vars` that
    /// `values` sets: one clause of their negations. It blocks exactly the
    /// assignment `values` takes on `vars` when no answer sets a proper
    /// superset of them (every answer sets as many), in a clause of that
    /// many literals rather than of all `vars`.
    pub fn block_set(&mut self, vars: &[Var], values: &[bool]) {
        let block: Vec<Lit> = vars
            .iter()
            .filter(|v| values[v.index()])
            .map(|v| v.negative())
            .collect();
        self.add_clause(&block);
    }
}

impl ClauseSink for Embedded {
    fn add_clause(&mut self, lits: &[Lit]) {
        let c: Clause = lits.iter().map(|&l| to_rs(l)).collect();
        self.max_var = self
            .max_var
            .max(lits.iter().map(|l| l.var().id()).max().unwrap_or(0));
        self.push(c);
    }

    fn n_clauses(&self) -> u64 {
        self.n_clauses
    }
}

impl Oracle for Embedded {
    fn sink(&mut self) -> &mut dyn ClauseSink {
        self
    }

    fn solve(&mut self, assumptions: &[Lit], conflicts: Option<u32>) -> Result<Outcome> {
        self.solve_within(assumptions, conflicts)
    }

    fn core(&mut self) -> Option<Vec<Lit>> {
        Embedded::core(self)
    }

    fn prefer(&mut self, lit: Lit) {
        Embedded::prefer(self, lit);
    }

    fn reserve_vars(&mut self, n: u32) {
        Embedded::reserve_vars(self, n);
    }
}
