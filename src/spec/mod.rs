//! The language stage: parse a .qspec file ([`parse`]) and check it
//! ([`check`]) into a [`Spec`] — every parameter resolved, every value
//! validated. Nothing after this stage ever sees an unchecked value.

pub mod ast;
mod check;
pub mod parse;
pub mod syntax;

pub use check::{MAX_CELLS, MAX_DIMS, MAX_DIRECTIONS};

use crate::board::Piece;
use crate::diag::{Diagnostic, SpecErrors};
use crate::model::{Rel, Sense};
use crate::options::{AmoEncoding, CardEncoding, RayEncoding};

/// A cell or a vector: one integer per dimension, first coordinate = row.
pub type Coord = Vec<usize>;

/// A rule relating the placed pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSpec {
    /// No placed piece attacks another.
    NoAttack,
    /// Every placed piece attacks `rel k` others.
    Attacks(Rel, u32),
    /// Every non-wall cell is occupied or attacked.
    Dominate,
}

/// What an objective counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The number of pieces.
    Count,
    /// The number of chosen walls.
    Walls,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// `maximize count`, `minimize walls`, ...
pub struct ObjectiveSpec {
    /// Which way.
    pub sense: Sense,
    /// What is counted.
    pub target: Target,
}

/// A checked model description.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The file it came from, as given on the command line.
    pub file: String,
    /// Parameters and their final values, in declaration order.
    pub params: Vec<(String, i64)>,
    /// The side of each axis (first = rows).
    pub dims: Vec<usize>,
    /// Whether lines wrap around.
    pub torus: bool,
    /// Fixed walls (sorted, no duplicates).
    pub walls: Vec<Coord>,
    /// Cells that must hold a piece (sorted, no duplicates).
    pub fixed: Vec<Coord>,
    /// Cells that must stay empty (sorted, no duplicates).
    pub forbidden: Vec<Coord>,
    /// The piece.
    pub piece: Piece,
    /// The rules, each once, in the file's order.
    pub rules: Vec<RuleSpec>,
    /// Bounds on the number of placed pieces.
    pub count: Vec<(Rel, u32)>,
    /// The objective, if any.
    pub objective: Option<ObjectiveSpec>,
    /// `walls free`: every free cell may hold a wall chosen by the solver.
    pub free_walls: bool,
    /// Bounds on the number of chosen walls (with `walls free`).
    pub wall_bounds: Vec<(Rel, u32)>,
    /// Encodings named in the file (`encode amo ...`); the command line overrides.
    pub amo: Option<AmoEncoding>,
    /// `encode card ...`.
    pub card: Option<CardEncoding>,
    /// `encode rays direct|chain`: how "a piece is seen along this ray" is
    /// modelled for `rule attacks` and `rule dominate`.
    pub rays: Option<RayEncoding>,
}

impl Spec {
    /// The number of cells of the board, walls included.
    pub fn n_cells(&self) -> usize {
        self.dims.iter().product()
    }
}

/// Parses and checks `source` (read from `file`), with `-D name=value`
/// overrides. Unknown override names are reported as errors too. Warnings
/// are dropped: [`load_with_warnings`] keeps them.
pub fn load(file: &str, source: &str, overrides: &[(String, i64)]) -> Result<Spec, SpecErrors> {
    load_with_warnings(file, source, overrides).map(|(spec, _)| spec)
}

/// [`load`], and the warnings about the model (none when `errors` is
/// empty): what it says that is probably not what was meant.
pub fn load_with_warnings(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
) -> Result<(Spec, SpecErrors), SpecErrors> {
    // A byte-order mark is no part of the text.
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    let report = |errors: Vec<Diagnostic>| SpecErrors {
        file: file.to_string(),
        source: source.to_string(),
        errors,
    };
    let stmts = parse::parse(source).map_err(|d| report(vec![d]))?;
    let (spec, warnings) = check::check(file, source, &stmts, overrides).map_err(report)?;
    Ok((spec, report(warnings)))
}
