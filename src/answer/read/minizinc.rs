//! MiniZinc's output for a `.mzn` file qspec wrote: each solution as the
//! model's output item prints it (`count = N`, then the board as qspec
//! draws it), ended by `----------`; `==========` once the search is
//! complete (for an optimisation: the last solution is optimal); or one of
//! `=====UNSATISFIABLE=====`, `=====UNSATorUNBOUNDED=====` (the same for a
//! model of bounded Booleans), `=====UNBOUNDED=====`, `=====UNKNOWN=====`
//! and `=====ERROR=====`. Lines starting with `%` (statistics, comments)
//! are skipped.
//!
//! The last complete solution is taken (with intermediate solutions, the
//! best); its board is kept as text and read by the picture reader of
//! `--start` when the answer is mapped onto a board (`answer::map`), and
//! its `what = N` line is the reported objective. A solution not ended by
//! `----------` (MiniZinc stopped while printing) is not taken.
//!
//! A board without any of these markers is not MiniZinc's but qspec's own
//! picture (the output of `qspec solve`, a board drawn by hand), unless it
//! holds MiniZinc's `count = N` line and not the `N pieces` line qspec
//! prints over a board: then it is MiniZinc's, cut short.

use super::{
    excerpt, qspec, AnswerStatus, Form, LineError, LineReader, Reported, SolverAnswer, Values,
};

/// Ends every solution.
const SOLUTION: &str = "----------";
/// The search is complete.
const COMPLETE: &str = "==========";

/// Whether `text` (a first line) looks like MiniZinc's output for a file
/// qspec wrote: a marker, a comment, the objective line, a layer label or a
/// row of the board.
pub(super) fn starts_minizinc(text: &str) -> bool {
    text == SOLUTION
        || text == COMPLETE
        || is_verdict(text)
        || text.starts_with('%')
        || objective_line(text).is_some()
        || crate::answer::picture::layer_label(text).is_some()
        || crate::answer::picture::is_picture_row(text)
}

/// `=====UNSATISFIABLE=====` and the other verdicts.
fn is_verdict(text: &str) -> bool {
    text.len() > 10 && text.starts_with("=====") && text.ends_with("=====")
}

/// `count = 12` → `12`: a lower-case word (and, for an objective of one
/// kind, the kind's name: `count white = 5`), ` = `, an integer.
fn objective_line(text: &str) -> Option<&str> {
    let (what, value) = text.split_once(" = ")?;
    let mut words = what.split(' ');
    let first = words.next().unwrap_or("");
    let word_ok = !first.is_empty()
        && first
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && words.all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    let digits = value.strip_prefix('-').unwrap_or(value);
    let value_ok = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
    (word_ok && value_ok).then_some(value)
}

/// One solution as printed.
#[derive(Default)]
struct Solution {
    lines: Vec<(usize, String)>,
    objective: Option<Reported>,
}

/// `12 pieces`, `10 pieces, 2 walls placed`: the line qspec prints over a
/// board.
fn pieces_line(text: &str) -> bool {
    let mut words = text.split_ascii_whitespace();
    let count = words.next().unwrap_or("");
    !count.is_empty()
        && count.chars().all(|c| c.is_ascii_digit())
        && matches!(words.next(), Some("pieces" | "pieces,"))
}

/// Reads MiniZinc's output; unless the form was `forced`, a board without
/// MiniZinc's markers is read as qspec's picture.
pub(super) fn read(lines: &mut LineReader<'_>, forced: bool) -> Result<SolverAnswer, LineError> {
    let mut current = Solution::default();
    let mut last: Option<Solution> = None;
    let mut complete = false;
    let mut verdict: Option<(usize, String)> = None;
    let mut marked = false;
    let mut pieces = false;
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim_end();
        marked |= text == SOLUTION || text == COMPLETE || is_verdict(text);
        pieces |= pieces_line(text);
        if text == SOLUTION {
            last = Some(std::mem::take(&mut current));
        } else if text == COMPLETE {
            complete = true;
        } else if is_verdict(text) {
            verdict = Some((number, text.to_string()));
        } else if text.starts_with('%') {
            continue;
        } else {
            if current.objective.is_none() {
                current.objective = objective_line(text).map(|value| Reported {
                    text: value.to_string(),
                    line: number,
                });
            }
            current.lines.push((number, text.to_string()));
        }
    }
    if !forced && !marked && (pieces || current.objective.is_none()) {
        return qspec::picture_answer(current.lines);
    }
    if let Some((number, text)) = verdict {
        let status = match text.as_str() {
            "=====UNSATISFIABLE=====" | "=====UNSATorUNBOUNDED=====" => AnswerStatus::Unsatisfiable,
            "=====UNKNOWN=====" | "=====ERROR=====" | "=====UNBOUNDED=====" => {
                AnswerStatus::Unknown
            }
            other => {
                return Err(LineError::new(
                    number,
                    format!("`{}` is not a verdict MiniZinc prints", excerpt(other)),
                ))
            }
        };
        if status == AnswerStatus::Unsatisfiable && last.is_some() {
            return Err(LineError::new(
                number,
                format!("{text} after a solution: the output contradicts itself"),
            ));
        }
        if last.is_none() || status == AnswerStatus::Unsatisfiable {
            return Ok(answer(status, text, None, Values::None));
        }
    }
    let Some(solution) = last else {
        let line = current.lines.last().map_or(0, |(n, _)| *n);
        return Err(LineError::new(
            line,
            format!(
                "MiniZinc's output has no `{SOLUTION}` after a solution and no verdict (`=====UNSATISFIABLE=====`, `=====UNKNOWN=====`, ...): it was cut short"
            ),
        ));
    };
    let (status, text) = match (complete, solution.objective.is_some()) {
        (true, true) => (AnswerStatus::Optimal, COMPLETE),
        _ => (AnswerStatus::Satisfiable, SOLUTION),
    };
    Ok(answer(
        status,
        text.to_string(),
        solution.objective,
        Values::Picture(solution.lines),
    ))
}

fn answer(
    status: AnswerStatus,
    status_text: String,
    objective: Option<Reported>,
    values: Values,
) -> SolverAnswer {
    SolverAnswer {
        form: Form::MiniZinc,
        status,
        status_text,
        objective,
        values,
    }
}
