//! Checked proofs of "no solution" at the CNF level: a fresh CaDiCaL
//! solves a CNF in one call while writing a DRAT proof ([`prove`]), and an
//! independent DRAT checker, `rate` ([`Checker`]), checks the proof
//! against the CNF file ([`Checker::check`]). What the CNF says (a model's
//! rules, a bound on its objective) is the caller's business.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rustsat_cadical::{CaDiCaL, ProofFormat};

use super::embedded::Embedded;
use super::external::{run_child, TempDir};
use super::oracle::{Outcome, Stop};
use crate::encode::ClauseArena;
use crate::error::{Error, Result};

/// The name of the checker's program, and how to install it.
pub const RATE: &str = "rate";

/// What to tell a user who has no checker.
pub const INSTALL_RATE: &str = "cargo install --locked rate";

/// Solves `clauses` (variables up to `n_vars`) with a fresh CaDiCaL in one
/// non-incremental call, writing its DRAT proof (binary) to `proof`; the
/// proof file is complete when this returns.
pub fn prove(clauses: &ClauseArena, n_vars: u32, proof: &Path, stop: &Stop) -> Result<Outcome> {
    let mut solver = CaDiCaL::default();
    solver
        .trace_proof(proof, ProofFormat::Drat { binary: true })
        .map_err(|e| Error::failure(format!("cannot trace a proof to {}: {e}", proof.display())))?;
    let mut embedded = Embedded::with(solver);
    embedded.set_stop(stop);
    embedded.reserve_vars(n_vars);
    embedded.add_arena(clauses);
    let outcome = embedded.solve(&[]);
    // Dropping the solver closes the proof file.
    drop(embedded);
    if !proof.is_file() {
        return Err(Error::failure(format!(
            "CaDiCaL wrote no proof to {}",
            proof.display()
        )));
    }
    outcome
}

/// An installed DRAT checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checker {
    /// The program.
    pub program: PathBuf,
}

/// What the checker said about a proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Whether it accepted the proof (`s VERIFIED` and a successful exit).
    pub verified: bool,
    /// How long it took, in seconds.
    pub seconds: f64,
    /// Its last words when it did not accept (empty when it did).
    pub detail: String,
}

impl Checker {
    /// `rate` on the PATH, else in `$CARGO_HOME/bin` or `~/.cargo/bin`
    /// (where `cargo install` puts it).
    pub fn find() -> Option<Checker> {
        let on_path = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .unwrap_or_default();
        let cargo_bins = [
            std::env::var_os("CARGO_HOME").map(PathBuf::from),
            std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")),
        ];
        on_path
            .into_iter()
            .chain(cargo_bins.into_iter().flatten().map(|c| c.join("bin")))
            .map(|dir| dir.join(RATE))
            .find(|p| p.is_file())
            .map(|program| Checker { program })
    }

    /// The checker's name, for reports.
    pub fn name(&self) -> &str {
        self.program
            .file_name()
            .and_then(OsStr::to_str)
            .unwrap_or(RATE)
    }

    /// Checks that `proof` (DRAT, text or binary) refutes the CNF `cnf`.
    pub fn check(&self, cnf: &Path, proof: &Path) -> Result<Checked> {
        let dir = TempDir::new()
            .map_err(|e| Error::failure(format!("cannot make a temporary directory: {e}")))?;
        let (out, err) = (dir.path().join("check.out"), dir.path().join("check.err"));
        let argv = [self.program.as_os_str(), cnf.as_os_str(), proof.as_os_str()]
            .map(|a| a.to_string_lossy().into_owned());
        let started = Instant::now();
        let run = run_child(&argv, &out, &err, None, false)?;
        let seconds = started.elapsed().as_secs_f64();
        let said = std::fs::read_to_string(&out).unwrap_or_default();
        let succeeded = run.status.is_some_and(|s| s.success()) && !run.timed_out;
        let verified = succeeded && said.lines().any(|l| l.trim() == "s VERIFIED");
        let detail = if verified {
            String::new()
        } else {
            let complaint = std::fs::read_to_string(&err).unwrap_or_default();
            let code = run.status.and_then(|s| s.code());
            last_words(&said, &complaint, code, run.timed_out)
        };
        Ok(Checked {
            verified,
            seconds,
            detail,
        })
    }
}

/// The checker's verdict line, else its exit code and the first words of
/// its complaints (a panic's message is on the line after its place).
fn last_words(stdout: &str, stderr: &str, code: Option<i32>, stopped: bool) -> String {
    if stopped {
        return "the check was interrupted".into();
    }
    if let Some(verdict) = stdout.lines().rev().find(|l| l.starts_with("s ")) {
        return verdict.trim().to_string();
    }
    let mut complaint = stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = complaint.next().map(|line| match line.ends_with(':') {
        true => format!("{line} {}", complaint.next().unwrap_or_default()),
        false => line.to_string(),
    });
    let code = code.map_or_else(|| "it was killed".into(), |c| format!("exit code {c}"));
    match first {
        Some(words) => format!("{code}: {words}"),
        None => format!("{code}, and it said nothing"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_words_name_the_verdict_or_the_failure() {
        assert_eq!(
            last_words("c x\ns NOT VERIFIED\n", "bad lemma\n", Some(1), false),
            "s NOT VERIFIED"
        );
        let panic = "\nthread 'main' panicked at rate.rs:1:\nassertion failed\nnote\n";
        assert_eq!(
            last_words("c x\n", panic, Some(101), false),
            "exit code 101: thread 'main' panicked at rate.rs:1: assertion failed"
        );
        assert_eq!(
            last_words("", "", None, false),
            "it was killed, and it said nothing"
        );
        assert_eq!(
            last_words("s VERIFIED", "", Some(0), true),
            "the check was interrupted"
        );
    }
}
