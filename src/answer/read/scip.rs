//! SCIP's solution file, as `write solution` (interactive shell) or
//! `writeBestSol` (PySCIPOpt) write it:
//!
//! ```text
//! solution status: optimal solution found
//! objective value:                                   13
//! x_0_0_1                                             1     (obj:1)
//! ```
//!
//! Variables at zero are left out; `no solution available` when there is
//! none. The status line is missing from `writeBestSol`'s files: a
//! solution without it is a solution, not a claimed optimum.

use super::{
    excerpt, parse_number, AnswerStatus, Form, LineError, LineReader, NamedValue, Reported,
    SolverAnswer, Values,
};

#[derive(Default)]
struct Reader {
    status: Option<(String, usize)>,
    objective: Option<Reported>,
    no_solution: bool,
    values: Vec<NamedValue>,
}

/// Reads a SCIP solution file.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let mut reader = Reader::default();
    while let Some((number, line)) = lines.next_line()? {
        reader.line(number, line.trim())?;
    }
    Ok(reader.finish())
}

impl Reader {
    fn line(&mut self, number: usize, text: &str) -> Result<(), LineError> {
        if text.is_empty() {
            return Ok(());
        }
        if let Some(status) = text.strip_prefix("solution status:") {
            self.status = Some((status.trim().to_string(), number));
        } else if let Some(value) = text.strip_prefix("objective value:") {
            let value = value.trim();
            parse_number(value, number, "the objective value")?;
            self.objective = Some(Reported {
                text: value.to_string(),
                line: number,
            });
        } else if text == "no solution available" {
            self.no_solution = true;
        } else {
            self.values.push(value_line(text, number)?);
        }
        Ok(())
    }

    fn finish(self) -> SolverAnswer {
        let status_words = self.status.as_ref().map(|(s, _)| s.to_ascii_lowercase());
        let has_solution = !self.no_solution && self.objective.is_some();
        let status = match status_words.as_deref() {
            Some(s) if s.starts_with("optimal") && has_solution => AnswerStatus::Optimal,
            Some("infeasible") => AnswerStatus::Unsatisfiable,
            _ if has_solution => AnswerStatus::Satisfiable,
            _ => AnswerStatus::Unknown,
        };
        let status_text = match (&self.status, has_solution) {
            (Some((s, _)), _) => s.clone(),
            (None, true) => "not stated".into(),
            (None, false) => "no solution available".into(),
        };
        let values = if matches!(status, AnswerStatus::Optimal | AnswerStatus::Satisfiable) {
            Values::ByName(self.values)
        } else {
            Values::None
        };
        SolverAnswer {
            form: Form::Scip,
            status,
            status_text,
            objective: self.objective.filter(|_| has_solution),
            values,
        }
    }
}

/// `name value` with an optional `(obj:c)`.
fn value_line(text: &str, number: usize) -> Result<NamedValue, LineError> {
    let mut tokens = text.split_ascii_whitespace();
    let (Some(name), Some(value)) = (tokens.next(), tokens.next()) else {
        return Err(not_a_value_line(text, number));
    };
    match tokens.next() {
        None => {}
        Some(t) if t.starts_with("(obj:") && t.ends_with(')') && tokens.next().is_none() => {}
        Some(_) => return Err(not_a_value_line(text, number)),
    }
    Ok(NamedValue {
        name: name.to_string(),
        value: parse_number(value, number, &format!("the value of {name}"))?,
        line: number,
    })
}

fn not_a_value_line(text: &str, number: usize) -> LineError {
    LineError::new(
        number,
        format!(
            "`{}` is not a line of a SCIP solution (`name value (obj:c)`)",
            excerpt(text)
        ),
    )
}
