//! `qspec snapshot`: `init` writes a starter manifest, `update` writes the
//! snapshots, `check` compares (and never writes, but for the reports
//! asked for), `review` asks about each changed case at a terminal. The
//! work is in [`qspec::snapshot`]; here the requests and what they print.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::print;
use qspec::diag::plural;
use qspec::error::{Error, Result};
use qspec::files::write_file;
use qspec::snapshot::{compile, describe, json_report, junit, CaseReport, Comparison, Manifest};

/// What the command line asks of `snapshot`.
#[derive(Clone, Debug)]
pub struct SnapshotRequest {
    /// The manifest (`qspec.toml`).
    pub manifest: PathBuf,
    /// What to do.
    pub action: SnapshotAction,
}

/// The `snapshot` subcommands.
#[derive(Clone, Debug)]
pub enum SnapshotAction {
    /// Write a starter manifest: one case per `.qspec` file under `folder`.
    Init {
        /// Where the models are.
        folder: PathBuf,
        /// Replace an existing manifest.
        force: bool,
    },
    /// Write the snapshots of these cases (every case when empty).
    Update {
        /// Case names.
        cases: Vec<String>,
    },
    /// Compare these cases (every case when empty) with their snapshots.
    Check {
        /// Case names.
        cases: Vec<String>,
        /// A case without snapshot is no failure.
        allow_new: bool,
        /// Also write a JUnit XML report here.
        junit: Option<PathBuf>,
        /// Print JSON instead of text.
        json: bool,
    },
    /// Ask about each changed case: accept, reject or skip.
    Review {
        /// Case names.
        cases: Vec<String>,
    },
}

/// Runs `snapshot`, printing to `out`; the exit code.
pub fn run(req: &SnapshotRequest, out: &mut dyn Write) -> Result<u8> {
    match &req.action {
        SnapshotAction::Init { folder, force } => init(&req.manifest, folder, *force, out),
        SnapshotAction::Update { cases } => update(&req.manifest, cases, out),
        SnapshotAction::Check {
            cases,
            allow_new,
            junit,
            json,
        } => check(
            &req.manifest,
            cases,
            *allow_new,
            junit.as_deref(),
            *json,
            out,
        ),
        SnapshotAction::Review { cases } => review(&req.manifest, cases, out),
    }
}

/// `snapshot update`: every case compiled first (a mistake anywhere ends
/// it before anything is written), then each written where it changed.
fn update(path: &Path, names: &[String], out: &mut dyn Write) -> Result<u8> {
    let manifest = Manifest::read(path)?;
    let compiled = manifest
        .select(names)?
        .into_iter()
        .map(|case| compile(&manifest, case))
        .collect::<Result<Vec<_>>>()?;
    let (mut written, mut unchanged) = (0, 0);
    for case in &compiled {
        let verdict = case.check(&manifest)?;
        let known = match &verdict {
            Comparison::Ok => {
                unchanged += 1;
                print(out, &format!("unchanged {}\n", case.case.name))?;
                continue;
            }
            Comparison::Changed(change) => Some(change.meaning.1),
            Comparison::New => None,
        };
        let fingerprint = case.write(&manifest, known)?;
        written += 1;
        let word = if known.is_some() { "updated" } else { "wrote" };
        print(
            out,
            &format!(
                "{word} {} ({}: {})\n",
                case.case.name,
                formats(&case.case.formats),
                fingerprint.meaning
            ),
        )?;
    }
    print(
        out,
        &format!(
            "{} in {}: {written} written, {unchanged} unchanged\n",
            plural(compiled.len() as u64, "case", "cases"),
            manifest.snapshot_dir().display()
        ),
    )?;
    Ok(0)
}

/// `snapshot check`: one line per case, the totals; exit 1 when a case
/// changed, or is new without `allow_new`.
fn check(
    path: &Path,
    names: &[String],
    allow_new: bool,
    junit_path: Option<&Path>,
    json: bool,
    out: &mut dyn Write,
) -> Result<u8> {
    let manifest = Manifest::read(path)?;
    // Every case compiled first: a mistake anywhere is bad input, said
    // before any verdict.
    let compiled = manifest
        .select(names)?
        .into_iter()
        .map(|case| {
            let started = Instant::now();
            compile(&manifest, case).map(|c| (c, started.elapsed().as_secs_f64()))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut reports = Vec::new();
    for (case, seconds) in &compiled {
        let started = Instant::now();
        let verdict = case.check(&manifest)?;
        let report = CaseReport {
            name: case.case.name.clone(),
            place: manifest.place_of(&case.case),
            verdict,
            seconds: seconds + started.elapsed().as_secs_f64(),
        };
        if !json {
            print(out, &format!("{}\n", describe(&report)))?;
        }
        reports.push(report);
    }
    let changed = reports
        .iter()
        .filter(|r| matches!(r.verdict, Comparison::Changed(_)))
        .count();
    let new = reports
        .iter()
        .filter(|r| r.verdict == Comparison::New)
        .count();
    if let Some(file) = junit_path {
        let suite = format!("qspec snapshot check {}", manifest.path.display());
        let xml = junit(&suite, &reports, allow_new);
        write_file(file, false, |w| w.write_all(xml.as_bytes()))?;
    }
    if json {
        print(out, &json_report(&reports))?;
    } else {
        let ok = reports.len() - changed - new;
        let mut totals = format!(
            "{}: {ok} ok, {changed} changed, {new} new",
            plural(reports.len() as u64, "case", "cases")
        );
        if new > 0 {
            totals.push_str(if allow_new {
                " (new allowed)"
            } else {
                " (write them with `qspec snapshot update`)"
            });
        }
        print(out, &format!("{totals}\n"))?;
    }
    Ok(if changed > 0 || (new > 0 && !allow_new) {
        1
    } else {
        0
    })
}

/// `snapshot review`: each changed or new case shown, then accept, reject
/// or skip — at a terminal only.
fn review(path: &Path, names: &[String], out: &mut dyn Write) -> Result<u8> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(Error::usage_with_help(
            "`qspec snapshot review` asks about each change at a terminal, and standard input is not one",
            "accept every change with `qspec snapshot update [CASE...]`, or list them with `qspec snapshot check`",
        ));
    }
    let manifest = Manifest::read(path)?;
    let mut answers = stdin.lock();
    let (mut accepted, mut left) = (0, 0);
    for case in manifest.select(names)? {
        let compiled = compile(&manifest, case)?;
        let verdict = compiled.check(&manifest)?;
        let known = match &verdict {
            Comparison::Ok => continue,
            Comparison::Changed(change) => Some(change.meaning.1),
            Comparison::New => None,
        };
        let report = CaseReport {
            name: case.name.clone(),
            place: manifest.place_of(case),
            verdict,
            seconds: 0.0,
        };
        print(out, &format!("{}\n", describe(&report)))?;
        match ask(&mut answers, out)? {
            'a' => {
                compiled.write(&manifest, known)?;
                accepted += 1;
                print(
                    out,
                    &format!("accepted: wrote the snapshot of {}\n", case.name),
                )?;
            }
            'r' => {
                left += 1;
                print(out, &format!("rejected: the stored snapshot of {} stays; check fails until the model or qspec changes back\n", case.name))?;
            }
            'q' => {
                left += 1;
                break;
            }
            _ => {
                left += 1;
                print(out, &format!("skipped {}\n", case.name))?;
            }
        }
    }
    print(
        out,
        &format!("{accepted} accepted, {left} left as they were\n"),
    )?;
    Ok(0)
}

