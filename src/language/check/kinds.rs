//! Kinds of piece: `piece white queen`, `piece black queen` (or `piece
//! queen`, `piece knight`), the rules between kinds (`rule white no_attack
//! black`), the counts of a kind (`count white >= 9`, `count white ==
//! count black`, `maximize count white`), and what several kinds do not
//! take yet (said where it is written).

use super::Checker;
use crate::board::builtin;
use crate::diag::suggest::nearest;
use crate::diag::{Diagnostic, Span};
use crate::language::ast::*;
use crate::language::{CountsCompared, Kind, KindCount, RuleSpec, Spec};
use crate::model::{PieceKind, Rel};

impl Checker<'_> {
    /// The kinds the `piece` statements declare, in order; the queen when
    /// there is none.
    pub(super) fn kinds(&mut self, stmts: &[Stmt], d: usize) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = Vec::new();
        let mut declared: Vec<&Stmt> = Vec::new();
        for stmt in stmts {
            let StmtKind::Piece {
                name, mover, moves, ..
            } = &stmt.kind
            else {
                continue;
            };
            if let Some(i) = kinds.iter().position(|k| k.name == name.text) {
                let line = crate::diag::line_col(self.source, declared[i].span.start).0;
                self.report(
                    Diagnostic::new(name.span, format!("a second kind named `{}`", name.text))
                        .with_help(format!("line {line} declares it; name each kind once")),
                );
                continue;
            }
            let piece = match mover {
                Some(m) => self.piece(m, None, d),
                None => self.piece(name, moves.as_deref(), d),
            };
            // A kind whose piece is an error reported already is still a
            // kind: the statements naming it are not refused again.
            let piece = piece.unwrap_or_else(|| builtin("queen", d).expect("queen is built in"));
            kinds.push(Kind {
                name: name.text.clone(),
                letter: ' ',
                piece,
            });
            declared.push(stmt);
        }
        if kinds.is_empty() {
            let piece = builtin("queen", d).expect("queen is built in");
            kinds.push(Kind {
                name: "queen".into(),
                letter: ' ',
                piece,
            });
        }
        self.letters(&mut kinds, &declared);
        kinds
    }

    /// Each kind's letter: the one chosen (`piece white queen drawn X`),
    /// else the piece's own (`Q`, `N`, ...) for a kind named after its piece
    /// or for the one kind, else the kind's initial.
    fn letters(&mut self, kinds: &mut [Kind], declared: &[&Stmt]) {
        let one = kinds.len() == 1;
        // A kind whose `drawn L` is an error reported already: its letter
        // is not the one meant, so it clashes with none.
        let mut unmeant = vec![false; kinds.len()];
        for (i, kind) in kinds.iter_mut().enumerate() {
            kind.letter = if one || kind.name == kind.piece.name {
                crate::board::piece::letter(&kind.piece.name)
            } else {
                kind.name.chars().next().unwrap_or('P').to_ascii_uppercase()
            };
            // The queen of a model without `piece` has no statement.
            if let Some(StmtKind::Piece {
                drawn: Some(letter),
                ..
            }) = declared.get(i).map(|s| &s.kind)
            {
                match self.chosen_letter(letter, one) {
                    Some(chosen) => kind.letter = chosen,
                    None => unmeant[i] = true,
                }
            }
        }
        for (i, kind) in kinds.iter().enumerate() {
            if unmeant[i] {
                continue;
            }
            let clash = (0..i).find(|&j| !unmeant[j] && kinds[j].letter == kind.letter);
            if let Some(other) = clash.map(|j| &kinds[j]) {
                self.report(
                    Diagnostic::new(
                        declared[i].span,
                        format!(
                            "the kinds `{}` and `{}` would both be drawn `{}`",
                            other.name, kind.name, kind.letter
                        ),
                    )
                    .with_help(format!(
                        "choose a letter for one: `piece {} ... drawn L`",
                        kind.name
                    )),
                );
            }
        }
    }

    /// The letter of `drawn L`: one capital letter, in a model of several
    /// kinds (a model of one kind draws its pieces by the piece's letter).
    fn chosen_letter(&mut self, letter: &Name, one: bool) -> Option<char> {
        let mut chars = letter.text.chars();
        let problem = match (chars.next(), chars.next()) {
            _ if one => Some((
                "`drawn` in a model of one kind".to_string(),
                "a model of one kind draws its pieces by the piece's letter (`Q`, `N`, ...); `drawn` names a kind's letter among several",
            )),
            (Some(c), None) if c.is_ascii_uppercase() => None,
            _ => Some((
                format!("`drawn {}`: a kind is drawn by one capital letter", letter.text),
                "such as `drawn W`",
            )),
        };
        match problem {
            None => letter.text.chars().next(),
            Some((message, help)) => {
                self.report(Diagnostic::new(letter.span, message).with_help(help));
                None
            }
        }
    }

    /// The kind `name` names, or an error at it.
    pub(super) fn kind_of(&mut self, name: &Name, kinds: &[Kind]) -> Option<PieceKind> {
        if let Some(i) = kinds.iter().position(|k| k.name == name.text) {
            return Some(i);
        }
        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
        let help = match nearest(&name.text, &names) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!("the model's kinds: {}", names.join(", ")),
        };
        self.report(
            Diagnostic::new(name.span, format!("unknown kind `{}`", name.text)).with_help(help),
        );
        None
    }

    /// `rule white no_attack black`.
    pub(super) fn rule_between(
        &mut self,
        attacker: &Name,
        rule: &Name,
        target: &Name,
        kinds: &[Kind],
    ) -> Option<RuleSpec> {
        if rule.text != "no_attack" {
            self.report(
                Diagnostic::new(
                    rule.span,
                    format!("`{}` is not a rule between kinds", rule.text),
                )
                .with_help("between kinds the rule is no_attack: `rule white no_attack black`"),
            );
            return None;
        }
        let a = self.kind_of(attacker, kinds);
        let t = self.kind_of(target, kinds);
        let (attacker, target) = (a?, t?);
        if kinds.len() == 1 {
            return Some(RuleSpec::NoAttack);
        }
        Some(RuleSpec::NoAttackOn { attacker, target })
    }

    /// `rule white attacks == 2` (in a model of one kind, `rule attacks
    /// == 2`).
    pub(super) fn kind_attacks(
        &mut self,
        kind: &Name,
        rel: &Relation,
        kinds: &[Kind],
    ) -> Option<RuleSpec> {
        let kind = self.kind_of(kind, kinds);
        let (rel, k) = self.relation(rel, "an attack count")?;
        let kind = kind?;
        if kinds.len() == 1 {
            return Some(RuleSpec::Attacks(rel, k));
        }
        Some(RuleSpec::AttacksOf { kind, rel, k })
    }

    /// `count white rel k`.
    pub(super) fn kind_count(
        &mut self,
        kind: &Name,
        rel: &Relation,
        kinds: &[Kind],
    ) -> Option<KindCount> {
        let kind = self.kind_of(kind, kinds);
        let bound = self.relation(rel, "a count");
        let (rel, k) = bound?;
        Some(KindCount {
            kind: kind?,
            rel,
            k,
        })
    }

    /// `count white == count black`.
    pub(super) fn counts_compared(
        &mut self,
        left: &Name,
        op: RelOp,
        right: &Name,
        at: Span,
        kinds: &[Kind],
    ) -> Option<CountsCompared> {
        if left.text.is_empty() {
            self.report(
                Diagnostic::new(at, "a count compared with another names both kinds")
                    .with_help("write `count white == count black`"),
            );
            return None;
        }
        let l = self.kind_of(left, kinds);
        let r = self.kind_of(right, kinds);
        let (rel, offset) = match op {
            RelOp::Eq => (Rel::Eq, 0),
            RelOp::Le => (Rel::Le, 0),
            RelOp::Ge => (Rel::Ge, 0),
            RelOp::Lt => (Rel::Le, -1),
            RelOp::Gt => (Rel::Ge, 1),
        };
        Some(CountsCompared {
            left: l?,
            right: r?,
            rel,
            offset,
        })
    }

    /// What a model of several kinds does not take yet, said at the
    /// statement: `rule attacks` over every kind, `rule dominate`,
    /// `no_attack` between kinds that move differently, a rule from a kind
    /// to itself or a kind's attacks counted on a torus, a kind whose leap
    /// lands on its own line counted, chosen walls and hints.
    pub(super) fn several_kinds(&mut self, stmts: &[Stmt], spec: &Spec) {
        if !spec.has_kinds() {
            return;
        }
        let same_moves = spec
            .kinds
            .iter()
            .all(|k| crate::board::moves(&k.piece) == crate::board::moves(&spec.kinds[0].piece));
        for stmt in stmts {
            let refusal = match &stmt.kind {
                StmtKind::Rule(RuleAst::Attacks(_)) => Some((
                    "`rule attacks` with several kinds of piece",
                    "say whose attacks are counted: `rule white attacks == 2`",
                )),
                StmtKind::Rule(RuleAst::KindAttacks { kind, .. })
                    if spec.torus && kinds_named(spec, &kind.text) =>
                {
                    Some((
                        "`rule ... attacks` with several kinds on a torus",
                        "a torus may bring two moves onto one cell; count a kind's attacks on a board without wrap",
                    ))
                }
                StmtKind::Rule(RuleAst::KindAttacks { kind, .. })
                    if kinds_named(spec, &kind.text) && leaps_onto_own_ray(spec, &kind.text) =>
                {
                    Some((
                        "`rule ... attacks` for a kind whose leap lands on its own line",
                        "give the kind moves that reach each cell once (a leap that is not a multiple of a rider step)",
                    ))
                }
                StmtKind::Rule(RuleAst::Named(n)) if n.text == "dominate" => Some((
                    "`rule dominate` with several kinds of piece",
                    "several kinds take `no_attack` rules: `rule white no_attack black`",
                )),
                StmtKind::Rule(RuleAst::Named(n)) if n.text == "no_attack" && !same_moves => {
                    Some((
                        "`rule no_attack` between kinds that move differently",
                        "say which kind may not attack which: `rule queen no_attack knight`",
                    ))
                }
                StmtKind::Rule(RuleAst::Between {
                    attacker, target, ..
                }) if spec.torus && attacker.text == target.text => Some((
                    "a rule from a kind to itself on a torus",
                    "round a line with no wall a lone piece would see itself; `rule no_attack` keeps every piece from every other",
                )),
                StmtKind::WallsFree => Some((
                    "`walls free` with several kinds of piece",
                    "fix the walls (`wall (r,c)`) in a model of several kinds",
                )),
                StmtKind::Hint { .. } if !takes_kinds(stmt) => Some((
                    "this hint with several kinds of piece",
                    "a model of several kinds takes `hint break_symmetry` and `hint symmetric`",
                )),
                _ => None,
            };
            if let Some((message, help)) = refusal {
                self.report(
                    Diagnostic::new(stmt.span, format!("{message} is not supported"))
                        .with_help(help),
                );
            }
        }
    }
}

