//! `--certify=cnf`: the claim's CNF (the model's clauses with the encodings
//! in force), refuted by CaDiCaL with a DRAT proof, checked by `rate`.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use super::checker::Checker;
use super::{certified_line, checked, unrefuted, Certificate, Claim, Files};
use crate::emit;
use crate::encode::{self, ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::model::Model;
use crate::options::Encodings;
use crate::solve::embedded::Embedded;
use crate::solve::{Outcome, Stop};
use rustsat_cadical::{CaDiCaL, ProofFormat};

/// Writes the claim's CNF, refutes it with a proof, checks the proof.
pub(super) fn refute(
    loaded: &Instance,
    encodings: &Encodings,
    claim: &Claim,
    checker: &Checker,
    files: &Files,
) -> Result<Certificate> {
    let mut arena = ClauseArena::new();
    let n_vars = encode::encode_model(&claim.model, encodings, &mut arena).n_vars();
    write_cnf(
        loaded,
        encodings,
        &claim.model,
        &arena,
        n_vars,
        &files.input,
    )?;
    if arena.iter().any(<[i32]>::is_empty) {
        // `rate` 0.3.0 panics on a CNF with an empty clause, and such a
        // CNF has no solution on its face.
        let how = "the CNF holds the empty clause: nothing for a checker to check";
        return Ok(Certificate {
            lines: certified_line(claim, how, files, "CNF", false),
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
    if let Some(certificate) = unrefuted(&outcome, &lines, "CNF") {
        return Ok(certificate);
    }
    checked(lines, claim, checker, files, "CNF", "")
}

/// Writes the claim's clauses as `compile` writes a CNF.
fn write_cnf(
    loaded: &Instance,
    encodings: &Encodings,
    model: &Model,
    arena: &ClauseArena,
    n_vars: u32,
    path: &Path,
) -> Result<()> {
    let prov = loaded.provenance(encodings, true);
    crate::files::write_file(path, false, |out| {
        emit::write_cnf(out, model, &prov, arena, n_vars)
    })
}

/// Solves `clauses` (variables up to `n_vars`) with a fresh CaDiCaL in one
/// non-incremental call, writing its DRAT proof (binary) to `proof`; the
/// proof file is complete when this returns.
pub fn prove(clauses: &ClauseArena, n_vars: u32, proof: &Path, stop: &Stop) -> Result<Outcome> {
    let mut solver = CaDiCaL::default();
    solver
        .trace_proof(proof, ProofFormat::Drat { binary: true })
        .map_err(|e| Error::solver(format!("cannot trace a proof to {}: {e}", proof.display())))?;
    let mut embedded = Embedded::with(solver);
    embedded.set_stop(stop);
    embedded.reserve_vars(n_vars);
    embedded.add_arena(clauses);
    let outcome = embedded.solve(&[]);
    // Dropping the solver closes the proof file.
    drop(embedded);
    if !proof.is_file() {
        return Err(Error::solver(format!(
            "CaDiCaL wrote no proof to {}",
            proof.display()
        )));
    }
    outcome
}
