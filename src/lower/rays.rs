//! The ray indicators shared by `rule attacks` and `rule dominate`:
//! `seen(c, v)` is true exactly when some piece stands on the ray from `c`
//! along `v` before any wall (fixed or chosen). For `attacks` that is "the
//! piece on `c` attacks one piece in direction `v`" (the first one); for
//! `dominate` it is "a piece along `v` attacks `c`".
//!
//! Two encodings (`--rays`):
//! * direct — `seen <-> OR(x on the ray)`, one definition per cell and
//!   direction, quadratic in the ray length; with free walls each ray gets a
//!   chain of "still open" variables, still one per cell of the ray;
//! * chain — `seen(c,v) <-> x(c+v) OR seen(c+v,v)` (with free walls
//!   `x(c+v) OR (!wall(c+v) AND seen(c+v,v))`), constant size per cell and
//!   direction, shared along the line.
//!
//! A torus line without fixed walls is a cycle, where the chain would define
//! `seen` in terms of itself; its rays always use the direct form.
//!
//! The chain is built in time linear in cells × directions: asked for one
//! cell, it walks forward only to the first cell already defined (each cell
//! is walked over once in all), and the definitions live in a dense table.

use super::Builder;
use crate::model::names::direction as direction_name;
use crate::model::{Constraint, Lit, Var};
use crate::options::RayEncoding;

/// What is known of `seen(cell, d)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// Not defined yet.
    Unknown,
    /// Defined by the chain (`None`: no piece can ever be seen there).
    Chain(Option<Lit>),
    /// Defined over the whole ray at once: `--rays direct`, or a line that
    /// is a torus cycle without fixed walls.
    Direct(Option<Lit>),
}

/// `seen` of every cell and signed rider direction, in a table indexed by
/// `cell * directions + d`: every pair of a line is asked for in turn, and
/// a dense table costs less than hashing the pairs. Allocated at the first
/// definition (most models have none).
pub(super) struct SeenTable {
    cells: usize,
    directions: usize,
    entries: Vec<Seen>,
}

impl SeenTable {
    pub(super) fn new(cells: usize, directions: usize) -> SeenTable {
        SeenTable {
            cells,
            directions,
            entries: Vec::new(),
        }
    }

    fn get(&self, cell: usize, d: usize) -> Seen {
        self.entries
            .get(cell * self.directions + d)
            .copied()
            .unwrap_or(Seen::Unknown)
    }

    fn set(&mut self, cell: usize, d: usize, seen: Seen) {
        if self.entries.is_empty() {
            self.entries = vec![Seen::Unknown; self.cells * self.directions];
        }
        self.entries[cell * self.directions + d] = seen;
    }
}

