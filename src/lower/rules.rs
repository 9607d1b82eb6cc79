//! The rules between pieces.
//!
//! * `no_attack` — fixed walls: one at-most-one per wall-free segment of each
//!   rider line and a binary clause per leaper pair (the seeds' formulation).
//!   Free walls: along each line a chain `vis(i)` ("a piece is visible from
//!   position i looking forward") with `vis(i) <- x(i+1)`,
//!   `vis(i) <- !wall(i+1) AND vis(i+1)` and the conflict `!x(i) OR !vis(i)`:
//!   linear size instead of a clause per pair. A torus cycle without fixed
//!   walls adds the pairs that wrap around (see [`Builder::wrap_conflict`]).
//! * `attacks rel k` — `x(c) -> (number of pieces c attacks) rel k`, where a
//!   rider attacks the first piece on each ray ([`Builder::seen`]) and a
//!   leaper the pieces on its targets. Where two of a cell's moves can reach
//!   the same cell (a torus, unusual custom pieces) each attacked cell is
//!   counted once through per-target indicators.
//! * `dominate` — every non-wall cell holds a piece or is seen by one
//!   (walls block lines; pieces do not).

use super::Builder;
use crate::model::names::direction as direction_name;
use crate::model::{sorted_set, Constraint, Lit, Rel, Var};
use std::collections::{BTreeMap, HashSet};

