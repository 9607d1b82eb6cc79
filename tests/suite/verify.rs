//! `qspec verify` on real solvers' answers (`tests/fixtures/answers/`, see
//! its README for how each was made) and on hand-made wrong ones: every
//! reader on its fixture, the form told from the content, the board
//! mapped back and verified, the objective checked — and every malformed
//! or wrong answer refused with the right exit code and message.

use crate::common;

use common::{qspec, root, stderr, stdout};

use qspec::answer::read::{read_answer_file, AnswerStatus, Form, ReadOptions};
use qspec::answer::{placement_of, read_mapped};
use qspec::instance::{load_file, Instance, LoadOptions};
use qspec::verify;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EIGHT: &str = "models/eight-queens.qspec";
const BLOCKED: &str = "models/blocked-8x8-two-walls.qspec";
const Q3D: &str = "models/queens-3d-5.qspec";
const MODULAR: &str = "models/modular-queens.qspec";

/// A real answer, the model it answers, and what reading it must give.
struct Fixture {
    file: &'static str,
    model: &'static str,
    defines: &'static [&'static str],
    form: Form,
    status: AnswerStatus,
    /// The objective as the solver wrote it.
    objective: Option<&'static str>,
    /// The compiled format the solver read (for `--map`).
    compiled: &'static str,
}

