//! A case compiled afresh and held against what is stored: every snapshot
//! file byte for byte, once the version line is normalised (`c qspec
//! 0.1.0`, `* qspec ...`, `\ qspec ...`: the one line that legitimately
//! changes with every release); for a changed case, the sizes before and
//! after, the first differing lines, and whether the meaning changed (the
//! fingerprint recomputed). Updating writes each file atomically, so a
//! killed update leaves every file old or new, never half-written.

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::fingerprint::{meaning, FileSize, Fingerprint, Meaning};
use super::manifest::{Case, Manifest};
use crate::emit::EmitOptions;
use crate::error::{Error, Result};
use crate::files::write_file;
use crate::instance::Instance;
use crate::options::Format;

/// A case compiled: each format's text and size.
pub struct Compiled {
    /// The case.
    pub case: Case,
    instance: Instance,
    files: Vec<(Format, Vec<u8>, FileSize)>,
}

/// How a case stands against its stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Every file is as stored.
    Ok,
    /// Nothing is stored yet.
    New,
    /// Something differs.
    Changed(Change),
}

/// What changed in a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Size changes: `cnf: clauses 1227 → 1190, auxiliary 124 → 98`.
    pub sizes: Vec<String>,
    /// Per changed file: its name, the first differing line's number, the
    /// stored line and the new one (`None` past the end).
    pub first_differences: Vec<FirstDifference>,
    /// The meaning stored, and the meaning now (`None` when no
    /// fingerprint is stored).
    pub meaning: (Option<Meaning>, Meaning),
}

/// The first line where a stored file and the new one differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDifference {
    /// The snapshot file's name.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The stored line (`None`: the stored file ends before, or is missing).
    pub stored: Option<String>,
    /// The new line (`None`: the new file ends before, or is no longer made).
    pub new: Option<String>,
}

impl Change {
    /// Whether the meaning is the same as stored.
    pub fn same_meaning(&self) -> bool {
        self.meaning.0 == Some(self.meaning.1)
    }

    /// `encoding only: same 92 solutions`, or `MEANING CHANGED: 92 solutions
    /// → 88 solutions`.
    pub fn summary(&self) -> String {
        match self.meaning {
            (Some(old), new) if old == new => format!("encoding only: same {new}"),
            (Some(old), new) => format!("MEANING CHANGED: {old} → {new}"),
            (None, new) => format!("no stored fingerprint of this check to compare; now {new}"),
        }
    }
}

/// A case's report: its name, its place, its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// Where it is in the manifest (`qspec.toml:12`).
    pub place: String,
    /// How it stands.
    pub verdict: Comparison,
    /// Seconds it took.
    pub seconds: f64,
}

impl CaseReport {
    /// `ok`, `new` or `changed (...)`.
    pub fn status_line(&self) -> String {
        match &self.verdict {
            Comparison::Ok => "ok".into(),
            Comparison::New => "new".into(),
            Comparison::Changed(c) => format!("changed ({})", c.summary()),
        }
    }

    /// The lines that say what changed, indented (none for `ok` and `new`).
    pub fn details(&self) -> Vec<String> {
        let Comparison::Changed(change) = &self.verdict else {
            return Vec::new();
        };
        let mut lines: Vec<String> = change.sizes.clone();
        for d in &change.first_differences {
            lines.push(format!("{}: first difference at line {}:", d.file, d.line));
            lines.push(format!(
                "  - {}",
                d.stored.as_deref().unwrap_or("(nothing)")
            ));
            lines.push(format!("  + {}", d.new.as_deref().unwrap_or("(nothing)")));
        }
        lines
    }
}

/// Where the snapshot of `case` in `format` is stored.
pub fn snapshot_path(manifest: &Manifest, case: &Case, format: Format) -> PathBuf {
    let gz = if case.gzip { ".gz" } else { "" };
    manifest
        .snapshot_dir()
        .join(format!("{}.{}{gz}", case.name, format.name()))
}

