//! The objective as the optimiser minimises it: a number of "cost"
//! literals, one per group of a clique cover ([`super::cover`]).
//!
//! Each objective term has a "gain" literal, true when it counts the good
//! way (a piece placed, for `maximize count`; a wall left out, for
//! `minimize walls`). A group of gains excludes itself, so at most one of
//! it is true; its cost literal `e` is forced true when none is
//! (`g1 | g2 | ... | e`), and for a group of one it is simply `!g`. So
//! `cost = groups - gains` exactly, the objective is an affine function of
//! the cost, and cost 0 is the cover's upper estimate. Bounding the cost
//! by `k` needs a counter over the groups (few) rather than the cells
//! (many), up to `k` only.

use crate::encode::ClauseSink;
use crate::error::{Error, Result};
use crate::model::{sorted_set, Lit, Model, Objective, Sense, VarAlloc};

use super::cover::clique_cover;

/// How the optimiser sees an objective.
#[derive(Clone, Debug)]
pub struct CostPlan {
    sense: Sense,
    /// One gain literal per objective term.
    gains: Vec<Lit>,
    /// The clique cover: groups of indices into `gains`.
    groups: Vec<Vec<usize>>,
}

/// One gain literal per term of `objective` (the term for `maximize`, its
/// negation for `minimize`): the objective is best when most are true. An
/// error unless every coefficient is 1.
pub fn gain_literals(objective: &Objective) -> Result<Vec<Lit>> {
    if objective.terms.iter().any(|&(c, _)| c != 1) {
        return Err(Error::unsupported(
            "the embedded optimiser handles objectives with unit coefficients only",
        ));
    }
    Ok(objective
        .terms
        .iter()
        .map(|&(_, l)| match objective.sense {
            Sense::Maximize => l,
            Sense::Minimize => !l,
        })
        .collect())
}

impl CostPlan {
    /// The plan for `model`'s objective (unit coefficients only).
    pub fn of(model: &Model) -> Result<Option<CostPlan>> {
        let Some(objective) = &model.objective else {
            return Ok(None);
        };
        let gains = gain_literals(objective)?;
        let groups = clique_cover(model, &gains);
        Ok(Some(CostPlan {
            sense: objective.sense,
            gains,
            groups,
        }))
    }

    /// The number of groups of the cover (the cost of the empty board).
    pub fn n_groups(&self) -> usize {
        self.groups.len()
    }

    /// The objective's best conceivable value: every group used.
    pub fn estimate(&self) -> i64 {
        self.value_of_cost(0)
    }

    /// The objective value of a solution of cost `cost`.
    pub fn value_of_cost(&self, cost: usize) -> i64 {
        let gains = (self.groups.len() - cost) as i64;
        match self.sense {
            Sense::Maximize => gains,
            Sense::Minimize => self.gains.len() as i64 - gains,
        }
    }

    /// The cost of the assignment `values`.
    pub fn cost(&self, values: &[bool]) -> usize {
        let on = |&i: &usize| {
            let g = self.gains[i];
            g.eval(values[g.var().index()])
        };
        self.groups
            .iter()
            .filter(|group| !group.iter().any(on))
            .count()
    }

    /// The cost literals, one per group, with the clauses that define them
    /// added to `sink` (fresh variables from `vars`).
    pub fn cost_literals(&self, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Vec<Lit> {
        let mut clause = Vec::new();
        self.groups
            .iter()
            .map(|group| {
                if let [single] = group[..] {
                    return !self.gains[single];
                }
                let empty = vars.fresh().positive();
                clause.clear();
                clause.extend(group.iter().map(|&i| self.gains[i]));
                clause.push(empty);
                sink.add_clause(&clause);
                empty
            })
            .collect()
    }

    /// The fewest cost literals any solution has by a constraint of the
    /// model itself: an unguarded cardinality constraint over exactly the
    /// gain literals (`<= k` or `= k`: at most `k` gains), or exactly
    /// their negations (`>= k` or `= k`: at most `n - k` gains), bounds the
    /// gains, and `cost = groups - gains` (`hint lines` on a `maximize
    /// count` model states such a bound: Q_3(8) <= 18). 0 when none does.
    pub fn cost_floor(&self, model: &Model) -> usize {
        let n = sorted_set(&self.gains).len();
        let most = model.count_bounds(&self.gains).at_most;
        let ceiling = most.map_or(n, |m| (m as usize).min(n));
        self.groups.len().saturating_sub(ceiling)
    }

    /// The gain literals (to be tried true first).
    pub fn gains(&self) -> &[Lit] {
        &self.gains
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Constraint, Objective, Rel, Var};

    /// Four cells, maximise their count; `extra` added to the model.
    fn model_with(extra: Option<Constraint>) -> Model {
        let mut model = Model::default();
        let cells: Vec<Lit> = (0..4)
            .map(|i| model.new_var(format!("x{i}")).positive())
            .collect();
        let origin = model.origin("test");
        if let Some(c) = extra {
            model.add(c, origin);
        }
        model.objective = Some(Objective {
            sense: Sense::Maximize,
            what: "count".into(),
            terms: cells.iter().map(|&l| (1, l)).collect(),
        });
        model
    }

    fn card(lits: Vec<Lit>, rel: Rel, k: u32) -> Constraint {
        Constraint::Card {
            lits,
            rel,
            k,
            guard: None,
        }
    }

    fn cells() -> Vec<Lit> {
        (1..=4).map(|id| Var::from_dimacs(id).positive()).collect()
    }

    #[test]
    fn a_cardinality_on_exactly_the_objective_bounds_the_cost() {
        let plain = model_with(None);
        let plan = CostPlan::of(&plain).unwrap().unwrap();
        assert_eq!(plan.cost_floor(&plain), 0);
        let at_most_2 = model_with(Some(card(cells(), Rel::Le, 2)));
        let plan = CostPlan::of(&at_most_2).unwrap().unwrap();
        assert_eq!(plan.value_of_cost(plan.cost_floor(&at_most_2)), 2);
        // At least 3 of the negations: at most 1 cell.
        let negations = cells().into_iter().map(|l| !l).collect();
        let at_most_1 = model_with(Some(card(negations, Rel::Ge, 3)));
        let plan = CostPlan::of(&at_most_1).unwrap().unwrap();
        assert_eq!(plan.value_of_cost(plan.cost_floor(&at_most_1)), 1);
        // Over other literals, or guarded: no bound.
        let some = model_with(Some(card(cells()[..3].to_vec(), Rel::Le, 1)));
        let plan = CostPlan::of(&some).unwrap().unwrap();
        assert_eq!(plan.cost_floor(&some), 0);
        let guarded = model_with(Some(Constraint::Card {
            lits: cells(),
            rel: Rel::Le,
            k: 1,
            guard: Some(cells()[0]),
        }));
        let plan = CostPlan::of(&guarded).unwrap().unwrap();
        assert_eq!(plan.cost_floor(&guarded), 0);
    }
}
