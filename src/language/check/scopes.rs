//! Scoped counts and regions: `count per row == 1`, `count in (0,0) (2,2)
//! <= 1`, `regions { ... }`. Each scope is checked against the board it
//! ranges over (rows and columns need a 2-D board, lines and diagonals no
//! torus, regions a picture of them), once every statement is read.

use super::Checker;
use crate::board::sets::{set_name, sets, shortest_binding, Regions, Scope};
use crate::diag::suggest::nearest;
use crate::diag::{Diagnostic, Span};
use crate::language::ast::*;
use crate::language::{Bound, ScopedCount, Spec};
use crate::model::Rel;

impl Checker<'_> {
    /// The regions a `regions { ... }` picture draws, one letter a region.
    pub(super) fn regions(&mut self, p: &Picture, dims: &[usize]) -> Option<Regions> {
        self.picture_matches(p, dims)?;
        let of_cell = p
            .rows
            .iter()
            .flat_map(|row| row.cells.iter().map(|&c| (c != '.').then_some(c)))
            .collect();
        Some(Regions::new(of_cell))
    }

    /// Every scoped count of `stmts`, checked against the rest of `spec`
    /// (its board, torus and regions).
    pub(super) fn scoped_counts(&mut self, stmts: &[Stmt], spec: &mut Spec) {
        let regions_failed = stmts
            .iter()
            .any(|s| matches!(s.kind, StmtKind::Regions(_)) && self.failed(s));
        for stmt in stmts {
            let StmtKind::ScopedCount { kind, scope, rel } = &stmt.kind else {
                continue;
            };
            let kind = match kind {
                Some(name) => match self.kind_of(name, &spec.kinds) {
                    Some(k) => Some(k),
                    None => continue,
                },
                None => None,
            };
            let scope = self.scope(scope, stmt.span, spec, regions_failed);
            let bound = self.relation(rel, "a count");
            if let (Some(scope), Some((rel, k))) = (scope, bound) {
                let count = ScopedCount {
                    kind,
                    scope,
                    rel,
                    k,
                };
                self.unmeetable(&count, stmt.span, spec);
                let bound = Bound::scoped(&count);
                if !spec.bounds.contains(&bound) {
                    spec.bounds.push(bound);
                }
            }
        }
    }

    /// The scope of a count; `regions_failed`: the model's regions picture
    /// is an error reported already, so a count per region is not refused
    /// again for the regions it does not draw.
    fn scope(
        &mut self,
        scope: &ScopeAst,
        at: Span,
        spec: &Spec,
        regions_failed: bool,
    ) -> Option<Scope> {
        match scope {
            ScopeAst::Per(word) => self.per(word, at, spec, regions_failed),
            ScopeAst::In(a, b) => {
                let (a, b) = (self.cell(a, &spec.dims), self.cell(b, &spec.dims));
                let (a, b) = (a?, b?);
                let low = a.iter().zip(&b).map(|(x, y)| *x.min(y)).collect();
                let high = a.iter().zip(&b).map(|(x, y)| *x.max(y)).collect();
                Some(Scope::Box { low, high })
            }
        }
    }

    fn per(&mut self, word: &Name, at: Span, spec: &Spec, regions_failed: bool) -> Option<Scope> {
        let Some(scope) = Scope::per(&word.text) else {
            let help = match nearest(&word.text, &Scope::PER_WORDS) {
                Some(best) => format!("did you mean `{best}`?"),
                None => format!("a count ranges over: {}", Scope::PER_WORDS.join(", ")),
            };
            self.report(
                Diagnostic::new(word.span, format!("unknown scope `{}`", word.text))
                    .with_help(help),
            );
            return None;
        };
        let d = spec.dims.len();
        let refusal = match scope {
            Scope::Row | Scope::Column if d != 2 => Some((
                format!(
                    "`count {}` needs a 2-D board, and this board has {d} dimensions",
                    scope.text()
                ),
                "`count per line` bounds the lines of every slope in any dimension; `count in` a box",
            )),
            Scope::Diagonal if d < 2 => Some((
                "a board of one dimension has no diagonals".to_string(),
                "`count per line` bounds its one line",
            )),
            Scope::Diagonal | Scope::Line if spec.torus => Some((
                format!(
                    "`count {}` on a torus: its lines wrap around and meet themselves",
                    scope.text()
                ),
                "take `torus` away, or bound rows and columns (`count per row`), which a torus keeps",
            )),
            Scope::Region if spec.regions.is_none() && regions_failed => {
                self.resting_on_failed.push(at);
                return None;
            }
            Scope::Region if spec.regions.is_none() => Some((
                "`count per region`, but the model draws no regions".to_string(),
                "draw them with `regions { ... }`: a picture of the board, one letter or digit a region",
            )),
            _ => None,
        };
        if let Some((message, help)) = refusal {
            self.report(Diagnostic::new(at, message).with_help(help));
            return None;
        }
        Some(scope)
    }

    /// A scoped count that a set cannot meet: `count per row == 9` on a
    /// board of 8 columns, `count per region == 2` on a region of one cell,
    /// or of two one of which is a wall. An error: the model has no
    /// solution, and a solver would only say so after a search. A set's
    /// cells here are those that can hold a piece — not a wall, not
    /// forbidden. (Lines of every slope on a large board are not listed for
    /// it: too many to walk here.)
    fn unmeetable(&mut self, count: &ScopedCount, at: Span, spec: &Spec) {
        let k = count.k as usize;
        let large_lines = count.scope == Scope::Line && spec.n_cells() > 4096;
        if count.rel == Rel::Le || k == 0 || large_lines {
            return;
        }
        let board = crate::board::Board::new(&spec.dims, spec.torus, &spec.walls);
        let forbidden: Vec<usize> = spec.forbidden.iter().map(|c| board.index(c)).collect();
        let open = |set: &[usize]| {
            set.iter()
                .filter(|&&c| !board.is_wall(c) && !forbidden.contains(&c))
                .count()
        };
        let shortest = shortest_binding(&count.scope, None);
        let sets = sets(&board, &count.scope, spec.regions.as_ref(), shortest);
        let Some(short) = sets.iter().find(|s| open(s) < k) else {
            return;
        };
        let name = set_name(&board, &count.scope, spec.regions.as_ref(), short);
        let walls = short.iter().filter(|&&c| board.is_wall(c)).count();
        let forbidden = short.len() - walls - open(short);
        let has = format!(
            "{}{}",
            crate::diag::plural(short.len() as u64, "cell", "cells"),
            match (walls, forbidden) {
                (0, 0) => String::new(),
                (1, 0) => ", 1 of them a wall".to_string(),
                (w, 0) => format!(", {w} of them walls"),
                (0, f) => format!(", {f} of them forbidden"),
                (w, f) => format!(
                    ", {} and {f} forbidden",
                    crate::diag::plural(w as u64, "wall", "walls")
                ),
            }
        );
        self.report(
            Diagnostic::new(
                at,
                format!(
                    "no placement meets `{}`: {name} has {has}",
                    count.text(&spec.kinds),
                ),
            )
            .with_help("bound each set by at most the cells that can hold a piece (`<=` leaves short sets free)"),
        );
    }
}
