//! One OPB constraint into certified clauses. Each constraint is taken in
//! the form VeriPB gives it, `sum(w * l) >= d` with positive weights on
//! literals (a `<=` negated, an equality as its `>=` half then its `<=`
//! half, with consecutive ids), and encoded by the cheapest certified
//! means that applies:
//!
//! * nothing, when it always holds; the empty clause when it never can;
//! * a literal whose weight the others cannot make up for is forced: a unit
//!   clause by reverse unit propagation, and the rest of the constraint
//!   (the literal weakened away) goes on;
//! * one weight `w > 1` on every literal: divided by `w` (cutting planes'
//!   division rounds the degree up), and the result goes on;
//! * "at most one of the negations" (unit weights, `d = n - 1`): one
//!   clause per pair, each by reverse unit propagation;
//! * anything else: rustsat's certified encodings (a clause as it stands, a
//!   totalizer for unit weights, a generalised totalizer otherwise), which
//!   write their own derivations.

use std::io::Write;

use pigeons::{AbsConstraintId, Axiom, ConstraintId, OperationSequence, Proof};
use rustsat::encodings;
use rustsat::instances::BasicVarManager;
use rustsat::types::constraints::PbConstraint;
use rustsat::types::{Clause, Lit as RsLit, Var as RsVar};

use super::{Collector, Encoded, PbRow};
use crate::error::{Error, Result};
use crate::model::Rel;

/// `sum(w * l) >= degree`, weights positive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Half {
    pub lits: Vec<(RsLit, u64)>,
    pub degree: i64,
}

impl Half {
    /// `sum(coef * x) >= rhs` (`sign` 1) or `<=` (`sign` -1, negated into
    /// `>=`), over literals: `-w x` is `w ~x - w`.
    fn of(row: &PbRow, sign: i64) -> Half {
        let mut degree = sign * row.rhs;
        let mut lits = Vec::with_capacity(row.terms.len());
        for &(coef, var) in &row.terms {
            let (coef, lit) = (sign * coef, RsLit::positive(var.id() - 1));
            match coef {
                0 => {}
                c if c > 0 => lits.push((lit, c.unsigned_abs())),
                c => {
                    lits.push((!lit, c.unsigned_abs()));
                    degree -= c;
                }
            }
        }
        Half { lits, degree }
    }

    fn total(&self) -> i128 {
        self.lits.iter().map(|&(_, w)| i128::from(w)).sum()
    }

    /// Indices of the literals that must be true: the others together
    /// weigh less than the degree.
    fn forced(&self) -> Vec<usize> {
        let (total, degree) = (self.total(), i128::from(self.degree));
        (0..self.lits.len())
            .filter(|&i| total - i128::from(self.lits[i].1) < degree)
            .collect()
    }

    /// The literals of "at most one of them is false" over two or more
    /// literals (unit weights, degree one less than their number).
    fn at_most_one_false(&self) -> Option<Vec<RsLit>> {
        let n = self.lits.len();
        let unit = self.lits.iter().all(|&(_, w)| w == 1);
        (unit && n >= 2 && self.degree == n as i64 - 1)
            .then(|| self.lits.iter().map(|&(l, _)| l).collect())
    }

    /// The weight every literal has, when they all have the same one and
    /// it is not 1.
    fn common_weight(&self) -> Option<u64> {
        let w = self.lits.first()?.1;
        (w > 1 && self.lits.iter().all(|&(_, v)| v == w)).then_some(w)
    }

    /// Whether it needs more than rustsat's equality encoding can take
    /// (a forced literal, a common weight or an at-most-one is handled
    /// here).
    fn special(&self) -> bool {
        !self.forced().is_empty()
            || self.common_weight().is_some()
            || self.at_most_one_false().is_some()
    }
}

/// The proof's writer and the clauses collected so far.
pub(super) struct Sink<'a, W: Write> {
    pub writer: &'a mut Proof<W>,
    pub collector: &'a mut Collector,
    pub vars: &'a mut BasicVarManager,
    pub encoded: &'a mut Encoded,
}

