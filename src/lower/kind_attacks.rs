//! `rule white attacks == 2` in a model of several kinds: every piece of
//! the kind attacks exactly (at most, at least) k pieces, of any kind. A
//! ray of the kind's rider attacks the first piece on it, whatever its
//! kind, before any wall; a leap attacks the piece it lands on.
//!
//! Each ray's indicator is a chain over every kind's pieces: `seen(c, u)
//! <-> (a piece on c+u) or seen(c+u, u)`, shared by every cell of a line
//! and by every such rule; a piece on a cell is the disjunction of its
//! kinds' variables (at most one holds). The count is the cardinality of
//! the kind's rays seen and the pieces its leaps land on, guarded by the
//! kind's variable on the cell. The checker keeps these rules off a torus
//! and off kinds whose leap lands on their own line, where two moves would
//! reach one cell and one attack be counted twice.

use super::Builder;
use crate::model::names::direction;
use crate::model::{Constraint, Lit, OriginId, PieceKind, Rel};

/// `seen` of a cell and signed rider step, for every piece whatever its
/// kind (`None`: no piece can be seen there).
pub(super) type AnySeen = std::collections::HashMap<(usize, Vec<i64>), Option<Lit>>;

impl Builder<'_> {
    /// `rule <kind> attacks rel k`.
    pub(super) fn kind_attacks(&mut self, kind: PieceKind, rel: Rel, k: u32) {
        let name = &self.spec.kinds[kind].name;
        let origin = self
            .model
            .origin(&format!("rule {name} attacks {} {k}", rel.written()));
        let moves = super::canonical_moves(&self.spec.kinds[kind].piece, self.spec);
        let (steps, leaps) = (super::signed(&moves.riders), super::signed(&moves.leapers));
        for cell in 0..self.board.n_cells() {
            let Some(guard) = self.of_kind(kind, cell) else {
                continue;
            };
            let mut lits: Vec<Lit> = Vec::new();
            for u in &steps {
                lits.extend(self.seen_any(cell, u, origin));
            }
            for v in &leaps {
                if let Some(to) = self.board.step(cell, v).filter(|&t| t != cell) {
                    lits.extend(self.occupants(to).collect::<Vec<_>>());
                }
            }
            let card = Constraint::Card {
                lits,
                rel,
                k,
                guard: Some(guard),
            };
            self.add(card, origin);
        }
    }

    /// `seen(cell, u)`: a piece of any kind stands on the ray from `cell`
    /// along `u` (walls and the board's edge end it). Defined from the
    /// ray's far end back, each cell once; written under the origin of the
    /// first rule that asks.
    fn seen_any(&mut self, cell: usize, u: &[i64], origin: OriginId) -> Option<Lit> {
        let key = (cell, u.to_vec());
        if let Some(&known) = self.any_seen.get(&key) {
            return known;
        }
        let mut ray = vec![cell];
        while let Some(next) = self.board.step(*ray.last().unwrap_or(&cell), u) {
            if self.board.is_wall(next) || self.any_seen.contains_key(&(next, u.to_vec())) {
                ray.push(next);
                break;
            }
            ray.push(next);
        }
        self.walked(ray.len());
        let dir = direction(u);
        for i in (0..ray.len().saturating_sub(1)).rev() {
            let (here, next) = (ray[i], ray[i + 1]);
            let lit = if self.board.is_wall(next) {
                None
            } else {
                let beyond = self.any_seen.get(&(next, u.to_vec())).copied().flatten();
                let mut lits: Vec<Lit> = self.occupants(next).collect();
                lits.extend(beyond);
                match lits.as_slice() {
                    [] => None,
                    [one] => Some(*one),
                    _ => {
                        let def = self.aux("seen_any", here, &dir).positive();
                        self.add(Constraint::OrDef { def, lits }, origin);
                        Some(def)
                    }
                }
            };
            self.any_seen.insert((here, u.to_vec()), lit);
        }
        self.any_seen.get(&key).copied().flatten()
    }
}
