//! Hints: each `hint` statement read against its name, and checked against
//! the rest of the model (the piece, the rules, the board) once all of it is
//! known, so that a hint that cannot apply is an error at its caret, never
//! silently dropped.

use super::{names_list, Checker};
use crate::board::symmetry::{SignedPerm, NAMED_2D};
use crate::board::{moves, Moves};
use crate::diag::{Diagnostic, Span};
use crate::language::ast::*;
use crate::language::syntax::HINTS;
use crate::language::{Hint, HintSpec, RuleSpec, Spec};
use crate::model::Rel;

impl Checker<'_> {
    /// Reads every `hint` statement of `stmts` into `spec.hints` (the
    /// piece's directions listed only when there is one).
    pub(super) fn hints(&mut self, stmts: &[Stmt], spec: &mut Spec) {
        if !stmts
            .iter()
            .any(|s| matches!(s.kind, StmtKind::Hint { .. }))
        {
            return;
        }
        let moves = moves(spec.piece());
        for stmt in stmts {
            let StmtKind::Hint { name, items } = &stmt.kind else {
                continue;
            };
            if spec.has_kinds() && !super::kinds::takes_kinds(stmt) {
                continue; // refused as a hint several kinds do not take
            }
            let Some(kind) = self.hint(name, items, stmt.span, spec, &moves) else {
                continue;
            };
            let text = hint_text(&kind);
            if spec.hints.iter().any(|h| h.text == text) {
                self.report(Diagnostic::new(
                    stmt.span,
                    format!("`{text}` is given twice"),
                ));
                continue;
            }
            spec.hints.push(Hint { kind, text });
        }
    }

    fn hint(
        &mut self,
        name: &Name,
        items: &[HintItem],
        at: Span,
        spec: &Spec,
        moves: &Moves,
    ) -> Option<HintSpec> {
        match name.text.as_str() {
            "lines" => {
                self.no_items(name, items)?;
                self.lines_apply(at, spec, moves)?;
                Some(HintSpec::Lines)
            }
            "empty_lines" => {
                let (rel, r) = self.compared(name, items, "a number of empty lines")?;
                self.segments_apply(at, spec, moves, "empty_lines")?;
                Some(HintSpec::EmptyLines(rel, r))
            }
            "cliques" => self.cliques(name, items, at, spec),
            "layers" => {
                let (rel, q) = self.compared(name, items, "a number of pieces")?;
                self.at_most(name, rel)?;
                if spec.dims.len() < 2 {
                    self.report(Diagnostic::new(
                        at,
                        "`hint layers` needs a board of at least 2 dimensions",
                    ));
                    return None;
                }
                Some(HintSpec::Layers(q))
            }
            "subboards" => self.subboards(name, items, spec),
            "symmetric" => self.symmetric(name, items, spec),
            "break_symmetry" => {
                self.no_items(name, items)?;
                Some(HintSpec::BreakSymmetry)
            }
            other => {
                let help = match crate::diag::suggest::nearest(other, &HINTS) {
                    Some(near) => format!("did you mean `{near}`? hints: {}", names_list(&HINTS)),
                    None => format!("hints: {}", names_list(&HINTS)),
                };
                self.report(
                    Diagnostic::new(name.span, format!("unknown hint `{other}`")).with_help(help),
                );
                None
            }
        }
    }

    fn no_items(&mut self, name: &Name, items: &[HintItem]) -> Option<()> {
        if let Some(first) = items.first() {
            self.report(Diagnostic::new(
                item_span(first),
                format!("`hint {}` takes nothing after its name", name.text),
            ));
            return None;
        }
        Some(())
    }

    /// `rel expr` after the name.
    fn compared(&mut self, name: &Name, items: &[HintItem], what: &str) -> Option<(Rel, u32)> {
        match items {
            [HintItem::Rel(op, span), HintItem::Expr(bound)] => {
                let relation = Relation {
                    op: *op,
                    bound: bound.clone(),
                    span: span.to(bound.span),
                };
                self.relation(&relation, what)
            }
            _ => {
                let at = items.first().map_or(name.span, item_span);
                self.report(
                    Diagnostic::new(
                        at,
                        format!("`hint {}` takes a comparison and a number", name.text),
                    )
                    .with_help(format!("for example `hint {} <= 5`", name.text)),
                );
                None
            }
        }
    }

    fn at_most(&mut self, name: &Name, rel: Rel) -> Option<()> {
        if rel != Rel::Le {
            self.report(Diagnostic::new(
                name.span,
                format!(
                    "`hint {}` bounds pieces from above: write `<=` (or `<`)",
                    name.text
                ),
            ));
            return None;
        }
        Some(())
    }

    /// The line identity counts rays of riders that stop at the first piece.
    fn lines_apply(&mut self, at: Span, spec: &Spec, moves: &Moves) -> Option<()> {
        self.segments_apply(at, spec, moves, "lines")?;
        if let Err(why) = line_identity_applies(spec) {
            self.report(Diagnostic::new(
                at,
                format!("`hint lines` does not apply here: {why}"),
            ));
            return None;
        }
        Some(())
    }

    /// Hints about the wall-free segments of the rider lines.
    fn segments_apply(&mut self, at: Span, spec: &Spec, moves: &Moves, hint: &str) -> Option<()> {
        let why = if moves.riders.is_empty() {
            Some(format!(
                "the {} only leaps: it has no lines of attack",
                spec.piece().name
            ))
        } else if spec.free_walls {
            Some("with `walls free` the solver chooses where lines are cut".to_string())
        } else {
            None
        };
        match why {
            Some(why) => {
                self.report(Diagnostic::new(
                    at,
                    format!("`hint {hint}` does not apply here: {why}"),
                ));
                None
            }
            None => Some(()),
        }
    }

    fn cliques(
        &mut self,
        name: &Name,
        items: &[HintItem],
        at: Span,
        spec: &Spec,
    ) -> Option<HintSpec> {
        let (mut cube, mut star) = (false, false);
        for item in items {
            match word(item) {
                Some("cube") => cube = true,
                Some("star") => star = true,
                _ => {
                    self.report(
                        Diagnostic::new(item_span(item), "expected `cube` or `star`")
                            .with_help("for example `hint cliques cube star`"),
                    );
                    return None;
                }
            }
        }
        if !(cube || star) {
            self.report(
                Diagnostic::new(name.span, "`hint cliques` needs `cube`, `star` or both")
                    .with_help("for example `hint cliques cube star`"),
            );
            return None;
        }
        let why = if !spec.rules.contains(&RuleSpec::NoAttack) {
            Some("at most one piece per clique is true only with `rule no_attack`")
        } else if spec.free_walls {
            Some("with `walls free` a chosen wall can break a clique")
        } else {
            None
        };
        if let Some(why) = why {
            self.report(Diagnostic::new(
                at,
                format!("`hint cliques` does not apply here: {why}"),
            ));
            return None;
        }
        Some(HintSpec::Cliques { cube, star })
    }

    fn subboards(&mut self, name: &Name, items: &[HintItem], spec: &Spec) -> Option<HintSpec> {
        let [HintItem::Expr(side), rest @ ..] = items else {
            self.report(
                Diagnostic::new(
                    items.first().map_or(name.span, item_span),
                    "`hint subboards` takes a side, a comparison and a number",
                )
                .with_help("for example `hint subboards 3 <= 4`: every 3^d sub-board holds at most 4 pieces"),
            );
            return None;
        };
        let m = self.eval(side).map_err(|d| self.report(d)).ok()?;
        let smallest = spec.dims.iter().copied().min().unwrap_or(1);
        if m < 1 || m as u64 > smallest as u64 {
            self.report(Diagnostic::new(
                side.span,
                format!("a sub-board side must be from 1 to {smallest} (the board's shortest side), got {m}"),
            ));
            return None;
        }
        let (rel, q) = self.compared(name, rest, "a number of pieces")?;
        self.at_most(name, rel)?;
        Some(HintSpec::Subboards {
            side: m as usize,
            max: q,
        })
    }

    fn symmetric(&mut self, name: &Name, items: &[HintItem], spec: &Spec) -> Option<HintSpec> {
        if items.is_empty() {
            self.report(
                Diagnostic::new(name.span, "`hint symmetric` needs one symmetry or more")
                    .with_help(symmetry_help(spec.dims.len())),
            );
            return None;
        }
        let mut maps = Vec::new();
        for item in items {
            let map = self.symmetry(item, spec)?;
            if !map.fits(&spec.dims) {
                self.report(Diagnostic::new(
                    item_span(item),
                    format!(
                        "{} swaps axes of different lengths on this {} board",
                        map.name(),
                        crate::board::show_dims(&spec.dims)
                    ),
                ));
                return None;
            }
            maps.push(map);
        }
        Some(HintSpec::Symmetric(maps))
    }

    fn symmetry(&mut self, item: &HintItem, spec: &Spec) -> Option<SignedPerm> {
        let d = spec.dims.len();
        let found = match item {
            HintItem::Expr(_) if d == 2 => word(item).and_then(SignedPerm::named_2d),
            HintItem::Tuple(t) => {
                let entries: Option<Vec<i64>> = t
                    .items
                    .iter()
                    .map(|e| self.eval(e).map_err(|d| self.report(d)).ok())
                    .collect();
                let entries = entries?;
                (entries.len() == d)
                    .then(|| SignedPerm::from_one_line(&entries))
                    .flatten()
            }
            _ => None,
        };
        if found.is_none() {
            self.report(
                Diagnostic::new(item_span(item), "not a symmetry of this board")
                    .with_help(symmetry_help(d)),
            );
        }
        found
    }
}