const FIXTURES: &[Fixture] = &[
    Fixture {
        file: "cadical-eight-queens.out",
        model: EIGHT,
        defines: &[],
        form: Form::Sat,
        status: AnswerStatus::Satisfiable,
        objective: None,
        compiled: "cnf",
    },
    Fixture {
        file: "cadical-modular-4-unsat.out",
        model: MODULAR,
        defines: &["n=4"],
        form: Form::Sat,
        status: AnswerStatus::Unsatisfiable,
        objective: None,
        compiled: "cnf",
    },
    Fixture {
        file: "minisat-eight-queens.result",
        model: EIGHT,
        defines: &[],
        form: Form::MiniSat,
        status: AnswerStatus::Satisfiable,
        objective: None,
        compiled: "cnf",
    },
    Fixture {
        file: "minisat-modular-4-unsat.result",
        model: MODULAR,
        defines: &["n=4"],
        form: Form::MiniSat,
        status: AnswerStatus::Unsatisfiable,
        objective: None,
        compiled: "cnf",
    },
    Fixture {
        file: "cryptominisat-eight-queens.out",
        model: EIGHT,
        defines: &[],
        form: Form::Sat,
        status: AnswerStatus::Satisfiable,
        objective: None,
        compiled: "cnf",
    },
    Fixture {
        file: "clasp-pb-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::Pb,
        status: AnswerStatus::Optimal,
        objective: Some("-10"),
        compiled: "opb",
    },
    Fixture {
        file: "sat4j-pb-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::Pb,
        status: AnswerStatus::Optimal,
        objective: Some("-10"),
        compiled: "opb",
    },
    Fixture {
        file: "clasp-maxsat-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::MaxSat,
        status: AnswerStatus::Optimal,
        objective: Some("52"),
        compiled: "wcnf",
    },
    Fixture {
        file: "sat4j-maxsat-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::MaxSat,
        status: AnswerStatus::Optimal,
        objective: Some("52"),
        compiled: "wcnf",
    },
    Fixture {
        file: "rc2-positional-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::MaxSat,
        status: AnswerStatus::Optimal,
        objective: Some("52"),
        compiled: "wcnf",
    },
    Fixture {
        file: "rc2-literals-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::MaxSat,
        status: AnswerStatus::Optimal,
        objective: Some("52"),
        compiled: "wcnf",
    },
    Fixture {
        file: "scip-queens-3d-5.sol",
        model: Q3D,
        defines: &[],
        form: Form::Scip,
        status: AnswerStatus::Satisfiable,
        objective: Some("13"),
        compiled: "lp",
    },
    Fixture {
        file: "highs-blocked-two-walls.sol",
        model: BLOCKED,
        defines: &[],
        form: Form::Highs,
        status: AnswerStatus::Optimal,
        objective: Some("10"),
        compiled: "lp",
    },
    Fixture {
        file: "highs-pretty-blocked-two-walls.sol",
        model: BLOCKED,
        defines: &[],
        form: Form::Highs,
        status: AnswerStatus::Optimal,
        objective: Some("10"),
        compiled: "lp",
    },
    Fixture {
        file: "highs-blocked-two-walls-mps.sol",
        model: BLOCKED,
        defines: &[],
        form: Form::Highs,
        status: AnswerStatus::Optimal,
        objective: Some("10"),
        compiled: "mps",
    },
    Fixture {
        file: "highs-blocked-two-walls-negated-mps.sol",
        model: BLOCKED,
        defines: &[],
        form: Form::Highs,
        status: AnswerStatus::Optimal,
        objective: Some("-10"),
        compiled: "mps",
    },
    Fixture {
        file: "cbc-queens-3d-5.sol",
        model: Q3D,
        defines: &[],
        form: Form::Cbc,
        status: AnswerStatus::Optimal,
        objective: Some("13.00000000"),
        compiled: "lp",
    },
    Fixture {
        file: "cbc-modular-4-infeasible.sol",
        model: MODULAR,
        defines: &["n=4"],
        form: Form::Cbc,
        status: AnswerStatus::Unsatisfiable,
        objective: None,
        compiled: "lp",
    },
    Fixture {
        file: "glpk-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::Glpk,
        status: AnswerStatus::Optimal,
        objective: Some("10"),
        compiled: "lp",
    },
    Fixture {
        file: "gurobi-eight-queens.sol",
        model: EIGHT,
        defines: &[],
        form: Form::Gurobi,
        status: AnswerStatus::Satisfiable,
        objective: Some("0"),
        compiled: "lp",
    },
    Fixture {
        file: "gecode-eight-queens.out",
        model: EIGHT,
        defines: &[],
        form: Form::MiniZinc,
        status: AnswerStatus::Satisfiable,
        objective: None,
        compiled: "mzn",
    },
    Fixture {
        file: "gecode-modular-4-unsat.out",
        model: MODULAR,
        defines: &["n=4"],
        form: Form::MiniZinc,
        status: AnswerStatus::Unsatisfiable,
        objective: None,
        compiled: "mzn",
    },
    Fixture {
        file: "gecode-blocked-two-walls.out",
        model: BLOCKED,
        defines: &[],
        form: Form::MiniZinc,
        status: AnswerStatus::Optimal,
        objective: Some("10"),
        compiled: "mzn",
    },
    Fixture {
        file: "gecode-queens-3d-5.out",
        model: Q3D,
        defines: &[],
        form: Form::MiniZinc,
        status: AnswerStatus::Optimal,
        objective: Some("13"),
        compiled: "mzn",
    },
];

fn answer_path(file: &str) -> PathBuf {
    root().join("tests/fixtures/answers").join(file)
}

fn defines(f: &Fixture) -> Vec<(String, i64)> {
    f.defines
        .iter()
        .map(|d| {
            let (n, v) = d.split_once('=').unwrap();
            (n.to_string(), v.parse().unwrap())
        })
        .collect()
}

fn load(f: &Fixture) -> Instance {
    load_file(&root().join(f.model), &defines(f), &LoadOptions::default()).unwrap()
}

/// `qspec verify MODEL ANSWER [-D ..] [extra]`.
fn verify_cli(model: &str, answer: &Path, defines: &[&str], extra: &[&str]) -> Output {
    let answer = answer.display().to_string();
    let mut args = vec!["verify", model, answer.as_str()];
    for d in defines {
        args.extend(["-D", d]);
    }
    args.extend(extra);
    qspec(&args)
}

fn has_solution(status: AnswerStatus) -> bool {
    matches!(status, AnswerStatus::Satisfiable | AnswerStatus::Optimal)
}

