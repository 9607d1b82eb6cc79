//! Differential tests: for every piece, board, encoding and count bound, the
//! CNF's solutions projected on the board equal the brute-force oracle's.

use crate::common;

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
fn every_piece_on_every_board_up_to_4x4() {
    every_piece_on_boards(|n, m| n.max(m) <= 4);
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn every_piece_on_every_board_with_a_side_of_5() {
    every_piece_on_boards(|n, m| n.max(m) == 5);
}

/// Every piece on every board up to 5x5 that `which` takes, with and
/// without walls.
fn every_piece_on_boards(which: impl Fn(usize, usize) -> bool) {
    for piece in PIECES {
        for n in 1..=5 {
            for m in (1..=5).filter(|&m| which(n, m)) {
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
#[ignore = "slow: .ci/run runs it"]
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
#[ignore = "slow: .ci/run runs it"]
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
#[ignore = "slow: .ci/run runs it"]
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
#[ignore = "slow: .ci/run runs it"]
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
#[ignore = "slow: .ci/run runs it"]
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

/// The library's moves of every built-in piece, in dimensions 1 to 4, are
/// the tests' own (written from the definitions), both signs of each.
#[test]
fn the_librarys_moves_are_the_definitions() {
    use common::geometry::builtin_moves;
    use qspec::board::piece::{builtin, moves, BUILTIN_PIECES};
    use std::collections::BTreeSet;
    let both_signs = |vs: &[Vec<i64>]| -> BTreeSet<Vec<i64>> {
        vs.iter()
            .flat_map(|v| [v.clone(), v.iter().map(|x| -x).collect()])
            .collect()
    };
    for name in BUILTIN_PIECES {
        for d in 1..=4 {
            let (riders, leapers) = builtin_moves(name, d).unwrap();
            let library = moves(&builtin(name, d).unwrap());
            assert_eq!(
                both_signs(&library.riders),
                riders,
                "{name} riders in {d} dimensions"
            );
            assert_eq!(
                both_signs(&library.leapers),
                leapers,
                "{name} leapers in {d} dimensions"
            );
        }
    }
    // The counts the definitions give: a queen has 3^d - 1 directions, a
    // knight 4 d (d - 1) jumps.
    let (queen, _) = builtin_moves("queen", 4).unwrap();
    assert_eq!(queen.len(), 80);
    let (_, knight) = builtin_moves("knight", 4).unwrap();
    assert_eq!(knight.len(), 48);
}

/// A custom piece's moves are every signed permutation of its vectors.
#[test]
fn custom_pieces_move_by_every_signed_permutation() {
    use common::geometry::moves_of;
    for (text, riders, leapers) in [
        ("piece camel { leaper (1,3) }", 0, 8),
        ("piece zebra { leaper (2,3) }", 0, 8),
        ("piece wazir_rider { rider (1,0) leaper (1,1) }", 4, 4),
    ] {
        let s = spec(&format!("board 5 x 5\n{text}\nrule no_attack\n"));
        let (own_riders, own_leapers) = moves_of(&s);
        assert_eq!(
            (own_riders.len(), own_leapers.len()),
            (riders, leapers),
            "{text}"
        );
        let library = qspec::board::piece::moves(s.piece());
        assert_eq!(library.riders.len() * 2, riders, "{text}");
        assert_eq!(library.leapers.len() * 2, leapers, "{text}");
    }
}

/// `Board::step` and the board's cell numbering are the tests' own, on
/// boxes of 1 to 4 dimensions, open and on a torus, for every vector of
/// {-2..2}^d.
#[test]
fn the_boards_steps_are_the_definitions() {
    use common::geometry::{coords_of, index_of, step};
    use qspec::board::Board;
    for dims in [
        vec![5],
        vec![3, 4],
        vec![2, 3, 2],
        vec![2, 2, 3, 2],
        vec![1, 4],
    ] {
        let d = dims.len();
        for torus in [false, true] {
            let board = Board::new(&dims, torus, &[]);
            for cell in 0..board.n_cells() {
                let coords = coords_of(&dims, cell);
                assert_eq!(board.coords(cell), coords);
                assert_eq!(board.index(&coords), cell);
                for code in 0..5usize.pow(d as u32) {
                    let v: Vec<i64> = (0..d)
                        .map(|i| (code / 5usize.pow(i as u32) % 5) as i64 - 2)
                        .collect();
                    let own = step(&dims, torus, &coords, &v).map(|c| index_of(&dims, &c));
                    assert_eq!(
                        board.step(cell, &v),
                        own,
                        "{dims:?} torus {torus}: {coords:?} + {v:?}"
                    );
                }
            }
        }
    }
}

/// The tests' verifier and the library's agree on random placements of
/// every piece, walls, torus, every rule: two independent readings of the
/// language's rules.
#[test]
fn the_two_verifiers_agree_on_random_placements() {
    use common::geometry;
    let mut rng = common::Rng(2026);
    let rules = [
        "rule no_attack",
        "rule attacks == 1",
        "rule attacks <= 2",
        "rule dominate",
    ];
    let boards = [
        "board 4 x 4",
        "board 5 x 3\ntorus",
        "board 3 x 3 x 3",
        "board 4 x 4\nwall (1,1) (2,3)",
        "board 2 x 3 x 2 x 2",
    ];
    let pieces = [
        "queen",
        "rook",
        "bishop",
        "king",
        "knight",
        "amazon",
        "nightrider",
        "camel { leaper (1,3) }",
    ];
    let mut agreed = [0usize; 2];
    for _ in 0..3000 {
        let piece = pieces[rng.below(pieces.len() as u64) as usize];
        let board = match boards[rng.below(boards.len() as u64) as usize] {
            // The camel's vector has two coordinates: a 2-D board.
            b if piece.starts_with("camel") && b.contains(" x 3 x ") => "board 5 x 4",
            b => b,
        };
        let rule = rules[rng.below(rules.len() as u64) as usize];
        let text = format!("{board}\npiece {piece}\n{rule}\n");
        let s = spec(&text);
        let (_, board) = build(&s);
        let mut p = qspec::Placement::empty(board.n_cells());
        let density = 1 + rng.below(4);
        for c in 0..board.n_cells() {
            p.pieces[c] = !board.is_wall(c) && rng.below(8) < density;
        }
        let theirs = qspec::verify::is_solution(&s, &board, &p);
        let ours = geometry::is_solution(&s, &p.pieces, &p.chosen_walls);
        assert_eq!(
            theirs,
            ours,
            "{text}{:?}",
            (0..board.n_cells())
                .filter(|&c| p.pieces[c])
                .collect::<Vec<_>>()
        );
        agreed[usize::from(ours)] += 1;
    }
    // Both verdicts were met often enough to mean something.
    assert!(agreed[0] > 300 && agreed[1] > 100, "{agreed:?}");
}