impl Builder<'_> {
    pub(super) fn no_attack(&mut self) {
        let origin = self.model.origin("rule no_attack");
        // On a torus, lines and pairs of different directions can wrap onto
        // the same cells (a side of 2, a leaper along a rider's line): each
        // set of cells gets its constraint once.
        let mut written: HashSet<Vec<Lit>> = HashSet::new();
        let mut repeated = |lits: &[Lit], torus: bool| torus && !written.insert(sorted_set(lits));
        let torus = self.board.is_torus();
        let board = self.board;
        let mut lits: Vec<Lit> = Vec::new();
        for v in self.moves.riders.clone() {
            if !self.spec.free_walls {
                board.for_each_segment(&v, |segment| {
                    self.walked(segment.len());
                    lits.clear();
                    lits.extend(segment.iter().flat_map(|&c| self.occupants(c)));
                    if lits.len() >= 2 && !repeated(&lits, torus) {
                        self.add(Constraint::AtMostOne(lits.clone()), origin);
                    }
                });
                continue;
            }
            for line in self.lines(&v) {
                let has_fixed_wall = line.cells.iter().any(|&c| board.is_wall(c));
                if line.cyclic && !has_fixed_wall {
                    let vis0 = self.visibility_chain(&line.cells, &v, "vis", true);
                    self.wrap_conflict(&line.cells, &v, vis0);
                    continue;
                }
                for segment in self.segments_of(&line) {
                    self.visibility_chain(&segment, &v, "vis", true);
                }
            }
        }
        // Each leaper pair is met once unless a leap and its double, or a
        // leap and a rider's step, wrap onto each other: only then are the
        // pairs looked up (a million-cell torus of kings makes 24 million).
        let leaps_repeat = torus && leaps_may_repeat(&self.moves, board.dims());
        for v in self.moves.leapers.clone() {
            for (a, b) in self.leaper_pairs(&v) {
                let (at_a, at_b): (Vec<Lit>, Vec<Lit>) =
                    (self.occupants(a).collect(), self.occupants(b).collect());
                for &la in &at_a {
                    for &lb in &at_b {
                        if !repeated(&[la, lb], leaps_repeat) {
                            self.add(Constraint::Clause(vec![!la, !lb]), origin);
                        }
                    }
                }
            }
        }
    }

    /// A chain `vis(i)`: "a piece is visible from cell i of `cells` looking
    /// forward" (forced true by a piece next, or by an open next cell whose
    /// own `vis` holds). With `conflicts`, a piece never sees another:
    /// `!x(i) OR !vis(i)`. Returns `vis(0)` when it exists.
    fn visibility_chain(
        &mut self,
        cells: &[usize],
        v: &[i64],
        prefix: &str,
        conflicts: bool,
    ) -> Option<Lit> {
        let origin = self.model.origin("rule no_attack");
        let dir = direction_name(v);
        let mut vis_next: Option<Lit> = None; // vis(i+1)
        for i in (0..cells.len().saturating_sub(1)).rev() {
            let next = cells[i + 1];
            let x_next = self.placeable(next);
            if x_next.is_none() && vis_next.is_none() {
                continue;
            }
            let vis = self.aux(prefix, cells[i], &dir).positive();
            if let Some(x) = x_next {
                self.add(Constraint::Clause(vec![!x, vis]), origin);
            }
            if let Some(after) = vis_next {
                let mut clause = vec![!after, vis];
                clause.extend(self.wall(next));
                self.add(Constraint::Clause(clause), origin);
            }
            if conflicts {
                if let Some(x) = self.placeable(cells[i]) {
                    self.add(Constraint::Clause(vec![!x, !vis]), origin);
                }
            }
            vis_next = Some(vis);
        }
        vis_next
    }

    /// On a cycle without fixed walls, two pieces also see each other across
    /// the cut between the last and the first cell. With `A` = "from before
    /// the first cell, the first non-empty cell forward is a piece", `B` =
    /// "from after the last cell, the first non-empty cell backward is a
    /// piece" and `W` = "the cycle holds a wall": `!A OR !B OR !W`. (Without
    /// any wall, two pieces already meet inside the linear chain, and a
    /// single piece does not attack itself.) `vis0` is the forward chain's
    /// first variable.
    fn wrap_conflict(&mut self, cycle: &[usize], v: &[i64], vis0: Option<Lit>) {
        let walls: Vec<Lit> = cycle.iter().filter_map(|&c| self.wall(c)).collect();
        if cycle.len() < 2 || walls.is_empty() {
            return;
        }
        let origin = self.model.origin("rule no_attack");
        let a = self.entry_visibility(cycle, v, "wrap_a", vis0);
        let reversed: Vec<usize> = cycle.iter().rev().copied().collect();
        let back: Vec<i64> = v.iter().map(|x| -x).collect();
        let back_vis0 = self.visibility_chain(&reversed, &back, "back", false);
        let b = self.entry_visibility(&reversed, &back, "wrap_b", back_vis0);
        let (Some(a), Some(b)) = (a, b) else { return };
        let any_wall = self.aux("wrap_w", cycle[0], &direction_name(v)).positive();
        for w in walls {
            self.add(Constraint::Clause(vec![!w, any_wall]), origin);
        }
        self.add(Constraint::Clause(vec![!a, !b, !any_wall]), origin);
    }

    /// "Looking along `cells` from just before the first one, the first
    /// non-empty cell is a piece": forced true by `x(first)`, or by an open
    /// first cell and `vis0` (the chain's `vis(0)`).
    fn entry_visibility(
        &mut self,
        cells: &[usize],
        v: &[i64],
        name: &str,
        vis0: Option<Lit>,
    ) -> Option<Lit> {
        let origin = self.model.origin("rule no_attack");
        let x0 = self.placeable(cells[0]);
        if x0.is_none() && vis0.is_none() {
            return None;
        }
        let entry = self.aux(name, cells[0], &direction_name(v)).positive();
        if let Some(x) = x0 {
            self.add(Constraint::Clause(vec![!x, entry]), origin);
        }
        if let Some(inner) = vis0 {
            let mut clause = vec![!inner, entry];
            clause.extend(self.wall(cells[0]));
            self.add(Constraint::Clause(clause), origin);
        }
        Some(entry)
    }

    /// The cells each move of the piece on `cell` can reach: one list per
    /// signed rider direction (in ray order) and one per leaper target.
    pub(super) fn channels(&self, cell: usize) -> Vec<Channel> {
        let mut out: Vec<Channel> = self
            .signed_riders
            .iter()
            .map(|v| Channel::Ray(self.ray(cell, v)))
            .collect();
        for v in super::signed(&self.moves.leapers) {
            out.extend(self.leap_target(cell, &v).map(Channel::Leap));
        }
        out
    }

    pub(super) fn attacks(&mut self, rel: Rel, k: u32) {
        let origin = self.model.origin("rule attacks");
        let leaps = super::signed(&self.moves.leapers);
        let meetings = super::meetings::meetings(&self.signed_riders, &leaps);
        for cell in 0..self.board.n_cells() {
            let Some(x) = self.placeable(cell) else {
                continue;
            };
            // The whole rays only where two moves may reach one cell.
            let overlapping = self
                .moves_may_meet(cell, &meetings, &leaps)
                .then(|| self.channels(cell))
                .filter(|channels| channels_overlap(channels));
            let lits = match overlapping {
                Some(channels) => self.attacked_targets(cell, &channels),
                None => self.attack_indicators(cell, &leaps),
            };
            self.add(
                Constraint::Card {
                    lits,
                    rel,
                    k,
                    guard: Some(x),
                },
                origin,
            );
        }
    }

    /// One indicator per move, where no two moves reach the same cell:
    /// `seen` for each ray, the target piece for each leap.
    fn attack_indicators(&mut self, cell: usize, leaps: &[Vec<i64>]) -> Vec<Lit> {
        let mut lits = Vec::new();
        for d in 0..self.signed_riders.len() {
            lits.extend(self.seen(cell, d));
        }
        for v in leaps {
            lits.extend(self.leap_target(cell, v).and_then(|t| self.placeable(t)));
        }
        lits
    }

    /// The cell the leap `v` from `cell` lands on, if it is on the board,
    /// another cell and no wall.
    fn leap_target(&self, cell: usize, v: &[i64]) -> Option<usize> {
        self.step(cell, v)
            .filter(|&t| t != cell && !self.board.is_wall(t))
    }

    /// One indicator per attacked cell: `att(t) <-> OR over the moves that
    /// reach t of (x(t) AND nothing blocks before t)`.
    fn attacked_targets(&mut self, cell: usize, channels: &[Channel]) -> Vec<Lit> {
        let origin = self.model.origin("rule attacks");
        let mut reach: BTreeMap<usize, Vec<Lit>> = BTreeMap::new();
        for (n, ch) in channels.iter().enumerate() {
            let cells = match ch {
                Channel::Ray(ray) => ray.clone(),
                Channel::Leap(t) => vec![*t],
            };
            // blocked: some piece or wall among the cells passed so far.
            let mut blocked: Option<Lit> = None;
            for (i, &t) in cells.iter().enumerate() {
                let x = self.placeable(t);
                if let Some(x) = x {
                    let reached = match blocked {
                        None => x,
                        Some(b) => {
                            let u = self.aux("hit", cell, &format!("{n}_{i}")).positive();
                            self.add(
                                Constraint::OrDef {
                                    def: !u,
                                    lits: vec![!x, b],
                                },
                                origin,
                            );
                            u
                        }
                    };
                    reach.entry(t).or_default().push(reached);
                }
                let stops: Vec<Lit> = blocked.into_iter().chain(x).chain(self.wall(t)).collect();
                blocked = match stops.len() {
                    0 => None,
                    1 => Some(stops[0]),
                    _ => {
                        let b = self.aux("blk", cell, &format!("{n}_{i}")).positive();
                        self.add(
                            Constraint::OrDef {
                                def: b,
                                lits: stops,
                            },
                            origin,
                        );
                        Some(b)
                    }
                };
            }
        }
        let mut out = Vec::new();
        for (t, ways) in reach {
            if ways.len() == 1 {
                out.push(ways[0]);
            } else {
                let coords = self.board.coords(t);
                let suffix = coords
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("_");
                let att: Var = self.aux("att", cell, &suffix);
                self.add(
                    Constraint::OrDef {
                        def: att.positive(),
                        lits: ways,
                    },
                    origin,
                );
                out.push(att.positive());
            }
        }
        out
    }

    pub(super) fn dominate(&mut self) {
        let origin = self.model.origin("rule dominate");
        let leapers = super::signed(&self.moves.leapers);
        for t in 0..self.board.n_cells() {
            if self.board.is_wall(t) {
                continue;
            }
            let mut clause: Vec<Lit> = Vec::new();
            clause.extend(self.wall(t));
            clause.extend(self.placeable(t));
            for d in 0..self.signed_riders.len() {
                clause.extend(self.seen(t, d));
            }
            for v in &leapers {
                clause.extend(self.leap_target(t, v).and_then(|s| self.placeable(s)));
            }
            self.add(Constraint::Clause(sorted_set(&clause)), origin);
        }
    }
}

