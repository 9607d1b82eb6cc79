//! HiGHS's solution file (`highs --solution_file`, `Highs.writeSolution`,
//! the raw style):
//!
//! ```text
//! Model status
//! Optimal
//!
//! # Primal solution values
//! Feasible
//! Objective 10
//! # Columns 62
//! x_0_0 0
//! ...
//! # Rows 47
//! ```
//!
//! HiGHS 1.16 adds `Objective_bound` and `MIP_rel_gap` lines after the
//! objective: such `Key value` lines before `# Columns` are skipped.
//!
//! Only the columns are read; rows, duals and the basis that follow are
//! not variables. `None` under the primal values means no solution.

use super::{
    excerpt, name_value_line, parse_number, Answer, AnswerStatus, Form, LineError, LineReader,
    NamedValue, Reported, Values,
};

/// Reads a HiGHS solution file.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<Answer, LineError> {
    expect(lines, "Model status")?;
    let (model_status, _) = next_text(lines, "the model status")?;
    expect(lines, "# Primal solution values")?;
    let (primal, primal_line) = next_text(lines, "the primal solution status")?;
    let status = status_of(&model_status, &primal);
    let mut answer = Answer {
        form: Form::Highs,
        status,
        status_text: model_status,
        objective: None,
        values: Values::None,
    };
    match primal.as_str() {
        "Feasible" => {}
        "Infeasible" | "None" => return Ok(answer),
        other => {
            return Err(LineError::new(
                primal_line,
                format!(
                    "`{}` is not a primal solution status (Feasible, Infeasible or None)",
                    excerpt(other)
                ),
            ))
        }
    }
    answer.objective = Some(objective(lines)?);
    let n_columns = columns_header(lines)?;
    answer.values = Values::ByName(columns(lines, n_columns)?);
    Ok(answer)
}

/// The status: `Optimal` and `Infeasible` say it all; any other (a limit,
/// an interruption) is a solution when the primal values are feasible.
fn status_of(model_status: &str, primal: &str) -> AnswerStatus {
    match (model_status, primal) {
        ("Infeasible", _) => AnswerStatus::Unsatisfiable,
        ("Optimal", "Feasible") => AnswerStatus::Optimal,
        (_, "Feasible") => AnswerStatus::Satisfiable,
        _ => AnswerStatus::Unknown,
    }
}

/// The next non-blank line, trimmed; the end is an error.
fn next_text(lines: &mut LineReader<'_>, what: &str) -> Result<(String, usize), LineError> {
    match lines.peek_non_blank()? {
        Some((number, text)) => {
            let text = text.trim().to_string();
            lines.next_line()?;
            Ok((text, number))
        }
        None => Err(LineError::new(
            0,
            format!("the file ends before {what}: the solution file is truncated"),
        )),
    }
}

fn expect(lines: &mut LineReader<'_>, wanted: &str) -> Result<(), LineError> {
    let (text, number) = next_text(lines, &format!("`{wanted}`"))?;
    if text == wanted {
        Ok(())
    } else {
        Err(LineError::new(
            number,
            format!(
                "expected `{wanted}` in a HiGHS solution file, found `{}`",
                excerpt(&text)
            ),
        ))
    }
}

/// `Objective 10`.
fn objective(lines: &mut LineReader<'_>) -> Result<Reported, LineError> {
    let (text, number) = next_text(lines, "the objective")?;
    let value = text
        .strip_prefix("Objective")
        .map(str::trim)
        .ok_or_else(|| {
            LineError::new(
                number,
                format!("expected `Objective <value>`, found `{}`", excerpt(&text)),
            )
        })?;
    parse_number(value, number, "the objective value")?;
    Ok(Reported {
        text: value.to_string(),
        line: number,
    })
}

/// `# Columns 62`: the number of columns, after any `Key value` lines
/// (HiGHS 1.16: `Objective_bound 10`, `MIP_rel_gap 0`).
fn columns_header(lines: &mut LineReader<'_>) -> Result<usize, LineError> {
    let (mut text, mut number) = next_text(lines, "`# Columns`")?;
    while is_info_line(&text) {
        (text, number) = next_text(lines, "`# Columns`")?;
    }
    text.strip_prefix("# Columns")
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| {
            LineError::new(
                number,
                format!("expected `# Columns <count>`, found `{}`", excerpt(&text)),
            )
        })
}

/// Whether `text` is a `Key value` line of the primal solution's
/// information (a key of letters and `_`, a number).
fn is_info_line(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let key = words.next().unwrap_or("");
    let value = words.next();
    !key.is_empty()
        && key.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
        && value.is_some_and(|v| v.parse::<f64>().is_ok() || v == "inf" || v == "-inf")
        && words.next().is_none()
}

/// The `name value` lines of the columns, exactly `count` of them.
fn columns(lines: &mut LineReader<'_>, count: usize) -> Result<Vec<NamedValue>, LineError> {
    let mut values = Vec::with_capacity(count.min(1 << 20));
    for _ in 0..count {
        let Some((number, line)) = lines.next_line()? else {
            return Err(LineError::new(
                0,
                format!(
                    "the file ends after {} of its {count} columns: the solution file is truncated",
                    values.len()
                ),
            ));
        };
        values.push(name_value_line(
            line.trim(),
            number,
            "the columns of a HiGHS solution",
        )?);
    }
    Ok(values)
}
