//! A session over one model: one incremental CaDiCaL that holds the model
//! (encoded once) and is asked again and again under assumptions — pieces
//! fixed on cells, cells forbidden, any named variable set — kept on a
//! stack of frames that `push` and `pop` open and close. It solves (the
//! optimum under the assumptions, with an objective), lists solutions, and
//! says why a set of assumptions is impossible: an irreducible core of them,
//! every one needed (dropping any makes the model possible again).
//!
//! What Python's `Model.session()` is; the command line's sweeps use the
//! same engine ([`crate::sweep::incremental`]) with walls as assumptions.
//! Restricting hints are refused: they remove solutions, so a completion
//! they rule out would be called impossible when it is not.

use std::fmt;

use crate::answer::decode::{decided_cells, placement_of, CellVar};
use crate::board::Board;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::model::{Lit, Var};
use crate::options::Encodings;
use crate::solve::{Answer, Status, Stop};
use crate::sweep::incremental::{Ended, Feasibility, Incremental};
use crate::Placement;

/// One assumption as the user gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumption {
    /// A piece (of `kind`, when the model has several) on the cell.
    Fixed {
        /// The cell's index on the board.
        cell: usize,
        /// The kind's index, in a model of several kinds.
        kind: Option<usize>,
    },
    /// No piece (of `kind`, or of any kind) on the cell.
    Forbidden {
        /// The cell's index on the board.
        cell: usize,
        /// The kind's index, or every kind.
        kind: Option<usize>,
    },
    /// A named variable of the model set to `value`.
    Named {
        /// The variable's name (`x_1_3`, `w_0_2`).
        name: String,
        /// Its value.
        value: bool,
    },
}

/// An assumption and the literals that say it.
#[derive(Clone, Debug)]
struct Held {
    assumption: Assumption,
    lits: Vec<Lit>,
}

/// Why the assumptions are impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyNot {
    /// They are not: the model has a solution under them.
    Possible,
    /// These of them cannot hold together (empty: the model has no
    /// solution at all); without any one of them a solution exists.
    Conflict(Vec<Assumption>),
    /// Stopped before it was known.
    Stopped,
}

/// The solutions a session listed.
#[derive(Clone, Debug)]
pub struct Listed {
    /// The boards, in the order found.
    pub placements: Vec<Placement>,
    /// Whether every one was found (not stopped, not cut by the limit).
    pub complete: bool,
}

/// One model, one solver, a stack of assumptions.
pub struct Session {
    engine: Incremental,
    /// Each piece variable by cell, one column per kind.
    pieces: Vec<Vec<Option<Var>>>,
    names: Vec<String>,
    frames: Vec<Vec<Held>>,
    board: Board,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("frames", &self.frames.len())
            .field("assumptions", &self.assumptions())
            .finish()
    }
}

impl Session {
    /// A session over `instance`, its constraints encoded with
    /// `encodings`.
    pub fn new(instance: &Instance, encodings: &Encodings) -> Result<Session> {
        let model = &instance.model;
        if let Some(hint) = model.hints.iter().find(|h| h.is_restricting()) {
            return Err(Error::unsupported_with_help(
                format!(
                    "a session solves under assumptions, and `{}` removes solutions: a completion it rules out would be called impossible",
                    hint.hint
                ),
                "load the model without the hint",
            ));
        }
        let n_cells = instance.board.n_cells();
        let mut pieces = vec![vec![None; n_cells]; instance.spec.kinds.len().max(1)];
        for (var, cell) in decided_cells(model, &instance.board) {
            match cell {
                CellVar::Piece(c) => pieces[0][c] = Some(var),
                CellVar::KindPiece { kind, cell } => pieces[kind][cell] = Some(var),
                CellVar::Wall(_) => {}
            }
        }
        let projection = (1..=model.n_decisions()).map(Var::from_dimacs).collect();
        Ok(Session {
            // Each question sets its own stop (a deadline, a cancel flag).
            engine: Incremental::new(model, encodings, projection, &Stop::new(None))?,
            pieces,
            names: model.names.clone(),
            frames: vec![Vec::new()],
            board: instance.board.clone(),
        })
    }

    /// Every assumption in force, the oldest first.
    pub fn assumptions(&self) -> Vec<Assumption> {
        self.held().map(|h| h.assumption.clone()).collect()
    }

    fn held(&self) -> impl Iterator<Item = &Held> {
        self.frames.iter().flatten()
    }

