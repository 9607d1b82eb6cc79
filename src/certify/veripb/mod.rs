//! End-to-end proofs of "no solution" from the linear form of a model: a
//! VeriPB proof whose input is the OPB file itself, so that the clausal
//! encodings are part of what the checker checks.
//!
//! [`refute_rows`] takes the rows exactly as the OPB writer writes them
//! (constraint `i` of the file is row `i`; an equality is two constraints
//! to VeriPB, `>=` first), and
//!
//! 1. encodes each row into clauses whose derivation from the row is in
//!    the proof ([`rows`]: units and pairwise at-most-ones by reverse unit
//!    propagation; otherwise rustsat's *certified* encodings, a totalizer
//!    for a cardinality row and a generalised totalizer for any other,
//!    whose auxiliary variables come in by redundance-based strengthening
//!    and whose clauses follow by cutting planes);
//! 2. solves the clauses with a fresh CaDiCaL whose proof tracer
//!    ([`tracer`]) writes each clause it derives as a `rup` step with its
//!    unit-propagation chain (its LRAT antecedents) mapped onto the
//!    proof's constraint ids;
//! 3. concludes `UNSAT` on the empty clause.
//!
//! The header (`pseudo-Boolean proof version 2.0`, `f N`) is written by
//! pigeons; the checker (`veripb`, [`super::certify::VERIPB`]) is run by
//! the caller.
//!
//! ```
//! use qspec::certify::veripb::{refute_rows, PbRow};
//! use qspec::model::{Rel, Var};
//! use qspec::solve::{Outcome, Stop};
//! // x1 + x2 >= 2 and x1 + x2 <= 1 cannot both hold.
//! let (x1, x2) = (Var::from_dimacs(1), Var::from_dimacs(2));
//! let rows = [
//!     PbRow { terms: vec![(1, x1), (1, x2)], rel: Rel::Ge, rhs: 2 },
//!     PbRow { terms: vec![(1, x1), (1, x2)], rel: Rel::Le, rhs: 1 },
//! ];
//! let proof = std::env::temp_dir().join(format!("qspec-doc-{}.pbp", std::process::id()));
//! let refutation = refute_rows(&rows, 2, &proof, &Stop::new(None))?;
//! assert_eq!(refutation.outcome, Outcome::Unsat);
//! std::fs::remove_file(&proof).ok();
//! # Ok::<(), qspec::Error>(())
//! ```

mod rows;
mod tracer;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use pigeons::{AbsConstraintId, Conclusion, ConstraintId, OutputGuarantee, Proof};
use rustsat::encodings::{cert::CollectClauses as CollectCertClauses, CollectClauses};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::constraints::PbConstraint;
use rustsat::types::{Clause, Var as RsVar};
use rustsat_cadical::CaDiCaL;

use self::rows::Sink;
use self::tracer::VeriPbTracer;
use crate::diag::plural;
use crate::encode::{ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::model::{Lit, Rel};
use crate::solve::embedded::Embedded;
use crate::solve::{Outcome, Stop};

pub use crate::proof::PbRow;

/// What [`refute_rows`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The solver's verdict on the clauses (a proof is complete only for
    /// [`Outcome::Unsat`]).
    pub outcome: Outcome,
    /// Clauses the certified encodings produced.
    pub n_clauses: u64,
    /// Variables of the clauses, auxiliaries included.
    pub n_vars: u32,
    /// How the rows were encoded.
    pub encoded: Encoded,
}

/// How many constraints each certified encoding took (an equality may
/// count as its two halves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Encoded {
    /// Constraints that are clauses (or unit assignments) as they stand.
    pub clauses: u32,
    /// "At most one": a clause per pair.
    pub at_most_ones: u32,
    /// Cardinality rows: totalizers.
    pub cardinalities: u32,
    /// Rows with other coefficients: generalised totalizers.
    pub weighted: u32,
}

impl Encoded {
    fn count(&mut self, constraint: &PbConstraint) {
        match () {
            _ if constraint.is_clause()
                || constraint.is_positive_assignment()
                || constraint.is_negative_assignment() =>
            {
                self.clauses += 1
            }
            _ if constraint.is_card() => self.cardinalities += 1,
            _ => self.weighted += 1,
        }
    }

