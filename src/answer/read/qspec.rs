//! qspec's own boards, read back: its picture of a board (the whole output
//! of `qspec solve`, or a board drawn or edited by hand) and its JSON line
//! (`solve --json`, one line of `solve --all --jsonl`).
//!
//! The picture is kept as text for the picture reader of `--start`
//! ([`crate::answer::picture`]), which reads it onto the board when the
//! answer is mapped: the rows, and `layer ...:` labels; every other line is
//! skipped but an `s` line (`s OPTIMUM FOUND`), which is the status. A
//! picture reports no objective: qspec computes it from the board.
//!
//! The JSON line is [`BoardJson`], the one vocabulary of qspec's JSON:
//! `cells` (the pieces) and `walls` (the walls a solver chose, under
//! `walls free`) as coordinates, `value` the objective (checked against the
//! board's), `status`.

use super::{excerpt, AnswerStatus, Form, LineError, LineReader, Reported, SolverAnswer, Values};
use crate::answer::picture::{is_picture_row, layer_label};
use crate::draw::json::BoardJson;

/// Whether `text`, a first line, is the first line `qspec solve` prints:
/// `c qspec 0.1.0: model.qspec, ...` (a compiled file's header says
/// `c qspec 0.1.0` alone).
pub(super) fn starts_solve_output(text: &str) -> bool {
    text.strip_prefix("c qspec ")
        .and_then(|rest| rest.split_ascii_whitespace().next())
        .is_some_and(|version| version.ends_with(':'))
}

/// Reads qspec's picture of a board.
pub(super) fn read_picture(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let mut kept = Vec::new();
    while let Some((number, line)) = lines.next_line()? {
        kept.push((number, line.to_string()));
    }
    picture_answer(kept)
}

/// The answer a picture's lines give: the status of its `s` line (a
/// board without one is a solution), the board's lines.
pub(super) fn picture_answer(lines: Vec<(usize, String)>) -> Result<SolverAnswer, LineError> {
    let mut status = None;
    for (number, line) in &lines {
        let Some(words) = line.trim().strip_prefix("s ") else {
            continue;
        };
        let said = match words {
            "OPTIMUM FOUND" => AnswerStatus::Optimal,
            "SATISFIABLE" => AnswerStatus::Satisfiable,
            "UNSATISFIABLE" => AnswerStatus::Unsatisfiable,
            "UNKNOWN" => AnswerStatus::Unknown,
            other => {
                return Err(LineError::new(
                    *number,
                    format!("`s {}` is not a status qspec prints", excerpt(other)),
                ))
            }
        };
        status = Some((said, words.to_string()));
    }
    let board = lines
        .iter()
        .any(|(_, l)| is_picture_row(l) || layer_label(l).is_some());
    let (status, status_text) =
        status.unwrap_or((AnswerStatus::Satisfiable, "a board".to_string()));
    let values = match (board, status) {
        (true, _) => Values::Picture(lines),
        (false, AnswerStatus::Unsatisfiable | AnswerStatus::Unknown) => Values::None,
        (false, _) => {
            return Err(LineError::new(
                lines.last().map_or(0, |(n, _)| *n),
                "the picture holds no board: no row of cells (`.`, `x`, `#`, `*` or a capital letter, separated by single spaces)",
            ))
        }
    };
    Ok(SolverAnswer {
        form: Form::Picture,
        status,
        status_text,
        objective: None,
        values,
    })
}

/// Reads one JSON line of a board.
pub(super) fn read_json(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let mut found: Option<(usize, BoardJson)> = None;
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if found.is_some() {
            return Err(LineError::new(
                number,
                "a second JSON line: verify checks one board at a time",
            )
            .with_help(
                "give it one line of the stream, e.g. `sed -n 3p solutions.jsonl > one.json`",
            ));
        }
        let board = BoardJson::from_line(text).map_err(|e| {
            let summary = serde_json::from_str::<serde_json::Value>(text)
                .is_ok_and(|v| v.get("solutions").is_some());
            match summary {
                true => LineError::new(
                    number,
                    "this JSON line holds no board: it is the summary line of `--jsonl`",
                ),
                false => LineError::new(number, e),
            }
        })?;
        found = Some((number, board));
    }
    let Some((line, board)) = found else {
        return Err(LineError::new(0, "the answer is empty"));
    };
    let status_text = board.status.unwrap_or("a board").to_string();
    let status = match board.status {
        Some("optimal") => AnswerStatus::Optimal,
        Some("unsatisfiable") => AnswerStatus::Unsatisfiable,
        Some("unknown") => AnswerStatus::Unknown,
        _ => AnswerStatus::Satisfiable,
    };
    let values = match (board.cells, status) {
        (Some(pieces), _) => Values::Cells {
            pieces,
            walls: board.walls.unwrap_or_default(),
            kinds: board.kinds.unwrap_or_default(),
            line,
        },
        (None, AnswerStatus::Unsatisfiable | AnswerStatus::Unknown) => Values::None,
        (None, _) => {
            return Err(LineError::new(
                line,
                "this JSON line holds no board: it has no `cells`",
            ))
        }
    };
    Ok(SolverAnswer {
        form: Form::Json,
        status,
        status_text,
        objective: board.value.map(|value| Reported {
            text: value.to_string(),
            line,
        }),
        values,
    })
}
