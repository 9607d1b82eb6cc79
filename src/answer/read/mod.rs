//! Reading a solver's answer: the form is told from the content (or forced
//! with `--answer-format`), then one reader per family turns the text into
//! an [`SolverAnswer`]: a status, the objective as the solver reported it, and
//! the values — by DIMACS id (SAT, MaxSAT, PB, MiniSat), by name (SCIP,
//! Gurobi, HiGHS, CBC, GLPK), as the board's picture (qspec's own, the
//! output of `qspec solve` or a board drawn by hand; MiniZinc running a
//! `.mzn` file qspec wrote, whose output item draws the board alike), or as
//! the board's cells (qspec's JSON line).
//!
//! Every reader streams line by line, in time linear in the answer's size,
//! and fails with the answer's line number ([`LineError`]) on anything it
//! does not understand; it never panics.
//!
//! ```
//! use qspec::answer::read::{read_answer, AnswerStatus, Form, ReadOptions};
//! let text = "c kissat\ns SATISFIABLE\nv 1 -2 3 0\n";
//! let answer = read_answer(&mut text.as_bytes(), "kissat.out", ReadOptions::default())?;
//! assert_eq!((answer.form, answer.status), (Form::Sat, AnswerStatus::Satisfiable));
//! # Ok::<(), qspec::Error>(())
//! ```

mod cbc;
mod competition;
mod glpk;
mod gurobi;
mod highs;
mod minisat;
mod minizinc;
mod qspec;
mod scip;

use crate::diag::{LineError, LineReader};
use crate::error::Error;
use crate::files::open_text;
use std::fmt;
use std::io::{BufRead, Read};
use std::path::Path;

crate::options::choices! {
    /// The kind of text a solver wrote.
    pub enum Form {
        Sat = "sat": "SAT competition output: `s SATISFIABLE`, `v` literals ending in 0",
        MiniSat = "minisat": "MiniSat's result file: `SAT` and one literal line ending in 0",
        MaxSat = "maxsat": "MaxSAT evaluation output: `o <cost>`, `s`, `v` (0/1 string or literals)",
        Pb = "pb": "PB competition output: `o <value>`, `s`, `v x1 -x2 ...`",
        Scip = "scip": "SCIP's solution file (`write solution`, `writeBestSol`)",
        Gurobi = "gurobi": "Gurobi's `.sol` file",
        Highs = "highs": "HiGHS's solution file (`--solution_file`, `writeSolution`)",
        Cbc = "cbc": "CBC's solution file (`solu FILE`)",
        Glpk = "glpk": "GLPK's printable solution (`glpsol -o FILE`)",
        MiniZinc = "minizinc": "MiniZinc's output for a `.mzn` file qspec wrote: the board as qspec draws it, `----------`, `==========`",
        Picture = "picture": "qspec's picture of a board: the output of `qspec solve`, or the board drawn or edited by hand",
        Json = "json": "qspec's JSON line of a board: `solve --json`, one line of `solve --all --jsonl`",
    }
}

impl Form {
    /// The form `--answer-format` calls `name` (any case).
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// What the form is, for people.
    pub fn describe(self) -> &'static str {
        match self {
            Form::Sat => "SAT solver output (s and v lines)",
            Form::MiniSat => "MiniSat result file",
            Form::MaxSat => "MaxSAT solver output (s, o and v lines)",
            Form::Pb => "pseudo-Boolean solver output (s, o and v x-literal lines)",
            Form::Scip => "SCIP solution file",
            Form::Gurobi => "Gurobi solution file (.sol)",
            Form::Highs => "HiGHS solution file",
            Form::Cbc => "CBC solution file",
            Form::Glpk => "GLPK printable solution (glpsol -o)",
            Form::MiniZinc => "MiniZinc output (the board, ---------- and ==========)",
            Form::Picture => "qspec's picture of a board",
            Form::Json => "qspec's JSON line of a board",
        }
    }

    /// Whether values come by name, as numbers (the LP family).
    pub fn by_name(self) -> bool {
        matches!(
            self,
            Form::Scip | Form::Gurobi | Form::Highs | Form::Cbc | Form::Glpk
        )
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the solver says it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerStatus {
    /// A solution, not claimed optimal.
    Satisfiable,
    /// A solution claimed optimal.
    Optimal,
    /// No solution exists, says the solver.
    Unsatisfiable,
    /// No verdict (a timeout, a limit, a crash).
    Unknown,
}

/// The objective as the solver wrote it, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Reported {
    /// The value as written.
    pub text: String,
    /// Its line.
    pub line: usize,
}

