//! Competition output, the `c`/`s`/`o`/`v` lines of SAT solvers (Kissat,
//! CaDiCaL, CryptoMiniSat, Glucose), MaxSAT solvers (the evaluation's
//! format: `o <cost>`, `v` as a 0/1 string or as literals) and PB solvers
//! (`v x1 -x2 ...`). Which of the three it is shows in the content: `x`
//! literals make it PB; a 0/1 string, `o` lines or `s OPTIMUM FOUND` make
//! it MaxSAT; otherwise it is SAT, whose `v` list must end in 0.
//!
//! A solver may print several solutions (clasp prints every better one):
//! each `v` list ended by 0, or each run of `v` lines (comments may stand
//! between them; an `s` or `o` line ends the run), replaces the one before,
//! so the last one counts.

use super::{excerpt, AnswerStatus, Form, IdValues, LineError, Reported, SolverAnswer, Values};

/// How a `v` line spells its literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spelling {
    /// `1 -2 3`
    Numbers,
    /// `x1 -x2 x3`
    XNames,
}

/// One literal of a `v` line.
enum Literal {
    /// The closing 0.
    End,
    Var {
        id: u64,
        value: bool,
    },
}

/// The current solution's literals, as `v` lines give them.
pub(super) struct LiteralList {
    pub(super) values: IdValues,
    started: bool,
    /// Ended by 0 (or given as a 0/1 string).
    closed: bool,
    /// The line of its last `v` line.
    last_line: usize,
    spelling: Option<Spelling>,
    /// The last solution was a 0/1 string.
    positional: bool,
}

impl LiteralList {
    pub(super) fn new(kept: u32) -> LiteralList {
        LiteralList {
            values: IdValues::new(kept),
            started: false,
            closed: false,
            last_line: 0,
            spelling: None,
            positional: false,
        }
    }

    pub(super) fn started(&self) -> bool {
        self.started
    }

    pub(super) fn closed(&self) -> bool {
        self.closed
    }

    pub(super) fn last_line(&self) -> usize {
        self.last_line
    }

    /// Starts a new solution, forgetting the previous one.
    pub(super) fn restart(&mut self) {
        if self.started {
            self.values.clear();
        }
        self.started = true;
        self.closed = false;
        self.positional = false;
    }

    /// Adds the literals of one line (`-1 2 -3 0`, `x1 -x2`).
    pub(super) fn add_literals(&mut self, text: &str, line: usize) -> Result<(), LineError> {
        self.last_line = line;
        for token in text.split_ascii_whitespace() {
            if self.closed {
                return Err(LineError::new(
                    line,
                    format!(
                        "`{}` comes after the 0 that ends the list of values",
                        excerpt(token)
                    ),
                ));
            }
            match parse_literal(token, line)? {
                (Literal::End, _) => self.closed = true,
                (Literal::Var { id, value }, spelling) => {
                    self.check_spelling(spelling, token, line)?;
                    self.values.set(id, value, line)?;
                }
            }
        }
        Ok(())
    }

    /// Takes a 0/1 string: character `i` is the value of variable `i + 1`.
    pub(super) fn set_positional(&mut self, digits: &str, line: usize) -> Result<(), LineError> {
        self.restart();
        self.positional = true;
        self.closed = true;
        self.last_line = line;
        for (i, c) in digits.bytes().enumerate() {
            self.values.set(i as u64 + 1, c == b'1', line)?;
        }
        Ok(())
    }

    fn check_spelling(
        &mut self,
        spelling: Spelling,
        token: &str,
        line: usize,
    ) -> Result<(), LineError> {
        match self.spelling {
            Some(s) if s != spelling => Err(LineError::new(
                line,
                format!(
                    "`{}` mixes x-named literals (PB) and plain numbers (SAT)",
                    excerpt(token)
                ),
            )),
            _ => {
                self.spelling = Some(spelling);
                Ok(())
            }
        }
    }
}

/// `5`, `-5`, `x5`, `-x5`, or the closing `0`.
fn parse_literal(token: &str, line: usize) -> Result<(Literal, Spelling), LineError> {
    let bad = |why: &str| {
        LineError::new(
            line,
            format!("`{}` is not a literal: {why}", excerpt(token)),
        )
    };
    let (negative, rest) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let (spelling, digits) = match rest.strip_prefix('x') {
        Some(digits) => (Spelling::XNames, digits),
        None => (Spelling::Numbers, rest),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(
            "expected a variable number such as 12, -12, x12 or -x12",
        ));
    }
    let id: u64 = digits
        .parse()
        .ok()
        .filter(|&id| id <= u64::from(u32::MAX))
        .ok_or_else(|| bad("the number is beyond any variable"))?;
    match (id, spelling, negative) {
        (0, Spelling::Numbers, false) => Ok((Literal::End, spelling)),
        (0, _, _) => Err(bad("variables are numbered from 1")),
        _ => Ok((
            Literal::Var {
                id,
                value: !negative,
            },
            spelling,
        )),
    }
}

/// The status word of an `s` line.
fn parse_status(word: &str) -> Option<AnswerStatus> {
    match word {
        "SATISFIABLE" => Some(AnswerStatus::Satisfiable),
        "OPTIMUM FOUND" => Some(AnswerStatus::Optimal),
        "UNSATISFIABLE" => Some(AnswerStatus::Unsatisfiable),
        "UNKNOWN" | "UNSUPPORTED" => Some(AnswerStatus::Unknown),
        _ => None,
    }
}

