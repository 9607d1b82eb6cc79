//! A solver's answer judged against a model: read, mapped onto the
//! model's variables, decoded into a board and judged from the board
//! geometry alone, plus the objective the solver reported, recomputed —
//! what `qspec verify` prints and the Python package's `Model.verify()`
//! returns.

use std::fmt::Write as _;
use std::path::Path;

use super::shown::{verdict_lines, violations};
use crate::answer::map::Mapped;
use crate::answer::read::{AnswerStatus, Form};
use crate::answer::{objective_check, placement_of, read_mapped, read_mapped_text, MappedAnswer};
use crate::board::Placement;
use crate::draw as render;
use crate::emit::{read_header, FileHeader};
use crate::error::Result;
use crate::instance::Instance;
use crate::options::Format;
use crate::verify::objective_value as board_objective;

/// What `verify` prints, the board it shows, and its exit code.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The text for standard output.
    pub text: String,
    /// The board the answer describes, if it holds one.
    pub placement: Option<Placement>,
    /// The exit code.
    pub exit_code: u8,
    /// Whether the answer says that no solution exists.
    pub claims_no_solution: bool,
}

/// Verifies the answer at `answer` against `loaded` (mapped through the
/// compiled file `map` when given).
pub fn verify_answer(
    loaded: &Instance,
    answer: &Path,
    map: Option<&Path>,
    form: Option<Form>,
) -> Result<Verdict> {
    let header = map.map(read_header).transpose()?;
    let read = read_mapped(&loaded.model, &loaded.board, answer, header.as_ref(), form)?;
    Ok(judge(
        loaded,
        &answer.display().to_string(),
        &read,
        header.as_ref(),
    ))
}

/// [`verify_answer`] of an answer held in memory; `name` names it.
pub fn verify_text(
    loaded: &Instance,
    text: &str,
    name: &str,
    map: Option<&Path>,
    form: Option<Form>,
) -> Result<Verdict> {
    let header = map.map(read_header).transpose()?;
    let read = read_mapped_text(
        &loaded.model,
        &loaded.board,
        text,
        name,
        header.as_ref(),
        form,
    )?;
    Ok(judge(loaded, name, &read, header.as_ref()))
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

fn judge(
    loaded: &Instance,
    name: &str,
    read: &MappedAnswer,
    header: Option<&FileHeader>,
) -> Verdict {
    let answer = &read.answer;
    let mut text = String::new();
    let _ = writeln!(text, "answer: {}: {}", name, answer.form.describe());
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
            claims_no_solution: answer.status == AnswerStatus::Unsatisfiable,
        };
    };
    let file: Option<Format> = header.and_then(|h| h.format);
    let check = objective_check(&loaded.model, answer, header, file, &mapped.values);
    if let Some(c) = &check {
        let _ = writeln!(text, "solver objective: {}", c.reported);
    }
    let placement = placement_of(&loaded.model, &loaded.board, mapped);
    board_text(loaded, mapped, &placement, &mut text);
    let mut problems = violations(loaded, &placement);
    problems.extend(check.and_then(|c| c.mismatch));
    verdict_lines(&problems, &mut text);
    Verdict {
        text,
        placement: Some(placement),
        exit_code: if problems.is_empty() { 0 } else { 1 },
        claims_no_solution: false,
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
fn board_text(loaded: &Instance, mapped: &Mapped, placement: &Placement, text: &mut String) {
    if let (Some(objective), Some(value)) = (
        &loaded.model.objective,
        board_objective(&loaded.spec, placement),
    ) {
        let _ = writeln!(text, "{} = {value}", objective.what);
    }
    let _ = writeln!(text, "{}", render::pieces_line(&loaded.spec, placement));
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
