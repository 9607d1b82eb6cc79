//! The automatic choice of encoding per constraint (when the user leaves
//! `amo` or `card` unset), and its one-line description for file headers.
//! The measurements behind the rules are in the documentation of
//! [`crate::encode`] (reproduce them with `examples/encode_sizes.rs`).

use super::simplify::counting_range;
use crate::model::Rel;
use crate::options::{AmoEncoding, CardEncoding};

/// AMOs over at most this many distinct literals are written pairwise.
pub(crate) const PAIRWISE_MAX: usize = 6;
/// ... up to this many with the commander encoding, above with product.
pub(crate) const COMMANDER_MAX: usize = 23;

/// The AMO encoding for `n` distinct literals.
pub(crate) fn default_amo(n: usize) -> AmoEncoding {
    match n {
        _ if n <= PAIRWISE_MAX => AmoEncoding::Pairwise,
        _ if n <= COMMANDER_MAX => AmoEncoding::Commander,
        _ => AmoEncoding::Product,
    }
}

/// Counting ranges up to this use the sequential counter (one less for
/// `>=`, whose downward counter cannot collapse its last column).
pub(crate) const SEQCOUNTER_MAX_RANGE: usize = 3;
/// Counting ranges from this on use cardinality networks; in between, the
/// totalizer.
pub(crate) const CARDNET_MIN_RANGE: usize = 48;

/// The cardinality encoding for a non-trivial `sum rel k` (already turned
/// to its cheaper side); the size depends on how far it must count.
pub(crate) fn default_card(rel: Rel, k: usize) -> CardEncoding {
    let range = counting_range(rel, k);
    let seqcounter_max = match rel {
        Rel::Ge => SEQCOUNTER_MAX_RANGE - 1,
        Rel::Le | Rel::Eq => SEQCOUNTER_MAX_RANGE,
    };
    match range {
        _ if range <= seqcounter_max => CardEncoding::SeqCounter,
        _ if range < CARDNET_MIN_RANGE => CardEncoding::Totalizer,
        _ => CardEncoding::CardNet,
    }
}

pub(crate) fn describe_amo_rule() -> String {
    format!("pairwise n<={PAIRWISE_MAX}, commander n<={COMMANDER_MAX}, product above")
}

pub(crate) fn describe_card_rule() -> String {
    format!(
        "by counting range m = k+1 (<=, =) or k (>=) on the cheaper side: \
         seqcounter m<={SEQCOUNTER_MAX_RANGE} (m<={} for >=), totalizer m<{CARDNET_MIN_RANGE}, cardnet above",
        SEQCOUNTER_MAX_RANGE - 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amo_rule_has_three_ranges() {
        assert_eq!(default_amo(2), AmoEncoding::Pairwise);
        assert_eq!(default_amo(6), AmoEncoding::Pairwise);
        assert_eq!(default_amo(7), AmoEncoding::Commander);
        assert_eq!(default_amo(23), AmoEncoding::Commander);
        assert_eq!(default_amo(24), AmoEncoding::Product);
    }

    #[test]
    fn card_rule_follows_the_counting_range() {
        assert_eq!(default_card(Rel::Le, 2), CardEncoding::SeqCounter);
        assert_eq!(default_card(Rel::Ge, 2), CardEncoding::SeqCounter);
        assert_eq!(default_card(Rel::Ge, 3), CardEncoding::Totalizer);
        assert_eq!(default_card(Rel::Eq, 3), CardEncoding::Totalizer);
        assert_eq!(default_card(Rel::Le, 46), CardEncoding::Totalizer);
        assert_eq!(default_card(Rel::Le, 47), CardEncoding::CardNet);
        assert_eq!(default_card(Rel::Ge, 500), CardEncoding::CardNet);
    }
}