/// Where the fingerprint of `case` is stored.
pub fn fingerprint_path(manifest: &Manifest, case: &Case) -> PathBuf {
    manifest
        .snapshot_dir()
        .join(format!("{}.fingerprint", case.name))
}

/// Loads `case` and compiles it in each of its formats, in memory.
pub fn compile(manifest: &Manifest, case: &Case) -> Result<Compiled> {
    let instance = manifest.load(case)?;
    let encodings = instance.encodings(case.encodings.amo, case.encodings.card);
    let mut files = Vec::new();
    for &format in &case.formats {
        let mut text = Vec::new();
        let report = instance
            .write_to(&mut text, format, &encodings, &EmitOptions::default())
            .map_err(|e| {
                Error::usage(format!(
                    "case `{}` ({}) in {format}: {e}",
                    case.name,
                    manifest.place_of(case)
                ))
            })?;
        let size = FileSize::of(&instance, &report);
        files.push((format, text, size));
    }
    Ok(Compiled {
        case: case.clone(),
        instance,
        files,
    })
}

impl Compiled {
    /// The fingerprint of the case: its sizes and its meaning (a solve).
    pub fn fingerprint(&self) -> Result<Fingerprint> {
        let encodings = self
            .instance
            .encodings(self.case.encodings.amo, self.case.encodings.card);
        let meaning = meaning(&self.instance, self.case.check, &encodings)?;
        let sizes = self.files.iter().map(|(_, _, s)| s.clone()).collect();
        Ok(Fingerprint::new(&self.instance, sizes, meaning))
    }

    /// How the case stands against what `manifest` stores (writing
    /// nothing).
    pub fn check(&self, manifest: &Manifest) -> Result<Comparison> {
        let stored_print = read_fingerprint(&fingerprint_path(manifest, &self.case))?;
        let mut differences = Vec::new();
        let mut any_stored = stored_print.is_some();
        for (format, text, _) in &self.files {
            let path = snapshot_path(manifest, &self.case, *format);
            let stored = read_snapshot(&path)?;
            any_stored |= stored.is_some();
            let name = file_name(&path);
            if let Some(d) = first_difference(&name, stored.as_deref(), text) {
                differences.push(d);
            }
        }
        if !any_stored {
            return Ok(Comparison::New);
        }
        let mut sizes = Vec::new();
        if let Some((old, check)) = &stored_print {
            sizes = self.size_changes(old);
            if *check != self.case.check {
                sizes.push(format!(
                    "fingerprint: check {} → {}",
                    check.name(),
                    self.case.check.name()
                ));
            }
        }
        if differences.is_empty() && sizes.is_empty() {
            return Ok(Comparison::Ok);
        }
        let now = self.fingerprint()?.meaning;
        // A stored meaning of another check (the case's check changed) is
        // no meaning to compare with.
        let stored = stored_print
            .filter(|(_, check)| *check == self.case.check)
            .map(|(f, _)| f.meaning);
        Ok(Comparison::Changed(Change {
            sizes,
            first_differences: differences,
            meaning: (stored, now),
        }))
    }

