//! The command layer: `compile`, `stats`, `solve`, `count`, `verify`,
//! `sweep`, `puzzles`, `snapshot`, `fmt` and `lsp`, each a request from the command line run through
//! the pipeline's stages, and what it prints. The stages never print; the
//! commands never encode.
//!
//! [`run`] is the one entry point `cli` calls. This layer is the binary's
//! own, over the library's public face (the library's `service` is what it
//! shares with the Python package).

mod compile;
mod count;
mod fmt;
mod lsp;
pub mod progress;
mod report;
mod snapshot;
mod solve;
mod stats;
pub mod sweep;
mod tally;
mod uses;
mod verify;

pub use compile::CompileRequest;
pub use count::{CountFlags, CountRequest};
pub use fmt::FmtRequest;
pub use snapshot::{SnapshotAction, SnapshotRequest};
pub use solve::SolveRequest;
pub use stats::StatsRequest;
pub use uses::file_uses;
pub use verify::VerifyRequest;

use std::io::Write;
use std::path::PathBuf;

use qspec::certify::Proving;
use qspec::error::{Error, Result};
use qspec::instance::{Checked, Instance, Limits, LoadOptions, Source};
use qspec::options::{AmoEncoding, CardEncoding, CertifyLevel, Encodings, RayEncoding};
use qspec::proof::Refutes;

/// One command, as the command line asks for it.
#[derive(Clone, Debug)]
pub enum Command {
    /// Compile a model into a solver file.
    Compile(CompileRequest),
    /// Measure every encoding choice.
    Stats(StatsRequest),
    /// Solve a model and show the board.
    Solve(SolveRequest),
    /// Count (or show) every solution of a model.
    Count(CountRequest),
    /// Check a solver's answer.
    Verify(VerifyRequest),
    /// Run a model over a family of instances (or plan, run or merge one).
    Sweep(sweep::SweepRequest),
    /// Find puzzles: boards with a unique optimum and minimal walls.
    Puzzles(sweep::PuzzlesRequest),
    /// Snapshot-test compiled instances (`qspec.toml`).
    Snapshot(SnapshotRequest),
    /// Lay model files out in the language's one layout.
    Fmt(FmtRequest),
    /// Serve an editor as a language server.
    Lsp,
}

/// Runs `command`, printing its results to `out`; the exit code on success.
/// First of all, no file it would write may be one it reads
/// ([`file_uses`]).
pub fn run(command: &Command, out: &mut dyn Write) -> Result<u8> {
    file_uses(command)?.check()?;
    match command {
        Command::Compile(req) => compile::run(req),
        Command::Stats(req) => stats::run(req, out),
        Command::Solve(req) => solve::run(req, out),
        Command::Count(req) => count::run(req, out),
        Command::Verify(req) => verify::run(req, out),
        Command::Sweep(args) => sweep::run_sweep(args, out),
        Command::Puzzles(args) => sweep::run_puzzles(args, out),
        Command::Snapshot(req) => snapshot::run(req, out),
        Command::Fmt(req) => fmt::run(req, out),
        Command::Lsp => lsp::run(),
    }
}

/// `--certify[=LEVEL]` with `--proof-dir` and `--elaborate`, as `solve`
/// and `count` take them: how a claim is proved and where its files go.
#[derive(Clone, Debug)]
pub struct CertifyRequest {
    /// From the CNF or from the model's OPB file.
    pub level: CertifyLevel,
    /// Keep the certificate's input file and proof here (`--proof-dir`).
    pub proof_dir: Option<PathBuf>,
    /// Keep also the kernel proof the checker elaborates (`--elaborate`).
    pub elaborate: bool,
}

impl CertifyRequest {
    /// The request the flags make, if `--certify` is given.
    pub fn of(
        level: Option<CertifyLevel>,
        proof_dir: Option<PathBuf>,
        elaborate: bool,
    ) -> Option<CertifyRequest> {
        level.map(|level| CertifyRequest {
            level,
            proof_dir,
            elaborate,
        })
    }

    /// Refuses what cannot be done before any work (`--elaborate` at the
    /// CNF level).
    pub fn check(&self) -> Result<()> {
        qspec::certify::refuse_elaborate_at(Some(self.level), self.elaborate)
    }

    /// How the library proves the claim, by `own` search if the engine
    /// has one.
    pub fn proving(&self, own: Option<&'static dyn Refutes>) -> Proving<'_> {
        Proving {
            level: self.level,
            proof_dir: self.proof_dir.as_deref(),
            own,
            elaborate: self.elaborate,
        }
    }
}

/// The model file and how to load it.
#[derive(Clone, Debug)]
pub struct ModelRequest {
    /// The `.qspec` file.
    pub path: PathBuf,
    /// `-D name=value` overrides.
    pub defines: Vec<(String, i64)>,
    /// `--rays`, overriding the file's.
    pub rays: Option<RayEncoding>,
    /// The size limits (`--max-clauses`, `--max-bytes`, `--max-memory`).
    pub limits: Limits,
    /// Add the implied hints measured to help (off with `--no-auto-hints`).
    pub auto_hints: bool,
}

impl ModelRequest {
    /// How the model is loaded.
    pub fn options(&self) -> LoadOptions {
        LoadOptions {
            rays: self.rays,
            limits: self.limits,
            auto_hints: self.auto_hints,
        }
    }

    /// Loads the model, and says on standard error what the file says
    /// that is probably not what was meant.
    pub fn load(&self) -> Result<Instance> {
        self.load_checked(|_| Ok(()))
    }

    /// Loads the model as [`ModelRequest::load`] does, holding the request
    /// against the checked model first (`precheck`): a contradiction the
    /// spec alone decides (a CNF file and an objective, an engine and a
    /// rule) is reported in milliseconds, before anything is built.
    pub fn load_checked(&self, precheck: impl FnOnce(&Checked) -> Result<()>) -> Result<Instance> {
        let checked = Source::read(&self.path, self.options())?.check(&self.defines)?;
        if !checked.warnings.errors.is_empty() {
            note(checked.warnings.to_string().trim_end());
        }
        precheck(&checked)?;
        checked.build()
    }
}

/// Writes a line to standard error; a closed standard error is no reason
/// to fail (or to panic, as `eprintln!` does).
pub fn note(text: &str) {
    progress::suspended(|| {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{text}");
    });
}

/// The encodings named on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct EncodingRequest {
    /// `--amo`.
    pub amo: Option<AmoEncoding>,
    /// `--card`.
    pub card: Option<CardEncoding>,
    /// `-v`: say how `auto` chooses (a comment line of its own).
    pub verbose: bool,
}

impl EncodingRequest {
    /// The encodings in force for `instance`: these, else the file's, else
    /// automatic.
    pub fn resolve(&self, instance: &Instance) -> Encodings {
        instance.encodings(self.amo, self.card)
    }
}

/// Writes `text` to `out` and flushes it.
fn print(out: &mut dyn Write, text: &str) -> Result<()> {
    progress::suspended(|| out.write_all(text.as_bytes()).and_then(|()| out.flush())).map_err(|e| {
        Error::unwritable(
            "cannot write to ",
            std::path::Path::new("standard output"),
            e,
        )
    })
}
