//! The incremental engine of a sweep: one CaDiCaL holding a model, asked
//! for the optimum of many instances, each a set of assumptions (the walls
//! of a placement).
//!
//! The objective (unit coefficients) becomes "gain" literals, one per term
//! (the term itself for `maximize`, its negation for `minimize`), and one
//! totalizer over them, built once and extended as needed; "at least `g`
//! gains" is one assumed literal. An instance starts at a guess (the
//! previous instance's optimum, neighbours in the sweep being alike): a
//! model at the guess is improved by demanding one more than it has until
//! that is impossible; no model at the guess steps the guess down.
//!
//! Optimal solutions are counted by blocking clauses over the decision
//! variables, each guarded by the instance's own activation literal, which
//! a unit clause retires afterwards.

use rustsat::encodings::card::{BoundLower, BoundLowerIncremental, Totalizer};

use crate::encode::bridge::{from_rs, to_rs, AllocVars, SinkCollector};
use crate::encode::{encode_model, ClauseSink};
use crate::error::{Error, Result};
use crate::model::{Lit, Model, Sense, Var, VarAlloc};
use crate::options::Encodings;
use crate::solve::cost::gain_literals;
use crate::solve::{Embedded, Outcome, Stop};

/// How an instance ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Solved: the optimum (or, without objective, a solution) found.
    Solved,
    /// No solution exists.
    Infeasible,
    /// Stopped (interrupted) before the end.
    Stopped,
}

/// What the engine found for one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// How it ended.
    pub verdict: Ended,
    /// The objective value of `values` (proven optimal when solved).
    pub value: Option<i64>,
    /// The values of the model's named variables in the best solution.
    pub values: Option<Vec<bool>>,
    /// The number of optimal solutions, up to the limit asked for.
    pub optimal_count: Option<u64>,
}

/// Whether the model has a solution under some assumptions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// It has one.
    Possible,
    /// It has none: these assumptions (some of those given) rule it out.
    Impossible(Vec<Lit>),
    /// Stopped before it was known.
    Stopped,
}

/// The objective as gains to count.
#[derive(Clone, Debug)]
struct Gains {
    sense: Sense,
    lits: Vec<Lit>,
}

impl Gains {
    fn value(&self, gains: usize) -> i64 {
        match self.sense {
            Sense::Maximize => gains as i64,
            Sense::Minimize => (self.lits.len() - gains) as i64,
        }
    }

    fn count(&self, values: &[bool]) -> usize {
        self.lits
            .iter()
            .filter(|l| l.eval(values[l.var().index()]))
            .count()
    }
}

/// One CaDiCaL with a model, its objective's totalizer and the guess.
pub struct Incremental {
    solver: Embedded,
    vars: VarAlloc,
    gains: Option<Gains>,
    totalizer: Totalizer,
    /// The decision variables a solution is told apart by.
    projection: Vec<Var>,
    /// The optimum (in gains) of the previous instance.
    guess: usize,
    n_named: usize,
}

impl Incremental {
    /// A solver holding `model` (encoded with `encodings`), stopped by
    /// `stop`; solutions are told apart by `projection` when counted.
    pub fn new(
        model: &Model,
        encodings: &Encodings,
        projection: Vec<Var>,
        stop: &Stop,
    ) -> Result<Incremental> {
        let gains = match &model.objective {
            None => None,
            Some(objective) => Some(Gains {
                sense: objective.sense,
                lits: gain_literals(objective)?,
            }),
        };
        let mut solver = Embedded::new();
        solver.no_lucky_guesses();
        // Ctrl-C and SIGTERM (and the caller's cancellation) stop a
        // solve: the sweep then stops.
        solver.set_stop(stop);
        let vars = encode_model(model, encodings, &mut solver);
        solver.reserve_vars(vars.n_vars());
        let totalizer = gains
            .iter()
            .flat_map(|g| g.lits.iter().map(|&l| to_rs(l)))
            .collect();
        Ok(Incremental {
            solver,
            vars,
            gains,
            totalizer,
            projection,
            guess: 0,
            n_named: model.n_vars() as usize,
        })
    }

