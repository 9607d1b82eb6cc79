//! The totalizer (Bailleux, Boufkhad, "Efficient CNF encoding of Boolean
//! cardinality constraints", CP 2003), from rustsat: `card::Totalizer`,
//! which only defines the outputs the bound needs, in the needed direction.
//!
//! rustsat returns the bound as assumption literals; those become our
//! enforcement units.

use rustsat::encodings::card::{BoundBoth, BoundLower, BoundUpper, Totalizer as RsTotalizer};

use super::CardEncoder;
use crate::encode::bridge::{from_rs, to_rs, AllocVars, SinkCollector};
use crate::encode::ClauseSink;
use crate::model::{Lit, Rel, VarAlloc};

pub(crate) struct Totalizer;

const NO_OOM: &str = "clause sinks do not run out of memory";
const ENCODED: &str = "the bound was encoded just before";

impl CardEncoder for Totalizer {
    fn encode(
        &self,
        lits: &[Lit],
        rel: Rel,
        k: usize,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Vec<Lit> {
        let mut tot: RsTotalizer = lits.iter().map(|&l| to_rs(l)).collect();
        let mut collector = SinkCollector::new(out);
        let mut var_manager = AllocVars(vars);
        let assumptions = match rel {
            Rel::Le => {
                tot.encode_ub(k..=k, &mut collector, &mut var_manager)
                    .expect(NO_OOM);
                tot.enforce_ub(k).expect(ENCODED)
            }
            Rel::Ge => {
                tot.encode_lb(k..=k, &mut collector, &mut var_manager)
                    .expect(NO_OOM);
                tot.enforce_lb(k).expect(ENCODED)
            }
            Rel::Eq => {
                tot.encode_both(k..=k, &mut collector, &mut var_manager)
                    .expect(NO_OOM);
                tot.enforce_eq(k).expect(ENCODED)
            }
        };
        assumptions.into_iter().map(from_rs).collect()
    }
}