    /// `cnf: clauses 1227 → 1190, auxiliary 124 → 98`, one line per file
    /// whose size changed, then the model's.
    fn size_changes(&self, old: &Fingerprint) -> Vec<String> {
        let mut lines = Vec::new();
        for (format, _, new) in &self.files {
            let Some(before) = old.files.iter().find(|f| f.format == *format) else {
                lines.push(format!("{format}: new in the case"));
                continue;
            };
            let mut parts = Vec::new();
            let mut compare = |what: &str, a: u64, b: u64| {
                if a != b {
                    parts.push(format!("{what} {a} → {b}"));
                }
            };
            compare(new.rows_word(), before.rows, new.rows);
            compare("variables", before.variables, new.variables);
            compare("auxiliary", before.auxiliary, new.auxiliary);
            if !parts.is_empty() {
                lines.push(format!("{format}: {}", parts.join(", ")));
            }
        }
        for gone in old
            .files
            .iter()
            .filter(|f| !self.files.iter().any(|(g, _, _)| *g == f.format))
        {
            lines.push(format!("{}: no longer in the case", gone.format));
        }
        let now = Fingerprint::new(&self.instance, Vec::new(), old.meaning);
        let mut model = Vec::new();
        if now.variables != old.variables {
            model.push(format!("variables {} → {}", old.variables, now.variables));
        }
        for (origin, n) in &now.origins {
            let before = old
                .origins
                .iter()
                .find(|(o, _)| o == origin)
                .map(|(_, m)| *m);
            match before {
                Some(m) if m != *n => model.push(format!("constraints from {origin} {m} → {n}")),
                None => model.push(format!("constraints from {origin} new: {n}")),
                _ => {}
            }
        }
        for (origin, _) in old
            .origins
            .iter()
            .filter(|(o, _)| !now.origins.iter().any(|(p, _)| p == o))
        {
            model.push(format!("constraints from {origin} gone"));
        }
        if !model.is_empty() {
            lines.push(format!("model: {}", model.join(", ")));
        }
        lines
    }

    /// Writes the case's snapshot files and fingerprint (each atomically),
    /// and removes the files of formats the case no longer lists; the
    /// meaning is computed unless `known`. Returns the fingerprint written.
    pub fn write(&self, manifest: &Manifest, known: Option<Meaning>) -> Result<Fingerprint> {
        let fingerprint = match known {
            Some(meaning) => {
                let sizes = self.files.iter().map(|(_, _, s)| s.clone()).collect();
                Fingerprint::new(&self.instance, sizes, meaning)
            }
            None => self.fingerprint()?,
        };
        let dir = manifest.snapshot_dir();
        std::fs::create_dir_all(&dir).map_err(|e| Error::unwritable("cannot make ", &dir, e))?;
        for (format, text, _) in &self.files {
            let path = snapshot_path(manifest, &self.case, *format);
            write_file(&path, false, |out| out.write_all(text))?;
        }
        let print = fingerprint.to_text(&self.case.name, self.case.check);
        write_file(&fingerprint_path(manifest, &self.case), false, |out| {
            out.write_all(print.as_bytes())
        })?;
        for stale in stale_files(manifest, &self.case) {
            std::fs::remove_file(&stale)
                .map_err(|e| Error::unwritable("cannot remove ", &stale, e))?;
        }
        Ok(fingerprint)
    }
}

use std::io::Write as _;

/// The snapshot files of `case` for formats it no longer lists (or in the
/// other compression).
fn stale_files(manifest: &Manifest, case: &Case) -> Vec<PathBuf> {
    let dir = manifest.snapshot_dir();
    Format::ALL
        .iter()
        .flat_map(|f| ["", ".gz"].map(|gz| dir.join(format!("{}.{}{gz}", case.name, f.name()))))
        .filter(|p| p.is_file())
        .filter(|p| {
            !case
                .formats
                .iter()
                .any(|&f| snapshot_path(manifest, case, f) == *p)
        })
        .collect()
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The stored snapshot at `path` (gunzipped), `None` when there is none.
fn read_snapshot(path: &Path) -> Result<Option<Vec<u8>>> {
    if !path.exists() {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    crate::files::open_text(path)
        .and_then(|mut r| r.read_to_end(&mut bytes))
        .map_err(|e| Error::unreadable("the snapshot ", path, e))?;
    Ok(Some(bytes))
}

/// The stored fingerprint at `path`, `None` when there is none or it is
/// not one.
fn read_fingerprint(path: &Path) -> Result<Option<(Fingerprint, super::Check)>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::unreadable("the fingerprint ", path, e))?;
    Ok(Fingerprint::parse(&text))
}