#[test]
fn every_reader_reads_its_fixture() {
    for f in FIXTURES {
        let a = read_answer_file(&answer_path(f.file), ReadOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", f.file));
        assert_eq!(a.form, f.form, "{}: detected form", f.file);
        assert_eq!(a.status, f.status, "{}: status", f.file);
        assert_eq!(
            a.objective.as_ref().map(|o| o.text.as_str()),
            f.objective,
            "{}: objective",
            f.file
        );
    }
}

#[test]
fn forcing_the_detected_form_reads_the_same() {
    for f in FIXTURES {
        let opts = ReadOptions {
            form: Some(f.form),
            kept_ids: 0,
        };
        let forced = read_answer_file(&answer_path(f.file), opts).unwrap();
        let detected = read_answer_file(
            &answer_path(f.file),
            ReadOptions {
                kept_ids: 0,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        assert_eq!(forced, detected, "{}", f.file);
    }
}

#[test]
fn every_fixture_board_maps_back_and_verifies() {
    for f in FIXTURES {
        let loaded = load(f);
        let read = read_mapped(
            &loaded.model,
            &loaded.board,
            &answer_path(f.file),
            None,
            None,
        )
        .unwrap();
        match &read.mapped {
            Some(mapped) => {
                assert_eq!(mapped.missing, 0, "{}", f.file);
                let placement = placement_of(&loaded.model, &loaded.board, mapped);
                let broken = verify(&loaded.spec, &loaded.board, &placement);
                assert!(broken.is_empty(), "{}: {broken:?}", f.file);
            }
            None => assert!(!has_solution(f.status), "{}", f.file),
        }
    }
}

#[test]
fn verify_command_accepts_every_fixture() {
    for f in FIXTURES {
        let out = verify_cli(f.model, &answer_path(f.file), f.defines, &[]);
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!(
                "answer: {}: {}",
                answer_path(f.file).display(),
                f.form.describe()
            )),
            "{}: {text}",
            f.file
        );
        if has_solution(f.status) {
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}: {text}{}",
                f.file,
                stderr(&out)
            );
            assert!(
                text.contains("verified: every rule holds"),
                "{}: {text}",
                f.file
            );
            if let Some(o) = f.objective {
                assert!(
                    text.contains(&format!("solver objective: {o} (")),
                    "{}: {text}",
                    f.file
                );
            }
        } else {
            assert_eq!(out.status.code(), Some(1), "{}: {text}", f.file);
            assert!(
                text.contains("the answer holds no solution: the solver says none exists"),
                "{}: {text}",
                f.file
            );
        }
    }
}

#[test]
fn verify_maps_through_the_compiled_file() {
    let dir = tempfile::tempdir().unwrap();
    for f in FIXTURES.iter().filter(|f| has_solution(f.status)) {
        let compiled = dir.path().join(format!("{}.{}", f.file, f.compiled));
        let compiled_s = compiled.display().to_string();
        let mut args = vec!["compile", f.model, "-o", compiled_s.as_str()];
        if f.compiled == "wcnf" {
            args.push("--wcnf-legacy");
        }
        if f.file.ends_with("-negated-mps.sol") {
            // The solver read a maximisation written negated.
            args.push("--mps-negate");
        }
        for d in f.defines {
            args.extend(["-D", d]);
        }
        let out = qspec(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let out = verify_cli(
            f.model,
            &answer_path(f.file),
            f.defines,
            &["--map", &compiled_s],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}{}",
            f.file,
            stdout(&out),
            stderr(&out)
        );
        assert!(!stdout(&out).contains("VERIFICATION FAILED"), "{}", f.file);
    }
}

/// A fixture's text with `edit` applied, written to a temporary file.
fn edited(dir: &Path, file: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let text = std::fs::read_to_string(answer_path(file)).unwrap();
    let path = dir.join(format!("edited-{file}"));
    std::fs::write(&path, edit(&text)).unwrap();
    path
}

