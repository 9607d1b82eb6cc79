//! Loading, the front half of the pipeline every use of qspec starts with:
//! a `.qspec` text (at most [`MAX_SOURCE_BYTES`], UTF-8) parsed and
//! checked into a [`Spec`] with its warnings, passed through the size guard
//! ([`guard`]: the model's memory, estimated from the spec alone), laid out
//! on its [`Board`] and lowered to its [`Model`] — an [`Instance`].
//!
//! Variants of an instance (the decision problem "at least `k` pieces", a
//! bound or a hint added) are loaded here too, the way the file was, so
//! that solving, counting and sweeping never rebuild a model themselves.
//! [`Source`] keeps a model's text to load it for any parameter values (a
//! sweep's family); [`compile`](Instance::compile) writes an instance in a
//! solver format.
//!
//! ```
//! use qspec::instance::{load_source, LoadOptions};
//! let queens = load_source("q.qspec", "board 6 x 6\nrule no_attack\ncount == 6\n", &[], &LoadOptions::default())?;
//! assert_eq!(queens.board.n_cells(), 36);
//! let decision = queens.with_count_at_least(7)?;
//! assert!(decision.model.objective.is_none());
//! # Ok::<(), qspec::Error>(())
//! ```

mod bounds;
mod compile;
pub mod guard;
mod source;

pub use bounds::LowerBound;
pub use compile::{output_format, CompileOptions, CompileReport};
pub use guard::{Destination, Limits};
pub use source::{read_text, Source};

use std::path::Path;

use crate::board::Board;
use crate::diag::{Diagnostic, SpecErrors};
use crate::error::Result;
use crate::language::syntax::MAX_SOURCE_BYTES;
use crate::language::{self, Spec};
use crate::lower::{build, ModelEstimate};
use crate::model::Model;
use crate::options::{AmoEncoding, CardEncoding, Encodings, RayEncoding};

/// A model loaded, with everything it was built from.
#[derive(Clone, Debug)]
pub struct Instance {
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
    /// How it was loaded (and how its variants are).
    pub options: LoadOptions,
}

/// How a model is loaded, besides its text and parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOptions {
    /// Overrides the file's ray encoding (`--rays`).
    pub rays: Option<RayEncoding>,
    /// The size limits the model must keep to.
    pub limits: Limits,
    /// Add the implied hints measured to help (`--no-auto-hints` turns them
    /// off; see [`language::add_automatic_hints`]).
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

/// Reads, parses, checks and builds the model in `path`, with `-D
/// name=value` overrides.
pub fn load_file(
    path: &Path,
    overrides: &[(String, i64)],
    options: &LoadOptions,
) -> Result<Instance> {
    Source::read(path, *options)?.load(overrides)
}

/// Parses, checks and builds a model from its text (`file` names it in
/// messages): a model whose memory estimate is over
/// `options.limits.max_memory` is refused before it is built.
pub fn load_source(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
    options: &LoadOptions,
) -> Result<Instance> {
    check_source(file, source, overrides, options)?.build()
}

/// Parses and checks a model from its text, and estimates it, without
/// building anything: what a request can be held against in milliseconds,
/// whatever the board ([`Checked::build`] goes on).
pub fn check_source(
    file: &str,
    source: &str,
    overrides: &[(String, i64)],
    options: &LoadOptions,
) -> Result<Checked> {
    let (mut spec, warnings) = language::load_with_warnings(file, source, overrides)?;
    spec.rays = options.rays.or(spec.rays);
    Checked::of(spec, warnings, *options)
}

/// A model parsed, checked and estimated, not yet built.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The checked spec, automatic hints added.
    pub spec: Spec,
    /// What the file says that is probably not what was meant.
    pub warnings: SpecErrors,
    /// What building it takes, estimated.
    pub estimate: ModelEstimate,
    /// How it is loaded.
    pub options: LoadOptions,
}

impl Checked {
    /// `spec` with its automatic hints (as `options` asks) and its size
    /// checked against `options.limits`.
    fn of(mut spec: Spec, warnings: SpecErrors, options: LoadOptions) -> Result<Checked> {
        if options.auto_hints {
            language::add_automatic_hints(&mut spec);
        }
        let estimate = guard::check_model(&spec, &options.limits)
            .map_err(|e| e.with_places(size_places(&spec, &warnings.source)))?;
        Ok(Checked {
            spec,
            warnings,
            estimate,
            options,
        })
    }

    /// The board laid out and the model built.
    pub fn build(self) -> Result<Instance> {
        let board = Board::new(&self.spec.dims, self.spec.torus, &self.spec.walls);
        let model = build(&self.spec, &board);
        Ok(Instance {
            spec: self.spec,
            board,
            model,
            warnings: self.warnings,
            estimate: self.estimate,
            options: self.options,
        })
    }
}

/// Where a model's size comes from, as notes on its file: the `board` line
/// (the cells) and the `piece` line (the directions it moves in).
pub(crate) fn size_places(spec: &Spec, source: &str) -> SpecErrors {
    let e = crate::lower::estimate(spec);
    let mut notes = vec![(
        "board",
        format!("{} cells", crate::diag::thousands(e.cells)),
    )];
    if e.directions > 0 {
        let directions = crate::diag::thousands(e.directions);
        notes.push(("piece", format!("{directions} directions a piece moves in")));
    }
    SpecErrors {
        file: spec.file.clone(),
        source: source.to_string(),
        errors: notes
            .into_iter()
            .filter_map(|(keyword, what)| {
                let span = crate::diag::statement_span(source, keyword)?;
                Some(Diagnostic::note(span, what))
            })
            .collect(),
    }
}

/// `spec` with its automatic hints (as `options` asks), its size checked
/// against `options.limits`, its board laid out and its model built.
fn assemble(spec: Spec, warnings: SpecErrors, options: LoadOptions) -> Result<Instance> {
    Checked::of(spec, warnings, options)?.build()
}

impl Instance {
    /// The instance of `spec`, a variant of this one's (a bound or a hint
    /// added), loaded as this one was: the automatic hints, the size guard,
    /// the build.
    pub fn with_spec(&self, spec: Spec) -> Result<Instance> {
        let warnings = SpecErrors {
            file: self.warnings.file.clone(),
            source: self.warnings.source.clone(),
            errors: Vec::new(),
        };
        assemble(spec, warnings, self.options)
    }

    /// The decision problem "at least `k` pieces": this model with
    /// `count >= k` and no objective (where the model's hints turn the
    /// bound into bounds on lines, as the seeds' pigeonhole does).
    pub fn with_count_at_least(&self, k: u32) -> Result<Instance> {
        self.with_spec(self.spec.with_count_at_least(k))
    }

    /// The encodings in force: `amo` and `card` (the command line's), else
    /// the file's, else automatic.
    pub fn encodings(&self, amo: Option<AmoEncoding>, card: Option<CardEncoding>) -> Encodings {
        Encodings {
            amo: amo.or(self.spec.amo),
            card: card.or(self.spec.card),
        }
    }
}
