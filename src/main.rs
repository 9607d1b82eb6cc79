//! The `qspec` command line: argument parsing only; the work is done by the
//! library (`qspec::compile`, `qspec::solution`, `qspec::solve`).

use clap::{Args, Parser, Subcommand};
use qspec::compile::{self, CompileOptions, Loaded};
use qspec::emit::{EmitOptions, Format};
use qspec::encode::{AmoEncoding, CardEncoding};
use qspec::error::{Error, Result};
use qspec::report;
use qspec::solution::check::{verify_answer, VerifyRequest};
use qspec::solution::read::Form;
use qspec::solution::render;
use qspec::solve::external::{solve_external, ExternalOptions};
use qspec::solve::optimize::solve_embedded;
use qspec::spec::RayEncoding;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const ABOUT: &str = "Compile chess-placement problems (.qspec) to CNF, WCNF, OPB, LP and MPS";

const LONG_ABOUT: &str = "\
qspec compiles a small declarative .qspec file — a board, a piece, the rules
between pieces, bounds and objectives — into a file that SAT, MaxSAT,
pseudo-Boolean and MIP solvers read, with a selectable encoding for every
cardinality constraint.

Examples:
  qspec compile models/eight-queens.qspec -o queens.cnf
  qspec compile models/n-queens.qspec -D n=50 -o q50.cnf.gz --amo ladder
  qspec compile models/queens-3d-5.qspec -o q3d.lp
  qspec stats models/queens-3d-5-inf.qspec
  qspec solve models/eight-queens.qspec --solver cadical
  qspec verify models/eight-queens.qspec answer.txt --map queens.cnf

Exit codes: 0 success, 2 bad input (the message says where), 1 other failures.";

#[derive(Parser)]
#[command(name = "qspec", version, about = ABOUT, long_about = LONG_ABOUT)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a model into a solver file (format from -o's extension or --format)
    #[command(long_about = compile_help())]
    Compile(CompileArgs),
    /// Show the variables and clauses every encoding choice would produce, writing nothing
    Stats(StatsArgs),
    /// Compile and solve (embedded CaDiCaL, or --solver CMD); print, verify and draw the board
    #[command(long_about = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Check a solver's answer against the model; print and draw its board
    #[command(long_about = VERIFY_HELP)]
    Verify(VerifyArgs),
}

const SOLVE_HELP: &str = "\
Compile the model and solve it with the embedded CaDiCaL (nothing to install),
or with any installed solver given by --solver 'CMD' (the compiled file is
appended; kissat, cadical, cryptominisat5, glucose, minisat get CNF; clasp,
roundingsat, sat4j OPB; open-wbo, rc2.py, evalmaxsat, uwrmaxsat WCNF; scip,
highs, cbc, gurobi_cl, glpsol LP; any other program needs --format).
A model with an objective is optimised: every better value is printed as it is
found (`o 9`, `o 10`, ...), then the optimum is proven by showing that no better
solution exists. The board printed is checked by `verify` from the geometry
alone.

Exit codes (SAT-competition convention):
  10  a solution was found (for an objective: the best one, not proven optimal)
  20  proven: no solution exists
   0  proven optimum
   1  error, or timeout without any solution
   2  bad input";

const VERIFY_HELP: &str = "\
Read a solver's answer, map it back onto the model (rebuilt from the same file,
-D values and --rays), and check the board from the geometry alone: every rule,
count and wall, and the objective the solver reports.

The answer's form is told from its content: SAT competition output (Kissat,
CaDiCaL, CryptoMiniSat, Glucose), a MiniSat result file, MaxSAT evaluation
output (o/s/v, v as 0/1 string or literals), PB competition output (v x1 -x2),
SCIP, Gurobi (.sol), HiGHS and CBC solution files, GLPK's glpsol -o output.
Numbered answers map through the model's own numbering (auxiliary variables
are ignored), or through the `c var` / `* var` lines of the compiled file
given with --map.

Exit codes:
   0  every rule holds
   1  the answer breaks a rule, or holds no solution (e.g. UNSATISFIABLE)
   2  bad input: an unreadable or malformed answer, a bad model";

#[derive(Args)]
struct ModelArgs {
    /// The .qspec model file
    model: PathBuf,
    /// Override a parameter: -D n=10 (repeatable)
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = parse_define)]
    define: Vec<(String, i64)>,
}

#[derive(Args)]
struct EncodingArgs {
    /// At-most-one encoding for every line of `rule no_attack` (default: chosen per size)
    #[arg(long, value_name = "NAME", value_parser = amo_parser())]
    amo: Option<String>,
    /// Cardinality encoding for counts and attack bounds (default: chosen per size)
    #[arg(long, value_name = "NAME", value_parser = card_parser())]
    card: Option<String>,
    /// How `rule attacks` and `rule dominate` see along rays [default: chain]
    #[arg(long, value_name = "NAME", value_parser = ["direct", "chain"])]
    rays: Option<String>,
}

