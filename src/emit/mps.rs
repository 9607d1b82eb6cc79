//! Free MPS, the fallback for readers that reject an LP file.
//!
//! Sections `NAME`, `ROWS`, `COLUMNS` (between integer markers), `RHS`,
//! `BOUNDS` (`UP BND x 1` for every variable), `ENDATA`; names as in LP.
//!
//! Fields are separated by spaces (free MPS) and, where names are short
//! enough, also start at the fixed-MPS columns 2, 5, 15 and 25: CBC 2.10
//! parses a short line such as ` UP BND a 1` as fixed MPS and fails on it.
//!
//! A maximisation is written as it is, with the free-MPS section
//! `OBJSENSE` / `    MAX` (HiGHS, SCIP, Gurobi and CPLEX read it), so every
//! such reader reports the objective itself (+8 for eight queens). Two
//! readers cannot: GLPK 5.0 rejects the `OBJSENSE` section, and CBC 2.10
//! reads it but ignores it (it minimises; `OBJSENSE MAX` on one line it
//! rejects). For them — and on request, `--mps-negate` — a maximisation is
//! written instead as the minimisation of the negated objective, and the
//! header says so; `qspec solve --solver glpsol --format mps` hands GLPK
//! that form, and CBC gets `max` on its command line.
//!
//! `COLUMNS` must list each variable's entries together: a column-wise
//! index of the rows is built first (counting sort, linear in the size).

use std::io::{self, Write};

use super::header::{Header, ObjectiveMap};
use super::linear::{check_exact_in_doubles, linearise, LinearObjective, LinearRows};
use super::lp::OBJECTIVE_ROW as OBJECTIVE_SYMBOL;
use super::names::SolverNames;
use super::text::TextOut;
use super::{check_format, Provenance};
use crate::model::{Model, Rel, Sense, Var};
use crate::options::Format;

/// The comment prefix of MPS.
pub(crate) const COMMENT: &str = "*";

/// How a MIP solver's objective value maps back: the objective row without
/// the constant; negated when a maximisation was written as the
/// minimisation of the negated row (`negate`).
pub(crate) fn objective_map(objective: &LinearObjective, negate: bool) -> ObjectiveMap {
    ObjectiveMap {
        symbol: OBJECTIVE_SYMBOL,
        negated: negate && objective.sense == Sense::Maximize,
        offset: objective.offset,
    }
}

/// The integer markers around `COLUMNS`, in their classic layout.
const INTEGERS_BEGIN: &str = "    MARKER                 'MARKER'                 'INTORG'\n";
const INTEGERS_END: &str = "    MARKER                 'MARKER'                 'INTEND'\n";

/// Name of the objective row.
const OBJECTIVE_ROW: &str = "obj";

/// Writes `model` as a free MPS file, a maximisation with `OBJSENSE MAX`.
pub fn write_mps(w: &mut dyn Write, model: &Model, prov: &Provenance) -> io::Result<()> {
    write_mps_as(w, model, prov, false)
}

/// Writes `model` as a free MPS file; with `negate`, a maximisation as the
/// minimisation of the negated objective (no `OBJSENSE`), for GLPK and CBC.
pub fn write_mps_as(
    w: &mut dyn Write,
    model: &Model,
    prov: &Provenance,
    negate: bool,
) -> io::Result<()> {
    check_format(model, Format::Mps)?;
    let (rows, objective) = linearise(model)?;
    check_exact_in_doubles(&rows, objective.as_ref())?;
    let maximise = objective
        .as_ref()
        .is_some_and(|o| o.sense == Sense::Maximize);
    let objective_terms = match &objective {
        Some(o) if maximise && negate => o.negated_terms()?,
        Some(o) => o.terms.clone(),
        None => Vec::new(),
    };
    let names = SolverNames::of(model);
    let row_names = RowNames::of(&names, &rows);
    let columns = Columns::of(model.n_vars(), &objective_terms, &rows);
    let mut out = TextOut::new(w);
    write_header(&mut out, model, prov, &names, objective.as_ref(), negate)?;
    out.str("NAME qspec\n")?;
    if maximise && !negate {
        out.str("OBJSENSE\n    MAX\n")?;
    }
    write_rows(&mut out, &rows, &row_names)?;
    write_columns(&mut out, &names, &row_names, &columns)?;
    write_rhs(&mut out, &rows, &row_names)?;
    write_bounds(&mut out, model, &names)?;
    out.str("ENDATA\n")?;
    out.finish()
}

fn write_header(
    out: &mut TextOut<'_>,
    model: &Model,
    prov: &Provenance,
    names: &SolverNames<'_>,
    objective: Option<&LinearObjective>,
    negate: bool,
) -> io::Result<()> {
    let mut header = Header {
        out,
        prefix: COMMENT,
        max_line: super::lp::MAX_LINE,
    };
    header.provenance(prov, false)?;
    header.model_summary(model, None)?;
    if let Some(objective) = objective {
        let map = objective_map(objective, negate);
        if map.negated {
            header.line("maximisation written as minimisation of the negated objective row")?;
        }
        header.objective(model, &map)?;
    }
    for (new, old) in names.renamed(model) {
        header.line(&format!("name {new} = {old}"))?;
    }
    Ok(())
}

