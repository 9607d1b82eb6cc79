//! `--certify=model`: the claim's OPB file (the model's rules as linear
//! constraints, before any clausal encoding, as `compile -f opb` writes
//! them) refuted by a VeriPB proof ([`super::veripb`]: certified
//! encodings derived from the file's constraints, then CaDiCaL's LRAT
//! proof), checked by `veripb`. The proof covers the encodings too; the
//! encodings it uses are its own (rustsat's certified totalizers), not the
//! `--amo`/`--card` choices, and the certificate says so.

use std::fmt::Write as _;
use std::time::Instant;

use super::checker::Checker;
use super::veripb::refute_rows;
use super::{checked, unrefuted, Certificate, Claim, Files};
use crate::diag::thousands;
use crate::emit;
use crate::error::Result;
use crate::instance::Instance;
use crate::options::Encodings;
use crate::proof::{opb_rows, PbRow, Refuted, Refutes};
use crate::solve::{Outcome, Stop};

/// Writes the claim's OPB file, proves it has no solution, checks the
/// proof: a claim of an engine with a proof search of its own (`own`) by
/// that search where it takes the file ([`by_own_search`]), any other by
/// certified encodings and CaDiCaL's proof.
pub(super) fn refute(
    loaded: &Instance,
    claim: &Claim,
    checker: &Checker,
    files: &Files,
    own: Option<&'static dyn Refutes>,
) -> Result<Certificate> {
    let rows = write_claim(loaded, claim, files)?;
    match own {
        Some(search) => by_own_search(search, claim, &rows, checker, files),
        None => refute_written(claim, &rows, checker, files),
    }
}

/// Writes the claim's OPB file: its rows, in file order.
fn write_claim(loaded: &Instance, claim: &Claim, files: &Files) -> Result<Vec<PbRow>> {
    let prov = loaded.provenance(&Encodings::default(), false);
    crate::files::write_file(&files.input, false, |out| {
        emit::write_opb(out, &claim.model, &prov)
    })?;
    opb_rows(&claim.model)
}

/// The claim's OPB file (written, with its `rows`) refuted through
/// certified encodings and CaDiCaL's proof, the proof checked.
fn refute_written(
    claim: &Claim,
    rows: &[PbRow],
    checker: &Checker,
    files: &Files,
) -> Result<Certificate> {
    let started = Instant::now();
    let refutation = refute_rows(rows, claim.model.n_vars(), &files.proof, &Stop::new(None))?;
    let mut lines = String::new();
    let _ = writeln!(
        lines,
        "c certify: `{}` as an OPB file ({} variables, {} constraints); certified encodings \
         ({}: {} clauses over {} variables); CaDiCaL {} in {:.2} s",
        claim.text,
        claim.model.n_vars(),
        rows.len(),
        refutation.encoded.describe(),
        refutation.n_clauses,
        refutation.n_vars,
        match refutation.outcome {
            Outcome::Unsat =>
                "refuted them, each step of its proof written as a VeriPB `rup` step,",
            Outcome::Sat(_) => "found a solution of them",
            Outcome::Unknown => "was stopped",
        },
        started.elapsed().as_secs_f64()
    );
    if let Some(certificate) = unrefuted(&refutation.outcome, &lines, "OPB file") {
        return Ok(certificate);
    }
    checked(
        lines,
        claim,
        checker,
        files,
        "OPB",
        "end to end from the OPB file, ",
    )
}

/// An engine's claim: the OPB file (written, with its `rows`) refuted by
/// the engine's own proof-logging search (`search`), its proof checked;
/// where that search does not take the file or gives up,
/// [`refute_written`].
fn by_own_search(
    search: &dyn Refutes,
    claim: &Claim,
    rows: &[PbRow],
    checker: &Checker,
    files: &Files,
) -> Result<Certificate> {
    let started = Instant::now();
    let why_not = match search.refute(&claim.model, rows, &files.proof)? {
        Refuted::Done { nodes, steps, how } => {
            let lines = format!(
                "c certify: `{}` as an OPB file ({} variables, {} constraints); {how}: {} nodes, \
                 {} VeriPB steps written as it searched, in {:.2} s\n",
                claim.text,
                claim.model.n_vars(),
                rows.len(),
                thousands(nodes),
                thousands(steps),
                started.elapsed().as_secs_f64()
            );
            let how = format!(
                "end to end from the OPB file by {}'s own proof, ",
                search.searcher()
            );
            return checked(lines, claim, checker, files, "OPB", &how);
        }
        Refuted::NotTaken(why) | Refuted::TooLong(why) => why,
        Refuted::NotRefuted => "the rows it reads alone do not refute it".into(),
    };
    let mut certificate = refute_written(claim, rows, checker, files)?;
    certificate.lines.insert_str(
        0,
        &format!(
            "c certify: {}'s own proof was not used ({why_not}); CaDiCaL's instead\n",
            search.searcher()
        ),
    );
    Ok(certificate)
}
