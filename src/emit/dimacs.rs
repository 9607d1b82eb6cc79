//! DIMACS CNF and MaxSAT WCNF: the clauses an encoder produced, after a
//! header that maps variable ids to names and declares the projection on
//! the named variables (`c p show ... 0`).
//!
//! WCNF is written in the 2022 format by default (`h <lits> 0` for hard
//! clauses, `<weight> <lits> 0` for soft ones, no p-line), or in the legacy
//! format (`p wcnf V C top`, hard clauses weighted `top`). The objective
//! becomes one soft unit clause per term: maximising `c * l` softly asks for
//! `l` with weight `c`, minimising it softly asks for `!l`; a negative
//! coefficient flips the literal. The header says how the MaxSAT cost maps
//! back to the objective's value.

use std::io::{self, Write};

use super::header::{self, Header, ObjectiveMap};
use super::text::TextOut;
use super::{check_format, EmitOptions, Provenance, Unwritable};
use crate::encode::{ClauseArena, ClauseSink};
use crate::model::{Lit, Model, Objective, Sense};
use crate::options::Format;

/// The comment prefix of CNF and WCNF.
pub(crate) const COMMENT: &str = "c";
/// The header line that counts soft clauses (and so tells WCNF from CNF).
pub(crate) const SOFT_CLAUSES: &str = "soft clauses:";
/// How the header names the MaxSAT cost in the objective map.
pub(crate) const COST: &str = "cost";

/// How a MaxSAT solver's cost maps back to the model's objective, for the
/// WCNF file of `model`.
pub(crate) fn wcnf_objective_map(model: &Model) -> Option<ObjectiveMap> {
    model
        .objective
        .as_ref()
        .map(|o| SoftClauses::of(Some(o)).objective_map())
}

/// Writes a DIMACS CNF file: header comments, `p cnf n_vars clauses`, the
/// clauses. Fails (before writing anything) when the model has an
/// objective or a clause mentions a variable above `n_vars`.
pub fn write_cnf(
    w: &mut dyn Write,
    model: &Model,
    prov: &Provenance,
    clauses: &ClauseArena,
    n_vars: u32,
) -> io::Result<()> {
    check_format(model, Format::Cnf)?;
    check_clauses(model, clauses, n_vars)?;
    let mut out = TextOut::new(w);
    clausal_header(&mut out, model, prov, clauses, n_vars, None)?;
    out.str("p cnf ")?;
    out.int(n_vars)?;
    out.str(" ")?;
    out.int(clauses.n_clauses())?;
    out.str("\n")?;
    write_clauses(&mut out, clauses.raw(), b"")?;
    out.finish()
}

/// Writes a WCNF file: the clauses as hard clauses, the objective (if any)
/// as soft unit clauses.
pub fn write_wcnf(
    w: &mut dyn Write,
    model: &Model,
    prov: &Provenance,
    clauses: &ClauseArena,
    n_vars: u32,
    opts: &EmitOptions,
) -> io::Result<()> {
    check_clauses(model, clauses, n_vars)?;
    let soft = SoftClauses::of(model.objective.as_ref());
    if let Some(&(_, lit)) = soft.clauses.iter().find(|(_, l)| l.var().id() > n_vars) {
        return Err(Unwritable::UndeclaredVariable {
            in_objective: true,
            var: lit.var().id(),
            declared: n_vars,
        }
        .into());
    }
    let top = soft.top().ok_or(Unwritable::WeightOverflow)?;
    let mut out = TextOut::new(w);
    clausal_header(&mut out, model, prov, clauses, n_vars, Some(&soft))?;
    let hard_prefix = if opts.wcnf_legacy {
        let n_clauses = clauses.n_clauses() + soft.clauses.len() as u64;
        legacy_p_line(&mut out, n_vars, n_clauses, top)?;
        format!("{top} ")
    } else {
        "h ".to_string()
    };
    write_clauses(&mut out, clauses.raw(), hard_prefix.as_bytes())?;
    for &(weight, lit) in &soft.clauses {
        out.int(weight)?;
        out.str(" ")?;
        out.int(lit.dimacs())?;
        out.str(" 0\n")?;
    }
    out.finish()
}

/// `p wcnf <vars> <clauses> <top>`.
fn legacy_p_line(out: &mut TextOut<'_>, n_vars: u32, n_clauses: u64, top: u64) -> io::Result<()> {
    out.str("p wcnf ")?;
    out.int(n_vars)?;
    out.str(" ")?;
    out.int(n_clauses)?;
    out.str(" ")?;
    out.int(top)?;
    out.str("\n")
}

