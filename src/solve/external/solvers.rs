//! The solvers qspec knows, in one table: the file each reads, how it is
//! invoked, and where and in which form it writes its answer. Solvers are
//! known by program name (the first word; for `java -jar X.jar` and
//! `python3 X.py` the jar or the script).
//!
//! | solver | file | run as | answer |
//! |---|---|---|---|
//! | kissat, cadical, cryptominisat5, glucose, lingeling | CNF | `CMD FILE` | stdout, SAT competition |
//! | minisat | CNF | `CMD FILE RESULT` | MiniSat result file |
//! | clasp, roundingsat, sat4j (`org.sat4j.pb.jar`) | OPB | `CMD FILE` | stdout, PB competition |
//! | open-wbo, sat4j maxsat jar | WCNF (legacy) | `CMD FILE` | stdout, MaxSAT evaluation |
//! | rc2.py, evalmaxsat, uwrmaxsat | WCNF (2022) | `CMD FILE` | stdout, MaxSAT evaluation |
//! | scip | LP | `CMD -c "read FILE optimize write solution SOL quit"` | SCIP solution file |
//! | highs | LP | `CMD --model_file FILE --solution_file SOL` | HiGHS solution file |
//! | cbc | LP | `CMD FILE solve solu SOL` | CBC solution file |
//! | gurobi_cl, gurobi_cl.py | LP | `CMD ResultFile=SOL FILE` | Gurobi `.sol` |
//! | gurobi | LP | `python3 gurobi_cl.py ResultFile=SOL FILE` | Gurobi `.sol` |
//! | glpsol | LP | `CMD --lp FILE -o SOL` | GLPK printable solution |
//! | cp-sat | MPS | `python3 cpsat_cl.py ResultFile=SOL FILE` | Gurobi `.sol` |
//! | minizinc, minizinc:TAG | MiniZinc | `minizinc [--solver TAG] [--time-limit MS] FILE` | stdout, MiniZinc output |
//!
//! WCNF is written in the 2022 format unless the solver is known to read
//! only the legacy one (clasp, Open-WBO, Sat4j) or `--wcnf-legacy` asks.
//!
//! `gurobi` is Gurobi through gurobipy (`pip install gurobipy`, whose
//! wheel brings a size-limited licence but no `gurobi_cl`): qspec writes its
//! runner `gurobi_cl.py`, which takes gurobi_cl's command line, into the
//! work directory and runs it with `python3`.
//!
//! `cp-sat` is OR-tools' CP-SAT through the ortools package (`pip install
//! ortools`), run by qspec's `cpsat_cl.py` with gurobi_cl's command line; it
//! gets MPS: OR-tools reads LP files only in lp_solve's dialect, not CPLEX
//! LP (google/or-tools#4205); `compile --lp-dialect lp_solve` writes that
//! dialect for its LP reader, and the MPS file needs no choice.
//!
//! `minizinc:TAG` is MiniZinc with its solver TAG (`gecode`, `chuffed`,
//! `cp-sat`, `highs`, `scip`, `gurobi`, or any id `minizinc --solvers`
//! lists); plain `minizinc` runs MiniZinc's default solver. The `.mzn` file's
//! output item prints the board, which is read back as a picture. A solver
//! MiniZinc does not have, or cannot load, is reported with what to
//! install ([`minizinc_trouble`]).
//!
//! RC2 is given `-vv` (it prints its model only when verbose). `--timeout`
//! is passed to the MIP solvers' own time limits. Handed MPS (`--format
//! mps`) of a maximisation, GLPK gets the negated form (it rejects
//! `OBJSENSE`) and CBC gets `max` (it ignores `OBJSENSE`). A warm start
//! (`solve --start`) goes to Gurobi as `InputFile=START.mst`, to SCIP as
//! `read START.sol`, to HiGHS as `--read_solution_file START.sol`.

use std::path::Path;
use std::time::Instant;

use crate::answer::read::Form;
use crate::emit::MipStart;
use crate::error::{Error, Result};
use crate::model::{Objective, Sense};
use crate::options::Format;

/// qspec's runner for Gurobi through gurobipy (see the module doc).
pub const GUROBI_RUNNER: &str = include_str!("gurobi_cl.py");

