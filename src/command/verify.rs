//! The `verify` command: a solver's answer judged against the model
//! ([`qspec::service::verdict`]: read, mapped, decoded and judged from the
//! board geometry alone), printed, and drawn with `--svg`.
//!
//! An UNSAT answer is a claim the board cannot show; with `--proof`, the
//! solver's proof of it is checked against the file the solver read
//! (`--map`): a DRAT proof of a CNF by `rate`, a VeriPB proof of an OPB
//! file by `veripb` ([`qspec::solve::certify`]).
//!
//! Exit codes: 0 when every rule holds (or the proof is certified), 1 when
//! the answer breaks a rule or holds no solution (unless certified), 2 for
//! bad input (returned as an [`Error`](qspec::error::Error)).

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::report::{prepare_svg, write_svg};
use super::{print, ModelRequest};
use qspec::answer::read::Form;
use qspec::certify::{Checker, RATE, VERIPB};
use qspec::error::{Error, Result};
use qspec::options::Format;
use qspec::service::{verify_answer, Verdict};

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
    let checked = checker.check(map, proof, None)?;
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
