//! The `solve` command: the embedded CaDiCaL (optimising when the model has
//! an objective, printing each better value as `o N`), or an external
//! solver run on the compiled file; either way the board is verified from
//! the geometry and printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::compile::{compile, CompileOptions, DEFAULT_MAX_CLAUSES};
use super::report::{show_answer, write_svg, Shown};
use super::{print, EncodingRequest, Loaded, ModelRequest};
use crate::emit::{read_header, EmitOptions};
use crate::encode;
use crate::error::{Error, Result};
use crate::options::{Encodings, Format};
use crate::solution::objective::objective_value;
use crate::solution::read::AnswerStatus;
use crate::solution::{objective_check, MappedAnswer};
use crate::solve::external::{self, TempDir};
use crate::solve::{solve_embedded, Answer, Status};

/// What the command line asks of `solve`.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// The model and how to load it.
    pub model: ModelRequest,
    /// Encodings asked for on the command line.
    pub encodings: EncodingRequest,
    /// Stop after this many seconds with the best board so far.
    pub timeout: Option<f64>,
    /// Draw the board into this SVG file.
    pub svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG.
    pub show_attacks: bool,
    /// An external solver's command line, instead of the embedded solver.
    pub solver: Option<String>,
    /// The file to hand the external solver.
    pub format: Option<Format>,
    /// Hand WCNF in the 2022 format instead of the legacy one.
    pub wcnf_2022: bool,
}

/// Runs `solve`, printing to `out`; the exit code follows the SAT
/// competition (10 found, 20 none exists, 0 proven optimum).
pub fn run(req: &SolveRequest, out: &mut dyn Write) -> Result<u8> {
    let loaded = req.model.load()?;
    let enc = req.encodings.resolve(&loaded.spec);
    let deadline = req
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let shown = match &req.solver {
        Some(command) => solve_external(req, &loaded, command, enc, deadline, out)?,
        None => solve_inside(&loaded, enc, deadline, out)?,
    };
    print(out, &shown.text)?;
    write_svg(
        &loaded,
        req.svg.as_deref(),
        shown.placement.as_ref(),
        req.show_attacks,
    )?;
    Ok(shown.exit_code)
}

/// With the embedded CaDiCaL.
fn solve_inside(
    loaded: &Loaded,
    enc: Encodings,
    deadline: Option<Instant>,
    out: &mut dyn Write,
) -> Result<Shown> {
    print(
        out,
        &format!(
            "c qspec {}: {} with the embedded CaDiCaL ({})\n",
            env!("CARGO_PKG_VERSION"),
            loaded.spec.file,
            encode::describe(&enc)
        ),
    )?;
    let mut printed = Ok(());
    let answer = solve_embedded(&loaded.model, &enc, deadline, &mut |v| {
        if printed.is_ok() {
            printed = print(out, &format!("o {v}\n"));
        }
    })?;
    printed?;
    Ok(show_answer(loaded, &answer, &[]))
}

/// With the solver `command`: compile the file it reads into a work
/// directory, run it, read its answer back.
fn solve_external(
    req: &SolveRequest,
    loaded: &Loaded,
    command: &str,
    encodings: Encodings,
    deadline: Option<Instant>,
    out: &mut dyn Write,
) -> Result<Shown> {
    let plan = external::plan(command, req.format, loaded.model.objective.as_ref())?;
    print(
        out,
        &format!(
            "c qspec {}: {} with `{command}`\n",
            env!("CARGO_PKG_VERSION"),
            loaded.spec.file
        ),
    )?;
    let dir = TempDir::new()
        .map_err(|e| Error::failure(format!("cannot make a temporary directory: {e}")))?;
    let file = dir.path().join(format!("model.{}", plan.format.name()));
    compile_into(loaded, encodings, plan.format, req.wcnf_2022, &file)?;
    let mut logged = Ok(());
    let read = external::run(
        &plan,
        &file,
        dir.path(),
        deadline,
        &loaded.model,
        &loaded.board,
        &mut |line| {
            if logged.is_ok() {
                logged = print(out, &format!("c {line}\n"));
            }
        },
    )?;
    logged?;
    let header = read_header(&file)?;
    let (answer, problems) = in_solve_terms(loaded, plan.format, &header, read);
    Ok(show_answer(loaded, &answer, &problems))
}

fn compile_into(
    loaded: &Loaded,
    encodings: Encodings,
    format: Format,
    wcnf_2022: bool,
    file: &Path,
) -> Result<()> {
    let opts = CompileOptions {
        output: file.to_path_buf(),
        format: Some(format),
        encodings,
        emit: EmitOptions {
            wcnf_legacy: !wcnf_2022,
        },
        max_clauses: DEFAULT_MAX_CLAUSES,
    };
    compile(loaded, &opts).map(|_| ())
}

/// An external solver's answer in the embedded solver's terms, and the
/// problems outside the board (an objective that does not match it).
fn in_solve_terms(
    loaded: &Loaded,
    format: Format,
    header: &crate::emit::FileHeader,
    read: Option<MappedAnswer>,
) -> (Answer, Vec<String>) {
    let no_solution = |status| {
        let answer = Answer {
            status,
            values: None,
            objective: None,
        };
        (answer, Vec::new())
    };
    let Some(read) = read else {
        return no_solution(Status::Unknown);
    };
    let has_objective = loaded.model.objective.is_some();
    let Some(mapped) = read.mapped else {
        return no_solution(match read.answer.status {
            AnswerStatus::Unsatisfiable => Status::Unsatisfiable,
            _ => Status::Unknown,
        });
    };
    let status = match (read.answer.status, has_objective) {
        (_, false) => Status::Satisfiable,
        (AnswerStatus::Optimal, true) => Status::Optimal,
        (_, true) => Status::Feasible,
    };
    let problems = objective_check(
        &loaded.model,
        &read.answer,
        Some(header),
        Some(format),
        &mapped.values,
    )
    .and_then(|c| c.mismatch)
    .into_iter()
    .collect();
    let objective = loaded
        .model
        .objective
        .as_ref()
        .map(|o| objective_value(o, &mapped.values) as i64);
    let answer = Answer {
        status,
        values: Some(mapped.values),
        objective,
    };
    (answer, problems)
}