/// qspec's runner for OR-tools' CP-SAT through the ortools package (see
/// the module doc).
pub const CPSAT_RUNNER: &str = include_str!("cpsat_cl.py");

/// How a solver is invoked and where its answer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The file appended; the answer on standard output.
    Stdout,
    /// `minisat FILE RESULT`.
    MiniSat,
    /// SCIP's interactive shell, told what to do with `-c`.
    Scip,
    /// HiGHS with a solution file.
    Highs,
    /// CBC's command sequence.
    Cbc,
    /// `gurobi_cl ResultFile=...`.
    Gurobi,
    /// `glpsol -o`.
    Glpk,
    /// `minizinc [--solver TAG] [--time-limit MS] FILE`.
    MiniZinc,
}

impl Style {
    /// Whether the solver gets the time limit itself (and so is given a
    /// few seconds after the deadline to write its solution).
    pub fn has_time_limit(self) -> bool {
        matches!(
            self,
            Style::Scip | Style::Highs | Style::Cbc | Style::Gurobi | Style::Glpk | Style::MiniZinc
        )
    }

    /// Where the answer is: standard output, or the solution file.
    pub fn answers_on_stdout(self) -> bool {
        matches!(self, Style::Stdout | Style::MiniZinc)
    }
}

/// What qspec knows about a solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The file it reads.
    pub format: Format,
    /// How it is run.
    pub style: Style,
    /// The form of its answer: `None` for competition output on standard
    /// output, which the reader tells apart (SAT, MaxSAT or PB) itself.
    pub answer: Option<Form>,
    /// Reads CNF only: a model with an objective needs another solver.
    pub sat_only: bool,
    /// Reads WCNF only in the legacy `p wcnf` format (clasp, Open-WBO and
    /// Sat4j stop at the 2022 format's `h` lines).
    pub wcnf_legacy: bool,
    /// A Python script qspec writes and runs in place of the program.
    pub runner: Option<&'static str>,
}

/// One row of the table: the names a solver goes by (the first `shown` of
/// them are the ones help texts list), and what is known.
struct Row {
    names: &'static [&'static str],
    shown: usize,
    known: Known,
}

const fn row(
    (names, shown): (&'static [&'static str], usize),
    format: Format,
    style: Style,
    answer: Option<Form>,
    sat_only: bool,
) -> Row {
    Row {
        names,
        shown,
        known: Known {
            format,
            style,
            answer,
            sat_only,
            wcnf_legacy: false,
            runner: None,
        },
    }
}

/// `row` for a solver that reads only legacy WCNF.
const fn legacy_wcnf(mut r: Row) -> Row {
    r.known.wcnf_legacy = true;
    r
}

/// `row` run by a Python script of qspec's.
const fn with_runner(mut row: Row, script: &'static str) -> Row {
    row.known.runner = Some(script);
    row
}

