//! MiniZinc for real: `qspec solve --solver minizinc:gecode` on every rule
//! (`no_attack`, `attacks ==`/`<=`, `dominate`), walls, `walls free` with
//! `minimize walls`, 3-D boards, fixed and forbidden cells and impossible
//! models — every board verified, every optimum the embedded engine's, an
//! impossible model `s UNSATISFIABLE` with exit code 20; the `.mzn` file
//! run by `minizinc` itself and its output read back by `qspec verify`;
//! every solution MiniZinc enumerates (`-a`) the set `qspec solve --all`
//! lists; a solver MiniZinc does not have reported with what to install.
//!
//! Only with `--features external-solvers`; needs `apt-get install -y
//! minizinc` (MiniZinc 2.6 with Gecode). A missing MiniZinc fails the
//! tests, it never skips them.

use crate::common;

use common::{qspec, stderr, stdout};

use std::collections::BTreeSet;
use std::process::Command;

const APT: &str = "apt-get install -y minizinc";

/// `qspec solve ARGS` (with `--solver SOLVER` if given): exit code and
/// output.
fn solve(args: &[&str], solver: Option<&str>) -> (Option<i32>, String) {
    let mut all = vec!["solve"];
    all.extend(args);
    if let Some(s) = solver {
        all.extend(["--solver", s]);
    }
    let out = qspec(&all);
    (
        out.status.code(),
        format!("{}{}", stdout(&out), stderr(&out)),
    )
}

