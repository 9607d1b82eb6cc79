//! The independent proof checkers ([`Checker`]) that check a proof against
//! its input file ([`Checker::check`]): `rate` a DRAT proof against a CNF,
//! `veripb` a VeriPB proof against an OPB file (the proof
//! [`super::veripb`] writes).
//! What the input says (a model's rules, a bound on its objective) is the
//! caller's business.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::error::{Error, Result};
use crate::files::TempDir;
use crate::solve::external::run_child;

/// The DRAT checker: its program, and how to install it.
pub const RATE: CheckerKind = CheckerKind {
    program: "rate",
    install: "cargo install --locked rate",
    verdict: "s VERIFIED",
};

/// The VeriPB checker (the Rust rewrite, version 3).
pub const VERIPB: CheckerKind = CheckerKind {
    program: "veripb",
    install: "cargo install --locked veripb",
    verdict: "s VERIFIED UNSATISFIABLE",
};

/// A proof checker qspec knows: the program's name, how to install it,
/// and the line it prints when it accepts a refutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckerKind {
    /// The program's name.
    pub program: &'static str,
    /// The command that installs it.
    pub install: &'static str,
    /// Its verdict line for an accepted refutation.
    pub verdict: &'static str,
}

/// An installed checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checker {
    /// The program.
    pub program: PathBuf,
    /// Which checker it is.
    pub kind: CheckerKind,
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
    /// The checker `kind` on the PATH, else in `$CARGO_HOME/bin` or
    /// `~/.cargo/bin` (where `cargo install` puts it).
    pub fn find(kind: CheckerKind) -> Option<Checker> {
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
            .map(|dir| dir.join(kind.program))
            .find(|p| p.is_file())
            .map(|program| Checker { program, kind })
    }

    /// The checker's name, for reports.
    pub fn name(&self) -> &str {
        self.program
            .file_name()
            .and_then(OsStr::to_str)
            .unwrap_or(self.kind.program)
    }

    /// Checks that `proof` refutes `input` (for `rate` a CNF and a DRAT
    /// proof, text or binary; for `veripb` an OPB file and a VeriPB proof),
    /// `veripb` writing the kernel proof it elaborates to `kernel` when
    /// given.
    pub fn check(&self, input: &Path, proof: &Path, kernel: Option<&Path>) -> Result<Checked> {
        let dir = TempDir::new().map_err(Error::no_temporary)?;
        let (out, err) = (dir.path().join("check.out"), dir.path().join("check.err"));
        let mut argv = vec![self.program.as_os_str()];
        if let Some(kernel) = kernel {
            argv.extend([std::ffi::OsStr::new("--elaborate"), kernel.as_os_str()]);
        }
        argv.extend([input.as_os_str(), proof.as_os_str()]);
        let argv: Vec<String> = argv
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let started = Instant::now();
        let run = run_child(&argv, &out, &err, None, false)?;
        let seconds = started.elapsed().as_secs_f64();
        let said = std::fs::read_to_string(&out).unwrap_or_default();
        let succeeded = run.status.is_some_and(|s| s.success()) && !run.timed_out;
        let verified = succeeded && said.lines().any(|l| l.trim() == self.kind.verdict);
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
/// its complaints (a panic's message is on the line after its place; an
/// error's cause on the line after `Caused by:`).
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
    let cause = stderr
        .lines()
        .map(str::trim)
        .skip_while(|l| *l != "Caused by:")
        .find(|l| !l.is_empty() && *l != "Caused by:");
    let code = code.map_or_else(|| "it was killed".into(), |c| format!("exit code {c}"));
    match (first, cause) {
        (Some(words), Some(cause)) => format!("{code}: {words}: {cause}"),
        (Some(words), None) => format!("{code}: {words}"),
        _ => format!("{code}, and it said nothing"),
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
        let veripb = "Error: Verification error at p.pbp:3\n\nCaused by:\n\tNot implied by RUP.\n\nStack backtrace:\n";
        assert_eq!(
            last_words("c x\n", veripb, Some(1), false),
            "exit code 1: Error: Verification error at p.pbp:3: Not implied by RUP."
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
