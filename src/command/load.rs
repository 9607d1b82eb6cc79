//! Loading a model: read the `.qspec` file (at most
//! [`MAX_SOURCE_BYTES`], UTF-8), parse and check it into a [`Spec`] with
//! its warnings, pass the size guard (the model's memory, estimated from
//! the spec alone), lay out its [`Board`], and build its [`Model`] — the
//! front half of the pipeline that every command starts with.

use std::io::Read;
use std::path::Path;

use super::guard::{check_model, Limits};
use crate::board::Board;
use crate::build::{build, ModelEstimate};
use crate::diag::{Diagnostic, Span, SpecErrors};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::{AmoEncoding, CardEncoding, Encodings, RayEncoding};
use crate::spec::syntax::MAX_SOURCE_BYTES;
use crate::spec::{self, Spec};

/// A model loaded from a file, with everything it was built from.
pub struct Loaded {
    /// The checked model description.
    pub spec: Spec,
    /// Its geometry.
    pub board: Board,
    /// Its solver-neutral constraints.
    pub model: Model,
    /// What the file says that is probably not what was meant (no
    /// diagnostics when there is nothing to say).
    pub warnings: SpecErrors,
    /// The model's size as estimated before it was built.
    pub estimate: ModelEstimate,
}

/// How a model is loaded, besides its text and parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOptions {
    /// `--rays`, overriding the file's ray encoding.
    pub rays: Option<RayEncoding>,
    /// The size limits the model must keep to.
    pub limits: Limits,
    /// Add the implied hints measured to help (`--no-auto-hints` turns them
    /// off; see [`spec::add_automatic_hints`]).
    pub auto_hints: bool,
}

impl Default for LoadOptions {
    fn default() -> LoadOptions {
        LoadOptions {
            rays: None,
            limits: Limits::default(),
            auto_hints: true,
        }
    }
}

/// Reads, parses, checks and builds the model in `path` with the default
/// [`LoadOptions`]; `rays` overrides the file's ray encoding.
pub fn load_file(
    path: &Path,
    overrides: &[(String, i64)],
    rays: Option<RayEncoding>,
) -> Result<Loaded> {
    let options = LoadOptions {
        rays,
        ..LoadOptions::default()
    };
    load_file_with(path, overrides, &options)
}

/// [`load_file`] with `options`.
pub fn load_file_with(
    path: &Path,
    overrides: &[(String, i64)],
    options: &LoadOptions,
) -> Result<Loaded> {
    let name = path.display().to_string();
    let source = read_model_text(path, &name)?;
    load_source_with(&name, &source, overrides, options)
}

/// The text of the model file: at most [`MAX_SOURCE_BYTES`] bytes of UTF-8.
pub(crate) fn read_model_text(path: &Path, name: &str) -> Result<String> {
    let file = std::fs::File::open(path).map_err(|e| Error::unreadable("", path, e))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let e = std::io::Error::new(std::io::ErrorKind::InvalidInput, "it is a directory");
        return Err(Error::unreadable("", path, e));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::unreadable("", path, e))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let lossy_at = String::from_utf8_lossy(&e.as_bytes()[..at]).len();
        Error::Spec(SpecErrors {
            file: name.to_string(),
            errors: vec![Diagnostic::new(
                Span::new(lossy_at, lossy_at + 1),
                format!("the file is not UTF-8 text: byte {at} is not part of any character"),
            )
            .with_help("a .qspec file is plain text; save it as UTF-8")],
            source: text,
        })
    })
}

/// Parses, checks and builds a model from its text, with the default
/// [`LoadOptions`].
pub fn load_source(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
    rays: Option<RayEncoding>,
) -> Result<Loaded> {
    let options = LoadOptions {
        rays,
        ..LoadOptions::default()
    };
    load_source_with(file, source, overrides, &options)
}

/// [`load_source`] with `options`: a model whose memory estimate is over
/// `options.limits.max_memory` is refused before it is built.
pub fn load_source_with(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
    options: &LoadOptions,
) -> Result<Loaded> {
    let (mut spec, warnings) = spec::load_with_warnings(file, source, overrides)?;
    spec.rays = options.rays.or(spec.rays);
    assemble(spec, warnings, options)
}

/// `spec` with its automatic hints (as `options` asks), its size checked
/// against `options.limits`, its board laid out and its model built.
fn assemble(mut spec: Spec, warnings: SpecErrors, options: &LoadOptions) -> Result<Loaded> {
    if options.auto_hints {
        spec::add_automatic_hints(&mut spec);
    }
    let estimate = check_model(&spec, &options.limits)?;
    let board = Board::new(&spec.dims, spec.torus, &spec.walls);
    let model = build(&spec, &board);
    Ok(Loaded {
        spec,
        board,
        model,
        warnings,
        estimate,
    })
}

impl Loaded {
    /// The model of `spec`, a variant of this one's (a bound or a hint
    /// added by a command), loaded as [`load_source_with`] loads a file:
    /// the automatic hints `options` asks for, the size guard, the build.
    pub fn with_spec(&self, spec: Spec, options: &LoadOptions) -> Result<Loaded> {
        let warnings = SpecErrors {
            file: self.warnings.file.clone(),
            source: self.warnings.source.clone(),
            errors: Vec::new(),
        };
        assemble(spec, warnings, options)
    }
}

/// The encodings in force: the command line's, else the file's, else automatic.
pub fn encodings(spec: &Spec, amo: Option<AmoEncoding>, card: Option<CardEncoding>) -> Encodings {
    Encodings {
        amo: amo.or(spec.amo),
        card: card.or(spec.card),
    }
}
