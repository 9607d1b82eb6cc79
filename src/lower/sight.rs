//! `rule A no_attack B` where the line view of [`super::kinds`] does not
//! hold: in a model of three kinds or more a piece of a third kind may
//! stand between an A and a B and shield it, and a rule from a kind to
//! itself (`rule white no_attack white`) is about two pieces of one kind.
//!
//! Both are said by sight chains. Along each wall-free segment of A's rider
//! lines, walked each way, `sight_i` means "the first piece behind cell i
//! is an A": an A on the cell before sets it (`x_A(i-1) -> sight_i`), and
//! it passes over an empty cell (`sight_{i-1} and no piece on i-1 ->
//! sight_i`); a B may not stand where it holds (`sight_i -> not x_B(i)`).
//! Only the implications that force it are written: a solver may not set
//! it to dodge a B, and setting it where nothing forces it only forbids B.
//! A variable a cell, direction and way; two clauses and one conflict each.
//!
//! A torus line without walls is a cycle: its chain goes twice round, so
//! that every A reaches each cell ahead of it, and stops at the A itself
//! (its own cell holds a piece). A rule from a kind to itself on such a
//! line would have a lone A see itself: the checker refuses it.

use super::Builder;
use crate::model::names::{aux_var, direction};
use crate::model::{Constraint, Lit, OriginId, PieceKind};

impl Builder<'_> {
    /// `rule A no_attack B` by sight chains (see the module).
    pub(super) fn no_attack_by_sight(
        &mut self,
        attacker: PieceKind,
        target: PieceKind,
        origin: OriginId,
    ) {
        let moves = super::canonical_moves(&self.spec.kinds[attacker].piece, self.spec);
        let board = self.board;
        let prefix = format!("sight{attacker}to{target}");
        for v in &moves.riders {
            let back: Vec<i64> = v.iter().map(|d| -d).collect();
            for line in self.lines(v) {
                let open_cycle = line.cyclic && !line.cells.iter().any(|&c| board.is_wall(c));
                let walks: Vec<Vec<usize>> = if open_cycle {
                    vec![line.cells.iter().chain(&line.cells).copied().collect()]
                } else {
                    self.segments_of(&line)
                };
                for mut walk in walks.into_iter().filter(|w| w.len() >= 2) {
                    self.sight_chain(&prefix, attacker, target, &walk, v, origin);
                    walk.reverse();
                    self.sight_chain(&prefix, attacker, target, &walk, &back, origin);
                }
            }
        }
        for v in &moves.leapers {
            for (p, q) in self.leaper_pairs(v) {
                for (from, to) in [(p, q), (q, p)] {
                    if attacker == target && from > to {
                        // The same clause as the pair's other way.
                        continue;
                    }
                    if let (Some(la), Some(lt)) =
                        (self.of_kind(attacker, from), self.of_kind(target, to))
                    {
                        self.add(Constraint::Clause(vec![!la, !lt]), origin);
                    }
                }
            }
        }
    }

    /// One chain along `walk` (cells in the order walked, `step` the
    /// direction walked; twice round a cycle, its second lap named apart).
    fn sight_chain(
        &mut self,
        prefix: &str,
        attacker: PieceKind,
        target: PieceKind,
        walk: &[usize],
        step: &[i64],
        origin: OriginId,
    ) {
        let dir = direction(step);
        let mut seen_cells = vec![false; self.board.n_cells()];
        let mut sight: Option<Lit> = None;
        for (i, &cell) in walk.iter().enumerate() {
            if let (Some(s), Some(t)) = (sight, self.of_kind(target, cell)) {
                self.add(Constraint::Clause(vec![!s, !t]), origin);
            }
            let Some(&next) = walk.get(i + 1) else { break };
            let here = self.of_kind(attacker, cell);
            if here.is_none() && sight.is_none() {
                continue;
            }
            let lap = if seen_cells[next] { "r" } else { "" };
            seen_cells[next] = true;
            let name = aux_var(&format!("{prefix}{lap}"), &self.board.coords(next), &dir);
            let next_sight = self.model.new_var(name).positive();
            if let Some(a) = here {
                self.add(Constraint::Clause(vec![!a, next_sight]), origin);
            }
            if let Some(s) = sight {
                let mut passes = vec![!s];
                passes.extend(self.occupants(cell));
                passes.push(next_sight);
                self.add(Constraint::Clause(passes), origin);
            }
            sight = Some(next_sight);
        }
    }
}
