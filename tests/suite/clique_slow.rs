//! The clique engine where the symmetry pruning and the threads have the
//! most to lose, too slow for the default suite (a minute in the test
//! profile): the thesis' (6,3) >= 22 and (4,4) >= 17 refuted with and
//! without the board's symmetries, on one thread and on two; the optimal
//! placements it lists on 6^3, 7^3, 4^4 and 3^5. Slow: `cargo
//! test -- --ignored` runs it, as `.ci/run` does.

use crate::common;

use common::{qspec, stderr, stdout};

#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_thesis_refutations_hold_without_symmetry_and_on_any_number_of_threads() {
    for (n, d, m) in [(6, 3, 22), (4, 4, 17)] {
        for threads in ["1", "2"] {
            for symmetry in [true, false] {
                let (n, d, m) = (format!("n={n}"), format!("d={d}"), format!("m={m}"));
                let mut args = vec![
                    "solve",
                    "models/queens-nd-cliques-inf.qspec",
                    "-D",
                    &n,
                    "-D",
                    &d,
                    "-D",
                    &m,
                    "--engine",
                    "clique",
                    "--threads",
                    threads,
                ];
                if !symmetry {
                    args.push("--no-symmetry");
                }
                let o = qspec(&args);
                let out = stdout(&o);
                assert_eq!(o.status.code(), Some(20), "{args:?}\n{out}{}", stderr(&o));
                assert!(out.contains("s UNSATISFIABLE"), "{args:?}\n{out}");
            }
        }
    }
}

/// The optimal placements of non-attacking queens listed by the clique
/// search, against the table of Kunt's thesis (section 4.4, its integer
/// program): 6^3 912, 7^3 96, 4^4 404,564 — and 3^5, where the thesis has
/// 71,154 and qspec and the checker of results/check/ both list 72,192
/// in 22 classes (docs/results.md); no placement is counted twice.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_optimal_placements_on_small_boards_of_3_to_5_dimensions() {
    let cases = [
        ("6^3", true, [21, 912, 19]),
        ("7^3", true, [32, 96, 2]),
        ("4^4", true, [16, 404_564, 1075]),
        ("3^5", true, [11, 72_192, 22]),
    ];
    for (board, up_to_symmetry, want) in cases {
        let dir = tempfile::tempdir().unwrap();
        let text = format!("board {board}\npiece queen\nrule no_attack\nmaximize count\n");
        let path = common::write_text(dir.path(), "cube.qspec", &text);
        let mut args = vec!["count", &path, "--optimal", "--jsonl"];
        if up_to_symmetry {
            args.push("--up-to-symmetry");
        }
        let o = qspec(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let line = stdout(&o).lines().last().unwrap().to_string();
        let summary: serde_json::Value = serde_json::from_str(&line).unwrap();
        let got = ["optimum", "solutions", "classes"].map(|k| summary[k].as_u64().unwrap_or(0));
        assert_eq!(got, want, "{board}: {line}");
    }
}
