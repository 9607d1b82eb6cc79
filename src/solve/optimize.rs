//! One engine's search: a decision problem in one call; an objective by
//! jumps, bounds from both sides, and a final proof.
//!
//! 1. A warm start, when given: the start's cells fixed, under a budget;
//!    if it is a solution it is the first one. Otherwise any solution,
//!    the improving phases tried first.
//! 2. The upper estimate (the clique cover, [`super::cost`]): every cost
//!    literal assumed false, i.e. every group used. Satisfiable: that is
//!    the optimum, proven at once (kings on 100x100, knights on 60x60).
//!    Unsatisfiable: CaDiCaL's failed assumptions are a core — a set of
//!    groups not all usable — and the core's groups are set aside and the
//!    rest tried again: disjoint cores, each adding one to the proven
//!    lower bound on the cost. Each call has a small conflict budget, and
//!    the first call that runs out ends this step; Kissat, which gives no
//!    cores, makes one call.
//! 3. Descent: demand a cost below the best so far through rustsat's
//!    incremental totalizer over the cost literals. Every model found
//!    gives its own value (a jump, not a step of one), and every
//!    unsatisfiable bound raises the lower bound, until they meet.
//!
//! Better solutions and bounds go to the [`Shared`] state at once, so in a
//! portfolio each engine's next step starts from the other's best.

use rustsat::encodings::card::{BoundUpper, BoundUpperIncremental, Totalizer};

use super::cost::CostPlan;
use super::oracle::{Oracle, Outcome};
use super::shared::Shared;
use crate::encode::bridge::{from_rs, to_rs, AllocVars, SinkCollector};
use crate::error::{Error, Result};
use crate::model::{Lit, VarAlloc};

/// Conflicts a call may spend on the start.
const PROBE_CONFLICTS: u32 = 20_000;

/// Conflicts a call may spend on the upper estimate or a core: the
/// estimate is either met at once (kings, knights) or far off (6^3), where
/// a long fight for cores costs more than the descent.
const CORE_CONFLICTS: u32 = 1_000;

/// Solves a decision problem: `start` fixed first (if given), then free.
pub fn decide(oracle: &mut dyn Oracle, start: &[Lit], shared: &Shared) -> Result<()> {
    if !start.is_empty() {
        if let Outcome::Sat(values) = oracle.solve(start, Some(PROBE_CONFLICTS))? {
            shared.found(&values);
            return Ok(());
        }
    }
    match oracle.solve(&[], None)? {
        Outcome::Sat(values) => shared.found(&values),
        Outcome::Unsat => shared.infeasible(),
        Outcome::Unknown => {}
    }
    Ok(())
}

/// One engine's optimisation of the objective of `plan`, on an oracle that
/// holds the model's clauses (variables up to `vars`).
pub struct Search<'a> {
    oracle: &'a mut dyn Oracle,
    plan: &'a CostPlan,
    shared: &'a Shared,
    vars: VarAlloc,
    cost: Vec<Lit>,
    totalizer: Totalizer,
}

