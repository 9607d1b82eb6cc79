//! The command line as a user meets it: exit codes, error messages, no
//! partial or clobbered output, `stats`, and `solve` on the models.

use crate::common;

use common::{qspec, stderr, stdout};

use std::path::{Path, PathBuf};
use std::process::Command;

fn write_model(dir: &Path, text: &str) -> PathBuf {
    let p = dir.join("m.qspec");
    std::fs::write(&p, text).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_bad_model_exits_2_with_a_caret_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "param n = 8\nboard n x 0\n");
    let out = dir.path().join("out.cnf");
    let o = qspec(&["compile", s(&model), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("a board side must be at least 1, got 0"), "{e}");
    assert!(e.contains("m.qspec:2:11"), "{e}");
    assert!(e.contains("2 | board n x 0\n  |           ^"), "{e}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no file left"
    );
}

#[test]
fn a_failed_compile_never_clobbers_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_model(dir.path(), "board 8 x 8\nrule no_attack\nmaximize count\n");
    let out = dir.path().join("keep.cnf");
    std::fs::write(&out, "precious").unwrap();
    let o = qspec(&["compile", s(&model), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a CNF file cannot hold the objective `maximize count`"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "precious");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn unknown_names_list_the_valid_ones() {
    let o = qspec(&["compile", "models/eight-queens.qspec", "--amo", "zigzag"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("pairwise, ladder, bitwise, commander, bimander, product"),
        "{e}"
    );
    let o = qspec(&["compile", "models/n-queens.qspec", "-D", "m=3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the model has no param `m` (given `m = 3`)"));
    let o = qspec(&["compile", "models/n-queens.qspec", "-o", "/tmp/x.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot tell the format from the file name"));
}

#[test]
fn models_over_the_clause_limit_are_refused_with_the_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.cnf");
    let o = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=300",
        "--amo",
        "pairwise",
        "--max-clauses",
        "1000000",
        "-o",
        s(&out),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("would have about"), "{e}");
    assert!(
        e.contains("over the limit of 1,000,000 (--max-clauses)"),
        "{e}"
    );
    assert!(!out.exists());
}

#[test]
fn gzip_output_is_the_plain_output_compressed() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("q.cnf");
    let gz = dir.path().join("q.cnf.gz");
    assert!(
        qspec(&["compile", "models/eight-queens.qspec", "-o", s(&plain)])
            .status
            .success()
    );
    assert!(
        qspec(&["compile", "models/eight-queens.qspec", "-o", s(&gz)])
            .status
            .success()
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&gz).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(text, std::fs::read_to_string(&plain).unwrap());
}