    /// Adds every one of `assumptions`, or none of them when one cannot
    /// be said (a cell no piece can stand on, an unknown name).
    pub fn assume_all(&mut self, assumptions: Vec<Assumption>) -> Result<()> {
        let held = assumptions
            .into_iter()
            .map(|assumption| {
                let lits = self.lits_of(&assumption)?;
                Ok(Held { assumption, lits })
            })
            .collect::<Result<Vec<Held>>>()?;
        self.frames
            .last_mut()
            .expect("a session always has its base frame")
            .extend(held);
        Ok(())
    }

    /// Opens a frame: what is assumed from now on goes at the next `pop`.
    pub fn push(&mut self) {
        self.frames.push(Vec::new());
    }

    /// Drops the innermost frame and what it assumed.
    pub fn pop(&mut self) -> Result<()> {
        if self.frames.len() == 1 {
            return Err(Error::usage("pop without a push: no frame is open"));
        }
        self.frames.pop();
        Ok(())
    }

    /// Drops every assumption and every frame.
    pub fn clear(&mut self) {
        self.frames = vec![Vec::new()];
    }

    /// The open frames beyond the base one.
    pub fn depth(&self) -> usize {
        self.frames.len() - 1
    }

    /// Solves under the assumptions: the optimum under them with an
    /// objective, else a solution; stops at `stop`.
    pub fn solve(&mut self, stop: &Stop) -> Result<Answer> {
        self.engine.set_stop(stop);
        let base = self.base();
        let found = self.engine.solve(&base, None)?;
        let status = match (found.verdict, found.value) {
            (Ended::Solved, Some(_)) => Status::Optimal,
            (Ended::Solved, None) => Status::Satisfiable,
            (Ended::Infeasible, _) => Status::Unsatisfiable,
            (Ended::Stopped, _) => Status::Unknown,
        };
        Ok(Answer {
            status,
            values: found.values,
            objective: found.value,
        })
    }

    /// The solutions under the assumptions (with `optimal`, those at the
    /// optimum under them), up to `limit`, as boards of `instance` (the
    /// session's own model).
    pub fn solutions(
        &mut self,
        instance: &Instance,
        optimal: bool,
        limit: Option<u64>,
        stop: &Stop,
    ) -> Result<Listed> {
        self.engine.set_stop(stop);
        let base = self.base();
        let mut placements = Vec::new();
        let found = self
            .engine
            .solutions(&base, optimal, limit, &mut |values| {
                placements.push(placement_of(&instance.model, &instance.board, values));
            })?;
        let complete = match (found, limit) {
            (None, _) => false,
            (Some(n), Some(limit)) => n < limit,
            (Some(_), None) => true,
        };
        Ok(Listed {
            placements,
            complete,
        })
    }