impl<'a> Search<'a> {
    /// Adds the cost literals to `oracle` and prefers the improving phases.
    pub fn new(
        oracle: &'a mut dyn Oracle,
        mut vars: VarAlloc,
        plan: &'a CostPlan,
        shared: &'a Shared,
    ) -> Search<'a> {
        let cost = plan.cost_literals(&mut vars, oracle.sink());
        oracle.reserve_vars(vars.n_vars());
        for &g in plan.gains() {
            oracle.prefer(g);
        }
        for &c in &cost {
            oracle.prefer(!c);
        }
        let totalizer = cost.iter().map(|&l| to_rs(l)).collect();
        Search {
            oracle,
            plan,
            shared,
            vars,
            cost,
            totalizer,
        }
    }

    /// Runs the steps until the optimum is proven, the model is proven
    /// infeasible, or the solve is stopped.
    pub fn run(&mut self, start: &[Lit]) -> Result<()> {
        for &l in start {
            self.oracle.prefer(l);
        }
        if !start.is_empty() {
            self.probe(start, PROBE_CONFLICTS)?;
        }
        if self.shared.best_cost().is_none() && !self.first_solution()? {
            return Ok(());
        }
        self.try_the_estimate()?;
        self.descend()
    }

    /// Any solution (improving phases first); false if there is none or
    /// the solve was stopped.
    fn first_solution(&mut self) -> Result<bool> {
        match self.oracle.solve(&[], None)? {
            Outcome::Sat(values) => {
                self.offer(&values);
                Ok(true)
            }
            Outcome::Unsat => {
                self.shared.infeasible();
                Ok(false)
            }
            Outcome::Unknown => Ok(false),
        }
    }

    /// A solution found: its cost and value to the shared state.
    fn offer(&self, values: &[bool]) {
        let cost = self.plan.cost(values);
        self.shared
            .offer(cost, self.plan.value_of_cost(cost), values);
    }

    /// One call under `assumptions` within `conflicts`; a model is offered.
    fn probe(&mut self, assumptions: &[Lit], conflicts: u32) -> Result<Outcome> {
        let outcome = self.oracle.solve(assumptions, Some(conflicts))?;
        if let Outcome::Sat(values) = &outcome {
            self.offer(values);
        }
        Ok(outcome)
    }

    /// Step 2: every group used; disjoint cores while it fails.
    fn try_the_estimate(&mut self) -> Result<()> {
        let mut assumed: Vec<Lit> = self.cost.iter().map(|&c| !c).collect();
        let mut cores = 0;
        while !self.shared.done() && self.shared.best_cost() > Some(self.shared.lower()) {
            match self.probe(&assumed, CORE_CONFLICTS)? {
                Outcome::Sat(_) | Outcome::Unknown => return Ok(()),
                Outcome::Unsat => {
                    let Some(core) = self.oracle.core() else {
                        // No core (Kissat): the estimate is out of reach.
                        self.shared.raise_lower(1);
                        return Ok(());
                    };
                    if core.is_empty() {
                        self.shared.infeasible();
                        return Ok(());
                    }
                    cores += 1;
                    self.shared.raise_lower(cores);
                    assumed.retain(|a| !core.contains(&!*a));
                }
            }
        }
        Ok(())
    }

    /// Step 3: below the best so far, until the bounds meet.
    fn descend(&mut self) -> Result<()> {
        while !self.shared.done() {
            let Some(best) = self.shared.best_cost() else {
                match self.oracle.solve(&[], None)? {
                    Outcome::Sat(values) => self.offer(&values),
                    Outcome::Unsat => self.shared.infeasible(),
                    Outcome::Unknown => return Ok(()),
                }
                continue;
            };
            if best <= self.shared.lower() {
                return Ok(());
            }
            self.tighten(best - 1)?;
            match self.oracle.solve(&[], None)? {
                Outcome::Sat(values) => self.offer(&values),
                Outcome::Unsat => self.shared.raise_lower(best),
                Outcome::Unknown => return Ok(()),
            }
        }
        Ok(())
    }

    /// Adds "at most `bound` cost literals are true" for good.
    fn tighten(&mut self, bound: usize) -> Result<()> {
        let sink = self.oracle.sink();
        self.totalizer
            .encode_ub_change(
                bound..bound + 1,
                &mut SinkCollector::new(sink),
                &mut AllocVars(&mut self.vars),
            )
            .map_err(|e| Error::internal(format!("encoding the objective bound failed: {e}")))?;
        let units = self
            .totalizer
            .enforce_ub(bound)
            .map_err(|e| Error::internal(format!("enforcing the objective bound failed: {e}")))?;
        for u in units {
            self.oracle.sink().add_clause(&[from_rs(u)]);
        }
        self.oracle.reserve_vars(self.vars.n_vars());
        Ok(())
    }
}
