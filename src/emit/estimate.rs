//! How many bytes a file of each format will take, estimated from the
//! model (and, for CNF and WCNF, the encodings' estimated size) before
//! anything is written, so that `--max-bytes` can refuse it.

use crate::encode::CnfSize;
use crate::model::{Constraint, Model};
use crate::options::Format;

/// Decimal digits of `n`.
fn digits(n: u64) -> u64 {
    u64::from(n.max(1).ilog10()) + 1
}

/// Terms of the linear rows a constraint becomes in OPB, LP and MPS.
fn linear_terms(c: &Constraint) -> u64 {
    match c {
        Constraint::OrDef { lits, .. } => 3 * lits.len() as u64 + 1,
        other => other.n_lits() as u64,
    }
}

/// The estimated size in bytes of `model` written as `format`; `cnf` is
/// the encodings' estimated size (CNF and WCNF).
pub fn estimate_bytes(model: &Model, format: Format, cnf: Option<CnfSize>) -> u64 {
    let n_vars = u64::from(model.n_vars());
    let name_bytes: u64 = model.names.iter().map(|n| n.len() as u64).sum();
    let avg_name = name_bytes / n_vars.max(1) + 1;
    let rows = model.constraints.len() as u64;
    let terms: u64 = model
        .constraints
        .iter()
        .map(|t| linear_terms(&t.constraint))
        .sum::<u64>()
        + model.objective.as_ref().map_or(0, |o| o.terms.len() as u64);
    let var_map = n_vars * (8 + digits(n_vars)) + name_bytes;
    match format {
        Format::Cnf | Format::Wcnf => {
            let size = cnf.unwrap_or_default();
            let id = digits(n_vars + size.aux_vars) + 2;
            let per_clause = if format == Format::Wcnf { 4 } else { 2 };
            var_map + size.literals * id + size.clauses * per_clause
        }
        Format::Opb => var_map + terms * (digits(n_vars) + 5) + rows * 8,
        Format::Lp => terms * (avg_name + 4) + rows * (digits(rows) + 12),
        Format::Mps => {
            terms * (avg_name + digits(rows) + 12) + rows * (digits(rows) + 8) + n_vars * 40
        }
        // Declarations, constraints, and an output item of about 60 bytes a
        // cell variable.
        Format::Mzn => terms * (avg_name + 4) + rows * 24 + n_vars * (avg_name + 12) + n_vars * 60,
    }
}
