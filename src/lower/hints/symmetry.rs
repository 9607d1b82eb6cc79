//! `hint symmetric G` and `hint break_symmetry`: both restricting.
//!
//! * symmetric — only solutions invariant under each given map: `x_c ->
//!   x_g(c)` for every cell (a cycle of implications is an equivalence), and
//!   the same for chosen walls; a fixed wall whose image cannot be a wall
//!   leaves no invariant solution.
//! * break_symmetry — one solution per class of the board's symmetry group
//!   (the box's signed permutations that keep walls, fixed and forbidden
//!   cells in place, and carry each scoped count's sets — rows, regions,
//!   lines, a box — onto sets of the same count; with `walls free` acting on pieces and walls together):
//!   for every symmetry `g`, the decision vector (pieces and chosen walls,
//!   cell by cell) is lexicographically at most its image under `g`, so only
//!   the least member of each class stays. The comparison is the compact
//!   chain of equal-prefix variables `e_i`, three clauses per position that
//!   `g` moves. Boxes with more than [`GROUP_LIMIT`] symmetries use the
//!   generators only: at least one solution per class is kept.

use crate::board::sets::{sets, shortest_binding};
use crate::board::symmetry::{board_group_keeping, generated, SignedPerm};
use crate::board::Board;
use crate::language::Spec;
use crate::lower::{marks, Builder};
use crate::model::{Constraint, HintKind, Lit, OriginId};
use std::collections::{BTreeMap, BTreeSet};

/// Boxes with more symmetries than [`GROUP_LIMIT`] get lex-leader
/// constraints for the generators of their group only.
pub use crate::board::symmetry::GROUP_LIMIT;

/// The symmetry group of `spec`'s board as `hint break_symmetry` breaks
/// it: the box's signed permutations that keep walls, fixed and forbidden
/// cells in place and each scoped count's sets among themselves, identity
/// first. `Err` with generators of the group
/// (the identity not among them) when it has more than [`GROUP_LIMIT`]
/// elements.
pub fn symmetry_group(spec: &Spec, board: &Board) -> Result<Vec<SignedPerm>, Vec<SignedPerm>> {
    symmetry_group_within(spec, board, GROUP_LIMIT)
}

/// [`symmetry_group`], listed up to `limit` elements.
pub fn symmetry_group_within(
    spec: &Spec,
    board: &Board,
    limit: u128,
) -> Result<Vec<SignedPerm>, Vec<SignedPerm>> {
    let fixed = marks(board, &spec.fixed);
    let forbidden = marks(board, &spec.forbidden);
    let families = scoped_families(spec, board);
    board_group_keeping(board, &[&fixed, &forbidden], &families, limit).or_else(|generators| {
        generated(&generators, board.dims().len(), limit as usize).ok_or(generators)
    })
}

/// The sets of the scoped counts, one family per bound: counts with the
/// same comparison and bound (`count per row == 1`, `count per column ==
/// 1`) make one family, so a symmetry may carry rows onto columns.
fn scoped_families(spec: &Spec, board: &Board) -> Vec<Vec<Vec<usize>>> {
    let mut families: BTreeMap<(u8, u32), BTreeSet<Vec<usize>>> = BTreeMap::new();
    for count in &spec.scoped_counts {
        let shortest = shortest_binding(&count.scope, count.only_at_most());
        let family = families.entry((count.rel as u8, count.k)).or_default();
        family.extend(sets(board, &count.scope, spec.regions.as_ref(), shortest));
    }
    families
        .into_values()
        .map(|f| f.into_iter().collect())
        .collect()
}

/// What a cell holds for certain, or the literal that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    False,
    True,
    Decided(Lit),
}

