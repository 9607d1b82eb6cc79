//! The size guard every command passes before it builds, encodes or
//! writes anything large: the model's memory estimated from the spec alone
//! (cells × line families × rule, [`crate::lower::estimate`]), then, for
//! what the command makes of the model, the encodings' clause estimate
//! ([`crate::encode::estimate_cnf`]), the file's bytes
//! ([`crate::emit::estimate_bytes`]) and the memory it takes. A refusal
//! says the estimate, the limit that applies and the flag that raises it,
//! and suggests only what would really make the model smaller.
//!
//! ```
//! use qspec::instance::{load_source, LoadOptions, Limits};
//! let tight = LoadOptions { limits: Limits { max_memory: 1_000_000, ..Limits::default() }, ..LoadOptions::default() };
//! let refused = load_source("q.qspec", "board 300 x 300\nrule no_attack\n", &[], &tight).unwrap_err();
//! assert!(refused.to_string().contains("--max-memory"));
//! ```

use crate::diag::{bytes, thousands};
use crate::emit::estimate_bytes;
use crate::encode::{estimate_cnf, CnfSize};
use crate::error::{Error, Result};
use crate::language::Spec;
use crate::lower::{self, ModelEstimate};
use crate::model::Model;
use crate::options::{AmoEncoding, CardEncoding, Encodings, Format, Setting};

/// The default for `--max-clauses`.
pub const DEFAULT_MAX_CLAUSES: u64 = 200_000_000;
/// The default for `--max-bytes`: 1 GB.
pub const DEFAULT_MAX_BYTES: u64 = 1_000_000_000;
/// The default for `--max-memory`: 4 GB.
pub const DEFAULT_MAX_MEMORY: u64 = 4_000_000_000;

/// Bytes of memory per clause and per literal of the embedded solver.
const SOLVER_CLAUSE_BYTES: u64 = 48;
const SOLVER_LITERAL_BYTES: u64 = 12;

/// The limits a command keeps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `--max-clauses`: the most clauses of an encoded model.
    pub max_clauses: u64,
    /// `--max-bytes`: the largest file written.
    pub max_bytes: u64,
    /// `--max-memory`: the most memory the model and its encoding take.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_clauses: DEFAULT_MAX_CLAUSES,
            max_bytes: DEFAULT_MAX_BYTES,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// What a command makes of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A file.
    File {
        /// Its format.
        format: Format,
        /// Whether it is gzip-compressed (`.gz`).
        gzip: bool,
    },
    /// The embedded solver's clauses.
    Embedded,
}

/// Refuses a spec whose model would not fit in `--max-memory`, from the
/// spec alone, before anything is built.
pub fn check_model(spec: &Spec, limits: &Limits) -> Result<ModelEstimate> {
    let e = lower::estimate(spec);
    if e.bytes > limits.max_memory {
        return Err(Error::too_large(
            format!(
                "building this model would take about {} of memory ({}: about {} variables, {} constraints, {} literals), over the limit of {} ({})",
                bytes(e.bytes),
                e.shape(),
                thousands(e.variables),
                thousands(e.constraints),
                thousands(e.literals),
                bytes(limits.max_memory),
                Setting::MaxMemory.mark()
            ),
            format!(
                "use smaller parameters, or raise {} (e.g. {}) on a machine that has the memory",
                Setting::MaxMemory.mark(),
                Setting::MaxMemory.set_to(&enough_memory(e.bytes))
            ),
        ));
    }
    Ok(e)
}

/// A `--max-memory` that holds `bytes`: 16G, or the gigabytes it takes
/// rounded up when that is more.
fn enough_memory(bytes: u64) -> String {
    format!("{}G", bytes.div_ceil(1_000_000_000).max(16))
}