impl Builder<'_> {
    /// `seen(cell, d)` for the signed rider direction `d`; `None` when no
    /// piece can ever be seen there.
    pub(super) fn seen(&mut self, cell: usize, d: usize) -> Option<Lit> {
        match self.seen_table.get(cell, d) {
            Seen::Chain(known) | Seen::Direct(known) => return known,
            Seen::Unknown => {}
        }
        if self.rays == RayEncoding::Chain {
            if let Some((cells, beyond)) = self.walk(cell, d) {
                return self.seen_chain(d, &cells, beyond);
            }
        }
        let ray = self.ray(cell, &self.signed_riders[d]);
        let lit = self.seen_direct(cell, d, &ray);
        self.seen_table.set(cell, d, Seen::Direct(lit));
        lit
    }

    /// The cells along the ray from `cell` (not yet defined) in direction
    /// `d`, from `cell` to the first cell whose `seen` is known or to the
    /// ray's last cell, and that last cell's `seen` (`None` at the ray's
    /// end: nothing lies beyond). `None` when the ray comes back to `cell`:
    /// a torus cycle without fixed walls. Each cell is walked over once in
    /// all, as the chain then defines every cell walked.
    fn walk(&self, cell: usize, d: usize) -> Option<(Vec<usize>, Option<Lit>)> {
        let v = &self.signed_riders[d];
        let mut cells = vec![cell];
        let mut at = cell;
        loop {
            let next = match self.step(at, v) {
                Some(next) if next == cell => return None,
                Some(next) if !self.board.is_wall(next) => next,
                // The edge, or a fixed wall: nothing lies beyond `at`.
                _ => return Some((cells, None)),
            };
            cells.push(next);
            match self.seen_table.get(next, d) {
                Seen::Unknown => at = next,
                Seen::Chain(known) => return Some((cells, known)),
                // Only the cells of a cycle without fixed walls are direct.
                Seen::Direct(_) => return None,
            }
        }
    }

    fn seen_var(&mut self, cell: usize, d: usize) -> Var {
        let dir = direction_name(&self.signed_riders[d]);
        self.aux("seen", cell, &dir)
    }

    /// `def <-> OR(lits)`, or a constant/alias when `lits` has 0 or 1 element.
    fn or_of(&mut self, lits: Vec<Lit>, name: impl FnOnce(&mut Self) -> Var) -> Option<Lit> {
        match lits.len() {
            0 => None,
            1 => Some(lits[0]),
            _ => {
                let def = name(self).positive();
                let origin = self.model.origin("rays");
                self.add(Constraint::OrDef { def, lits }, origin);
                Some(def)
            }
        }
    }

    /// `a AND b` as a literal (`None` stands for "true").
    fn and_of(
        &mut self,
        a: Option<Lit>,
        b: Option<Lit>,
        name: impl FnOnce(&mut Self) -> Var,
    ) -> Option<Lit> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => {
                let def = name(self).positive();
                let origin = self.model.origin("rays");
                // def <-> a AND b  is  !def <-> OR(!a, !b)
                self.add(
                    Constraint::OrDef {
                        def: !def,
                        lits: vec![!a, !b],
                    },
                    origin,
                );
                Some(def)
            }
        }
    }

    fn seen_direct(&mut self, cell: usize, d: usize, ray: &[usize]) -> Option<Lit> {
        if !self.spec.free_walls {
            let lits: Vec<Lit> = ray.iter().filter_map(|&c| self.placeable(c)).collect();
            return self.or_of(lits, |b| b.seen_var(cell, d));
        }
        let dir = direction_name(&self.signed_riders[d]);
        // open: no chosen wall so far (None = certainly open).
        let mut open: Option<Lit> = None;
        let mut terms = Vec::new();
        for (i, &r) in ray.iter().enumerate() {
            if let Some(x) = self.placeable(r) {
                let t = self.and_of(Some(x), open, |b| {
                    b.aux("see", cell, &format!("{dir}_{}", i + 1))
                });
                terms.extend(t);
            }
            if let Some(w) = self.wall(r) {
                open = self.and_of(open, Some(!w), |b| {
                    b.aux("open", cell, &format!("{dir}_{}", i + 1))
                });
            }
        }
        self.or_of(terms, |b| b.seen_var(cell, d))
    }

    /// The chain along the cells of a walk, from its far end back:
    /// `seen(c) <-> x(next) OR (next is no wall AND seen(next))`, where
    /// `beyond` is `seen` of the walk's last cell.
    fn seen_chain(&mut self, d: usize, cells: &[usize], mut beyond: Option<Lit>) -> Option<Lit> {
        let last = *cells.last().expect("a walk holds its start");
        self.seen_table.set(last, d, Seen::Chain(beyond));
        for pair in cells.windows(2).rev() {
            let (c, next) = (pair[0], pair[1]);
            // A piece seen beyond `next` counts only if `next` is no wall.
            let through = match (beyond, self.wall(next)) {
                (None, _) => None,
                (Some(s), None) => Some(s),
                (Some(s), Some(w)) => self.and_of(Some(!w), Some(s), |b| {
                    let dir = direction_name(&b.signed_riders[d]);
                    b.aux("pass", c, &dir)
                }),
            };
            let lits: Vec<Lit> = self.placeable(next).into_iter().chain(through).collect();
            beyond = self.or_of(lits, |b| b.seen_var(c, d));
            self.seen_table.set(c, d, Seen::Chain(beyond));
        }
        beyond
    }
}
