//! The `verify` command: read a solver's answer, map it onto the model's
//! variables, decode the board, and judge it from the board geometry alone
//! — plus the objective the solver reported, recomputed.
//!
//! An UNSAT answer is a claim the board cannot show; with `--proof`, the
//! solver's proof of it is checked against the file the solver read
//! (`--map`): a DRAT proof of a CNF by `rate`, a VeriPB proof of an OPB
//! file by `veripb` ([`crate::solve::certify`]).
//!
//! Exit codes: 0 when every rule holds (or the proof is certified), 1 when
//! the answer breaks a rule or holds no solution (unless certified), 2 for
//! bad input (returned as an [`Error`](crate::error::Error)).

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::report::{prepare_svg, verdict_lines, violations, write_svg};
use super::{print, Instance, ModelRequest};
use crate::answer::map::Mapped;
use crate::answer::read::{AnswerStatus, Form};
use crate::answer::{objective_check, placement_of, read_mapped, read_mapped_text, MappedAnswer};
use crate::board::Placement;
use crate::certify::{Checker, RATE, VERIPB};
use crate::draw as render;
use crate::emit::{read_header, FileHeader};
use crate::error::{Error, Result};
use crate::options::Format;
use crate::verify::objective_value as board_objective;

/// What the command line asks of `verify`.
#[derive(Clone, Debug)]
pub struct VerifyRequest {
    /// The model and how to load it (with the same -D values and --rays as
    /// when it was compiled).
    pub model: ModelRequest,
    /// The solver's output (`-` for standard input).
    pub answer: PathBuf,
    /// The compiled file the solver read, for its variable map.
    pub map: Option<PathBuf>,
    /// The answer's form, instead of telling it from the content.
    pub form: Option<Form>,
    /// Draw the board into this SVG file.
    pub svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG.
    pub show_attacks: bool,
    /// The solver's DRAT proof of an UNSAT answer, checked against `map`.
    pub proof: Option<PathBuf>,
}

/// What `verify` prints, the board it shows, and its exit code.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The text for standard output.
    pub text: String,
    /// The board the answer describes, if it holds one.
    pub placement: Option<Placement>,
    /// The exit code.
    pub exit_code: u8,
    /// Whether the answer says that no solution exists.
    pub claims_no_solution: bool,
}

/// Runs `verify`, printing to `out`.
pub fn run(req: &VerifyRequest, out: &mut dyn Write) -> Result<u8> {
    let svg = prepare_svg(req.svg.as_deref())?;
    let loaded = req.model.load()?;
    let mut verdict = verify_answer(&loaded, &req.answer, req.map.as_deref(), req.form)?;
    if let (Some(proof), Some(map)) = (&req.proof, &req.map) {
        check_proof(&mut verdict, map, proof)?;
    }
    print(out, &verdict.text)?;
    write_svg(&loaded, svg, verdict.placement.as_ref(), req.show_attacks)?;
    Ok(verdict.exit_code)
}

/// Verifies the answer at `answer` against `loaded` (mapped through the
/// compiled file `map` when given).
pub fn verify_answer(
    loaded: &Instance,
    answer: &Path,
    map: Option<&Path>,
    form: Option<Form>,
) -> Result<Verdict> {
    let header = map.map(read_header).transpose()?;
    let read = read_mapped(&loaded.model, &loaded.board, answer, header.as_ref(), form)?;
    Ok(judge(
        loaded,
        &answer.display().to_string(),
        &read,
        header.as_ref(),
    ))
}

/// [`verify_answer`] of an answer held in memory; `name` names it.
pub fn verify_text(
    loaded: &Instance,
    text: &str,
    name: &str,
    map: Option<&Path>,
    form: Option<Form>,
) -> Result<Verdict> {
    let header = map.map(read_header).transpose()?;
    let read = read_mapped_text(
        &loaded.model,
        &loaded.board,
        text,
        name,
        header.as_ref(),
        form,
    )?;
    Ok(judge(loaded, name, &read, header.as_ref()))
}

/// `solver status: ...` in words.
pub fn status_meaning(status: AnswerStatus) -> &'static str {
    match status {
        AnswerStatus::Satisfiable => "a solution",
        AnswerStatus::Optimal => "a solution, claimed optimal",
        AnswerStatus::Unsatisfiable => "no solution exists, says the solver",
        AnswerStatus::Unknown => "no verdict",
    }
}