/// Refuses what `target` would make of `model` with `enc` when it breaks
/// a limit; `model_bytes` is the model's own memory estimate.
pub fn check_output(
    model: &Model,
    enc: &Encodings,
    target: Destination,
    model_bytes: u64,
    limits: &Limits,
) -> Result<()> {
    let clausal = match target {
        Destination::File { format, .. } => format.is_clausal(),
        Destination::Embedded => true,
    };
    let cnf = clausal.then(|| estimate_cnf(model, enc));
    if let Some(size) = cnf {
        if size.clauses > limits.max_clauses {
            return Err(refusal(
                format!(
                    "the encoded model would have about {} clauses (estimated before encoding), over the limit of {} ({})",
                    thousands(size.clauses),
                    thousands(limits.max_clauses),
                    Setting::MaxClauses.mark()
                ),
                model,
                enc,
                target,
                Setting::MaxClauses,
                |s| s.clauses <= limits.max_clauses,
            ));
        }
        let memory = model_bytes.saturating_add(cnf_memory(size, target));
        if memory > limits.max_memory {
            return Err(refusal(
                format!(
                    "encoding the model would take about {} of memory ({} clauses, {} literals), over the limit of {} ({})",
                    bytes(memory),
                    thousands(size.clauses),
                    thousands(size.literals),
                    bytes(limits.max_memory),
                    Setting::MaxMemory.mark()
                ),
                model,
                enc,
                target,
                Setting::MaxMemory,
                |s| model_bytes.saturating_add(cnf_memory(s, target)) <= limits.max_memory,
            ));
        }
    }
    if let Destination::File { format, gzip } = target {
        let on_disk = |cnf| {
            let size = estimate_bytes(model, format, cnf);
            if gzip {
                size / least_gzip_ratio(format)
            } else {
                size
            }
        };
        let size = on_disk(cnf);
        if size > limits.max_bytes {
            let gzipped = if gzip {
                format!(
                    " gzipped (about {} before compression, which shrinks this format at least {}-fold)",
                    bytes(estimate_bytes(model, format, cnf)),
                    least_gzip_ratio(format)
                )
            } else {
                String::new()
            };
            return Err(refusal(
                format!(
                    "the {} file would take about {}{gzipped}, over the limit of {} ({})",
                    format.name().to_ascii_uppercase(),
                    bytes(size),
                    bytes(limits.max_bytes),
                    Setting::MaxBytes.mark()
                ),
                model,
                enc,
                target,
                Setting::MaxBytes,
                |s| on_disk(Some(s)) <= limits.max_bytes,
            ));
        }
    }
    Ok(())
}

/// Memory the clauses take: the arena a file is written from, or the
/// embedded solver's own.
fn cnf_memory(size: CnfSize, target: Destination) -> u64 {
    match target {
        Destination::File { .. } => (size.literals + size.clauses).saturating_mul(4),
        Destination::Embedded => size
            .clauses
            .saturating_mul(SOLVER_CLAUSE_BYTES)
            .saturating_add(size.literals.saturating_mul(SOLVER_LITERAL_BYTES)),
    }
}

/// The refusal `message`, with help that names only what would fit:
/// the compact encodings (when they change the estimate enough), a linear
/// format (for a clausal target), smaller parameters, the flag.
fn refusal(
    message: String,
    model: &Model,
    enc: &Encodings,
    target: Destination,
    flag: Setting,
    fits: impl Fn(CnfSize) -> bool,
) -> Error {
    let mut ways = vec!["use smaller parameters".to_string()];
    let compact = Encodings {
        amo: Some(AmoEncoding::Ladder),
        card: Some(CardEncoding::CardNet),
    };
    let clausal = !matches!(target, Destination::File { format, .. } if !format.is_clausal());
    if clausal && *enc != compact {
        let smaller = estimate_cnf(model, &compact);
        let now = estimate_cnf(model, enc);
        if smaller.clauses.saturating_mul(5) < now.clauses.saturating_mul(4) {
            let verdict = if fits(smaller) {
                ""
            } else {
                ", still too many"
            };
            ways.push(format!(
                "a more compact encoding ({} {}: about {} clauses{verdict})",
                Setting::Amo.set_to("ladder"),
                Setting::Card.set_to("cardnet"),
                thousands(smaller.clauses)
            ));
        }
    }
    if matches!(target, Destination::File { format, .. } if format.is_clausal()) {
        let lp = estimate_bytes(model, Format::Lp, None);
        ways.push(format!(
            "a linear format (-o model.lp: about {})",
            bytes(lp)
        ));
    }
    ways.push(format!("raise {}", flag.mark()));
    Error::too_large(message, ways.join(", or "))
}

/// How many times smaller gzip (level 1, as qspec writes) makes a file of
/// `format` at the least: the least ratio measured on qspec's models (CNF,
/// WCNF and OPB 2.8 to 3.6, LP 3.9 to 5.1, MPS 6.7 to 7.9), rounded down:
/// the compressed size is estimated on the large side, as the file's own
/// size is.
fn least_gzip_ratio(format: Format) -> u64 {
    match format {
        Format::Mps => 6,
        Format::Lp => 3,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_for_people() {
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(bytes(2_500_000_000), "2.5 GB");
        assert_eq!(bytes(917_389_600_000_000), "917,390 GB");
        assert_eq!(bytes(320_000_000), "320 MB");
    }
}