impl<W: Write> Sink<'_, W> {
    /// Encodes `row`, whose first constraint in the file has id `id` (an
    /// equality's `<=` half is `id + 1`).
    pub(super) fn row(&mut self, row: &PbRow, id: AbsConstraintId) -> Result<()> {
        match row.rel {
            Rel::Ge => self.half(Half::of(row, 1), id),
            Rel::Le => self.half(Half::of(row, -1), id),
            Rel::Eq => {
                let (ge, le) = (Half::of(row, 1), Half::of(row, -1));
                if ge.special() || le.special() {
                    self.half(ge, id)?;
                    self.half(le, id + 1)
                } else {
                    self.rustsat(pb_eq(row), id)
                }
            }
        }
    }

    /// Encodes `half`, constraint `id` of the proof.
    fn half(&mut self, half: Half, id: AbsConstraintId) -> Result<()> {
        if half.degree <= 0 {
            return Ok(());
        }
        if half.total() < i128::from(half.degree) {
            self.encoded.clauses += 1;
            return self.derive(Clause::new(), id);
        }
        let forced = half.forced();
        if !forced.is_empty() {
            return self.strip(half, &forced, id);
        }
        if let Some(w) = half.common_weight() {
            // sum(w * l) >= d gives sum(l) >= ceil(d / w) by division.
            let divided = OperationSequence::<RsVar>::from(id) / w as usize;
            let divided_id = self.writer.operations(&divided).map_err(lost)?;
            let lits = half.lits.iter().map(|&(l, _)| (l, 1)).collect();
            let degree = (half.degree as u64).div_ceil(w) as i64;
            return self.half(Half { lits, degree }, divided_id);
        }
        if let Some(lits) = half.at_most_one_false() {
            self.encoded.at_most_ones += 1;
            return self.pairwise(&lits, id);
        }
        let lits = half.lits.iter().map(|&(l, w)| (l, w as isize));
        self.rustsat(PbConstraint::new_lb(lits, half.degree as isize), id)
    }

    /// The forced literals of `half` as unit clauses, then the rest of it,
    /// derived by adding `w * (~l >= 0)` for each forced `l` of weight `w`.
    fn strip(&mut self, half: Half, forced: &[usize], id: AbsConstraintId) -> Result<()> {
        let mut rest = OperationSequence::<RsVar>::from(id);
        let mut degree = half.degree;
        for &i in forced {
            let (lit, weight) = half.lits[i];
            self.encoded.clauses += 1;
            self.derive([lit].into_iter().collect(), id)?;
            rest += OperationSequence::from(Axiom::from(!lit)) * weight as usize;
            degree -= weight as i64;
        }
        let lits = (0..half.lits.len())
            .filter(|i| !forced.contains(i))
            .map(|i| half.lits[i])
            .collect();
        let rest_id = self.writer.operations(&rest).map_err(lost)?;
        self.half(Half { lits, degree }, rest_id)
    }

    /// One clause per pair of `lits` ("at most one of them false"), each
    /// by reverse unit propagation on constraint `id`.
    fn pairwise(&mut self, lits: &[RsLit], id: AbsConstraintId) -> Result<()> {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                self.derive([a, b].into_iter().collect(), id)?;
            }
        }
        Ok(())
    }

    /// `clause` by reverse unit propagation on constraint `id`.
    fn derive(&mut self, clause: Clause, id: AbsConstraintId) -> Result<()> {
        let derived = self
            .writer
            .reverse_unit_prop(&clause, [ConstraintId::from(id)])
            .map_err(lost)?;
        self.collector.add(&clause, derived);
        Ok(())
    }

    /// rustsat's certified encoding of `constraint` (constraint `id`; an
    /// equality's `<=` half `id + 1`).
    fn rustsat(&mut self, constraint: PbConstraint, id: AbsConstraintId) -> Result<()> {
        self.encoded.count(&constraint);
        encodings::pb::cert::default_encode_pb_constraint(
            (constraint, id),
            self.collector,
            self.vars,
            self.writer,
        )
        .map_err(|e| Error::internal(format!("certified encoding: {e}")))
    }
}

/// An equality row as a rustsat constraint (rustsat and VeriPB number its
/// halves alike: `>=` first).
fn pb_eq(row: &PbRow) -> PbConstraint {
    let lits = row
        .terms
        .iter()
        .map(|&(coef, var)| (RsLit::positive(var.id() - 1), coef as isize));
    PbConstraint::new_eq(lits, row.rhs as isize)
}

fn lost(e: std::io::Error) -> Error {
    Error::solver(format!("cannot write the proof: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Var;

    fn row(terms: &[(i64, u32)], rel: Rel, rhs: i64) -> PbRow {
        PbRow {
            terms: terms
                .iter()
                .map(|&(c, id)| (c, Var::from_dimacs(id)))
                .collect(),
            rel,
            rhs,
        }
    }

    fn x(id: u32) -> RsLit {
        RsLit::positive(id - 1)
    }

    #[test]
    fn halves_are_over_literals_with_positive_weights() {
        let r = row(&[(-4, 1), (1, 2), (1, 3)], Rel::Ge, 0);
        assert_eq!(
            Half::of(&r, 1),
            Half {
                lits: vec![(!x(1), 4), (x(2), 1), (x(3), 1)],
                degree: 4
            }
        );
        assert_eq!(
            Half::of(&r, -1),
            Half {
                lits: vec![(x(1), 4), (!x(2), 1), (!x(3), 1)],
                degree: 2
            }
        );
    }

    #[test]
    fn a_literal_the_others_cannot_make_up_for_is_forced() {
        // x1 -> x2 + x3 >= 4: x1 is false.
        let guard = Half::of(&row(&[(-4, 1), (1, 2), (1, 3)], Rel::Ge, 0), 1);
        assert_eq!(guard.forced(), vec![0]);
        let free = Half::of(&row(&[(-2, 1), (1, 2), (1, 3)], Rel::Ge, 0), 1);
        assert!(free.forced().is_empty());
    }

    #[test]
    fn at_most_one_is_recognised_in_either_direction_and_with_negations() {
        let amo = |r: &PbRow, sign: i64| Half::of(r, sign).at_most_one_false();
        // x1 + x2 + x3 <= 1: at most one of them true.
        let le = row(&[(1, 1), (1, 2), (1, 3)], Rel::Le, 1);
        assert_eq!(amo(&le, -1), Some(vec![!x(1), !x(2), !x(3)]));
        // -x1 - x2 - x3 >= -1, as the OPB file writes it.
        let ge = row(&[(-1, 1), (-1, 2), (-1, 3)], Rel::Ge, -1);
        assert_eq!(amo(&ge, 1), Some(vec![!x(1), !x(2), !x(3)]));
        // x1 - x2 <= 0: at most one of x1, ~x2 true.
        let neg = row(&[(1, 1), (-1, 2)], Rel::Le, 0);
        assert_eq!(amo(&neg, -1), Some(vec![!x(1), x(2)]));
        assert_eq!(amo(&row(&[(1, 1), (1, 2), (1, 3)], Rel::Le, 2), -1), None);
        assert_eq!(amo(&row(&[(2, 1), (1, 2)], Rel::Le, 1), -1), None);
        assert_eq!(amo(&row(&[(1, 1)], Rel::Le, 0), -1), None);
    }
}
