//! Running the embedded engines on a model: CaDiCaL, Kissat, or both as a
//! portfolio on two threads (or the clique engine, which is no SAT solver:
//! [`super::clique`]). Each engine encodes the model itself (the
//! same encoding, so the same variables) and searches ([`super::optimize`]);
//! they meet in the [`Shared`] state. The calling thread only reports:
//! each better value as it comes, in order.

use std::sync::mpsc;

use super::cost::CostPlan;
use super::embedded::Embedded;
use super::engine::Engine;
use super::interface::{Answer, Report, SolveOptions};
use super::kissat::KissatOracle;
use super::optimize::{decide, Search};
use super::oracle::Oracle;
use super::shared::{Running, Shared};
use crate::encode::encode_model;
use crate::error::Result;
use crate::model::{Model, Objective, Sense};
use crate::threads::{side_by_side, Job, DEEP_STACK};

/// The clique cover's estimate of the best conceivable objective value,
/// as a line worth printing: an upper estimate of a maximisation, a lower
/// one of a minimisation, and nothing when it says no more than the
/// objective's own range (every term counted, or none).
fn estimate_line(plan: &CostPlan, objective: &Objective) -> Option<String> {
    let (word, symbol, trivial) = match objective.sense {
        Sense::Maximize => ("upper", "<=", objective.terms.len() as i64),
        Sense::Minimize => ("lower", ">=", 0),
    };
    let estimate = plan.estimate();
    (estimate != trivial).then(|| {
        format!(
            "{word} estimate {} {symbol} {estimate} (a clique cover of the model's conflicts: {} groups)",
            objective.what,
            plan.n_groups()
        )
    })
}

/// A SAT solver qspec embeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sat {
    /// CaDiCaL: incremental.
    Cadical,
    /// Kissat: rebuilt for every step.
    Kissat,
}

impl Sat {
    /// Its name (also its thread's).
    fn name(self) -> &'static str {
        match self {
            Sat::Cadical => "cadical",
            Sat::Kissat => "kissat",
        }
    }
}

/// The SAT engines: one solver or both as a portfolio.
pub struct SatEngine {
    name: &'static str,
    title: &'static str,
    solvers: &'static [Sat],
}

/// `--engine cadical`.
pub static CADICAL: SatEngine = SatEngine {
    name: "cadical",
    title: "embedded CaDiCaL",
    solvers: &[Sat::Cadical],
};

/// `--engine kissat`.
pub static KISSAT: SatEngine = SatEngine {
    name: "kissat",
    title: "embedded Kissat",
    solvers: &[Sat::Kissat],
};

/// `--engine portfolio`.
pub static PORTFOLIO: SatEngine = SatEngine {
    name: "portfolio",
    title: "embedded CaDiCaL and Kissat (portfolio)",
    solvers: &[Sat::Cadical, Sat::Kissat],
};

impl Engine for SatEngine {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn runs_sat(&self) -> bool {
        true
    }

    fn takes(&self, _model: &Model) -> Result<()> {
        Ok(())
    }

    fn lists(&self, _model: &Model, _at_optimum: bool) -> bool {
        false
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
        solve_sat(model, opts, self.solvers, report)
    }
}

/// Solves `model` with the SAT solvers `solvers` (CaDiCaL, Kissat or
/// both), reporting every better objective value as it is found.
pub fn solve_sat(
    model: &Model,
    opts: &SolveOptions,
    solvers: &[Sat],
    report: &mut dyn Report,
) -> Result<Answer> {
    let plan = CostPlan::of(model)?;
    if let (Some(plan), Some(objective)) = (&plan, &model.objective) {
        if let Some(line) = estimate_line(plan, objective) {
            report.note(&line);
        }
    }
    let (tx, rx) = mpsc::channel();
    let shared = Shared::new(opts.stop(), solvers.len(), model.n_vars() as usize, tx);
    if let (Some(plan), Some(objective)) = (&plan, &model.objective) {
        let floor = plan.cost_floor(model);
        if floor > 0 {
            let sign = match objective.sense {
                Sense::Maximize => "<=",
                Sense::Minimize => ">=",
            };
            report.note(&format!(
                "bound {} {sign} {} (a cardinality constraint of the model on the objective)",
                objective.what,
                plan.value_of_cost(floor)
            ));
            shared.raise_lower(floor);
        }
    }
    let jobs = solvers
        .iter()
        .map(|&engine| {
            let (shared, plan) = (&shared, plan.as_ref());
            Job::new(engine.name(), move || {
                let _running = Running(shared);
                let result = run_engine(engine, model, opts, plan, shared);
                if result.is_err() {
                    shared.stop.raise();
                }
                result
            })
        })
        .collect();
    let ((), results) = side_by_side(DEEP_STACK, jobs, || {
        for value in rx {
            report.improved(value);
        }
    });
    for result in results {
        result?;
    }
    Ok(shared.answer(plan.is_some()))
}

/// One engine, start to end.
fn run_engine(
    engine: Sat,
    model: &Model,
    opts: &SolveOptions,
    plan: Option<&CostPlan>,
    shared: &Shared,
) -> Result<()> {
    match engine {
        Sat::Kissat => search(
            &mut KissatOracle::new(shared.stop.clone()),
            model,
            opts,
            plan,
            shared,
        ),
        Sat::Cadical => {
            let mut cadical = Embedded::new();
            cadical.set_stop(&shared.stop);
            if plan.is_some() {
                cadical.no_lucky_guesses();
            }
            search(&mut cadical, model, opts, plan, shared)
        }
    }
}

fn search(
    oracle: &mut dyn Oracle,
    model: &Model,
    opts: &SolveOptions,
    plan: Option<&CostPlan>,
    shared: &Shared,
) -> Result<()> {
    let vars = encode_model(model, &opts.encodings, oracle.sink());
    oracle.reserve_vars(vars.n_vars());
    match plan {
        None => {
            for &l in &opts.start {
                oracle.prefer(l);
            }
            decide(oracle, &opts.start, shared)
        }
        Some(plan) => Search::new(oracle, vars, plan, shared).run(&opts.start),
    }
}
