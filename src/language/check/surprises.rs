//! What a model says that is probably not what was meant: a missing
//! `piece` (queens are placed), nothing asking for any piece (the empty
//! board is a solution), a rule given twice (warnings); rules or counts
//! that contradict each other, an encoding family named twice (errors).

use super::Checker;
use crate::diag::{line_col, Diagnostic, Span};
use crate::language::ast::*;
use crate::language::{RuleSpec, Spec};
use crate::model::Rel;

impl Checker<'_> {
    pub(super) fn surprises(&mut self, stmts: &[Stmt], spec: &Spec) {
        self.no_piece(stmts, spec);
        self.nothing_asked(stmts, spec);
        self.repeated_rules(stmts);
        self.contradictions(stmts);
        self.repeated_encodings(stmts);
    }

    /// No `piece` where a rule moves one (without rules, as in `count per
    /// line <= 2`, the pieces are points and their moves do not matter).
    fn no_piece(&mut self, stmts: &[Stmt], spec: &Spec) {
        if spec.rules.is_empty()
            || stmts
                .iter()
                .any(|s| matches!(s.kind, StmtKind::Piece { .. }))
        {
            return;
        }
        let at = first_span(stmts, |k| matches!(k, StmtKind::Board { .. }));
        self.report(
            Diagnostic::warning(at, "the model names no piece, so it places queens")
                .with_help("say so with `piece queen` (or name another piece)"),
        );
    }

    /// No count, no objective, no fixed piece and no `dominate`: the empty
    /// board satisfies every rule.
    fn nothing_asked(&mut self, stmts: &[Stmt], spec: &Spec) {
        let asks = !spec.counts().is_empty()
            || spec
                .kind_counts()
                .iter()
                .any(|c| c.rel != Rel::Le && c.k > 0)
            || spec
                .scoped_counts()
                .iter()
                .any(|c| c.rel != Rel::Le && c.k > 0)
            || spec.objective.is_some()
            || !spec.fixed.is_empty()
            || spec.rules.contains(&RuleSpec::Dominate)
            || stmts.iter().any(|s| may_ask(&s.kind) && self.failed(s));
        if asks {
            return;
        }
        let at = first_span(stmts, |k| matches!(k, StmtKind::Rule(_)));
        let at = if at == Span::default() {
            first_span(stmts, |k| matches!(k, StmtKind::Board { .. }))
        } else {
            at
        };
        self.report(
            Diagnostic::warning(
                at,
                "nothing asks for a piece: with no `count` and no objective, the empty board is a solution",
            )
            .with_help("add a count such as `count >= 8`, or `maximize count`"),
        );
    }

    fn repeated_rules(&mut self, stmts: &[Stmt]) {
        let mut seen: Vec<(RuleSpec, Span)> = Vec::new();
        for stmt in stmts {
            let StmtKind::Rule(rule) = &stmt.kind else {
                continue;
            };
            let Some(r) = self.quiet(|c| c.rule(rule)) else {
                continue;
            };
            if let Some((_, first)) = seen.iter().find(|(s, _)| *s == r) {
                let line = self.line_of(*first);
                self.report(
                    Diagnostic::warning(stmt.span, "this rule is given twice")
                        .with_help(format!("line {line} has it already; delete one")),
                );
            } else {
                seen.push((r, stmt.span));
            }
        }
    }

    /// `rule attacks == 1` with `rule attacks == 2`, `count >= 9` with
    /// `count <= 8`: bounds that no number meets.
    fn contradictions(&mut self, stmts: &[Stmt]) {
        type Bound<'s> = (&'s Relation, Span);
        let mut attacks: Vec<Bound<'_>> = Vec::new();
        let mut counts: Vec<Bound<'_>> = Vec::new();
        for stmt in stmts {
            match &stmt.kind {
                StmtKind::Rule(RuleAst::Attacks(rel)) => attacks.push((rel, stmt.span)),
                StmtKind::Count(rel) => counts.push((rel, stmt.span)),
                _ => {}
            }
        }
        for (bounds, what) in [(attacks, "rule attacks"), (counts, "count")] {
            let mut range = (0u64, u64::MAX);
            let mut first: Option<Span> = None;
            for (rel, span) in bounds {
                let Some((r, k)) = self.quiet(|c| c.relation(rel, what)) else {
                    continue;
                };
                let k = u64::from(k);
                let (lo, hi) = match r {
                    Rel::Eq => (k, k),
                    Rel::Le => (0, k),
                    Rel::Ge => (k, u64::MAX),
                };
                range = (range.0.max(lo), range.1.min(hi));
                if range.0 > range.1 {
                    let earlier = first.map_or(0, |s| self.line_of(s));
                    self.report(
                        Diagnostic::new(
                            span,
                            format!("this `{what}` contradicts the one on line {earlier}: no number meets both"),
                        )
                        .with_help(format!("keep one `{what}`, or bounds that overlap (e.g. `>= 1` and `<= 3`)")),
                    );
                    break;
                }
                first.get_or_insert(span);
            }
        }
    }

    fn repeated_encodings(&mut self, stmts: &[Stmt]) {
        let mut seen: Vec<(&str, Span)> = Vec::new();
        for stmt in stmts {
            let StmtKind::Encode { what, .. } = &stmt.kind else {
                continue;
            };
            match seen.iter().find(|(w, _)| *w == what.text) {
                Some(&(_, first)) => {
                    let line = self.line_of(first);
                    self.report(
                        Diagnostic::new(
                            stmt.span,
                            format!(
                                "a second `encode {}`: a model names one encoding per family",
                                what.text
                            ),
                        )
                        .with_help(format!("line {line} names one already; keep one")),
                    );
                }
                None => seen.push((&what.text, stmt.span)),
            }
        }
    }

    /// The result of `f`, with any error it reports dropped (it was
    /// reported when the statement was checked).
    fn quiet<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let n = self.errors.len();
        let out = f(self);
        self.errors.truncate(n);
        out
    }

    fn line_of(&self, span: Span) -> usize {
        line_col(self.source, span.start).0
    }
}

/// Whether a statement of this kind may ask for a piece (a count, an
/// objective, a fixed cell, `rule dominate`): one that failed its check is
/// taken to, so that its mistake is not reported again as "nothing asks".
fn may_ask(kind: &StmtKind) -> bool {
    matches!(
        kind,
        StmtKind::Count(_)
            | StmtKind::KindCount { .. }
            | StmtKind::CountsCompared { .. }
            | StmtKind::ScopedCount { .. }
            | StmtKind::Objective { .. }
            | StmtKind::Fix(_)
            | StmtKind::Rule(_)
            | StmtKind::Board { .. }
    )
}

/// The span of the first statement of a kind, or the file's start.
fn first_span(stmts: &[Stmt], kind: impl Fn(&StmtKind) -> bool) -> Span {
    stmts
        .iter()
        .find(|s| kind(&s.kind))
        .map_or(Span::default(), |s| s.span)
}