    /// `"12 clauses, 8 pairwise at-most-ones, 3 totalizers, 1 generalised
    /// totalizer"`.
    pub fn describe(&self) -> String {
        [
            plural(self.clauses, "clause", "clauses"),
            plural(
                self.at_most_ones,
                "pairwise at-most-one",
                "pairwise at-most-ones",
            ),
            plural(self.cardinalities, "totalizer", "totalizers"),
            plural(
                self.weighted,
                "generalised totalizer",
                "generalised totalizers",
            ),
        ]
        .join(", ")
    }
}

/// Writes to `proof` a VeriPB refutation of the OPB file whose constraints
/// are `rows` over variables `x1..x{n_vars}` (see the module's
/// documentation).
pub fn refute_rows(rows: &[PbRow], n_vars: u32, proof: &Path, stop: &Stop) -> Result<Refutation> {
    let cannot = |e: io::Error| Error::unwritable("cannot write the proof ", proof, e);
    let file = File::create(proof).map_err(cannot)?;
    let n_constraints = rows.iter().map(|r| 1 + usize::from(r.rel == Rel::Eq)).sum();
    let mut writer = Proof::new(BufWriter::new(file), n_constraints, false).map_err(cannot)?;
    let mut vars = BasicVarManager::from_next_free(RsVar::new(n_vars));
    let mut collector = Collector::default();
    let mut encoded = Encoded::default();
    // The file's constraints have ids 1..=n_constraints.
    let mut id = AbsConstraintId::new(1);
    let mut sink = Sink {
        writer: &mut writer,
        collector: &mut collector,
        vars: &mut vars,
        encoded: &mut encoded,
    };
    for row in rows {
        sink.row(row, id)?;
        id += 1 + usize::from(row.rel == Rel::Eq);
    }
    if collector.uncertified {
        return Err(Error::internal(
            "a certified encoding produced a clause without a proof (a bug in qspec: please report it)",
        ));
    }
    let n_vars = vars.n_used();
    let refutation = |outcome| Refutation {
        outcome,
        n_clauses: collector.ids.len() as u64,
        n_vars,
        encoded: encoded.clone(),
    };
    if let Some(empty) = collector.empty {
        conclude(writer, empty).map_err(cannot)?;
        return Ok(refutation(Outcome::Unsat));
    }
    let (outcome, writer, empty) = solve_traced(writer, &collector, n_vars, stop)?;
    if outcome == Outcome::Unsat {
        let empty = empty.ok_or_else(|| {
            Error::internal("CaDiCaL reported no solution but derived no empty clause")
        })?;
        conclude(writer, empty).map_err(cannot)?;
    }
    Ok(refutation(outcome))
}

/// Solves the collected clauses with a fresh CaDiCaL whose derivations go
/// into `writer`; gives the verdict, the proof back, and the proof's id of
/// the empty clause when one was derived.
fn solve_traced<W: Write + 'static>(
    writer: Proof<W>,
    collector: &Collector,
    n_vars: u32,
    stop: &Stop,
) -> Result<(Outcome, Proof<W>, Option<AbsConstraintId>)> {
    let mut solver = CaDiCaL::default();
    let handle = solver.connect_proof_tracer(VeriPbTracer::new(writer), true);
    let tracer = solver.proof_tracer_mut(&handle);
    for &id in &collector.ids {
        tracer.expect_original(id);
    }
    let mut embedded = Embedded::with(solver);
    embedded.set_stop(stop);
    embedded.reserve_vars(n_vars);
    embedded.add_arena(&collector.clauses);
    let outcome = embedded.solve(&[]);
    let tracer = embedded
        .into_solver()
        .disconnect_proof_tracer(handle)
        .map_err(|_| Error::internal("the proof tracer was not connected to CaDiCaL"))?;
    let (writer, empty) = tracer.finish().map_err(Error::internal)?;
    Ok((outcome?, writer, empty))
}

/// Writes `conclusion UNSAT : <empty>` and the end of the proof.
fn conclude<W: Write>(writer: Proof<W>, empty: AbsConstraintId) -> io::Result<()> {
    let conclusion = Conclusion::<RsVar>::Unsat(Some(ConstraintId::from(empty)));
    writer.conclude(OutputGuarantee::None, &conclusion)?.flush()
}

