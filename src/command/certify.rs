//! `solve --certify`: the claim a solve ends with — no solution, or no
//! value better than the optimum found — written as a CNF of its own (the
//! model's clauses as `compile` writes them, with the encodings in force,
//! and for an optimum the bound "one better" as a cardinality constraint on
//! the objective's literals), refuted by a fresh CaDiCaL that writes a DRAT
//! proof, and the proof checked by `rate`. The `c certified: ...` or
//! `c NOT certified: ...` lines say exactly what was checked: the hints'
//! clauses are part of the CNF, so a restricting hint restricts the claim
//! and an implied hint is an assumption of it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::compile::provenance;
use super::Loaded;
use crate::emit;
use crate::encode::{self, ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::model::{Constraint, HintKind, HintNote, Model, Objective, Rel, Sense};
use crate::options::Encodings;
use crate::solve::certify::{prove, Checker, INSTALL_RATE};
use crate::solve::external::TempDir;
use crate::solve::{Answer, Outcome, Status, Stop};

/// What `--certify` prints, and whether the claim was certified (`None`
/// when the answer makes no claim that needs a proof).
pub struct Certificate {
    /// `c` lines, printed before the `s` line.
    pub lines: String,
    /// Whether the claim was certified.
    pub certified: Option<bool>,
}

impl Certificate {
    fn nothing(text: &str) -> Certificate {
        Certificate {
            lines: format!("c certify: {text}\n"),
            certified: None,
        }
    }

    fn not_certified(mut lines: String, reason: &str) -> Certificate {
        let _ = writeln!(lines, "c NOT certified: {reason}");
        Certificate {
            lines,
            certified: Some(false),
        }
    }
}

/// A claim of impossibility: the model that has no solution if it holds,
/// the claim in words, and what follows from it with the board found.
struct Claim {
    model: Model,
    text: String,
    so: String,
}

/// Certifies the claim of `answer` (see the module's documentation); the
/// CNF and the proof are kept in `proof_dir` when given.
pub fn certify(
    loaded: &Loaded,
    encodings: &Encodings,
    answer: &Answer,
    proof_dir: Option<&Path>,
) -> Result<Certificate> {
    let claim = match claim_of(&loaded.model, answer) {
        Ok(claim) => claim,
        Err(certificate) => return Ok(certificate),
    };
    let Some(checker) = Checker::find() else {
        let reason = format!("no DRAT checker found ({INSTALL_RATE})");
        return Ok(Certificate::not_certified(String::new(), &reason));
    };
    let temporary;
    let dir = match proof_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::unwritable("--proof-dir: cannot make ", dir, e))?;
            dir
        }
        None => {
            temporary = TempDir::new()
                .map_err(|e| Error::failure(format!("cannot make a temporary directory: {e}")))?;
            temporary.path()
        }
    };
    let stem = Path::new(&loaded.spec.file)
        .file_stem()
        .map_or_else(|| "claim".into(), |s| s.to_string_lossy().into_owned());
    let files = Files {
        cnf: dir.join(format!("{stem}.cnf")),
        proof: dir.join(format!("{stem}.drat")),
        kept: proof_dir.is_some(),
    };
    refute(loaded, encodings, &claim, &checker, &files)
}

/// The claim of `answer`, or what to print when there is none to prove.
fn claim_of(model: &Model, answer: &Answer) -> std::result::Result<Claim, Certificate> {
    match (answer.status, &model.objective, answer.objective) {
        (Status::Unsatisfiable, _, _) => {
            let mut model = model.clone();
            model.objective = None;
            Ok(Claim {
                model,
                text: "no solution".into(),
                so: String::new(),
            })
        }
        (Status::Optimal, Some(objective), Some(best)) => better_than(model, objective, best),
        (Status::Satisfiable, _, _) => Err(Certificate::nothing(
            "a board found needs no proof: it is verified from the board geometry below",
        )),
        _ => Err(Certificate::nothing(
            "nothing to certify: no optimum or impossibility was proven",
        )),
    }
}

/// The claim that no solution is better than `best`: the model without its
/// objective, with the objective's literals counted one better.
fn better_than(
    model: &Model,
    objective: &Objective,
    best: i64,
) -> std::result::Result<Claim, Certificate> {
    let not = |reason: &str| Certificate::not_certified(String::new(), reason);
    let mut lits: Vec<_> = objective.terms.iter().map(|&(_, l)| l).collect();
    lits.sort_unstable();
    lits.dedup();
    if objective.terms.iter().any(|&(c, _)| c != 1) || lits.len() != objective.terms.len() {
        return Err(not(
            "the objective is not a count of distinct literals, which --certify needs",
        ));
    }
    let what = &objective.what;
    let (rel, k, sign) = match objective.sense {
        Sense::Maximize => (Rel::Ge, best + 1, ">="),
        Sense::Minimize if best <= 0 => {
            return Err(Certificate {
                lines: format!("c certified: {what} = {best} cannot be improved (a count is never negative; nothing to check)\n"),
                certified: Some(true),
            })
        }
        Sense::Minimize => (Rel::Le, best - 1, "<="),
    };
    let k = u32::try_from(k).map_err(|_| not("the bound is out of range"))?;
    let mut model = model.clone();
    model.objective = None;
    let origin = model.origin(&format!("certify {what} {sign} {k}"));
    model.add(
        Constraint::Card {
            lits,
            rel,
            k,
            guard: None,
        },
        origin,
    );
    Ok(Claim {
        model,
        text: format!("{what} {sign} {k} is impossible"),
        so: format!(", so {what} = {best} is optimal"),
    })
}