impl EncodingArgs {
    fn amo(&self) -> Option<AmoEncoding> {
        self.amo.as_deref().and_then(AmoEncoding::from_name)
    }

    fn card(&self) -> Option<CardEncoding> {
        self.card.as_deref().and_then(CardEncoding::from_name)
    }
}

#[derive(Args)]
struct CompileArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// Output file; `-` for standard output. `.gz` compresses.
    #[arg(short, long, default_value = "-", value_name = "FILE")]
    output: PathBuf,
    /// Output format (default: from the output's extension; cnf on standard output)
    #[arg(short, long, value_name = "FORMAT", value_parser = format_parser())]
    format: Option<String>,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Write WCNF in the old `p wcnf V C top` format instead of the 2022 one
    #[arg(long)]
    wcnf_legacy: bool,
    /// Refuse a model whose CNF would have more clauses than this (estimated before encoding)
    #[arg(long, value_name = "N", default_value_t = compile::DEFAULT_MAX_CLAUSES)]
    max_clauses: u64,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Stop after this many seconds and print the best board found so far
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    show_attacks: bool,
    /// Solve with this solver command line instead (the compiled file is appended)
    #[arg(long, value_name = "CMD")]
    solver: Option<String>,
    /// The file to hand the solver [default: the one it is known to read]
    #[arg(long, value_name = "FORMAT", value_parser = format_parser(), requires = "solver")]
    format: Option<String>,
    /// Hand WCNF in the 2022 format (h lines) instead of the legacy p wcnf one
    #[arg(long, requires = "solver")]
    wcnf_2022: bool,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// The solver's output or solution file (`-` for standard input, `.gz` allowed)
    answer: PathBuf,
    /// How `rule attacks` and `rule dominate` see along rays, as when compiling [default: chain]
    #[arg(long, value_name = "NAME", value_parser = ["direct", "chain"])]
    rays: Option<String>,
    /// The compiled file the solver read: map variable numbers (or LP renames) through its header
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    show_attacks: bool,
    /// The answer's form, instead of telling it from the content
    #[arg(long, value_name = "FORM", value_parser = answer_format_parser())]
    answer_format: Option<String>,
}

#[derive(Args)]
struct StatsArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Print JSON instead of a table
    #[arg(long)]
    json: bool,
}

/// `compile --help`: what is written, and the automatic encoding choice.
fn compile_help() -> String {
    let auto = qspec::encode::Encodings::default().describe();
    format!(
        "Compile a model into a solver file: CNF, WCNF (MaxSAT), OPB (pseudo-Boolean),
LP or MPS (MIP), chosen by --format or the output's extension (.cnf .wcnf .opb
.lp .mps, each optionally .gz). The file starts with a comment header: qspec's
version, the source, parameters, encodings, counts and, for CNF/WCNF/OPB, the
map from variable numbers to cells (`c var 12 x_1_3`).

Without --amo/--card, each constraint gets an encoding chosen by its size:
  {auto}

A failed or interrupted compile leaves no file behind and never overwrites an
existing one. Exit codes: 0 written, 2 bad input, 1 I/O failure."
    )
}

fn parse_define(s: &str) -> std::result::Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE (e.g. -D n=10)"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("`{value}` is not an integer (in -D {s})"))?;
    Ok((name.trim().to_string(), value))
}

fn amo_parser() -> clap::builder::PossibleValuesParser {
    AmoEncoding::ALL.map(|e| e.name()).into()
}

fn card_parser() -> clap::builder::PossibleValuesParser {
    CardEncoding::ALL.map(|e| e.name()).into()
}

fn format_parser() -> clap::builder::PossibleValuesParser {
    Format::ALL.map(|f| f.name()).into()
}

fn answer_format_parser() -> clap::builder::PossibleValuesParser {
    Form::ALL.map(|f| f.name()).into()
}

fn load(args: &ModelArgs, enc: &EncodingArgs) -> Result<Loaded> {
    let rays = enc.rays.as_deref().and_then(RayEncoding::from_name);
    compile::load_file(&args.model, &args.define, rays)
}

fn run_compile(args: &CompileArgs) -> Result<()> {
    let loaded = load(&args.model, &args.encodings)?;
    let opts = CompileOptions {
        output: args.output.clone(),
        format: args.format.as_deref().and_then(Format::from_name),
        encodings: compile::encodings(&loaded.spec, args.encodings.amo(), args.encodings.card()),
        emit: EmitOptions {
            wcnf_legacy: args.wcnf_legacy,
        },
        max_clauses: args.max_clauses,
    };
    let report = compile::compile(&loaded, &opts)?;
    if args.output.as_os_str() != "-" {
        eprintln!(
            "wrote {} ({}): {} variables, {} {}",
            args.output.display(),
            report.format,
            report.variables,
            report.constraints,
            if report.format.is_clausal() {
                "clauses"
            } else {
                "constraints"
            }
        );
    }
    Ok(())
}

