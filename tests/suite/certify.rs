//! `solve --certify`: claims of "no solution" and of optimality, refuted
//! by CaDiCaL with a DRAT proof and checked by `rate`. The tests that run
//! `rate` are behind `--features external-solvers` (it must be installed:
//! `cargo install --locked rate`; a missing `rate` fails them); the ones
//! that need no checker always run.

use crate::common;

use common::{qspec, qspec_without_checker, stderr, stdout, write_text as model};

/// Nine non-attacking queens on 8x8: impossible.
pub(crate) const NINE_QUEENS: &str = "board 8 x 8\npiece queen\nrule no_attack\ncount == 9\n";

#[test]
fn without_a_checker_the_claim_is_not_certified_and_the_exit_is_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = model(dir.path(), "q9.qspec", NINE_QUEENS);
    let out = qspec_without_checker(&["solve", &file, "--certify"], dir.path());
    let text = stdout(&out);
    assert!(
        text.contains(
            "c NOT certified: no DRAT checker found (cargo install --locked rate)\ns UNSATISFIABLE\n"
        ),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn without_veripb_the_model_level_is_not_certified_and_the_exit_is_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = model(dir.path(), "q9.qspec", NINE_QUEENS);
    let out = qspec_without_checker(&["solve", &file, "--certify=model"], dir.path());
    let text = stdout(&out);
    assert!(
        text.contains(
            "c NOT certified: no VeriPB checker found (cargo install --locked veripb)\ns UNSATISFIABLE\n"
        ),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn certify_takes_its_level_only_after_an_equals_sign() {
    let out = qspec(&["solve", "--certify", "model", "models/n-queens.qspec"]);
    assert_eq!(out.status.code(), Some(2));
    let out = qspec(&["solve", "models/n-queens.qspec", "--certify=drat"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("cnf"));
}

#[test]
fn a_board_found_needs_no_proof() {
    let dir = tempfile::tempdir().unwrap();
    let file = model(dir.path(), "q8.qspec", &NINE_QUEENS.replace('9', "8"));
    let out = qspec_without_checker(&["solve", &file, "--certify"], dir.path());
    let text = stdout(&out);
    assert!(
        text.contains("c certify: a board found needs no proof"),
        "{text}"
    );
    assert!(!text.contains("certified"), "{text}");
    assert_eq!(out.status.code(), Some(10));
}

#[test]
fn certify_with_an_external_solver_is_refused() {
    let out = qspec(&[
        "solve",
        "models/n-queens.qspec",
        "--certify",
        "--solver",
        "cadical",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("--certify"));
    let out = qspec(&["solve", "models/n-queens.qspec", "--proof-dir", "x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn verify_checks_proofs_against_cnf_files_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = model(dir.path(), "q9.qspec", NINE_QUEENS);
    let wcnf = dir.path().join("q9.wcnf").to_string_lossy().into_owned();
    assert!(qspec(&["compile", &file, "-o", &wcnf]).status.success());
    let answer = dir.path().join("q9.out").to_string_lossy().into_owned();
    std::fs::write(&answer, "s UNSATISFIABLE\n").unwrap();
    let out = qspec(&["verify", &file, &answer, "--map", &wcnf, "--proof", &answer]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains(
        "--proof checks a DRAT proof against a CNF file or a VeriPB proof against an OPB file"
    ));
}

/// `--elaborate` keeps VeriPB's kernel proof: at the CNF level (a DRAT
/// proof) it is refused before any work, and it needs `--proof-dir`.
#[test]
fn elaborate_is_for_the_model_level_and_a_kept_proof() {
    let cnf = qspec(&[
        "solve",
        "models/peaceable-queens.qspec",
        "--certify",
        "--proof-dir",
        "unused",
        "--elaborate",
    ]);
    assert_eq!(cnf.status.code(), Some(2));
    assert!(
        stderr(&cnf).contains("--elaborate keeps the kernel proof VeriPB elaborates, and --certify=cnf checks a DRAT proof with rate"),
        "{}",
        stderr(&cnf)
    );
    assert!(!std::path::Path::new("unused").exists());
    let no_dir = qspec(&[
        "solve",
        "models/peaceable-queens.qspec",
        "--certify=model",
        "--elaborate",
    ]);
    assert_eq!(no_dir.status.code(), Some(2));
    assert!(
        stderr(&no_dir).contains("--proof-dir"),
        "{}",
        stderr(&no_dir)
    );
}
