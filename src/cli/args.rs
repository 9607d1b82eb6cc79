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
    #[arg(short = 'D', value_parser = parse_define)]
    pub define: Vec<(String, i64)>,
    #[arg(long, default_value = "4G", value_parser = parse_size, help_heading = "Limits")]
    pub max_memory: u64,
    #[arg(long, default_value_t = DEFAULT_MAX_CLAUSES, help_heading = "Limits")]
    pub max_clauses: u64,
    #[arg(long, default_value = "1G", value_parser = parse_size, help_heading = "Limits")]
    pub max_bytes: u64,
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
    #[arg(long, value_parser = choice::<AmoEncoding>())]
    pub amo: Option<AmoEncoding>,
    #[arg(long, value_parser = choice::<CardEncoding>())]
    pub card: Option<CardEncoding>,
    #[arg(long, value_parser = choice::<RayEncoding>())]
    pub rays: Option<RayEncoding>,
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
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
    #[arg(short, long, value_parser = choice::<Format>())]
    pub format: Option<Format>,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    #[arg(long)]
    pub wcnf_legacy: bool,
    #[arg(long)]
    pub force: bool,
    #[arg(long)]
    pub mps_negate: bool,
    #[arg(long)]
    pub start: Option<PathBuf>,
    #[arg(long, value_parser = choice::<LpDialect>())]
    pub lp_dialect: Option<LpDialect>,
}

/// `--progress` and `--no-progress`, on every command that may run long.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct ProgressArgs {
    #[arg(long, conflicts_with = "no_progress")]
    pub progress: bool,
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
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
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
    #[arg(long)]
    pub svg: Option<PathBuf>,
    #[arg(long)]
    pub show_attacks: bool,
    #[arg(long, default_value_t = EngineChoice::default(), value_parser = choice::<EngineChoice>(), conflicts_with = "solver")]
    pub engine: EngineChoice,
    #[arg(long, conflicts_with = "solver")]
    pub no_symmetry: bool,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000), conflicts_with_all = ["solver", "certify", "start", "svg", "timeout", "all"])]
    pub split: Option<u32>,
    #[arg(long)]
    pub solver: Option<String>,
    #[arg(long, value_parser = choice::<Format>(), requires = "solver")]
    pub format: Option<Format>,
    #[arg(long, requires = "solver")]
    pub wcnf_legacy: bool,
    #[arg(long)]
    pub start: Option<PathBuf>,
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "cnf", value_parser = choice::<CertifyLevel>(), conflicts_with = "solver")]
    pub certify: Option<CertifyLevel>,
    #[arg(long, requires = "certify")]
    pub proof_dir: Option<PathBuf>,
    #[arg(long, requires = "proof_dir")]
    pub elaborate: bool,
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
    #[arg(long, default_value_t = EngineChoice::default(), value_parser = choice::<EngineChoice>())]
    pub engine: EngineChoice,
    #[arg(long, value_parser = choice::<Counter>(), conflicts_with = "limit")]
    pub counter: Option<Counter>,
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "cnf", value_parser = choice::<CertifyLevel>(), conflicts_with_all = ["counter", "limit"])]
    pub certify: Option<CertifyLevel>,
    #[arg(long, requires = "certify")]
    pub proof_dir: Option<PathBuf>,
    #[arg(long, requires = "proof_dir")]
    pub elaborate: bool,
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
    #[arg(long, value_parser = choice::<RayEncoding>())]
    pub rays: Option<RayEncoding>,
    #[arg(long)]
    pub map: Option<PathBuf>,
    #[arg(long)]
    pub svg: Option<PathBuf>,
    #[arg(long)]
    pub show_attacks: bool,
    #[arg(long, value_parser = choice::<Form>())]
    pub answer_format: Option<Form>,
    #[arg(long, requires = "map")]
    pub proof: Option<PathBuf>,
}

#[derive(Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub encodings: EncodingArgs,
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// The flags `count` and `solve --all` share.
#[derive(Args, Clone, Debug, Default)]
pub struct EnumerateArgs {
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    #[arg(long)]
    pub optimal: bool,
    #[arg(long)]
    pub up_to_symmetry: bool,
    #[arg(long)]
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

#[derive(Args)]
pub struct FmtArgs {
    /// The .qspec files (`-`: standard input, formatted to standard output)
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long)]
    pub check: bool,
}
