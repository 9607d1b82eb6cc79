//! `qspec fmt`: its properties over every model in models/ and tests/, and
//! over mutants of them — formatting twice changes nothing, a file
//! respaced at random formats to what the file itself formats to, the
//! formatted file compiles to the same bytes in every format — and the
//! command line: in place, `--check` with its diff and exit 1, `-`, and a
//! file that does not parse never rewritten.

use std::path::{Path, PathBuf};

use qspec::instance::LoadOptions;
use qspec::options::Format;

use crate::common::{self, qspec, stderr, stdout, Rng};

/// Every .qspec file of models/ and tests/fixtures/, with its text.
fn model_files() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "qspec") {
                out.push(path);
            }
        }
    }
    let root = common::root();
    let mut paths = Vec::new();
    walk(&root.join("models"), &mut paths);
    walk(&root.join("tests/fixtures"), &mut paths);
    paths.sort();
    assert!(paths.len() > 30, "{} models", paths.len());
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

fn formatted(text: &str, what: &str) -> String {
    qspec::language::format(text).unwrap_or_else(|d| panic!("{what}: {}", d.message))
}

/// The model compiled to `format`, or its error's message (without its
/// place: the lines move).
fn compiled(text: &str, format: Format) -> String {
    let loaded = qspec::load_source("m.qspec", text, &[], &LoadOptions::default());
    let instance = match loaded {
        Ok(instance) => instance,
        Err(e) => return first_line(&e.to_string()),
    };
    let mut out = Vec::new();
    match instance.write_to(&mut out, format, &Default::default(), &Default::default()) {
        Ok(_) => String::from_utf8(out).unwrap(),
        Err(e) => first_line(&e.to_string()),
    }
}

fn first_line(text: &str) -> String {
    format!("error: {}", text.lines().next().unwrap_or_default())
}

/// `text` respaced at random without changing a token: spaces and tabs
/// added where there is a space already, after `(`, `,`, `^`, `*` and
/// `+`, at the start and end of lines; line ends
/// made `\r\n`; blank lines doubled. Picture rows keep their cells and
/// their spacing (a cell's space is part of the picture).
fn respaced(rng: &mut Rng, text: &str) -> String {
    let mut out = String::new();
    let mut in_picture = false;
    for line in text.lines() {
        let opens = line.trim_end().ends_with('{') && line.trim_start().starts_with(['b', 'r']);
        let padding = |rng: &mut Rng| [" ", "  ", "\t", " \t "][rng.index(4)];
        if !in_picture {
            out.push_str(&" ".repeat(rng.index(3)));
            let (code, comment) = match line.find('#') {
                Some(at) => (&line[..at], Some(&line[at..])),
                None => (line, None),
            };
            for c in code.chars() {
                match c {
                    ' ' => out.push_str(padding(rng)),
                    '(' | ',' | '^' | '*' | '+' if rng.index(2) == 0 => {
                        out.push(c);
                        out.push_str(padding(rng));
                    }
                    c => out.push(c),
                }
            }
            if let Some(comment) = comment {
                out.push_str(padding(rng));
                out.push_str(comment);
            }
        } else {
            out.push_str(&" ".repeat(rng.index(4)));
            out.push_str(line.trim_start());
        }
        out.push_str(&" ".repeat(rng.index(2)));
        out.push_str(if rng.index(3) == 0 { "\r\n" } else { "\n" });
        if line.trim().is_empty() && !in_picture && rng.index(2) == 0 {
            out.push('\n');
        }
        if opens {
            in_picture = line.contains("board") || line.contains("regions");
        } else if in_picture && line.trim() == "}" {
            in_picture = false;
        }
    }
    out
}

#[test]
fn every_model_keeps_its_layout_once_formatted_and_compiles_the_same() {
    for (path, text) in model_files() {
        let what = path.display().to_string();
        let once = formatted(&text, &what);
        assert_eq!(formatted(&once, &what), once, "{what}: formatting twice");
        for format in [Format::Cnf, Format::Opb, Format::Lp] {
            assert_eq!(
                compiled(&text, format),
                compiled(&once, format),
                "{what} {format:?}"
            );
        }
        // The models are written in the layout already.
        if path.starts_with(common::root().join("models")) {
            assert_eq!(
                once, text,
                "{what} is not in the layout: run qspec fmt on it"
            );
        }
    }
}

