//! Writing an instance in a solver format: the size guard for what the
//! format makes of the model, the clausal encoding for CNF and WCNF, the
//! header's provenance, and the file written atomically (a failed or
//! interrupted compile leaves no file and never overwrites one).

use std::path::{Path, PathBuf};

use super::guard::{check_output, Destination, Limits};
use super::{Checked, Instance};
use crate::diag::{line_at, Diagnostic, Span, SpecErrors};
use crate::draw::Layout;
use crate::emit::{self, Clauses, EmitOptions, Provenance};
use crate::encode::{self, ClauseArena, ClauseSink};
use crate::error::{Error, Result};
use crate::language::Spec;
use crate::model::Objective;
use crate::options::{Encodings, Format, Setting};

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
            return Err(Error::usage_with_help(
                format!(
                    "{} contradicts the file name `{}`, which says {named}",
                    Setting::Format.set_to(asked.name()),
                    output.display()
                ),
                format!(
                    "name the file .{} (or leave out {})",
                    asked.name(),
                    Setting::Format.mark()
                ),
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
        Error::usage_with_help(
            format!(
                "cannot tell the format from the file name `{}`",
                output.display()
            ),
            format!(
                "name it {} (optionally + .gz), or pass {}",
                Format::extensions(),
                Setting::Format.mark()
            ),
        )
    })
}

impl Instance {
    /// The header's provenance: the source, the parameters, and the
    /// encodings — the clausal ones for CNF and WCNF, and the ray encoding
    /// (`--rays`) whenever a rule uses rays.
    pub fn provenance(&self, encodings: &Encodings, clausal: bool) -> Provenance {
        let uses_rays = self
            .spec
            .rules
            .iter()
            .any(|r| !matches!(r, crate::language::RuleSpec::NoAttack));
        let rays = uses_rays.then(|| format!("rays={}", self.spec.rays.unwrap_or_default().name()));
        let clauses = clausal.then(|| encode::describe(encodings));
        Provenance {
            source: self.spec.file.clone(),
            params: self.spec.params.clone(),
            encodings: clauses
                .into_iter()
                .chain(rays)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// Compiles `self` as `opts` says. On any error the output file is left
    /// as it was (a temporary file is renamed over it only when complete).
    pub fn compile(&self, opts: &CompileOptions) -> Result<CompileReport> {
        let format = output_format(&opts.output, opts.format)?;
        let encoded = self.encode_for(format, &opts.encodings, &opts.limits, Some(&opts.output))?;
        crate::files::write_file(&opts.output, opts.force, |out| {
            encoded.write(out, &opts.emit)
        })?;
        Ok(encoded.report())
    }

    /// Writes `self` in `format` to `out` (a string, a pipe), with the
    /// same checks as [`Instance::compile`].
    ///
    /// ```
    /// use qspec::Format;
    /// let queens = qspec::load_source("q.qspec", "board 4 x 4\nrule no_attack\ncount == 4\n", &[], &Default::default())?;
    /// let mut cnf = Vec::new();
    /// let report = queens.write_to(&mut cnf, Format::Cnf, &Default::default(), &Default::default())?;
    /// let text = String::from_utf8(cnf).unwrap();
    /// assert!(text.contains(&format!("p cnf {} {}", report.variables, report.constraints)));
    /// # Ok::<(), qspec::Error>(())
    /// ```
    pub fn write_to(
        &self,
        out: &mut dyn std::io::Write,
        format: Format,
        encodings: &Encodings,
        emit: &EmitOptions,
    ) -> Result<CompileReport> {
        let encoded = self.encode_for(format, encodings, &self.options.limits, None)?;
        encoded
            .write(out, emit)
            .and_then(|()| out.flush())
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::InvalidInput => Error::unsupported(e.to_string()),
                _ => Error::unwritable("writing ", Path::new("the output"), e),
            })?;
        Ok(encoded.report())
    }

    /// Refuses what `target` would make of this model with `encodings`
    /// when it breaks one of `limits` ([`check_output`]), saying
    /// where in the file the size comes from.
    pub fn check_output(
        &self,
        encodings: &Encodings,
        target: Destination,
        limits: &Limits,
    ) -> Result<()> {
        check_output(&self.model, encodings, target, self.estimate.bytes, limits)
            .map_err(|e| e.with_places(super::size_places(&self.spec, &self.warnings.source)))
    }