impl Builder<'_> {
    fn piece_state(&self, cell: usize) -> State {
        self.placeable(cell).map_or(State::False, State::Decided)
    }

    fn wall_state(&self, cell: usize) -> State {
        if self.board.is_wall(cell) {
            State::True
        } else {
            self.wall(cell).map_or(State::False, State::Decided)
        }
    }

    /// `from -> to`.
    fn implication(&mut self, from: State, to: State, origin: OriginId) {
        let clause = match (from, to) {
            (State::False, _) | (_, State::True) => return,
            (State::True, State::False) => vec![],
            (State::True, State::Decided(b)) => vec![b],
            (State::Decided(a), State::False) => vec![!a],
            (State::Decided(a), State::Decided(b)) if a == b => return,
            (State::Decided(a), State::Decided(b)) => vec![!a, b],
        };
        self.add(Constraint::Clause(clause), origin);
    }

    /// `hint symmetric G ...`.
    pub(super) fn symmetric_hint(&mut self, text: &str, maps: &[SignedPerm]) -> HintKind {
        let origin = self.model.origin(text);
        for g in maps {
            let map = g.cell_map(self.board);
            for (c, &image) in map.iter().enumerate() {
                self.implication(self.piece_state(c), self.piece_state(image), origin);
                self.implication(self.wall_state(c), self.wall_state(image), origin);
            }
        }
        let names: Vec<String> = maps.iter().map(SignedPerm::name).collect();
        HintKind::Restricting(format!(
            "only solutions invariant under {}",
            names.join(" and ")
        ))
    }

    /// The decision literals, cell by cell (piece, then chosen wall), each
    /// with its cell and kind (`false` piece, `true` wall).
    fn decision_vector(&self) -> Vec<(usize, bool, Lit)> {
        let mut out = Vec::new();
        for c in 0..self.board.n_cells() {
            if let State::Decided(x) = self.piece_state(c) {
                out.push((c, false, x));
            }
            if let State::Decided(w) = self.wall_state(c) {
                out.push((c, true, w));
            }
        }
        out
    }

    /// `hint break_symmetry`.
    pub(super) fn break_symmetry_hint(&mut self, text: &str) -> HintKind {
        let origin = self.model.origin(text);
        let (group, whole) = match symmetry_group(self.spec, self.board) {
            Ok(group) => (group, true),
            Err(generators) => {
                let mut with_identity = vec![SignedPerm::identity(self.board.dims().len())];
                with_identity.extend(generators);
                (with_identity, false)
            }
        };
        let vector = self.decision_vector();
        for (index, g) in group.iter().enumerate().skip(1) {
            let map = g.cell_map(self.board);
            let pairs: Vec<(usize, Lit, Lit)> = vector
                .iter()
                .filter_map(|&(c, is_wall, lit)| {
                    let image = if is_wall {
                        self.wall_state(map[c])
                    } else {
                        self.piece_state(map[c])
                    };
                    match image {
                        State::Decided(other) if other != lit => Some((c, lit, other)),
                        _ => None,
                    }
                })
                .collect();
            self.lex_leq(&pairs, index, origin);
        }
        let order = group.len();
        HintKind::OnePerClass(if whole {
            format!("one solution per class of the board's symmetry group of order {order}")
        } else {
            format!(
                "at least one solution per symmetry class: {} generators of the board's group are broken",
                order - 1
            )
        })
    }

    /// `(a_1, a_2, ...) <=lex (b_1, b_2, ...)` with false < true, for the
    /// pairs `(cell, a_i, b_i)` of symmetry number `index`.
    fn lex_leq(&mut self, pairs: &[(usize, Lit, Lit)], index: usize, origin: OriginId) {
        // e: "the prefix before this position is equal" (None: certainly).
        let mut equal: Option<Lit> = None;
        for (i, &(cell, a, b)) in pairs.iter().enumerate() {
            let guard: Vec<Lit> = equal.map(|e| !e).into_iter().collect();
            let with = |extra: &[Lit]| guard.iter().chain(extra).copied().collect::<Vec<_>>();
            self.add(Constraint::Clause(with(&[!a, b])), origin);
            if i + 1 == pairs.len() {
                break;
            }
            let next = self.aux("lex", cell, &format!("g{index}_{i}")).positive();
            self.add(Constraint::Clause(with(&[!a, next])), origin);
            self.add(Constraint::Clause(with(&[b, next])), origin);
            equal = Some(next);
        }
    }
}
