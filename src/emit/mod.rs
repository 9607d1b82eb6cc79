//! Output formats: one writer per format, each a pure function of the model
//! (and, for the CNF family, the clauses an encoder produced) that streams
//! text through a `Write`.
//!
//! * [`write_cnf`] — DIMACS CNF (`p cnf V C`), clauses from `encode`;
//! * [`write_wcnf`] — MaxSAT WCNF, 2022 format (`h` lines) or the legacy
//!   `p wcnf V C top`; the objective becomes soft unit clauses;
//! * [`write_opb`] — pseudo-Boolean competition format;
//! * [`write_lp`] — CPLEX LP, or lp_solve's dialect ([`write_lp_as`],
//!   which lp_solve and OR-tools' LP reader take);
//! * [`write_mps`] — free MPS, `OBJSENSE MAX` for `maximize` (or the
//!   negated objective, [`write_mps_as`], for GLPK and CBC);
//! * [`write_mzn`] — a MiniZinc model, the constraints as MiniZinc says
//!   them (no linearisation), with an output item that draws the board as
//!   qspec does (from a [`Layout`]).
//!
//! OPB, LP (both dialects) and MPS share one linearisation of the model
//! (`linear.rs`), so a big-M constant is chosen in exactly one place. Every file starts with a
//! header comment saying where it came from and what it holds; each format
//! module also owns how that header is read back ([`read_header`]) and how
//! a solver's objective maps back to the model's ([`objective_map`]).
//! [`Output`] writes a file atomically (temporary name, renamed on commit),
//! gzipped when its name ends in `.gz`.
//!
//! ```
//! use qspec::emit::{write_opb, Provenance};
//! let queens = qspec::load_source("q.qspec", "board 4 x 4\nrule no_attack\nmaximize count\n", &[], &Default::default())?;
//! let mut opb = Vec::new();
//! write_opb(&mut opb, &queens.model, &Provenance::default())?;
//! let text = String::from_utf8(opb).unwrap();
//! assert!(text.starts_with("* #variable= 16 #constraint="));
//! assert!(text.lines().nth(1).unwrap().starts_with("min: "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dimacs;
mod estimate;
mod header;
mod linear;
mod lp;
mod lp_solve;
mod mip_start;
mod mps;
mod mzn;
mod names;
mod opb;
mod read_header;
#[cfg(test)]
mod roundtrip;
mod text;
mod unwritable;

use std::io::{self, Write};

use crate::draw::Layout;
use crate::encode::ClauseArena;
use crate::model::Model;
use crate::options::{Format, LpDialect};

pub use dimacs::{write_cnf, write_wcnf};
pub use estimate::estimate_bytes;
pub use header::ObjectiveMap;
pub use lp::write_lp;
pub use mip_start::{write_start, MipStart};
pub use mps::{write_mps, write_mps_as};
pub use mzn::write_mzn;
pub use opb::{for_each_opb_constraint, write_opb};
pub use read_header::{parse_header, read_header, FileHeader};
pub use unwritable::Unwritable;

/// Where a file came from, written into its header comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    /// The `.qspec` file (as given on the command line).
    pub source: String,
    /// The parameters' values, in declaration order.
    pub params: Vec<(String, i64)>,
    /// The clausal encodings chosen (CNF and WCNF headers only).
    pub encodings: String,
}

/// Choices that change a format's spelling, not the problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EmitOptions {
    /// WCNF in the pre-2022 format: `p wcnf V C top`, hard clauses weighted
    /// `top`.
    pub wcnf_legacy: bool,
    /// MPS: write a maximisation as the minimisation of the negated
    /// objective instead of with `OBJSENSE MAX` (for GLPK and CBC).
    pub mps_negate: bool,
    /// LP: the dialect (CPLEX LP, or lp_solve's for lp_solve and OR-tools).
    pub lp_dialect: LpDialect,
}

