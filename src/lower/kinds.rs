//! Several kinds of piece (`piece white queen`, `piece black queen`): a
//! variable a kind and cell (`x_…` for the first kind, `x1_…`, `x2_…` for
//! the others), at most one piece a cell, the rules between kinds, the
//! counts of a kind and two kinds' counts compared (a bound on a kind whose
//! count is said equal to others' bounds theirs too).
//!
//! `rule A no_attack B` in a model of two kinds is the line view: on a
//! wall-free segment of one of A's lines, pieces of A and of B never stand
//! together (with only A and B on it, two such pieces with nothing between
//! would follow each other somewhere along it, and the A attacks the B),
//! said by one indicator a kind and segment, `has_A -> not has_B`; A's
//! leaps by a clause a pair of cells.

use super::tied_counts;
use super::Builder;
use crate::model::names::{aux_var, direction, kind_piece_var};
use crate::model::{Constraint, Decision, Lit, OriginId, PieceKind, Rel, Var};

impl Builder<'_> {
    /// The piece variables of every kind (kind 0's are [`Builder::x`]).
    pub(super) fn kind_vars(&mut self) {
        self.kind_x = vec![self.x.clone()];
        if self.spec.has_kinds() {
            let names = self.spec.kinds.iter().map(|k| k.name.clone()).collect();
            let letters = self.spec.kinds.iter().map(|k| k.letter).collect();
            self.model.cells.set_kinds(names, letters);
        }
        for kind in 1..self.spec.kinds.len() {
            let vars = (0..self.board.n_cells())
                .map(|c| {
                    (!self.board.is_wall(c)).then(|| {
                        let cell = self.board.coords(c);
                        let var = self.model.new_var(kind_piece_var(kind, &cell));
                        self.model.cells.add(var, Decision::Piece { kind, cell });
                        var
                    })
                })
                .collect();
            self.kind_x.push(vars);
        }
    }

    /// The literal of a piece of `kind` on `cell`, where one may stand.
    pub(super) fn of_kind(&self, kind: PieceKind, cell: usize) -> Option<Lit> {
        if self.forbidden[cell] {
            return None;
        }
        self.kind_x[kind][cell].map(Var::positive)
    }

    /// The literals of a piece of every kind on `cell`, kinds in order.
    pub(super) fn occupants(&self, cell: usize) -> impl Iterator<Item = Lit> + '_ {
        (0..self.kind_x.len()).filter_map(move |k| self.of_kind(k, cell))
    }

    /// The literals of `kind`'s pieces (every kind's with `None`), in cell
    /// order.
    pub(super) fn pieces_of(&self, kind: Option<PieceKind>) -> Vec<Lit> {
        (0..self.board.n_cells())
            .flat_map(|c| self.pieces_at(kind, c))
            .collect()
    }

    /// The literals of `kind`'s piece on `cell` (every kind's with `None`).
    pub(super) fn pieces_at(&self, kind: Option<PieceKind>, cell: usize) -> Vec<Lit> {
        match kind {
            Some(k) => self.of_kind(k, cell).into_iter().collect(),
            None => self.occupants(cell).collect(),
        }
    }

    /// `count <kind> rel k`.
    fn kind_card(&mut self, kind: PieceKind, rel: Rel, k: u32, origin: OriginId) {
        let card = Constraint::Card {
            lits: self.pieces_of(Some(kind)),
            rel,
            k,
            guard: None,
        };
        self.add(card, origin);
    }

    /// At most one piece on a cell, of any kind.
    pub(super) fn one_piece_a_cell(&mut self) {
        if !self.spec.has_kinds() {
            return;
        }
        let origin = self.model.origin("one piece a cell");
        for c in 0..self.board.n_cells() {
            let lits: Vec<Lit> = self.occupants(c).collect();
            if lits.len() >= 2 {
                self.add(Constraint::AtMostOne(lits), origin);
            }
        }
    }

    /// `rule A no_attack B`: by the line view in a model of two kinds (see
    /// the module), by sight chains where a third kind may shield a piece
    /// or the rule is from a kind to itself ([`super::sight`]).
    pub(super) fn no_attack_on(&mut self, attacker: PieceKind, target: PieceKind) {
        let (a, t) = (&self.spec.kinds[attacker], &self.spec.kinds[target]);
        let text = format!("rule {} no_attack {}", a.name, t.name);
        let origin = self.model.origin(&text);
        if self.spec.kinds.len() > 2 || attacker == target {
            self.no_attack_by_sight(attacker, target, origin);
            return;
        }
        let moves = super::canonical_moves(&a.piece, self.spec);
        let board = self.board;
        let mut segments: Vec<Vec<usize>> = Vec::new();
        for v in &moves.riders {
            board.for_each_segment(v, |segment| {
                self.walked(segment.len());
                if segment.len() >= 2 {
                    segments.push(segment.to_vec());
                }
            });
            for segment in std::mem::take(&mut segments) {
                let dir = direction(v);
                let has_a = self.holds(attacker, &segment, &dir, origin);
                let has_t = self.holds(target, &segment, &dir, origin);
                if let (Some(ha), Some(ht)) = (has_a, has_t) {
                    self.add(Constraint::Clause(vec![!ha, !ht]), origin);
                }
            }
        }
        for v in &moves.leapers {
            for (p, q) in board.leaper_pairs(v) {
                for (from, to) in [(p, q), (q, p)] {
                    if let (Some(la), Some(lt)) =
                        (self.of_kind(attacker, from), self.of_kind(target, to))
                    {
                        self.add(Constraint::Clause(vec![!la, !lt]), origin);
                    }
                }
            }
        }
    }

    /// "A piece of `kind` stands on `segment`": implied by each of them
    /// (`None` when none can).
    fn holds(&mut self, kind: PieceKind, segment: &[usize], dir: &str, origin: u16) -> Option<Lit> {
        let lits: Vec<Lit> = segment
            .iter()
            .filter_map(|&c| self.of_kind(kind, c))
            .collect();
        if lits.is_empty() {
            return None;
        }
        let name = aux_var(&format!("has{kind}"), &self.board.coords(segment[0]), dir);
        let has = self.model.new_var(name).positive();
        for l in lits {
            self.add(Constraint::Clause(vec![!l, has]), origin);
        }
        Some(has)
    }

    /// `count white >= 9` and `count white == count black`.
    pub(super) fn kind_counts(&mut self) {
        let tied = tied_counts(self.spec);
        for count in self.spec.kind_counts() {
            let name = self.spec.kinds[count.kind].name.clone();
            let origin = self.model.origin(&format!("count {name}"));
            self.kind_card(count.kind, count.rel, count.k, origin);
            // The same bound on each kind whose count is said equal: the
            // linear row alone would tell it a solver only through the cells.
            for other in (0..tied.len()).filter(|&k| k != count.kind && tied[k] == tied[count.kind])
            {
                let text = format!(
                    "count {} (equal to count {name})",
                    self.spec.kinds[other].name
                );
                let origin = self.model.origin(&text);
                self.kind_card(other, count.rel, count.k, origin);
            }
        }
        for compared in self.spec.counts_compared() {
            let (l, r) = (
                &self.spec.kinds[compared.left],
                &self.spec.kinds[compared.right],
            );
            let text = format!(
                "count {} {} count {}",
                l.name,
                compared.rel.symbol(),
                r.name
            );
            let origin = self.model.origin(&text);
            let mut terms: Vec<(i64, Lit)> = self
                .pieces_of(Some(compared.left))
                .into_iter()
                .map(|l| (1, l))
                .collect();
            terms.extend(
                self.pieces_of(Some(compared.right))
                    .into_iter()
                    .map(|l| (-1, l)),
            );
            let rel: Rel = compared.rel;
            self.add(
                Constraint::Linear {
                    terms,
                    rel,
                    rhs: compared.offset,
                },
                origin,
            );
        }
    }
}
