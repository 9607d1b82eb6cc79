//! `qspec.toml`, the manifest a user commits: where the snapshots live and
//! the cases, each a model with its parameters, the formats to snapshot,
//! the encodings and the meaning to check. Read with `toml` and serde; a
//! mistake (an unknown key, a wrong type, an unknown format or encoding, a
//! parameter the model does not declare, a missing model) is reported at
//! its place in the manifest, with a caret, as a model's mistakes are.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::diag::{Diagnostic, Span, SpecErrors};
use crate::error::{Error, Result};
use crate::instance::{Instance, LoadOptions, Source};
use crate::options::{AmoEncoding, CardEncoding, Choice, Encodings, Format, RayEncoding};

/// The manifest's usual name.
pub const MANIFEST: &str = "qspec.toml";

/// The snapshot folder when the manifest names none.
pub const DEFAULT_DIR: &str = "snapshots";

/// The meaning a case's fingerprint records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Whether the model has a solution.
    Status,
    /// The optimum of the model's objective.
    Optimum,
    /// The number of solutions, projected on the board's decision variables.
    Count,
}

impl Check {
    /// The name in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Check::Status => "status",
            Check::Optimum => "optimum",
            Check::Count => "count",
        }
    }

    fn named(name: &str) -> Option<Check> {
        [Check::Status, Check::Optimum, Check::Count]
            .into_iter()
            .find(|c| c.name() == name)
    }
}

/// One case: a model, its parameters, what to snapshot and check.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its name: the snapshot files are `DIR/<name>.<format>`.
    pub name: String,
    /// The model file, as the manifest writes it (relative to the
    /// manifest's folder).
    pub model: String,
    /// Its parameters (`-D`), by name.
    pub defines: Vec<(String, i64)>,
    /// The formats to snapshot, in order.
    pub formats: Vec<Format>,
    /// The encodings asked for (unset: the model's, else automatic).
    pub encodings: Encodings,
    /// The ray encoding asked for.
    pub rays: Option<RayEncoding>,
    /// The meaning to record and check.
    pub check: Check,
    /// Whether the snapshot files are gzipped.
    pub gzip: bool,
    /// Whether the automatic hints are added.
    pub auto_hints: bool,
    place: Span,
    model_place: Span,
    define_place: Span,
    check_place: Span,
}

/// A manifest read and checked.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// The manifest file.
    pub path: PathBuf,
    /// Its folder: paths in it are relative to this.
    pub root: PathBuf,
    /// The snapshot folder, as written (`snapshots`).
    pub dir: String,
    /// Every case, in the manifest's order.
    pub cases: Vec<Case>,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    #[serde(default)]
    snapshot: RawSettings,
    #[serde(default, rename = "case")]
    cases: Vec<Spanned<RawCase>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    dir: Option<Spanned<String>>,
    gzip: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: Option<Spanned<String>>,
    model: Spanned<String>,
    define: Option<Spanned<BTreeMap<String, i64>>>,
    formats: Option<Spanned<Vec<Spanned<String>>>>,
    encodings: Option<RawEncodings>,
    rays: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
    gzip: Option<bool>,
    auto_hints: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEncodings {
    amo: Option<Spanned<String>>,
    card: Option<Spanned<String>>,
}

fn span_of<T>(s: &Spanned<T>) -> Span {
    Span::new(s.span().start, s.span().end)
}

/// Collects the manifest's diagnostics.
struct Problems(Vec<Diagnostic>);

impl Problems {
    fn at(&mut self, span: Span, message: String, help: Option<String>) {
        let d = Diagnostic::new(span, message);
        self.0.push(match help {
            Some(h) => d.with_help(h),
            None => d,
        });
    }

    /// The choice named by `value`, or a diagnostic listing the names.
    fn choice<T: Choice>(&mut self, what: &str, value: &Spanned<String>) -> Option<T> {
        let found = T::named(value.get_ref());
        if found.is_none() {
            let names: Vec<&str> = T::all().iter().map(|c| c.name()).collect();
            self.at(
                span_of(value),
                format!("unknown {what} `{}`", value.get_ref()),
                Some(format!("one of {}", names.join(", "))),
            );
        }
        found
    }
}

