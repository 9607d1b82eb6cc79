//! The `compile` command: refuse what is too large, encode the model for the
//! CNF family, and write it atomically in the chosen format.

use std::path::{Path, PathBuf};

use qspec::emit::EmitOptions;
use qspec::error::{Error, Result};
use qspec::instance::{output_format, CompileOptions, Instance};
use qspec::options::{Format, LpDialect};
use qspec::solve::{start_paths, Start};

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
    /// `--lp-dialect`: CPLEX LP, or lp_solve's (for lp_solve and OR-tools).
    pub lp_dialect: LpDialect,
}

/// Runs `compile`: says what it wrote on standard error.
pub fn run(req: &CompileRequest) -> Result<u8> {
    let format = output_format(&req.output, req.format)?;
    if req.lp_dialect != LpDialect::default() && format != Format::Lp {
        return Err(Error::usage_with_help(
            format!(
                "--lp-dialect {} is about LP files, and the output is {format}",
                req.lp_dialect.name()
            ),
            "write an LP file (-o model.lp), or leave out --lp-dialect",
        ));
    }
    if req.start.is_some() {
        check_start_target(&req.output, format)?;
    }
    if req.output.as_os_str() != "-" {
        qspec::files::probe_output(&req.output, req.force)?;
    }
    let loaded = req
        .model
        .load_checked(|checked| checked.check_format(format))?;
    let opts = CompileOptions {
        output: req.output.clone(),
        format: req.format,
        encodings: req.encodings.resolve(&loaded),
        emit: EmitOptions {
            wcnf_legacy: req.wcnf_legacy,
            mps_negate: req.mps_negate,
            lp_dialect: req.lp_dialect,
        },
        limits: req.model.limits,
        force: req.force,
    };
    let start = match &req.start {
        Some(path) => Some(start_for(&loaded, &opts, path)?),
        None => None,
    };
    if req.encodings.verbose && output_format(&req.output, req.format)?.is_clausal() {
        super::note(&format!(
            "c encodings: {}",
            qspec::encode::describe(&opts.encodings)
        ));
    }
    let report = loaded.compile(&opts)?;
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
fn start_for(loaded: &Instance, opts: &CompileOptions, path: &Path) -> Result<Start> {
    check_start_target(&opts.output, output_format(&opts.output, opts.format)?)?;
    Start::read(loaded, path)
}

/// `--start` writes MIP starts beside an LP or MPS file, and nothing else.
fn check_start_target(output: &Path, format: Format) -> Result<()> {
    if output.as_os_str() == "-" || !matches!(format, Format::Lp | Format::Mps) {
        return Err(Error::usage_with_help(
            "--start writes MIP starts beside an LP or MPS file",
            "compile to a file: -o model.lp (or .mps) --start BOARD",
        ));
    }
    Ok(())
}

/// Writes `start` beside the compiled file as `.mst`, `.sol`, `.highs.sol`.
fn write_starts(loaded: &Instance, opts: &CompileOptions, start: &Start) -> Result<()> {
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
