//! Set semantics for literal lists and the trivial cases of cardinality
//! constraints, decided once before any encoder runs.
//!
//! A literal list is read as a set: a repeated literal counts once, and a
//! literal together with its negation contributes exactly 1 (one of the two
//! is always true). [`LitSet`] (in the model) is that reading; [`CardPlan`]
//! is what is left of `sum rel k` after it.

use crate::model::{Lit, LitSet, Rel};

/// What a cardinality constraint `sum(lits) rel k` (under set semantics)
/// needs to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CardPlan {
    /// Always true.
    Nothing,
    /// Never true.
    Unsat,
    /// Every listed literal must be true.
    Units(Vec<Lit>),
    /// At least one listed literal must be true.
    Clause(Vec<Lit>),
    /// A real counting constraint: `sum(lits) rel k` with `1 <= k < n`
    /// (`2 <= k` for `>=`, `k < n - 1` for `<=`).
    Encode { lits: Vec<Lit>, rel: Rel, k: usize },
}

impl CardPlan {
    /// Plans `sum(lits) rel k` after applying set semantics to `lits`.
    pub(crate) fn of(lits: &[Lit], rel: Rel, k: i64) -> CardPlan {
        let set = LitSet::of(lits);
        let k = k - set.complementary_pairs as i64;
        Self::of_distinct(set.lits, rel, k)
    }

    /// Plans `sum(lits) rel k` for distinct, non-complementary `lits`.
    pub(crate) fn of_distinct(lits: Vec<Lit>, rel: Rel, k: i64) -> CardPlan {
        let n = lits.len() as i64;
        let negated = |lits: Vec<Lit>| lits.into_iter().map(|l| !l).collect::<Vec<_>>();
        match rel {
            Rel::Le if k < 0 => CardPlan::Unsat,
            Rel::Le if k >= n => CardPlan::Nothing,
            Rel::Le if k == 0 => CardPlan::Units(negated(lits)),
            Rel::Le if k == n - 1 => CardPlan::Clause(negated(lits)),
            Rel::Ge if k <= 0 => CardPlan::Nothing,
            Rel::Ge if k > n => CardPlan::Unsat,
            Rel::Ge if k == n => CardPlan::Units(lits),
            Rel::Ge if k == 1 => CardPlan::Clause(lits),
            Rel::Eq if k < 0 || k > n => CardPlan::Unsat,
            Rel::Eq if k == 0 => CardPlan::Units(negated(lits)),
            Rel::Eq if k == n => CardPlan::Units(lits),
            _ => CardPlan::Encode {
                lits,
                rel,
                k: k as usize,
            },
        }
    }
}

/// The largest count an encoding of `sum rel k` over `n` inputs must tell
/// apart: `k + 1` for `<=` and `=`, `k` for `>=`.
pub(crate) fn counting_range(rel: Rel, k: usize) -> usize {
    match rel {
        Rel::Le | Rel::Eq => k + 1,
        Rel::Ge => k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(ns: &[i32]) -> Vec<Lit> {
        ns.iter().map(|&n| Lit::from_dimacs(n)).collect()
    }

    #[test]
    fn duplicates_count_once_in_first_occurrence_order() {
        let set = LitSet::of(&lits(&[3, 1, 3, -2, 1]));
        assert_eq!(set.lits, lits(&[3, 1, -2]));
        assert_eq!(set.complementary_pairs, 0);
    }

    #[test]
    fn complementary_pairs_are_taken_out_and_counted() {
        let set = LitSet::of(&lits(&[1, 2, -1, 3, -3, 1, 4]));
        assert_eq!(set.lits, lits(&[2, 4]));
        assert_eq!(set.complementary_pairs, 2);
    }

    #[test]
    fn trivial_bounds_are_decided_without_encoding() {
        let x = lits(&[1, 2, 3]);
        assert_eq!(CardPlan::of(&x, Rel::Le, 3), CardPlan::Nothing);
        assert_eq!(
            CardPlan::of(&x, Rel::Le, 0),
            CardPlan::Units(lits(&[-1, -2, -3]))
        );
        assert_eq!(
            CardPlan::of(&x, Rel::Le, 2),
            CardPlan::Clause(lits(&[-1, -2, -3]))
        );
        assert_eq!(CardPlan::of(&x, Rel::Ge, 0), CardPlan::Nothing);
        assert_eq!(CardPlan::of(&x, Rel::Ge, 1), CardPlan::Clause(x.clone()));
        assert_eq!(CardPlan::of(&x, Rel::Ge, 3), CardPlan::Units(x.clone()));
        assert_eq!(CardPlan::of(&x, Rel::Ge, 4), CardPlan::Unsat);
        assert_eq!(CardPlan::of(&x, Rel::Eq, 4), CardPlan::Unsat);
        assert_eq!(
            CardPlan::of(&x, Rel::Eq, 1),
            CardPlan::Encode {
                lits: x.clone(),
                rel: Rel::Eq,
                k: 1
            }
        );
    }

    #[test]
    fn a_complementary_pair_uses_up_one_of_the_bound() {
        let x = lits(&[1, -1, 2, 3]);
        assert_eq!(
            CardPlan::of(&x, Rel::Le, 1),
            CardPlan::Units(lits(&[-2, -3]))
        );
        assert_eq!(CardPlan::of(&x, Rel::Ge, 1), CardPlan::Nothing);
        assert_eq!(CardPlan::of(&x, Rel::Le, 0), CardPlan::Unsat);
        assert_eq!(CardPlan::of(&x, Rel::Eq, 3), CardPlan::Units(lits(&[2, 3])));
    }
}
