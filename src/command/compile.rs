//! The `compile` command: refuse what is too large, encode the model for the
//! CNF family, and write it atomically in the chosen format.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::start::{start_paths, Start};
use super::Loaded;
use crate::emit::{self, Clauses, EmitOptions, Output, Provenance};
use crate::encode::{self, ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::{Encodings, Format};

/// The default for `--max-clauses`.
pub const DEFAULT_MAX_CLAUSES: u64 = 200_000_000;

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
    /// Refuse a CNF estimated above this many clauses.
    pub max_clauses: u64,
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

/// The format to write: `--format`, else the output's extension.
pub fn output_format(output: &Path, format: Option<Format>) -> Result<Format> {
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

fn provenance(loaded: &Loaded, encodings: &Encodings, clausal: bool) -> Provenance {
    Provenance {
        source: loaded.spec.file.clone(),
        params: loaded.spec.params.clone(),
        encodings: if clausal {
            encode::describe(encodings)
        } else {
            String::new()
        },
    }
}

/// Compiles `loaded` as `opts` says. On any error the output file is left
/// as it was (a temporary file is renamed over it only when complete).
pub fn compile(loaded: &Loaded, opts: &CompileOptions) -> Result<CompileReport> {
    let format = output_format(&opts.output, opts.format)?;
    emit::check_format(&loaded.model, format).map_err(Error::input)?;
    let clausal = format.is_clausal();
    let prov = provenance(loaded, &opts.encodings, clausal);
    let mut arena = ClauseArena::new();
    let mut n_vars = loaded.model.n_vars();
    if clausal {
        refuse_if_too_large(&loaded.model, &opts.encodings, opts.max_clauses)?;
        n_vars = encode::encode_model(&loaded.model, &opts.encodings, &mut arena).n_vars();
    }
    let mut out = Output::create(&opts.output).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => {
            Error::input(format!("cannot write {}: {e}", opts.output.display()))
        }
        _ => Error::unwritable("cannot write ", &opts.output, e),
    })?;
    let clauses = clausal.then_some(Clauses {
        arena: &arena,
        n_vars,
    });
    emit::write_format(&mut out, format, &loaded.model, &prov, clauses, &opts.emit)
        .and_then(|()| out.flush())
        .and_then(|()| out.commit())
        .map_err(|e| Error::unwritable("writing ", &opts.output, e))?;
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
        return Err(Error::input_with_help(
            format!("the encoded model would have about {estimate} clauses, over the limit of {max_clauses}"),
            "use smaller parameters, a more compact encoding (--amo ladder, --card cardnet), a linear format (-o model.lp), or raise --max-clauses",
        ));
    }
    Ok(())
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
    /// `--max-clauses`.
    pub max_clauses: u64,
    /// `--mps-negate`: a maximisation in MPS as the minimisation of the
    /// negated objective.
    pub mps_negate: bool,
    /// `--start`: a board to write as MIP starts beside an LP or MPS file.
    pub start: Option<PathBuf>,
}

/// Runs `compile`: says what it wrote on standard error.
pub fn run(req: &CompileRequest) -> Result<u8> {
    let loaded = req.model.load()?;
    let opts = CompileOptions {
        output: req.output.clone(),
        format: req.format,
        encodings: req.encodings.resolve(&loaded.spec),
        emit: EmitOptions {
            wcnf_legacy: req.wcnf_legacy,
            mps_negate: req.mps_negate,
        },
        max_clauses: req.max_clauses,
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
        eprintln!(
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
        );
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
    eprintln!("{}", start.summary);
    for (form, path) in start_paths(&opts.output) {
        let completed = start.write(loaded, &opts.encodings, form, &path)?;
        let how = if completed {
            "every variable, completed by the embedded solver"
        } else {
            "the board's cells only: the start extends to no solution"
        };
        eprintln!("wrote {} ({how})", path.display());
    }
    Ok(())
}
