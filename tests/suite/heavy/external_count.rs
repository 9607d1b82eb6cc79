//! The model counters (d4 and Ganak through their Python packages) and
//! OR-tools' CP-SAT, for real: counts equal to enumeration's wherever both
//! finish (every rule on small boards, n-queens, the A051759 models at the
//! optimum), classes by Burnside's lemma equal to enumeration's classes,
//! the count enumeration cannot reach (8x8 kings without a count bound), a
//! missing package named with its install command; CP-SAT's answers read
//! back and verified. Run by `cargo test --features external-solvers`
//! after `.ci/run` installed `pip install d4solver pyganak ortools`.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{stderr, stdout, write_text};

fn qspec_with(args: &[&str], path: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qspec"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    if let Some(dir) = path {
        let old = std::env::var("PATH").unwrap_or_default();
        command.env("PATH", format!("{}:{old}", dir.display()));
    }
    command.output().expect("qspec runs")
}

fn qspec(args: &[&str]) -> Output {
    qspec_with(args, None)
}

/// The count line(s) `qspec count` printed: the lines not starting `c `
/// (comments) or `o ` (the optimiser's progress).
fn counted(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(out), stderr(out));
    stdout(out)
        .lines()
        .filter(|l| !l.starts_with("c ") && !l.starts_with("o "))
        .collect::<Vec<_>>()
        .join("\n")
}

const SMALL: &[&str] = &[
    "board 5 x 5\npiece queen\nrule no_attack\ncount == 5\n",
    "board 4 x 4\npiece knight\nrule no_attack\ncount >= 6\n",
    "board 4 x 4\npiece queen\nrule attacks == 1\ncount == 4\n",
    "board 4 x 4\npiece rook\nrule attacks <= 1\ncount == 5\n",
    "board 4 x 4\npiece queen\nrule dominate\ncount <= 3\n",
    "board 4 x 4\nwall (1,1)\npiece queen\nrule no_attack\ncount == 4\n",
    "board 4 x 4\nwalls free\nwalls <= 2\npiece queen\nrule no_attack\ncount == 5\n",
    "board 5 x 5\ntorus\npiece queen\nrule no_attack\ncount == 5\n",
    "board 3^3\npiece queen\nrule no_attack\ncount == 4\n",
    "board 4 x 4\nfix (0,1)\nforbid (3,3)\npiece king\nrule no_attack\ncount >= 3\n",
];

#[test]
fn counters_agree_with_enumeration_on_every_rule() {
    let dir = tempfile::tempdir().unwrap();
    for (i, text) in SMALL.iter().enumerate() {
        let model = write_text(dir.path(), &format!("m{i}.qspec"), text);
        let listed = counted(&qspec(&["count", &model]));
        for counter in ["d4", "ganak"] {
            let by_counter = counted(&qspec(&["count", &model, "--counter", counter]));
            assert_eq!(by_counter, listed, "{counter} on\n{text}");
        }
    }
}

#[test]
fn classes_by_burnside_equal_the_classes_enumerated() {
    let dir = tempfile::tempdir().unwrap();
    let models = [
        "models/eight-queens.qspec".to_string(),
        write_text(
            dir.path(),
            "walls.qspec",
            "board 5 x 5\nwall (2,2)\npiece queen\nrule no_attack\ncount == 4\n",
        ),
        write_text(
            dir.path(),
            "free.qspec",
            "board 4 x 4\nwalls free\nwalls == 1\npiece queen\nrule no_attack\ncount == 5\n",
        ),
        // Kinds: the board's symmetries times the kinds' renamings (orders
        // 16 and 48), a symmetry fixing a board that it carries onto itself
        // with each piece's kind renamed.
        write_text(
            dir.path(),
            "armies.qspec",
            "board 4 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == 2\ncount black == 2\n",
        ),
        write_text(
            dir.path(),
            "rooks.qspec",
            "board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule a no_attack b\nrule b no_attack c\nrule c no_attack a\ncount a >= 1\ncount b >= 1\ncount c >= 1\n",
        ),
    ];
    for model in &models {
        let listed = counted(&qspec(&["count", model, "--up-to-symmetry"]));
        for counter in ["d4", "ganak"] {
            let out = qspec(&["count", model, "--up-to-symmetry", "--counter", counter]);
            assert!(stdout(&out).contains("Burnside"), "{}", stdout(&out));
            assert_eq!(counted(&out), listed, "{counter} on {model}");
        }
    }
}