fn write_rows(out: &mut TextOut<'_>, rows: &LinearRows, row_names: &RowNames) -> io::Result<()> {
    out.str("ROWS\n")?;
    let mut line = DataLine::default();
    line.write(out, "N", &[OBJECTIVE_ROW])?;
    for (index, row) in rows.iter().enumerate() {
        let kind = match row.rel {
            Rel::Le => "L",
            Rel::Ge => "G",
            Rel::Eq => "E",
        };
        line.write(out, kind, &[row_names.get(index)])?;
    }
    Ok(())
}

fn write_columns(
    out: &mut TextOut<'_>,
    names: &SolverNames<'_>,
    row_names: &RowNames,
    columns: &Columns,
) -> io::Result<()> {
    out.str("COLUMNS\n")?;
    let mut line = DataLine::default();
    out.str(INTEGERS_BEGIN)?;
    let mut digits = itoa::Buffer::new();
    for (index, entries) in columns.iter().enumerate() {
        let var = names.var(Var::from_dimacs(index as u32 + 1));
        if entries.is_empty() {
            // Every column is listed, even one that appears nowhere.
            line.write(out, "", &[var, OBJECTIVE_ROW, "0"])?;
        }
        for &(slot, coef) in entries {
            let row = match slot {
                Slot::Objective => OBJECTIVE_ROW,
                Slot::Row(row) => row_names.get(row as usize),
            };
            line.write(out, "", &[var, row, digits.format(coef)])?;
        }
    }
    out.str(INTEGERS_END)
}

/// Right-hand sides, only the non-zero ones (zero is the default).
fn write_rhs(out: &mut TextOut<'_>, rows: &LinearRows, row_names: &RowNames) -> io::Result<()> {
    out.str("RHS\n")?;
    let mut line = DataLine::default();
    let mut digits = itoa::Buffer::new();
    for (index, row) in rows.iter().enumerate() {
        if row.rhs != 0 {
            line.write(
                out,
                "",
                &["RHS", row_names.get(index), digits.format(row.rhs)],
            )?;
        }
    }
    Ok(())
}

/// `UP BND x 1` for every variable: binary = integer in [0, 1], the lower
/// bound 0 being the default.
fn write_bounds(out: &mut TextOut<'_>, model: &Model, names: &SolverNames<'_>) -> io::Result<()> {
    out.str("BOUNDS\n")?;
    let mut line = DataLine::default();
    for var in (1..=model.n_vars()).map(Var::from_dimacs) {
        line.write(out, "UP", &["BND", names.var(var), "1"])?;
    }
    Ok(())
}

/// Where fields 2, 3 and 4 of a fixed-MPS line start (0-based; field 1,
/// the code, starts at 1).
const FIELD_STARTS: [usize; 3] = [4, 14, 24];

/// Builds MPS data lines: the fields separated by at least one space,
/// each at its fixed-MPS column when the previous fields leave room.
#[derive(Default)]
struct DataLine {
    text: String,
}

impl DataLine {
    fn write(&mut self, out: &mut TextOut<'_>, code: &str, fields: &[&str]) -> io::Result<()> {
        self.text.clear();
        self.text.push(' ');
        self.text.push_str(code);
        for (field, &start) in fields.iter().zip(&FIELD_STARTS) {
            let padding = start.saturating_sub(self.text.len()).max(1);
            self.text.extend((0..padding).map(|_| ' '));
            self.text.push_str(field);
        }
        self.text.push('\n');
        out.str(&self.text)
    }
}

/// Every row's name, computed once, stored in one string.
struct RowNames {
    text: String,
    ends: Vec<usize>,
}

impl RowNames {
    fn of(names: &SolverNames<'_>, rows: &LinearRows) -> RowNames {
        let mut text = String::new();
        let mut ends = Vec::with_capacity(rows.len());
        let mut name = String::new();
        for row in rows.iter() {
            names.row(&row, &mut name);
            text.push_str(&name);
            ends.push(text.len());
        }
        RowNames { text, ends }
    }

    fn get(&self, index: usize) -> &str {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.text[start..self.ends[index]]
    }
}

/// Where a matrix entry sits: the objective or a constraint row.
#[derive(Clone, Copy, Debug)]
enum Slot {
    Objective,
    Row(u32),
}

/// The matrix column by column: each variable's entries, objective first,
/// then rows in order.
struct Columns {
    starts: Vec<usize>,
    entries: Vec<(Slot, i64)>,
}

impl Columns {
    fn of(n_vars: u32, objective: &[(i64, Var)], rows: &LinearRows) -> Columns {
        let all_entries = || {
            let row_entries = rows
                .iter()
                .enumerate()
                .flat_map(|(i, row)| row.terms.iter().map(move |&t| (Slot::Row(i as u32), t)));
            objective
                .iter()
                .map(|&t| (Slot::Objective, t))
                .chain(row_entries)
        };
        let mut starts = vec![0usize; n_vars as usize + 1];
        for (_, (_, var)) in all_entries() {
            starts[var.index() + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut next = starts.clone();
        let mut entries = vec![(Slot::Objective, 0); rows.n_terms() + objective.len()];
        for (slot, (coef, var)) in all_entries() {
            entries[next[var.index()]] = (slot, coef);
            next[var.index()] += 1;
        }
        Columns { starts, entries }
    }

    /// Each variable's entries, in variable order.
    fn iter(&self) -> impl Iterator<Item = &[(Slot, i64)]> + '_ {
        self.starts.windows(2).map(|w| &self.entries[w[0]..w[1]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_reads_back_as_written() {
        crate::emit::roundtrip::assert_header_round_trips(Format::Mps);
    }
}
