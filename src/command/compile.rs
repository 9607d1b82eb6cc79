//! The `compile` command: refuse what is too large, encode the model for the
//! CNF family, and write it atomically in the chosen format.

use std::path::{Path, PathBuf};

use super::guard::{check_output, Limits, Target};
use super::start::{start_paths, Start};
use super::Loaded;
use crate::diag::{Diagnostic, Span, SpecErrors};
use crate::emit::{self, Clauses, EmitOptions, Provenance};
use crate::encode::{self, ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::options::{Encodings, Format};

/// What `compile` is asked to do.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// `-` for standard output.
    pub output: PathBuf,
    /// `None`: from the output's extension (CNF on standard output).
    pub format: Option<Format>,
    /// The encodings in force.
    pub encodings: Encodings,
    /// Spelling choices of the writers.
    pub emit: EmitOptions,
    /// The size limits, checked before encoding and writing.
    pub limits: Limits,
    /// Replace a read-only output file too.
    pub force: bool,
}

/// What `compile` wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileReport {
    /// The format written.
    pub format: Format,
    /// Variables in the file (named and auxiliary).
    pub variables: u64,
    /// Clauses (CNF, WCNF hard) or model constraints (linear formats).
    pub constraints: u64,
}

/// The format to write: `--format`, else the output's extension; a
/// `--format` that the extension contradicts (`-o q.lp --format cnf`) is
/// refused.
pub fn output_format(output: &Path, format: Option<Format>) -> Result<Format> {
    let named = Format::from_path(output).map(|(f, _)| f);
    if let (Some(asked), Some(named)) = (format, named) {
        if asked != named {
            return Err(Error::input_with_help(
                format!(
                    "--format {asked} contradicts the file name `{}`, which says {named}",
                    output.display()
                ),
                format!("name the file .{} (or leave out --format)", asked.name()),
            ));
        }
    }
    if let Some(f) = format {
        return Ok(f);
    }
    if output.as_os_str() == "-" {
        return Ok(Format::Cnf);
    }
    Format::from_path(output).map(|(f, _)| f).ok_or_else(|| {
        Error::input_with_help(
            format!(
                "cannot tell the format from the file name `{}`",
                output.display()
            ),
            format!(
                "name it {} (optionally + .gz), or pass --format",
                Format::extensions()
            ),
        )
    })
}