/// Every comment line before the p-line (or before the clauses in WCNF).
fn clausal_header(
    out: &mut TextOut<'_>,
    model: &Model,
    prov: &Provenance,
    clauses: &ClauseArena,
    n_vars: u32,
    soft: Option<&SoftClauses>,
) -> io::Result<()> {
    let mut header = Header::new(out, COMMENT);
    header.provenance(prov, true)?;
    header.model_summary(model, Some(n_vars - model.n_vars()))?;
    header.line(&format!("clauses: {}", clauses.n_clauses()))?;
    if let Some(soft) = soft {
        header.line(&format!("{SOFT_CLAUSES} {}", soft.clauses.len()))?;
        header.objective(model, &soft.objective_map())?;
    }
    header.var_map(model)?;
    header::projection(header.out, COMMENT, model)
}

/// Fails unless `n_vars` covers the named variables and every literal of
/// the clauses: CaDiCaL and others reject a file whose p-line is wrong.
fn check_clauses(model: &Model, clauses: &ClauseArena, n_vars: u32) -> io::Result<()> {
    if n_vars < model.n_vars() {
        return Err(Unwritable::TooFewVariables {
            declared: n_vars,
            named: model.n_vars(),
        }
        .into());
    }
    let highest = clauses
        .raw()
        .iter()
        .map(|lit| lit.unsigned_abs())
        .max()
        .unwrap_or(0);
    if highest > n_vars {
        return Err(Unwritable::UndeclaredVariable {
            in_objective: false,
            var: highest,
            declared: n_vars,
        }
        .into());
    }
    Ok(())
}

/// The clauses, one a line, each line starting with `prefix` and ending
/// with ` 0`. The hot loop of the CNF writer.
fn write_clauses(out: &mut TextOut<'_>, raw: &[i32], prefix: &[u8]) -> io::Result<()> {
    let mut digits = itoa::Buffer::new();
    let mut at_line_start = true;
    for &lit in raw {
        if at_line_start {
            out.push_unchecked(prefix);
        }
        if lit == 0 {
            out.push_unchecked(b"0\n");
            at_line_start = true;
        } else {
            out.push_unchecked(digits.format(lit).as_bytes());
            out.push_byte_unchecked(b' ');
            at_line_start = false;
        }
        out.drain_if_full()?;
    }
    Ok(())
}

/// The objective as weighted soft unit clauses.
struct SoftClauses {
    sense: Sense,
    /// `(weight, literal)`, in the objective's order; no zero weights.
    clauses: Vec<(u64, Lit)>,
    /// The objective's value when every soft clause is satisfied: its
    /// value is `best - cost` (maximise) or `best + cost` (minimise).
    best: i128,
}

impl SoftClauses {
    fn of(objective: Option<&Objective>) -> SoftClauses {
        let Some(objective) = objective else {
            return SoftClauses {
                sense: Sense::Minimize,
                clauses: Vec::new(),
                best: 0,
            };
        };
        let maximize = objective.sense == Sense::Maximize;
        let mut best = 0i128;
        let clauses = objective
            .terms
            .iter()
            .filter(|&&(coef, _)| coef != 0)
            .map(|&(coef, lit)| {
                // The soft clause is the literal that improves the objective.
                let wants_lit = (coef > 0) == maximize;
                if wants_lit {
                    best += i128::from(coef);
                }
                let soft = if wants_lit { lit } else { !lit };
                (coef.unsigned_abs(), soft)
            })
            .collect();
        SoftClauses {
            sense: objective.sense,
            clauses,
            best,
        }
    }

    /// Hard clause weight of the legacy format: one more than all soft
    /// weights together; `None` past 2^63 - 1.
    fn top(&self) -> Option<u64> {
        let total: u128 = self.clauses.iter().map(|&(w, _)| u128::from(w)).sum();
        let top = total + 1;
        (top <= i64::MAX as u128).then_some(top as u64)
    }

    /// How the MaxSAT cost maps back to the objective's value.
    fn objective_map(&self) -> ObjectiveMap {
        ObjectiveMap {
            symbol: COST,
            negated: self.sense == Sense::Maximize,
            offset: self.best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cnf_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Cnf);
    }

    #[test]
    fn the_wcnf_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Wcnf);
    }
}