/// The text a hint is reported by: `hint symmetric rot180`.
fn hint_text(kind: &HintSpec) -> String {
    let rel = |r: Rel, k: u32| format!("{} {k}", r.written());
    match kind {
        HintSpec::Lines => "hint lines".into(),
        HintSpec::EmptyLines(r, k) => format!("hint empty_lines {}", rel(*r, *k)),
        HintSpec::Cliques { cube, star } => {
            let families: Vec<&str> = [(*cube, "cube"), (*star, "star")]
                .into_iter()
                .filter_map(|(on, name)| on.then_some(name))
                .collect();
            format!("hint cliques {}", families.join(" "))
        }
        HintSpec::Layers(q) => format!("hint layers <= {q}"),
        HintSpec::Subboards { side, max } => format!("hint subboards {side} <= {max}"),
        HintSpec::Symmetric(maps) => {
            let names: Vec<String> = maps.iter().map(SignedPerm::name).collect();
            format!("hint symmetric {}", names.join(" "))
        }
        HintSpec::BreakSymmetry => "hint break_symmetry".into(),
        HintSpec::SymmetricKinds { board, kinds } => {
            format!("hint symmetric {} renaming kinds {kinds:?}", board.name())
        }
    }
}

fn symmetry_help(d: usize) -> String {
    let named: Vec<&str> = NAMED_2D.iter().map(|(n, _)| *n).skip(1).collect();
    if d == 2 {
        format!(
            "2-D symmetries: {}; or a signed permutation of the axes such as (2,-1)",
            names_list(&named)
        )
    } else {
        let example: Vec<String> = (1..=d as i64).rev().map(|i| i.to_string()).collect();
        format!(
            "a signed permutation of the {d} axes, 1-based, a minus sign mirrors: ({})",
            example.join(",")
        )
    }
}

