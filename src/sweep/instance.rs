//! One instance of a sweep solved, its board checked from the geometry: a
//! model for its parameter values, solved as `qspec solve` solves it (its
//! optimal solutions counted when asked), or a leaf of a search cut into
//! parts, searched by the search that cut it. (A block of wall placements
//! is solved on one incremental solver: [`super::walls`].)

use super::incremental::Incremental;
use super::line::Line;
use super::split::Split;
use super::walls::check_board;
use super::Options;
use crate::answer::decode;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::instance::Source;
use crate::model::Var;
use crate::options::Encodings;
use crate::solve;
use crate::solve::parts::Opened;
use crate::solve::SolveOptions;
use crate::solve::Status;
use crate::solve::Stop;

/// One model without walls, solved the normal way (as `solve` solves it:
/// [`crate::solve::solve`]), its
/// board checked; with `optimal_count`, its optimal solutions counted by
/// an [`Incremental`] told the optimum; `halt` stops either.
pub(super) fn solve_instance(
    source: &Source,
    options: &Options,
    defines: &[(String, i64)],
    halt: &Stop,
) -> Result<Line> {
    let instance = source.load(defines)?;
    if let (Some(_), Some(hint)) = (
        options.optimal_count,
        instance.model.hints.iter().find(|h| h.is_restricting()),
    ) {
        return Err(Error::unsupported(format!(
            "--optimal-count counts every optimal solution, but `{}` removes some",
            hint.hint
        )));
    }
    let encodings = Encodings {
        amo: instance.spec.amo,
        card: instance.spec.card,
    };
    // One thread: the sweep runs instances side by side, and a line must
    // not depend on which engine of a portfolio finished first.
    let solve_options = SolveOptions {
        encodings,
        threads: Some(1),
        cancel: halt.cancel.clone(),
        ..SolveOptions::default()
    };
    let answer = solve::solve(&instance, &solve_options, &mut |_| {})?;
    let status = answer.status;
    let solution = checked_solution(&instance, &answer, defines)?;
    let optimal_count = match (options.optimal_count, status) {
        (Some(limit), Status::Optimal | Status::Satisfiable) => {
            let projection = (1..=instance.model.n_decisions())
                .map(Var::from_dimacs)
                .collect();
            let mut engine = Incremental::new(&instance.model, &encodings, projection, halt)?;
            if let Some(value) = answer.objective {
                engine.expect(value);
            }
            engine.solve(&[], Some(limit))?.optimal_count
        }
        (Some(_), Status::Unsatisfiable) => Some(0),
        _ => None,
    };
    Ok(Line {
        defines: defines.to_vec(),
        walls: None,
        class_size: None,
        status,
        value: answer.objective,
        optimal_count,
        solution,
        leaf: None,
        searched: None,
    })
}

/// A part of one search cut into leaves: its model loaded and read once
/// for all its leaves, by the search that cut them.
pub(super) struct OpenedPart {
    pub(super) split: Split,
    instance: Instance,
    opened: Box<dyn Opened>,
}

impl OpenedPart {
    /// The leaves of `split`, of the model `source` with `defines`.
    pub(super) fn new(
        source: &Source,
        defines: &[(String, i64)],
        split: Split,
    ) -> Result<OpenedPart> {
        let instance = source.load(defines)?;
        let opened = split.cut.open(&instance.model, split.no_symmetry)?;
        Ok(OpenedPart {
            split,
            instance,
            opened,
        })
    }

    /// Whether the search maximises (else decides a count).
    fn maximises(&self) -> bool {
        self.opened.maximises()
    }

    /// Searches leaf `index`: the answer and the nodes it took.
    fn solve(&self, index: usize, opts: &SolveOptions) -> Result<(solve::Answer, u64)> {
        self.opened.solve(&self.instance.model, opts, index)
    }
}

/// Leaf `index` of `leaves`, its board checked: searched on `threads`
/// threads when deciding `count >= m` (the verdict, the board and the
/// nodes of a refutation do not depend on them), on one when maximising
/// (where the board found might); `halt` stops it.
pub(super) fn solve_leaf(
    leaves: &OpenedPart,
    defines: &[(String, i64)],
    index: usize,
    threads: usize,
    halt: &Stop,
) -> Result<Line> {
    let (instance, split) = (&leaves.instance, &leaves.split);
    let threads = if leaves.maximises() {
        1
    } else {
        threads.max(1)
    };
    let opts = SolveOptions {
        encodings: Encodings {
            amo: instance.spec.amo,
            card: instance.spec.card,
        },
        threads: Some(threads),
        no_symmetry: split.no_symmetry,
        cancel: halt.cancel.clone(),
        ..SolveOptions::default()
    };
    let (answer, nodes) = leaves.solve(index, &opts)?;
    let status = answer.status;
    let solution = checked_solution(instance, &answer, defines)?;
    Ok(Line {
        defines: defines.to_vec(),
        walls: None,
        class_size: None,
        status,
        value: answer.objective,
        optimal_count: None,
        solution,
        leaf: Some((split.first + index, split.leaves)),
        searched: Some(nodes),
    })
}

/// The board of `answer`, checked from the geometry, as coordinates.
fn checked_solution(
    instance: &Instance,
    answer: &solve::Answer,
    defines: &[(String, i64)],
) -> Result<Option<Vec<Vec<usize>>>> {
    let Some(values) = &answer.values else {
        return Ok(None);
    };
    let placement = decode::placement_of(&instance.model, &instance.board, values);
    let cells = check_board(
        &instance.spec,
        &instance.board,
        &placement,
        answer.objective,
        || describe(defines),
    )?;
    Ok(Some(
        cells.iter().map(|&c| instance.board.coords(c)).collect(),
    ))
}

/// `n=8 k=2`, or `the model` without parameters.
fn describe(defines: &[(String, i64)]) -> String {
    if defines.is_empty() {
        return "the model".to_string();
    }
    let parts: Vec<String> = defines.iter().map(|(n, v)| format!("{n}={v}")).collect();
    parts.join(" ")
}
