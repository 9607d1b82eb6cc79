//! `maximize count A` where A's count is said equal to another kind's
//! (`count white == count black`: peaceable armies). The optimiser bounds
//! its counter over A's pieces alone, and the equality, a linear row,
//! tells the other kind only through the cells: peaceable queens on 9x9
//! took 93 s. Deciding `count A >= v` on the model rebuilt with the bound
//! puts it on every kind tied to A too (`lower/kinds.rs`), and the same
//! proof takes 15 to 25 s.
//!
//! So the search climbs: decide `count A >= 0` (any board), then past each
//! board found, `count A >= value + 1`, until a step is refuted; the last
//! board is then optimal. The steps below the optimum find boards at once;
//! the time goes to the last refutation.

use super::interface::{Answer, Report, SolveOptions, Status};
use super::registry::solve_model;
use super::steps::{carried_over, Quiet};
use crate::answer::objective::objective_value;
use crate::error::Result;
use crate::instance::Instance;
use crate::language::{Quantity, Spec};
use crate::lower::tied_counts;
use crate::model::Sense;

/// The kind the objective maximises, when its count is said equal to
/// another kind's.
pub(super) fn tied_objective(spec: &Spec) -> Option<usize> {
    let objective = spec.objective?;
    let kind = objective.kind?;
    let tied = tied_counts(spec);
    let shared = (0..tied.len()).any(|k| k != kind && tied[k] == tied[kind]);
    (objective.sense == Sense::Maximize && objective.target == Quantity::Count && shared)
        .then_some(kind)
}

/// The optimum of `instance` (whose objective is [`tied_objective`]) by
/// deciding ever higher bounds.
pub(super) fn climb(
    instance: &Instance,
    opts: &SolveOptions,
    report: &mut dyn Report,
) -> Result<Answer> {
    let model = &instance.model;
    let objective = model.objective.as_ref();
    let what = instance
        .spec
        .objective
        .map_or_else(String::new, |o| o.what(&instance.spec.kinds));
    report.note(&format!(
        "{what} is said equal to another kind's count: deciding {what} >= v on the model rebuilt with the bound, v rising past each board found"
    ));
    let step_opts = SolveOptions {
        start: Vec::new(),
        ..opts.clone()
    };
    let mut best: Option<(Vec<bool>, i64)> = None;
    let mut value = 0u32;
    loop {
        let step = instance.with_count_at_least(value)?.model;
        let answer = solve_model(&step, &step_opts, &mut Quiet)?;
        match answer.status {
            Status::Satisfiable | Status::Optimal => {
                let values = answer.values.map(|v| carried_over(&step, &v, model));
                let found = values
                    .as_ref()
                    .zip(objective)
                    .map_or(i64::from(value), |(v, o)| objective_value(o, v) as i64);
                report.improved(found);
                value = u32::try_from(found + 1).unwrap_or(u32::MAX);
                best = values.map(|v| (v, found));
            }
            Status::Unsatisfiable => {
                report.note(&format!("{what} >= {value}: no solution"));
                return Ok(ended(best, Status::Optimal, Status::Unsatisfiable));
            }
            Status::Feasible | Status::Unknown => {
                return Ok(ended(best, Status::Feasible, Status::Unknown));
            }
        }
    }
}

/// The answer with the best board, `with_board` when there is one.
fn ended(best: Option<(Vec<bool>, i64)>, with_board: Status, without: Status) -> Answer {
    match best {
        Some((values, objective)) => Answer {
            status: with_board,
            values: Some(values),
            objective: Some(objective),
        },
        None => Answer {
            status: without,
            values: None,
            objective: None,
        },
    }
}
