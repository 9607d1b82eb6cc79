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

use super::swaps::{kind_permutations, product, KindPerm, KindSymmetry};
use crate::board::sets::{sets, shortest_binding};
use crate::board::symmetry::{board_group_keeping, generated, SignedPerm};
use crate::board::Board;
use crate::language::Spec;
use crate::lower::{marks, Builder};
use crate::model::{Constraint, HintKind, Lit, OriginId, PieceKind};
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

/// The symmetry group of a model of several kinds: each symmetry of its
/// board ([`symmetry_group_within`]) with each permutation of its kinds
/// that carries the model onto itself ([`kind_permutations`]), the
/// identity first. `Err` with generators of the group when it has more
/// than `limit` elements.
pub fn kind_symmetry_group(
    spec: &Spec,
    board: &Board,
    limit: u128,
) -> Result<Vec<KindSymmetry>, Vec<KindSymmetry>> {
    let perms = kind_permutations(spec);
    let identity_perm = &perms[..1];
    let d = board.dims().len();
    match symmetry_group_within(spec, board, limit) {
        Ok(group) if (group.len() * perms.len()) as u128 <= limit => Ok(product(&group, &perms)),
        Ok(group) => Err(generators_of_product(d, &group[1..], identity_perm, &perms)),
        Err(generators) => Err(generators_of_product(d, &generators, identity_perm, &perms)),
    }
}

/// Generators of a product group: each board generator with the kinds
/// kept, and each kind permutation on the board kept.
fn generators_of_product(
    d: usize,
    board_generators: &[SignedPerm],
    identity_perm: &[KindPerm],
    perms: &[KindPerm],
) -> Vec<KindSymmetry> {
    let identity = [SignedPerm::identity(d)];
    let mut out = product(board_generators, identity_perm);
    out.extend(product(&identity, &perms[1..]));
    out
}

/// The sets of the scoped counts, one family per bound: counts with the
/// same comparison and bound (`count per row == 1`, `count per column ==
/// 1`) make one family, so a symmetry may carry rows onto columns.
///
/// The counts of one kind (`count star per region == 2`) make families of
/// their own: a board symmetry keeps each kind's sets, and the kinds'
/// permutations ([`kind_permutations`]) rename the kinds of these counts
/// among themselves.
fn scoped_families(spec: &Spec, board: &Board) -> Vec<Vec<Vec<usize>>> {
    type Key = (Option<usize>, u8, u32);
    let mut families: BTreeMap<Key, BTreeSet<Vec<usize>>> = BTreeMap::new();
    for count in &spec.scoped_counts() {
        let shortest = shortest_binding(&count.scope, count.only_at_most());
        let key = (count.kind, count.rel as u8, count.k);
        let family = families.entry(key).or_default();
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
        if self.spec.has_kinds() {
            // Each kind kept: a piece's image is a piece of its own kind.
            let kinds: Vec<PieceKind> = (0..self.spec.kinds.len()).collect();
            for g in maps {
                self.symmetric_kinds_hint(text, g, &kinds);
            }
            let names: Vec<String> = maps.iter().map(SignedPerm::name).collect();
            return HintKind::Restricting(format!(
                "only solutions invariant under {}, each kind kept",
                names.join(" and ")
            ));
        }
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

    /// Only solutions invariant under `board` renaming kind `k` to
    /// `kinds[k]`: each piece of a kind implies its image's piece (round
    /// each cycle of positions, they are equal).
    pub(super) fn symmetric_kinds_hint(
        &mut self,
        text: &str,
        board: &SignedPerm,
        kinds: &[PieceKind],
    ) -> HintKind {
        let origin = self.model.origin(text);
        let g = KindSymmetry {
            board: board.clone(),
            kinds: kinds.to_vec(),
        };
        let n = self.board.n_cells();
        for (p, image) in g.position_map(self.board).into_iter().enumerate() {
            let from = self.of_kind(p / n, p % n);
            let to = self.of_kind(image / n, image % n);
            let clause = match (from, to) {
                (None, _) => continue,
                (Some(a), Some(b)) if a == b => continue,
                (Some(a), Some(b)) => vec![!a, b],
                (Some(a), None) => vec![!a],
            };
            self.add(Constraint::Clause(clause), origin);
        }
        HintKind::Restricting(format!(
            "only solutions invariant under {} renaming the kinds",
            board.name()
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
        if self.spec.has_kinds() {
            return self.break_kind_symmetry_hint(text);
        }
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

    /// `hint break_symmetry` on a model of several kinds: the decision
    /// vector is the kinds' layers one after the other (every cell's piece
    /// of the first kind, then of the second, ...), and each symmetry moves
    /// the cells and renames the kinds ([`KindSymmetry::position_map`]).
    fn break_kind_symmetry_hint(&mut self, text: &str) -> HintKind {
        let origin = self.model.origin(text);
        let n = self.board.n_cells();
        let (group, whole) = match kind_symmetry_group(self.spec, self.board, GROUP_LIMIT) {
            Ok(group) => (group, true),
            Err(generators) => {
                let d = self.board.dims().len();
                let identity = KindSymmetry {
                    board: SignedPerm::identity(d),
                    kinds: (0..self.spec.kinds.len()).collect(),
                };
                (std::iter::once(identity).chain(generators).collect(), false)
            }
        };
        let decided: Vec<Option<Lit>> = (0..self.spec.kinds.len() * n)
            .map(|p| self.of_kind(p / n, p % n))
            .collect();
        for (index, g) in group.iter().enumerate().skip(1) {
            let map = g.position_map(self.board);
            let pairs: Vec<(usize, Lit, Lit)> = decided
                .iter()
                .enumerate()
                .filter_map(|(p, &lit)| match (lit, decided[map[p]]) {
                    (Some(a), Some(b)) if a != b => Some((p % n, a, b)),
                    _ => None,
                })
                .collect();
            self.lex_leq(&pairs, index, origin);
        }
        let order = group.len();
        let perms = kind_permutations(self.spec).len();
        HintKind::OnePerClass(if whole {
            format!(
                "one solution per class of the group of order {order}: the board's {} symmetries times {perms} permutations of the kinds",
                order / perms
            )
        } else {
            format!(
                "at least one solution per symmetry class: {} generators of the group of the board and the kinds are broken",
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
