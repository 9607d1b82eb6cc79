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

/// At-most-ones over at most this many literals are counted exactly;
/// larger ones are scaled from this size.
const EXACT_AMO: usize = 512;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Amo(usize),
    Card(usize, Rel, u32, bool),
}

/// The size of an encoded model (or of part of one), estimated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CnfSize {
    /// Clauses.
    pub clauses: u64,
    /// Literals over all clauses.
    pub literals: u64,
    /// Auxiliary variables the encodings add.
    pub aux_vars: u64,
}

impl CnfSize {
    fn add(&mut self, other: CnfSize, times: u64) {
        self.clauses = self
            .clauses
            .saturating_add(other.clauses.saturating_mul(times));
        self.literals = self
            .literals
            .saturating_add(other.literals.saturating_mul(times));
        self.aux_vars = self
            .aux_vars
            .saturating_add(other.aux_vars.saturating_mul(times));
    }
}

/// An estimate of the number of clauses `encode_model` would write.
pub fn estimate_clauses(model: &Model, enc: &Encodings) -> u64 {
    estimate_cnf(model, enc).clauses
}

/// An estimate of the clauses, literals and auxiliary variables
/// `encode_model` would write: exact for small constraint shapes, from the
/// encodings' growth laws for large ones. Time linear in the model.
pub fn estimate_cnf(model: &Model, enc: &Encodings) -> CnfSize {
    Shapes::of(model).size(enc)
}

/// A model's constraints as the encodings see them, read once for any
/// number of encoding choices: what is written alike under every choice,
/// summed, and how many constraints of each shape a choice encodes.
#[derive(Clone, Debug)]
pub struct Shapes {
    fixed: CnfSize,
    shapes: HashMap<Shape, u64>,
}

impl Shapes {
    /// The shapes of `model`'s constraints (one pass over them).
    pub fn of(model: &Model) -> Shapes {
        let mut shapes: HashMap<Shape, u64> = HashMap::new();
        let mut fixed = CnfSize::default();
        for t in &model.constraints {
            let written = |clauses: u64, literals: u64| CnfSize {
                clauses,
                literals,
                aux_vars: 0,
            };
            match &t.constraint {
                Constraint::Clause(lits) => fixed.add(written(1, lits.len() as u64), 1),
                Constraint::OrDef { lits, .. } => {
                    let n = lits.len() as u64;
                    fixed.add(written(n + 1, 3 * n + 1), 1);
                }
                Constraint::Linear { terms, .. } => {
                    let n = terms.len() as u64;
                    fixed.add(written(16 * n, 48 * n), 1);
                }
                Constraint::AtMostOne(lits) => {
                    *shapes.entry(Shape::Amo(lits.len())).or_default() += 1
                }
                Constraint::Card {
                    lits,
                    rel,
                    k,
                    guard,
                } => {
                    let shape = Shape::Card(lits.len(), *rel, *k, guard.is_some());
                    *shapes.entry(shape).or_default() += 1;
                }
            }
        }
        Shapes { fixed, shapes }
    }

    /// The estimated size of the model under `enc`.
    pub fn size(&self, enc: &Encodings) -> CnfSize {
        let mut total = self.fixed;
        for (&shape, &times) in &self.shapes {
            total.add(shape_size(shape, enc), times);
        }
        total
    }
}

fn shape_size(shape: Shape, enc: &Encodings) -> CnfSize {
    let by_law = |clauses: u64| CnfSize {
        clauses,
        literals: 3 * clauses,
        aux_vars: clauses / 2,
    };
    match shape {
        Shape::Amo(n) => {
            let pairwise = n as u64 * (n as u64).saturating_sub(1) / 2;
            if enc.amo == Some(AmoEncoding::Pairwise) || n <= 6 {
                CnfSize {
                    clauses: pairwise,
                    literals: 2 * pairwise,
                    aux_vars: 0,
                }
            } else if n <= EXACT_AMO {
                count_exactly(shape, enc)
            } else {
                // Linear in n (bitwise: n log n), from the exact size at
                // EXACT_AMO.
                let at = count_exactly(Shape::Amo(EXACT_AMO), enc);
                let scale = |x: u64| {
                    let mut y = x as f64 * n as f64 / EXACT_AMO as f64;
                    if enc.amo == Some(AmoEncoding::Bitwise) {
                        y *= (n as f64).log2() / (EXACT_AMO as f64).log2();
                    }
                    y as u64
                };
                CnfSize {
                    clauses: scale(at.clauses),
                    literals: scale(at.literals),
                    aux_vars: scale(at.aux_vars),
                }
            }
        }
        Shape::Card(n, rel, k, _) => {
            let m = counting_range(n as u64, rel, u64::from(k));
            if (n as u64).saturating_mul(m) <= EXACT_WORK {
                count_exactly(shape, enc)
            } else {
                by_law(card_law(n as u64, m, enc.card))
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
fn count_exactly(shape: Shape, enc: &Encodings) -> CnfSize {
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
    CnfSize {
        clauses: counter.clauses,
        literals: counter.literals,
        aux_vars: u64::from(vars.n_vars()) - (n as u64 + 1),
    }
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
