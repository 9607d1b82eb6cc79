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
use super::clique::{self, Search};
use super::veripb::{refute_rows, PbRow};
use super::{checked, unrefuted, Certificate, Claim, Files};
use crate::diag::thousands;
use crate::emit;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::model::Model;
use crate::options::Encodings;
use crate::solve::{Outcome, Stop};

/// Writes the claim's OPB file, proves it has no solution, checks the
/// proof: a claim of the clique search (`by_clique`) by that search's own
/// proof where it takes the file ([`by_clique_search`]), any other by
/// certified encodings and CaDiCaL's proof.
pub(super) fn refute(
    loaded: &Instance,
    claim: &Claim,
    checker: &Checker,
    files: &Files,
    by_clique: bool,
) -> Result<Certificate> {
    let rows = write_claim(loaded, claim, files)?;
    if by_clique {
        by_clique_search(claim, &rows, checker, files)
    } else {
        refute_written(claim, &rows, checker, files)
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

/// The clique search's claim: the OPB file (written, with its `rows`)
/// refuted by the proof-logging clique search ([`super::clique`]), its
/// proof checked; where that search does not take the file or gives up,
/// [`refute_written`].
fn by_clique_search(
    claim: &Claim,
    rows: &[PbRow],
    checker: &Checker,
    files: &Files,
) -> Result<Certificate> {
    let started = Instant::now();
    let why_not = match clique::refute(rows, &files.proof)? {
        Search::Refuted { nodes, steps } => {
            let lines = format!(
                "c certify: `{}` as an OPB file ({} variables, {} constraints); the clique search \
                 refuted it from the file's at-most-one rows and count row (the rows as colour \
                 classes, no symmetry pruning): {nodes} nodes, {steps} VeriPB steps written as it \
                 searched, in {:.2} s\n",
                claim.text,
                claim.model.n_vars(),
                rows.len(),
                started.elapsed().as_secs_f64()
            );
            return checked(
                lines,
                claim,
                checker,
                files,
                "OPB",
                "end to end from the OPB file by the clique search's own proof, ",
            );
        }
        Search::NotTaken(why) => why,
        Search::NotRefuted => "the at-most-one rows alone do not refute it".into(),
        Search::TooLong => format!(
            "without the symmetry pruning of the engine's search, and bounding by the \
             file's rows only, it takes over {} nodes",
            thousands(clique::MAX_NODES)
        ),
    };
    let mut certificate = refute_written(claim, rows, checker, files)?;
    certificate.lines.insert_str(
        0,
        &format!("c certify: the clique search's own proof was not used ({why_not}); CaDiCaL's instead\n"),
    );
    Ok(certificate)
}

/// The claim's OPB constraints in file order.
fn opb_rows(model: &Model) -> Result<Vec<PbRow>> {
    let mut rows = Vec::new();
    emit::for_each_opb_constraint(model, |terms, rel, rhs| {
        rows.push(PbRow {
            terms: terms.to_vec(),
            rel,
            rhs,
        });
    })
    .map_err(|e| Error::internal(format!("cannot linearise the claim: {e}")))?;
    Ok(rows)
}