/// The certified encodings' clauses, as the solver takes them, each with
/// the proof's id for it.
#[derive(Default)]
struct Collector {
    clauses: ClauseArena,
    ids: Vec<AbsConstraintId>,
    /// The id of the first empty clause, if an encoding derived one.
    empty: Option<AbsConstraintId>,
    /// Set when an encoding handed over a clause without an id.
    uncertified: bool,
    /// Scratch for one clause's literals.
    lits: Vec<Lit>,
}

impl Collector {
    /// Takes `clause`, constraint `id` of the proof.
    fn add(&mut self, clause: &Clause, id: AbsConstraintId) {
        self.lits.clear();
        self.lits
            .extend(clause.iter().map(|l| Lit::from_dimacs(l.to_ipasir())));
        self.clauses.add_clause(&self.lits);
        self.ids.push(id);
        if clause.is_empty() {
            self.empty.get_or_insert(id);
        }
    }
}

impl CollectClauses for Collector {
    fn n_clauses(&self) -> usize {
        self.ids.len()
    }

    fn extend_clauses<T>(&mut self, cl_iter: T) -> std::result::Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        if cl_iter.into_iter().next().is_some() {
            self.uncertified = true;
        }
        Ok(())
    }
}

impl CollectCertClauses for Collector {
    fn extend_cert_clauses<T>(
        &mut self,
        cl_iter: T,
    ) -> std::result::Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = (Clause, AbsConstraintId)>,
    {
        for (clause, id) in cl_iter {
            self.add(&clause, id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Var;

    fn v(id: u32) -> Var {
        Var::from_dimacs(id)
    }

    fn row(terms: &[(i64, u32)], rel: Rel, rhs: i64) -> PbRow {
        PbRow {
            terms: terms.iter().map(|&(c, id)| (c, v(id))).collect(),
            rel,
            rhs,
        }
    }

    fn refute(rows: &[PbRow], n_vars: u32) -> (Refutation, String) {
        let dir = tempfile::tempdir().unwrap();
        let proof = dir.path().join("p.pbp");
        let refutation = refute_rows(rows, n_vars, &proof, &Stop::new(None)).unwrap();
        (refutation, std::fs::read_to_string(proof).unwrap())
    }

    /// Two of three, with at most one of them: refuted, the equality
    /// counted twice in the header, the proof concluded. "At least two of
    /// three" is "at most one of their negations": every constraint here
    /// is an at-most-one but the equality's `<=` half, a clause.
    #[test]
    fn a_small_contradiction_is_refuted_with_a_complete_proof() {
        let rows = [
            row(&[(1, 1), (1, 2), (1, 3)], Rel::Eq, 2),
            row(&[(-1, 1), (-1, 2), (-1, 3)], Rel::Ge, -1),
        ];
        let (refutation, proof) = refute(&rows, 3);
        assert_eq!(refutation.outcome, Outcome::Unsat);
        assert_eq!(refutation.encoded.at_most_ones, 2);
        assert_eq!(refutation.encoded.clauses, 1);
        assert!(
            proof.starts_with("pseudo-Boolean proof version 2.0\nf 3\n"),
            "{proof}"
        );
        let last: Vec<&str> = proof.lines().rev().take(3).collect();
        assert_eq!(last[0], "end pseudo-Boolean proof");
        assert!(last[1].starts_with("conclusion UNSAT : "), "{proof}");
    }

    #[test]
    fn a_satisfiable_file_is_not_concluded_unsat() {
        let rows = [row(&[(1, 1), (1, 2)], Rel::Ge, 1)];
        let (refutation, proof) = refute(&rows, 2);
        assert!(matches!(refutation.outcome, Outcome::Sat(_)));
        assert!(!proof.contains("conclusion UNSAT"), "{proof}");
    }

    #[test]
    fn an_infeasible_row_is_refuted_without_a_solver() {
        let rows = [row(&[(1, 1), (1, 2)], Rel::Ge, 3)];
        let (refutation, proof) = refute(&rows, 2);
        assert_eq!(refutation.outcome, Outcome::Unsat);
        assert!(proof.contains("conclusion UNSAT : 2"), "{proof}");
    }
}