fn written(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn two_queens_on_a_line_break_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    // Gurobi's answer has a queen on (0,5); add one on (0,0) and take
    // away the one on (1,2).
    let answer = edited(dir.path(), "gurobi-eight-queens.sol", |t| {
        t.replace("x_0_0 0", "x_0_0 1")
            .replace("x_1_2 1", "x_1_2 0")
    });
    rejected(EIGHT, &answer, "rule no_attack: (0,0) attacks (0,5)");
}

#[test]
fn a_piece_on_a_wall_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    // (1,3) is a wall of the blocked board: the model has no variable for
    // it, but a named answer can still put a queen there.
    let answer = edited(dir.path(), "highs-blocked-two-walls.sol", |t| {
        t.replace("# Columns 62\n", "# Columns 63\nx_1_3 1\n")
    });
    rejected(BLOCKED, &answer, "a piece stands on the wall at (1,3)");
}

#[test]
fn a_count_too_low_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let answer = edited(dir.path(), "gurobi-eight-queens.sol", |t| {
        t.replace("x_7_4 1", "x_7_4 0")
    });
    rejected(EIGHT, &answer, "count = 8: the board holds 7 pieces");
}

#[test]
fn a_dimacs_answer_missing_a_queen_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    // MiniSat's result lists every variable; make one queen's literal false.
    let text = std::fs::read_to_string(answer_path("minisat-eight-queens.result")).unwrap();
    let first_true = text
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .find(|l| !l.starts_with('-') && *l != "0")
        .unwrap()
        .to_string();
    let answer = edited(dir.path(), "minisat-eight-queens.result", |t| {
        t.replacen(&format!(" {first_true} "), &format!(" -{first_true} "), 1)
            .replacen(&format!("\n{first_true} "), &format!("\n-{first_true} "), 1)
    });
    let out = verify_cli(EIGHT, &answer, &[], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("count = 8: the board holds 7 pieces"));
}

#[test]
fn a_wrong_reported_objective_is_a_violation() {
    let dir = tempfile::tempdir().unwrap();
    let answer = edited(dir.path(), "clasp-maxsat-blocked-two-walls.out", |t| {
        t.replace("o 52\n", "o 51\n")
    });
    let out = verify_cli(BLOCKED, &answer, &[], &[]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("objective: the solver reports 51 on line")
            && text.contains("the board's count = 10 makes it 52"),
        "{text}"
    );
    let answer = edited(dir.path(), "cbc-queens-3d-5.sol", |t| {
        t.replace("objective value 13.", "objective value 14.")
    });
    let out = verify_cli(Q3D, &answer, &[], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("makes it 13 or -13"),
        "{}",
        stdout(&out)
    );
}

/// Runs verify expecting exit 2 and a message containing every `parts`.
/// `verify` judges the answer and finds it breaks the model: exit 1, the
/// failure reported, and `message` among the violations.
fn rejected(model: &str, answer: &Path, message: &str) {
    let out = verify_cli(model, answer, &[], &[]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("VERIFICATION FAILED"), "{text}");
    assert!(text.contains(message), "{text}");
}

fn refused(model: &str, answer: &Path, extra: &[&str], parts: &[&str]) {
    let out = verify_cli(model, answer, &[], extra);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}{err}", stdout(&out));
    for p in parts {
        assert!(err.contains(p), "missing {p:?} in: {err}");
    }
}

