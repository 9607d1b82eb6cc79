//! `qspec solve --solver` without any real solver: stand-in programs (small
//! `sh` scripts) that print a real solver's recorded answer, print
//! nothing, print garbage or never finish — so the external path (run,
//! read, map, verify, report, exit code, timeout) is tested by plain
//! `cargo test`. The real solvers are in `tests/external_solve.rs`.
#![cfg(unix)]

use crate::common;

use common::root;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn fixture(file: &str) -> PathBuf {
    root().join("tests/fixtures/answers").join(file)
}

/// A `sh` script in `dir` with this body (the compiled file is `$1`).
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("sh {}", path.display())
}

fn solve(model: &str, args: &[&str]) -> (Option<i32>, String) {
    let out: Output = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .arg("solve")
        .arg(model)
        .args(args)
        .current_dir(root())
        .output()
        .expect("run qspec");
    (
        out.status.code(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn a_recorded_answer_is_read_verified_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!(
        "test -s \"$1\" || exit 3\ncat {}",
        fixture("cadical-eight-queens.out").display()
    );
    let fake = script(dir.path(), "fake.sh", &body);
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", &fake, "--format", "cnf"],
    );
    assert_eq!(code, Some(10), "{shown}");
    assert!(shown.contains("c answer: SAT solver output"), "{shown}");
    assert!(shown.contains("s SATISFIABLE\n8 pieces\n"), "{shown}");
    assert!(shown.contains("verified: every rule holds"), "{shown}");
}

#[test]
fn an_unsatisfiable_answer_exits_20() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!("cat {}", fixture("cadical-modular-4-unsat.out").display());
    let fake = script(dir.path(), "fake.sh", &body);
    let (code, shown) = solve(
        "models/modular-queens.qspec",
        &["-D", "n=4", "--solver", &fake, "--format", "cnf"],
    );
    assert_eq!(code, Some(20), "{shown}");
    assert!(shown.contains("s UNSATISFIABLE"), "{shown}");
}

#[test]
fn an_optimum_with_a_wrong_objective_fails_verification() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!(
        "sed 's/^o 52$/o 51/' {}",
        fixture("clasp-maxsat-blocked-two-walls.out").display()
    );
    let fake = script(dir.path(), "fake.sh", &body);
    let (code, shown) = solve(
        "models/blocked-8x8-two-walls.qspec",
        &["--solver", &fake, "--format", "wcnf"],
    );
    assert_eq!(code, Some(1), "{shown}");
    assert!(
        shown.contains("s OPTIMUM FOUND\ncount = 10 (proven optimal)"),
        "{shown}"
    );
    assert!(shown.contains("VERIFICATION FAILED"), "{shown}");
    assert!(
        shown.contains("objective: the solver reports 51 on line"),
        "{shown}"
    );
}

#[test]
fn the_timeout_stops_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let body = "trap 'echo \"s UNKNOWN\"; exit 0' TERM\nwhile true; do sleep 0.05; done";
    let fake = script(dir.path(), "slow.sh", body);
    let start = Instant::now();
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", &fake, "--format", "cnf", "--timeout", "0.5"],
    );
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(code, Some(1), "{shown}");
    assert!(
        shown.contains("s UNKNOWN\nno solution found before the timeout"),
        "{shown}"
    );
}

#[test]
fn a_solver_that_prints_garbage_is_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let fake = script(
        dir.path(),
        "garbage.sh",
        "echo 'Segmentation fault'; exit 139",
    );
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", &fake, "--format", "cnf"],
    );
    assert_eq!(code, Some(1), "{shown}");
    assert!(shown.contains("gave an answer qspec cannot use"), "{shown}");
    assert!(shown.contains("Segmentation fault"), "{shown}");
}

#[test]
fn a_solver_that_prints_nothing_is_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let fake = script(dir.path(), "silent.sh", "echo 'out of memory' >&2; exit 1");
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", &fake, "--format", "cnf"],
    );
    assert_eq!(code, Some(1), "{shown}");
    assert!(shown.contains("wrote no answer"), "{shown}");
    assert!(shown.contains("out of memory"), "{shown}");
}

#[test]
fn bad_solver_command_lines_are_refused() {
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", "mysolver --fast"],
    );
    assert_eq!(code, Some(2), "{shown}");
    assert!(
        shown.contains("does not know the solver `mysolver`"),
        "{shown}"
    );
    assert!(shown.contains("--format"), "{shown}");
    let (code, shown) = solve("models/eight-queens.qspec", &["--solver", "cadical 'open"]);
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("a quote is not closed"), "{shown}");
    let (code, shown) = solve("models/kings.qspec", &["--solver", "kissat"]);
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("kissat is a SAT solver"), "{shown}");
    let (code, shown) = solve(
        "models/eight-queens.qspec",
        &["--solver", "no-such-solver-anywhere", "--format", "cnf"],
    );
    assert_eq!(code, Some(1), "{shown}");
    assert!(
        shown.contains("cannot run the solver `no-such-solver-anywhere`"),
        "{shown}"
    );
}
