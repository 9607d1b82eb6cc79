//! The `certify_count` tests that need the external suite.

use crate::certify_count::EIGHT_QUEENS;
use crate::common::*;

use std::path::Path;

use crate::common::write_text;

use qspec::certify::{certify_count, Proving};
use qspec::count::{complete, Solutions};
use qspec::options::{CertifyLevel, EngineChoice};
use qspec::{LoadOptions, Placement};

/// `qspec count ARGS`: its standard output and exit code.
fn count(args: &[&str]) -> (String, Option<i32>) {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    let out = qspec(&all);
    (stdout(&out), out.status.code())
}

#[test]
fn the_92_boards_of_8_queens_are_certified_with_and_without_classes() {
    let (text, code) = count(&[EIGHT_QUEENS, "--certify"]);
    assert!(
        text.contains(
            "c certified: no solution besides the 92 solutions listed, so the count is complete (checked by rate in "
        ),
        "{text}"
    );
    assert!(text.ends_with("\n92 solutions\n"), "{text}");
    assert_eq!(code, Some(0));
    // 12 representatives, every member of their classes excluded.
    let (text, code) = count(&[EIGHT_QUEENS, "--up-to-symmetry", "--certify"]);
    assert!(
        text.contains(
            "c certified: no solution besides the 92 solutions listed, so the count is complete"
        ),
        "{text}"
    );
    assert!(
        text.contains("12 classes under the board's symmetry group of order 8"),
        "{text}"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn an_optimum_s_classes_are_certified_and_the_files_kept() {
    // A019654 n = 8: 21 queens each attacking exactly 4 others, 40
    // classes, 320 boards; the claim assumes the automatic line hint.
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let (text, code) = count(&[
        "models/queens-attacking-exactly-k-max.qspec",
        "-D",
        "n=8",
        "-D",
        "k=4",
        "--optimal",
        "--up-to-symmetry",
        "--certify",
        "--proof-dir",
        kept.to_str().unwrap(),
    ]);
    assert!(
        text.contains(
            "c certified: no solution with count >= 21 besides the 320 solutions listed, so count = 21 is optimal and the count is complete, assuming `hint lines (automatic)` (implied) (checked by rate"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "40 classes under the board's symmetry group of order 8 with count = 21 (the optimum)"
        ),
        "{text}"
    );
    assert_eq!(code, Some(0));
    let cnf = std::fs::read_to_string(kept.join("queens-attacking-exactly-k-max.cnf")).unwrap();
    assert!(kept.join("queens-attacking-exactly-k-max.drat").is_file());
    // The 320 excluding clauses are in the CNF, tagged with their origin.
    assert!(
        cnf.contains("count --certify: each solution listed, excluded"),
        "the CNF names the clauses' origin"
    );
}

#[test]
fn the_model_level_certifies_a_count_from_its_opb_file() {
    let (text, code) = count(&["models/n-queens.qspec", "-D", "n=6", "--certify=model"]);
    assert!(
        text.contains(
            "c certified: no solution besides the 4 solutions listed, so the count is complete"
        ),
        "{text}"
    );
    assert!(text.contains("checked by veripb"), "{text}");
    assert_eq!(code, Some(0));
}

/// The JSON summary says it, and the certificate's lines go to
/// standard error.
#[test]
fn jsonl_says_certified_in_the_summary() {
    let out = qspec(&["count", EIGHT_QUEENS, "--certify", "--jsonl"]);
    let summary = stdout(&out);
    assert!(summary.contains("\"solutions\":92"), "{summary}");
    assert!(summary.contains("\"certified\":true"), "{summary}");
    assert!(stderr(&out).contains("c certified: no solution besides the 92 solutions listed"));
    assert_eq!(out.status.code(), Some(0));
}

/// The claim is no formality: with one of the 4 solutions of 6 queens
/// left out of the list, the claim has a solution (the one left out)
/// and nothing is certified; with all 4, it is.
#[test]
fn a_list_missing_a_solution_is_not_certified() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_text(
        dir.path(),
        "q6.qspec",
        "board 6 x 6\npiece queen\nrule no_attack\ncount == 6\n",
    );
    let q = qspec::load_file(Path::new(&path), &[], &LoadOptions::default()).unwrap();
    let mut solutions = Solutions::new(&q, None, None, &Default::default(), None, None).unwrap();
    let mut listed: Vec<Placement> = Vec::new();
    while let Some(s) = solutions.next_solution().unwrap() {
        listed.push(s.placement);
    }
    assert_eq!(listed.len(), 4);
    let certify = |list: &[Placement]| {
        let claim = complete::claim(&q, None, None, list).unwrap();
        let (model, excluded) = (claim.model, claim.excluded);
        certify_count(
            &q,
            &Default::default(),
            model,
            excluded,
            None,
            &Proving::at(CertifyLevel::Cnf),
        )
        .unwrap()
    };
    let short = certify(&listed[1..]);
    assert_eq!(short.certified, Some(false), "{}", short.lines);
    assert!(
        short.lines.contains("the claim's CNF has a solution"),
        "{}",
        short.lines
    );
    let whole = certify(&listed);
    assert_eq!(whole.certified, Some(true), "{}", whole.lines);
}

/// A count of armies is certified: each board listed is excluded by its
/// kinds (a white where a black stood is another board), and with classes
/// every member of each class under the board's symmetries and the swap of
/// colours.
#[test]
fn the_peaceable_armies_of_4x4_are_certified_with_and_without_classes() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root().join("models/peaceable-queens.qspec")).unwrap();
    let every = text.replace("hint break_symmetry\n", "");
    let model = write_text(dir.path(), "every.qspec", &every);
    for classes in [false, true] {
        let mut args = vec![model.as_str(), "-D", "n=4", "--optimal", "--certify"];
        if classes {
            args.push("--up-to-symmetry");
        }
        let (text, code) = count(&args);
        assert!(
            text.contains(
                "c certified: no solution with count white >= 2 besides the 112 solutions listed, so count white = 2 is optimal and the count is complete (checked by rate in "
            ),
            "{text}"
        );
        let summary = match classes {
            true => "10 classes under the group of the board's symmetries and the kinds' swaps of order 16",
            false => "112 solutions with count white = 2 (the optimum)",
        };
        assert!(text.contains(summary), "{text}");
        assert_eq!(code, Some(0));
    }
}