/// The reviewer's answer: `a`, `r`, `s` or `q` (the end of the input is
/// `q`).
fn ask(answers: &mut dyn BufRead, out: &mut dyn Write) -> Result<char> {
    loop {
        print(out, "accept (a), reject (r), skip (s) or quit (q)? ")?;
        let mut line = String::new();
        let n = answers
            .read_line(&mut line)
            .map_err(|e| Error::unreadable("", Path::new("standard input"), e))?;
        if n == 0 {
            return Ok('q');
        }
        match line.trim().chars().next().map(|c| c.to_ascii_lowercase()) {
            Some(c @ ('a' | 'r' | 's' | 'q')) => return Ok(c),
            _ => continue,
        }
    }
}

/// `snapshot init`: a manifest with one case per `.qspec` file under
/// `folder`, each with the formats its model can be written in.
fn init(path: &Path, folder: &Path, force: bool, out: &mut dyn Write) -> Result<u8> {
    if path.exists() && !force {
        return Err(Error::usage_with_help(
            format!("{} exists already", path.display()),
            "edit it, or pass --force to replace it",
        ));
    }
    let root = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut models = Vec::new();
    collect_models(folder, &mut models)?;
    models.sort();
    if models.is_empty() {
        return Err(Error::usage(format!(
            "there is no .qspec file under {}",
            folder.display()
        )));
    }
    let mut text = String::from(STARTER);
    for model in &models {
        let shown = relative(model, root);
        let formats = match qspec::instance::load_file(model, &[], &Default::default()) {
            Ok(i) if i.model.objective.is_some() => "[\"wcnf\", \"opb\", \"lp\"]",
            Ok(_) => "[\"cnf\", \"opb\", \"lp\"]",
            Err(_) => "[\"opb\"]  # it does not load as it is: set its parameters in `define`",
        };
        text.push_str(&format!(
            "\n[[case]]\nmodel = {}\nformats = {formats}\n",
            toml_string(&shown)
        ));
    }
    write_file(path, force, |w| w.write_all(text.as_bytes()))?;
    print(
        out,
        &format!(
            "wrote {}: {} (check \"status\"); next: qspec snapshot update\n",
            path.display(),
            plural(models.len() as u64, "case", "cases")
        ),
    )?;
    Ok(0)
}

/// The starter manifest's head: every key, explained.
const STARTER: &str = "\
# qspec snapshot manifest: `qspec snapshot update` writes the snapshots,
# `qspec snapshot check` fails when a compiled file changes (see
# docs/snapshots.md in qspec's repository).
#
# Each case: model (the file), define (its parameters, e.g. { n = 5 }),
# formats (cnf wcnf opb lp mps), encodings (e.g. { amo = \"ladder\",
# card = \"totalizer\" }), rays, check (\"status\", \"optimum\" or \"count\":
# what the fingerprint records), name, gzip, auto_hints.

[snapshot]
dir = \"snapshots\"
";

/// Every `.qspec` file under `folder`.
pub(super) fn collect_models(folder: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let entries =
        std::fs::read_dir(folder).map_err(|e| Error::unreadable("the folder ", folder, e))?;
    for entry in entries {
        let path = entry
            .map_err(|e| Error::unreadable("the folder ", folder, e))?
            .path();
        if path.is_dir() {
            collect_models(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "qspec") {
            out.push(path);
        }
    }
    Ok(())
}

/// `path` relative to `root` when it lies under it, with `/` separators.
fn relative(path: &Path, root: &Path) -> String {
    let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (p, r) = (absolute(path), absolute(root));
    let shown = p.strip_prefix(&r).map_or(path, |rest| rest);
    shown
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn toml_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn formats(formats: &[qspec::options::Format]) -> String {
    formats
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(", ")
}