    /// Whether `format` can hold this model; if not, why, with a caret on
    /// the objective a CNF file cannot hold.
    pub fn check_format(&self, format: Format) -> Result<()> {
        emit::check_format(&self.model, format)
            .map_err(|m| at_objective(&self.spec, &self.warnings.source, m.to_string()))
    }

    /// The model checked for `format` and `limits` (for the file `output`
    /// when there is one: gzipped by its name), and encoded when the
    /// format is clausal.
    fn encode_for(
        &self,
        format: Format,
        encodings: &Encodings,
        limits: &Limits,
        output: Option<&Path>,
    ) -> Result<Encoded<'_>> {
        self.check_format(format)?;
        let clausal = format.is_clausal();
        let gzip = output.is_some_and(crate::files::is_gzip_name);
        self.check_output(encodings, Destination::File { format, gzip }, limits)?;
        let mut arena = ClauseArena::new();
        let mut n_vars = self.model.n_vars();
        if clausal {
            n_vars = encode::encode_model(&self.model, encodings, &mut arena).n_vars();
        }
        Ok(Encoded {
            instance: self,
            format,
            provenance: self.provenance(encodings, clausal),
            arena,
            n_vars,
        })
    }
}

/// An instance ready to be written in one format.
struct Encoded<'a> {
    instance: &'a Instance,
    format: Format,
    provenance: Provenance,
    arena: ClauseArena,
    n_vars: u32,
}

impl Encoded<'_> {
    fn write(&self, out: &mut dyn std::io::Write, emit: &EmitOptions) -> std::io::Result<()> {
        let clauses = self.format.is_clausal().then_some(Clauses {
            arena: &self.arena,
            n_vars: self.n_vars,
        });
        let instance = self.instance;
        let layout = self
            .format
            .needs_layout()
            .then(|| Layout::of(&instance.spec, &instance.board));
        let (model, prov) = (&instance.model, &self.provenance);
        emit::write_format(
            out,
            self.format,
            model,
            prov,
            clauses,
            layout.as_ref(),
            emit,
        )
    }

    fn report(&self) -> CompileReport {
        CompileReport {
            format: self.format,
            variables: u64::from(self.n_vars),
            constraints: if self.format.is_clausal() {
                self.arena.n_clauses()
            } else {
                self.instance.model.constraints.len() as u64
            },
        }
    }
}

impl Checked {
    /// The objective the model will have, without its terms: what a
    /// request is held against before the model is built.
    pub fn objective(&self) -> Option<Objective> {
        self.spec.objective.map(|o| Objective {
            sense: o.sense,
            terms: Vec::new(),
            what: o.what(&self.spec.kinds),
        })
    }

    /// What [`Instance::check_format`] says of `format`, decided from the
    /// spec (a CNF file cannot hold an objective), before anything is
    /// built.
    pub fn check_format(&self, format: Format) -> Result<()> {
        match (format, self.objective()) {
            (Format::Cnf, Some(objective)) => Err(at_objective(
                &self.spec,
                &self.warnings.source,
                emit::Unwritable::objective_in_cnf(&objective).to_string(),
            )),
            _ => Ok(()),
        }
    }
}

/// The refusal `message` about the model's objective, with a caret on the
/// `maximize`/`minimize` statement when the source shows it.
fn at_objective(spec: &Spec, source: &str, message: String) -> Error {
    let at = ["maximize", "minimize"].iter().find_map(|word| {
        source.match_indices(word).map(|(i, _)| i).find(|&i| {
            source[..i]
                .chars()
                .next_back()
                .is_none_or(|c| c == '\n' || c == ';' || c.is_whitespace())
        })
    });
    let Some(at) = at.filter(|_| spec.objective.is_some()) else {
        return Error::unsupported(message);
    };
    let (_, line) = line_at(source, at);
    let end = source[at..line.end()]
        .find([';', '#'])
        .map_or(line.end(), |e| at + e);
    Error::Spec(SpecErrors {
        file: spec.file.clone(),
        source: source.to_string(),
        errors: vec![Diagnostic::new(
            Span::new(at, source[..end].trim_end().len()),
            message,
        )],
    })
}
