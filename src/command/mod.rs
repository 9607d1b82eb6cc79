//! The command layer: `compile`, `stats`, `solve` and `verify`, each a
//! request from the command line run through the pipeline's stages, and
//! what it prints. The stages never print; the commands never encode.
//!
//! [`run`] is the one entry point `main.rs` calls.

mod compile;
mod load;
mod report;
mod solve;
mod start;
mod stats;
mod verify;

pub use compile::{
    compile, output_format, refuse_if_too_large, CompileOptions, CompileReport, CompileRequest,
    DEFAULT_MAX_CLAUSES,
};
pub use load::{encodings, load_file, load_source, Loaded};
pub use report::{show_answer, Shown};
pub use solve::SolveRequest;
pub use stats::{
    constraints_by_origin, stats, stats_json, stats_table, EncodingStats, StatsRequest,
};
pub use verify::{verify_answer, Verdict, VerifyRequest};

use std::io::Write;
use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::options::{AmoEncoding, CardEncoding, Encodings, RayEncoding};
use crate::spec::Spec;

/// One command, as the command line asks for it.
#[derive(Clone, Debug)]
pub enum Command {
    /// Compile a model into a solver file.
    Compile(CompileRequest),
    /// Measure every encoding choice.
    Stats(StatsRequest),
    /// Solve a model and show the board.
    Solve(SolveRequest),
    /// Check a solver's answer.
    Verify(VerifyRequest),
}

/// Runs `command`, printing its results to `out`; the exit code on success.
pub fn run(command: &Command, out: &mut dyn Write) -> Result<u8> {
    match command {
        Command::Compile(req) => compile::run(req),
        Command::Stats(req) => stats::run(req, out),
        Command::Solve(req) => solve::run(req, out),
        Command::Verify(req) => verify::run(req, out),
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
}

impl ModelRequest {
    /// Loads the model.
    pub fn load(&self) -> Result<Loaded> {
        load_file(&self.path, &self.defines, self.rays)
    }
}

/// The encodings named on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct EncodingRequest {
    /// `--amo`.
    pub amo: Option<AmoEncoding>,
    /// `--card`.
    pub card: Option<CardEncoding>,
}

impl EncodingRequest {
    /// The encodings in force for `spec`: these, else the file's, else
    /// automatic.
    pub fn resolve(&self, spec: &Spec) -> Encodings {
        encodings(spec, self.amo, self.card)
    }
}

/// Writes `text` to `out` and flushes it.
fn print(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::failure(format!("cannot write to standard output: {e}")))
}