#[test]
fn a_value_for_a_variable_that_does_not_exist_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let named = edited(dir.path(), "gurobi-eight-queens.sol", |t| {
        format!("{t}x_9_9 1\n")
    });
    refused(
        EIGHT,
        &named,
        &[],
        &[":67: `x_9_9` is not a variable of the model"],
    );
    let pb = edited(dir.path(), "clasp-pb-blocked-two-walls.out", |t| {
        t.replace("-x62", "-x62 x63")
    });
    refused(
        BLOCKED,
        &pb,
        &[],
        &["variable 63 does not exist", "has 62 variables"],
    );
    // With the compiled CNF as the map, a literal past its variables.
    let cnf = dir.path().join("eight.cnf");
    let out = qspec(&["compile", EIGHT, "-o", cnf.to_str().unwrap()]);
    assert!(out.status.success());
    let sat = written(dir.path(), "sat.out", "s SATISFIABLE\nv 1 -2\nv 400 0\n");
    refused(
        EIGHT,
        &sat,
        &["--map", cnf.to_str().unwrap()],
        &[
            "sat.out:3: variable 400 does not exist",
            "has 356 variables",
        ],
    );
}

#[test]
fn a_truncated_v_line_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cut = edited(dir.path(), "cadical-eight-queens.out", |t| {
        let end = t.rfind(" 0\n").unwrap();
        t[..end].to_string()
    });
    refused(
        EIGHT,
        &cut,
        &[],
        &["without the closing 0: the answer is truncated"],
    );
    let result = edited(dir.path(), "minisat-eight-queens.result", |t| {
        t.trim_end().trim_end_matches('0').to_string()
    });
    refused(
        EIGHT,
        &result,
        &[],
        &[":2: the literal line does not end with 0"],
    );
}

#[test]
fn garbage_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = written(dir.path(), "garbage.txt", "hello world\n");
    refused(
        EIGHT,
        &garbage,
        &[],
        &[
            "garbage.txt:1: cannot tell which solver wrote this answer",
            "--answer-format",
        ],
    );
    let middle = edited(dir.path(), "cadical-eight-queens.out", |t| {
        t.replacen("\nv ", "\nhello\nv ", 1)
    });
    refused(
        EIGHT,
        &middle,
        &[],
        &["`hello` is not a line of solver output"],
    );
    let fractional = edited(dir.path(), "highs-blocked-two-walls.sol", |t| {
        t.replace("x_0_0 0\n", "x_0_0 0.5\n")
    });
    refused(
        BLOCKED,
        &fractional,
        &[],
        &[":8: x_0_0 = 0.5 is not 0 or 1"],
    );
    let empty = written(dir.path(), "empty.txt", "");
    refused(EIGHT, &empty, &[], &["empty.txt: the answer is empty"]);
    let missing = dir.path().join("missing.txt");
    refused(EIGHT, &missing, &[], &["cannot read the answer"]);
    let forced = answer_path("cadical-eight-queens.out");
    refused(
        EIGHT,
        &forced,
        &["--answer-format", "cbc"],
        &["is not the first line of a CBC solution"],
    );
}

#[test]
fn a_map_from_another_model_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q9.cnf");
    let out = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=9",
        "-o",
        cnf.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    refused(
        EIGHT,
        &answer_path("cadical-eight-queens.out"),
        &["--map", cnf.to_str().unwrap()],
        &["the compiled file has a variable `x_0_8` that the model does not have"],
    );
    let not_compiled = written(dir.path(), "plain.cnf", "p cnf 1 1\n1 0\n");
    refused(
        EIGHT,
        &answer_path("cadical-eight-queens.out"),
        &["--map", not_compiled.to_str().unwrap()],
        &["is not a file qspec compiled"],
    );
}

#[test]
fn verify_reads_standard_input_and_draws_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let mut child = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args([
            "verify",
            EIGHT,
            "-",
            "--svg",
            svg.to_str().unwrap(),
            "--show-attacks",
        ])
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let text = std::fs::read(answer_path("cadical-eight-queens.out")).unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), &text).unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.matches("<circle").count() == 8);
}

// ------------------------------------------------------------ MiniZinc

