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

use crate::answer::read::Form;
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
pub(super) const MINIZINC: &str = "minizinc";

/// The MiniZinc solver tag of `tool` (`minizinc:chuffed` → `chuffed`).
pub(super) fn minizinc_tag(tool: &str) -> Option<&str> {
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