/// Values by DIMACS id: those of ids `1..=kept` are stored, higher ones
/// (auxiliary variables) are only range-checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdValues {
    /// `values[id - 1]` for `id <= kept`: `None` when the answer is silent.
    pub values: Vec<Option<bool>>,
    /// The highest id the answer mentions, and the line it is on.
    pub highest: Option<(u64, usize)>,
}

impl IdValues {
    /// No values yet; ids up to `kept` will be stored.
    pub fn new(kept: u32) -> IdValues {
        IdValues {
            values: vec![None; kept as usize],
            highest: None,
        }
    }

    /// The value of `id`, if the answer gives one.
    pub fn get(&self, id: u32) -> Option<bool> {
        self.values.get(id as usize - 1).copied().flatten()
    }

    /// Forgets every value (a later solution replaces an earlier one).
    pub(crate) fn clear(&mut self) {
        self.values.iter_mut().for_each(|v| *v = None);
        self.highest = None;
    }

    /// Records `id = value`; a variable given both values is an error.
    pub(crate) fn set(&mut self, id: u64, value: bool, line: usize) -> Result<(), LineError> {
        if self.highest.is_none_or(|(h, _)| id > h) {
            self.highest = Some((id, line));
        }
        let Some(slot) = self.values.get_mut(id as usize - 1) else {
            return Ok(());
        };
        match *slot {
            Some(old) if old != value => Err(LineError::new(
                line,
                format!("variable {id} is given both values"),
            )),
            _ => {
                *slot = Some(value);
                Ok(())
            }
        }
    }
}

/// One `name value` line of an LP-family solution.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedValue {
    /// The variable's name in the file.
    pub name: String,
    /// Its value.
    pub value: f64,
    /// Its line.
    pub line: usize,
}

/// The values an answer gives.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// No solution in the answer.
    None,
    /// Values by DIMACS id.
    ById(IdValues),
    /// Names absent from the answer are 0.
    ByName(Vec<NamedValue>),
    /// The board as qspec draws it, each line with its number, for the
    /// picture reader (qspec's picture, MiniZinc's output).
    Picture(Vec<(usize, String)>),
    /// The board's cells by their coordinates (qspec's JSON line).
    Cells {
        /// The pieces.
        pieces: Vec<Vec<usize>>,
        /// The walls chosen (`walls free`); a wall of the board may be
        /// listed too.
        walls: Vec<Vec<usize>>,
        /// Each piece's kind by name, in a model of several kinds (empty:
        /// one kind).
        kinds: Vec<String>,
        /// The line that holds them.
        line: usize,
    },
}

/// A solver's answer, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverAnswer {
    /// What kind of text it was.
    pub form: Form,
    /// What the solver says it found.
    pub status: AnswerStatus,
    /// The solver's own words for the status (`OPTIMUM FOUND`, `Optimal`).
    pub status_text: String,
    /// The objective as reported.
    pub objective: Option<Reported>,
    /// The values.
    pub values: Values,
}

/// How to read an answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// The form, instead of telling it from the content.
    pub form: Option<Form>,
    /// Ids up to this are stored (the named variables); higher ones are
    /// auxiliary and only range-checked.
    pub kept_ids: u32,
}

/// Reads the answer in `input`; errors are rendered with `source`.
pub fn read_answer(
    input: &mut dyn BufRead,
    source: &str,
    opts: ReadOptions,
) -> crate::error::Result<SolverAnswer> {
    let mut lines = LineReader::new(input);
    read_lines(&mut lines, opts).map_err(|e| Error::text(source, e))
}

/// Reads the answer file at `path` (`-` for standard input; `.gz`
/// decompressed). A file that is no answer because it is a qspec model
/// (the model given twice, or in the answer's place) is said to be one.
pub fn read_answer_file(path: &Path, opts: ReadOptions) -> crate::error::Result<SolverAnswer> {
    let source = path.display().to_string();
    let mut input = open_text(path).map_err(|e| Error::unreadable("the answer ", path, e))?;
    read_answer(&mut *input, &source, opts)
        .map_err(|e| a_model_instead(path, "a solver's answer").unwrap_or(e))
}

/// The refusal of the file at `path`, read as `what`, when it is a qspec
/// model: statements of the language with a `board` among them.
pub fn a_model_instead(path: &Path, what: &str) -> Option<Error> {
    if path.as_os_str() == "-" {
        return None;
    }
    let mut text = String::new();
    open_text(path).ok()?.read_to_string(&mut text).ok()?;
    let board = text
        .lines()
        .any(|l| l.split_whitespace().next() == Some("board"));
    let model = board && crate::language::check_syntax(&path.display().to_string(), &text).is_ok();
    model.then(|| {
        Error::usage_with_help(
            format!("{} is a qspec model, not {what}", path.display()),
            "the model comes first, then the other file: qspec verify MODEL ANSWER, qspec solve MODEL --start BOARD",
        )
    })
}

