//! CBC's solution file (`cbc model.lp solve solu FILE`):
//!
//! ```text
//! Optimal - objective value 13.00000000
//!       0 x_0_0_0                      1                       1
//! ```
//!
//! then `index name value reduced-cost`, `**` in front of a value outside
//! its bounds; variables at zero may be left out. With
//! `printingOptions all` the rows come first, numbered from 0, then the
//! columns numbered from 0 again: a number that does not grow starts the
//! columns, and what came before (rows) is dropped.
//!
//! The first line's words give the status: `Optimal`, `Infeasible` and
//! `Integer infeasible`, `Stopped on time` (with a solution) or `Stopped on
//! time (no integer solution - continuous used)`, `Unbounded`, ...

use super::{
    excerpt, parse_number, AnswerStatus, Form, LineError, LineReader, NamedValue, Reported,
    SolverAnswer, Values,
};

/// Reads a CBC solution file.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let Some((number, first)) = lines.peek_non_blank()? else {
        return Err(LineError::new(0, "the answer is empty"));
    };
    let (status_text, objective) = status_line(first.trim(), number)?;
    lines.next_line()?;
    let status = status_of(&status_text);
    let values = match status {
        AnswerStatus::Optimal | AnswerStatus::Satisfiable => Values::ByName(columns(lines)?),
        AnswerStatus::Unsatisfiable | AnswerStatus::Unknown => Values::None,
    };
    Ok(SolverAnswer {
        form: Form::Cbc,
        status,
        status_text,
        objective: matches!(values, Values::ByName(_)).then_some(objective),
        values,
    })
}

/// `Optimal - objective value 13.00000000`: the status words and the value.
fn status_line(text: &str, number: usize) -> Result<(String, Reported), LineError> {
    let (status, value) = text.split_once(" - objective value ").ok_or_else(|| {
        LineError::new(
            number,
            format!(
                "`{}` is not the first line of a CBC solution (`<status> - objective value <v>`)",
                excerpt(text)
            ),
        )
    })?;
    let value = value.trim();
    parse_number(value, number, "the objective value")?;
    Ok((
        status.trim().to_string(),
        Reported {
            text: value.to_string(),
            line: number,
        },
    ))
}

fn status_of(words: &str) -> AnswerStatus {
    let lower = words.to_ascii_lowercase();
    if lower.starts_with("optimal") {
        AnswerStatus::Optimal
    } else if lower.contains("infeasible") && !lower.contains("no integer solution") {
        AnswerStatus::Unsatisfiable
    } else if lower.starts_with("stopped") && !lower.contains("no integer solution") {
        AnswerStatus::Satisfiable
    } else {
        AnswerStatus::Unknown
    }
}

/// The value lines; rows listed before the columns are dropped.
fn columns(lines: &mut LineReader<'_>) -> Result<Vec<NamedValue>, LineError> {
    let mut values: Vec<NamedValue> = Vec::new();
    let mut last_index: Option<u64> = None;
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let (index, value) = value_line(text, number)?;
        if last_index.is_some_and(|last| index <= last) {
            values.clear();
        }
        last_index = Some(index);
        values.push(value);
    }
    Ok(values)
}

/// `[**] index name value reduced-cost`.
fn value_line(text: &str, number: usize) -> Result<(u64, NamedValue), LineError> {
    let body = text.strip_prefix("**").unwrap_or(text);
    let tokens: Vec<&str> = body.split_ascii_whitespace().collect();
    let bad = || {
        LineError::new(
            number,
            format!(
                "`{}` is not a line of a CBC solution (`index name value reduced-cost`)",
                excerpt(text)
            ),
        )
    };
    let [index, name, value, reduced] = tokens[..] else {
        return Err(bad());
    };
    let index = index.parse::<u64>().map_err(|_| bad())?;
    parse_number(reduced, number, &format!("the reduced cost of {name}"))?;
    Ok((
        index,
        NamedValue {
            name: name.to_string(),
            value: parse_number(value, number, &format!("the value of {name}"))?,
            line: number,
        },
    ))
}
