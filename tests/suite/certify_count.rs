//! `count --certify`: a count proven complete — the model with every
//! solution listed excluded, refuted with a proof a checker checks (DRAT
//! and `rate`, or VeriPB and `veripb`). The tests that run a checker are
//! behind `--features external-solvers` (`cargo install --locked rate
//! veripb`); the ones that need none always run.

use crate::common;

use common::{qspec, qspec_without_checker, stderr, stdout};

pub(crate) const EIGHT_QUEENS: &str = "models/eight-queens.qspec";

#[test]
fn without_a_checker_the_count_is_printed_not_certified_and_the_exit_is_1() {
    let home = tempfile::tempdir().unwrap();
    let out = qspec_without_checker(&["count", EIGHT_QUEENS, "--certify"], home.path());
    let text = stdout(&out);
    assert!(
        text.contains("c NOT certified: no DRAT checker found (cargo install --locked rate)\n"),
        "{text}"
    );
    assert!(text.ends_with("\n92 solutions\n"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn certify_is_refused_with_a_limit_or_a_counter_and_proof_dir_needs_it() {
    for extra in [&["--limit", "3"][..], &["--counter", "d4"][..]] {
        let mut args = vec!["count", EIGHT_QUEENS, "--certify"];
        args.extend_from_slice(extra);
        let out = qspec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("cannot be used with"),
            "{}",
            stderr(&out)
        );
    }
    let out = qspec(&["count", EIGHT_QUEENS, "--proof-dir", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--certify"), "{}", stderr(&out));
}

#[test]
fn a_count_stopped_early_has_nothing_to_certify() {
    let home = tempfile::tempdir().unwrap();
    let out = qspec_without_checker(
        &[
            "count",
            "models/n-queens.qspec",
            "-D",
            "n=14",
            "--certify",
            "--timeout",
            "0.5",
        ],
        home.path(),
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "c certify: nothing to certify: the count stopped at the timeout before it was complete\n"
        ),
        "{text}"
    );
    assert!(text.contains("(timeout)"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}