struct Reader {
    forced: Option<Form>,
    /// The last `s` line: status, its words, its line.
    status: Option<(AnswerStatus, String, usize)>,
    objective: Option<Reported>,
    list: LiteralList,
    saw_o: bool,
    /// The previous line other than a comment or a blank was a `v` line.
    prev_was_v: bool,
}

/// Reads SAT, MaxSAT or PB competition output; `forced` pins the form.
pub(super) fn read(
    lines: &mut super::LineReader<'_>,
    forced: Option<Form>,
    kept: u32,
) -> Result<SolverAnswer, LineError> {
    let mut reader = Reader {
        forced,
        status: None,
        objective: None,
        list: LiteralList::new(kept),
        saw_o: false,
        prev_was_v: false,
    };
    while let Some((number, line)) = lines.next_line()? {
        reader.line(number, line)?;
    }
    reader.finish()
}

impl Reader {
    fn line(&mut self, number: usize, line: &str) -> Result<(), LineError> {
        let text = line.trim();
        if text.is_empty() {
            return Ok(());
        }
        let (key, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        if key.starts_with('c') {
            return Ok(());
        }
        let was_v = std::mem::replace(&mut self.prev_was_v, key == "v");
        match key {
            "v" => self.values(rest, number, was_v),
            "s" => self.status(rest, number),
            "o" => self.objective(rest, number),
            _ => Err(LineError::new(
                number,
                format!(
                    "`{}` is not a line of solver output (expected c, s, o or v lines)",
                    excerpt(text)
                ),
            )),
        }
    }

    fn values(&mut self, rest: &str, number: usize, continues: bool) -> Result<(), LineError> {
        if self.is_positional(rest, continues) {
            return self.list.set_positional(rest, number);
        }
        if continues && self.list.closed() && !self.list.positional {
            return Err(LineError::new(
                number,
                format!(
                    "`v {}` comes after the 0 that ended the values on line {}: is there a `v 0` in the middle?",
                    excerpt(rest),
                    self.list.last_line()
                ),
            ));
        }
        if !continues || self.list.closed() || !self.list.started() {
            self.list.restart();
        }
        self.list.add_literals(rest, number)
    }

    /// Whether `v <rest>` is a MaxSAT 0/1 string rather than literals: one
    /// token of 0s and 1s, at least two long (`v 1` is the literal 1),
    /// not continuing a list of literals.
    fn is_positional(&self, rest: &str, continues: bool) -> bool {
        let one_token = !rest.is_empty() && !rest.contains(char::is_whitespace);
        let binary = rest.bytes().all(|b| b == b'0' || b == b'1');
        if !(one_token && binary) {
            return false;
        }
        match self.forced {
            Some(Form::MaxSat) => true,
            Some(Form::Sat | Form::Pb) => false,
            _ => rest.len() >= 2 && (!continues || self.list.closed()),
        }
    }

    fn status(&mut self, rest: &str, number: usize) -> Result<(), LineError> {
        let status = parse_status(rest).ok_or_else(|| {
            LineError::new(
                number,
                format!(
                    "`s {}` is not a status (expected SATISFIABLE, UNSATISFIABLE, \
                     OPTIMUM FOUND or UNKNOWN)",
                    excerpt(rest)
                ),
            )
        })?;
        if let Some((before, text, line)) = &self.status {
            let upgrade = *before == AnswerStatus::Satisfiable && status == AnswerStatus::Optimal;
            if *before != status && !upgrade {
                return Err(LineError::new(
                    number,
                    format!(
                        "`s {}` contradicts `s {text}` on line {line}",
                        excerpt(rest)
                    ),
                ));
            }
        }
        self.status = Some((status, rest.to_string(), number));
        Ok(())
    }

    fn objective(&mut self, rest: &str, number: usize) -> Result<(), LineError> {
        if rest.parse::<i128>().is_err() {
            return Err(LineError::new(
                number,
                format!("`o {}`: the objective is not an integer", excerpt(rest)),
            ));
        }
        self.saw_o = true;
        self.objective = Some(Reported {
            text: rest.to_string(),
            line: number,
        });
        Ok(())
    }

    /// The form the content shows (unless forced).
    fn form(&self) -> Form {
        if let Some(form) = self.forced {
            return form;
        }
        let optimum = matches!(self.status, Some((AnswerStatus::Optimal, _, _)));
        if self.list.spelling == Some(Spelling::XNames) {
            Form::Pb
        } else if self.list.positional || self.saw_o || optimum {
            Form::MaxSat
        } else {
            Form::Sat
        }
    }

    fn finish(self) -> Result<SolverAnswer, LineError> {
        let form = self.form();
        if form == Form::Sat && self.list.started() && !self.list.closed() {
            return Err(LineError::new(
                self.list.last_line(),
                "the v lines end without the closing 0: the answer is truncated",
            ));
        }
        let (status, status_text, values) = match self.status {
            Some((status @ (AnswerStatus::Satisfiable | AnswerStatus::Optimal), text, line)) => {
                if !self.list.started() {
                    return Err(LineError::new(
                        line,
                        format!("`s {text}` but no v line gives the values: the answer is truncated (or the solver was told not to print them)"),
                    ));
                }
                (status, text, Values::ById(self.list.values))
            }
            Some((status, text, _)) => (status, text, Values::None),
            None if self.list.started() => (
                AnswerStatus::Satisfiable,
                "no s line; values given".to_string(),
                Values::ById(self.list.values),
            ),
            None => (AnswerStatus::Unknown, "no s line".to_string(), Values::None),
        };
        Ok(SolverAnswer {
            form,
            status,
            status_text,
            objective: self.objective,
            values,
        })
    }
}
