//! What every encoding choice makes of a model: the CNF's variables,
//! clauses and literals, measured by encoding into a counter (nothing is
//! written or kept) — or, when counting every choice would take long (more
//! than [`EXACT_STATS_WORK`] clauses in all, estimated), estimated from the
//! constraints' shapes and marked so.

use std::collections::HashMap;

use super::{encode_constraint, ClauseCounter, Shapes};
use crate::model::{Constraint, Lit, Model, Rel, VarAlloc};
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

/// The exact CNF size of `model` under `enc`, as [`encode_model`] would
/// write it: each constraint is encoded into a counter, once per shape
/// (see [`Shape`]) — a 2^10 queen board's 523,776 pair constraints are
/// one shape, encoded once.
fn measure(model: &Model, enc: Encodings) -> EncodingStats {
    let mut sizes: HashMap<Shape, Size> = HashMap::new();
    let mut total = Size::default();
    for tagged in &model.constraints {
        let constraint = &tagged.constraint;
        let size = match Shape::of(constraint) {
            Some(shape) => *sizes
                .entry(shape)
                .or_insert_with(|| Size::of(model, constraint, &enc)),
            None => Size::of(model, constraint, &enc),
        };
        total.add(size);
    }
    EncodingStats {
        amo: enc.amo.map_or("auto".into(), |e| e.name().into()),
        card: enc.card.map_or("auto".into(), |e| e.name().into()),
        variables: u64::from(model.n_vars()) + total.aux_vars,
        clauses: total.clauses,
        literals: total.literals,
        estimated: false,
    }
}

/// What one constraint adds to the CNF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Size {
    aux_vars: u64,
    clauses: u64,
    literals: u64,
}

impl Size {
    /// `constraint` encoded alone into a counter.
    fn of(model: &Model, constraint: &Constraint, enc: &Encodings) -> Size {
        let mut counter = ClauseCounter::default();
        let mut vars = VarAlloc::after(model.n_vars());
        encode_constraint(constraint, enc, &mut vars, &mut counter);
        Size {
            aux_vars: u64::from(vars.n_vars() - model.n_vars()),
            clauses: counter.clauses,
            literals: counter.literals,
        }
    }

    fn add(&mut self, other: Size) {
        self.aux_vars += other.aux_vars;
        self.clauses += other.clauses;
        literals_add(&mut self.literals, other.literals);
    }
}

fn literals_add(total: &mut u64, more: u64) {
    *total = total.saturating_add(more);
}

/// What an encoder's output size depends on, for a constraint whose
/// variables are all distinct (no repeated or complementary literal, the
/// guard or the defined literal not among the others): the kind, the
/// number of literals, the relation and bound, a linear constraint's
/// coefficients and the literals' signs (true: negated). Two constraints of one shape are
/// encoded into the same number of clauses, literals and auxiliary
/// variables; a constraint with a repeated variable has no shape and is
/// measured on its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Clause(usize),
    AtMostOne(usize),
    Card(usize, Rel, u32, bool),
    Linear(Vec<(i64, bool)>, Rel, i64),
    OrDef(usize),
}

impl Shape {
    fn of(constraint: &Constraint) -> Option<Shape> {
        let (shape, lits): (Shape, Vec<Lit>) = match constraint {
            Constraint::Clause(lits) => (Shape::Clause(lits.len()), lits.clone()),
            Constraint::AtMostOne(lits) => (Shape::AtMostOne(lits.len()), lits.clone()),
            Constraint::Card {
                lits,
                rel,
                k,
                guard,
            } => (
                Shape::Card(lits.len(), *rel, *k, guard.is_some()),
                lits.iter().copied().chain(*guard).collect(),
            ),
            Constraint::Linear { terms, rel, rhs } => (
                Shape::Linear(
                    terms.iter().map(|&(c, l)| (c, l.is_neg())).collect(),
                    *rel,
                    *rhs,
                ),
                terms.iter().map(|&(_, l)| l).collect(),
            ),
            Constraint::OrDef { def, lits } => (
                Shape::OrDef(lits.len()),
                lits.iter().copied().chain([*def]).collect(),
            ),
        };
        let mut vars: Vec<u32> = lits.iter().map(|l| l.var().id()).collect();
        vars.sort_unstable();
        vars.dedup();
        (vars.len() == lits.len()).then_some(shape)
    }
}

fn estimated(model: &Model, shapes: &Shapes, enc: Encodings) -> EncodingStats {
    let size = shapes.size(&enc);
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
    let shapes = Shapes::of(model);
    let rows: Vec<EncodingStats> = choices
        .iter()
        .map(|&enc| estimated(model, &shapes, enc))
        .collect();
    let work = rows
        .iter()
        .map(|r| r.clauses)
        .fold(0u64, u64::saturating_add);
    if work > EXACT_STATS_WORK {
        return rows;
    }
    choices.into_iter().map(|enc| measure(model, enc)).collect()
}
