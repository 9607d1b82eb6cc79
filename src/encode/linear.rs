//! Linear constraints `sum(coef * lit) rel rhs` with integer coefficients of
//! either sign, through rustsat's pseudo-Boolean encoders.
//!
//! Normal form first ([`crate::model::linear`]): terms on the same variable
//! are added up, a negative term becomes positive by `c * l = c + (-c) * !l`,
//! and the constant moves to the right-hand side. Then the trivial cases: a bound out of reach, a
//! term too heavy for a `<=` or `=` bound (its literal must be false), a
//! `>=` term heavier than the bound (saturated to the bound), and a common
//! divisor of the weights (divided out, the bound rounded the safe way).
//! Equal weights leave a cardinality constraint, encoded as such; anything
//! else goes to the generalized totalizer (`pb::GeneralizedTotalizer`,
//! upper bounds only, so `>=` is `<=` on the negated literals and `=` is
//! both) or, when chosen or when the totalizer would blow up, the binary
//! adder. Enforcement is through assumption units, so reification guards
//! only those.

use rustsat::encodings::pb::{BoundUpper, GeneralizedTotalizer};

use super::bridge::{from_rs, to_rs, AllocVars, SinkCollector};
use super::card::{encode_adder, encode_plan};
use super::guarded::Guarded;
use super::simplify::CardPlan;
use super::ClauseSink;
use crate::model::linear::positive_terms;
use crate::model::{Lit, Rel, VarAlloc};
use crate::options::CardEncoding;

/// `sum(weight * lit) rel bound` with positive weights on distinct
/// variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PositiveForm {
    pub terms: Vec<(Lit, i128)>,
    pub rel: Rel,
    pub bound: i128,
}

impl PositiveForm {
    pub(crate) fn of(terms: &[(i64, Lit)], rel: Rel, rhs: i64) -> PositiveForm {
        let (terms, constant) = positive_terms(terms);
        PositiveForm {
            terms,
            rel,
            bound: i128::from(rhs) - constant,
        }
    }

    fn total_weight(&self) -> i128 {
        self.terms.iter().map(|&(_, w)| w).sum()
    }
}

/// What is left of a linear constraint after its trivial parts.
#[derive(Debug, PartialEq, Eq)]
enum LinearPlan {
    /// Literals forced false, then the rest as a cardinality constraint.
    Card {
        forced_false: Vec<Lit>,
        plan: CardPlan,
    },
    /// Literals forced false, then a weighted constraint (weights > 0,
    /// every weight within the bound, no common divisor, not all equal).
    Weighted {
        forced_false: Vec<Lit>,
        form: PositiveForm,
    },
}

impl LinearPlan {
    fn of(mut form: PositiveForm) -> LinearPlan {
        let forced_false = match form.rel {
            Rel::Le | Rel::Eq if form.bound >= 0 => take_heavier_than(&mut form.terms, form.bound),
            _ => Vec::new(),
        };
        if form.rel == Rel::Ge {
            saturate(&mut form);
        }
        if !divide_out_common_divisor(&mut form) {
            let plan = CardPlan::Unsat;
            return LinearPlan::Card { forced_false, plan };
        }
        match as_cardinality(&form) {
            Some(plan) => LinearPlan::Card { forced_false, plan },
            None => LinearPlan::Weighted { forced_false, form },
        }
    }
}

/// `>=`: a weight above the bound counts as the bound.
fn saturate(form: &mut PositiveForm) {
    let cap = form.bound.max(1);
    form.terms.iter_mut().for_each(|t| t.1 = t.1.min(cap));
}

/// Divides the weights by their greatest common divisor, rounding the bound
/// the safe way; `false` when an `=` bound is off the divisor's grid.
fn divide_out_common_divisor(form: &mut PositiveForm) -> bool {
    let divisor = form.terms.iter().fold(0, |g, &(_, w)| gcd(g, w));
    if divisor <= 1 {
        return true;
    }
    let Some(bound) = divide_bound(form.bound, divisor, form.rel) else {
        return false;
    };
    form.bound = bound;
    form.terms.iter_mut().for_each(|t| t.1 /= divisor);
    true
}

/// The constraint as a cardinality constraint, when the weights do not
/// matter: all equal to 1, or the bound out of their reach.
fn as_cardinality(form: &PositiveForm) -> Option<CardPlan> {
    let total = form.total_weight();
    let unit_weights = form.terms.iter().all(|&(_, w)| w == 1);
    if !(unit_weights || form.bound <= 0 || form.bound >= total) {
        return None;
    }
    let n = form.terms.len() as i64;
    let bound = match form.bound {
        b if b <= 0 => b.max(-1) as i64,
        b if b >= total => n + i64::from(b > total),
        b => b as i64,
    };
    let lits = form.terms.iter().map(|&(l, _)| l).collect();
    Some(CardPlan::of_distinct(lits, form.rel, bound))
}

