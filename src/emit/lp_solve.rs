//! LP files in lp_solve's format, the dialect OR-tools' LP reader
//! (`model_builder.Model().import_from_lp_string`, OR-tools 9.15) takes:
//! it rejects CPLEX LP files, even those OR-tools itself writes.
//!
//! The rules, found by experiment with OR-tools' reader and with lp_solve
//! 5.5 (each checked by the external test suite):
//! * statements end with `;`, and may run over several lines: lines are
//!   broken between terms at 255 characters like CPLEX LP's;
//! * `max: <terms>;` or `min: <terms>;` first; the objective's constant
//!   (from negated literals) is written in it (`max: 3 + 1 x ...`), since
//!   there is no header to state it; every variable that appears nowhere
//!   else gets a `0` coefficient there (lp_solve ignores a `bin`
//!   declaration of a variable it has not seen);
//! * every row is labelled (`r12_no_attack: ... <= 1;`): an unlabelled row
//!   of one variable with coefficient 1 is a bound, not a constraint, in
//!   both readers; labels are unique (OR-tools rejects a repeated one);
//! * `<=`, `>=` and `=`, a number on the right, signed coefficients
//!   written before every variable (` + 1 x - 2 y`);
//! * `bin x, y, ...;` declares the variables binary (OR-tools leaves a
//!   variable it finds in no `bin` or `int` list free, not non-negative);
//! * names `[A-Za-z_][A-Za-z0-9_]*`, none starting with `int`, `bin` or
//!   `inf` in any case: OR-tools' tokenizer reads those prefixes as its
//!   keywords wherever a name starts with them (`bin_3` breaks a `bin`
//!   list); other names are renamed as in [`super::names`];
//! * **no comments**: OR-tools' reader rejects `/* */`, `//`, `\`, `#` and
//!   `%` alike, so the file has no header — no provenance, and no list of
//!   renamed variables (the board's `x_...` and `wall_...` names are never
//!   renamed).

use std::io::{self, Write};

use super::check_format;
use super::linear::{for_each_row, linear_objective, RowScan};
use super::lp::{write_terms, Lines};
use super::names::{SolverNames, LP_SOLVE};
use super::text::TextOut;
use crate::model::{Model, Rel, Sense, Var};
use crate::options::Format;

/// Writes `model` as an LP file in lp_solve's format.
pub(crate) fn write_lp_solve(w: &mut dyn Write, model: &Model) -> io::Result<()> {
    check_format(model, Format::Lp)?;
    let objective = linear_objective(model)?;
    let scan = RowScan::of(model, objective.as_ref())?;
    scan.check_exact_in_doubles()?;
    let names = SolverNames::with(model, &LP_SOLVE);
    let mut out = TextOut::new(w);
    let mut lines = Lines::new(&mut out);
    let sense = objective.as_ref().map_or(Sense::Minimize, |o| o.sense);
    lines.piece(match sense {
        Sense::Maximize => "max:",
        Sense::Minimize => "min:",
    })?;
    let offset = objective.as_ref().map_or(0, |o| o.offset);
    if offset != 0 {
        lines.piece(&format!(" {offset}"))?;
    }
    let mut terms: Vec<(i64, Var)> = objective.map_or_else(Vec::new, |o| o.terms);
    let unused = (1..=model.n_vars())
        .map(Var::from_dimacs)
        .filter(|v| !scan.used[v.index()]);
    terms.extend(unused.map(|v| (0, v)));
    write_terms(&mut lines, &names, &terms)?;
    lines.piece(";")?;
    lines.end_line()?;
    let mut name = String::new();
    for_each_row(model, |row| {
        names.row(&row, &mut name);
        lines.piece(&format!("{name}:"))?;
        write_terms(&mut lines, &names, row.terms)?;
        let symbol = match row.rel {
            Rel::Le => "<=",
            Rel::Ge => ">=",
            Rel::Eq => "=",
        };
        lines.piece(&format!(" {symbol} {};", row.rhs))?;
        lines.end_line()
    })?;
    lines.piece("bin")?;
    for var in (1..=model.n_vars()).map(Var::from_dimacs) {
        let comma = if var.id() < model.n_vars() { "," } else { ";" };
        lines.piece(&format!(" {}{comma}", names.var(var)))?;
    }
    lines.end_line()?;
    out.finish()
}