#[test]
fn a_minizinc_board_that_breaks_a_rule_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    // Gecode's eight queens start `. . . . Q . . .`: a second queen on
    // the first row attacks it.
    let answer = edited(dir.path(), "gecode-eight-queens.out", |t| {
        t.replacen(". . . . Q . . .", "Q . . . Q . . .", 1)
    });
    rejected(EIGHT, &answer, "rule no_attack: (0,0) attacks (0,4)");
    // A `#` where the board has none: a wall the model cannot place.
    let walled = edited(dir.path(), "gecode-eight-queens.out", |t| {
        t.replacen(". . . . Q . . .", "# . . . Q . . .", 1)
    });
    rejected(EIGHT, &walled, "(0,0)");
}

#[test]
fn a_minizinc_objective_that_is_not_the_boards_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let answer = edited(dir.path(), "gecode-blocked-two-walls.out", |t| {
        t.replace("count = 10\n", "count = 11\n")
    });
    rejected(BLOCKED, &answer, "objective: the solver reports 11 on line");
}

#[test]
fn minizinc_takes_the_last_complete_solution() {
    let dir = tempfile::tempdir().unwrap();
    // Stopped while printing a better solution: the last one ended by
    // `----------` counts, and without `==========` it is not optimal.
    let cut = edited(dir.path(), "gecode-blocked-two-walls.out", |t| {
        let end = t.rfind("----------\n==========").unwrap();
        format!("{}count = 12\n. Q . .\n", &t[..end + "----------\n".len()])
    });
    let out = verify_cli(BLOCKED, &cut, &[], &[]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("solver status: ---------- (a solution)\n"),
        "{text}"
    );
    assert!(text.contains("solver objective: 10 ("), "{text}");
    // Nothing ended by `----------` and no verdict: cut short, refused.
    let nothing = written(dir.path(), "cut.out", "count = 3\n. Q . .\n");
    refused(BLOCKED, &nothing, &[], &["cut.out:2:", "it was cut short"]);
    // A verdict without a solution.
    let unknown = written(dir.path(), "unknown.out", "=====UNKNOWN=====\n");
    let out = verify_cli(BLOCKED, &unknown, &[], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("the solver gave no verdict"));
}

#[test]
fn a_minizinc_board_starting_with_a_wall_is_told_from_gurobi() {
    let dir = tempfile::tempdir().unwrap();
    let answer = written(dir.path(), "walls.out", "# Q\n. .\n----------\n");
    let a = read_answer_file(&answer, ReadOptions::default()).unwrap();
    assert_eq!(a.form, Form::MiniZinc);
    assert_eq!(a.status, AnswerStatus::Satisfiable);
}

// ------------------------------------------------- qspec's own boards

/// `qspec solve MODEL -D ..` with `extra`, its standard output written to
/// `dir/name`.
fn solved(dir: &Path, name: &str, model: &str, defines: &[&str], extra: &[&str]) -> PathBuf {
    let mut args = vec!["solve", model];
    for d in defines {
        args.extend(["-D", d]);
    }
    args.extend(extra);
    let out = qspec(&args);
    assert!(
        matches!(out.status.code(), Some(0 | 10)),
        "{model}: {}{}",
        stdout(&out),
        stderr(&out)
    );
    written(dir, name, &stdout(&out))
}

/// `verify` passes `answer` for `model`, told from the content and forced
/// as `form`, and says it read `describe`.
fn verified(model: &str, answer: &Path, defines: &[&str], form: &str, describe: &str) -> String {
    let mut text = String::new();
    for extra in [&[][..], &["--answer-format", form][..]] {
        let out = verify_cli(model, answer, defines, extra);
        text = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{model} {extra:?}: {text}{}",
            stderr(&out)
        );
        assert!(text.contains(describe), "{text}");
        assert!(text.contains("verified: every rule holds"), "{text}");
    }
    text
}

