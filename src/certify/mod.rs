//! `solve --certify`: the claim a solve ends with — no solution, or no
//! value better than the optimum found — and `count --certify`: the claim
//! that no solution was missed ([`certify_count`]), each as a model of its
//! own (for an optimum, the model with the bound "one better" as a
//! cardinality constraint on the objective's literals; for a count, the
//! model with a clause excluding each solution listed), refuted from
//! scratch with a proof that an independent checker checks. Two levels:
//!
//! * [`CertifyLevel::Cnf`] ([`cnf`]): the claim's CNF, as `compile` writes
//!   it with the encodings in force, a DRAT proof, `rate`;
//! * [`CertifyLevel::Model`] ([`model`]): the claim's OPB file, the plain
//!   linear form of the rules, a VeriPB proof that derives certified
//!   encodings from it and then refutes them, `veripb`.
//!
//! A claim of an engine with a proof search of its own (the clique
//! search, the armies search, the row search: [`crate::proof::Refutes`]) is proved at the
//! model level by that search, which writes the proof as it goes, when the
//! claim's file is one it takes; otherwise as above.
//!
//! The `c certified: ...` or `c NOT certified: ...` lines say exactly what
//! was checked: the hints are part of the file, so a restricting hint
//! restricts the claim and an implied hint is an assumption of it.
//!
//! ```
//! use qspec::certify::{Checker, RATE};
//! // The DRAT checker, if installed (`cargo install --locked rate`).
//! if let Some(rate) = Checker::find(RATE) {
//!     assert_eq!(rate.name(), "rate");
//! }
//! ```

mod checker;
mod cnf;
mod model;
pub mod veripb;

pub use checker::{Checker, CheckerKind, RATE, VERIPB};

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::files::TempDir;
use crate::instance::Instance;
use crate::model::{Constraint, HintKind, HintNote, Model, Objective, Rel, Sense};
use crate::options::{CertifyLevel, Encodings};
use crate::proof::Refutes;
use crate::solve::{Answer, Outcome, Status};

/// What `--certify` prints, and whether the claim was certified (`None`
/// when the answer makes no claim that needs a proof).
pub struct Certificate {
    /// `c` lines, printed before the `s` line.
    pub lines: String,
    /// Whether the claim was certified.
    pub certified: Option<bool>,
}

impl Certificate {
    /// No claim to prove: `c certify: <text>`.
    pub fn nothing(text: &str) -> Certificate {
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

/// How a claim is to be proved: at which level, where its files are kept,
/// and by whose proof search.
#[derive(Clone, Copy)]
pub struct Proving<'a> {
    /// The level of the proof.
    pub level: CertifyLevel,
    /// Where the input file and the proof are kept (`None`: a temporary
    /// folder).
    pub proof_dir: Option<&'a Path>,
    /// The proof search of the engine that made the claim (or listed the
    /// solutions), if it has one: tried first at the model level.
    pub own: Option<&'static dyn Refutes>,
    /// Keep also the kernel proof `veripb` elaborates as it checks (the
    /// model level, with `proof_dir`).
    pub elaborate: bool,
}

impl Proving<'_> {
    /// At `level`, the files not kept, by CaDiCaL's proof.
    pub fn at(level: CertifyLevel) -> Proving<'static> {
        Proving {
            level,
            proof_dir: None,
            own: None,
            elaborate: false,
        }
    }
}

/// Certifies the claim of `answer` as `proving` says (see the module's
/// documentation).
pub fn certify(
    loaded: &Instance,
    encodings: &Encodings,
    answer: &Answer,
    proving: &Proving,
) -> Result<Certificate> {
    let claim = match claim_of(&loaded.model, answer) {
        Ok(claim) => claim,
        Err(certificate) => return Ok(certificate),
    };
    prove_claim(loaded, encodings, &claim, proving)
}

/// Certifies that a count is complete: `model` — the model the solutions
/// were listed from, with a clause excluding each of the `excluded`
/// solutions (the claim `count::complete` builds) — has no solution, so
/// none was missed. At an optimum, `bound` is the bound that took the
/// objective's place and the optimum (`count >= 24`, `count = 24`): the
/// claim then also says that nothing is better. As `proving` says.
pub fn certify_count(
    loaded: &Instance,
    encodings: &Encodings,
    model: Model,
    excluded: u64,
    bound: Option<(&str, &str)>,
    proving: &Proving,
) -> Result<Certificate> {
    let listed = crate::diag::plural(excluded, "solution", "solutions");
    let (text, so) = match bound {
        None => (
            format!("no solution besides the {listed} listed"),
            ", so the count is complete".to_string(),
        ),
        Some((bound, optimum)) => (
            format!("no solution with {bound} besides the {listed} listed"),
            format!(", so {optimum} is optimal and the count is complete"),
        ),
    };
    let claim = Claim { model, text, so };
    prove_claim(loaded, encodings, &claim, proving)
}