/// The `count = N`, `count white = N` or `walls = N` line's value.
fn optimum(shown: &str) -> Option<i64> {
    shown.lines().find_map(|l| {
        if !(l.starts_with("count") || l.starts_with("walls")) {
            return None;
        }
        let (_, rest) = l.split_once(" = ")?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// Runs `minizinc ARGS`, returning its standard output.
fn minizinc(args: &[&str]) -> String {
    let out = Command::new("minizinc")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run minizinc ({e}): `{APT}`"));
    assert!(
        out.status.success(),
        "minizinc {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Models with every rule, walls, free walls, 3-D boards, fixed and
/// forbidden cells: (arguments, expected exit code).
const CASES: &[(&[&str], i32)] = &[
    (&["models/eight-queens.qspec"], 10),
    (&["models/blocked-8x8-two-walls.qspec"], 0),
    (&["models/knights.qspec", "-D", "n=6"], 0),
    (
        &[
            "models/queens-attacking-exactly-k-max.qspec",
            "-D",
            "n=6",
            "-D",
            "k=2",
        ],
        0,
    ),
    (&["models/queens-attacking-at-most-k.qspec"], 0),
    (
        &["models/queen-domination.qspec", "-D", "n=6", "-D", "m=3"],
        10,
    ),
    (
        &[
            "models/queen-independent-domination.qspec",
            "-D",
            "n=6",
            "-D",
            "m=4",
        ],
        10,
    ),
    (
        &["models/blocked-least-walls.qspec", "-D", "n=6", "-D", "m=8"],
        0,
    ),
    (&["models/queens-nd.qspec", "-D", "n=4", "-D", "d=3"], 10),
    (&["models/queens-completion.qspec"], 10),
    (&["models/peaceable-queens.qspec", "-D", "n=4"], 0),
    (&["models/queens-regions.qspec"], 10),
    (&["models/no-three-in-line.qspec", "-D", "n=5"], 10),
];

/// Impossible models: no board, `s UNSATISFIABLE`, exit code 20.
const IMPOSSIBLE: &[&[&str]] = &[
    &["models/modular-queens.qspec", "-D", "n=4"],
    &["models/queens-completion-impossible.qspec"],
    &["models/queen-domination.qspec", "-D", "n=6", "-D", "m=2"],
    &[
        "models/queens-nd.qspec",
        "-D",
        "n=4",
        "-D",
        "d=3",
        "-D",
        "m=8",
    ],
];

#[test]
fn gecode_solves_every_rule_and_agrees_with_the_embedded_engine() {
    for (args, code) in CASES {
        let (got, shown) = solve(args, Some("minizinc:gecode"));
        assert_eq!(got, Some(*code), "{args:?}: {shown}");
        assert!(
            shown.contains("c answer: MiniZinc output"),
            "{args:?}: {shown}"
        );
        assert!(
            shown.contains("verified: every rule holds"),
            "{args:?}: {shown}"
        );
        if *code == 0 {
            let (_, embedded) = solve(args, None);
            assert!(shown.contains("s OPTIMUM FOUND"), "{args:?}: {shown}");
            assert_eq!(
                optimum(&shown),
                optimum(&embedded),
                "{args:?}: MiniZinc {shown}\nembedded {embedded}"
            );
            assert!(optimum(&shown).is_some(), "{shown}");
        }
    }
}

#[test]
fn impossible_models_are_unsatisfiable_with_exit_code_20() {
    for args in IMPOSSIBLE {
        let (code, shown) = solve(args, Some("minizinc:gecode"));
        assert_eq!(code, Some(20), "{args:?}: {shown}");
        assert!(shown.contains("s UNSATISFIABLE\n"), "{args:?}: {shown}");
    }
}

#[test]
fn renamed_variables_reach_minizinc_and_the_optimum_is_the_same() {
    // 3-D rays are named `seen_0_0_0_v0.0.1`: `.` is no identifier
    // character, so the file renames them; MiniZinc must take the file.
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("a3.qspec");
    std::fs::write(
        &model,
        "board 3^3\npiece queen\nrule attacks <= 1\nmaximize count\n",
    )
    .unwrap();
    let m = model.to_str().unwrap();
    let mzn = dir.path().join("a3.mzn");
    let out = qspec(&["compile", m, "-o", mzn.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&mzn).unwrap();
    assert!(text.contains("% name seen_0_0_0_v0_0_1 = seen_0_0_0_v0.0.1\n"));
    let (code, shown) = solve(&[m], Some("minizinc:gecode"));
    assert_eq!(code, Some(0), "{shown}");
    let (_, embedded) = solve(&[m], None);
    assert_eq!(optimum(&shown), optimum(&embedded), "{shown}\n{embedded}");
}

#[test]
fn plain_minizinc_runs_its_default_solver_and_keeps_the_time_limit() {
    let (code, shown) = solve(
        &["models/blocked-8x8-two-walls.qspec", "--timeout", "30"],
        Some("minizinc"),
    );
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains("c running: minizinc --time-limit "),
        "{shown}"
    );
    assert!(shown.contains("count = 10 (proven optimal)"), "{shown}");
}

#[test]
fn minizincs_own_output_is_read_back_by_verify() {
    let dir = tempfile::tempdir().unwrap();
    for (model, defines, expected) in [
        (
            "models/blocked-least-walls.qspec",
            &["-D", "n=6", "-D", "m=8"][..],
            Some("walls = 3"),
        ),
        (
            "models/queens-nd.qspec",
            &["-D", "n=4", "-D", "d=3"][..],
            None,
        ),
        ("models/queens-completion.qspec", &[][..], None),
        (
            "models/peaceable-queens.qspec",
            &["-D", "n=4"][..],
            Some("count white = 2"),
        ),
    ] {
        let mzn = dir.path().join("m.mzn");
        let mzn_s = mzn.to_str().unwrap().to_string();
        let mut args = vec!["compile", model, "-o", &mzn_s];
        args.extend(defines);
        let out = qspec(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let answer = dir.path().join("answer.txt");
        std::fs::write(&answer, minizinc(&["--solver", "gecode", &mzn_s])).unwrap();
        let answer_s = answer.to_str().unwrap().to_string();
        for map in [None, Some(mzn_s.as_str())] {
            let mut args = vec!["verify", model, &answer_s];
            args.extend(defines);
            if let Some(m) = map {
                args.extend(["--map", m]);
            }
            let out = qspec(&args);
            let text = stdout(&out);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{model}: {text}{}",
                stderr(&out)
            );
            assert!(text.contains("answer: "), "{text}");
            assert!(text.contains("MiniZinc output"), "{text}");
            assert!(text.contains("verified: every rule holds"), "{text}");
            if let Some(line) = expected {
                assert!(text.contains(&format!("{line}\n")), "{text}");
                assert!(text.contains("solver status: =========="), "{text}");
            }
        }
    }
}

/// The boards of an output (MiniZinc's `-a`, or `qspec solve --all`):
/// every block of picture rows, as text.
fn boards(text: &str, end: impl Fn(&str) -> bool) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    let mut current = String::new();
    for line in text.lines() {
        let is_row = !line.is_empty()
            && line.split(' ').all(|c| {
                c.len() == 1 && matches!(c.chars().next(), Some('.' | 'x' | '#' | '*' | 'A'..='Z'))
            });
        if is_row {
            current.push_str(line);
            current.push('\n');
        } else if end(line) && !current.is_empty() {
            all.insert(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        all.insert(current);
    }
    all
}

#[test]
fn every_solution_minizinc_enumerates_is_one_qspec_lists() {
    let dir = tempfile::tempdir().unwrap();
    for (model, defines) in [
        ("models/eight-queens.qspec", &[][..]),
        (
            "models/queens-attacking-exactly-k.qspec",
            &["-D", "n=5", "-D", "k=2", "-D", "m=6"][..],
        ),
        (
            "models/queen-domination.qspec",
            &["-D", "n=4", "-D", "m=2"][..],
        ),
    ] {
        let mzn = dir.path().join("m.mzn");
        let mzn_s = mzn.to_str().unwrap().to_string();
        let mut args = vec!["compile", model, "-o", &mzn_s];
        args.extend(defines);
        assert!(qspec(&args).status.success());
        let all = minizinc(&["--solver", "gecode", "-a", &mzn_s]);
        assert!(all.trim_end().ends_with("=========="), "{all}");
        let from_minizinc = boards(&all, |l| l == "----------");
        let mut args = vec!["solve", model, "--all"];
        args.extend(defines);
        let listed = stdout(&qspec(&args));
        let from_qspec = boards(&listed, |l| !l.is_empty());
        assert!(!from_qspec.is_empty(), "{listed}");
        assert_eq!(from_minizinc, from_qspec, "{model} {defines:?}");
    }
}

#[test]
fn a_solver_minizinc_lacks_is_named_with_what_to_install() {
    let (code, shown) = solve(&["models/eight-queens.qspec"], Some("minizinc:chuffed"));
    let has_chuffed = minizinc(&["--solvers"]).contains("chuffed");
    if has_chuffed {
        assert_eq!(code, Some(10), "{shown}");
        return;
    }
    assert_eq!(code, Some(1), "{shown}");
    assert!(
        shown.contains("error: MiniZinc has no solver `chuffed`"),
        "{shown}"
    );
    assert!(shown.contains("minizinc --solvers"), "{shown}");
    assert!(shown.contains("install Chuffed"), "{shown}");
}