/// Whether `line` is a header's version line (`c qspec 0.1.0`), the one
/// line that changes with every release of qspec.
fn is_version_line(line: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(line) else {
        return false;
    };
    let mut words = text.split(' ');
    matches!(
        (words.next(), words.next(), words.next(), words.next()),
        (Some("c" | "*" | "\\"), Some("qspec"), Some(version), None)
            if version.starts_with(|c: char| c.is_ascii_digit())
    )
}

/// The longest a line of a first difference is shown.
const SHOWN: usize = 100;

/// `line`, cut around byte `at` when it is long (`…` where cut).
fn excerpt(line: &[u8], at: usize) -> String {
    let text = String::from_utf8_lossy(line);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= SHOWN {
        return text.into_owned();
    }
    let at = at.min(chars.len());
    let start = at.saturating_sub(SHOWN / 3);
    let end = (start + SHOWN).min(chars.len());
    let mut shown: String = chars[start..end].iter().collect();
    if start > 0 {
        shown.insert(0, '…');
    }
    if end < chars.len() {
        shown.push('…');
    }
    shown
}

/// The first line where `stored` and `new` differ, version lines aside
/// (`None` when they are the same).
fn first_difference(file: &str, stored: Option<&[u8]>, new: &[u8]) -> Option<FirstDifference> {
    let show = |l: &[u8]| excerpt(l, 0);
    let Some(stored) = stored else {
        return Some(FirstDifference {
            file: file.to_string(),
            line: 1,
            stored: None,
            new: new.split(|&b| b == b'\n').next().map(show),
        });
    };
    let mut a = stored.split(|&b| b == b'\n');
    let mut b = new.split(|&b| b == b'\n');
    for line in 1.. {
        match (a.next(), b.next()) {
            (None, None) => return None,
            (Some(x), Some(y)) if x == y || (is_version_line(x) && is_version_line(y)) => {}
            (x, y) => {
                let at = match (x, y) {
                    (Some(x), Some(y)) => x.iter().zip(y).take_while(|(a, b)| a == b).count(),
                    _ => 0,
                };
                return Some(FirstDifference {
                    file: file.to_string(),
                    line,
                    stored: x.map(|l| excerpt(l, at)),
                    new: y.map(|l| excerpt(l, at)),
                });
            }
        }
    }
    None
}

/// Every line of `report`, for a terminal or a log.
pub fn describe(report: &CaseReport) -> String {
    let mut out = format!("{:<8} {}", word(&report.verdict), report.name);
    if let Comparison::Changed(c) = &report.verdict {
        let _ = write!(out, " ({})", c.summary());
    }
    for line in report.details() {
        let _ = write!(out, "\n         {line}");
    }
    out
}

fn word(verdict: &Comparison) -> &'static str {
    match verdict {
        Comparison::Ok => "ok",
        Comparison::New => "new",
        Comparison::Changed(_) => "changed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_version_line_is_normalised() {
        assert!(is_version_line(b"c qspec 0.1.0"));
        assert!(is_version_line(b"\\ qspec 12.3.4"));
        assert!(!is_version_line(b"c qspec"));
        assert!(!is_version_line(b"c source: qspec 1"));
        let stored = b"c qspec 0.1.0\np cnf 2 1\n1 2 0\n";
        let same = b"c qspec 0.2.0\np cnf 2 1\n1 2 0\n";
        assert_eq!(first_difference("f", Some(stored), same), None);
        let other = b"c qspec 0.2.0\np cnf 2 1\n1 -2 0\n";
        let d = first_difference("f", Some(stored), other).unwrap();
        assert_eq!(
            (d.line, d.stored.as_deref(), d.new.as_deref()),
            (3, Some("1 2 0"), Some("1 -2 0"))
        );
        let longer = b"c qspec 0.1.0\np cnf 2 1\n1 2 0\n2 0\n";
        assert_eq!(first_difference("f", Some(stored), longer).unwrap().line, 4);
    }
}