    /// Starts the next instance's search at `value` (an optimum known
    /// already, or likely).
    pub fn expect(&mut self, value: i64) {
        if let Some(gains) = &self.gains {
            let g = match gains.sense {
                Sense::Maximize => value,
                Sense::Minimize => gains.lits.len() as i64 - value,
            };
            self.guess = usize::try_from(g).unwrap_or(0);
        }
    }

    /// The literal that says "at least `g` gains" (none for 0).
    fn at_least(&mut self, g: usize) -> Result<Vec<Lit>> {
        if g == 0 {
            return Ok(Vec::new());
        }
        let Incremental {
            solver,
            vars,
            totalizer,
            ..
        } = self;
        totalizer
            .encode_lb_change(g..=g, &mut SinkCollector::new(solver), &mut AllocVars(vars))
            .map_err(|e| Error::internal(format!("encoding the objective bound failed: {e}")))?;
        solver.reserve_vars(vars.n_vars());
        let lits = totalizer
            .enforce_lb(g)
            .map_err(|e| Error::internal(format!("enforcing the objective bound failed: {e}")))?;
        Ok(lits.into_iter().map(from_rs).collect())
    }

    /// One call under `base` and "at least `g` gains".
    fn solve_at(&mut self, base: &[Lit], g: usize) -> Result<Outcome> {
        let mut assumptions = base.to_vec();
        assumptions.extend(self.at_least(g)?);
        self.solver.solve(&assumptions)
    }

    /// The optimum under `base`, and with `count_limit` the number of
    /// optimal solutions up to it.
    pub fn solve(&mut self, base: &[Lit], count_limit: Option<u64>) -> Result<Found> {
        let Some(n_gains) = self.gains.as_ref().map(|g| g.lits.len()) else {
            return self.decide(base, count_limit);
        };
        // Down from the guess to the first level with a solution; the
        // lowest level refused bounds the climb.
        let mut g = self.guess.min(n_gains);
        let mut ceiling = n_gains;
        let (mut best, mut values) = loop {
            match self.solve_at(base, g)? {
                Outcome::Sat(values) => break (self.gain_count(&values), values),
                Outcome::Unknown => return Ok(stopped()),
                Outcome::Unsat if g == 0 => return Ok(infeasible(count_limit)),
                Outcome::Unsat => {
                    g -= 1;
                    ceiling = g;
                }
            }
        };
        // Up while one more is possible.
        while best < ceiling {
            match self.solve_at(base, best + 1)? {
                Outcome::Sat(better) => {
                    best = self.gain_count(&better);
                    values = better;
                }
                Outcome::Unsat => break,
                Outcome::Unknown => return Ok(stopped()),
            }
        }
        self.guess = best;
        let optimal_count = match count_limit {
            Some(limit) => match self.count(base, best, &values, limit)? {
                Some(n) => Some(n),
                None => return Ok(stopped()),
            },
            None => None,
        };
        let value = self.gains.as_ref().map(|gains| gains.value(best));
        values.truncate(self.n_named);
        Ok(Found {
            verdict: Ended::Solved,
            value,
            values: Some(values),
            optimal_count,
        })
    }

    /// Without objective: one solution, and the count up to the limit.
    fn decide(&mut self, base: &[Lit], count_limit: Option<u64>) -> Result<Found> {
        match self.solver.solve(base)? {
            Outcome::Unknown => Ok(stopped()),
            Outcome::Unsat => Ok(infeasible(count_limit)),
            Outcome::Sat(mut values) => {
                let optimal_count = match count_limit {
                    Some(limit) => match self.count(base, 0, &values, limit)? {
                        Some(n) => Some(n),
                        None => return Ok(stopped()),
                    },
                    None => None,
                };
                values.truncate(self.n_named);
                Ok(Found {
                    verdict: Ended::Solved,
                    value: None,
                    values: Some(values),
                    optimal_count,
                })
            }
        }
    }

    fn gain_count(&self, values: &[bool]) -> usize {
        self.gains.as_ref().map_or(0, |g| g.count(values))
    }

