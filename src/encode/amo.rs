//! At-most-one constraints, through rustsat's six AMO encodings.
//!
//! Set semantics are applied first: duplicates are dropped (rustsat's
//! encoders assume distinct literals), and a literal together with its
//! negation already uses up the "one", so every other literal is forced
//! false (two such pairs make the constraint unsatisfiable).

use rustsat::encodings::am1::{self, Bimander, Bitwise, Commander, Ladder, Pairwise, TwoProduct};
use rustsat::types::Lit as RsLit;

use super::bridge::{to_rs, AllocVars, SinkCollector};
use super::defaults::default_amo;
use super::ClauseSink;
use crate::model::LitSet;
use crate::model::{Lit, VarAlloc};
use crate::options::AmoEncoding;

/// Encodes `at most one of lits` with `encoding` (`None`: the default for
/// the number of distinct literals).
pub(crate) fn encode_amo(
    lits: &[Lit],
    encoding: Option<AmoEncoding>,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) {
    let set = LitSet::of(lits);
    match set.complementary_pairs {
        0 if set.lits.len() <= 1 => {}
        0 => {
            let encoding = encoding.unwrap_or_else(|| default_amo(set.lits.len()));
            encode_distinct(&set.lits, encoding, vars, out);
        }
        1 => set.lits.iter().for_each(|&l| out.add_clause(&[!l])),
        _ => out.add_clause(&[]),
    }
}

/// Encodes AMO over at least two distinct, non-complementary literals.
fn encode_distinct(
    lits: &[Lit],
    encoding: AmoEncoding,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) {
    match encoding {
        AmoEncoding::Pairwise => with_rustsat::<Pairwise>(lits, vars, out),
        AmoEncoding::Ladder => with_rustsat::<Ladder>(lits, vars, out),
        AmoEncoding::Bitwise => with_rustsat::<Bitwise>(lits, vars, out),
        AmoEncoding::Commander => with_rustsat::<Commander>(lits, vars, out),
        AmoEncoding::Bimander => with_rustsat::<Bimander>(lits, vars, out),
        AmoEncoding::Product => with_rustsat::<TwoProduct>(lits, vars, out),
    }
}

fn with_rustsat<E>(lits: &[Lit], vars: &mut VarAlloc, out: &mut dyn ClauseSink)
where
    E: am1::Encode + From<Vec<RsLit>>,
{
    let mut encoder = E::from(lits.iter().map(|&l| to_rs(l)).collect());
    encoder
        .encode(&mut SinkCollector::new(out), &mut AllocVars(vars))
        .expect("clause sinks do not run out of memory");
}
