//! The embedded engines (CaDiCaL, Kissat, the portfolio) and the optimiser
//! against the brute-force oracle: on every piece and on boards with walls,
//! fixed cells, other rules, a torus and three dimensions, each engine's
//! proven optimum is the oracle's, and its board verifies. The clique-cover
//! estimate is sound exactly when these agree. Then `solve` as a user meets
//! it: `--engine`, the estimate line, warm starts, `compile --start`.

use crate::common;

use common::{build, no_attack_models, oracle, qspec, spec, stderr, stdout, Cells};

use qspec::answer::decode;
use qspec::options::EngineChoice;
use qspec::solve::{solve_model, SolveOptions, Status};
use qspec::verify::is_solution;
use std::path::Path;

/// The oracle's optimum: most pieces, or (with `minimize walls`) fewest
/// chosen walls, over every solution.
fn oracle_optimum(src: &str) -> Option<i64> {
    let s = spec(src);
    let (_, board) = build(&s);
    let n = board.n_cells();
    let walls = |c: &Cells| c.iter().filter(|&&i| i >= n).count() as i64;
    let pieces = |c: &Cells| c.iter().filter(|&&i| i < n).count() as i64;
    let all = oracle(&s, &board);
    if src.contains("minimize walls") {
        all.iter().map(walls).min()
    } else {
        all.iter().map(pieces).max()
    }
}

/// Solves `src` with `engine` and checks the proven optimum and the board.
fn check(src: &str, engine: EngineChoice) {
    let s = spec(src);
    let (model, board) = build(&s);
    let opts = SolveOptions {
        engine,
        ..SolveOptions::default()
    };
    let mut seen = Vec::new();
    let answer = solve_model(&model, &opts, &mut |v| seen.push(v)).unwrap();
    let what = format!("{engine} on\n{src}");
    match oracle_optimum(src) {
        None => assert_eq!(answer.status, Status::Unsatisfiable, "{what}"),
        Some(best) => {
            assert_eq!(answer.status, Status::Optimal, "{what}");
            assert_eq!(answer.objective, Some(best), "{what}");
            assert_eq!(seen.last(), Some(&best), "{what}: the last o line");
            let values = answer.values.unwrap();
            let names = model.names.iter().map(String::as_str);
            let placement = decode::placement(&board, names.zip(values.iter().copied()));
            assert!(is_solution(&s, &board, &placement), "{what}");
        }
    }
}

