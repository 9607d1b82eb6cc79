//! `maximize count` from the top, when the model itself bounds the count:
//! `hint lines` on a `rule attacks == k` model states `count <= U` (the
//! blog's bound, Q_3(8) <= 18). The optimiser's descent climbs towards U
//! one solution at a time; the seeds' way is faster: decide `count >= U`
//! on the model rebuilt with that bound (where the hints turn it into
//! strong bounds on the lines, the blog's pigeonhole), then `count >= U -
//! 1`, ...
//!
//! A step that finds a board ends the search: the steps above it were
//! refuted (or the model's bound excludes them), so the board is optimal.
//! The steps share [`LADDER_SECONDS`] (and the user's deadline): the
//! first, at the bound, is where the time goes when the bound is tight
//! (Q_3(29) = 68: 24 s), and the refutations below a loose bound are quick.
//! When the time runs out, the optimiser takes over from the start.

use std::time::{Duration, Instant};

use super::ascent::{climb, tied_objective};
use super::cost::CostPlan;
use super::interface::{Answer, Report, SolveOptions, Status};
use super::registry::{chosen, solve_model};
use super::steps::{carried_over, Quiet};
use crate::answer::objective::objective_value;
use crate::error::Result;
use crate::instance::Instance;
use crate::model::Model;

/// The longest the steps may take together.
const LADDER_SECONDS: u64 = 60;

/// Solves `instance` as [`solve_model`] does; a `maximize count` model
/// that states a bound on its count has the bound decided first, then one
/// less, ..., each step on the instance loaded with `count >= v` (not with
/// a warm start, which is the optimiser's).
pub fn solve(instance: &Instance, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    if let Some(bound) = instance.domination_lower_bound().filter(|b| b.pieces > 1) {
        report.note(&format!(
            "lower bound count >= {} ({} cells to cover; {} pieces cover at most {} of them)",
            bound.pieces,
            bound.cells,
            bound.pieces - 1,
            bound.fewer_cover
        ));
    }
    // The climb is for SAT, whose counter sees one army only; an engine
    // without SAT (the armies search) maximises the armies itself.
    let sat = chosen(opts.engine, &instance.model, opts).engine.runs_sat();
    if opts.start.is_empty() && sat && tied_objective(&instance.spec).is_some() {
        return climb(instance, opts, report);
    }
    if instance.spec.maximises_count() && opts.start.is_empty() {
        if let Some(answer) = from_the_ceiling(instance, opts, report)? {
            return Ok(answer);
        }
    }
    solve_model(&instance.model, opts, report)
}

/// The optimum found from the model's bound down, or `None` when the
/// model states no bound on its objective or a step ran out of time.
fn from_the_ceiling(
    instance: &Instance,
    opts: &SolveOptions,
    report: &mut dyn Report,
) -> Result<Option<Answer>> {
    let model = &instance.model;
    let Some(ceiling) = ceiling(model) else {
        return Ok(None);
    };
    report.note(&format!(
        "bound count <= {ceiling} (a cardinality constraint of the model on the objective): deciding count >= {ceiling}, then one less, first"
    ));
    let ladder_end = Instant::now() + Duration::from_secs(LADDER_SECONDS);
    for value in (0..=ceiling).rev() {
        let deadline = opts.deadline.map_or(ladder_end, |d| d.min(ladder_end));
        if Instant::now() >= deadline {
            return Ok(None);
        }
        let step = instance.with_count_at_least(value)?.model;
        let step_opts = SolveOptions {
            deadline: Some(deadline),
            start: Vec::new(),
            ..opts.clone()
        };
        let answer = solve_model(&step, &step_opts, &mut Quiet)?;
        match answer.status {
            Status::Unsatisfiable => {
                report.note(&format!(
                    "count >= {value}: no solution (decided with the bound in the model)"
                ));
            }
            Status::Satisfiable => {
                let values = answer.values.map(|v| carried_over(&step, &v, model));
                let objective = values
                    .as_ref()
                    .zip(model.objective.as_ref())
                    .map(|(v, o)| objective_value(o, v) as i64);
                if let Some(found) = objective {
                    report.improved(found);
                }
                return Ok(Some(Answer {
                    status: Status::Optimal,
                    values,
                    objective,
                }));
            }
            _ => return Ok(None),
        }
    }
    Ok(None)
}

/// The bound the model states on its objective's count, below the number
/// of its literals (a cardinality constraint on exactly them).
fn ceiling(model: &Model) -> Option<u32> {
    let plan = CostPlan::of(model).ok()??;
    let floor = plan.cost_floor(model);
    (floor > 0).then(|| u32::try_from(plan.value_of_cost(floor)).ok())?
}