/// Whether on a torus of `dims` a pair of cells a leap of `moves` joins
/// may be met twice: a leap that wraps onto its own reverse (twice the
/// leap is no move at all), or onto a rider's step or its reverse (whose
/// line may be that pair). Distinct leaps never meet the same pair
/// otherwise: the moves are one of each direction and its reverse.
fn leaps_may_repeat(moves: &crate::board::Moves, dims: &[usize]) -> bool {
    let wrapped = |v: &[i64], times: i64| -> Vec<i64> {
        v.iter()
            .zip(dims)
            .map(|(&x, &n)| (times * x).rem_euclid(n as i64))
            .collect()
    };
    let zero = vec![0; dims.len()];
    moves.leapers.iter().any(|v| {
        wrapped(v, 2) == zero
            || moves
                .riders
                .iter()
                .any(|w| wrapped(v, 1) == wrapped(w, 1) || wrapped(v, 1) == wrapped(w, -1))
    })
}

/// What one move of a piece can reach from a cell.
pub(super) enum Channel {
    /// The cells of a ray, nearest first.
    Ray(Vec<usize>),
    /// A leaper target.
    Leap(usize),
}

pub(super) fn channels_overlap(channels: &[Channel]) -> bool {
    let mut seen = std::collections::HashSet::new();
    channels.iter().any(|ch| match ch {
        Channel::Ray(cells) => cells.iter().any(|c| !seen.insert(*c)),
        Channel::Leap(t) => !seen.insert(*t),
    })
}
