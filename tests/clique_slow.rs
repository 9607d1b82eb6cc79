//! The clique engine where the symmetry pruning and the threads have the
//! most to lose, too slow for the default suite (a minute in the test
//! profile): the thesis' (6,3) >= 22 and (4,4) >= 17 refuted with and
//! without the board's symmetries, on one thread and on two. Run with
//! `cargo test --features external-solvers --test clique_slow`.
#![cfg(feature = "external-solvers")]

mod common;

use common::{qspec, stderr, stdout};

#[test]
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