fn read_lines(lines: &mut LineReader<'_>, opts: ReadOptions) -> Result<SolverAnswer, LineError> {
    let form = match opts.form {
        Some(form) => form,
        None => detect(lines)?,
    };
    match form {
        Form::Sat | Form::MaxSat | Form::Pb => competition::read(lines, opts.form, opts.kept_ids),
        Form::MiniSat => minisat::read(lines, opts.kept_ids),
        Form::Scip => scip::read(lines),
        Form::Gurobi => gurobi::read(lines),
        Form::Highs => highs::read(lines),
        Form::Cbc => cbc::read(lines),
        Form::Glpk => glpk::read(lines),
        Form::MiniZinc => minizinc::read(lines, opts.form.is_some()),
        Form::Picture => qspec::read_picture(lines),
        Form::Json => qspec::read_json(lines),
    }
}

/// The form of the answer, from its first non-blank line (which is left
/// for the reader). Competition output is refined into SAT, MaxSAT or PB
/// by its reader; a board's picture without MiniZinc's markers is qspec's
/// own picture (told by the MiniZinc reader, which reads all of it).
fn detect(lines: &mut LineReader<'_>) -> Result<Form, LineError> {
    let Some((number, line)) = lines.peek_non_blank()? else {
        return Err(LineError::new(
            0,
            "the answer is empty: the solver wrote nothing (did it run?)",
        ));
    };
    let text = line.trim();
    detect_line(text).ok_or_else(|| {
        LineError::new(
            number,
            format!(
                "cannot tell which solver wrote this answer from `{}`: expected SAT, MaxSAT \
                 or PB competition output (c, s, o, v lines), a MiniSat result file, a \
                 SCIP, Gurobi, HiGHS, CBC or GLPK solution file, MiniZinc's output, or \
                 qspec's own picture or JSON line of a board\n  = \
                 help: pass --answer-format to say which",
                excerpt(text)
            ),
        )
    })
}

/// The form whose first line looks like `text`.
fn detect_line(text: &str) -> Option<Form> {
    if qspec::starts_solve_output(text) {
        return Some(Form::Picture);
    }
    if text.starts_with('{') {
        return Some(Form::Json);
    }
    let word = text.split_ascii_whitespace().next().unwrap_or("");
    if matches!(word, "c" | "s" | "v" | "o") {
        return Some(Form::Sat);
    }
    // Before Gurobi's `#`: a board's row may start with a wall. A picture
    // without MiniZinc's markers is qspec's: the MiniZinc reader tells.
    if minizinc::starts_minizinc(text) {
        return Some(Form::MiniZinc);
    }
    if matches!(text, "SAT" | "UNSAT" | "INDET") {
        return Some(Form::MiniSat);
    }
    if text.starts_with("solution status:")
        || text.starts_with("objective value:")
        || text == "no solution available"
    {
        return Some(Form::Scip);
    }
    if highs::starts_highs(text) {
        return Some(Form::Highs);
    }
    if text.starts_with('#') {
        return Some(Form::Gurobi);
    }
    if text.contains(" - objective value ") {
        return Some(Form::Cbc);
    }
    if text.starts_with("Problem:") {
        return Some(Form::Glpk);
    }
    None
}

pub(crate) use crate::diag::excerpt;

/// A number as LP-family solvers write it (`1`, `0.99999999`, `-0`,
/// `1e-09`).
/// A `name value` line (Gurobi `.sol`, HiGHS columns); `what` names the
/// file kind in the error.
pub(crate) fn name_value_line(
    text: &str,
    number: usize,
    what: &str,
) -> Result<NamedValue, LineError> {
    let mut tokens = text.split_ascii_whitespace();
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(name), Some(value), None) => Ok(NamedValue {
            name: name.to_string(),
            value: parse_number(value, number, &format!("the value of {name}"))?,
            line: number,
        }),
        _ => Err(LineError::new(
            number,
            format!("`{}` is not a line of {what} (`name value`)", excerpt(text)),
        )),
    }
}

pub(crate) fn parse_number(text: &str, line: usize, what: &str) -> Result<f64, LineError> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            LineError::new(
                line,
                format!("`{}` is not a number ({what})", excerpt(text)),
            )
        })
}

#[cfg(test)]
mod tests;
