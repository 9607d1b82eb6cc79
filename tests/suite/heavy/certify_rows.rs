//! The row search's own proofs (`--certify=model` on its claims): its
//! listings and its "no board" refuted by its filling of lines, written as
//! it searches and checked by `veripb`; a tampered proof and a short list
//! are not certified. These run `veripb`, so they are behind
//! `--features external-solvers`.

use crate::common::{qspec, stdout, write_text, NO_THREE_IN_LINE};

use std::path::Path;

use super::certify_count_checkers::only_the_whole_list_is_certified;
use qspec::certify::{Checker, VERIPB};
use qspec::options::EngineChoice;
use qspec::LoadOptions;

const OWN: &str = "by the row search's own proof, checked by veripb";

/// `qspec ARGS`: its standard output and exit code.
fn run(args: &[&str]) -> (String, Option<i32>) {
    let out = qspec(args);
    (stdout(&out), out.status.code())
}

#[test]
fn the_row_search_certifies_the_no_three_in_line_listings_with_its_own_proof() {
    // OEIS A000769 (classes) and A000755 (boards) for n = 4..9.
    for (n, classes, boards) in NO_THREE_IN_LINE.into_iter().filter(|&(n, _, _)| n >= 4) {
        let define = format!("n={n}");
        let args = [
            "count",
            "models/no-three-in-line.qspec",
            "-D",
            &define,
            "--up-to-symmetry",
            "--certify=model",
        ];
        let (text, code) = run(&args);
        assert_eq!(code, Some(0), "{n}: {text}");
        let claim = format!(
            "c certified: no solution besides the {boards} solutions listed, so the count is complete"
        );
        assert!(text.contains(&claim), "{n}: {text}");
        assert!(text.contains(OWN), "{n}: {text}");
        assert!(
            text.contains("7 symmetries' lex-leader constraints on the first lines' cells"),
            "{n}: {text}"
        );
        assert!(
            text.contains(&format!("\n{classes} classes under")),
            "{n}: {text}"
        );
    }
}

#[test]
fn the_row_search_certifies_no_board_and_boards_around_forbidden_cells() {
    let dir = tempfile::tempdir().unwrap();
    // Three queens on 3 x 3, as limits on rows, columns and diagonals.
    let three = write_text(
        dir.path(),
        "three.qspec",
        "board 3 x 3\ncount per row <= 1\ncount per column <= 1\ncount per diagonal <= 1\ncount == 3\n",
    );
    let (text, code) = run(&["solve", &three, "--engine", "rows", "--certify=model"]);
    assert_eq!(code, Some(20), "{text}");
    assert!(text.contains("c certified: no solution ("), "{text}");
    assert!(text.contains(OWN), "{text}");
    // No three in line on 8 x 8 without its corners (the square's
    // symmetries kept), and without two cells no symmetry keeps.
    for (forbidden, boards) in [("(0,0) (0,7) (7,0) (7,7)", 256), ("(0,0) (2,5)", 282)] {
        let source = format!("board 8 x 8\nforbid {forbidden}\ncount per line <= 2\ncount == 16\n");
        let file = write_text(dir.path(), "forbidden.qspec", &source);
        let (text, code) = run(&["count", &file, "--up-to-symmetry", "--certify=model"]);
        assert_eq!(code, Some(0), "{text}");
        assert!(
            text.contains(&format!(
                "no solution besides the {boards} solutions listed"
            )),
            "{text}"
        );
        assert!(text.contains(OWN), "{text}");
    }
}

#[test]
fn a_tampered_row_search_proof_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let kept_arg = kept.to_string_lossy().into_owned();
    let args = [
        "count",
        "models/no-three-in-line.qspec",
        "-D",
        "n=6",
        "--up-to-symmetry",
        "--certify=model",
        "--proof-dir",
        &kept_arg,
    ];
    let (text, code) = run(&args);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains(OWN), "{text}");
    let (opb, proof) = (
        kept.join("no-three-in-line.opb"),
        kept.join("no-three-in-line.pbp"),
    );
    let checker = Checker::find(VERIPB).expect("veripb is installed");
    let good = std::fs::read_to_string(&proof).unwrap();
    assert!(checker.check(&opb, &proof, None).unwrap().verified);
    let first_node = good
        .lines()
        .find(|l| l.starts_with("rup 1 ") && l.matches(" 1 ").count() >= 2)
        .unwrap();
    let first_literal = &first_node[4..4 + first_node[4..].find(" 1 ").unwrap()];
    // The first fill (not a step of the lex order's or a dominance's
    // subproof).
    let first_fill = good
        .lines()
        .find(|l| {
            l.starts_with("pol ")
                && !l.starts_with("pol 1 2 + 3 +")
                && !l.starts_with("pol -1 -2 +")
        })
        .unwrap();
    let first_dom = good.lines().find(|l| l.starts_with("dom ")).unwrap();
    let (head, witness) = first_dom.split_once(" ; ").unwrap();
    let (mapping, rest) = witness.split_once(" ; ").unwrap();
    let cases = [
        // One branch removed: a node's clause cut to its first choice, a
        // claim about the whole branch before its search.
        good.replacen(first_node, &format!("rup {first_literal} >= 1 ;"), 1),
        // One derivation changed: a row's fill without the last line it
        // subtracts.
        {
            let (shorter, _) = first_fill.trim_end_matches(" +").rsplit_once(' ').unwrap();
            let shorter = format!("{} +", shorter.rsplit_once(' ').unwrap().0);
            good.replacen(first_fill, &shorter, 1)
        },
        // A witness that is no symmetry: its first cell's image dropped.
        {
            let tokens: Vec<&str> = mapping.split(' ').collect();
            let fewer = format!("{head} ; {} ; {rest}", tokens[3..].join(" "));
            good.replacen(first_dom, &fewer, 1)
        },
        // The conclusion claimed before the contradiction.
        good.replacen("conclusion UNSAT : ", "conclusion UNSAT : 1", 1),
    ];
    for (i, bad) in cases.iter().enumerate() {
        assert_ne!(*bad, good, "case {i} changed nothing");
        std::fs::write(&proof, bad).unwrap();
        let checked = checker.check(&opb, &proof, None).unwrap();
        assert!(!checked.verified, "veripb accepted case {i}");
    }
}

/// With one board left out of the list, the row search's proof either
/// meets that board unexcluded, or the listing is no longer mapped onto
/// itself by the symmetries (the proof then breaks none, and meets it):
/// not certified, as CaDiCaL's proof cannot refute the claim either.
#[test]
fn the_row_search_proof_of_a_short_list_is_not_certified() {
    let q = qspec::load_file(
        Path::new("models/no-three-in-line.qspec"),
        &[("n".to_string(), 5)],
        &LoadOptions::default(),
    )
    .unwrap();
    only_the_whole_list_is_certified(&q, 32, EngineChoice::Rows, "the row search");
}
