//! Checking: syntax tree → [`Spec`]. Evaluates parameters and expressions,
//! validates every value against the board, and reports every error it finds
//! with the span it belongs to.

//!
//! One file a concern: [`params`] (parameters and integer expressions),
//! [`board`] (dimensions, pictures, cells, walls), [`items`] (piece, rules,
//! bounds, objective, encodings); this file walks the statements.

mod board;
mod hints;
mod items;
mod kinds;
mod params;
mod scopes;
mod surprises;

use super::ast::*;
use super::{Bound, Spec};
use crate::diag::{Diagnostic, Level, Span};
use std::collections::{BTreeMap, BTreeSet};

pub use board::{MAX_CELLS, MAX_DIMS, MAX_DIRECTIONS};
pub use hints::line_identity_applies;

struct Checker<'a> {
    file: &'a str,
    /// The text, to name the lines of earlier statements in messages.
    source: &'a str,
    errors: Vec<Diagnostic>,
    params: BTreeMap<String, i64>,
    param_order: Vec<(String, i64)>,
    /// Params whose value is an error already reported: a use of one is
    /// not reported again.
    failed_params: BTreeSet<String>,
    /// Statements left unchecked because they rest on one that failed (a
    /// count per region on a broken regions picture): failed too.
    resting_on_failed: Vec<Span>,
}

type Result<T> = std::result::Result<T, Diagnostic>;

/// The checked spec and its warnings, or every error and warning found.
pub fn check(
    file: &str,
    source: &str,
    stmts: &[Stmt],
    overrides: &[(String, i64)],
) -> std::result::Result<(Spec, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut c = Checker {
        file,
        source,
        errors: Vec::new(),
        params: BTreeMap::new(),
        param_order: Vec::new(),
        failed_params: BTreeSet::new(),
        resting_on_failed: Vec::new(),
    };
    c.params(stmts, overrides);
    let spec = c.spec(stmts);
    if let Some(spec) = &spec {
        c.surprises(stmts, spec);
    }
    let failed = c.errors.iter().any(|d| d.level == Level::Error);
    match spec {
        Some(spec) if !failed => Ok((spec, c.errors)),
        _ => Err(c.errors),
    }
}

/// The marker of an error already reported (a use of a param whose value
/// failed): never shown.
fn already_reported(span: Span) -> Diagnostic {
    Diagnostic::new(span, "")
}

fn names_list(names: &[&str]) -> String {
    names.join(", ")
}

