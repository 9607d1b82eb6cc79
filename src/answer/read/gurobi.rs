//! Gurobi's `.sol` file (`ResultFile=x.sol`, `model.write("x.sol")`):
//! comment lines starting with `#`, one of them `# Objective value = 8`,
//! then `name value` for every variable. Gurobi writes it only when it has
//! a solution, and the file does not say whether it is optimal.

use super::{
    name_value_line, parse_number, AnswerStatus, Form, LineError, LineReader, Reported,
    SolverAnswer, Values,
};

/// Reads a Gurobi solution file.
pub(super) fn read(lines: &mut LineReader<'_>) -> Result<SolverAnswer, LineError> {
    let mut objective = None;
    let mut values = Vec::new();
    while let Some((number, line)) = lines.next_line()? {
        let text = line.trim();
        if let Some(comment) = text.strip_prefix('#') {
            if let Some(value) = objective_in(comment) {
                parse_number(value, number, "the objective value")?;
                objective = Some(Reported {
                    text: value.to_string(),
                    line: number,
                });
            }
        } else if !text.is_empty() {
            values.push(name_value_line(text, number, "a Gurobi solution")?);
        }
    }
    let has_solution = objective.is_some() || !values.is_empty();
    Ok(SolverAnswer {
        form: Form::Gurobi,
        status: if has_solution {
            AnswerStatus::Satisfiable
        } else {
            AnswerStatus::Unknown
        },
        status_text: if has_solution {
            "not stated".into()
        } else {
            "no solution in the file".into()
        },
        objective,
        values: if has_solution {
            Values::ByName(values)
        } else {
            Values::None
        },
    })
}

/// The value in ` Objective value = 8`.
fn objective_in(comment: &str) -> Option<&str> {
    let rest = comment.trim().strip_prefix("Objective value")?;
    Some(rest.trim_start().strip_prefix('=')?.trim())
}