#[test]
fn a_respaced_model_formats_to_what_the_model_formats_to() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tried = 0;
    for (path, text) in model_files() {
        let what = path.display().to_string();
        let canonical = formatted(&text, &what);
        for round in 0..8 {
            let mutant = respaced(&mut rng, &text);
            // A mutant that no longer parses (a comment pushed against a
            // picture row, say) is no case.
            let Ok(again) = qspec::language::format(&mutant) else {
                continue;
            };
            tried += 1;
            assert_eq!(again, canonical, "{what}, round {round}:\n{mutant:?}");
            for format in [Format::Cnf, Format::Wcnf, Format::Mps, Format::Mzn] {
                assert_eq!(
                    compiled(&mutant, format),
                    compiled(&again, format),
                    "{what} {format:?}"
                );
            }
        }
    }
    assert!(tried > 200, "{tried} mutants parsed");
}

#[test]
fn fmt_rewrites_in_place_checks_with_a_diff_and_never_rewrites_a_broken_file() {
    let dir = tempfile::tempdir().unwrap();
    let messy = common::write_text(
        dir.path(),
        "m.qspec",
        "board   8x8\npiece queen   # q\n\n\n\nrule no_attack;count>=8",
    );
    let clean = "board 8 x 8\npiece queen  # q\n\nrule no_attack; count >= 8\n";
    // --check: the diff, exit 1, the file untouched.
    let o = qspec(&["fmt", "--check", &messy]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let diff = stdout(&o);
    assert!(
        diff.starts_with(&format!(
            "--- {messy}\n+++ {messy} (formatted)\n@@ -1,6 +1,4 @@\n"
        )) && diff.contains("-board   8x8\n")
            && diff.contains("+board 8 x 8\n"),
        "{diff}"
    );
    assert!(std::fs::read_to_string(&messy)
        .unwrap()
        .starts_with("board   8x8"));
    // `-`: standard input to standard output.
    let o = common::qspec_stdin(&["fmt", "-"], &std::fs::read(&messy).unwrap());
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), clean));
    // In place, then nothing left to change.
    let o = qspec(&["fmt", &messy]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), clean);
    let o = qspec(&["fmt", "--check", &messy]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    // A file that does not parse: its error at its place, exit 2, the file
    // as it was; the other files are still formatted.
    let broken = common::write_text(dir.path(), "b.qspec", "board 8 x\npiece   queen\n");
    let other = common::write_text(dir.path(), "o.qspec", "board 4 x 4\npiece   queen\n");
    let o = qspec(&["fmt", &broken, &other]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{broken}:1:10")),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "board 8 x\npiece   queen\n"
    );
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "board 4 x 4\npiece queen\n"
    );
}

/// The CI examples' layout checks, run as written: the workflow's step (on
/// the tracked files of a git repository) and the pre-commit hook's entry
/// (given the files of a commit) fail on a file out of the layout with its
/// diff, and pass once `qspec fmt` has run.
#[test]
fn the_ci_examples_check_the_layout_as_written() {
    let root = common::root();
    let workflow = std::fs::read_to_string(root.join("examples/ci/github-actions.yml")).unwrap();
    let step = workflow
        .lines()
        .skip_while(|l| !l.contains("name: Check the models' layout"))
        .nth(1)
        .and_then(|l| l.trim().strip_prefix("run: "))
        .expect("the workflow's layout step")
        .to_string();
    let hooks = std::fs::read_to_string(root.join("examples/ci/pre-commit-config.yaml")).unwrap();
    let entry = hooks
        .lines()
        .skip_while(|l| !l.contains("id: qspec-fmt-check"))
        .find_map(|l| l.trim().strip_prefix("entry: "))
        .expect("the hook's entry")
        .to_string();
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_qspec")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let sh = |script: &str| {
        std::process::Command::new("bash")
            .args(["-c", script])
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    assert!(sh("git init -q . && mkdir models").status.success());
    std::fs::write(
        dir.path().join("models/m.qspec"),
        "board  8 x 8\npiece queen\n",
    )
    .unwrap();
    assert!(sh("git add models/m.qspec").status.success());
    // (xargs says 123 for its command's 1: a failed step either way.)
    for (command, code) in [(step.clone(), 123), (format!("{entry} models/m.qspec"), 1)] {
        let o = sh(&command);
        assert_eq!(o.status.code(), Some(code), "{command}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("-board  8 x 8\n+board 8 x 8\n"),
            "{command}: {}",
            stdout(&o)
        );
    }
    assert!(sh("qspec fmt models/m.qspec").status.success());
    for command in [step, format!("{entry} models/m.qspec")] {
        let o = sh(&command);
        assert_eq!(
            (o.status.code(), stdout(&o).as_str()),
            (Some(0), ""),
            "{command}"
        );
    }
}
