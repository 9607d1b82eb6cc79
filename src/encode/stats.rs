//! What every encoding choice makes of a model: the CNF's variables,
//! clauses and literals, measured by encoding into a counter (nothing is
//! written or kept) — or, when counting every choice would take long (more
//! than [`EXACT_STATS_WORK`] clauses in all, estimated), estimated from the
//! constraints' shapes and marked so.

use super::{encode_model, estimate_cnf, ClauseCounter};
use crate::model::Model;
use crate::options::{AmoEncoding, CardEncoding, Encodings};

/// The size of one encoding choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingStats {
    /// The at-most-one encoding (`auto` for the automatic choice).
    pub amo: String,
    /// The cardinality encoding (`auto` for the automatic choice).
    pub card: String,
    /// Variables of the CNF.
    pub variables: u64,
    /// Clauses of the CNF.
    pub clauses: u64,
    /// Literals over all clauses.
    pub literals: u64,
    /// Estimated from the constraints' shapes, not counted.
    pub estimated: bool,
}

/// The most clauses (over all rows, estimated) `stats` counts exactly.
pub const EXACT_STATS_WORK: u64 = 20_000_000;

fn measure(model: &Model, enc: Encodings) -> EncodingStats {
    let mut counter = ClauseCounter::default();
    let vars = encode_model(model, &enc, &mut counter);
    EncodingStats {
        amo: enc.amo.map_or("auto".into(), |e| e.name().into()),
        card: enc.card.map_or("auto".into(), |e| e.name().into()),
        variables: u64::from(vars.n_vars()),
        clauses: counter.clauses,
        literals: counter.literals,
        estimated: false,
    }
}

fn estimated(model: &Model, enc: Encodings) -> EncodingStats {
    let size = estimate_cnf(model, &enc);
    EncodingStats {
        amo: enc.amo.map_or("auto".into(), |e| e.name().into()),
        card: enc.card.map_or("auto".into(), |e| e.name().into()),
        variables: u64::from(model.n_vars()) + size.aux_vars,
        clauses: size.clauses,
        literals: size.literals,
        estimated: true,
    }
}

/// The CNF size of the chosen encodings, then of every at-most-one encoding
/// (with the chosen cardinality encoding) and of every cardinality encoding
/// (with the chosen at-most-one encoding). Nothing is written or kept.
pub fn stats(model: &Model, chosen: Encodings) -> Vec<EncodingStats> {
    let mut choices = vec![chosen];
    choices.extend(AmoEncoding::ALL.map(|amo| Encodings {
        amo: Some(amo),
        ..chosen
    }));
    choices.extend(CardEncoding::ALL.map(|card| Encodings {
        card: Some(card),
        ..chosen
    }));
    let rows: Vec<EncodingStats> = choices.iter().map(|&enc| estimated(model, enc)).collect();
    let work = rows
        .iter()
        .map(|r| r.clauses)
        .fold(0u64, u64::saturating_add);
    if work > EXACT_STATS_WORK {
        return rows;
    }
    choices.into_iter().map(|enc| measure(model, enc)).collect()
}
