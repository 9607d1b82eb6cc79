//! How a solver is run: its command line, what it reads and writes, and
//! the time limit and warm start it is handed, for a solver qspec knows
//! ([`super::solvers`]) or any other.

use std::path::Path;
use std::time::Instant;

use super::solvers::{minizinc_tag, Known, Style, MINIZINC};
use crate::answer::read::Form;
use crate::emit::MipStart;
use crate::error::{Error, Result};
use crate::model::{Objective, Sense};
use crate::options::Format;

/// A solver's command line, what it reads, and how it is run.
#[derive(Clone, Debug)]
pub struct SolverPlan {
    /// The command line as the user gave it, split into words.
    pub argv: Vec<String>,
    /// The name the solver is known by.
    pub tool: String,
    /// The file it is handed.
    pub format: Format,
    /// How it is run.
    pub style: Style,
    /// The form of its answer, when it is known.
    pub answer: Option<Form>,
    /// It reads only legacy WCNF.
    pub wcnf_legacy: bool,
    /// A Python script of qspec's to run in place of the program.
    pub runner: Option<&'static str>,
    /// The model maximises (CBC is then told `max` on an MPS file).
    pub maximise: bool,
    /// Hand MPS with the negated objective (GLPK cannot read `OBJSENSE`).
    pub mps_negate: bool,
}

impl SolverPlan {
    /// The plan for `argv` (known as `tool`, by `known` if qspec knows it)
    /// handed `format`, on a model with `objective`.
    pub fn new(
        argv: Vec<String>,
        tool: String,
        known: Option<Known>,
        format: Format,
        objective: Option<&Objective>,
    ) -> SolverPlan {
        let style = known.map_or(Style::Stdout, |k| k.style);
        let same_file = known.filter(|k| k.format == format);
        SolverPlan {
            argv,
            tool,
            format,
            style,
            answer: same_file.and_then(|k| k.answer),
            wcnf_legacy: known.is_some_and(|k| k.wcnf_legacy),
            runner: known.and_then(|k| k.runner),
            maximise: objective.is_some_and(|o| o.sense == Sense::Maximize),
            mps_negate: format == Format::Mps && style == Style::Glpk,
        }
    }
}

/// Whole seconds left before the deadline (at least 1).
fn seconds_left(deadline: Instant) -> u64 {
    deadline
        .saturating_duration_since(Instant::now())
        .as_secs_f64()
        .ceil()
        .max(1.0) as u64
}

/// Milliseconds left before the deadline (at least 1000).
fn millis_left(deadline: Instant) -> u64 {
    let left = deadline.saturating_duration_since(Instant::now());
    (left.as_secs_f64() * 1000.0).ceil().max(1000.0) as u64
}

/// Where a solver reads and writes: the compiled file, its solution, and a
/// warm start to hand it (if any).
#[derive(Clone, Copy, Debug)]
pub struct Files<'a> {
    /// The compiled model.
    pub model: &'a Path,
    /// Where the solver writes its solution (if it writes one).
    pub solution: &'a Path,
    /// A warm start in the form the solver reads (`.mst` for Gurobi,
    /// `.sol` for SCIP and HiGHS).
    pub start: Option<&'a Path>,
    /// Where qspec put the runner script, for a solver run by one.
    pub runner: Option<&'a Path>,
}

/// Whether the solver of `style` takes a warm start, and in which form.
pub fn start_form(style: Style) -> Option<MipStart> {
    match style {
        Style::Gurobi => Some(MipStart::Gurobi),
        Style::Scip => Some(MipStart::Scip),
        Style::Highs => Some(MipStart::Highs),
        _ => None,
    }
}

/// The full command line for `plan`, reading `files.model` and (for
/// solvers that write one) writing its solution to `files.solution`.
pub fn invocation(
    plan: &SolverPlan,
    files: Files<'_>,
    deadline: Option<Instant>,
) -> Result<Vec<String>> {
    let file = files.model;
    let file_s = file.display().to_string();
    let sol_s = files.solution.display().to_string();
    let start = files.start.map(|s| s.display().to_string());
    let limit = deadline.map(seconds_left);
    let mut argv = plan.argv.clone();
    if let Some(script) = files.runner {
        argv.splice(0..1, ["python3".to_string(), script.display().to_string()]);
    }
    if plan.tool.starts_with("rc2") && !argv.iter().any(|a| a.starts_with("-v")) {
        // RC2 prints the model (v line) only when verbose.
        argv.push("-vv".into());
    }
    match plan.style {
        Style::Stdout => argv.push(file_s),
        Style::MiniZinc => {
            if let Some(tag) = minizinc_tag(&plan.tool) {
                argv.splice(
                    0..1,
                    [MINIZINC.to_string(), "--solver".into(), tag.to_string()],
                );
            }
            if let Some(d) = deadline {
                argv.extend(["--time-limit".into(), millis_left(d).to_string()]);
            }
            argv.push(file_s);
        }
        Style::MiniSat => argv.extend([file_s, sol_s]),
        Style::Scip => {
            if file_s.contains(char::is_whitespace) || sol_s.contains(char::is_whitespace) {
                return Err(Error::usage_with_help(
                    format!(
                        "the temporary directory {} has a space in its path, which SCIP's -c commands cannot hold",
                        file.parent().map_or(String::new(), |p| p.display().to_string())
                    ),
                    "set TMPDIR to a directory without spaces",
                ));
            }
            let time = limit.map_or(String::new(), |t| format!("set limits time {t} "));
            let start = start.map_or(String::new(), |s| format!("read {s} "));
            argv.push("-c".into());
            argv.push(format!(
                "{time}read {file_s} {start}optimize write solution {sol_s} quit"
            ));
        }
        Style::Highs => {
            argv.extend([
                "--model_file".into(),
                file_s,
                "--solution_file".into(),
                sol_s,
            ]);
            if let Some(t) = limit {
                argv.extend(["--time_limit".into(), t.to_string()]);
            }
            if let Some(s) = start {
                argv.extend(["--read_solution_file".into(), s]);
            }
        }
        Style::Cbc => {
            argv.push(file_s);
            if plan.format == Format::Mps && plan.maximise {
                argv.push("max".into());
            }
            if let Some(t) = limit {
                argv.extend(["sec".into(), t.to_string()]);
            }
            argv.extend(["solve".into(), "solu".into(), sol_s]);
        }
        Style::Gurobi => {
            argv.push(format!("ResultFile={sol_s}"));
            if let Some(t) = limit {
                argv.push(format!("TimeLimit={t}"));
            }
            if let Some(s) = start {
                argv.push(format!("InputFile={s}"));
            }
            argv.push(file_s);
        }
        Style::Glpk => {
            let reader = if plan.format == Format::Mps {
                "--freemps"
            } else {
                "--lp"
            };
            argv.extend([reader.into(), file_s, "-o".into(), sol_s]);
            if let Some(t) = limit {
                argv.extend(["--tmlim".into(), t.to_string()]);
            }
        }
    }
    Ok(argv)
}