    /// The number of solutions with at least `g` gains under `base`, up to
    /// `limit`, `first` being one of them (`None`: stopped).
    fn count(&mut self, base: &[Lit], g: usize, first: &[bool], limit: u64) -> Result<Option<u64>> {
        let more = self.enumerate(base, g, Some(first), limit.saturating_sub(1), &mut |_| {})?;
        Ok(more.map(|n| n + 1))
    }

    /// The solutions with at least `g` gains under `base` (other than
    /// `known`, which is blocked first), each given to `visit`, up to
    /// `limit`; how many (`None`: stopped). The blocking clauses hang on
    /// an activation literal retired at the end, so the solver is left as
    /// it was.
    fn enumerate(
        &mut self,
        base: &[Lit],
        g: usize,
        known: Option<&[bool]>,
        limit: u64,
        visit: &mut dyn FnMut(&[bool]),
    ) -> Result<Option<u64>> {
        let act = self.vars.fresh().positive();
        self.solver.reserve_vars(self.vars.n_vars());
        let mut assumptions = base.to_vec();
        assumptions.extend(self.at_least(g)?);
        assumptions.push(act);
        if let Some(known) = known {
            self.block(act, known);
        }
        let mut found = 0;
        let result = loop {
            if found >= limit {
                break Some(found);
            }
            match self.solver.solve(&assumptions)? {
                Outcome::Sat(values) => {
                    found += 1;
                    visit(&values[..self.n_named]);
                    self.block(act, &values);
                }
                Outcome::Unsat => break Some(found),
                Outcome::Unknown => break None,
            }
        };
        self.solver.add_clause(&[!act]);
        Ok(result)
    }

    /// Every solution under `base` (with `optimal`, those at the optimum
    /// under it), each given to `visit` as the values of the named
    /// variables, up to `limit`. `None` when stopped.
    pub fn solutions(
        &mut self,
        base: &[Lit],
        optimal: bool,
        limit: Option<u64>,
        visit: &mut dyn FnMut(&[bool]),
    ) -> Result<Option<u64>> {
        let g = match (&self.gains, optimal) {
            (Some(_), true) => match self.solve(base, None)? {
                Found {
                    verdict: Ended::Solved,
                    ..
                } => self.guess,
                Found {
                    verdict: Ended::Infeasible,
                    ..
                } => return Ok(Some(0)),
                _ => return Ok(None),
            },
            _ => 0,
        };
        self.enumerate(base, g, None, limit.unwrap_or(u64::MAX), visit)
    }

    /// Whether a solution exists under `base`, ignoring the objective;
    /// when none does, the literals of `base` that together rule one out
    /// (the solver's failed assumptions: a core, not always the least).
    pub fn feasibility(&mut self, base: &[Lit]) -> Result<Feasibility> {
        Ok(match self.solver.solve(base)? {
            Outcome::Sat(_) => Feasibility::Possible,
            Outcome::Unknown => Feasibility::Stopped,
            Outcome::Unsat => {
                // The core is a clause of the failed assumptions negated.
                let failed = match self.solver.core() {
                    Some(clause) => clause.into_iter().map(|l| !l).collect(),
                    None => base.to_vec(),
                };
                Feasibility::Impossible(failed)
            }
        })
    }

    /// Solves from now on stop at `stop` (a deadline, a cancel flag).
    pub fn set_stop(&mut self, stop: &Stop) {
        self.solver.set_stop(stop);
    }

    /// `act -> (the projection differs from `values`)`.
    fn block(&mut self, act: Lit, values: &[bool]) {
        let mut clause = Vec::with_capacity(self.projection.len() + 1);
        clause.push(!act);
        clause.extend(self.projection.iter().map(|&v| {
            if values[v.index()] {
                v.negative()
            } else {
                v.positive()
            }
        }));
        self.solver.add_clause(&clause);
    }
}

fn infeasible(count_limit: Option<u64>) -> Found {
    Found {
        verdict: Ended::Infeasible,
        value: None,
        values: None,
        optimal_count: count_limit.map(|_| 0),
    }
}

fn stopped() -> Found {
    Found {
        verdict: Ended::Stopped,
        value: None,
        values: None,
        optimal_count: None,
    }
}
