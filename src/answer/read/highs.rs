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
//!
//! The pretty style (`Highs.writeSolution(path, 1)`, `highs
//! --solution_file F --write_solution_style 1`) is a table of the columns,
//! then of the rows, then the status and the objective:
//!
//! ```text
//! Columns
//!     Index Status        Lower        Upper       Primal         Dual  Type        Name
//!         0                   0            1            1               Integer     x_0_0
//! Rows
//!     Index Status        Lower        Upper       Primal         Dual  Name
//!         0                -inf            1            1               c1
//!
//! Model status: Optimal
//!
//! Objective value: 1
//! ```
//!
//! Its columns are fixed-width: a value ends where its heading ends, and a
//! column without a primal value (an infeasible model) is blank there.

use super::{
    excerpt, name_value_line, parse_number, AnswerStatus, Form, LineError, LineReader, NamedValue,
    Reported, SolverAnswer, Values,
};

/// Whether `first`, a file's first non-blank line, opens one of HiGHS's
/// solution styles.
pub(super) fn starts_highs(first: &str) -> bool {
    first == "Model status" || first == "Columns"
}

/// Reads a HiGHS solution file, in either style.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    if lines
        .peek_non_blank()?
        .is_some_and(|(_, l)| l.trim() == "Columns")
    {
        return read_pretty(lines);
    }
    expect(lines, "Model status")?;
    let (model_status, _) = next_text(lines, "the model status")?;
    expect(lines, "# Primal solution values")?;
    let (primal, primal_line) = next_text(lines, "the primal solution status")?;
    let status = status_of(&model_status, &primal);
    let mut answer = SolverAnswer {
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
    next_text_raw(lines, what).map(|(text, number)| (text.trim_start().to_string(), number))
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

/// Reads the pretty style: the columns' table, the rows' table (skipped),
/// `Model status: ...` and `Objective value: ...`.
fn read_pretty(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    expect(lines, "Columns")?;
    let (heading, heading_line) = next_text_raw(lines, "the columns' headings")?;
    let table = Table::of(&heading, heading_line)?;
    let mut values = Vec::new();
    let mut blank = false;
    loop {
        let (text, number) = next_text_raw(lines, "`Rows`")?;
        if text.trim() == "Rows" {
            break;
        }
        match table.primal(&text, number)? {
            Some(value) => values.push(value),
            None => blank = true,
        }
    }
    let mut status_text = None;
    let mut objective = None;
    while let Some((number, line)) = lines.next_line()? {
        let line = line.trim();
        if let Some(status) = line.strip_prefix("Model status:") {
            status_text = Some(status.trim().to_string());
        } else if let Some(value) = line.strip_prefix("Objective value:") {
            let value = value.trim();
            if parse_number(value, number, "the objective value").is_ok() {
                objective = Some(Reported {
                    text: value.to_string(),
                    line: number,
                });
            }
        }
    }
    let status_text = status_text.ok_or_else(|| {
        LineError::new(
            0,
            "the file ends before `Model status: ...`: the solution file is truncated",
        )
    })?;
    let solved = !blank && !values.is_empty();
    let primal = if solved { "Feasible" } else { "None" };
    Ok(SolverAnswer {
        form: Form::Highs,
        status: status_of(&status_text, primal),
        status_text,
        objective: objective.filter(|_| solved),
        values: if solved {
            Values::ByName(values)
        } else {
            Values::None
        },
    })
}

/// The next non-blank line as it is but for trailing blanks (its columns
/// matter); the end is an error.
fn next_text_raw(lines: &mut LineReader<'_>, what: &str) -> Result<(String, usize), LineError> {
    match lines.peek_non_blank()? {
        Some((number, text)) => {
            let text = text.trim_end().to_string();
            lines.next_line()?;
            Ok((text, number))
        }
        None => Err(LineError::new(
            0,
            format!("the file ends before {what}: the solution file is truncated"),
        )),
    }
}

/// Where the pretty style's columns' table holds the primal value (it ends
/// where its heading ends) and the name (from its heading on).
struct Table {
    primal_end: usize,
    name_start: usize,
}

impl Table {
    fn of(heading: &str, number: usize) -> Result<Table, LineError> {
        let at = |word: &str| {
            heading
                .match_indices(word)
                .find(|(i, _)| heading[..*i].ends_with(' '))
                .map(|(i, _)| i)
        };
        match (at("Primal"), at("Name")) {
            (Some(primal), Some(name)) if primal < name => Ok(Table {
                primal_end: primal + "Primal".len(),
                name_start: name,
            }),
            _ => Err(LineError::new(
                number,
                format!(
                    "expected the headings of HiGHS's columns (`Index Status Lower Upper Primal Dual Type Name`), found `{}`",
                    excerpt(heading.trim())
                ),
            )),
        }
    }

    /// The name and primal value of a column's line; `None` when the value
    /// is blank (no solution).
    fn primal(&self, line: &str, number: usize) -> Result<Option<NamedValue>, LineError> {
        let name = line.get(self.name_start..).map(str::trim).unwrap_or("");
        let before = line.get(..self.primal_end).unwrap_or("");
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(LineError::new(
                number,
                format!(
                    "`{}` is not a line of the columns of a HiGHS solution (`index status lower upper primal dual type name`)",
                    excerpt(line.trim())
                ),
            ));
        }
        let value = before.rsplit(' ').next().unwrap_or("");
        if value.is_empty() {
            return Ok(None);
        }
        Ok(Some(NamedValue {
            name: name.to_string(),
            value: parse_number(value, number, &format!("the value of {name}"))?,
            line: number,
        }))
    }
}