    /// Why the assumptions are impossible: an irreducible set of them that
    /// cannot hold together. The solver's core is shrunk by dropping one
    /// assumption at a time and keeping the drop whenever the rest is
    /// still impossible, so every one left is needed. With `smallest`, a
    /// set of the fewest assumptions there is ([`Session::smallest_core`]).
    pub fn why_not(&mut self, smallest: bool, stop: &Stop) -> Result<WhyNot> {
        self.engine.set_stop(stop);
        let held: Vec<Held> = self.held().cloned().collect();
        let mut core = match self.feasible(&held)? {
            Feasibility::Possible => return Ok(WhyNot::Possible),
            Feasibility::Stopped => return Ok(WhyNot::Stopped),
            Feasibility::Impossible(failed) => in_core(&held, &failed),
        };
        if smallest {
            return self.smallest_core(held);
        }
        let mut i = 0;
        while i < core.len() {
            let without: Vec<Held> = core
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, h)| h.clone())
                .collect();
            match self.feasible(&without)? {
                Feasibility::Possible => i += 1,
                Feasibility::Stopped => return Ok(WhyNot::Stopped),
                Feasibility::Impossible(failed) => core = in_core(&without, &failed),
            }
        }
        Ok(WhyNot::Conflict(
            core.into_iter().map(|h| h.assumption).collect(),
        ))
    }

    /// A conflict of the fewest of `held` (known impossible), by implicit
    /// hitting sets: every conflict shares an assumption with every
    /// correction set (the complement of a possible subset grown until
    /// nothing more fits), so the smallest set that hits every correction
    /// found so far is tried; possible, it is grown into one more
    /// correction set; impossible, no conflict is smaller.
    fn smallest_core(&mut self, held: Vec<Held>) -> Result<WhyNot> {
        let mut corrections: Vec<Vec<usize>> = Vec::new();
        loop {
            let pick = least_hitting_set(&corrections, held.len());
            let chosen: Vec<Held> = pick.iter().map(|&i| held[i].clone()).collect();
            match self.feasible(&chosen)? {
                Feasibility::Impossible(_) => {
                    return Ok(WhyNot::Conflict(
                        chosen.into_iter().map(|h| h.assumption).collect(),
                    ))
                }
                Feasibility::Stopped => return Ok(WhyNot::Stopped),
                Feasibility::Possible => {}
            }
            let mut kept = pick;
            for i in 0..held.len() {
                if kept.contains(&i) {
                    continue;
                }
                kept.push(i);
                let trial: Vec<Held> = kept.iter().map(|&j| held[j].clone()).collect();
                match self.feasible(&trial)? {
                    Feasibility::Possible => {}
                    Feasibility::Impossible(_) => {
                        kept.pop();
                    }
                    Feasibility::Stopped => return Ok(WhyNot::Stopped),
                }
            }
            corrections.push((0..held.len()).filter(|i| !kept.contains(i)).collect());
        }
    }

    fn feasible(&mut self, held: &[Held]) -> Result<Feasibility> {
        self.engine.feasibility(&lits_of_all(held))
    }

    /// Every literal in force.
    fn base(&self) -> Vec<Lit> {
        self.held().flat_map(|h| h.lits.iter().copied()).collect()
    }

    /// The literals that say `assumption`.
    fn lits_of(&self, assumption: &Assumption) -> Result<Vec<Lit>> {
        match assumption {
            Assumption::Fixed { cell, kind } => {
                let kind = match (kind, self.pieces.len()) {
                    (Some(k), _) => *k,
                    (None, 1) => 0,
                    (None, _) => {
                        return Err(Error::usage(
                            "the model has several kinds of piece: say which kind to fix",
                        ))
                    }
                };
                Ok(vec![self.piece(*cell, kind)?.positive()])
            }
            Assumption::Forbidden { cell, kind } => {
                let kinds: Vec<usize> = match kind {
                    Some(k) => vec![*k],
                    None => (0..self.pieces.len()).collect(),
                };
                // A cell no piece can stand on is empty already: nothing to say.
                kinds
                    .into_iter()
                    .filter_map(|k| self.piece(*cell, k).ok())
                    .map(Var::negative)
                    .map(Ok)
                    .collect()
            }
            Assumption::Named { name, value } => {
                let index = self.names.iter().position(|n| n == name).ok_or_else(|| {
                    Error::usage(format!("the model has no variable named {name:?}"))
                })?;
                let var = Var::from_dimacs(index as u32 + 1);
                Ok(vec![if *value {
                    var.positive()
                } else {
                    var.negative()
                }])
            }
        }
    }

    /// The variable of a piece of `kind` on `cell`.
    fn piece(&self, cell: usize, kind: usize) -> Result<Var> {
        if cell >= self.board.n_cells() {
            return Err(Error::usage(format!("cell {cell} is off the board")));
        }
        let column = self
            .pieces
            .get(kind)
            .ok_or_else(|| Error::usage(format!("the model has no kind number {kind}")))?;
        column[cell].ok_or_else(|| {
            Error::usage(format!(
                "no piece can stand on {:?} (a wall, or a cell the model leaves out)",
                self.board.coords(cell)
            ))
        })
    }
}

/// A set of the fewest of `0..n` that meets every one of `sets`:
/// iterative deepening, branching on the members of a set not yet met.
fn least_hitting_set(sets: &[Vec<usize>], n: usize) -> Vec<usize> {
    fn hit(sets: &[Vec<usize>], chosen: &mut Vec<usize>, budget: usize) -> bool {
        let Some(unmet) = sets.iter().find(|s| !s.iter().any(|i| chosen.contains(i))) else {
            return true;
        };
        if budget == 0 {
            return false;
        }
        for &i in unmet {
            chosen.push(i);
            if hit(sets, chosen, budget - 1) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    for budget in 0..=n {
        let mut chosen = Vec::new();
        if hit(sets, &mut chosen, budget) {
            chosen.sort_unstable();
            return chosen;
        }
    }
    (0..n).collect()
}

fn lits_of_all(held: &[Held]) -> Vec<Lit> {
    held.iter().flat_map(|h| h.lits.iter().copied()).collect()
}

/// The assumptions of `held` with a literal among `failed`.
fn in_core(held: &[Held], failed: &[Lit]) -> Vec<Held> {
    held.iter()
        .filter(|h| h.lits.iter().any(|l| failed.contains(l)))
        .cloned()
        .collect()
}
