//! MiniSat's result file (`minisat in.cnf RESULT`): `SAT` and then the
//! literals on one line ending in 0, or `UNSAT`, or `INDET` (stopped).

use super::competition::LiteralList;
use super::{excerpt, AnswerStatus, Form, LineError, LineReader, SolverAnswer, Values};

/// Reads a MiniSat result file.
pub(super) fn read(lines: &mut LineReader<'_>, kept: u32) -> Result<SolverAnswer, LineError> {
    let Some((number, first)) = lines.peek_non_blank()? else {
        return Err(LineError::new(0, "the answer is empty"));
    };
    let status = match first.trim() {
        "SAT" => AnswerStatus::Satisfiable,
        "UNSAT" => AnswerStatus::Unsatisfiable,
        "INDET" => AnswerStatus::Unknown,
        other => {
            return Err(LineError::new(
                number,
                format!(
                    "`{}` is not the first line of a MiniSat result (SAT, UNSAT or INDET)",
                    excerpt(other)
                ),
            ))
        }
    };
    let status_text = first.trim().to_string();
    lines.next_line()?;
    let mut list = LiteralList::new(kept);
    list.restart();
    while let Some((number, line)) = lines.next_line()? {
        if status != AnswerStatus::Satisfiable && !line.trim().is_empty() {
            return Err(LineError::new(
                number,
                format!("`{}` after {status_text}", excerpt(line.trim())),
            ));
        }
        list.add_literals(line, number)?;
    }
    if status != AnswerStatus::Satisfiable {
        return Ok(answer(status, status_text, Values::None));
    }
    if !list.closed() {
        let line = list.last_line().max(number);
        return Err(LineError::new(
            line,
            "the literal line does not end with 0: the result file is truncated",
        ));
    }
    Ok(answer(status, status_text, Values::ById(list.values)))
}

fn answer(status: AnswerStatus, status_text: String, values: Values) -> SolverAnswer {
    SolverAnswer {
        form: Form::MiniSat,
        status,
        status_text,
        objective: None,
        values,
    }
}
