//! The piece (built-in or custom), the rules, count and wall bounds, the
//! objective and the encodings a model names.

use super::{names_list, Checker};
use crate::board::{builtin, Piece, BUILTIN_PIECES};
use crate::diag::suggest::nearest;
use crate::diag::Diagnostic;
use crate::language::ast::*;
use crate::language::{ObjectiveSpec, Quantity, RuleSpec, Spec};
use crate::model::{Rel, Sense};
use crate::options::{AmoEncoding, CardEncoding, Choice, RayEncoding};

use super::board::MAX_CELLS;

impl Checker<'_> {
    pub(super) fn piece(
        &mut self,
        name: &Name,
        moves: Option<&[MoveDecl]>,
        d: usize,
    ) -> Option<Piece> {
        let Some(moves) = moves else {
            return builtin(&name.text, d).or_else(|| {
                let help = match nearest(&name.text, &BUILTIN_PIECES) {
                    Some(best) => format!("did you mean `{best}`?"),
                    None => format!(
                        "built-in pieces: {}; or define one: `piece {} {{ rider (1,0) leaper (1,2) }}`",
                        names_list(&BUILTIN_PIECES),
                        name.text
                    ),
                };
                self.report(
                    Diagnostic::new(name.span, format!("unknown piece `{}`", name.text))
                        .with_help(help),
                );
                None
            });
        };
        if BUILTIN_PIECES.contains(&name.text.as_str()) {
            self.report(
                Diagnostic::new(
                    name.span,
                    format!(
                        "`{}` is a built-in piece and cannot be redefined",
                        name.text
                    ),
                )
                .with_help("give the custom piece another name"),
            );
            return None;
        }
        let mut piece = Piece {
            name: name.text.clone(),
            riders: vec![],
            leapers: vec![],
        };
        for decl in moves {
            for v in &decl.vectors {
                let Some(vector) = self.vector(v, d) else {
                    continue;
                };
                match decl.kind {
                    MoveKind::Rider => piece.riders.push(vector),
                    MoveKind::Leaper => piece.leapers.push(vector),
                }
            }
        }
        Some(piece)
    }

    pub(super) fn vector(&mut self, t: &Tuple, d: usize) -> Option<Vec<i64>> {
        if t.items.len() != d {
            self.report(Diagnostic::new(
                t.span,
                format!(
                    "this move vector has {} coordinates, the board has {d} dimensions",
                    t.items.len()
                ),
            ));
            return None;
        }
        let v: Vec<i64> = t
            .items
            .iter()
            .map(|e| self.eval(e).map_err(|d| self.report(d)).ok())
            .collect::<Option<_>>()?;
        if v.iter().all(|&x| x == 0) {
            self.report(Diagnostic::new(t.span, "a move vector cannot be all zeros"));
            return None;
        }
        if v.iter().any(|x| x.unsigned_abs() > MAX_CELLS as u64) {
            self.report(Diagnostic::new(
                t.span,
                "this move vector is longer than any board",
            ));
            return None;
        }
        Some(v)
    }

    pub(super) fn rule(&mut self, rule: &RuleAst) -> Option<RuleSpec> {
        match rule {
            RuleAst::Attacks(rel) => {
                let (rel, k) = self.relation(rel, "an attack count")?;
                Some(RuleSpec::Attacks(rel, k))
            }
            RuleAst::Between { .. } | RuleAst::KindAttacks { .. } => None, // checked with the kinds
            RuleAst::Named(n) => match n.text.as_str() {
                "no_attack" => Some(RuleSpec::NoAttack),
                "dominate" => Some(RuleSpec::Dominate),
                other => {
                    let help = match nearest(other, &["no_attack", "dominate", "attacks"]) {
                        Some(best) => format!("did you mean `{best}`?"),
                        None => {
                            "rules: no_attack, dominate, attacks == k (also <=, >=, <, >)".into()
                        }
                    };
                    self.report(
                        Diagnostic::new(n.span, format!("unknown rule `{other}`")).with_help(help),
                    );
                    None
                }
            },
        }
    }

    /// `rel bound` normalised to `==`, `<=` or `>=` with a bound >= 0.
    pub(super) fn relation(&mut self, rel: &Relation, what: &str) -> Option<(Rel, u32)> {
        let v = self.eval(&rel.bound).map_err(|d| self.report(d)).ok()?;
        let (r, bound) = match rel.op {
            RelOp::Eq => (Rel::Eq, Some(v)),
            RelOp::Le => (Rel::Le, Some(v)),
            RelOp::Ge => (Rel::Ge, Some(v)),
            RelOp::Lt => (Rel::Le, v.checked_sub(1)),
            RelOp::Gt => (Rel::Ge, v.checked_add(1)),
        };
        match bound.map(u32::try_from) {
            Some(Ok(b)) => Some((r, b)),
            Some(Err(_)) if r == Rel::Ge && bound.is_some_and(|b| b < 0) => Some((Rel::Ge, 0)),
            _ => {
                self.report(Diagnostic::new(
                    rel.bound.span,
                    format!(
                        "{what} must compare with a number from 0 to {}, got {v}",
                        u32::MAX
                    ),
                ));
                None
            }
        }
    }

    pub(super) fn objective(&mut self, sense: SenseAst, target: &Name) -> Option<ObjectiveSpec> {
        let target_kind = match target.text.as_str() {
            "count" => Quantity::Count,
            "walls" => Quantity::Walls,
            other => {
                let help = match nearest(other, &["count", "walls"]) {
                    Some(best) => format!("did you mean `{best}`?"),
                    None => "objectives: maximize count, minimize count, minimize walls".into(),
                };
                self.report(
                    Diagnostic::new(target.span, format!("cannot optimise `{other}`"))
                        .with_help(help),
                );
                return None;
            }
        };
        Some(ObjectiveSpec {
            sense: match sense {
                SenseAst::Maximize => Sense::Maximize,
                SenseAst::Minimize => Sense::Minimize,
            },
            target: target_kind,
            kind: None,
        })
    }

    pub(super) fn encode(&mut self, what: &Name, name: &Name, spec: &mut Spec) {
        match what.text.as_str() {
            "amo" => match <AmoEncoding as Choice>::named(&name.text) {
                Some(e) => spec.amo = Some(e),
                None => self.report(unknown_encoding(name, "at-most-one", &amo_names())),
            },
            "card" => match <CardEncoding as Choice>::named(&name.text) {
                Some(e) => spec.card = Some(e),
                None => self.report(unknown_encoding(name, "cardinality", &card_names())),
            },
            "rays" => match <RayEncoding as Choice>::named(&name.text) {
                Some(r) => spec.rays = Some(r),
                None => self.report(unknown_encoding(name, "ray", &["direct", "chain"])),
            },
            other => self.report(
                Diagnostic::new(what.span, format!("unknown encoding family `{other}`")).with_help(
                    "families: amo (at-most-one), card (cardinality), rays (direct, chain)",
                ),
            ),
        }
    }
}

pub fn amo_names() -> Vec<&'static str> {
    AmoEncoding::ALL.iter().map(|e| e.name()).collect()
}

pub fn card_names() -> Vec<&'static str> {
    CardEncoding::ALL.iter().map(|e| e.name()).collect()
}

fn unknown_encoding(name: &Name, family: &str, valid: &[&str]) -> Diagnostic {
    let list = format!("valid names: {}", names_list(valid));
    let help = match nearest(&name.text, valid) {
        Some(best) => format!("did you mean `{best}`? ({list})"),
        None => list,
    };
    Diagnostic::new(
        name.span,
        format!("unknown {family} encoding `{}`", name.text),
    )
    .with_help(help)
}
