//! The arguments every command shares (the model, its limits, the
//! encodings) and each command's own, and the requests they make.

use std::path::PathBuf;

use crate::command::progress::Show;
use crate::command::{CountFlags, EncodingRequest, ModelRequest};
use clap::Args;
use qspec::answer::read::Form;
use qspec::count::Counter;
use qspec::instance::guard::DEFAULT_MAX_CLAUSES;
use qspec::instance::Limits;
use qspec::options::{
    AmoEncoding, CardEncoding, CertifyLevel, EngineChoice, Format, LpDialect, RayEncoding,
};
use qspec::solve::SolveOptions;

use super::values::{choice, parse_define, parse_size};

#[derive(Args)]
pub struct ModelArgs {
    /// The .qspec model file
    pub model: PathBuf,
    /// Override a parameter: -D n=10 (repeatable)
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = parse_define)]
    pub define: Vec<(String, i64)>,
    /// Refuse a model whose building and encoding would take more memory than this (estimated first)
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size, help_heading = "Limits")]
    pub max_memory: u64,
    /// Refuse a model whose CNF would have more clauses than this (estimated before encoding)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CLAUSES, help_heading = "Limits")]
    pub max_clauses: u64,
    /// Refuse to write a file estimated larger than this (e.g. 500M, 4G)
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size, help_heading = "Limits")]
    pub max_bytes: u64,
    /// Add no automatic hint (qspec adds `hint lines` to `rule attacks` models with a count bound)
    #[arg(long)]
    pub no_auto_hints: bool,
}

impl ModelArgs {
    pub fn request(&self, rays: Option<RayEncoding>) -> ModelRequest {
        ModelRequest {
            path: self.model.clone(),
            defines: self.define.clone(),
            rays,
            limits: Limits {
                max_clauses: self.max_clauses,
                max_bytes: self.max_bytes,
                max_memory: self.max_memory,
            },
            auto_hints: !self.no_auto_hints,
        }
    }
}

#[derive(Args)]
pub struct EncodingArgs {
    /// At-most-one encoding for every line of `rule no_attack` (default: chosen per size)
    #[arg(long, value_name = "NAME", value_parser = choice::<AmoEncoding>())]
    pub amo: Option<AmoEncoding>,
    /// Cardinality encoding for counts and attack bounds (default: chosen per size)
    #[arg(long, value_name = "NAME", value_parser = choice::<CardEncoding>())]
    pub card: Option<CardEncoding>,
    /// How `rule attacks` and `rule dominate` see along rays [default: chain]
    #[arg(long, value_name = "NAME", value_parser = choice::<RayEncoding>())]
    pub rays: Option<RayEncoding>,
    /// Say how `auto` chooses each encoding (a `c encodings: ...` line; compile: on standard error)
    #[arg(short, long)]
    pub verbose: bool,
}

impl EncodingArgs {
    pub fn request(&self) -> EncodingRequest {
        EncodingRequest {
            amo: self.amo,
            card: self.card,
            verbose: self.verbose,
        }
    }
}

#[derive(Args)]
pub struct CompileArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Output file; `-` for standard output. `.gz` compresses.
    #[arg(short, long, default_value = "-", value_name = "FILE")]
    pub output: PathBuf,
    /// Output format (default: from the output's extension; cnf on standard output)
    #[arg(short, long, value_name = "FORMAT", value_parser = choice::<Format>())]
    pub format: Option<Format>,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    /// Write WCNF in the old `p wcnf V C top` format instead of the 2022 one
    #[arg(long)]
    pub wcnf_legacy: bool,
    /// Replace a read-only output file (it stays read-only)
    #[arg(long)]
    pub force: bool,
    /// MPS: write `maximize` as minimising the negated objective, not with OBJSENSE MAX (for GLPK, CBC)
    #[arg(long)]
    pub mps_negate: bool,
    /// Also write this board as MIP starts beside the LP/MPS output: .mst (Gurobi), .sol (SCIP), .highs.sol (HiGHS)
    #[arg(long, value_name = "BOARD")]
    pub start: Option<PathBuf>,
    /// LP: `cplex` (HiGHS, SCIP, CBC, GLPK, Gurobi, CPLEX) or `lp_solve` (lp_solve, OR-tools' LP reader) [default: cplex]
    #[arg(long, value_name = "DIALECT", value_parser = choice::<LpDialect>())]
    pub lp_dialect: Option<LpDialect>,
}

