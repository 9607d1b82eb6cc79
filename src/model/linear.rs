//! The one linear normal form: `sum(coef * lit)` over literals rewritten as
//! `sum(coef * var) + constant` over variables, using `c * !x = c - c * x`,
//! with one term per variable (in id order) and no zero term. The LP-family
//! writers and the clausal PB encoders both start from it.

use super::{Lit, Var};

/// Rewrites `sum(coef * lit)` as `sum(coef * var) + constant` into `merged`
/// (sorted by variable, one term per variable, no zero terms) and returns
/// the constant. `merged` is a reused buffer: it is cleared first.
pub fn merge_onto_vars(lits: &[(i64, Lit)], merged: &mut Vec<(Var, i128)>) -> i128 {
    merged.clear();
    let mut constant = 0i128;
    for &(coef, lit) in lits {
        let coef = i128::from(coef);
        if lit.is_neg() {
            // coef * !x = coef - coef * x
            constant += coef;
            merged.push((lit.var(), -coef));
        } else {
            merged.push((lit.var(), coef));
        }
    }
    merged.sort_unstable_by_key(|&(var, _)| var);
    let mut kept = 0;
    for i in 0..merged.len() {
        let (var, coef) = merged[i];
        if kept > 0 && merged[kept - 1].0 == var {
            merged[kept - 1].1 += coef;
        } else {
            merged[kept] = (var, coef);
            kept += 1;
        }
    }
    merged.truncate(kept);
    merged.retain(|&(_, coef)| coef != 0);
    constant
}

/// `sum(weight * lit) + constant` with every weight positive, one literal
/// per variable: the normal form with each negative term flipped by
/// `w * x = w + (-w) * !x`.
pub fn positive_terms(lits: &[(i64, Lit)]) -> (Vec<(Lit, i128)>, i128) {
    let mut merged = Vec::with_capacity(lits.len());
    let mut constant = merge_onto_vars(lits, &mut merged);
    let terms = merged
        .into_iter()
        .map(|(var, weight)| {
            if weight > 0 {
                (var.positive(), weight)
            } else {
                constant += weight;
                (var.negative(), -weight)
            }
        })
        .collect();
    (terms, constant)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n)
    }

    #[test]
    fn negated_literals_move_their_constant_and_terms_merge() {
        // 3x1 + 2!x2 - x1 + 5!x1 = 3x1 + 2 - 2x2 - x1 + 5 - 5x1 = -3x1 - 2x2 + 7
        let mut merged = Vec::new();
        let c = merge_onto_vars(
            &[(3, lit(1)), (2, lit(-2)), (-1, lit(1)), (5, lit(-1))],
            &mut merged,
        );
        assert_eq!(c, 7);
        assert_eq!(
            merged,
            vec![(Var::from_dimacs(1), -3), (Var::from_dimacs(2), -2)]
        );
        let (terms, c) = positive_terms(&[(3, lit(1)), (2, lit(-2)), (-1, lit(1)), (5, lit(-1))]);
        // -3x1 = -3 + 3!x1, -2x2 = -2 + 2!x2: constant 7 - 5 = 2
        assert_eq!(terms, vec![(lit(-1), 3), (lit(-2), 2)]);
        assert_eq!(c, 2);
    }

    #[test]
    fn opposite_terms_cancel() {
        let mut merged = Vec::new();
        let c = merge_onto_vars(&[(2, lit(1)), (2, lit(-1))], &mut merged);
        assert!(merged.is_empty());
        assert_eq!(c, 2);
    }
}
