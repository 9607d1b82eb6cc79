//! Progress on standard error (issue 25): drawn on a terminal or with
//! `--progress`, never in a pipe otherwise nor with `--no-progress`, and
//! standard output the same byte for byte either way.

use crate::common;

use common::{qspec, stderr, stdout};

/// What a bar draws: its lines are redrawn in place ("erase line").
const ERASE: &str = "\x1b[2K";

/// The long commands, each fast here: a sweep, puzzles, a count, the sizes
/// of the encodings, a solve and a certified solve.
fn commands(dir: &std::path::Path) -> Vec<Vec<String>> {
    let tasks = dir.join("plan.jsonl");
    let plan = qspec(&["sweep", "plan", "models/blocked-8x8.qspec", "--walls", "1"]);
    assert_eq!(plan.status.code(), Some(0), "{}", stderr(&plan));
    std::fs::write(&tasks, &plan.stdout).unwrap();
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    vec![
        owned(&["sweep", "models/blocked-8x8.qspec", "--walls", "1"]),
        owned(&["puzzles", "models/blocked-8x8.qspec", "--walls", "1"]),
        owned(&["count", "models/n-queens.qspec", "-D", "n=7"]),
        owned(&[
            "stats",
            "models/queens-attacking-exactly-k.qspec",
            "-D",
            "n=30",
        ]),
        // One thread: a maximisation on two may print other boards.
        owned(&["solve", "models/queens-3d-5.qspec", "--threads", "1"]),
        owned(&[
            "solve",
            "models/n-queens.qspec",
            "-D",
            "n=4",
            "--engine",
            "cadical",
            "--certify",
        ]),
        vec![
            "sweep".into(),
            "run".into(),
            tasks.display().to_string(),
            "--out".into(),
            dir.join("out").display().to_string(),
        ],
    ]
}

fn run(args: &[String], extra: &[&str]) -> std::process::Output {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend(extra);
    qspec(&all)
}

#[test]
fn a_pipe_gets_no_progress_and_progress_never_changes_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    for args in commands(dir.path()) {
        let plain = run(&args, &[]);
        let _ = std::fs::remove_dir_all(dir.path().join("out"));
        let drawn = run(&args, &["--progress"]);
        let _ = std::fs::remove_dir_all(dir.path().join("out"));
        let none = run(&args, &["--no-progress"]);
        let _ = std::fs::remove_dir_all(dir.path().join("out"));
        assert_eq!(plain.status.code(), drawn.status.code(), "{args:?}");
        assert!(
            !stderr(&plain).contains(ERASE) && !stderr(&none).contains(ERASE),
            "{args:?}: progress in a pipe:\n{}",
            stderr(&plain)
        );
        assert!(
            stderr(&drawn).contains(ERASE),
            "{args:?}: no progress with --progress:\n{}",
            stderr(&drawn)
        );
        // The solves' `o` lines and boards, the sweeps' lines: the same
        // bytes; a certified solve's times aside.
        let timeless = |o: &std::process::Output| {
            stdout(o)
                .lines()
                .filter(|l| !l.contains(" s)") && !l.contains(" in "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(timeless(&plain), timeless(&drawn), "{args:?}");
        assert_eq!(timeless(&plain), timeless(&none), "{args:?}");
    }
}

#[test]
fn the_bars_say_what_is_done() {
    let o = qspec(&[
        "sweep",
        "models/blocked-8x8.qspec",
        "--walls",
        "1",
        "--progress",
    ]);
    let err = stderr(&o);
    // One wall on 8x8: 10 classes, counted before the sweep.
    assert!(err.contains("10/10 instances ["), "{err}");
    let o = qspec(&["count", "models/n-queens.qspec", "-D", "n=7", "--progress"]);
    assert!(stderr(&o).contains("solutions in"), "{}", stderr(&o));
    let o = qspec(&["solve", "models/queens-3d-5.qspec", "--progress"]);
    assert!(stderr(&o).contains("best 13 so far"), "{}", stderr(&o));
}

#[test]
fn progress_and_no_progress_exclude_each_other() {
    let o = qspec(&[
        "count",
        "models/n-queens.qspec",
        "--progress",
        "--no-progress",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

/// On a terminal (a pseudo-terminal from `script`), the bar is drawn
/// without being asked; `--no-progress` turns it off.
#[test]
fn a_terminal_gets_progress_unasked() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_qspec");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lines.jsonl");
    let on_a_terminal = |extra: &str| {
        let line = format!(
            "{bin} sweep models/blocked-8x8.qspec --walls 1 {extra} > {}",
            out.display()
        );
        let o = std::process::Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .current_dir(common::root())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (
            String::from_utf8_lossy(&o.stdout).to_string(),
            std::fs::read_to_string(&out).unwrap(),
        )
    };
    let (terminal, lines) = on_a_terminal("");
    assert!(terminal.contains("10/10 instances ["), "{terminal}");
    assert_eq!(lines.lines().count(), 10);
    let (terminal, quiet_lines) = on_a_terminal("--no-progress");
    assert!(!terminal.contains(ERASE), "{terminal}");
    assert_eq!(lines, quiet_lines);
}
