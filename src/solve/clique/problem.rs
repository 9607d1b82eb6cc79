//! What the clique engine solves, read off a model: the counted literals
//! are the vertices (each a piece on a cell), two vertices conflict when an
//! at-most-one line or a binary clause `!a | !b` of the model forbids them
//! together, some vertices are fixed (`fix`) and some variables forced
//! false (`forbid`), and one count is bounded from below, above, or
//! maximised. A model with any other constraint is refused with the reason,
//! except for the constraints of hints that keep every verdict (implied
//! hints, and one solution per symmetry class): the engine needs none of
//! them, and the answer is completed against the whole model afterwards.

use std::collections::{HashMap, HashSet};

use crate::model::{sorted_set, Constraint, Exclusion, Lit, Model, Rel, Sense, Var};

/// The most cells the engine takes: it holds the conflict graph as a bit
/// matrix (20 000 cells: 50 MB).
pub const MAX_VERTICES: usize = 20_000;

/// The most conflicting pairs (with repeats) the lines may state.
pub const MAX_PAIRS: usize = 100_000_000;

/// Why the clique engine cannot take a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The objective is not `maximize` of a plain count.
    NotACount {
        /// What the objective counts.
        what: String,
        /// Whether it is minimised (else weighted).
        minimised: bool,
    },
    /// The model neither maximises nor bounds a count from below.
    NoCount,
    /// A constraint that is not a conflict between two pieces, a fixed or
    /// forbidden cell, or a bound on the count.
    Constraint {
        /// Where it came from (`rays`, `rule attacks`).
        origin: String,
        /// What it is: `a clause`, `a defined variable`.
        what: &'static str,
    },
    /// The conflict graph would not fit.
    TooLarge {
        /// Cells.
        cells: usize,
        /// Conflicting pairs the lines state.
        pairs: usize,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotACount { what, minimised } => write!(
                f,
                "the objective is not `maximize` of a plain count ({what} is {})",
                if *minimised { "minimised" } else { "weighted" }
            ),
            Refusal::NoCount => {
                f.write_str("the model neither maximises nor bounds a count from below")
            }
            Refusal::Constraint { origin, what } => {
                let source = match origin.as_str() {
                    "rays" => {
                        "the rays that `rule attacks` and `rule dominate` count along".to_string()
                    }
                    _ => format!("`{origin}`"),
                };
                write!(
                    f,
                    "the constraints from {source} include {what}, which is not a conflict between two pieces, a fixed or forbidden cell, or a bound on the count"
                )
            }
            Refusal::TooLarge { cells, pairs } => write!(
                f,
                "its conflict graph is too large to hold: {cells} cells (at most {MAX_VERTICES}) and lines of {pairs} pairs (at most {MAX_PAIRS}); the bit matrix alone would take {} MB",
                (*cells as u128 * *cells as u128 / 8) >> 20
            ),
        }
    }
}

/// A model as a search for the largest set of vertices no two of which
/// conflict.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The counted variables, one per vertex.
    pub vertices: Vec<Var>,
    /// `conflicts[v]`: the vertices that may not be chosen with `v`
    /// (sorted, without `v`).
    pub conflicts: Vec<Vec<usize>>,
    /// Vertices every solution holds.
    pub required: Vec<usize>,
    /// Vertices no solution holds.
    pub excluded: Vec<usize>,
    /// The count asked for at least.
    pub at_least: usize,
    /// The count allowed at most, if bounded.
    pub at_most: Option<usize>,
    /// Whether the count is maximised (`maximize count`), or any solution
    /// with the bounds will do.
    pub maximise: bool,
}