/// The header's provenance: the source, the parameters, and the
/// encodings — the clausal ones for CNF and WCNF, and the ray encoding
/// (`--rays`) whenever a rule uses rays.
pub(super) fn provenance(loaded: &Loaded, encodings: &Encodings, clausal: bool) -> Provenance {
    let uses_rays = loaded
        .spec
        .rules
        .iter()
        .any(|r| !matches!(r, crate::spec::RuleSpec::NoAttack));
    let rays = uses_rays.then(|| format!("rays={}", loaded.spec.rays.unwrap_or_default().name()));
    let clauses = clausal.then(|| encode::describe(encodings));
    Provenance {
        source: loaded.spec.file.clone(),
        params: loaded.spec.params.clone(),
        encodings: clauses
            .into_iter()
            .chain(rays)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Compiles `loaded` as `opts` says. On any error the output file is left
/// as it was (a temporary file is renamed over it only when complete).
pub fn compile(loaded: &Loaded, opts: &CompileOptions) -> Result<CompileReport> {
    let format = output_format(&opts.output, opts.format)?;
    emit::check_format(&loaded.model, format).map_err(|m| at_objective(loaded, m))?;
    let clausal = format.is_clausal();
    let prov = provenance(loaded, &opts.encodings, clausal);
    check_output(
        &loaded.model,
        &opts.encodings,
        Target::File(format),
        loaded.estimate.bytes,
        &opts.limits,
    )?;
    let mut arena = ClauseArena::new();
    let mut n_vars = loaded.model.n_vars();
    if clausal {
        n_vars = encode::encode_model(&loaded.model, &opts.encodings, &mut arena).n_vars();
    }
    let clauses = clausal.then_some(Clauses {
        arena: &arena,
        n_vars,
    });
    super::write_file(&opts.output, opts.force, |out| {
        emit::write_format(out, format, &loaded.model, &prov, clauses, &opts.emit)
    })?;
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

/// What the command line asks of `compile`.
#[derive(Clone, Debug)]
pub struct CompileRequest {
    /// The model and how to load it.
    pub model: super::ModelRequest,
    /// The output (`-` for standard output).
    pub output: PathBuf,
    /// The format, else from the output's extension.
    pub format: Option<Format>,
    /// Encodings asked for on the command line.
    pub encodings: super::EncodingRequest,
    /// WCNF in the legacy `p wcnf` format.
    pub wcnf_legacy: bool,
    /// Replace a read-only output file too.
    pub force: bool,
    /// `--mps-negate`: a maximisation in MPS as the minimisation of the
    /// negated objective.
    pub mps_negate: bool,
    /// `--start`: a board to write as MIP starts beside an LP or MPS file.
    pub start: Option<PathBuf>,
}

/// The refusal `message` about the model's objective, with a caret on the
/// `maximize`/`minimize` statement when the source shows it.
fn at_objective(loaded: &Loaded, message: String) -> Error {
    let source = &loaded.warnings.source;
    let at = ["maximize", "minimize"].iter().find_map(|word| {
        source.match_indices(word).map(|(i, _)| i).find(|&i| {
            source[..i]
                .chars()
                .next_back()
                .map_or(true, |c| c == '\n' || c == ';' || c.is_whitespace())
        })
    });
    let Some(at) = at.filter(|_| loaded.model.objective.is_some()) else {
        return Error::input(message);
    };
    let end = source[at..]
        .find(['\n', ';', '#'])
        .map_or(source.len(), |e| at + e);
    Error::Spec(SpecErrors {
        file: loaded.spec.file.clone(),
        source: source.clone(),
        errors: vec![Diagnostic::new(
            Span::new(at, source[..end].trim_end().len()),
            message,
        )],
    })
}

/// Refuses to write over the model's own file (also through links).
fn refuse_own_source(model: &Path, output: &Path) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let (Ok(source), Ok(target)) = (std::fs::metadata(model), std::fs::metadata(output)) else {
        return Ok(());
    };
    if output.as_os_str() != "-" && source.dev() == target.dev() && source.ino() == target.ino() {
        return Err(Error::input_with_help(
            format!(
                "the output {} is the model file {} itself",
                output.display(),
                model.display()
            ),
            "name another output file",
        ));
    }
    Ok(())
}

/// Runs `compile`: says what it wrote on standard error.
pub fn run(req: &CompileRequest) -> Result<u8> {
    refuse_own_source(&req.model.path, &req.output)?;
    output_format(&req.output, req.format)?;
    let loaded = req.model.load()?;
    let opts = CompileOptions {
        output: req.output.clone(),
        format: req.format,
        encodings: req.encodings.resolve(&loaded.spec),
        emit: EmitOptions {
            wcnf_legacy: req.wcnf_legacy,
            mps_negate: req.mps_negate,
        },
        limits: req.model.limits,
        force: req.force,
    };
    let start = match &req.start {
        Some(path) => Some(start_for(&loaded, &opts, path)?),
        None => None,
    };
    let report = compile(&loaded, &opts)?;
    if let Some(start) = start {
        write_starts(&loaded, &opts, &start)?;
    }
    if req.output.as_os_str() != "-" {
        super::note(&format!(
            "wrote {} ({}): {} variables, {} {}",
            req.output.display(),
            report.format,
            report.variables,
            report.constraints,
            if report.format.is_clausal() {
                "clauses"
            } else {
                "constraints"
            }
        ));
    }
    Ok(0)
}

/// The start at `path`, read for a compile to an LP or MPS file.
fn start_for(loaded: &Loaded, opts: &CompileOptions, path: &Path) -> Result<Start> {
    let format = output_format(&opts.output, opts.format)?;
    if opts.output.as_os_str() == "-" || !matches!(format, Format::Lp | Format::Mps) {
        return Err(Error::input_with_help(
            "--start writes MIP starts beside an LP or MPS file",
            "compile to a file: -o model.lp (or .mps) --start BOARD",
        ));
    }
    Start::read(loaded, path)
}

/// Writes `start` beside the compiled file as `.mst`, `.sol`, `.highs.sol`.
fn write_starts(loaded: &Loaded, opts: &CompileOptions, start: &Start) -> Result<()> {
    super::note(&start.summary);
    for (form, path) in start_paths(&opts.output) {
        let completed = start.write(loaded, &opts.encodings, form, &path)?;
        let how = if completed {
            "every variable, completed by the embedded solver"
        } else {
            "the board's cells only: the start extends to no solution"
        };
        super::note(&format!("wrote {} ({how})", path.display()));
    }
    Ok(())
}
