//! Size estimates made before encoding, so that `compile` can refuse a model
//! whose CNF would not fit (`--max-clauses`) instead of running out of
//! memory. Constraints are grouped by shape (kind, size, relation, bound):
//! a shape small enough is encoded once into a counter, which is exact; a
//! larger one is estimated from the encoding's growth law.

use super::{encode_constraint, ClauseCounter, Encodings};
use crate::model::{Constraint, Lit, Model, Rel, VarAlloc};
use crate::options::{AmoEncoding, CardEncoding};
use std::collections::HashMap;

/// Shapes with at most this much counting work are counted exactly.
const EXACT_WORK: u64 = 2_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Shape {
    Amo(usize),
    Card(usize, Rel, u32, bool),
}

/// An estimate of the number of clauses `encode_model` would write.
pub fn estimate_clauses(model: &Model, enc: &Encodings) -> u64 {
    let mut cache: HashMap<Shape, u64> = HashMap::new();
    let mut total: u64 = 0;
    for t in &model.constraints {
        let n = match &t.constraint {
            Constraint::Clause(_) => 1,
            Constraint::OrDef { lits, .. } => lits.len() as u64 + 1,
            Constraint::Linear { terms, .. } => 16 * terms.len() as u64,
            Constraint::AtMostOne(lits) => {
                let shape = Shape::Amo(lits.len());
                *cache.entry(shape).or_insert_with(|| shape_size(shape, enc))
            }
            Constraint::Card {
                lits,
                rel,
                k,
                guard,
            } => {
                let shape = Shape::Card(lits.len(), *rel, *k, guard.is_some());
                *cache.entry(shape).or_insert_with(|| shape_size(shape, enc))
            }
        };
        total = total.saturating_add(n);
    }
    total
}

fn shape_size(shape: Shape, enc: &Encodings) -> u64 {
    match shape {
        Shape::Amo(n) => {
            let pairwise = n as u64 * (n as u64).saturating_sub(1) / 2;
            if enc.amo == Some(AmoEncoding::Pairwise) || n <= 6 {
                pairwise
            } else if n as u64 <= EXACT_WORK / 8 {
                count_exactly(shape, enc)
            } else {
                8 * n as u64
            }
        }
        Shape::Card(n, rel, k, _) => {
            let m = counting_range(n as u64, rel, u64::from(k));
            if (n as u64).saturating_mul(m) <= EXACT_WORK {
                count_exactly(shape, enc)
            } else {
                card_law(n as u64, m, enc.card)
            }
        }
    }
}

/// How far a counter for `sum rel k` over `n` inputs must count, on the
/// cheaper side (`sum <= k` is `sum(!x) >= n - k`).
fn counting_range(n: u64, rel: Rel, k: u64) -> u64 {
    let k = k.min(n);
    match rel {
        Rel::Eq => (k + 1).min(n - k + 1),
        Rel::Le | Rel::Ge => (k + 1).min(n - k + 1),
    }
    .max(1)
}

fn log2(x: u64) -> u64 {
    64 - u64::from(x.max(1).leading_zeros())
}

/// Growth laws measured on `n = 27000, k = 500` (see `encode`'s docs).
fn card_law(n: u64, m: u64, card: Option<CardEncoding>) -> u64 {
    let card = card.unwrap_or(if m < 48 {
        CardEncoding::Totalizer
    } else {
        CardEncoding::CardNet
    });
    let l = log2(m);
    match card {
        CardEncoding::Totalizer => 2 * n * m,
        CardEncoding::SeqCounter => 4 * n * m,
        CardEncoding::CardNet => 2 * n * l * l,
        CardEncoding::SortNet => n * log2(n) * log2(n),
        CardEncoding::Adder => 32 * n,
        CardEncoding::MTotalizer => 8 * n * (m as f64).sqrt() as u64 + n,
    }
}

/// Encodes one constraint of the shape over fresh literals into a counter.
fn count_exactly(shape: Shape, enc: &Encodings) -> u64 {
    let (n, constraint) = match shape {
        Shape::Amo(n) => (n, Constraint::AtMostOne(fresh(n))),
        Shape::Card(n, rel, k, reified) => (
            n,
            Constraint::Card {
                lits: fresh(n),
                rel,
                k,
                guard: reified.then(|| Lit::from_dimacs(n as i32 + 1)),
            },
        ),
    };
    let mut vars = VarAlloc::after(n as u32 + 1);
    let mut counter = ClauseCounter::default();
    encode_constraint(&constraint, enc, &mut vars, &mut counter);
    counter.clauses
}

fn fresh(n: usize) -> Vec<Lit> {
    (1..=n as i32).map(Lit::from_dimacs).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model_with(c: Constraint, n: u32) -> Model {
        let mut m = Model::default();
        for i in 0..n {
            m.new_var(format!("x_{i}"));
        }
        let o = m.origin("test");
        m.add(c, o);
        m
    }

    #[test]
    fn small_shapes_are_exact() {
        let lits: Vec<Lit> = (1..=30).map(Lit::from_dimacs).collect();
        let m = model_with(
            Constraint::Card {
                lits,
                rel: Rel::Ge,
                k: 7,
                guard: None,
            },
            30,
        );
        for card in CardEncoding::ALL {
            let enc = Encodings {
                amo: None,
                card: Some(card),
            };
            let mut counter = ClauseCounter::default();
            crate::encode::encode_model(&m, &enc, &mut counter);
            assert_eq!(estimate_clauses(&m, &enc), counter.clauses, "{card:?}");
        }
    }

    #[test]
    fn large_shapes_are_estimated_within_a_small_factor() {
        let n = 27_000;
        let lits: Vec<Lit> = (1..=n).map(|i| Lit::from_dimacs(i as i32)).collect();
        let m = model_with(
            Constraint::Card {
                lits,
                rel: Rel::Ge,
                k: 500,
                guard: None,
            },
            n,
        );
        for card in [
            CardEncoding::CardNet,
            CardEncoding::Totalizer,
            CardEncoding::Adder,
        ] {
            let enc = Encodings {
                amo: None,
                card: Some(card),
            };
            let mut counter = ClauseCounter::default();
            crate::encode::encode_model(&m, &enc, &mut counter);
            let (est, real) = (estimate_clauses(&m, &enc), counter.clauses);
            assert!(
                est >= real / 2 && est <= real * 4,
                "{card:?}: {est} vs {real}"
            );
        }
    }
}
