//! The `solve` command: the embedded CaDiCaL (optimising when the model has
//! an objective, printing each better value as `o N`), or an external
//! solver run on the compiled file; either way the board is verified from
//! the geometry and printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::compile::{compile, CompileOptions};
use super::guard::{check_output, Target};
use super::report::{prepare_svg, show_answer, write_svg, Shown};
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
    /// Hand WCNF in the legacy `p wcnf` format (a solver known to need it
    /// gets it anyway).
    pub wcnf_legacy: bool,
}

/// Runs `solve`, printing to `out`; the exit code follows the SAT
/// competition (10 found, 20 none exists, 0 proven optimum), and is 130
/// when Ctrl-C or SIGTERM stopped the solve (its best board is printed and
/// verified all the same).
pub fn run(req: &SolveRequest, out: &mut dyn Write) -> Result<u8> {
    let svg = prepare_svg(req.svg.as_deref())?;
    let loaded = req.model.load()?;
    let enc = req.encodings.resolve(&loaded.spec);
    let deadline = req
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
    crate::interrupt::set_graceful(true);
    let shown = match &req.solver {
        Some(command) => solve_external(req, &loaded, command, enc, deadline, out),
        None => solve_inside(req, &loaded, enc, deadline, out),
    };
    crate::interrupt::set_graceful(false);
    let shown = shown?;
    print(out, &shown.text)?;
    write_svg(&loaded, svg, shown.placement.as_ref(), req.show_attacks)?;
    if crate::interrupt::interrupted() {
        return Ok(130);
    }
    Ok(shown.exit_code)
}

/// With the embedded CaDiCaL.
fn solve_inside(
    req: &SolveRequest,
    loaded: &Loaded,
    enc: Encodings,
    deadline: Option<Instant>,
    out: &mut dyn Write,
) -> Result<Shown> {
    check_output(
        &loaded.model,
        &enc,
        Target::Embedded,
        loaded.estimate.bytes,
        &req.model.limits,
    )?;
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
    let wcnf_legacy = req.wcnf_legacy || plan.wcnf_legacy;
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
    compile_into(req, loaded, encodings, plan.format, wcnf_legacy, &file)?;
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
    req: &SolveRequest,
    loaded: &Loaded,
    encodings: Encodings,
    format: Format,
    wcnf_legacy: bool,
    file: &Path,
) -> Result<()> {
    let opts = CompileOptions {
        output: file.to_path_buf(),
        format: Some(format),
        encodings,
        emit: EmitOptions { wcnf_legacy },
        limits: req.model.limits,
        force: false,
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
