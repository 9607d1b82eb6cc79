//! The `verify` command's work: read a solver's answer, map it onto the
//! model's variables, decode the board, and judge it from the board
//! geometry alone — plus the objective the solver reported, recomputed.
//!
//! Exit codes: 0 when every rule holds, 1 when the answer breaks a rule or
//! holds no solution (an UNSAT answer is a claim verify cannot check), 2
//! for bad input (returned as an [`Error`](crate::error::Error)).

use super::map::{kept_ids, map_answer, read_compiled, CompiledFile, Mapped};
use super::objective::{check_objective, ObjectiveCheck};
use super::read::{read_answer_file, Answer, AnswerStatus, Form, ReadOptions};
use super::verify::objective_value as board_objective;
use super::{decode, render, verify, Placement};
use crate::compile::Loaded;
use crate::emit::Format;
use crate::error::Result;
use std::fmt::Write;
use std::path::Path;

/// What to verify.
#[derive(Clone, Copy, Debug)]
pub struct VerifyRequest<'a> {
    /// The solver's output (`-` for standard input).
    pub answer: &'a Path,
    /// The compiled file the solver read, for its variable map.
    pub map: Option<&'a Path>,
    /// The answer's form, instead of telling it from the content.
    pub form: Option<Form>,
}

/// What `verify` prints, the board it shows, and its exit code.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub text: String,
    pub placement: Option<Placement>,
    pub exit_code: u8,
}

/// An answer read and mapped onto a model.
#[derive(Clone, Debug)]
pub struct MappedAnswer {
    pub answer: Answer,
    /// `None` when the answer holds no solution.
    pub mapped: Option<Mapped>,
}

/// Reads the answer at `path` and maps it onto `loaded`'s model (through
/// `map` when given).
pub fn read_mapped(
    loaded: &Loaded,
    path: &Path,
    map: Option<&CompiledFile>,
    form: Option<Form>,
) -> Result<MappedAnswer> {
    let opts = ReadOptions {
        form,
        kept_ids: kept_ids(&loaded.model, map),
    };
    let answer = read_answer_file(path, opts)?;
    let source = path.display().to_string();
    let mapped = map_answer(&answer, &loaded.model, &loaded.board, map, &source)?;
    Ok(MappedAnswer { answer, mapped })
}

/// The placement the mapped values describe.
pub fn placement_of(loaded: &Loaded, mapped: &Mapped) -> Placement {
    let model_values = loaded
        .model
        .names
        .iter()
        .map(String::as_str)
        .zip(mapped.values.iter().copied());
    let cell_values = mapped.cells.iter().map(|(n, v)| (n.as_str(), *v));
    decode::placement(&loaded.board, model_values.chain(cell_values))
}

/// The reported objective checked against `values` (`None` when the
/// answer reports none).
pub fn objective_check(
    loaded: &Loaded,
    answer: &Answer,
    file: Option<Format>,
    values: &[bool],
) -> Option<ObjectiveCheck> {
    let reported = answer.objective.as_ref()?;
    check_objective(&loaded.model, answer.form, file, values, reported)
}

/// Verifies the answer `req` names against `loaded`.
pub fn verify_answer(loaded: &Loaded, req: &VerifyRequest<'_>) -> Result<Verdict> {
    let map = req.map.map(read_compiled).transpose()?;
    let read = read_mapped(loaded, req.answer, map.as_ref(), req.form)?;
    let file = map.as_ref().and_then(|m| m.format);
    Ok(judge(loaded, req.answer, &read, file))
}

/// `solver status: ...` in words.
pub fn status_meaning(status: AnswerStatus) -> &'static str {
    match status {
        AnswerStatus::Satisfiable => "a solution",
        AnswerStatus::Optimal => "a solution, claimed optimal",
        AnswerStatus::Unsatisfiable => "no solution exists, says the solver",
        AnswerStatus::Unknown => "no verdict",
    }
}

fn judge(loaded: &Loaded, path: &Path, read: &MappedAnswer, file: Option<Format>) -> Verdict {
    let answer = &read.answer;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "answer: {}: {}",
        path.display(),
        answer.form.describe()
    );
    let _ = writeln!(
        text,
        "solver status: {} ({})",
        answer.status_text,
        status_meaning(answer.status)
    );
    let Some(mapped) = &read.mapped else {
        let _ = writeln!(text, "{}", no_solution_line(answer.status));
        return Verdict {
            text,
            placement: None,
            exit_code: 1,
        };
    };
    let check = objective_check(loaded, answer, file, &mapped.values);
    if let Some(c) = &check {
        let _ = writeln!(text, "solver objective: {}", c.reported);
    }
    let placement = placement_of(loaded, mapped);
    board_text(loaded, mapped, &placement, &mut text);
    let mut problems: Vec<String> = verify(&loaded.spec, &loaded.board, &placement)
        .iter()
        .map(ToString::to_string)
        .collect();
    problems.extend(check.and_then(|c| c.mismatch));
    verdict_lines(&problems, &mut text);
    Verdict {
        text,
        placement: Some(placement),
        exit_code: if problems.is_empty() { 0 } else { 1 },
    }
}

fn no_solution_line(status: AnswerStatus) -> &'static str {
    match status {
        AnswerStatus::Unsatisfiable => {
            "the answer holds no solution: the solver says none exists (verify checks boards, not proofs of impossibility)"
        }
        _ => "the answer holds no solution: the solver gave no verdict (a timeout or a limit?)",
    }
}

/// The objective's value, the counts, a note on missing values, the board.
fn board_text(loaded: &Loaded, mapped: &Mapped, placement: &Placement, text: &mut String) {
    if let (Some(objective), Some(value)) = (
        &loaded.model.objective,
        board_objective(&loaded.spec, placement),
    ) {
        let _ = writeln!(text, "{} = {value}", objective.what);
    }
    let _ = writeln!(
        text,
        "{}",
        crate::solution::render::pieces_line(&loaded.spec, placement)
    );
    if mapped.missing > 0 {
        let _ = writeln!(
            text,
            "note: the answer gives no value for {} of the model's {} variables; they are taken as false",
            mapped.missing,
            mapped.values.len()
        );
    }
    text.push_str(&render::text(&loaded.spec, &loaded.board, placement));
}

/// `verified: ...`, or the failure and one line per problem.
pub fn verdict_lines(problems: &[String], text: &mut String) {
    if problems.is_empty() {
        let _ = writeln!(
            text,
            "verified: every rule holds (checked from the board geometry)"
        );
    } else {
        let _ = writeln!(
            text,
            "VERIFICATION FAILED: the solver's answer breaks the model:"
        );
        for p in problems {
            let _ = writeln!(text, "  {p}");
        }
    }
}