/// Writes `model` as an LP file in `dialect`: CPLEX LP ([`write_lp`]) or
/// lp_solve's format, which lp_solve and OR-tools' LP reader take (no
/// header: OR-tools' reader takes no comment).
pub fn write_lp_as(
    w: &mut dyn Write,
    model: &Model,
    prov: &Provenance,
    dialect: LpDialect,
) -> io::Result<()> {
    match dialect {
        LpDialect::Cplex => write_lp(w, model, prov),
        LpDialect::LpSolve => lp_solve::write_lp_solve(w, model),
    }
}

/// The clauses that an encoder produced for the CNF family.
#[derive(Clone, Copy, Debug)]
pub struct Clauses<'a> {
    /// The clauses, in order.
    pub arena: &'a ClauseArena,
    /// Total number of variables: the model's named ones and the encoder's
    /// auxiliary ones.
    pub n_vars: u32,
}

/// Whether `format` can hold `model`; if not, why (and what to do
/// instead).
pub fn check_format(model: &Model, format: Format) -> Result<(), Unwritable> {
    match format {
        Format::Cnf => match &model.objective {
            Some(objective) => Err(Unwritable::objective_in_cnf(objective)),
            None => Ok(()),
        },
        Format::Lp | Format::Mps if model.n_vars() == 0 => Err(Unwritable::NoVariables(format)),
        Format::Wcnf | Format::Opb | Format::Lp | Format::Mps | Format::Mzn => Ok(()),
    }
}

/// Writes `model` in `format`: dispatches to the writer of that format.
/// `clauses` is required for CNF and WCNF, `layout` (the board's picture,
/// for the output item) for MiniZinc; each is ignored otherwise.
pub fn write_format(
    w: &mut dyn Write,
    format: Format,
    model: &Model,
    prov: &Provenance,
    clauses: Option<Clauses<'_>>,
    layout: Option<&Layout>,
    opts: &EmitOptions,
) -> io::Result<()> {
    check_format(model, format)?;
    let clauses = || clauses.ok_or(Unwritable::MissingClauses(format));
    match format {
        Format::Cnf => {
            let c = clauses()?;
            write_cnf(w, model, prov, c.arena, c.n_vars)
        }
        Format::Wcnf => {
            let c = clauses()?;
            write_wcnf(w, model, prov, c.arena, c.n_vars, opts)
        }
        Format::Opb => write_opb(w, model, prov),
        Format::Lp => write_lp_as(w, model, prov, opts.lp_dialect),
        Format::Mps => write_mps_as(w, model, prov, opts.mps_negate),
        Format::Mzn => {
            let layout = layout.ok_or(Unwritable::MissingLayout(format))?;
            write_mzn(w, model, prov, layout)
        }
    }
}

/// How the objective value a solver reports for `model` written in `format`
/// maps back to the model's objective (`None` without an objective, and for
/// CNF, which cannot hold one).
pub fn objective_map(format: Format, model: &Model) -> Option<ObjectiveMap> {
    let linear = || linear::LinearObjective::of(model.objective.as_ref()?).ok();
    match format {
        Format::Cnf => None,
        Format::Wcnf => dimacs::wcnf_objective_map(model),
        Format::Opb => linear().map(|o| opb::objective_map(&o)),
        Format::Lp => linear().map(|o| lp::objective_map(&o)),
        Format::Mps => linear().map(|o| mps::objective_map(&o, false)),
        Format::Mzn => model.objective.as_ref().map(|_| mzn::objective_map()),
    }
}

/// Every way the objective value a solver reports for `model` written in
/// `format` may map back, when the file's header is not at hand: for MPS
/// both the `OBJSENSE MAX` form and the negated one (`--mps-negate`).
pub fn objective_maps(format: Format, model: &Model) -> Vec<ObjectiveMap> {
    let mut maps: Vec<ObjectiveMap> = objective_map(format, model).into_iter().collect();
    if format == Format::Mps {
        let negated = model
            .objective
            .as_ref()
            .and_then(|o| linear::LinearObjective::of(o).ok())
            .map(|o| mps::objective_map(&o, true));
        maps.extend(negated.filter(|m| !maps.contains(m)));
    }
    maps
}
