//! Pseudo-Boolean competition format (OPB).
//!
//! Layout, each rule checked against real readers:
//! * line 1 is exactly `* #variable= N #constraint= M`;
//! * the objective `min: ... ;` comes right after it, before any other
//!   comment (sat4j silently ignores an objective preceded by a comment,
//!   and rejects an empty `min: ;`); `maximize f` is written `min: -f`;
//! * only `>=` and `=` (a `<=` row is negated), `;` ends every statement,
//!   one statement a line, variables `x<id>`, coefficients signed;
//! * no `~x` literals: the shared linearisation substitutes `1 - x`.

use std::io::{self, Write};

use super::header::{Header, ObjectiveMap};
use super::linear::{for_each_row, linear_objective, negate, LinearObjective, RowScan};
use super::text::TextOut;
use super::Provenance;
use crate::model::{Model, Rel, Sense, Var};

/// The comment prefix of OPB.
pub(crate) const COMMENT: &str = "*";
/// How the header names the value of the `min:` line in the objective map.
pub(crate) const MIN_LINE_VALUE: &str = "(value of min:)";

/// `* #variable= 62 #constraint= 47` → 62; `None` for any other line.
pub(crate) fn declared_variables(first_line: &str) -> Option<u64> {
    let rest = first_line.strip_prefix("* #variable=")?;
    rest.split_ascii_whitespace().next()?.parse().ok()
}

/// Whether `line` is the objective (`min: ... ;`).
pub(crate) fn is_objective_line(line: &str) -> bool {
    line.starts_with("min:")
}

/// How a PB solver's `o` value (the `min:` line, negated for a
/// maximisation, without the constant) maps back to the objective.
pub(crate) fn objective_map(objective: &LinearObjective) -> ObjectiveMap {
    ObjectiveMap {
        symbol: MIN_LINE_VALUE,
        negated: objective.sense == Sense::Maximize,
        offset: objective.offset,
    }
}

/// Writes `model` as an OPB file.
pub fn write_opb(w: &mut dyn Write, model: &Model, prov: &Provenance) -> io::Result<()> {
    let objective = linear_objective(model)?;
    let scan = RowScan::of(model, objective.as_ref())?;
    let mut out = TextOut::new(w);
    out.str("* #variable= ")?;
    out.int(model.n_vars())?;
    out.str(" #constraint= ")?;
    out.int(scan.rows)?;
    out.str("\n")?;
    if let Some(objective) = &objective {
        write_objective(&mut out, model, objective)?;
    }
    write_header(&mut out, model, prov, objective.as_ref())?;
    for_each_row(model, |row| {
        write_row(&mut out, row.terms, row.rel, row.rhs)
    })?;
    out.finish()
}

fn write_header(
    out: &mut TextOut<'_>,
    model: &Model,
    prov: &Provenance,
    objective: Option<&LinearObjective>,
) -> io::Result<()> {
    let mut header = Header::new(out, COMMENT);
    header.provenance(prov, false)?;
    header.model_summary(model, None)?;
    if let Some(objective) = objective {
        header.objective(model, &objective_map(objective))?;
    }
    header.var_map(model)?;
    super::header::projection(header.out, COMMENT, model)
}

/// `min: <terms> ;`, negated for a maximisation. An objective without terms
/// is written `min: +0 x1 ;` (readers reject `min: ;`), or left out when
/// there is no variable at all.
fn write_objective(
    out: &mut TextOut<'_>,
    model: &Model,
    objective: &LinearObjective,
) -> io::Result<()> {
    let terms = match objective.sense {
        Sense::Maximize => objective.negated_terms()?,
        Sense::Minimize => objective.terms.clone(),
    };
    if terms.is_empty() && model.n_vars() == 0 {
        return Ok(());
    }
    out.str("min:")?;
    if terms.is_empty() {
        write_term(out, 0, Var::from_dimacs(1))?;
    }
    for &(coef, var) in &terms {
        write_term(out, coef, var)?;
    }
    out.str(" ;\n")
}

/// Hands `visit` every constraint of the OPB file [`write_opb`] writes for
/// `model`, in file order, as `(terms, rel, rhs)` (`<=` as it is: the file
/// has it negated into `>=`). A proof that cites the file's constraints by
/// their position (VeriPB) numbers them from this.
pub fn for_each_opb_constraint(
    model: &Model,
    mut visit: impl FnMut(&[(i64, Var)], Rel, i64),
) -> io::Result<()> {
    for_each_row(model, |row| {
        visit(row.terms, row.rel, row.rhs);
        Ok(())
    })
}

/// One constraint, `<=` turned into `>=` by negating both sides.
fn write_row(out: &mut TextOut<'_>, terms: &[(i64, Var)], rel: Rel, rhs: i64) -> io::Result<()> {
    let negated = rel == Rel::Le;
    for (i, &(coef, var)) in terms.iter().enumerate() {
        let coef = if negated { negate(coef)? } else { coef };
        if i > 0 {
            out.str(" ")?;
        }
        write_signed(out, coef)?;
        out.str(" x")?;
        out.int(var.id())?;
    }
    let (symbol, rhs) = match rel {
        Rel::Ge => (" >= ", rhs),
        Rel::Le => (" >= ", negate(rhs)?),
        Rel::Eq => (" = ", rhs),
    };
    out.str(symbol)?;
    out.int(rhs)?;
    out.str(" ;\n")
}

/// ` +3 x7`.
fn write_term(out: &mut TextOut<'_>, coef: i64, var: Var) -> io::Result<()> {
    out.str(" ")?;
    write_signed(out, coef)?;
    out.str(" x")?;
    out.int(var.id())
}

/// A coefficient with its sign always written: `+3`, `-3`, `+0`.
fn write_signed(out: &mut TextOut<'_>, value: i64) -> io::Result<()> {
    if value >= 0 {
        out.str("+")?;
    }
    out.int(value)
}

#[cfg(test)]
mod tests {
    use crate::options::Format;

    #[test]
    fn the_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Opb);
    }
}