impl Manifest {
    /// Reads and checks the manifest at `path`.
    pub fn read(path: &Path) -> Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::unreadable("the manifest ", path, e))?;
        let root = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        Manifest::parse(path, root, text)
    }

    /// Checks the manifest `text` read from `path` (paths relative to
    /// `root`).
    pub fn parse(path: &Path, root: PathBuf, text: String) -> Result<Manifest> {
        let name = path.display().to_string();
        let raw: RawManifest = toml::from_str(&text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let place = Span::new(
                span.start,
                span.end.max(span.start + 1).min(text.len().max(1)),
            );
            let message = e.message().trim_end().to_string();
            errors(&name, &text, vec![Diagnostic::new(place, message)])
        })?;
        let mut problems = Problems(Vec::new());
        let gzip = raw.snapshot.gzip.unwrap_or(false);
        let dir = match &raw.snapshot.dir {
            Some(d) if d.get_ref().trim().is_empty() => {
                problems.at(span_of(d), "the snapshot folder is empty".into(), None);
                DEFAULT_DIR.to_string()
            }
            Some(d) => d.get_ref().clone(),
            None => DEFAULT_DIR.to_string(),
        };
        let cases: Vec<Case> = raw
            .cases
            .into_iter()
            .filter_map(|c| case(c, gzip, &mut problems))
            .collect();
        unique_names(&cases, &mut problems);
        if !problems.0.is_empty() {
            return Err(errors(&name, &text, problems.0));
        }
        Ok(Manifest {
            path: path.to_path_buf(),
            root,
            dir,
            cases,
            text,
        })
    }

    /// The snapshot folder.
    pub fn snapshot_dir(&self) -> PathBuf {
        self.path_of(&self.dir)
    }

    /// `path`, written relative to the manifest's folder.
    /// The model file of `case`, where qspec reads it.
    pub fn model_path(&self, case: &Case) -> PathBuf {
        self.path_of(&case.model)
    }

    fn path_of(&self, path: &str) -> PathBuf {
        if self.root == Path::new(".") {
            PathBuf::from(path)
        } else {
            self.root.join(path)
        }
    }

    /// The cases called `names` (every case when none is named); an
    /// unknown name is an error that lists the names.
    pub fn select(&self, names: &[String]) -> Result<Vec<&Case>> {
        if names.is_empty() {
            return Ok(self.cases.iter().collect());
        }
        names
            .iter()
            .map(|n| {
                self.cases.iter().find(|c| &c.name == n).ok_or_else(|| {
                    let known: Vec<&str> = self.cases.iter().map(|c| c.name.as_str()).collect();
                    Error::usage_with_help(
                        format!("{} has no case `{n}`", self.path.display()),
                        format!("its cases: {}", known.join(", ")),
                    )
                })
            })
            .collect()
    }

    /// The instance of `case`: its model loaded with its parameters, as
    /// the manifest names it (so the files' headers do not depend on where
    /// qspec runs). A missing model, or a parameter the model does not
    /// declare, is an error at the case's place in the manifest.
    pub fn load(&self, case: &Case) -> Result<Instance> {
        let path = self.path_of(&case.model);
        let options = LoadOptions {
            rays: case.rays,
            auto_hints: case.auto_hints,
            ..LoadOptions::default()
        };
        let source = Source::read(&path, options).map_err(|e| match e {
            Error::Io { source, .. } => self.error_at(
                case.model_place,
                format!(
                    "case `{}`: cannot read the model {}: {source}",
                    case.name,
                    path.display()
                ),
            ),
            other => other,
        })?;
        let source = Source {
            name: case.model.clone(),
            ..source
        };
        let declared = crate::language::load(&source.name, &source.text, &[])?;
        for (name, _) in &case.defines {
            if !declared.params.iter().any(|(p, _)| p == name) {
                let params: Vec<&str> = declared.params.iter().map(|(p, _)| p.as_str()).collect();
                let has = match params.as_slice() {
                    [] => "declares no params".to_string(),
                    some => format!("declares {}", some.join(", ")),
                };
                return Err(self.error_at(
                    case.define_place,
                    format!(
                        "case `{}`: the model {} has no param `{name}` (it {has})",
                        case.name, case.model
                    ),
                ));
            }
        }
        let instance = source.load(&case.defines)?;
        if case.check == Check::Optimum && instance.model.objective.is_none() {
            return Err(self.error_at(
                case.check_place,
                format!(
                    "case `{}`: `check = \"optimum\"` needs an objective, and {} has none",
                    case.name, case.model
                ),
            ));
        }
        Ok(instance)
    }

    fn error_at(&self, span: Span, message: String) -> Error {
        let name = self.path.display().to_string();
        errors(&name, &self.text, vec![Diagnostic::new(span, message)])
    }

    /// The place of `case` in the manifest, for messages (`qspec.toml:12`).
    pub fn place_of(&self, case: &Case) -> String {
        let (line, _) = crate::diag::line_col(&self.text, case.place.start);
        format!("{}:{line}", self.path.display())
    }
}

fn errors(file: &str, text: &str, diagnostics: Vec<Diagnostic>) -> Error {
    Error::Spec(SpecErrors {
        file: file.to_string(),
        source: text.to_string(),
        errors: diagnostics,
    })
}