/// A count the armies search lists is certified at the model level by the
/// armies search's own proof (each board on a colouring that reaches the
/// size is one of the listed), A260680's classes to n = 8.
#[test]
fn the_armies_searchs_listing_is_certified_by_its_own_proof() {
    // A260680: 10, 3, 35, 19, 71 classes for n = 4..8.
    for (n, classes, boards) in [
        (4, 10, 112),
        (5, 3, 18),
        (6, 35, 560),
        (7, 19, 304),
        (8, 71, 1136),
    ] {
        let define = format!("n={n}");
        let args = [
            "models/peaceable-queens.qspec",
            "-D",
            &define,
            "--optimal",
            "--up-to-symmetry",
            "--certify=model",
        ];
        let (text, code) = count(&args);
        assert_eq!(code, Some(0), "{n}: {text}");
        assert!(
            text.contains(&format!("besides the {boards} solutions listed")),
            "{n}: {text}"
        );
        assert!(
            text.contains("by the armies search's own proof, checked by veripb"),
            "{n}: {text}"
        );
        assert!(
            text.contains(&format!("\n{classes} classes under")),
            "{n}: {text}"
        );
    }
}

/// Every solution of `q` (`boards` of them) listed by CaDiCaL: the list
/// short of its first or its last board is not certified by `engine`'s
/// proof (`searcher`) nor by CaDiCaL's, the whole list is, by the engine's.
pub(super) fn only_the_whole_list_is_certified(
    q: &qspec::Instance,
    boards: usize,
    engine: EngineChoice,
    searcher: &str,
) {
    let mut solutions = Solutions::new(q, None, None, &Default::default(), None, None).unwrap();
    let mut listed: Vec<Placement> = Vec::new();
    while let Some(s) = solutions.next_solution().unwrap() {
        listed.push(s.placement);
    }
    assert_eq!(listed.len(), boards);
    for left_out in [0, boards - 1] {
        let mut short = listed.clone();
        short.remove(left_out);
        let short = certify_listing(q, &short, engine);
        assert_eq!(short.certified, Some(false), "{}", short.lines);
        assert!(short.lines.contains("c NOT certified: "), "{}", short.lines);
    }
    let whole = certify_listing(q, &listed, engine);
    assert_eq!(whole.certified, Some(true), "{}", whole.lines);
    let own = format!("by {searcher}'s own proof");
    assert!(whole.lines.contains(&own), "{}", whole.lines);
}

/// The claim "no solution besides `list`" of `q`, certified at the model
/// level with `engine`'s own proof search (CaDiCaL's where it gives up).
pub(super) fn certify_listing(
    q: &qspec::Instance,
    list: &[Placement],
    engine: EngineChoice,
) -> qspec::certify::Certificate {
    let claim = complete::claim(q, None, None, list).unwrap();
    let proving = Proving {
        level: CertifyLevel::Model,
        proof_dir: None,
        own: qspec::solve::named(engine).unwrap().refutes(),
        elaborate: false,
    };
    certify_count(
        q,
        &Default::default(),
        claim.model,
        claim.excluded,
        None,
        &proving,
    )
    .unwrap()
}

/// The armies search's proof is no formality either: with one board left
/// out of the list, either its search meets that board unexcluded (and
/// CaDiCaL's proof cannot refute the claim either: the board is a solution
/// of it) or the listing is no longer mapped onto itself by the
/// symmetries, and `veripb` rejects the symmetry pruning's dominance step.
#[test]
fn the_armies_searchs_proof_of_a_short_list_is_not_certified() {
    // Every board listed (no `hint break_symmetry`): 18 of 4 each.
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(root().join("models/peaceable-queens-at-least.qspec")).unwrap();
    let every = write_text(
        dir.path(),
        "every.qspec",
        &text.replace("hint break_symmetry\n", ""),
    );
    let defines = [("n".to_string(), 5), ("m".to_string(), 4)];
    let q = qspec::load_file(Path::new(&every), &defines, &LoadOptions::default()).unwrap();
    only_the_whole_list_is_certified(&q, 18, EngineChoice::Armies, "the armies search");
}