fn run_stats(args: &StatsArgs) -> Result<()> {
    let loaded = load(&args.model, &args.encodings)?;
    let chosen = compile::encodings(&loaded.spec, args.encodings.amo(), args.encodings.card());
    let rows = compile::stats(&loaded.model, chosen);
    let text = if args.json {
        qspec::report::stats_json(&loaded, &rows)
    } else {
        qspec::report::stats_table(&loaded, &rows)
    };
    print!("{text}");
    Ok(())
}

fn run_solve(args: &SolveArgs) -> Result<u8> {
    let loaded = load(&args.model, &args.encodings)?;
    let enc = compile::encodings(&loaded.spec, args.encodings.amo(), args.encodings.card());
    let deadline = args
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    if let Some(command) = &args.solver {
        return run_solve_external(args, &loaded, command, enc, deadline);
    }
    println!(
        "c qspec {}: {} with the embedded CaDiCaL ({})",
        env!("CARGO_PKG_VERSION"),
        loaded.spec.file,
        enc.describe()
    );
    let answer = solve_embedded(&loaded.model, &enc, deadline, &mut |v| {
        println!("o {v}");
        let _ = std::io::stdout().flush();
    })?;
    show(&loaded, args, report::show_answer(&loaded, &answer))
}

/// Prints a solve's verdict and board, draws the SVG if asked; the exit code.
fn show(loaded: &Loaded, args: &SolveArgs, shown: report::Shown) -> Result<u8> {
    print!("{}", shown.text);
    write_svg(
        loaded,
        args.svg.as_deref(),
        shown.placement.as_ref(),
        args.show_attacks,
    )?;
    Ok(shown.exit_code)
}

/// On Ctrl-C or SIGTERM: remove the half-written output, exit 130.
fn remove_partial_output_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        qspec::emit::remove_pending_files();
        eprintln!("interrupted: no output written");
        std::process::exit(130);
    });
}

fn run_solve_external(
    args: &SolveArgs,
    loaded: &Loaded,
    command: &str,
    encodings: qspec::encode::Encodings,
    deadline: Option<Instant>,
) -> Result<u8> {
    let opts = ExternalOptions {
        command: command.to_string(),
        format: args.format.as_deref().and_then(Format::from_name),
        wcnf_2022: args.wcnf_2022,
        encodings,
        max_clauses: compile::DEFAULT_MAX_CLAUSES,
        deadline,
    };
    println!(
        "c qspec {}: {} with `{command}`",
        env!("CARGO_PKG_VERSION"),
        loaded.spec.file
    );
    let external = solve_external(loaded, &opts, &mut |line| {
        println!("c {line}");
        let _ = std::io::stdout().flush();
    })?;
    let shown = report::show_answer_checked(loaded, &external.answer, &external.problems);
    show(loaded, args, shown)
}

fn run_verify(args: &VerifyArgs) -> Result<u8> {
    let rays = args.rays.as_deref().and_then(RayEncoding::from_name);
    let loaded = compile::load_file(&args.model.model, &args.model.define, rays)?;
    let request = VerifyRequest {
        answer: &args.answer,
        map: args.map.as_deref(),
        form: args.answer_format.as_deref().and_then(Form::from_name),
    };
    let verdict = verify_answer(&loaded, &request)?;
    print!("{}", verdict.text);
    write_svg(
        &loaded,
        args.svg.as_deref(),
        verdict.placement.as_ref(),
        args.show_attacks,
    )?;
    Ok(verdict.exit_code)
}

fn write_svg(
    loaded: &Loaded,
    path: Option<&std::path::Path>,
    placement: Option<&qspec::solution::Placement>,
    show_attacks: bool,
) -> Result<()> {
    let (Some(path), Some(placement)) = (path, placement) else {
        return Ok(());
    };
    let svg = render::svg(&loaded.spec, &loaded.board, placement, show_attacks);
    std::fs::write(path, svg)
        .map_err(|e| Error::failure(format!("error: cannot write {}: {e}", path.display())))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    remove_partial_output_on_interrupt();
    let result = match &cli.command {
        Command::Compile(a) => run_compile(a).map(|()| 0),
        Command::Stats(a) => run_stats(a).map(|()| 0),
        Command::Solve(a) => run_solve(a),
        Command::Verify(a) => run_verify(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