/// Refutes `claim` at `level` and checks the proof (see [`certify`]).
fn prove_claim(
    loaded: &Instance,
    encodings: &Encodings,
    claim: &Claim,
    proving: &Proving,
) -> Result<Certificate> {
    let Proving {
        level,
        proof_dir,
        own,
        elaborate,
    } = *proving;
    let (kind, what) = match level {
        CertifyLevel::Cnf => (RATE, "DRAT"),
        CertifyLevel::Model => (VERIPB, "VeriPB"),
    };
    let Some(checker) = Checker::find(kind) else {
        let reason = format!("no {what} checker found ({})", kind.install);
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
            temporary = TempDir::new().map_err(Error::no_temporary)?;
            temporary.path()
        }
    };
    let [input, proof] = certificate_files(Path::new(&loaded.spec.file), level, dir);
    let kernel = match (elaborate, level, proof_dir) {
        (true, CertifyLevel::Model, Some(dir)) => {
            Some(kernel_file(Path::new(&loaded.spec.file), dir))
        }
        _ => None,
    };
    let files = Files {
        input,
        proof,
        kernel,
        kept: proof_dir.is_some(),
    };
    match level {
        CertifyLevel::Cnf => cnf::refute(loaded, encodings, claim, &checker, &files),
        CertifyLevel::Model => model::refute(loaded, claim, &checker, &files, own),
    }
}

/// `--elaborate` at the CNF level: refused before any work (the kernel
/// proof is VeriPB's, of the model level).
pub fn refuse_elaborate_at(level: Option<CertifyLevel>, elaborate: bool) -> Result<()> {
    match (level, elaborate) {
        (Some(CertifyLevel::Cnf), true) => Err(Error::usage_with_help(
            "--elaborate keeps the kernel proof VeriPB elaborates, and --certify=cnf checks a DRAT proof with rate",
            "use --certify=model with --elaborate",
        )),
        _ => Ok(()),
    }
}

/// The kernel proof `--elaborate` keeps for the model file `model`, in
/// `dir`: `DIR/<model's stem>.kernel.pbp`.
pub fn kernel_file(model: &Path, dir: &Path) -> PathBuf {
    dir.join(format!("{}.kernel.pbp", stem(model)))
}

/// The name the certificate's files take from the model file's.
fn stem(model: &Path) -> String {
    model
        .file_stem()
        .map_or_else(|| "claim".into(), |s| s.to_string_lossy().into_owned())
}

/// The certificate's input file and proof for the model file `model` at
/// `level`, in `dir`: `DIR/<model's stem>.cnf` and `.drat`, or `.opb` and
/// `.pbp`.
pub fn certificate_files(model: &Path, level: CertifyLevel, dir: &Path) -> [PathBuf; 2] {
    let stem = stem(model);
    let extensions = match level {
        CertifyLevel::Cnf => ["cnf", "drat"],
        CertifyLevel::Model => ["opb", "pbp"],
    };
    extensions.map(|ext| dir.join(format!("{stem}.{ext}")))
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

/// Where the claim's input file (CNF or OPB) and proof go, and whether
/// they stay.
struct Files {
    input: PathBuf,
    proof: PathBuf,
    /// Where the checker writes the kernel proof it elaborates, if asked.
    kernel: Option<PathBuf>,
    kept: bool,
}

/// `c certified: <claim><hints> (<how>; <where the files are>)`; `what`:
/// the input's name (`CNF`, `OPB`); `proof`: whether a proof was written.
fn certified_line(claim: &Claim, how: &str, files: &Files, what: &str, proof: bool) -> String {
    let place = match (files.kept, proof) {
        (false, _) => format!("{what} temporary"),
        (true, true) => {
            let kernel = files
                .kernel
                .as_ref()
                .map_or_else(String::new, |k| format!(", kernel proof {}", k.display()));
            format!(
                "{what} {}, proof {}{kernel}",
                files.input.display(),
                files.proof.display()
            )
        }
        (true, false) => format!("{what} {}", files.input.display()),
    };
    format!(
        "c certified: {}{}{} ({how}; {place})\n",
        claim.text,
        claim.so,
        hint_terms(&claim.model.hints)
    )
}

/// The certificate when the fresh solve did not refute the claim's file
/// (`what`: `CNF`, `OPB`): a solution is a bug, a stop an interruption.
fn unrefuted(outcome: &Outcome, lines: &str, what: &str) -> Option<Certificate> {
    let reason = match outcome {
        Outcome::Unsat => return None,
        Outcome::Sat(_) => format!("the claim's {what} has a solution, against the verdict it certifies (a bug in qspec: please report it)"),
        Outcome::Unknown => "the proof was interrupted".into(),
    };
    Some(Certificate::not_certified(lines.to_string(), &reason))
}

/// Runs `checker` on the claim's files and finishes the certificate:
/// certified with `how`, or not with the checker's complaint.
fn checked(
    mut lines: String,
    claim: &Claim,
    checker: &Checker,
    files: &Files,
    what: &str,
    how: &str,
) -> Result<Certificate> {
    let checked = checker.check(&files.input, &files.proof, files.kernel.as_deref())?;
    if !checked.verified {
        let reason = format!("{} rejected the proof: {}", checker.name(), checked.detail);
        return Ok(Certificate::not_certified(lines, &reason));
    }
    let how = format!(
        "{how}checked by {} in {:.2} s",
        checker.name(),
        checked.seconds
    );
    lines.push_str(&certified_line(claim, &how, files, what, true));
    Ok(Certificate {
        lines,
        certified: Some(true),
    })
}

/// The hints the proof takes as given: restricting ones restrict the
/// claim (`under ...`), implied ones are assumed (their clauses or rows are
/// in the input; their derivation is not in the proof).
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