impl Problem {
    /// The problem `model` states, or why the engine cannot take it.
    pub fn of(model: &Model) -> Result<Problem, Refusal> {
        let counted = counted(model)?;
        check_size(model, counted.len())?;
        let index: HashMap<Var, usize> = counted.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let forced_false: HashSet<Var> = model
            .constraints
            .iter()
            .filter_map(|t| match &t.constraint {
                Constraint::Clause(ls) if ls.len() == 1 && ls[0].is_neg() => Some(ls[0].var()),
                _ => None,
            })
            .collect();
        let mut p = Problem {
            vertices: counted.clone(),
            conflicts: vec![Vec::new(); counted.len()],
            required: Vec::new(),
            excluded: Vec::new(),
            at_least: 0,
            at_most: None,
            maximise: model.objective.is_some(),
        };
        let counted_lits = sorted_set(&counted.iter().map(|v| v.positive()).collect::<Vec<_>>());
        for tagged in &model.constraints {
            if model.keeps_verdicts_without(tagged.origin) {
                continue;
            }
            let origin = model.origin_text(tagged.origin);
            let refuse = |what: &'static str| {
                Err(Refusal::Constraint {
                    origin: origin.to_string(),
                    what,
                })
            };
            // The members that may be true (a forced-false variable never is).
            let live = |ls: &[Lit]| -> Option<Vec<usize>> {
                ls.iter()
                    .filter(|l| !(forced_false.contains(&l.var())))
                    .map(|l| {
                        if l.is_neg() {
                            None
                        } else {
                            index.get(&l.var()).copied()
                        }
                    })
                    .collect()
            };
            if let Some(exclusion) = exclusion(&tagged.constraint) {
                let Some(members) = live(exclusion.lits()) else {
                    return refuse("an at-most-one over variables that are not counted");
                };
                p.add_clique(&members);
                continue;
            }
            match &tagged.constraint {
                Constraint::Clause(ls) if ls.len() == 1 => {
                    let l = ls[0];
                    match (l.is_neg(), index.get(&l.var())) {
                        (true, Some(&v)) => p.excluded.push(v),
                        (true, None) => {}
                        (false, Some(&v)) => p.required.push(v),
                        (false, None) => return refuse("a variable that is not counted set true"),
                    }
                }
                c @ Constraint::Card { .. } if c.count_bounds(&counted_lits).is_some() => {
                    let bounds = c.count_bounds(&counted_lits).unwrap_or_default();
                    p.at_least = p.at_least.max(bounds.at_least as usize);
                    if let Some(k) = bounds.at_most {
                        let k = k as usize;
                        p.at_most = Some(p.at_most.map_or(k, |m| m.min(k)));
                    }
                }
                Constraint::Card { .. } => {
                    return refuse("a cardinality constraint on a part of the board")
                }
                Constraint::Clause(_) => return refuse("a clause"),
                Constraint::AtMostOne(_) => return refuse("an at-most-one"), // read above
                Constraint::Linear { .. } => return refuse("a linear constraint"),
                Constraint::OrDef { .. } => return refuse("a defined variable"),
            }
        }
        for c in &mut p.conflicts {
            c.sort_unstable();
            c.dedup();
        }
        for set in [&mut p.required, &mut p.excluded] {
            set.sort_unstable();
            set.dedup();
        }
        Ok(p)
    }

    /// Every two of `members` conflict.
    fn add_clique(&mut self, members: &[usize]) {
        for (i, &a) in members.iter().enumerate() {
            for &b in &members[i + 1..] {
                if a != b {
                    self.conflicts[a].push(b);
                    self.conflicts[b].push(a);
                }
            }
        }
    }
}

/// The counted variables: the objective's (`maximize` with every weight 1
/// on a positive literal), else those of the first cardinality bound on
/// positive literals.
fn counted(model: &Model) -> Result<Vec<Var>, Refusal> {
    let lits: Vec<Lit> = match &model.objective {
        Some(objective) => {
            if objective.sense != Sense::Maximize
                || objective.terms.iter().any(|&(c, l)| c != 1 || l.is_neg())
            {
                return Err(Refusal::NotACount {
                    what: objective.what.clone(),
                    minimised: objective.sense == Sense::Minimize,
                });
            }
            objective.terms.iter().map(|&(_, l)| l).collect()
        }
        None => model
            .constraints
            .iter()
            .find_map(|t| match &t.constraint {
                Constraint::Card {
                    lits,
                    rel: Rel::Ge | Rel::Eq,
                    guard: None,
                    ..
                } if lits.iter().all(|l| !l.is_neg()) => Some(lits.clone()),
                _ => None,
            })
            .ok_or(Refusal::NoCount)?,
    };
    let mut vars: Vec<Var> = lits.iter().map(|l| l.var()).collect();
    vars.sort_unstable();
    vars.dedup();
    Ok(vars)
}

/// What `c` says about pieces that exclude each other, when that is all
/// it says (the engine takes nothing else as a conflict): an at-most-one,
/// an unguarded `sum <= 1`, or a binary clause `!a | !b`.
fn exclusion(c: &Constraint) -> Option<Exclusion<'_>> {
    match c.exclusion()? {
        pair @ Exclusion::Pair(lits) if lits.iter().all(|l| !l.is_neg()) => Some(pair),
        only @ Exclusion::Only(_) => Some(only),
        _ => None,
    }
}

/// Refuses a model whose graph would not fit: more than [`MAX_VERTICES`]
/// cells, or lines stating more than [`MAX_PAIRS`] pairs.
fn check_size(model: &Model, n: usize) -> Result<(), Refusal> {
    let pairs: usize = model
        .constraints
        .iter()
        .filter_map(|t| exclusion(&t.constraint))
        .map(|e| e.lits().len().saturating_mul(e.lits().len()))
        .fold(0, usize::saturating_add);
    if n > MAX_VERTICES || pairs > MAX_PAIRS {
        return Err(Refusal::TooLarge { cells: n, pairs });
    }
    Ok(())
}