/// Whether `name` is one of the model's kinds (an unknown one is reported
/// at the statement already).
fn kinds_named(spec: &Spec, name: &str) -> bool {
    spec.kinds.iter().any(|k| k.name == name)
}

/// Whether a leap of the kind `name` lands on one of its own rider lines
/// (a positive multiple of a rider step), where two moves would reach one
/// cell and the attack be counted twice.
fn leaps_onto_own_ray(spec: &Spec, name: &str) -> bool {
    let Some(kind) = spec.kinds.iter().find(|k| k.name == name) else {
        return false;
    };
    let m = crate::board::moves(&kind.piece);
    m.leapers.iter().any(|leap| {
        m.riders.iter().any(|step| {
            let t = leap
                .iter()
                .zip(step)
                .find(|(_, &s)| s != 0)
                .map(|(&l, &s)| l / s);
            t.is_some_and(|t| t >= 1 && leap.iter().zip(step).all(|(&l, &s)| l == t * s))
        })
    })
}

/// Whether `stmt` is a hint a model of several kinds takes: `hint
/// break_symmetry` (its group renames interchangeable kinds too) and `hint
/// symmetric` (each kind kept).
pub(super) fn takes_kinds(stmt: &Stmt) -> bool {
    matches!(&stmt.kind, StmtKind::Hint { name, .. } if ["break_symmetry", "symmetric"].contains(&name.text.as_str()))
}
