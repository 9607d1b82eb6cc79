//! The language stage: parse a .qspec file ([`parse`]) and check it
//! ([`check`]) into a [`Spec`] — every parameter resolved, every value
//! validated. Nothing after this stage ever sees an unchecked value.

pub mod ast;
mod check;
pub mod diag;
pub mod parse;

pub use check::MAX_CELLS;
pub use diag::{Diagnostic, SpecErrors};

use crate::encode::{AmoEncoding, CardEncoding};
use crate::model::Rel;

/// A cell or a vector: one integer per dimension, first coordinate = row.
pub type Coord = Vec<usize>;

/// How pieces move, as declared (vectors are expanded to all signed
/// permutations by the board stage).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    pub name: String,
    pub riders: Vec<Vec<i64>>,
    pub leapers: Vec<Vec<i64>>,
}

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
    Count,
    Walls,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectiveSpec {
    pub sense: crate::model::Sense,
    pub target: Target,
}

/// A checked model description.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The file it came from, as given on the command line.
    pub file: String,
    /// Parameters and their final values, in declaration order.
    pub params: Vec<(String, i64)>,
    pub dims: Vec<usize>,
    pub torus: bool,
    /// Fixed walls (sorted, no duplicates).
    pub walls: Vec<Coord>,
    /// Cells that must hold a piece / must stay empty (sorted, no duplicates).
    pub fixed: Vec<Coord>,
    pub forbidden: Vec<Coord>,
    pub piece: PieceSpec,
    pub rules: Vec<RuleSpec>,
    /// Bounds on the number of placed pieces.
    pub count: Vec<(Rel, u32)>,
    pub objective: Option<ObjectiveSpec>,
    /// `walls free`: every free cell may hold a wall chosen by the solver.
    pub free_walls: bool,
    /// Bounds on the number of chosen walls (with `walls free`).
    pub wall_bounds: Vec<(Rel, u32)>,
    /// Encodings named in the file (`encode amo ...`); the command line overrides.
    pub amo: Option<AmoEncoding>,
    pub card: Option<CardEncoding>,
    /// `encode rays direct|chain`: how "a piece is seen along this ray" is
    /// modelled for `rule attacks` and `rule dominate`.
    pub rays: Option<RayEncoding>,
}

/// How the model says "the first piece along a ray" (rules `attacks`,
/// `dominate`, and `no_attack` with free walls).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RayEncoding {
    /// `seen <-> OR(cells on the ray)`: one definition per cell and
    /// direction, quadratic in the ray length (the blog's formulation).
    Direct,
    /// `seen(c,v) <-> x(c+v) OR seen(c+v,v)`: constant size per cell and
    /// direction, definitions shared along each line.
    Chain,
}

impl RayEncoding {
    pub const ALL: [RayEncoding; 2] = [RayEncoding::Direct, RayEncoding::Chain];

    pub fn name(self) -> &'static str {
        match self {
            RayEncoding::Direct => "direct",
            RayEncoding::Chain => "chain",
        }
    }

    pub fn from_name(name: &str) -> Option<RayEncoding> {
        RayEncoding::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl Spec {
    pub fn n_cells(&self) -> usize {
        self.dims.iter().product()
    }
}

/// Parses and checks `source` (read from `file`), with `-D name=value`
/// overrides. Unknown override names are reported as errors too.
pub fn load(file: &str, source: &str, overrides: &[(String, i64)]) -> Result<Spec, SpecErrors> {
    let fail = |errors: Vec<Diagnostic>| SpecErrors {
        file: file.to_string(),
        source: source.to_string(),
        errors,
    };
    let stmts = parse::parse(source).map_err(|d| fail(vec![d]))?;
    check::check(file, &stmts, overrides).map_err(fail)
}
