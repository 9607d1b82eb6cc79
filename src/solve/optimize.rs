//! Solving a model with the embedded CaDiCaL: a decision problem in one
//! call; an objective by bound tightening — find a solution, then demand a
//! strictly better one through rustsat's incremental totalizer over the
//! objective's "cost" literals, until the solver proves there is none.

use super::embedded::{Embedded, Outcome};
use crate::encode::bridge::{from_rs, AllocVars, SinkCollector};
use crate::encode::{encode_model, ClauseSink};
use crate::error::{Error, Result};
use crate::model::{Lit, Model, Sense};
use crate::options::Encodings;
use rustsat::encodings::card::{BoundUpper, BoundUpperIncremental, Totalizer};
use std::time::Instant;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution of a model without objective.
    Satisfiable,
    /// No solution exists (proven).
    Unsatisfiable,
    /// A solution whose objective value is proven optimal.
    Optimal,
    /// The deadline came after a solution was found: the best one, unproven.
    Feasible,
    /// The deadline came before any solution.
    Unknown,
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

/// Solves `model`, calling `on_improve` with every better objective value.
pub fn solve_embedded(
    model: &Model,
    encodings: &Encodings,
    deadline: Option<Instant>,
    on_improve: &mut dyn FnMut(i64),
) -> Result<Answer> {
    let mut solver = Embedded::new();
    let mut vars = encode_model(model, encodings, &mut solver);
    solver.reserve_vars(vars.n_vars());
    solver.set_deadline(deadline);
    let named = model.n_vars() as usize;
    let Some(objective) = &model.objective else {
        return Ok(match solver.solve(&[])? {
            Outcome::Sat(values) => Answer {
                status: Status::Satisfiable,
                values: Some(values[..named].to_vec()),
                objective: None,
            },
            Outcome::Unsat => answer(Status::Unsatisfiable, None),
            Outcome::Unknown => answer(Status::Unknown, None),
        });
    };
    if objective.terms.iter().any(|&(c, _)| c != 1) {
        return Err(Error::failure(
            "the embedded optimiser handles objectives with unit coefficients only",
        ));
    }
    // cost literal: true when it costs one unit of objective.
    let cost: Vec<Lit> = objective
        .terms
        .iter()
        .map(|&(_, l)| match objective.sense {
            Sense::Maximize => !l,
            Sense::Minimize => l,
        })
        .collect();
    // Start from good solutions: decide every objective literal the
    // improving way first.
    solver.no_lucky_guesses();
    for &l in &cost {
        solver.prefer(!l);
    }
    let value_of = |c: usize| match objective.sense {
        Sense::Maximize => (cost.len() - c) as i64,
        Sense::Minimize => c as i64,
    };
    let mut totalizer: Totalizer = cost
        .iter()
        .map(|&l| crate::encode::bridge::to_rs(l))
        .collect();
    let mut best: Option<(Vec<bool>, i64)> = None;
    loop {
        match solver.solve(&[])? {
            Outcome::Sat(values) => {
                let c = cost
                    .iter()
                    .filter(|l| l.eval(values[l.var().index()]))
                    .count();
                on_improve(value_of(c));
                best = Some((values[..named].to_vec(), value_of(c)));
                if c == 0 {
                    return Ok(with_best(Status::Optimal, best));
                }
                tighten(&mut totalizer, c - 1, &mut solver, &mut vars)?;
            }
            Outcome::Unsat => {
                let status = if best.is_some() {
                    Status::Optimal
                } else {
                    Status::Unsatisfiable
                };
                return Ok(with_best(status, best));
            }
            Outcome::Unknown => {
                let status = if best.is_some() {
                    Status::Feasible
                } else {
                    Status::Unknown
                };
                return Ok(with_best(status, best));
            }
        }
    }
}

/// Adds "at most `bound` cost literals are true" for good.
fn tighten(
    totalizer: &mut Totalizer,
    bound: usize,
    solver: &mut Embedded,
    vars: &mut crate::model::VarAlloc,
) -> Result<()> {
    totalizer
        .encode_ub_change(
            bound..bound + 1,
            &mut SinkCollector::new(solver),
            &mut AllocVars(vars),
        )
        .map_err(|e| Error::failure(format!("encoding the objective bound failed: {e}")))?;
    let units = totalizer
        .enforce_ub(bound)
        .map_err(|e| Error::failure(format!("enforcing the objective bound failed: {e}")))?;
    for u in units {
        solver.add_clause(&[from_rs(u)]);
    }
    solver.reserve_vars(vars.n_vars());
    Ok(())
}

fn answer(status: Status, values: Option<Vec<bool>>) -> Answer {
    Answer {
        status,
        values,
        objective: None,
    }
}

fn with_best(status: Status, best: Option<(Vec<bool>, i64)>) -> Answer {
    match best {
        Some((values, objective)) => Answer {
            status,
            values: Some(values),
            objective: Some(objective),
        },
        None => answer(status, None),
    }
}
