//! The bridge to rustsat's encoders: literal conversion, a clause collector
//! that writes into any [`ClauseSink`], and a variable manager over our
//! [`VarAlloc`].
//!
//! Both sides number variables the DIMACS/IPASIR way underneath, so a literal
//! crosses the bridge as its signed DIMACS number.

use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars;
use rustsat::types::{Clause, Lit as RsLit, Var as RsVar};

use super::ClauseSink;
use crate::model::{Lit, VarAlloc};

/// Our literal as a rustsat literal.
pub(crate) fn to_rs(lit: Lit) -> RsLit {
    RsLit::from_ipasir(lit.dimacs()).expect("literal out of rustsat's range")
}

/// A rustsat literal as ours.
pub(crate) fn from_rs(lit: RsLit) -> Lit {
    Lit::from_dimacs(lit.to_ipasir())
}

/// rustsat's clause collector over a [`ClauseSink`]; converts each clause
/// through one reused buffer.
pub(crate) struct SinkCollector<'a> {
    sink: &'a mut dyn ClauseSink,
    buf: Vec<Lit>,
}

impl<'a> SinkCollector<'a> {
    pub(crate) fn new(sink: &'a mut dyn ClauseSink) -> SinkCollector<'a> {
        SinkCollector {
            sink,
            buf: Vec::new(),
        }
    }
}

impl CollectClauses for SinkCollector<'_> {
    fn n_clauses(&self) -> usize {
        usize::try_from(self.sink.n_clauses()).unwrap_or(usize::MAX)
    }

    fn extend_clauses<T>(&mut self, cl_iter: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for clause in cl_iter {
            self.buf.clear();
            self.buf.extend(clause.iter().map(|&l| from_rs(l)));
            self.sink.add_clause(&self.buf);
        }
        Ok(())
    }
}

/// rustsat's variable manager over a [`VarAlloc`]: rustsat's variable index
/// `i` is our DIMACS id `i + 1`.
pub(crate) struct AllocVars<'a>(pub(crate) &'a mut VarAlloc);

impl ManageVars for AllocVars<'_> {
    fn new_var(&mut self) -> RsVar {
        RsVar::new(self.0.fresh().id() - 1)
    }

    fn max_var(&self) -> Option<RsVar> {
        self.0.n_vars().checked_sub(1).map(RsVar::new)
    }

    fn increase_next_free(&mut self, v: RsVar) -> bool {
        let wanted_used = v.idx32();
        let grew = self.0.n_vars() < wanted_used;
        while self.0.n_vars() < wanted_used {
            self.0.fresh();
        }
        grew
    }

    fn combine(&mut self, other: Self) {
        self.increase_next_free(RsVar::new(other.0.n_vars()));
    }

    fn n_used(&self) -> u32 {
        self.0.n_vars()
    }

    /// A [`VarAlloc`] never takes variables back; forgetting only variables
    /// that were never handed out is the one request it can honour.
    fn forget_from(&mut self, min_var: RsVar) {
        assert!(
            min_var.idx32() >= self.0.n_vars(),
            "VarAlloc cannot forget variables it has handed out"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::ClauseArena;

    #[test]
    fn literals_cross_the_bridge_unchanged() {
        for n in [1, -1, 7, -7, 123_456, -123_456] {
            let lit = Lit::from_dimacs(n);
            assert_eq!(to_rs(lit).to_ipasir(), n);
            assert_eq!(from_rs(to_rs(lit)), lit);
        }
    }

    #[test]
    fn fresh_rustsat_vars_come_from_the_allocator() {
        let mut alloc = VarAlloc::after(5);
        let mut vars = AllocVars(&mut alloc);
        assert_eq!(vars.n_used(), 5);
        assert_eq!(vars.new_var().to_ipasir(), 6);
        assert!(vars.increase_next_free(RsVar::new(9)));
        assert!(!vars.increase_next_free(RsVar::new(3)));
        assert_eq!(vars.max_var(), Some(RsVar::new(8)));
        assert_eq!(alloc.fresh().id(), 10);
    }

    #[test]
    fn collected_clauses_land_in_the_sink() {
        let mut arena = ClauseArena::new();
        let mut col = SinkCollector::new(&mut arena);
        col.add_clause(rustsat::clause![
            to_rs(Lit::from_dimacs(-2)),
            to_rs(Lit::from_dimacs(3))
        ])
        .unwrap();
        assert_eq!(col.n_clauses(), 1);
        assert_eq!(arena.raw(), &[-2, 3, 0]);
    }
}