fn judge(
    loaded: &Instance,
    name: &str,
    read: &MappedAnswer,
    header: Option<&FileHeader>,
) -> Verdict {
    let answer = &read.answer;
    let mut text = String::new();
    let _ = writeln!(text, "answer: {}: {}", name, answer.form.describe());
    let _ = writeln!(
        text,
        "solver status: {} ({})",
        answer.status_text,
        status_meaning(answer.status)
    );
    let Some(mapped) = &read.mapped else {
        let _ = writeln!(text, "{}", no_solution_line(answer.status));
        return Verdict {
            text,
            placement: None,
            exit_code: 1,
            claims_no_solution: answer.status == AnswerStatus::Unsatisfiable,
        };
    };
    let file: Option<Format> = header.and_then(|h| h.format);
    let check = objective_check(&loaded.model, answer, header, file, &mapped.values);
    if let Some(c) = &check {
        let _ = writeln!(text, "solver objective: {}", c.reported);
    }
    let placement = placement_of(&loaded.model, &loaded.board, mapped);
    board_text(loaded, mapped, &placement, &mut text);
    let mut problems = violations(loaded, &placement);
    problems.extend(check.and_then(|c| c.mismatch));
    verdict_lines(&problems, &mut text);
    Verdict {
        text,
        placement: Some(placement),
        exit_code: if problems.is_empty() { 0 } else { 1 },
        claims_no_solution: false,
    }
}

/// `--proof`: the proof of an UNSAT answer checked against the file `map`
/// (DRAT for a CNF, VeriPB for an OPB file); the verdict's exit code
/// becomes 0 when it is certified.
fn check_proof(verdict: &mut Verdict, map: &Path, proof: &Path) -> Result<()> {
    let (kind, proof_name, file) = match Format::from_path(map).map(|(f, _)| f) {
        Some(Format::Cnf) => (RATE, "DRAT", "CNF"),
        Some(Format::Opb) => (VERIPB, "VeriPB", "OPB file"),
        _ => {
            return Err(Error::usage_with_help(
                format!(
                    "--proof checks a DRAT proof against a CNF file or a VeriPB proof against an OPB file, and `{}` is neither",
                    map.display()
                ),
                "give the .cnf or .opb file the solver read as --map",
            ))
        }
    };
    let text = &mut verdict.text;
    if !verdict.claims_no_solution {
        let _ = writeln!(
            text,
            "proof: not checked: the answer does not say that no solution exists"
        );
        return Ok(());
    }
    let Some(checker) = Checker::find(kind) else {
        let _ = writeln!(
            text,
            "proof: NOT certified: no {proof_name} checker found ({})",
            kind.install
        );
        return Ok(());
    };
    let checked = checker.check(map, proof)?;
    if checked.verified {
        let _ = writeln!(
            text,
            "proof: certified: the {file} {} has no solution (checked by {} in {:.2} s)",
            map.display(),
            checker.name(),
            checked.seconds
        );
        verdict.exit_code = 0;
    } else {
        let _ = writeln!(
            text,
            "proof: NOT certified: {} rejected the proof: {}",
            checker.name(),
            checked.detail
        );
    }
    Ok(())
}

fn no_solution_line(status: AnswerStatus) -> &'static str {
    match status {
        AnswerStatus::Unsatisfiable => {
            "the answer holds no solution: the solver says none exists (verify checks boards, not proofs of impossibility)"
        }
        _ => "the answer holds no solution: the solver gave no verdict (a timeout or a limit?)",
    }
}

/// The objective's value, the counts, a note on missing values, the board.
fn board_text(loaded: &Instance, mapped: &Mapped, placement: &Placement, text: &mut String) {
    if let (Some(objective), Some(value)) = (
        &loaded.model.objective,
        board_objective(&loaded.spec, placement),
    ) {
        let _ = writeln!(text, "{} = {value}", objective.what);
    }
    let _ = writeln!(text, "{}", render::pieces_line(&loaded.spec, placement));
    if mapped.missing > 0 {
        let _ = writeln!(
            text,
            "note: the answer gives no value for {} of the model's {} variables; they are taken as false",
            mapped.missing,
            mapped.values.len()
        );
    }
    text.push_str(&render::text(&loaded.spec, &loaded.board, placement));
}