#[test]
fn stdout_output_and_format_flag() {
    let o = qspec(&["compile", "models/eight-queens.qspec", "--format", "opb"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("* #variable= 64 #constraint="));
}

#[test]
fn stats_lists_every_encoding_choice() {
    let o = qspec(&["stats", "models/eight-queens.qspec"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for name in [
        "pairwise",
        "ladder",
        "bitwise",
        "commander",
        "bimander",
        "product",
        "totalizer",
        "seqcounter",
        "cardnet",
        "sortnet",
        "adder",
        "mtotalizer",
    ] {
        assert!(text.contains(name), "{name} missing from\n{text}");
    }
    assert!(text.contains("<- chosen"));
    let o = qspec(&["stats", "models/eight-queens.qspec", "--json"]);
    let json = stdout(&o);
    assert!(json.trim_start().starts_with('{') && json.trim_end().ends_with('}'));
    assert_eq!(json.matches("\"clauses\":").count(), 13);
}

#[test]
fn solve_prints_a_verified_board() {
    let o = qspec(&["solve", "models/eight-queens.qspec"]);
    assert_eq!(o.status.code(), Some(10));
    let text = stdout(&o);
    assert!(text.contains("s SATISFIABLE"));
    assert_eq!(text.matches('Q').count(), 8, "{text}");
    assert!(text.contains("verified: every rule holds"));
}

#[test]
fn solve_proves_the_seed_optima() {
    for (model, value) in [
        ("models/queens-3d-5.qspec", 13),
        ("models/blocked-8x8-two-walls.qspec", 10),
        ("models/blocked-8x8-three-walls.qspec", 11),
    ] {
        let o = qspec(&["solve", model]);
        let text = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{model}\n{text}");
        assert!(text.contains("s OPTIMUM FOUND"), "{text}");
        assert!(
            text.contains(&format!("count = {value} (proven optimal)")),
            "{text}"
        );
        assert!(text.contains("verified: every rule holds"), "{text}");
    }
    let o = qspec(&["solve", "models/queens-3d-5-inf.qspec"]);
    assert_eq!(o.status.code(), Some(20));
    assert!(stdout(&o).contains("s UNSATISFIABLE"));
}

#[test]
fn solve_writes_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    let o = qspec(&[
        "solve",
        "models/blocked-8x8-two-walls.qspec",
        "--svg",
        s(&svg),
        "--show-attacks",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert_eq!(text.matches("<circle").count(), 10);
}

#[test]
fn an_interrupted_compile_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.cnf");
    let mut child = Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args([
            "compile",
            "models/n-queens.qspec",
            "-D",
            "n=200",
            "--amo",
            "pairwise",
        ])
        .args(["--max-clauses", "1000000000000", "--max-bytes", "1T"])
        .args(["--max-memory", "1T", "-o", s(&out)])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the temporary file is being written (some 200 MB of
    // clauses: the write takes a while), then interrupt.
    let started = std::time::Instant::now();
    let writing = || {
        std::fs::read_dir(dir.path())
            .unwrap()
            .any(|e| e.unwrap().metadata().is_ok_and(|m| m.len() > 0))
    };
    while !writing() {
        assert!(
            started.elapsed().as_secs() < 60,
            "no temporary file appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "files left behind"
    );
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn every_model_solves_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let mut models: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("models"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "qspec"))
            .collect();
    models.sort();
    assert!(models.len() >= 20, "models/ holds {} models", models.len());
    for model in models {
        let text = std::fs::read_to_string(&model).unwrap();
        assert!(
            text.starts_with('#'),
            "{} needs a header comment",
            model.display()
        );
        assert!(
            text.contains("Known answer"),
            "{} names no known answer",
            model.display()
        );
        let svg = dir.path().join("board.svg");
        let _ = std::fs::remove_file(&svg);
        let o = qspec(&["solve", s(&model), "--svg", s(&svg)]);
        let out = stdout(&o);
        match o.status.code() {
            Some(0) | Some(10) => {
                assert!(
                    out.contains("verified: every rule holds"),
                    "{}\n{out}",
                    model.display()
                );
                let picture = std::fs::read_to_string(&svg).unwrap();
                assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
            }
            Some(20) => assert!(out.contains("s UNSATISFIABLE")),
            other => panic!("{}: exit {other:?}\n{out}{}", model.display(), stderr(&o)),
        }
    }
}

#[test]
fn a_timeout_prints_the_best_board_so_far_or_says_none() {
    // Q_3(30) >= 70 is at the blog's upper bound: far beyond 1 second.
    let o = qspec(&[
        "solve",
        "models/queens-attacking-exactly-k.qspec",
        "-D",
        "n=30",
        "-D",
        "k=3",
        "-D",
        "m=70",
        "--timeout",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("s UNKNOWN"));
    assert!(stdout(&o).contains("no solution found before the timeout"));
    // An optimisation stopped early keeps its best board, marked unproven:
    // 21 queens on 6^3 come at once, Kissat's proof takes a minute (the
    // default engine, auto, takes the clique search: 0.1 s).
    let o = qspec(&[
        "solve",
        "bench/models/queens-3d-6.qspec",
        "--timeout",
        "1",
        "--engine",
        "kissat",
    ]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(10), "{text}");
    assert!(text.contains("not proven optimal"), "{text}");
    assert!(text.contains("verified: every rule holds"), "{text}");
}

#[test]
fn devices_and_fifos_are_written_in_place_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.cnf");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let o = qspec(&["compile", "models/eight-queens.qspec", "-o", s(&fifo)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = reader.join().unwrap();
    assert!(text.starts_with("c qspec"), "{text}");
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced by a {kind:?}");
    let o = qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-f",
        "cnf",
        "-o",
        s(dir.path()),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

#[test]
fn the_first_line_is_short_and_v_says_how_auto_chooses() {
    let o = qspec(&["solve", "models/eight-queens.qspec"]);
    let first = stdout(&o).lines().next().unwrap().to_string();
    assert_eq!(
        first,
        format!(
            "c qspec {}: models/eight-queens.qspec, embedded clique search and Kissat, side by side, amo=auto card=auto",
            env!("CARGO_PKG_VERSION")
        )
    );
    let o = qspec(&["solve", "models/eight-queens.qspec", "-v"]);
    let second = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(
        second.starts_with("c encodings: amo=auto (pairwise n<=6"),
        "{second}"
    );
    let o = qspec(&["count", "models/eight-queens.qspec", "--amo", "ladder"]);
    assert!(
        stdout(&o)
            .lines()
            .next()
            .unwrap()
            .ends_with(", amo=ladder card=auto"),
        "{}",
        stdout(&o)
    );
    let o = qspec(&["compile", "models/eight-queens.qspec", "-v"]);
    assert!(
        stderr(&o).starts_with("c encodings: amo=auto ("),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_binary_file_as_a_model_echoes_a_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"board 8 x 8\n".to_vec();
    bytes.extend((0..4000u32).map(|i| (i % 200 + 40) as u8));
    let model = dir.path().join("bin.qspec");
    std::fs::write(&model, &bytes).unwrap();
    let o = qspec(&["compile", s(&model)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.len() < 800, "{} bytes: {e}", e.len());
    assert!(e.contains("bin.qspec:2:"), "{e}");
    // Shown beside the caret, a binary line is printable text only: no
    // escape sequence reaches the terminal, no replacement character.
    std::fs::write(&model, b"board 8 x 8\n\x00\x1b[31mRED\xff rest\n").unwrap();
    let e = stderr(&qspec(&["compile", s(&model)]));
    assert!(e.contains("2 | ..[31mRED. rest"), "{e}");
    assert!(e.contains("bin.qspec:2:10"), "{e}");
    assert!(!e.contains('\u{1b}') && !e.contains('\u{fffd}'), "{e}");
}

#[test]
fn one_value_where_a_range_is_given_points_to_sweep() {
    let o = qspec(&["solve", "models/n-queens.qspec", "-D", "n=4..8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("qspec sweep MODEL -D n=4..8"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn short_help_never_points_above_at_nothing() {
    for command in [
        "compile", "stats", "solve", "count", "verify", "sweep", "puzzles", "snapshot",
    ] {
        let o = qspec(&[command, "-h"]);
        assert!(
            !stdout(&o).contains("see above"),
            "{command} -h: {}",
            stdout(&o)
        );
    }
}

#[test]
fn one_json_surface_json_for_an_object_jsonl_for_a_stream_either_accepted() {
    let o = qspec(&["solve", "models/queens-3d-5.qspec", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["value"].as_i64(), v["status"].as_str()),
        (Some(13), Some("optimal"))
    );
    assert_eq!(v["cells"].as_array().unwrap().len(), 13);
    assert_eq!(v["verified"], serde_json::Value::Bool(true));
    assert!(stderr(&o).contains("s OPTIMUM FOUND"), "{}", stderr(&o));
    // The other spelling, and a verdict without a board.
    let o = qspec(&["solve", "models/n-queens.qspec", "-D", "n=3", "--jsonl"]);
    assert_eq!(o.status.code(), Some(20));
    assert_eq!(stdout(&o), "{\"status\":\"unsatisfiable\"}\n");
    // count and stats take either spelling.
    let a = qspec(&["count", "models/eight-queens.qspec", "--json"]);
    let b = qspec(&["count", "models/eight-queens.qspec", "--jsonl"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert!(
        stdout(&a).starts_with("{\"solutions\":92,"),
        "{}",
        stdout(&a)
    );
    let a = qspec(&["stats", "models/eight-queens.qspec", "--json"]);
    let b = qspec(&["stats", "models/eight-queens.qspec", "--jsonl"]);
    assert_eq!(stdout(&a), stdout(&b));
    // solve --all lines and sweep lines: the same spelling of a board.
    let o = qspec(&[
        "solve",
        "--all",
        "models/eight-queens.qspec",
        "--jsonl",
        "--limit",
        "1",
    ]);
    assert!(
        stdout(&o).starts_with("{\"number\":1,\"cells\":[["),
        "{}",
        stdout(&o)
    );
    let o = qspec(&["sweep", "models/eight-queens.qspec", "--walls", "1"]);
    let first = stdout(&o).lines().next().unwrap().to_string();
    assert!(
        first.starts_with("{\"walls\":[[") && first.contains(",\"cells\":[["),
        "{first}"
    );
}

#[test]
fn a_flag_that_needs_all_names_solve_in_its_usage_line() {
    let o = qspec(&["solve", "models/eight-queens.qspec", "--limit", "3"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("--limit needs --all"), "{e}");
    assert!(e.contains("Usage: qspec solve"), "{e}");
}

#[test]
fn a_python_runner_without_its_package_says_what_to_install() {
    // A Python that cannot import gurobipy or ortools, installed or not.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("sitecustomize.py"),
        "import sys\nclass Block:\n    def find_spec(self, name, path=None, target=None):\n        if name in ('gurobipy', 'ortools'):\n            raise ImportError('blocked')\nsys.meta_path.insert(0, Block())\n",
    )
    .unwrap();
    for (solver, install) in [
        ("gurobi", "pip install gurobipy"),
        ("cp-sat", "pip install ortools"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_qspec"))
            .args(["solve", "models/eight-queens.qspec", "--solver", solver])
            .env("PYTHONPATH", dir.path())
            .output()
            .unwrap();
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{e}");
        assert!(
            e.contains(install) && !e.contains("Traceback"),
            "{solver}: {e}"
        );
    }
}

#[test]
fn every_long_command_takes_the_same_timeout_threads_and_progress() {
    // The 3-wall sweep of 8x8 takes several seconds: stopped at 0.5 s,
    // every line written is whole, and the exit code says why (124).
    let o = qspec(&[
        "sweep",
        "models/blocked-8x8.qspec",
        "--walls",
        "3",
        "--timeout",
        "0.5",
        "--threads",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(124), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("stopped at --timeout"),
        "{}",
        stderr(&o)
    );
    let lines = stdout(&o);
    assert!(lines.lines().count() < 4291 + 692 + 294 + 1);
    for line in lines.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    let o = qspec(&[
        "puzzles",
        "models/blocked-8x8.qspec",
        "--walls",
        "2..3",
        "--timeout",
        "0.2",
    ]);
    assert_eq!(o.status.code(), Some(124), "{}", stderr(&o));
    // --jobs, the old name, still works; every long command knows the flags.
    let o = qspec(&[
        "sweep",
        "models/blocked-8x8.qspec",
        "--walls",
        "1",
        "--jobs",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for command in ["solve", "count", "sweep", "puzzles"] {
        let help = stdout(&qspec(&[command, "--help"]));
        for flag in [
            "--timeout <SECONDS>",
            "--threads <N>",
            "--progress",
            "--no-progress",
        ] {
            assert!(help.contains(flag), "{command} --help lacks {flag}");
        }
    }
    let help = stdout(&qspec(&["sweep", "run", "--help"]));
    assert!(help.contains("--timeout <SECONDS>") && help.contains("--threads <N>"));
    // An external solver takes its threads in its own command line.
    let o = qspec(&[
        "solve",
        "models/eight-queens.qspec",
        "--solver",
        "cadical",
        "--threads",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not an external solver's"),
        "{}",
        stderr(&o)
    );
    let o = qspec(&["solve", "models/eight-queens.qspec", "--timeout=-3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is not a number of seconds"),
        "{}",
        stderr(&o)
    );
}

/// Where the engines are listed by name — `solve`'s short help, the Python
/// stub's and binding's `solve` — every engine is, in the order the
/// options define them (so a new engine cannot be left out of one).
#[test]
fn every_engine_is_named_where_the_engines_are_listed() {
    use qspec::options::{Choice, EngineChoice};
    let names: Vec<&str> = EngineChoice::all().iter().map(|e| e.name()).collect();
    let listed = names.join(", ");
    let root = common::root();
    let stub = std::fs::read_to_string(root.join("python/qspec/__init__.pyi")).unwrap();
    assert!(
        stub.contains(&format!(
            "an embedded engine: {}",
            listed.replacen("auto", "auto (the default)", 1)
        )),
        "{listed}"
    );
    let binding = std::fs::read_to_string(root.join("python/src/model.rs")).unwrap();
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    let flat: String = binding
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("/// ", "");
    assert!(
        flat.contains(
            &quoted
                .join(", ")
                .replacen("`auto`", "`auto`, the default", 1)
        ),
        "{flat:.200}"
    );
    let help = common::stdout(&common::qspec(&["solve", "-h"]));
    let flat_help: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat_help.contains(&listed.replacen("auto", "auto (the default)", 1)),
        "{flat_help}"
    );
}