/// Where the claim's CNF and proof go, and whether they stay.
struct Files {
    cnf: PathBuf,
    proof: PathBuf,
    kept: bool,
}

/// Writes the claim's CNF, refutes it with a proof, checks the proof.
fn refute(
    loaded: &Loaded,
    encodings: &Encodings,
    claim: &Claim,
    checker: &Checker,
    files: &Files,
) -> Result<Certificate> {
    let mut arena = ClauseArena::new();
    let n_vars = encode::encode_model(&claim.model, encodings, &mut arena).n_vars();
    write_cnf(loaded, encodings, &claim.model, &arena, n_vars, &files.cnf)?;
    if arena.iter().any(<[i32]>::is_empty) {
        // `rate` 0.3.0 panics on a CNF with an empty clause, and such a
        // CNF has no solution on its face.
        let how = "the CNF holds the empty clause: nothing for a checker to check";
        return Ok(Certificate {
            lines: certified_line(claim, how, files, false),
            certified: Some(true),
        });
    }
    let started = Instant::now();
    let outcome = prove(&arena, n_vars, &files.proof, &Stop::new(None))?;
    let mut lines = String::new();
    let _ = writeln!(
        lines,
        "c certify: `{}` as a CNF ({n_vars} variables, {} clauses): CaDiCaL {} in {:.2} s",
        claim.text,
        arena.n_clauses(),
        match outcome {
            Outcome::Unsat => "refuted it with a DRAT proof",
            Outcome::Sat(_) => "found a solution of it",
            Outcome::Unknown => "was stopped",
        },
        started.elapsed().as_secs_f64()
    );
    match outcome {
        Outcome::Unsat => {}
        Outcome::Sat(_) => {
            let reason = "the claim's CNF has a solution, against the solve's verdict (a bug in qspec: please report it)";
            return Ok(Certificate::not_certified(lines, reason));
        }
        Outcome::Unknown => {
            return Ok(Certificate::not_certified(
                lines,
                "the proof was interrupted",
            ));
        }
    }
    let checked = checker.check(&files.cnf, &files.proof)?;
    if !checked.verified {
        let reason = format!("{} rejected the proof: {}", checker.name(), checked.detail);
        return Ok(Certificate::not_certified(lines, &reason));
    }
    let how = format!("checked by {} in {:.2} s", checker.name(), checked.seconds);
    lines.push_str(&certified_line(claim, &how, files, true));
    Ok(Certificate {
        lines,
        certified: Some(true),
    })
}

/// `c certified: <claim><hints> (<how>; <where the files are>)`; `proof`:
/// whether a proof was written.
fn certified_line(claim: &Claim, how: &str, files: &Files, proof: bool) -> String {
    let place = match (files.kept, proof) {
        (false, _) => "CNF temporary".into(),
        (true, true) => format!(
            "CNF {}, proof {}",
            files.cnf.display(),
            files.proof.display()
        ),
        (true, false) => format!("CNF {}", files.cnf.display()),
    };
    format!(
        "c certified: {}{}{} ({how}; {place})\n",
        claim.text,
        claim.so,
        hint_terms(&claim.model.hints)
    )
}

/// Writes the claim's clauses as `compile` writes a CNF.
fn write_cnf(
    loaded: &Loaded,
    encodings: &Encodings,
    model: &Model,
    arena: &ClauseArena,
    n_vars: u32,
    path: &Path,
) -> Result<()> {
    let prov = provenance(loaded, encodings, true);
    super::write_file(path, false, |out| {
        emit::write_cnf(out, model, &prov, arena, n_vars)
    })
}

/// The hints the proof takes as given: restricting ones restrict the
/// claim (`under ...`), implied ones are assumed (their clauses are in the
/// CNF; their derivation is not in the proof).
fn hint_terms(hints: &[HintNote]) -> String {
    let mut text = String::new();
    for hint in hints {
        let _ = match &hint.kind {
            HintKind::Restricting(_) | HintKind::OnePerClass(_) => {
                write!(text, ", under `{}`", hint.hint)
            }
            HintKind::Implied => write!(text, ", assuming `{}` (implied)", hint.hint),
            HintKind::ImpliedIf(condition) => {
                write!(text, ", assuming `{}` (implied if {condition})", hint.hint)
            }
        };
    }
    text
}