/// `--progress` and `--no-progress`, on every command that may run long.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ProgressArgs {
    /// Draw progress on standard error even when it is not a terminal (by default only on a terminal)
    #[arg(long, conflicts_with = "no_progress")]
    pub progress: bool,
    /// Draw no progress, even on a terminal
    #[arg(long)]
    pub no_progress: bool,
}

impl ProgressArgs {
    /// What to draw.
    pub fn show(self) -> Show {
        Show::from_flags(self.progress, self.no_progress)
    }
}

/// What every command that may run long takes, defined once: a time
/// limit, threads, and progress on standard error.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct LongRunArgs {
    /// Stop after this many seconds (0: at once, before any search), keeping what is done (solve: the best board so far; count: "at least N"; sweep and puzzles: every line finished, exit 124)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Threads [default: one per core]: the clique search's (solve, count --optimal), CaDiCaL's listing in cubes (count, solve --all), or instances side by side, each with its own solver (sweep, puzzles)
    #[arg(long, visible_alias = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

impl LongRunArgs {
    /// The threads asked for.
    pub fn threads(self) -> Option<usize> {
        self.threads.map(|n| n as usize)
    }
}

/// A number of seconds: finite and not negative.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!(
            "`{text}` is not a number of seconds (such as 30 or 2.5)"
        )),
    }
}

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    #[command(flatten)]
    pub run: LongRunArgs,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    pub show_attacks: bool,
    /// The embedded engine: auto (the default), cadical, kissat, portfolio, clique, rows, armies (see --help)
    #[arg(long, value_name = "NAME", default_value_t = EngineChoice::default(), value_parser = choice::<EngineChoice>(), conflicts_with = "solver")]
    pub engine: EngineChoice,
    /// The clique search prunes without the board's symmetries (for checking the pruning)
    #[arg(long, hide = true, conflicts_with = "solver")]
    pub no_symmetry: bool,
    /// Cut the clique search or the armies search into at least K parts and print them as the tasks of a sweep (run with `qspec sweep run`, join with `qspec sweep merge`)
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1_000_000), conflicts_with_all = ["solver", "certify", "start", "svg", "timeout", "all"])]
    pub split: Option<u32>,
    /// Solve with this solver command line instead (the compiled file is appended)
    #[arg(long, value_name = "CMD")]
    pub solver: Option<String>,
    /// The file to hand the solver [default: the one it is known to read]
    #[arg(long, value_name = "FORMAT", value_parser = choice::<Format>(), requires = "solver")]
    pub format: Option<Format>,
    /// Hand WCNF in the old `p wcnf` format instead of the 2022 one (solvers known to need it get it anyway)
    #[arg(long, requires = "solver")]
    pub wcnf_legacy: bool,
    /// Warm start from this board (a picture as qspec prints it, or any answer `verify` reads)
    #[arg(long, value_name = "BOARD")]
    pub start: Option<PathBuf>,
    /// Check the final "no solution" or "optimal" with a proof: from the CNF (DRAT, `rate`) or end to end from the model's OPB file (VeriPB, `veripb`); see --help
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true, default_missing_value = "cnf", value_parser = choice::<CertifyLevel>(), conflicts_with = "solver")]
    pub certify: Option<CertifyLevel>,
    /// Keep the certificate's input file (CNF or OPB) and proof in DIR (else they are removed)
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub proof_dir: Option<PathBuf>,
    /// Print every solution as it is found, each verified (incremental CaDiCaL; see `qspec count --help`)
    #[arg(long, conflicts_with_all = ["solver", "start", "certify", "svg"])]
    pub all: bool,
    #[command(flatten)]
    pub enumerate: EnumerateArgs,
}