fn models() -> Vec<String> {
    let mut all = no_attack_models();
    all.extend(
        [
            "board 4 x 4\npiece queen\nrule attacks <= 1\nmaximize count\n",
            "board 4 x 4\npiece queen\nrule attacks == 2\nmaximize count\n",
            "board 3 x 3\nwalls free\npiece queen\nrule no_attack\ncount >= 4\nminimize walls\n",
        ]
        .map(String::from),
    );
    all
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn every_engine_proves_the_oracles_optimum() {
    for src in models() {
        // The clique engine takes only some of these: tests/clique_engine.rs.
        for engine in [
            EngineChoice::Cadical,
            EngineChoice::Kissat,
            EngineChoice::Portfolio,
        ] {
            check(&src, engine);
        }
    }
}

fn solve(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["solve"];
    all.extend(args);
    let o = qspec(&all);
    (o.status.code(), format!("{}{}", stdout(&o), stderr(&o)))
}

#[test]
fn a_minimisation_states_a_lower_bound_never_an_upper_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let knights = dir.path().join("kd.qspec");
    std::fs::write(
        &knights,
        "board 8 x 8\npiece knight\nrule dominate\nminimize count\n",
    )
    .unwrap();
    let (code, text) = solve(&[knights.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("estimate"), "{text}");
    assert!(
        text.contains(
            "c lower bound count >= 8 (64 cells to cover; 7 pieces cover at most 63 of them)"
        ),
        "{text}"
    );
    assert!(text.contains("count = 12 (proven optimal)"), "{text}");
    let (code, text) = solve(&["models/queen-domination.qspec", "-D", "n=6", "-D", "m=3"]);
    assert!(code.is_some(), "{text}");
    assert!(!text.contains("upper estimate"), "{text}");
}

#[test]
fn the_estimate_proves_kings_and_knights_at_once() {
    for (model, n, best) in [
        ("models/kings.qspec", "n=100", 2500),
        ("models/knights.qspec", "n=60", 1800),
    ] {
        for engine in ["cadical", "kissat", "portfolio"] {
            let (code, text) = solve(&[model, "-D", n, "--engine", engine]);
            assert_eq!(code, Some(0), "{text}");
            assert!(
                text.contains(&format!("c upper estimate count <= {best} (")),
                "{text}"
            );
            assert!(
                text.contains(&format!("count = {best} (proven optimal)")),
                "{text}"
            );
        }
    }
}

#[test]
fn single_engines_print_the_same_every_run() {
    for engine in ["cadical", "kissat"] {
        let args = ["models/queens-3d-5.qspec", "--engine", engine];
        let (_, first) = solve(&args);
        let (_, second) = solve(&args);
        assert_eq!(first, second, "{engine}");
        assert!(first.contains("count = 13 (proven optimal)"), "{first}");
    }
}

/// Kissat stops only when told (its callback is never called): the
/// timeout must reach it, alone and in the portfolio. 21 queens on 6^3
/// come at once, the proof takes Kissat seconds and CaDiCaL a minute.
#[test]
fn every_engine_stops_at_the_timeout_with_its_best_board() {
    for engine in ["cadical", "kissat", "portfolio"] {
        let (code, text) = solve(&[
            "bench/models/queens-3d-6.qspec",
            "--engine",
            engine,
            "--timeout",
            "0.5",
        ]);
        assert_eq!(code, Some(10), "{engine}: {text}");
        assert!(text.contains("not proven optimal"), "{engine}: {text}");
        assert!(
            text.contains("verified: every rule holds"),
            "{engine}: {text}"
        );
    }
}

#[test]
fn engine_and_solver_exclude_each_other() {
    let (code, text) = solve(&[
        "models/eight-queens.qspec",
        "--engine",
        "kissat",
        "--solver",
        "cadical",
    ]);
    assert_eq!(code, Some(2), "{text}");
}

/// The n-1 solution in the corner: a solution of the n board, the first
/// `o` line, and the optimum still proven.
#[test]
fn a_smaller_board_starts_the_larger_one() {
    let dir = tempfile::tempdir().unwrap();
    let (_, eight) = solve(&["models/kings.qspec"]);
    let start = dir.path().join("k8.txt");
    std::fs::write(&start, &eight).unwrap();
    for engine in ["cadical", "kissat", "portfolio"] {
        let (code, text) = solve(&[
            "models/kings.qspec",
            "-D",
            "n=9",
            "--engine",
            engine,
            "--start",
            start.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{text}");
        assert!(text.contains("c start: 16 pieces from"), "{text}");
        assert!(text.contains(", a solution\n"), "{text}");
        assert!(text.contains("\no 16\n"), "{text}");
        assert!(text.contains("count = 25 (proven optimal)"), "{text}");
    }
}

#[test]
fn a_start_that_is_no_solution_is_said_so_and_still_solved() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("bad.txt");
    std::fs::write(&start, "Q Q\n. .\n").unwrap();
    let (code, text) = solve(&[
        "models/eight-queens.qspec",
        "--start",
        start.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(10), "{text}");
    assert!(
        text.contains("c start: 2 pieces from") && text.contains("not a solution (rule no_attack"),
        "{text}"
    );
    assert!(text.contains("verified: every rule holds"), "{text}");
}

#[test]
fn a_start_off_the_board_is_bad_input_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("big.txt");
    std::fs::write(&start, "c a comment\n. . . . . . . . Q\n").unwrap();
    let (code, text) = solve(&[
        "models/eight-queens.qspec",
        "--start",
        start.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("big.txt:2"), "{text}");
    assert!(text.contains("larger than the board (8 x 8)"), "{text}");
}

#[test]
fn compile_writes_mip_starts_beside_the_lp_file() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("b.txt");
    std::fs::write(&board, solve(&["models/blocked-8x8-two-walls.qspec"]).1).unwrap();
    let lp = dir.path().join("q.lp");
    let o = qspec(&[
        "compile",
        "models/blocked-8x8-two-walls.qspec",
        "-o",
        lp.to_str().unwrap(),
        "--start",
        board.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let mst = read("q.mst");
    assert!(mst.starts_with("# MIP start: qspec"), "{mst}");
    assert_eq!(mst.lines().count(), 63, "a comment and 62 variables");
    assert_eq!(mst.lines().filter(|l| l.ends_with(" 1")).count(), 10);
    assert_eq!(
        read("q.sol").lines().skip(1).collect::<Vec<_>>(),
        mst.lines().skip(1).collect::<Vec<_>>()
    );
    assert!(read("q.highs.sol").contains("Objective 10\n# Columns 62\n"));
    assert!(
        stderr(&o).contains("completed by the embedded solver"),
        "{}",
        stderr(&o)
    );
    let o = qspec(&[
        "compile",
        "models/blocked-8x8-two-walls.qspec",
        "--start",
        board.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--start writes MIP starts beside an LP or MPS file"));
    assert!(!Path::new("q.mst").exists());
}
