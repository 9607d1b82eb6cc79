//! The `compile` and `stats` commands' work, shared by the CLI and tests:
//! load a .qspec file into a model, refuse what is too large, encode it for
//! the CNF family, and write it atomically in the chosen format.

use crate::board::Board;
use crate::emit::{self, Clauses, EmitOptions, Format, Output, Provenance};
use crate::encode::{
    self, AmoEncoding, CardEncoding, ClauseArena, ClauseCounter, ClauseSink, Encodings,
};
use crate::error::{Error, Result};
use crate::model::build::build;
use crate::model::Model;
use crate::spec::{self, RayEncoding, Spec};
use std::io::Write;
use std::path::Path;

/// The default for `--max-clauses`.
pub const DEFAULT_MAX_CLAUSES: u64 = 200_000_000;

/// A model loaded from a file, with everything it was built from.
pub struct Loaded {
    pub spec: Spec,
    pub board: Board,
    pub model: Model,
}

/// Reads, parses, checks and builds the model in `path`; `rays` overrides
/// the file's ray encoding.
pub fn load_file(
    path: &Path,
    overrides: &[(String, i64)],
    rays: Option<RayEncoding>,
) -> Result<Loaded> {
    let source = std::fs::read_to_string(path)
        .map_err(|e| Error::input(format!("error: cannot read {}: {e}", path.display())))?;
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
    let (model, board) = build(&spec).map_err(|e| Error::input(format!("error: {file}: {e}")))?;
    Ok(Loaded { spec, board, model })
}

/// The encodings in force: the command line's, else the file's, else automatic.
pub fn encodings(spec: &Spec, amo: Option<AmoEncoding>, card: Option<CardEncoding>) -> Encodings {
    Encodings {
        amo: amo.or(spec.amo),
        card: card.or(spec.card),
    }
}

/// What `compile` is asked to do.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// `-` for standard output.
    pub output: std::path::PathBuf,
    /// `None`: from the output's extension (CNF on standard output).
    pub format: Option<Format>,
    pub encodings: Encodings,
    pub emit: EmitOptions,
    pub max_clauses: u64,
}

/// What `compile` wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileReport {
    pub format: Format,
    /// Variables in the file (named and auxiliary).
    pub variables: u64,
    /// Clauses (CNF, WCNF hard) or model constraints (linear formats).
    pub constraints: u64,
}

/// The format to write: `--format`, else the output's extension.
pub fn output_format(output: &Path, format: Option<Format>) -> Result<Format> {
    if let Some(f) = format {
        return Ok(f);
    }
    if output.as_os_str() == "-" {
        return Ok(Format::Cnf);
    }
    Format::from_path(output).map(|(f, _)| f).ok_or_else(|| {
        Error::input(format!(
            "error: cannot tell the format from the file name `{}`\n  = help: name it .cnf, .wcnf, .opb, .lp or .mps (optionally + .gz), or pass --format",
            output.display()
        ))
    })
}

fn provenance(loaded: &Loaded, encodings: &Encodings, clausal: bool) -> Provenance {
    Provenance {
        source: loaded.spec.file.clone(),
        params: loaded.spec.params.clone(),
        encodings: if clausal {
            encodings.describe()
        } else {
            String::new()
        },
    }
}

/// Compiles `loaded` as `opts` says. On any error the output file is left
/// as it was (a temporary file is renamed over it only when complete).
pub fn compile(loaded: &Loaded, opts: &CompileOptions) -> Result<CompileReport> {
    let format = output_format(&opts.output, opts.format)?;
    emit::check_format(&loaded.model, format).map_err(|m| Error::input(format!("error: {m}")))?;
    let clausal = format.is_clausal();
    let prov = provenance(loaded, &opts.encodings, clausal);
    let mut arena = ClauseArena::new();
    let mut n_vars = loaded.model.n_vars();
    if clausal {
        refuse_if_too_large(&loaded.model, &opts.encodings, opts.max_clauses)?;
        n_vars = encode::encode_model(&loaded.model, &opts.encodings, &mut arena).n_vars();
    }
    let mut out = Output::create(&opts.output).map_err(|e| {
        let message = format!("error: cannot write {}: {e}", opts.output.display());
        match e.kind() {
            std::io::ErrorKind::InvalidInput => Error::input(message),
            _ => Error::failure(message),
        }
    })?;
    let clauses = clausal.then_some(Clauses {
        arena: &arena,
        n_vars,
    });
    emit::write_format(&mut out, format, &loaded.model, &prov, clauses, &opts.emit)
        .and_then(|()| out.flush())
        .and_then(|()| out.commit())
        .map_err(|e| Error::failure(format!("error: writing {}: {e}", opts.output.display())))?;
    Ok(CompileReport {
        format,
        variables: u64::from(n_vars),
        constraints: if clausal {
            arena.n_clauses()
        } else {
            loaded.model.constraints.len() as u64
        },
    })
}

/// Refuses a model whose CNF would exceed `max_clauses`, before encoding it.
pub fn refuse_if_too_large(model: &Model, enc: &Encodings, max_clauses: u64) -> Result<()> {
    let estimate = encode::estimate_clauses(model, enc);
    if estimate > max_clauses {
        return Err(Error::input(format!(
            "error: the encoded model would have about {estimate} clauses, over the limit of {max_clauses}\n  = help: use smaller parameters, a more compact encoding (--amo ladder, --card cardnet), a linear format (-o model.lp), or raise --max-clauses"
        )));
    }
    Ok(())
}

/// The size of one encoding choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingStats {
    pub amo: String,
    pub card: String,
    pub variables: u64,
    pub clauses: u64,
    pub literals: u64,
}

fn measure(model: &Model, enc: Encodings) -> EncodingStats {
    let mut counter = ClauseCounter::default();
    let vars = encode::encode_model(model, &enc, &mut counter);
    EncodingStats {
        amo: enc.amo.map_or("auto".into(), |e| e.name().into()),
        card: enc.card.map_or("auto".into(), |e| e.name().into()),
        variables: u64::from(vars.n_vars()),
        clauses: counter.clauses,
        literals: counter.literals,
    }
}

/// The CNF size of the chosen encodings, then of every at-most-one encoding
/// (with the chosen cardinality encoding) and of every cardinality encoding
/// (with the chosen at-most-one encoding). Nothing is written or kept.
pub fn stats(model: &Model, chosen: Encodings) -> Vec<EncodingStats> {
    let mut rows = vec![measure(model, chosen)];
    for amo in AmoEncoding::ALL {
        rows.push(measure(
            model,
            Encodings {
                amo: Some(amo),
                ..chosen
            },
        ));
    }
    for card in CardEncoding::ALL {
        rows.push(measure(
            model,
            Encodings {
                card: Some(card),
                ..chosen
            },
        ));
    }
    rows
}