#[test]
fn counts_at_the_optimum_match_a051759() {
    let out = qspec(&[
        "count",
        "models/queens-attacking-exactly-k-max.qspec",
        "-D",
        "n=5",
        "-D",
        "k=3",
        "--optimal",
        "--up-to-symmetry",
        "--counter",
        "d4",
    ]);
    let said = counted(&out);
    assert!(
        said.starts_with(
            "31 classes under the board's symmetry group of order 8 with count = 10 (the optimum)"
        ),
        "{said}"
    );
}

#[test]
fn counters_reach_where_enumeration_cannot() {
    let dir = tempfile::tempdir().unwrap();
    let kings = write_text(
        dir.path(),
        "k8.qspec",
        "board 8 x 8\npiece king\nrule no_attack\n",
    );
    for counter in ["d4", "ganak"] {
        let said = counted(&qspec(&["count", &kings, "--counter", counter]));
        assert_eq!(said, "1355115601 solutions", "{counter}");
    }
    let said = counted(&qspec(&[
        "count",
        "models/n-queens.qspec",
        "-D",
        "n=10",
        "--counter",
        "d4",
    ]));
    assert_eq!(said, "724 solutions");
}

#[test]
fn a_counter_lists_nothing_and_a_missing_one_is_named() {
    let out = qspec(&[
        "count",
        "models/eight-queens.qspec",
        "--counter",
        "d4",
        "--limit",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = qspec(&["count", "models/eight-queens.qspec", "--counter", "d4"]);
    assert!(
        stdout(&out).contains("a counter's number lists no board"),
        "{}",
        stdout(&out)
    );
    // A python3 that sees no installed package.
    let real = String::from_utf8(
        Command::new("sh")
            .args(["-c", "command -v python3"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let bin = tempfile::tempdir().unwrap();
    let fake = bin.path().join("python3");
    std::fs::write(
        &fake,
        format!("#!/bin/sh\nexec {} -S -s \"$@\"\n", real.trim()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (counter, package) in [
        ("d4", "pip install d4solver"),
        ("ganak", "pip install pyganak"),
    ] {
        let out = qspec_with(
            &["count", "models/eight-queens.qspec", "--counter", counter],
            Some(bin.path()),
        );
        // Exit 1, as a missing solver or checker (`--solver gurobi`).
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("the model counter {counter} is not installed")),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).contains(package), "{}", stderr(&out));
    }
}

#[test]
fn cp_sat_answers_are_read_back_and_verified() {
    let out = qspec(&["solve", "models/queens-3d-5.qspec", "--solver", "cp-sat"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let said = stdout(&out);
    assert!(said.contains("model.mps"), "{said}");
    assert!(
        said.contains("count = 13 (proven optimal)") && said.contains("verified: every rule holds"),
        "{said}"
    );
    let out = qspec(&["solve", "models/eight-queens.qspec", "--solver", "cp-sat"]);
    assert_eq!(out.status.code(), Some(10), "{}", stdout(&out));
    let out = qspec(&[
        "solve",
        "models/queens-completion-impossible.qspec",
        "--solver",
        "cp-sat",
    ]);
    assert_eq!(out.status.code(), Some(20), "{}", stdout(&out));
    let out = qspec(&[
        "solve",
        "models/blocked-least-walls.qspec",
        "-D",
        "m=9",
        "--solver",
        "cp-sat",
    ]);
    assert!(
        stdout(&out).contains("walls = 1 (proven optimal)"),
        "{}",
        stdout(&out)
    );
    // Stopped by its time limit before any solution: no verdict (exit 1),
    // not a failure of the solver.
    let out = qspec(&[
        "solve",
        "models/queens-nd-cliques-inf.qspec",
        "-D",
        "n=6",
        "-D",
        "m=22",
        "--solver",
        "cp-sat",
        "--timeout",
        "2",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("s UNKNOWN\nno solution found before the timeout"),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

#[test]
fn the_opb_header_states_the_projection() {
    let out = qspec(&["compile", "models/blocked-least-walls.qspec", "-f", "opb"]);
    let text = stdout(&out);
    let show = text
        .lines()
        .find(|l| l.starts_with("* p show "))
        .expect("a projection line");
    let cnf = stdout(&qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-f",
        "cnf",
    ]));
    assert!(cnf.lines().any(|l| l.starts_with("c p show ")));
    // Cells and walls: 64 pieces and 64 walls of 8x8.
    assert_eq!(show.split_whitespace().count(), 3 + 128 + 1, "{show}");
}
