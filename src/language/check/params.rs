//! Parameters (`param n = 8`, `-D n=10`) and the integer expressions that
//! use them: `+ - * / % ^`, unary minus, parentheses.

use super::{names_list, Checker, Result};
use crate::diag::{Diagnostic, Span};
use crate::language::ast::*;
use std::collections::BTreeSet;

impl Checker<'_> {
    pub(super) fn params(&mut self, stmts: &[Stmt], overrides: &[(String, i64)]) {
        let declared: BTreeSet<&str> = stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Param { name, .. } => Some(name.text.as_str()),
                _ => None,
            })
            .collect();
        for (name, value) in overrides {
            if !declared.contains(name.as_str()) {
                let known: Vec<&str> = declared.iter().copied().collect();
                let help = if known.is_empty() {
                    "the model declares no params; add `param NAME = VALUE` to it".to_string()
                } else {
                    format!("the model's params are: {}", names_list(&known))
                };
                self.report(
                    // In no caller's syntax (`-D m=5`, Python's `m=5`):
                    // the name and the value given.
                    Diagnostic::unplaced(format!(
                        "the model has no param `{name}` (given `{name} = {value}`)"
                    ))
                    .with_help(help),
                );
            }
        }
        for stmt in stmts {
            let StmtKind::Param { name, value } = &stmt.kind else {
                continue;
            };
            if self.params.contains_key(&name.text) {
                self.report(Diagnostic::new(
                    name.span,
                    format!("param `{}` is declared twice", name.text),
                ));
                continue;
            }
            let overridden = overrides.iter().rev().find(|(n, _)| *n == name.text);
            let v = match overridden {
                Some((_, v)) => Some(*v),
                None => {
                    let r = self.eval(value);
                    self.ok(r)
                }
            };
            if v.is_none() {
                self.failed_params.insert(name.text.clone());
            }
            if let Some(v) = v {
                self.params.insert(name.text.clone(), v);
                self.param_order.push((name.text.clone(), v));
            }
        }
    }

    pub(super) fn eval(&self, e: &Expr) -> Result<i64> {
        match &e.kind {
            ExprKind::Int(text) => text
                .parse::<i64>()
                .map_err(|_| Diagnostic::new(e.span, format!("the number {text} is too large"))),
            ExprKind::Param(name) if self.failed_params.contains(name) => {
                Err(super::already_reported(e.span))
            }
            ExprKind::Param(name) => self.params.get(name).copied().ok_or_else(|| {
                let mut d = Diagnostic::new(e.span, format!("unknown param `{name}`"));
                if self.params.is_empty() {
                    d = d.with_help(format!("declare it first: `param {name} = ...`"));
                } else {
                    let known: Vec<&str> = self.params.keys().map(String::as_str).collect();
                    d = d.with_help(format!(
                        "params declared before this line: {}",
                        names_list(&known)
                    ));
                }
                d
            }),
            ExprKind::Neg(inner) => self
                .eval(inner)?
                .checked_neg()
                .ok_or_else(|| overflow(e.span)),
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                binary(*op, x, y).map_err(|msg| {
                    Diagnostic::new(
                        if msg.contains("overflow") {
                            e.span
                        } else {
                            b.span
                        },
                        msg,
                    )
                })
            }
        }
    }
}

fn binary(op: BinOp, x: i64, y: i64) -> std::result::Result<i64, String> {
    let overflow = || "arithmetic overflow".to_string();
    match op {
        BinOp::Add => x.checked_add(y).ok_or_else(overflow),
        BinOp::Sub => x.checked_sub(y).ok_or_else(overflow),
        BinOp::Mul => x.checked_mul(y).ok_or_else(overflow),
        BinOp::Div | BinOp::Rem if y == 0 => Err("division by zero".to_string()),
        BinOp::Div => x.checked_div_euclid(y).ok_or_else(overflow),
        BinOp::Rem => x.checked_rem_euclid(y).ok_or_else(overflow),
        BinOp::Pow => {
            let e = u32::try_from(y).map_err(|_| format!("negative exponent {y}"))?;
            x.checked_pow(e).ok_or_else(overflow)
        }
    }
}

fn overflow(span: Span) -> Diagnostic {
    Diagnostic::new(span, "arithmetic overflow")
}