#[test]
fn verify_reads_the_board_qspec_solve_prints() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        // 2-D; walls free (`#` placed by the solver, `walls = N`); fixed
        // cells (`*`, the legend); 3-D with `layer i:`; 4-D with `layer i,j:`.
        (EIGHT, &[], "8 pieces"),
        (
            "models/blocked-least-walls.qspec",
            &[],
            "10 pieces, 2 walls placed",
        ),
        ("models/queens-completion.qspec", &[], "10 pieces"),
        ("models/queens-nd.qspec", &["n=4", "d=3", "m=7"], "layer 3:"),
        (
            "models/queens-nd.qspec",
            &["n=3", "d=4", "m=6"],
            "layer 2,2:",
        ),
    ];
    for (i, (model, defines, shown)) in cases.iter().enumerate() {
        let answer = solved(dir.path(), &format!("solve-{i}.txt"), model, defines, &[]);
        let text = verified(
            model,
            &answer,
            defines,
            "picture",
            "qspec's picture of a board",
        );
        assert!(text.contains(shown), "{model}: {text}");
    }
    // The solver's `s` line is the status; `walls = 2` is the board's own.
    let walls = verified(
        "models/blocked-least-walls.qspec",
        &dir.path().join("solve-1.txt"),
        &[],
        "picture",
        "solver status: OPTIMUM FOUND (a solution, claimed optimal)",
    );
    assert!(walls.contains("walls = 2\n"), "{walls}");
    // A picture alone, as a person would draw it.
    let drawn = written(
        dir.path(),
        "drawn.txt",
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n",
    );
    verified(
        "models/n-queens.qspec",
        &drawn,
        &["n=4"],
        "picture",
        "solver status: a board",
    );
}

