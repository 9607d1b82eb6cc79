//! CPLEX LP, read by HiGHS, SCIP, CBC, GLPK, Gurobi and CPLEX.
//!
//! Sections `Maximize`/`Minimize`, `Subject To`, `Binaries`, `End` (every
//! variable is binary, so no `Bounds` are needed). Rules that keep every
//! reader happy:
//! * lines of at most 255 characters, broken between terms;
//! * names as in [`super::names`]; rows `r<constraint>_<origin>`;
//! * no constant on a left side, none in the objective (the header says
//!   how to add it back);
//! * never an empty objective: `obj: 0 x_0_0` when there is none, and never
//!   an empty `Subject To` (GLPK rejects it): `no_constraints: 0 x_0_0 >= 0`;
//! * every declared binary appears in a row or in the objective (SCIP
//!   warns about, some readers drop, a variable that appears nowhere): the
//!   unused ones get a 0 coefficient in the objective.

use std::io::{self, Write};

use super::header::{Header, ObjectiveMap};
use super::linear::{for_each_row, linear_objective, LinearObjective, RowScan};
use super::names::SolverNames;
use super::text::TextOut;
use super::{check_format, Provenance};
use crate::model::{Model, Rel, Sense, Var};
use crate::options::Format;

/// Longest line written.
pub(crate) const MAX_LINE: usize = 255;
/// The comment prefix of LP.
pub(crate) const COMMENT: &str = "\\";
/// How the header names the objective row's value (LP and MPS).
pub(crate) const OBJECTIVE_ROW: &str = "obj";

/// How a MIP solver's objective value maps back: the row keeps the sense,
/// without the constant.
pub(crate) fn objective_map(objective: &LinearObjective) -> ObjectiveMap {
    ObjectiveMap {
        symbol: OBJECTIVE_ROW,
        negated: false,
        offset: objective.offset,
    }
}

/// Writes `model` as a CPLEX LP file.
pub fn write_lp(w: &mut dyn Write, model: &Model, prov: &Provenance) -> io::Result<()> {
    check_format(model, Format::Lp)?;
    let objective = linear_objective(model)?;
    let scan = RowScan::of(model, objective.as_ref())?;
    scan.check_exact_in_doubles()?;
    let names = SolverNames::of(model);
    let mut out = TextOut::new(w);
    write_header(&mut out, model, prov, &names, objective.as_ref())?;
    let mut lines = Lines::new(&mut out);
    write_objective(&mut lines, model, &names, &scan.used, objective.as_ref())?;
    write_constraints(&mut lines, &names, model, scan.rows)?;
    write_binaries(&mut lines, model, &names)?;
    lines.out.str("End\n")?;
    out.finish()
}

fn write_header(
    out: &mut TextOut<'_>,
    model: &Model,
    prov: &Provenance,
    names: &SolverNames<'_>,
    objective: Option<&LinearObjective>,
) -> io::Result<()> {
    let mut header = Header {
        out,
        prefix: COMMENT,
        max_line: MAX_LINE,
    };
    header.provenance(prov, false)?;
    header.model_summary(model, None)?;
    if let Some(objective) = objective {
        header.objective(model, &objective_map(objective))?;
    }
    for (new, old) in names.renamed(model) {
        header.line(&format!("name {new} = {old}"))?;
    }
    Ok(())
}

/// The objective section: the objective's terms, then `0 x` for every
/// variable that appears nowhere else.
fn write_objective(
    lines: &mut Lines<'_, '_>,
    model: &Model,
    names: &SolverNames<'_>,
    used: &[bool],
    objective: Option<&LinearObjective>,
) -> io::Result<()> {
    let sense = objective.map_or(Sense::Minimize, |o| o.sense);
    lines.out.str(match sense {
        Sense::Maximize => "Maximize\n",
        Sense::Minimize => "Minimize\n",
    })?;
    let mut terms: Vec<(i64, Var)> = objective.map_or_else(Vec::new, |o| o.terms.clone());
    let unused = (1..=model.n_vars())
        .map(Var::from_dimacs)
        .filter(|v| !used[v.index()]);
    terms.extend(unused.map(|v| (0, v)));
    if terms.is_empty() {
        terms.push((0, Var::from_dimacs(1)));
    }
    lines.piece(" obj:")?;
    write_terms(lines, names, &terms)?;
    lines.end_line()
}

/// The rows, linearised and written one constraint at a time.
fn write_constraints(
    lines: &mut Lines<'_, '_>,
    names: &SolverNames<'_>,
    model: &Model,
    n_rows: usize,
) -> io::Result<()> {
    lines.out.str("Subject To\n")?;
    if n_rows == 0 {
        // GLPK rejects an empty section: a row that always holds.
        lines.piece(" no_constraints:")?;
        write_terms(lines, names, &[(0, Var::from_dimacs(1))])?;
        lines.piece(" >= 0")?;
        return lines.end_line();
    }
    let mut name = String::new();
    for_each_row(model, |row| {
        names.row(&row, &mut name);
        lines.piece(&format!(" {name}:"))?;
        write_terms(lines, names, row.terms)?;
        let symbol = match row.rel {
            Rel::Le => "<=",
            Rel::Ge => ">=",
            Rel::Eq => "=",
        };
        lines.piece(&format!(" {symbol} {}", row.rhs))?;
        lines.end_line()
    })
}

fn write_binaries(
    lines: &mut Lines<'_, '_>,
    model: &Model,
    names: &SolverNames<'_>,
) -> io::Result<()> {
    lines.out.str("Binaries\n")?;
    let mut piece = String::new();
    for var in (1..=model.n_vars()).map(Var::from_dimacs) {
        piece.clear();
        piece.push(' ');
        piece.push_str(names.var(var));
        lines.piece(&piece)?;
    }
    lines.end_line()
}

/// ` + 3 x_1_2 - 1 x_0_0 ...`, each term one unbreakable piece.
pub(super) fn write_terms(
    lines: &mut Lines<'_, '_>,
    names: &SolverNames<'_>,
    terms: &[(i64, Var)],
) -> io::Result<()> {
    let mut piece = String::new();
    for &(coef, var) in terms {
        piece.clear();
        piece.push_str(if coef < 0 { " - " } else { " + " });
        piece.push_str(itoa::Buffer::new().format(coef.unsigned_abs()));
        piece.push(' ');
        piece.push_str(names.var(var));
        lines.piece(&piece)?;
    }
    Ok(())
}

/// Text broken into lines of at most [`MAX_LINE`] characters, only between
/// pieces. Every piece but a row's first starts with a space, so a broken
/// line continues with a space.
pub(super) struct Lines<'a, 'w> {
    pub(super) out: &'a mut TextOut<'w>,
    width: usize,
}

impl<'a, 'w> Lines<'a, 'w> {
    pub(super) fn new(out: &'a mut TextOut<'w>) -> Lines<'a, 'w> {
        Lines { out, width: 0 }
    }

    pub(super) fn piece(&mut self, text: &str) -> io::Result<()> {
        if self.width > 0 && self.width + text.len() > MAX_LINE {
            self.out.str("\n")?;
            self.width = 0;
        }
        self.out.str(text)?;
        self.width += text.len();
        Ok(())
    }

    pub(super) fn end_line(&mut self) -> io::Result<()> {
        if self.width > 0 {
            self.out.str("\n")?;
            self.width = 0;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Lp);
    }
}
