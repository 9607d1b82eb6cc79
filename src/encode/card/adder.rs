//! The binary adder (Warners 1998; Eén, Sörensson, "Translating
//! pseudo-Boolean constraints into SAT", JSAT 2006), from rustsat:
//! `pb::BinaryAdder` with every weight 1. Linear in `n`, independent of `k`,
//! but it propagates poorly.
//!
//! rustsat returns the bound as assumption literals; those become our
//! enforcement units.

use rustsat::encodings::pb::{BinaryAdder, BoundBoth, BoundLower, BoundUpper};

use super::CardEncoder;
use crate::encode::bridge::{from_rs, to_rs, AllocVars, SinkCollector};
use crate::encode::ClauseSink;
use crate::model::{Lit, Rel, VarAlloc};

pub(crate) struct Adder;

impl CardEncoder for Adder {
    fn encode(
        &self,
        lits: &[Lit],
        rel: Rel,
        k: usize,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Vec<Lit> {
        let weighted: Vec<(Lit, usize)> = lits.iter().map(|&l| (l, 1)).collect();
        encode_adder(&weighted, rel, k, vars, out)
    }
}

/// `sum(w * lit) rel k` with rustsat's binary adder (positive weights,
/// distinct variables); returns the enforcement literals.
pub(crate) fn encode_adder(
    terms: &[(Lit, usize)],
    rel: Rel,
    k: usize,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) -> Vec<Lit> {
    const NO_OOM: &str = "clause sinks do not run out of memory";
    const ENCODED: &str = "the bound was encoded just before";
    let mut adder: BinaryAdder = terms.iter().map(|&(l, w)| (to_rs(l), w)).collect();
    let mut collector = SinkCollector::new(out);
    let mut var_manager = AllocVars(vars);
    let assumptions = match rel {
        Rel::Le => {
            adder
                .encode_ub(k..=k, &mut collector, &mut var_manager)
                .expect(NO_OOM);
            adder.enforce_ub(k).expect(ENCODED)
        }
        Rel::Ge => {
            adder
                .encode_lb(k..=k, &mut collector, &mut var_manager)
                .expect(NO_OOM);
            adder.enforce_lb(k).expect(ENCODED)
        }
        Rel::Eq => {
            adder
                .encode_both(k..=k, &mut collector, &mut var_manager)
                .expect(NO_OOM);
            adder.enforce_eq(k).expect(ENCODED)
        }
    };
    assumptions.into_iter().map(from_rs).collect()
}