/// Removes the terms heavier than `bound` and returns their literals.
fn take_heavier_than(terms: &mut Vec<(Lit, i128)>, bound: i128) -> Vec<Lit> {
    let heavy = terms.iter().filter(|t| t.1 > bound).map(|t| t.0).collect();
    terms.retain(|t| t.1 <= bound);
    heavy
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `sum(w * l) rel bound` with every `w` divisible by `d`, as the bound of
/// `sum(w/d * l) rel _`; `None` when `=` cannot hold.
fn divide_bound(bound: i128, d: i128, rel: Rel) -> Option<i128> {
    match rel {
        Rel::Le => Some(bound.div_euclid(d)),
        Rel::Ge => Some(-((-bound).div_euclid(d))),
        Rel::Eq => (bound.rem_euclid(d) == 0).then(|| bound / d),
    }
}

/// Encodes `guard -> sum(coef * lit) rel rhs` (or the plain constraint).
pub(crate) fn encode_linear(
    terms: &[(i64, Lit)],
    rel: Rel,
    rhs: i64,
    guard: Option<Lit>,
    encoding: Option<CardEncoding>,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) {
    let mut target = Guarded::new(out, guard);
    match LinearPlan::of(PositiveForm::of(terms, rel, rhs)) {
        LinearPlan::Card { forced_false, plan } => {
            target.enforce_units(forced_false.into_iter().map(|l| !l));
            encode_plan(plan, encoding, vars, &mut target);
        }
        LinearPlan::Weighted { forced_false, form } => {
            target.enforce_units(forced_false.into_iter().map(|l| !l));
            let units = if use_adder(&form, encoding) {
                encode_with_adder(&form, vars, target.structure())
            } else {
                encode_with_gte(&form, vars, target.structure())
            };
            target.enforce_units(units);
        }
    }
}

/// The adder when asked for, or when the generalized totalizer is
/// estimated above [`GTE_CLAUSE_LIMIT`] clauses.
fn use_adder(form: &PositiveForm, encoding: Option<CardEncoding>) -> bool {
    encoding == Some(CardEncoding::Adder) || gte_clause_estimate(form) > GTE_CLAUSE_LIMIT
}

/// Above this estimated size the generalized totalizer gives way to the
/// adder (whose size is linear in `n log(max weight)`).
const GTE_CLAUSE_LIMIT: u128 = 1 << 20;

/// An upper bound on the generalized totalizer's clauses for `form`: a
/// balanced tree whose nodes hold at most `min(distinct sums, bound + 1)`
/// values and pay `left * right + left + right` clauses to merge.
fn gte_clause_estimate(form: &PositiveForm) -> u128 {
    let cap = form.bound.max(form.total_weight() - form.bound).max(1) as u128 + 1;
    fn walk(weights: &[i128], cap: u128) -> (u128, u128, u128) {
        if let [w] = weights {
            return (1, *w as u128, 0);
        }
        let (l, r) = weights.split_at(weights.len() / 2);
        let (lv, lw, lc) = walk(l, cap);
        let (rv, rw, rc) = walk(r, cap);
        let merged = lv.saturating_mul(rv);
        let values = merged.saturating_add(lv + rv).min(lw + rw).min(cap);
        let clauses = lc
            .saturating_add(rc)
            .saturating_add(merged)
            .saturating_add(lv + rv);
        (values, lw + rw, clauses)
    }
    let weights: Vec<i128> = form.terms.iter().map(|&(_, w)| w).collect();
    walk(&weights, cap).2
}

fn to_usize(x: i128) -> usize {
    usize::try_from(x).expect("weights and bounds fit in usize after normalisation")
}

fn encode_with_adder(
    form: &PositiveForm,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) -> Vec<Lit> {
    let terms: Vec<(Lit, usize)> = form.terms.iter().map(|&(l, w)| (l, to_usize(w))).collect();
    encode_adder(&terms, form.rel, to_usize(form.bound), vars, out)
}

fn encode_with_gte(form: &PositiveForm, vars: &mut VarAlloc, out: &mut dyn ClauseSink) -> Vec<Lit> {
    let total = form.total_weight();
    let negated = || form.terms.iter().map(|&(l, w)| (!l, w)).collect::<Vec<_>>();
    let mut units = Vec::new();
    if matches!(form.rel, Rel::Le | Rel::Eq) {
        units.extend(gte_at_most(&form.terms, form.bound, vars, out));
    }
    if matches!(form.rel, Rel::Ge | Rel::Eq) {
        units.extend(gte_at_most(&negated(), total - form.bound, vars, out));
    }
    units
}

/// `sum(w * l) <= bound` with rustsat's generalized totalizer.
fn gte_at_most(
    terms: &[(Lit, i128)],
    bound: i128,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) -> Vec<Lit> {
    let bound = to_usize(bound);
    let mut gte: GeneralizedTotalizer = terms
        .iter()
        .map(|&(l, w)| (to_rs(l), to_usize(w)))
        .collect();
    gte.encode_ub(
        bound..=bound,
        &mut SinkCollector::new(out),
        &mut AllocVars(vars),
    )
    .expect("clause sinks do not run out of memory");
    let units = gte
        .enforce_ub(bound)
        .expect("the bound was encoded just before");
    units.into_iter().map(from_rs).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::testutil::assert_exact;
    use crate::encode::ClauseArena;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n)
    }

    #[test]
    fn negative_terms_flip_and_same_variables_add_up() {
        // 3x1 - 2x2 + 1*!x3 + 2x1 <= 4, with -2x2 = -2 + 2!x2:
        // 5x1 + 2!x2 + !x3 <= 6
        let form = PositiveForm::of(
            &[(3, lit(1)), (-2, lit(2)), (1, lit(-3)), (2, lit(1))],
            Rel::Le,
            4,
        );
        assert_eq!(form.terms, vec![(lit(1), 5), (lit(-2), 2), (lit(-3), 1)]);
        assert_eq!(form.bound, 6);
    }

    #[test]
    fn opposite_terms_cancel() {
        let form = PositiveForm::of(&[(2, lit(1)), (2, lit(-1)), (1, lit(2))], Rel::Ge, 3);
        assert_eq!(form.terms, vec![(lit(2), 1)]);
        assert_eq!(form.bound, 1);
    }

    #[test]
    fn equal_weights_become_cardinality() {
        let plan = LinearPlan::of(PositiveForm::of(
            &[(3, lit(1)), (3, lit(2)), (3, lit(3))],
            Rel::Le,
            7,
        ));
        let expected = CardPlan::Clause(vec![lit(-1), lit(-2), lit(-3)]);
        assert_eq!(
            plan,
            LinearPlan::Card {
                forced_false: vec![],
                plan: expected
            }
        );
    }

    #[test]
    fn too_heavy_terms_are_forced_false() {
        // 5x1 + 2x2 + 2x3 <= 4: x1 must be false, and x2 + x3 <= 2 always holds.
        let plan = LinearPlan::of(PositiveForm::of(
            &[(5, lit(1)), (2, lit(2)), (2, lit(3))],
            Rel::Le,
            4,
        ));
        assert_eq!(
            plan,
            LinearPlan::Card {
                forced_false: vec![lit(1)],
                plan: CardPlan::Nothing
            }
        );
    }

    #[test]
    fn equality_off_the_divisor_grid_is_unsat() {
        let plan = LinearPlan::of(PositiveForm::of(&[(2, lit(1)), (4, lit(2))], Rel::Eq, 3));
        assert_eq!(
            plan,
            LinearPlan::Card {
                forced_false: vec![lit(2)],
                plan: CardPlan::Unsat
            }
        );
    }

    /// `Constraint::Linear` has no guard, so reification is checked here:
    /// `x5 -> sum rel rhs` for mixed-sign constraints over x1..x4, with the
    /// totalizer and the adder, on every assignment.
    #[test]
    fn reified_linear_constraints_are_exact() {
        let terms = [
            (3, lit(1)),
            (-2, lit(2)),
            (2, lit(-3)),
            (5, lit(4)),
            (-1, lit(-1)),
        ];
        for rel in [Rel::Le, Rel::Ge, Rel::Eq] {
            for rhs in -4..=9 {
                for encoding in [None, Some(CardEncoding::Adder)] {
                    let mut arena = ClauseArena::new();
                    let mut vars = VarAlloc::after(5);
                    encode_linear(
                        &terms,
                        rel,
                        rhs,
                        Some(lit(5)),
                        encoding,
                        &mut vars,
                        &mut arena,
                    );
                    let holds = |v: &[bool]| {
                        let value = |l: Lit| l.eval(v[l.var().index()]);
                        let lhs: i64 = terms.iter().filter(|t| value(t.1)).map(|t| t.0).sum();
                        !v[4] || rel.holds(lhs, rhs)
                    };
                    assert_exact(
                        &arena,
                        5,
                        holds,
                        &format!("x5 -> {terms:?} {} {rhs} ({encoding:?})", rel.symbol()),
                    );
                }
            }
        }
    }

    #[test]
    fn the_size_estimate_sends_wide_weight_ranges_to_the_adder() {
        let spread: Vec<(Lit, i128)> = (1..=60).map(|i| (lit(i), 1 << (i % 40))).collect();
        let total: i128 = spread.iter().map(|t| t.1).sum();
        let form = PositiveForm {
            terms: spread,
            rel: Rel::Le,
            bound: total / 2,
        };
        assert!(use_adder(&form, None));
        let small = PositiveForm {
            terms: vec![(lit(1), 2), (lit(2), 3), (lit(3), 4)],
            rel: Rel::Le,
            bound: 5,
        };
        assert!(!use_adder(&small, None));
        assert!(use_adder(&small, Some(CardEncoding::Adder)));
    }
}
