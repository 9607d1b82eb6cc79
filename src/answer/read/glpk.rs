//! GLPK's printable solution (`glpsol --lp model.lp -o FILE`):
//!
//! ```text
//! Problem:
//! Rows:       47
//! Columns:    62 (62 integer, 62 binary)
//! Status:     INTEGER OPTIMAL
//! Objective:  obj = 10 (MAXimum)
//! ...
//!    No. Column name       Activity     Lower bound   Upper bound
//! ------ ------------    ------------- ------------- -------------
//!      1 x_0_0        *              0             0             1
//! ```
//!
//! A name longer than 12 characters stands alone on its line, its numbers
//! on the next. Only the status, the objective and the column table are
//! read (GLPK's `-w` format numbers the columns instead of naming them).

use super::{
    excerpt, parse_number, AnswerStatus, Form, LineError, LineReader, NamedValue, Reported,
    SolverAnswer, Values,
};

/// Reads GLPK's printable solution.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let mut status: Option<String> = None;
    let mut objective: Option<Reported> = None;
    let mut values: Option<Vec<NamedValue>> = None;
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim();
        if let Some(s) = text.strip_prefix("Status:") {
            status = Some(s.trim().to_string());
        } else if let Some(o) = text.strip_prefix("Objective:") {
            objective = Some(objective_of(o, number)?);
        } else if text.starts_with("No.") && text.contains("Column name") {
            values = Some(column_table(lines)?);
            break;
        }
    }
    let status_text = status.ok_or_else(|| {
        LineError::new(
            0,
            "no `Status:` line: this is not a complete glpsol -o solution",
        )
    })?;
    let status = status_of(&status_text);
    let has_solution = matches!(status, AnswerStatus::Optimal | AnswerStatus::Satisfiable);
    let values = match values {
        Some(v) if has_solution => Values::ByName(v),
        None if has_solution => {
            return Err(LineError::new(
                0,
                "the solution has no column table: the file is truncated",
            ))
        }
        _ => Values::None,
    };
    Ok(SolverAnswer {
        form: Form::Glpk,
        status,
        status_text,
        objective: objective.filter(|_| has_solution),
        values,
    })
}

fn status_of(words: &str) -> AnswerStatus {
    match words {
        "INTEGER OPTIMAL" | "OPTIMAL" => AnswerStatus::Optimal,
        "INTEGER NON-OPTIMAL" | "FEASIBLE" => AnswerStatus::Satisfiable,
        w if w.contains("EMPTY") || w.starts_with("INFEASIBLE") => AnswerStatus::Unsatisfiable,
        _ => AnswerStatus::Unknown,
    }
}

/// ` obj = 10 (MAXimum)` → `10`.
fn objective_of(text: &str, number: usize) -> Result<Reported, LineError> {
    let after = text.split_once('=').map_or(text, |(_, v)| v);
    let value = after.split_ascii_whitespace().next().unwrap_or("");
    parse_number(value, number, "the objective value")?;
    Ok(Reported {
        text: value.to_string(),
        line: number,
    })
}

/// The entries of the column table, up to the blank line that ends it.
fn column_table(lines: &mut LineReader<'_>) -> Result<Vec<NamedValue>, LineError> {
    let mut values = Vec::new();
    let mut pending: Option<(String, usize)> = None;
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim();
        if text.starts_with("------") {
            continue;
        }
        if text.is_empty() {
            break;
        }
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        if let Some((name, name_line)) = pending.take() {
            values.push(entry(name, &tokens, text, name_line, number)?);
            continue;
        }
        let (Some(index), Some(name)) = (tokens.first(), tokens.get(1)) else {
            return Err(not_an_entry(text, number));
        };
        if index.parse::<u64>().is_err() {
            return Err(not_an_entry(text, number));
        }
        if tokens.len() == 2 {
            pending = Some((name.to_string(), number));
        } else {
            values.push(entry(name.to_string(), &tokens[2..], text, number, number)?);
        }
    }
    if let Some((name, line)) = pending {
        return Err(LineError::new(
            line,
            format!("the values of column {name} are missing: the file is truncated"),
        ));
    }
    Ok(values)
}

/// A column from its name and the numbers after it (`* 0 0 1`).
fn entry(
    name: String,
    numbers: &[&str],
    text: &str,
    name_line: usize,
    number: usize,
) -> Result<NamedValue, LineError> {
    let numbers = match numbers.first() {
        Some(&"*") => &numbers[1..],
        _ => numbers,
    };
    let activity = numbers.first().ok_or_else(|| not_an_entry(text, number))?;
    Ok(NamedValue {
        value: parse_number(activity, number, &format!("the value of {name}"))?,
        name,
        line: name_line,
    })
}

fn not_an_entry(text: &str, number: usize) -> LineError {
    LineError::new(
        number,
        format!(
            "`{}` is not an entry of GLPK's column table (`No. name [*] activity bounds`)",
            excerpt(text)
        ),
    )
}