/// The case `raw`, checked (`None` with its problems noted).
fn case(raw: Spanned<RawCase>, gzip: bool, problems: &mut Problems) -> Option<Case> {
    let place = span_of(&raw);
    let raw = raw.into_inner();
    let before = problems.0.len();
    let defines: Vec<(String, i64)> = raw
        .define
        .as_ref()
        .map(|d| d.get_ref().clone().into_iter().collect())
        .unwrap_or_default();
    let formats = match &raw.formats {
        None => vec![Format::Cnf],
        Some(list) => {
            if list.get_ref().is_empty() {
                problems.at(span_of(list), "a case needs a format at least".into(), None);
            }
            list.get_ref()
                .iter()
                .filter_map(|f| problems.choice::<Format>("format", f))
                .collect()
        }
    };
    let (mut amo, mut card) = (None, None);
    if let Some(e) = &raw.encodings {
        amo = e
            .amo
            .as_ref()
            .and_then(|a| problems.choice::<AmoEncoding>("at-most-one encoding", a));
        card = e
            .card
            .as_ref()
            .and_then(|c| problems.choice::<CardEncoding>("cardinality encoding", c));
    }
    let rays = raw
        .rays
        .as_ref()
        .and_then(|r| problems.choice::<RayEncoding>("ray encoding", r));
    let check = match &raw.check {
        None => Check::Status,
        Some(c) => Check::named(c.get_ref()).unwrap_or_else(|| {
            problems.at(
                span_of(c),
                format!("unknown check `{}`", c.get_ref()),
                Some("one of status (the default), optimum, count".into()),
            );
            Check::Status
        }),
    };
    let model = raw.model.get_ref().clone();
    let name = match &raw.name {
        Some(n) => {
            if !is_file_name(n.get_ref()) {
                problems.at(
                    span_of(n),
                    format!("`{}` cannot name snapshot files", n.get_ref()),
                    Some("use letters, digits, `-`, `_`, `.` and `=`".into()),
                );
            }
            n.get_ref().clone()
        }
        None => default_name(&model, &defines),
    };
    (problems.0.len() == before).then(|| Case {
        name,
        defines,
        formats,
        encodings: Encodings { amo, card },
        rays,
        check,
        gzip: raw.gzip.unwrap_or(gzip),
        auto_hints: raw.auto_hints.unwrap_or(true),
        place,
        model_place: span_of(&raw.model),
        define_place: raw.define.as_ref().map_or(span_of(&raw.model), span_of),
        check_place: raw.check.as_ref().map_or(place, span_of),
        model,
    })
}

/// `queens-3d.n=5`: the model's file stem and the parameters in name order.
fn default_name(model: &str, defines: &[(String, i64)]) -> String {
    let stem = Path::new(model)
        .file_stem()
        .map_or_else(|| "case".into(), |s| s.to_string_lossy().into_owned());
    let mut name = stem;
    for (k, v) in defines {
        name.push_str(&format!(".{k}={v}"));
    }
    name
}

/// Whether `name` is safe as the start of a file name.
fn is_file_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.=".contains(c))
}

/// Two cases may not share a name (their files would collide).
fn unique_names(cases: &[Case], problems: &mut Problems) {
    for (i, case) in cases.iter().enumerate() {
        if cases[..i].iter().any(|c| c.name == case.name) {
            problems.at(
                case.place,
                format!(
                    "a second case named `{}`: their snapshot files would collide",
                    case.name
                ),
                Some("give one of them a `name`".into()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Manifest> {
        Manifest::parse(
            Path::new("qspec.toml"),
            PathBuf::from("."),
            text.to_string(),
        )
    }

    #[test]
    fn cases_take_their_defaults_and_names() {
        let m =
            parsed("[[case]]\nmodel = \"models/q.qspec\"\ndefine = { n = 5, k = 2 }\n").unwrap();
        let c = &m.cases[0];
        assert_eq!(c.name, "q.k=2.n=5");
        assert_eq!(
            (c.formats.as_slice(), c.check),
            (&[Format::Cnf][..], Check::Status)
        );
        assert_eq!(m.dir, "snapshots");
    }

    #[test]
    fn mistakes_are_reported_at_their_place() {
        let shown = |text: &str| parsed(text).unwrap_err().to_string();
        let e = shown("[[case]]\nmodel = \"q.qspec\"\nformatz = [\"cnf\"]\n");
        assert!(e.contains("qspec.toml:3:1") && e.contains("formatz"), "{e}");
        let e = shown("[[case]]\nmodel = \"q.qspec\"\nformats = [\"cnf\", \"docx\"]\n");
        assert!(
            e.contains("qspec.toml:3:19") && e.contains("unknown format `docx`"),
            "{e}"
        );
        let e = shown("[[case]]\nmodel = 5\n");
        assert!(e.contains("qspec.toml:2:9") && e.contains("string"), "{e}");
        let e = shown("[[case]]\nmodel = \"q.qspec\"\ncheck = \"meaning\"\n");
        assert!(e.contains("unknown check `meaning`"), "{e}");
        let e = shown("[[case]]\nmodel = \"q.qspec\"\n[[case]]\nmodel = \"q.qspec\"\n");
        assert!(e.contains("second case named `q`"), "{e}");
    }
}