#[test]
fn a_hand_edited_picture_that_breaks_a_rule_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let answer = solved(dir.path(), "eight.txt", EIGHT, &[], &[]);
    let text = std::fs::read_to_string(&answer).unwrap();
    // Move the queen of the first row to its first column.
    let first = text
        .lines()
        .find(|l| l.starts_with(". ") || l.starts_with("Q "))
        .unwrap();
    let moved = format!("Q{}", first[1..].replace('Q', "."));
    let edited = written(dir.path(), "moved.txt", &text.replacen(first, &moved, 1));
    let out = verify_cli(EIGHT, &edited, &[], &[]);
    let said = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("VERIFICATION FAILED"), "{said}");
    assert!(said.contains("rule no_attack: (0,0) attacks"), "{said}");
    // A fixed piece taken off its cell (`*` → `.`).
    let fixed = solved(
        dir.path(),
        "fixed.txt",
        "models/queens-completion.qspec",
        &[],
        &[],
    );
    let text = std::fs::read_to_string(&fixed).unwrap();
    let emptied = written(dir.path(), "emptied.txt", &text.replacen("* .", ". .", 1));
    let out = verify_cli("models/queens-completion.qspec", &emptied, &[], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("fix: no piece on the fixed cell"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_malformed_picture_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    // One engine, so that the output has one comment line.
    let answer = solved(dir.path(), "eight.txt", EIGHT, &[], &["--engine", "kissat"]);
    let text = std::fs::read_to_string(&answer).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The board's rows are lines 4 to 11 of `qspec solve`'s output.
    assert!(
        lines[2].ends_with("pieces") && lines[11].starts_with("verified"),
        "{text}"
    );
    let with = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        edit(&mut l);
        l.join("\n") + "\n"
    };
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "short-row.txt",
            with(&|l| l[4] = l[4][..l[4].len() - 2].to_string()),
            vec![
                "short-row.txt:5: row 1 has 7 cells and the board's rows have 8",
                "the picture is smaller than the board (8 x 8)",
                "only --start places a smaller picture",
            ],
        ),
        (
            "typo.txt",
            with(&|l| l[5] = l[5].replacen('.', "o", 1)),
            vec![
                "typo.txt:6: `",
                "is not a row of cells",
                "2 of the board's 8 rows here",
            ],
        ),
        (
            "seven-rows.txt",
            with(&|l| {
                l.remove(10);
            }),
            vec!["seven-rows.txt:11:", "7 of the board's 8 rows"],
        ),
        (
            "two-boards.txt",
            with(&|l| {
                let board: Vec<String> = l[3..11].to_vec();
                l.push(String::new());
                l.extend(board);
            }),
            vec!["two-boards.txt:14: the picture is larger than the board (8 x 8): row 8"],
        ),
        (
            "no-board.txt",
            lines[..3].join("\n"),
            vec!["no-board.txt:3: the picture holds no board"],
        ),
        (
            "status.txt",
            with(&|l| l[1] = "s PERHAPS".into()),
            vec!["status.txt:2: `s PERHAPS` is not a status qspec prints"],
        ),
    ];
    for (name, text, parts) in &cases {
        let path = written(dir.path(), name, text);
        refused(EIGHT, &path, &[], parts);
    }
    // A layer missing from a 3-D picture, and one drawn twice.
    let defines = ["n=4", "d=3", "m=7"];
    let cube = solved(
        dir.path(),
        "cube.txt",
        "models/queens-nd.qspec",
        &defines,
        &[],
    );
    let text = std::fs::read_to_string(&cube).unwrap();
    let at = text.find("layer 3:").unwrap();
    for (name, edited, part) in [
        (
            "three-layers.txt",
            text[..at].to_string(),
            "shows 3 of the board's 4 layers: the picture is smaller than the board (4 x 4 x 4)",
        ),
        (
            "twice.txt",
            text.replace("layer 3:", "layer 2:"),
            "`layer 2:` is drawn twice",
        ),
    ] {
        let path = written(dir.path(), name, &edited);
        let out = verify_cli("models/queens-nd.qspec", &path, &defines, &[]);
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert!(
            stderr(&out).contains(&format!("{name}:")) && stderr(&out).contains(part),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn verify_reads_qspecs_json_line() {
    let dir = tempfile::tempdir().unwrap();
    // `solve --json`: the verdict, with the walls chosen and the value.
    let blocked = "models/blocked-least-walls.qspec";
    let json = solved(dir.path(), "blocked.json", blocked, &[], &["--json"]);
    let text = verified(blocked, &json, &[], "json", "qspec's JSON line of a board");
    assert!(
        text.contains("solver status: optimal (a solution, claimed optimal)")
            && text.contains("solver objective: 2 (the objective, the JSON line's value)")
            && text.contains("10 pieces, 2 walls placed"),
        "{text}"
    );
    // One line of `solve --all --jsonl`, each of the three.
    let all = qspec(&["solve", EIGHT, "--all", "--jsonl", "--limit", "3"]);
    let stream = stdout(&all);
    let boards: Vec<&str> = stream.lines().filter(|l| l.contains("\"cells\"")).collect();
    assert_eq!(boards.len(), 3, "{stream}");
    for (i, line) in boards.iter().enumerate() {
        let one = written(dir.path(), &format!("line-{i}.json"), &format!("{line}\n"));
        verified(EIGHT, &one, &[], "json", "qspec's JSON line of a board");
    }
    // A value that is not the board's, a queen off the board, the summary
    // line, the whole stream, a field qspec does not write.
    let value = std::fs::read_to_string(&json)
        .unwrap()
        .replace("\"value\":2", "\"value\":1");
    let wrong = written(dir.path(), "wrong-value.json", &value);
    rejected(blocked, &wrong, "objective: the solver reports 1 on line 1");
    let summary = stream.lines().last().unwrap();
    for (name, text, part) in [
        (
            "off.json",
            boards[0].replacen("[[0,", "[[8,", 1),
            "off.json:1: `cells` holds [8, ",
        ),
        (
            "summary.json",
            summary.to_string(),
            "summary.json:1: this JSON line holds no board",
        ),
        (
            "stream.json",
            stream.clone(),
            "stream.json:2: a second JSON line",
        ),
        (
            "field.json",
            boards[0].replacen("\"cells\"", "\"cels\"", 1),
            "field.json:1: not a board's JSON line as qspec writes it: unknown field `cels`",
        ),
    ] {
        let path = written(dir.path(), name, &format!("{text}\n"));
        refused(EIGHT, &path, &[], &[part]);
    }
}
