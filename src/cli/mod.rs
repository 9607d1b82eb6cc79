//! The `qspec` command line: every clap type (the arguments of each
//! command, [`args`] and [`sweep`], dressed from the flags' definitions by
//! [`flags`]; the parsing of their values, [`values`]; the long help
//! texts, [`help`]). Each subcommand's arguments
//! become a [`Command`] request; [`command::run`] does the work; an error
//! is printed here, once.

mod args;
mod flags;
mod help;
mod snapshot;
mod sweep;
mod values;

use std::process::ExitCode;

use crate::command::progress::Show;
use crate::command::{
    self, CertifyRequest, Command, CompileRequest, CountRequest, FmtRequest, SolveRequest,
    StatsRequest, VerifyRequest,
};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use args::{CompileArgs, CountArgs, FmtArgs, SolveArgs, StatsArgs, VerifyArgs};
use help::{
    compile_help, count_help, solve_help, ABOUT, FMT_HELP, LONG_ABOUT, LSP_HELP, STATS_HELP,
    VERIFY_HELP,
};
use snapshot::{SnapshotArgs, SNAPSHOT_HELP};
use sweep::{PuzzlesArgs, SweepArgs, PUZZLES_HELP, SWEEP_HELP};

#[derive(Parser)]
#[command(name = "qspec", version, about = ABOUT, long_about = LONG_ABOUT)]
pub struct Cli {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Subcommand)]
enum Sub {
    /// Compile a model into a solver file (format from -o's extension or --format)
    #[command(long_about = compile_help())]
    Compile(CompileArgs),
    /// Show the variables and clauses every encoding choice would produce, writing nothing
    #[command(long_about = STATS_HELP)]
    Stats(StatsArgs),
    /// Compile and solve (embedded Kissat or CaDiCaL, or --solver CMD); print, verify and draw the board
    #[command(long_about = solve_help())]
    Solve(SolveArgs),
    /// Count every solution (or every class up to symmetry), each verified; `solve --all` shows them
    #[command(long_about = count_help())]
    Count(CountArgs),
    /// Check a solver's answer against the model; print and draw its board
    #[command(long_about = VERIFY_HELP)]
    Verify(VerifyArgs),
    /// Run a model over parameter ranges and wall placements (one JSON line each); plan, run, merge
    #[command(long_about = SWEEP_HELP)]
    Sweep(SweepArgs),
    /// Find puzzles: wall placements with a unique optimum and minimal walls, or region pictures with one solution
    #[command(long_about = PUZZLES_HELP)]
    Puzzles(PuzzlesArgs),
    /// Snapshot-test the encodings of your models (qspec.toml): init, update, check, review
    #[command(long_about = SNAPSHOT_HELP)]
    Snapshot(SnapshotArgs),
    /// Lay model files out in the language's one layout (--check: change nothing, show the diff)
    #[command(long_about = FMT_HELP)]
    Fmt(FmtArgs),
    /// Serve an editor: diagnostics as you type, hover, completion, formatting (the Language Server Protocol on standard input and output)
    #[command(long_about = LSP_HELP)]
    Lsp,
}

impl Sub {
    /// What to draw as progress on standard error.
    fn progress(&self) -> Show {
        match self {
            Sub::Solve(a) => a.run.progress.show(),
            Sub::Count(a) => a.run.progress.show(),
            Sub::Sweep(a) => a.progress(),
            Sub::Puzzles(a) => a.run.progress.show(),
            Sub::Stats(a) => a.progress.show(),
            _ => Show::Never,
        }
    }

    /// The request this subcommand's arguments make.
    fn request(self) -> Command {
        match self {
            Sub::Compile(a) => Command::Compile(CompileRequest {
                model: a.model.request(a.encodings.rays),
                output: a.output,
                format: a.format,
                encodings: a.encodings.request(),
                wcnf_legacy: a.wcnf_legacy,
                force: a.force,
                mps_negate: a.mps_negate,
                start: a.start,
                lp_dialect: a.lp_dialect.unwrap_or_default(),
            }),
            Sub::Stats(a) => Command::Stats(StatsRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                json: a.json,
            }),
            Sub::Solve(a) if a.all => Command::Count(CountRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                tuning: a.tuning(),
                timeout: a.run.timeout,
                flags: a.enumerate.flags(),
                all: true,
                counter: None,
                certify: None,
            }),
            Sub::Count(a) => Command::Count(CountRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                tuning: a.tuning(),
                timeout: a.run.timeout,
                flags: a.enumerate.flags(),
                all: false,
                counter: a.counter,
                certify: CertifyRequest::of(a.certify, a.proof_dir, a.elaborate),
            }),
            Sub::Solve(a) => Command::Solve(SolveRequest {
                tuning: a.tuning(),
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                timeout: a.run.timeout,
                svg: a.svg,
                show_attacks: a.show_attacks,
                solver: a.solver,
                format: a.format,
                wcnf_legacy: a.wcnf_legacy,
                split: a.split.map(|k| k as usize),
                start: a.start,
                certify: CertifyRequest::of(a.certify, a.proof_dir, a.elaborate),
                json: a.enumerate.jsonl,
            }),
            Sub::Verify(a) => Command::Verify(VerifyRequest {
                model: a.model.request(a.rays),
                answer: a.answer,
                map: a.map,
                form: a.answer_format,
                svg: a.svg,
                show_attacks: a.show_attacks,
                proof: a.proof,
            }),
            Sub::Sweep(a) => Command::Sweep(a.request()),
            Sub::Puzzles(a) => Command::Puzzles(a.request()),
            Sub::Snapshot(a) => Command::Snapshot(a.request()),
            Sub::Lsp => Command::Lsp,
            Sub::Fmt(a) => Command::Fmt(FmtRequest {
                files: a.files,
                check: a.check,
            }),
        }
    }
}

/// The command line parsed by the arguments dressed from their flags
/// (clap's own error and exit on a mistake).
fn parsed() -> Cli {
    let matches = flags::dressed(Cli::command()).get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// Parses the command line, runs the command, prints an error once; the
/// process's exit code.
pub fn main() -> ExitCode {
    let cli = parsed();
    if let Sub::Solve(a) = &cli.command {
        if let (false, Some(flag)) = (a.all, a.enumerate.first_given()) {
            let mut cli = flags::dressed(Cli::command());
            cli.build();
            cli.find_subcommand_mut("solve")
                .expect("solve is a subcommand")
                .clone()
                .error(
                    clap::error::ErrorKind::MissingRequiredArgument,
                    format!("{flag} needs --all (or use `qspec count`)"),
                )
                .exit();
        }
    }
    command::progress::set(cli.command.progress());
    let request = cli.command.request();
    qspec::interrupt::install();
    match command::run(&request, &mut std::io::stdout()) {
        Ok(code) => ExitCode::from(code),
        // The reader went away (`qspec solve ... | head -1`): stop quietly,
        // as Unix tools do.
        Err(e) if e.is_broken_pipe() => ExitCode::from(141),
        Err(e) => {
            command::note(&e.report());
            ExitCode::from(e.exit_code())
        }
    }
}
