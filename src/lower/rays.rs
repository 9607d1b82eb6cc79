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

use super::Builder;
use crate::model::names::direction as direction_name;
use crate::model::{Constraint, Lit, Var};
use crate::options::RayEncoding;

impl Builder<'_> {
    /// `seen(cell, d)` for the signed rider direction `d`; `None` when no
    /// piece can ever be seen there.
    pub(super) fn seen(&mut self, cell: usize, d: usize) -> Option<Lit> {
        if let Some(&known) = self.seen_memo.get(&(cell, d)) {
            return known;
        }
        let v = self.signed_riders[d].clone();
        let ray = self.board.ray(cell, &v);
        let lit = if self.rays == RayEncoding::Chain && !self.closes_on_itself(cell, &v, &ray) {
            self.seen_chain(cell, d, &ray)
        } else {
            self.seen_direct(cell, d, &ray)
        };
        self.seen_memo.insert((cell, d), lit);
        lit
    }

    /// Whether the ray from `cell` went all around a torus cycle.
    fn closes_on_itself(&self, cell: usize, v: &[i64], ray: &[usize]) -> bool {
        let end = ray.last().copied().unwrap_or(cell);
        self.board.is_torus() && self.board.step(end, v) == Some(cell)
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

    /// The chain: `seen` of every cell of the ray, from the far end back.
    fn seen_chain(&mut self, cell: usize, d: usize, ray: &[usize]) -> Option<Lit> {
        let mut order: Vec<usize> = vec![cell];
        order.extend_from_slice(ray);
        // seen of the last cell of the ray: nothing lies beyond it.
        let mut beyond: Option<Lit> = None;
        if let Some(&last) = order.last() {
            self.seen_memo.insert((last, d), None);
        }
        for i in (0..order.len() - 1).rev() {
            let (c, next) = (order[i], order[i + 1]);
            if let Some(&known) = self.seen_memo.get(&(c, d)) {
                beyond = known;
                continue;
            }
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
            let lit = self.or_of(lits, |b| b.seen_var(c, d));
            self.seen_memo.insert((c, d), lit);
            beyond = lit;
        }
        beyond
    }
}