impl Checker<'_> {
    fn report(&mut self, d: Diagnostic) {
        if !d.message.is_empty() {
            self.errors.push(d);
        }
    }

    /// Whether an error (not a warning) was reported.
    fn has_errors(&self) -> bool {
        self.errors.iter().any(|d| d.level == Level::Error)
    }

    /// Whether `stmt` failed its check (an error was reported inside it).
    /// A statement that failed counts as present for the checks after it:
    /// its mistake is reported once, not again as what its absence would
    /// mean (`count per region` without the regions a broken picture drew).
    fn failed(&self, stmt: &Stmt) -> bool {
        self.resting_on_failed.contains(&stmt.span)
            || self.errors.iter().any(|d| {
                d.level == Level::Error
                    && stmt.span.start <= d.span.start
                    && d.span.end <= stmt.span.end
            })
    }

    /// Keeps the value, or records the error and returns `None`.
    fn ok<T>(&mut self, r: Result<T>) -> Option<T> {
        r.map_err(|d| self.report(d)).ok()
    }

    // ---------- the whole spec ----------

    fn spec(&mut self, stmts: &[Stmt]) -> Option<Spec> {
        let dims = self.board_dims(stmts)?;
        let d = dims.len();
        let mut spec = Spec {
            file: self.file.to_string(),
            params: self.param_order.clone(),
            dims: dims.clone(),
            torus: false,
            walls: vec![],
            fixed: vec![],
            forbidden: vec![],
            kinds: vec![],
            bounds: vec![],
            rules: vec![],
            regions: None,
            objective: None,
            free_walls: false,
            amo: None,
            card: None,
            rays: None,
            hints: vec![],
        };
        let mut walls = BTreeSet::new();
        let mut fixed = BTreeSet::new();
        let mut forbidden = BTreeSet::new();
        spec.kinds = self.kinds(stmts, d);
        let mut seen_objective: Option<Span> = None;
        let mut seen_regions: Option<Span> = None;
        for stmt in stmts {
            match &stmt.kind {
                StmtKind::Param { .. } => {}
                StmtKind::Board { picture, .. } => {
                    if let Some(p) = picture {
                        self.picture_cells(p, &mut walls, &mut fixed, &mut forbidden);
                    }
                }
                StmtKind::Torus => spec.torus = true,
                StmtKind::Wall(tuples) => self.cells(tuples, &dims, &mut walls),
                StmtKind::Fix(tuples) => self.cells(tuples, &dims, &mut fixed),
                StmtKind::Forbid(tuples) => self.cells(tuples, &dims, &mut forbidden),
                StmtKind::WallsFree => spec.free_walls = true,
                StmtKind::WallsBound(rel) => {
                    if let Some((rel, k)) = self.relation(rel, "a wall bound") {
                        spec.bounds.push(Bound::Walls { rel, k });
                    }
                }
                StmtKind::Piece { .. } => {} // the kinds, read first
                StmtKind::Rule(rule) => {
                    let checked = match rule {
                        RuleAst::Between {
                            attacker,
                            rule,
                            target,
                        } => self.rule_between(attacker, rule, target, &spec.kinds),
                        RuleAst::KindAttacks { kind, rel } => {
                            self.kind_attacks(kind, rel, &spec.kinds)
                        }
                        _ => self.rule(rule),
                    };
                    if let Some(r) = checked.filter(|r| !spec.rules.contains(r)) {
                        spec.rules.push(r);
                    }
                }
                StmtKind::Count(rel) => {
                    if let Some((rel, k)) = self.relation(rel, "a count") {
                        spec.bounds.push(Bound::Pieces {
                            kind: None,
                            over: None,
                            rel,
                            k,
                        });
                    }
                }
                StmtKind::ScopedCount { .. } => {} // once the board is known
                StmtKind::KindCount { kind, rel } => {
                    if let Some(c) = self.kind_count(kind, rel, &spec.kinds) {
                        spec.bounds.push(Bound::Pieces {
                            kind: Some(c.kind),
                            over: None,
                            rel: c.rel,
                            k: c.k,
                        });
                    }
                }
                StmtKind::CountsCompared { left, op, right } => {
                    let kinds = &spec.kinds;
                    if let Some(c) = self.counts_compared(left, *op, right, stmt.span, kinds) {
                        spec.bounds.push(Bound::Compared(c));
                    }
                }
                StmtKind::Regions(picture) => {
                    if seen_regions.is_some() {
                        self.report(Diagnostic::new(
                            stmt.span,
                            "a model draws its regions once; this is a second `regions` picture",
                        ));
                        continue;
                    }
                    seen_regions = Some(stmt.span);
                    spec.regions = self.regions(picture, &dims);
                }
                StmtKind::Objective {
                    sense,
                    target,
                    kind,
                } => {
                    if seen_objective.is_some() {
                        self.report(Diagnostic::new(
                            stmt.span,
                            "a model has at most one objective (maximize or minimize)",
                        ));
                        continue;
                    }
                    seen_objective = Some(stmt.span);
                    spec.objective = self.objective(*sense, target);
                    if let (Some(objective), Some(kind)) = (&mut spec.objective, kind) {
                        objective.kind = self.kind_of(kind, &spec.kinds);
                    }
                }
                StmtKind::Encode { what, name } => self.encode(what, name, &mut spec),
                StmtKind::Hint { .. } => {}
            }
        }
        let listable = self.directions_limit(stmts, &spec);
        self.cell_conflicts(stmts, &walls, &fixed, &forbidden);
        self.wall_options(stmts, &spec);
        if listable {
            self.hints(stmts, &mut spec);
        }
        spec.walls = walls.into_iter().collect();
        spec.fixed = fixed.into_iter().collect();
        spec.forbidden = forbidden.into_iter().collect();
        self.scoped_counts(stmts, &mut spec);
        self.several_kinds(stmts, &spec);
        Some(spec)
    }
}
