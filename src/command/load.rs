//! Loading a model: read the `.qspec` file, parse and check it into a
//! [`Spec`], lay out its [`Board`], and build its [`Model`] — the front half
//! of the pipeline that every command starts with.

use std::path::Path;

use crate::board::Board;
use crate::build::build;
use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::{AmoEncoding, CardEncoding, Encodings, RayEncoding};
use crate::spec::{self, Spec};

/// A model loaded from a file, with everything it was built from.
pub struct Loaded {
    /// The checked model description.
    pub spec: Spec,
    /// Its geometry.
    pub board: Board,
    /// Its solver-neutral constraints.
    pub model: Model,
}

/// Reads, parses, checks and builds the model in `path`; `rays` overrides
/// the file's ray encoding.
pub fn load_file(
    path: &Path,
    overrides: &[(String, i64)],
    rays: Option<RayEncoding>,
) -> Result<Loaded> {
    let source = std::fs::read_to_string(path).map_err(|e| Error::unreadable("", path, e))?;
    load_source(&path.display().to_string(), &source, overrides, rays)
}

/// Parses, checks and builds a model from its text.
pub fn load_source(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
    rays: Option<RayEncoding>,
) -> Result<Loaded> {
    let mut spec = spec::load(file, source, overrides)?;
    spec.rays = rays.or(spec.rays);
    let board = Board::new(&spec.dims, spec.torus, &spec.walls);
    let model = build(&spec, &board);
    Ok(Loaded { spec, board, model })
}

/// The encodings in force: the command line's, else the file's, else automatic.
pub fn encodings(spec: &Spec, amo: Option<AmoEncoding>, card: Option<CardEncoding>) -> Encodings {
    Encodings {
        amo: amo.or(spec.amo),
        card: card.or(spec.card),
    }
}
