//! Cardinality constraints `sum(lits) rel k`, plain or reified, with any of
//! the six [`CardEncoding`]s.
//!
//! The uniform shape: trivial cases are settled by [`CardPlan`]; a real
//! constraint is turned to whichever side is cheaper (`sum(x) <= k` is
//! `sum(!x) >= n - k`), then an encoder writes *structure* clauses, which
//! only define fresh variables, and returns the literals whose units
//! *enforce* the bound. Only those units are guarded when reified.
//!
//! Our own encoders are [`UnaryCounter`]s: they provide an output `o` for
//! "at least `j` inputs are true" in the direction the relation needs
//! (`sum >= j => o` for `<=`, `o => sum >= j` for `>=`); `sum <= k` is then
//! enforced by `!o_{k+1}`, `sum >= k` by `o_k`, `sum = k` by both.

mod adder;
mod cardnet;
mod mtotalizer;
mod network;
mod seqcounter;
mod sortnet;
mod totalizer;

pub(crate) use adder::encode_adder;

use super::defaults::default_card;
use super::guarded::Guarded;
use super::simplify::{counting_range, CardPlan};
use super::ClauseSink;
use crate::model::{Lit, Rel, VarAlloc};
use crate::options::CardEncoding;

/// The outputs a unary counter must provide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Need {
    /// `Some(j)`: an output `o` with `sum >= j => o`.
    pub up: Option<usize>,
    /// `Some(j)`: an output `o` with `o => sum >= j`.
    pub down: Option<usize>,
}

impl Need {
    /// What `sum rel k` needs: `<=` looks at `k + 1` upward, `>=` at `k`
    /// downward.
    pub(crate) fn for_bound(rel: Rel, k: usize) -> Need {
        let up = matches!(rel, Rel::Le | Rel::Eq).then_some(k + 1);
        let down = matches!(rel, Rel::Ge | Rel::Eq).then_some(k);
        Need { up, down }
    }
}

/// The outputs a unary counter provides, one per needed direction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Thresholds {
    pub up: Option<Lit>,
    pub down: Option<Lit>,
}

/// A counter with unary outputs (sequential counter, networks, modulo
/// totalizer). Asked outputs satisfy `1 <= j <= inputs.len()`.
pub(crate) trait UnaryCounter {
    fn count(
        &self,
        inputs: &[Lit],
        need: Need,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Thresholds;
}

/// A cardinality encoding: writes the structure of a non-trivial
/// `sum(lits) rel k` and returns the literals whose units enforce it.
pub(crate) trait CardEncoder {
    fn encode(
        &self,
        lits: &[Lit],
        rel: Rel,
        k: usize,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Vec<Lit>;
}

impl<C: UnaryCounter> CardEncoder for C {
    fn encode(
        &self,
        lits: &[Lit],
        rel: Rel,
        k: usize,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Vec<Lit> {
        let outputs = self.count(lits, Need::for_bound(rel, k), vars, out);
        let forbid_above = outputs.up.map(|o| !o);
        forbid_above.into_iter().chain(outputs.down).collect()
    }
}

fn encoder(encoding: CardEncoding) -> &'static dyn CardEncoder {
    match encoding {
        CardEncoding::Totalizer => &totalizer::Totalizer,
        CardEncoding::SeqCounter => &seqcounter::SeqCounter,
        CardEncoding::CardNet => &cardnet::CardNet,
        CardEncoding::SortNet => &sortnet::SortNet,
        CardEncoding::Adder => &adder::Adder,
        CardEncoding::MTotalizer => &mtotalizer::MTotalizer { modulus: None },
    }
}

/// Encodes `guard -> sum(lits) rel k` (or the plain constraint), with
/// `encoding` or, for `None`, the default for its size.
pub(crate) fn encode_card(
    lits: &[Lit],
    rel: Rel,
    k: i64,
    guard: Option<Lit>,
    encoding: Option<CardEncoding>,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) {
    let mut target = Guarded::new(out, guard);
    encode_plan(CardPlan::of(lits, rel, k), encoding, vars, &mut target);
}

/// Writes a planned cardinality constraint into `target`.
pub(crate) fn encode_plan(
    plan: CardPlan,
    encoding: Option<CardEncoding>,
    vars: &mut VarAlloc,
    target: &mut Guarded,
) {
    match plan {
        CardPlan::Nothing => {}
        CardPlan::Unsat => target.unsat(),
        CardPlan::Units(lits) => target.enforce_units(lits),
        CardPlan::Clause(lits) => target.enforce(&lits),
        CardPlan::Encode { lits, rel, k } => {
            let (lits, rel, k) = cheaper_side(lits, rel, k);
            let encoding = encoding.unwrap_or_else(|| default_card(rel, k));
            let units = encoder(encoding).encode(&lits, rel, k, vars, target.structure());
            target.enforce_units(units);
        }
    }
}

/// `sum(x) rel k` or `sum(!x) rel' (n - k)`, whichever counts less far.
fn cheaper_side(lits: Vec<Lit>, rel: Rel, k: usize) -> (Vec<Lit>, Rel, usize) {
    let n = lits.len();
    let flipped_rel = match rel {
        Rel::Le => Rel::Ge,
        Rel::Ge => Rel::Le,
        Rel::Eq => Rel::Eq,
    };
    if counting_range(flipped_rel, n - k) < counting_range(rel, k) {
        (lits.into_iter().map(|l| !l).collect(), flipped_rel, n - k)
    } else {
        (lits, rel, k)
    }
}

#[cfg(test)]
mod tests;
