//! An answer read and mapped onto a model: the solver's text parsed
//! ([`super::read`]), its values brought onto the model's variables
//! ([`super::map`], through the compiled file's header when known), the
//! placement they describe, and the objective the solver reported checked.

use super::decode;
use super::map::{kept_ids, map_answer, Mapped};
use super::objective::{check_objective, ObjectiveCheck};
use super::read::{read_answer, read_answer_file, Form, ReadOptions, SolverAnswer};
use crate::board::Board;
use crate::board::Placement;
use crate::emit::FileHeader;
use crate::error::Result;
use crate::model::Model;
use crate::options::Format;
use std::path::Path;

/// An answer read and mapped onto a model.
#[derive(Clone, Debug)]
pub struct MappedAnswer {
    /// The answer as read.
    pub answer: SolverAnswer,
    /// `None` when the answer holds no solution.
    pub mapped: Option<Mapped>,
}

/// Reads the answer at `path` and maps it onto `model` (through the header
/// of the compiled file the solver read, when given).
pub fn read_mapped(
    model: &Model,
    board: &Board,
    path: &Path,
    header: Option<&FileHeader>,
    form: Option<Form>,
) -> Result<MappedAnswer> {
    let answer = read_answer_file(path, read_options(model, header, form))?;
    mapped(answer, model, board, header, &path.display().to_string())
}

/// [`read_mapped`] of an answer held in memory; `source` names it in
/// messages.
pub fn read_mapped_text(
    model: &Model,
    board: &Board,
    text: &str,
    source: &str,
    header: Option<&FileHeader>,
    form: Option<Form>,
) -> Result<MappedAnswer> {
    let opts = read_options(model, header, form);
    let answer = read_answer(&mut text.as_bytes(), source, opts)?;
    mapped(answer, model, board, header, source)
}

/// How to read an answer to `model` (its ids through `header`).
fn read_options(model: &Model, header: Option<&FileHeader>, form: Option<Form>) -> ReadOptions {
    ReadOptions {
        form,
        kept_ids: kept_ids(model, header),
    }
}

/// `answer` mapped onto `model`.
fn mapped(
    answer: SolverAnswer,
    model: &Model,
    board: &Board,
    header: Option<&FileHeader>,
    source: &str,
) -> Result<MappedAnswer> {
    let mapped = map_answer(&answer, model, board, header, source)?;
    Ok(MappedAnswer { answer, mapped })
}

/// The placement the mapped values describe.
pub fn placement_of(model: &Model, board: &Board, mapped: &Mapped) -> Placement {
    let model_values = model
        .names
        .iter()
        .map(String::as_str)
        .zip(mapped.values.iter().copied());
    let cell_values = mapped.cells.iter().map(|(n, v)| (n.as_str(), *v));
    decode::placement(board, model_values.chain(cell_values))
}

/// The reported objective checked against `values` (`None` when the
/// answer reports none), in the terms of the file the solver read: its
/// format, and the objective map its header states.
pub fn objective_check(
    model: &Model,
    answer: &SolverAnswer,
    header: Option<&FileHeader>,
    file: Option<Format>,
    values: &[bool],
) -> Option<ObjectiveCheck> {
    let reported = answer.objective.as_ref()?;
    let stated = header.and_then(|h| h.objective);
    check_objective(model, answer.form, file, stated, values, reported)
}