/// A bare name used as a word (`cube`, `rot90`).
fn word(item: &HintItem) -> Option<&str> {
    match item {
        HintItem::Expr(Expr {
            kind: ExprKind::Param(name),
            ..
        }) => Some(name),
        _ => None,
    }
}

fn item_span(item: &HintItem) -> Span {
    match item {
        HintItem::Rel(_, span) => *span,
        HintItem::Expr(e) => e.span,
        HintItem::Tuple(t) => t.span,
    }
}

/// Whether the line identity (`hint lines`) holds for the model: every
/// piece's rider rays stop at the first piece, each ray on a line of its
/// own, so that on every non-empty wall-free segment exactly two rays reach
/// its ends unobstructed. `Err` says why not.
pub fn line_identity_applies(spec: &Spec) -> std::result::Result<(), String> {
    let moves = moves(spec.piece());
    let counted = spec
        .rules
        .iter()
        .any(|r| matches!(r, RuleSpec::NoAttack | RuleSpec::Attacks(..)));
    if moves.riders.is_empty() {
        Err(format!(
            "the {} only leaps: it has no lines of attack",
            spec.piece().name
        ))
    } else if spec.free_walls {
        Err("with `walls free` the solver chooses where lines are cut".into())
    } else if !counted {
        Err("it counts attacks, and the model has no `rule attacks` or `rule no_attack`".into())
    } else if !moves.leapers.is_empty() {
        Err(format!(
            "the {} also leaps, and its leaper attacks lie on no line",
            spec.piece().name
        ))
    } else if spec.torus {
        Err("on a torus a ray can meet the same piece twice, so the rays do not pair up with the lines' two ends".into())
    } else if has_parallel_riders(&moves.riders) {
        Err(format!(
            "two of the {}'s rider directions are parallel, so one line is counted twice",
            spec.piece().name
        ))
    } else {
        Ok(())
    }
}

/// Whether two rider directions lie on the same lines (one a multiple of
/// the other).
fn has_parallel_riders(riders: &[Vec<i64>]) -> bool {
    let primitive = |v: &Vec<i64>| {
        let g = v.iter().fold(0i64, |g, &x| gcd(g, x.abs()));
        v.iter().map(|x| x / g.max(1)).collect::<Vec<i64>>()
    };
    let mut seen: Vec<Vec<i64>> = riders.iter().map(primitive).collect();
    seen.sort();
    seen.windows(2).any(|w| w[0] == w[1])
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
