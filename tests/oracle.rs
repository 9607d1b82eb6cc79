//! Differential tests: for every piece, board, encoding and count bound, the
//! CNF's solutions projected on the board equal the brute-force oracle's.

mod common;

use common::{agree, build, cnf_solutions, opb_round_trip, oracle, spec, with_count, PIECES};
use qspec::model::Rel;
use qspec::options::{AmoEncoding, CardEncoding, Encodings};

fn model_text(dims: &str, piece: &str, extra: &str) -> String {
    format!("board {dims}\npiece {piece}\nrule no_attack\n{extra}\n")
}

#[test]
fn the_oracle_knows_the_classic_counts() {
    let count = |n: usize| {
        let s = spec(&format!("board {n} x {n}\nrule no_attack\ncount == {n}"));
        let (_, board) = build(&s);
        oracle(&s, &board).len()
    };
    assert_eq!(
        [count(1), count(2), count(3), count(4), count(5), count(6)],
        [1, 0, 0, 2, 10, 4]
    );
}

#[test]
fn every_piece_on_every_board_up_to_5x5() {
    for piece in PIECES {
        for n in 1..=5 {
            for m in 1..=5 {
                let dims = format!("{n} x {m}");
                agree(&model_text(&dims, piece, ""), Encodings::default());
                if n >= 3 && m >= 3 {
                    let walls = format!("wall (1,1) ({},{})", n - 1, m / 2);
                    agree(&model_text(&dims, piece, &walls), Encodings::default());
                }
            }
        }
    }
}

#[test]
fn every_piece_in_three_dimensions() {
    for piece in PIECES {
        for dims in ["3^3", "2 x 3 x 3", "2^3"] {
            agree(&model_text(dims, piece, ""), Encodings::default());
        }
        agree(
            &model_text("3^3", piece, "wall (1,1,1)"),
            Encodings::default(),
        );
    }
}

/// Every board up to 5x5 (both orientations), and 3^3.
fn small_boards() -> Vec<String> {
    let mut dims: Vec<String> = (1..=5)
        .flat_map(|n| (1..=5).map(move |m| format!("{n} x {m}")))
        .collect();
    dims.push("3^3".to_string());
    dims
}

#[test]
fn every_amo_encoding_on_every_small_board() {
    let mut boards: Vec<String> = small_boards()
        .iter()
        .map(|dims| model_text(dims, "queen", ""))
        .collect();
    boards.extend([
        model_text("5 x 5", "queen", "wall (2,2)"),
        model_text("4 x 5", "amazon", ""),
        model_text("5 x 5", "nightrider", ""),
        model_text("5 x 5", "queen", "torus"),
        model_text("1 x 9", "rook", "wall (0,6)"),
    ]);
    for amo in AmoEncoding::ALL {
        for src in &boards {
            agree(
                src,
                Encodings {
                    amo: Some(amo),
                    card: None,
                },
            );
        }
    }
}

#[test]
fn every_card_encoding_with_every_count_bound() {
    let mut boards: Vec<String> = small_boards()
        .iter()
        .map(|dims| model_text(dims, "queen", ""))
        .collect();
    boards.extend([
        model_text("4 x 4", "king", "wall (1,2)"),
        model_text("5 x 5", "queen", "fix (0,1)\nforbid (4,4)"),
    ]);
    for src in &boards {
        let s = spec(src);
        let (_, board) = build(&s);
        let all = oracle(&s, &board);
        let max = all.iter().map(Vec::len).max().unwrap() as u32;
        for card in CardEncoding::ALL {
            let enc = Encodings {
                amo: None,
                card: Some(card),
            };
            for rel in [Rel::Le, Rel::Ge, Rel::Eq] {
                for k in 0..=max + 1 {
                    let op = match rel {
                        Rel::Le => "<=",
                        Rel::Ge => ">=",
                        Rel::Eq => "==",
                    };
                    let bounded = spec(&format!("{src}count {op} {k}\n"));
                    let (model, board) = build(&bounded);
                    let got = cnf_solutions(&model, &board, &enc);
                    assert_eq!(
                        got,
                        with_count(&all, rel, k),
                        "{card:?} count {op} {k} on\n{src}"
                    );
                }
            }
        }
    }
}

#[test]
fn fixed_and_forbidden_cells_and_pictures() {
    agree(
        "board 5 x 5 {\n. . Q . .\n. . . . x\n. # . . .\n. . . . .\nx . . . .\n}\nrule no_attack",
        Encodings::default(),
    );
    agree(
        &model_text("3^3", "rook", "fix (0,0,0)\nforbid (1,1,1) (2,2,2)"),
        Encodings::default(),
    );
}

#[test]
fn torus_boards() {
    for piece in PIECES {
        for dims in ["4 x 4", "5 x 5", "3 x 5", "3^3"] {
            agree(&model_text(dims, piece, "torus"), Encodings::default());
        }
        agree(
            &model_text("5 x 5", piece, "torus\nwall (2,2) (0,3)"),
            Encodings::default(),
        );
    }
}

#[test]
fn custom_pieces() {
    agree(
        "board 5 x 5\npiece camelrider { rider (1,3) leaper (2,2) }\nrule no_attack",
        Encodings::default(),
    );
    agree(
        "board 3 x 4 x 3\npiece p { rider (1,1,1) leaper (0,1,2) }\nrule no_attack",
        Encodings::default(),
    );
}

/// The linear rows (OPB, read back and re-encoded; LP and MPS share the
/// linearisation) have the oracle's solutions, for every piece and board.
#[test]
fn linear_rows_on_every_piece_and_board() {
    let mut srcs = Vec::new();
    for piece in PIECES {
        for dims in small_boards() {
            srcs.push(model_text(&dims, piece, ""));
        }
        srcs.push(model_text("5 x 5", piece, "wall (1,1) (4,2)\ncount >= 3"));
        srcs.push(model_text("4 x 4", piece, "torus\ncount <= 2"));
    }
    for src in &srcs {
        let s = spec(src);
        let (model, board) = build(&s);
        let got = cnf_solutions(&opb_round_trip(&model), &board, &Encodings::default());
        assert_eq!(got, oracle(&s, &board), "OPB rows disagree on\n{src}");
    }
}