impl SolveArgs {
    /// How the embedded engines run: the flags that reach them, each read
    /// here alone.
    pub fn tuning(&self) -> SolveOptions {
        SolveOptions {
            engine: self.engine,
            threads: self.run.threads(),
            no_symmetry: self.no_symmetry,
            ..SolveOptions::default()
        }
    }
}

#[derive(Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    #[command(flatten)]
    pub run: LongRunArgs,
    /// The engine that finds the optimum for --optimal; clique (and auto, on 3 or more dimensions) also lists the solutions of a no_attack model, else CaDiCaL lists them
    #[arg(long, value_name = "NAME", default_value_t = EngineChoice::default(), value_parser = choice::<EngineChoice>())]
    pub engine: EngineChoice,
    /// Count with a model counter on the CNF instead of enumerating (classes by Burnside's lemma)
    #[arg(long, value_name = "NAME", value_parser = choice::<Counter>(), conflicts_with = "limit")]
    pub counter: Option<Counter>,
    /// Prove the count complete: the model with every solution listed excluded, refuted with a DRAT proof (`rate`) or from the OPB file (VeriPB, `veripb`); see --help
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true, default_missing_value = "cnf", value_parser = choice::<CertifyLevel>(), conflicts_with_all = ["counter", "limit"])]
    pub certify: Option<CertifyLevel>,
    /// Keep the certificate's input file (CNF or OPB) and proof in DIR (else they are removed)
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub proof_dir: Option<PathBuf>,
    #[command(flatten)]
    pub enumerate: EnumerateArgs,
}

impl CountArgs {
    /// How the engines run: the flags that reach them, each read here
    /// alone.
    pub fn tuning(&self) -> SolveOptions {
        SolveOptions {
            engine: self.engine,
            threads: self.run.threads(),
            ..SolveOptions::default()
        }
    }
}

#[derive(Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// The solver's output or solution file (`-` for standard input, `.gz` allowed)
    pub answer: PathBuf,
    /// How `rule attacks` and `rule dominate` see along rays, as when compiling [default: chain]
    #[arg(long, value_name = "NAME", value_parser = choice::<RayEncoding>())]
    pub rays: Option<RayEncoding>,
    /// The compiled file the solver read: map variable numbers (or LP renames) through its header
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    pub show_attacks: bool,
    /// The answer's form, instead of telling it from the content
    #[arg(long, value_name = "FORM", value_parser = choice::<Form>())]
    pub answer_format: Option<Form>,
    /// For an UNSAT answer: check the solver's proof against the --map file (DRAT and a CNF: `rate`; VeriPB and an OPB file: `veripb`)
    #[arg(long, value_name = "PROOF", requires = "map")]
    pub proof: Option<PathBuf>,
}

#[derive(Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    /// Print one JSON object instead of a table (--jsonl: the same)
    #[arg(long, visible_alias = "jsonl")]
    pub json: bool,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// The flags `count` and `solve --all` share.
#[derive(Args, Clone, Debug, Default)]
pub struct EnumerateArgs {
    /// Stop after N solutions (N classes with --up-to-symmetry); if there are more, say "at least N" and exit 10
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// With an objective: find the optimum first, then count only the solutions at it
    #[arg(long)]
    pub optimal: bool,
    /// Count classes under the board's symmetry group (one canonical representative each) and the solutions in them
    #[arg(long)]
    pub up_to_symmetry: bool,
    /// Print JSON: solve, one object (the verdict; the rest goes to standard error); solve --all and count, one line per solution (--all), then a summary
    #[arg(long, visible_alias = "json")]
    pub jsonl: bool,
}

impl EnumerateArgs {
    /// The first of the flags that `solve` takes only with `--all`, by
    /// its name.
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.limit.is_some(), "--limit"),
            (self.optimal, "--optimal"),
            (self.up_to_symmetry, "--up-to-symmetry"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }

    /// The flags as the command takes them.
    pub fn flags(&self) -> CountFlags {
        CountFlags {
            limit: self.limit,
            optimal: self.optimal,
            up_to_symmetry: self.up_to_symmetry,
            jsonl: self.jsonl,
        }
    }
}