/// Every solver qspec knows by name.
const TABLE: &[Row] = &[
    row(
        (
            &[
                "kissat",
                "cadical",
                "cryptominisat5",
                "glucose",
                "cryptominisat",
                "glucose-syrup",
                "glucose_static",
                "lingeling",
                "plingeling",
            ],
            4,
        ),
        Format::Cnf,
        Style::Stdout,
        None,
        true,
    ),
    row(
        (&["minisat", "minisat_static"], 1),
        Format::Cnf,
        Style::MiniSat,
        Some(Form::MiniSat),
        true,
    ),
    legacy_wcnf(row(
        (&["clasp", "roundingsat", "sat4j"], 3),
        Format::Opb,
        Style::Stdout,
        None,
        false,
    )),
    legacy_wcnf(row(
        (&["open-wbo", "open-wbo-inc"], 1),
        Format::Wcnf,
        Style::Stdout,
        None,
        false,
    )),
    row(
        (&["rc2.py", "evalmaxsat", "uwrmaxsat", "rc2"], 3),
        Format::Wcnf,
        Style::Stdout,
        None,
        false,
    ),
    row(
        (&["scip"], 1),
        Format::Lp,
        Style::Scip,
        Some(Form::Scip),
        false,
    ),
    row(
        (&["highs"], 1),
        Format::Lp,
        Style::Highs,
        Some(Form::Highs),
        false,
    ),
    row(
        (&["cbc"], 1),
        Format::Lp,
        Style::Cbc,
        Some(Form::Cbc),
        false,
    ),
    row(
        (&["gurobi_cl", "gurobi_cl.py"], 1),
        Format::Lp,
        Style::Gurobi,
        Some(Form::Gurobi),
        false,
    ),
    with_runner(
        row(
            (&["gurobi"], 1),
            Format::Lp,
            Style::Gurobi,
            Some(Form::Gurobi),
            false,
        ),
        GUROBI_RUNNER,
    ),
    row(
        (&["glpsol"], 1),
        Format::Lp,
        Style::Glpk,
        Some(Form::Glpk),
        false,
    ),
    with_runner(
        row(
            (&["cp-sat", "cpsat", "ortools"], 1),
            Format::Mps,
            Style::Gurobi,
            Some(Form::Gurobi),
            false,
        ),
        CPSAT_RUNNER,
    ),
    row(
        (
            &[
                "minizinc",
                "minizinc:gecode",
                "minizinc:chuffed",
                "minizinc:cp-sat",
                "minizinc:highs",
                "minizinc:scip",
                "minizinc:gurobi",
            ],
            7,
        ),
        Format::Mzn,
        Style::MiniZinc,
        Some(Form::MiniZinc),
        false,
    ),
];

/// What MiniZinc runs: `minizinc` and `minizinc:TAG` for any tag.
const MINIZINC: &str = "minizinc";

/// The MiniZinc solver tag of `tool` (`minizinc:chuffed` → `chuffed`).
fn minizinc_tag(tool: &str) -> Option<&str> {
    tool.strip_prefix(MINIZINC)?.strip_prefix(':')
}

/// The solver called `tool` (lower case), if qspec knows it.
pub fn known(tool: &str) -> Option<Known> {
    if let Some(row) = TABLE.iter().find(|r| r.names.contains(&tool)) {
        return Some(row.known);
    }
    if minizinc_tag(tool).is_some() {
        return known(MINIZINC);
    }
    if tool.ends_with(".jar") && tool.contains("sat4j") {
        let format = if tool.contains("maxsat") {
            Format::Wcnf
        } else {
            Format::Opb
        };
        return Some(Known {
            format,
            style: Style::Stdout,
            answer: None,
            sat_only: false,
            wcnf_legacy: true,
            runner: None,
        });
    }
    None
}

/// `kissat, cadical, ... get CNF; clasp, ... OPB; ...`: the table in words,
/// for help texts.
pub fn described() -> String {
    let mut parts = Vec::new();
    for format in [
        Format::Cnf,
        Format::Opb,
        Format::Wcnf,
        Format::Lp,
        Format::Mps,
        Format::Mzn,
    ] {
        let names: Vec<&str> = TABLE
            .iter()
            .filter(|r| r.known.format == format)
            .flat_map(|r| r.names[..r.shown].iter().copied())
            .collect();
        let verb = if parts.is_empty() { " get" } else { "" };
        parts.push(format!(
            "{}{verb} {}",
            names.join(", "),
            format.name().to_ascii_uppercase()
        ));
    }
    parts.join("; ")
}

/// The name a solver is known by: the program's file name, or for
/// `java -jar X.jar` / `python3 X.py` the jar's or the script's, in lower
/// case.
pub fn tool_name(argv: &[String]) -> String {
    let base = |s: &str| {
        Path::new(s)
            .file_name()
            .map_or(s.to_string(), |f| f.to_string_lossy().into_owned())
            .to_ascii_lowercase()
            .trim_end_matches(".exe")
            .to_string()
    };
    let program = base(&argv[0]);
    let inner = match program.as_str() {
        "java" => argv
            .iter()
            .position(|a| a == "-jar")
            .and_then(|i| argv.get(i + 1)),
        p if p.starts_with("python") || p.starts_with("pypy") => {
            argv[1..].iter().find(|a| !a.starts_with('-'))
        }
        _ => None,
    };
    inner.map_or(program, |s| base(s))
}

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
