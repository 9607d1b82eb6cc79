//! CaDiCaL's proof, step by step, as VeriPB: a proof tracer connected to
//! the solver before its first clause. Every clause the solver is given is
//! one the certified encodings already have in the proof (their ids come in
//! the order the clauses are added, [`VeriPbTracer::expect_original`]);
//! every clause it derives is written as a `rup` step whose hints are its
//! antecedents (the LRAT chain), mapped onto the proof's ids; a learnt
//! clause it deletes is deleted from the proof too. The empty clause's id
//! is kept for the conclusion.

use std::collections::VecDeque;
use std::io::{self, Write};

use pigeons::{AbsConstraintId, ConstraintId, Proof, SubproofElement};
use rustsat::solvers::SolverResult;
use rustsat::types::{Clause, Var};
use rustsat_cadical::{CaDiCaLClause, ClauseId, TraceProof};

/// Writes CaDiCaL's derivations into a VeriPB proof.
pub struct VeriPbTracer<W: Write> {
    proof: Proof<W>,
    /// The proof's id of each clause the solver will be given, in order.
    expected: VecDeque<AbsConstraintId>,
    /// The proof's id of CaDiCaL's clause `i` at index `i - 1`.
    ids: Vec<Option<AbsConstraintId>>,
    /// The proof's id of the empty clause, once derived.
    empty: Option<AbsConstraintId>,
    /// The first failure (the callbacks cannot return one).
    failure: Option<String>,
}

impl<W: Write> VeriPbTracer<W> {
    /// A tracer writing into `proof`.
    pub fn new(proof: Proof<W>) -> VeriPbTracer<W> {
        VeriPbTracer {
            proof,
            expected: VecDeque::new(),
            ids: Vec::new(),
            empty: None,
            failure: None,
        }
    }

    /// The next clause given to the solver has id `id` in the proof.
    pub fn expect_original(&mut self, id: AbsConstraintId) {
        self.expected.push_back(id);
    }

    /// The proof, the empty clause's id if one was derived, or the first
    /// failure.
    pub fn finish(self) -> Result<(Proof<W>, Option<AbsConstraintId>), String> {
        match self.failure {
            Some(failure) => Err(failure),
            None => Ok((self.proof, self.empty)),
        }
    }

    fn fail(&mut self, what: String) {
        self.failure.get_or_insert(what);
    }

    fn record(&mut self, id: ClauseId, proof_id: AbsConstraintId) {
        let Ok(index) = usize::try_from(id.0 - 1) else {
            return self.fail(format!("CaDiCaL gave the clause id {}", id.0));
        };
        if self.ids.len() <= index {
            self.ids.resize(index + 1, None);
        }
        self.ids[index] = Some(proof_id);
    }

    fn lookup(&self, id: ClauseId) -> Option<AbsConstraintId> {
        let index = usize::try_from(id.0.checked_sub(1)?).ok()?;
        self.ids.get(index).copied().flatten()
    }

    fn forget(&mut self, id: ClauseId) -> Option<AbsConstraintId> {
        let index = usize::try_from(id.0.checked_sub(1)?).ok()?;
        self.ids.get_mut(index)?.take()
    }

    fn written(&mut self, result: io::Result<()>) {
        if let Err(e) = result {
            self.fail(format!("cannot write the proof: {e}"));
        }
    }
}

impl<W: Write> TraceProof for VeriPbTracer<W> {
    fn add_original_clause(
        &mut self,
        id: ClauseId,
        _redundant: bool,
        _clause: &CaDiCaLClause,
        restored: bool,
    ) {
        if restored {
            return;
        }
        match self.expected.pop_front() {
            Some(proof_id) => self.record(id, proof_id),
            None => self.fail("CaDiCaL reported a clause it was not given".into()),
        }
    }

    fn add_derived_clause(
        &mut self,
        id: ClauseId,
        _redundant: bool,
        clause: &CaDiCaLClause,
        antecedents: &[ClauseId],
    ) {
        let mut hints = Vec::with_capacity(antecedents.len());
        for &antecedent in antecedents {
            match self.lookup(antecedent) {
                Some(proof_id) => hints.push(ConstraintId::from(proof_id)),
                None => {
                    return self.fail(format!(
                        "CaDiCaL derived clause {} from the unknown clause {}",
                        id.0, antecedent.0
                    ))
                }
            }
        }
        match self.proof.reverse_unit_prop(clause, hints) {
            Ok(proof_id) => {
                self.record(id, proof_id);
                if clause.is_empty() {
                    self.empty.get_or_insert(proof_id);
                }
            }
            Err(e) => self.fail(format!("cannot write the proof: {e}")),
        }
    }

    fn delete_clause(&mut self, id: ClauseId, redundant: bool, _clause: &CaDiCaLClause) {
        // Only learnt clauses leave the proof: the encodings' clauses and
        // the irredundant ones CaDiCaL derives stay (a later step may
        // need them).
        if !redundant {
            return;
        }
        let Some(proof_id) = self.forget(id) else {
            return;
        };
        let deleted = self.proof.delete_ids(
            [ConstraintId::from(proof_id)],
            std::iter::empty::<SubproofElement<Var, Clause>>(),
        );
        self.written(deleted);
    }

    fn report_status(&mut self, status: SolverResult, id: ClauseId) {
        if status == SolverResult::Unsat && id.0 > 0 && self.empty.is_none() {
            self.empty = self.lookup(id);
        }
    }
}
