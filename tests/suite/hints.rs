//! Hints against the brute-force oracle: an implied hint keeps exactly the
//! model's solutions (CNF with every cardinality encoding, and the linear
//! rows OPB, LP and MPS share); `hint symmetric G` keeps exactly the
//! G-invariant ones; `hint break_symmetry` keeps exactly one solution per
//! symmetry class (the oracle's solutions canonicalised under the board's
//! group); and the line identity behind `hint lines` holds on thousands of
//! random boards with walls, counted by walking the geometry.

use crate::common;

use common::{agree_with_rows, build, cnf_solutions, oracle, spec, Cells, Rng};
use qspec::board::symmetry::{board_group, SignedPerm};
use qspec::board::{moves, Board};
use qspec::options::{CardEncoding, Encodings};
use std::collections::BTreeSet;

/// Every cardinality encoding, and the automatic choice.
fn encodings() -> Vec<Encodings> {
    let mut all = vec![Encodings::default()];
    all.extend(CardEncoding::ALL.map(|card| Encodings {
        card: Some(card),
        ..Encodings::default()
    }));
    all
}

/// `src` with `hint` agrees with the oracle of `src` for every encoding.
fn implied(src: &str, hint: &str) -> usize {
    let with = format!("{src}\n{hint}\n");
    let mut n = None;
    for enc in encodings() {
        let count = agree_with_rows(&with, enc);
        assert_eq!(*n.get_or_insert(count), count);
    }
    n.unwrap()
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_line_identity_keeps_every_solution_of_every_attack_rule() {
    let mut total = 0;
    let boards = [
        "3 x 3",
        "3 x 4",
        "4 x 4\nwall (1,2)",
        "4 x 4\nwall (0,0) (2,1)",
    ];
    for board in boards {
        for k in 0..=4 {
            for rule in [
                format!("attacks == {k}"),
                format!("attacks <= {k}\ncount >= {}", 2 * k + 3),
                format!("attacks >= {k}\ncount <= 5"),
            ] {
                let src = format!("board {board}\nrule {rule}\nhint lines\n");
                total += agree_with_rows(&src, Encodings::default());
            }
            for count in [format!("count >= {}", k + 2), format!("count == {}", k + 1)] {
                let src = format!("board {board}\nrule attacks == {k}\n{count}\nhint lines\n");
                total += agree_with_rows(&src, Encodings::default());
            }
        }
        let src = format!("board {board}\nrule no_attack\nhint lines\n");
        total += agree_with_rows(&src, Encodings::default());
    }
    assert!(total > 1000, "the cases have solutions to compare: {total}");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_line_identity_with_every_cardinality_encoding() {
    for src in [
        "board 4 x 4\nrule attacks == 2\ncount >= 3",
        "board 4 x 4\nwall (1,1)\nrule attacks <= 1\ncount >= 4",
        "board 3 x 4\nrule attacks >= 2\ncount <= 6",
    ] {
        implied(src, "hint lines");
    }
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_line_identity_for_other_riders_and_in_three_dimensions() {
    let agree = |src: &str| agree_with_rows(&format!("{src}\nhint lines\n"), Encodings::default());
    for piece in ["rook", "bishop", "nightrider"] {
        for k in 0..=3 {
            agree(&format!("board 4 x 4\npiece {piece}\nrule attacks == {k}"));
        }
    }
    agree("board 3 x 3 x 2\nrule attacks <= 2\ncount >= 5");
    agree("board 2 x 2 x 3\nrule attacks == 3");
    agree("board 3^3\nrule no_attack\ncount >= 3");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn cliques_keep_every_solution_with_walls_tori_and_any_piece() {
    for board in [
        "4 x 4",
        "5 x 5",
        "4 x 4\nwall (1,1)",
        "5 x 5\ntorus",
        "3^3",
        "3 x 4 x 2",
    ] {
        for piece in ["queen", "rook", "bishop", "king", "amazon"] {
            let src = format!("board {board}\npiece {piece}\nrule no_attack");
            agree_with_rows(
                &format!("{src}\nhint cliques cube star\n"),
                Encodings::default(),
            );
        }
    }
    implied(
        "board 5 x 5\nrule no_attack\ncount >= 4",
        "hint cliques cube",
    );
    implied("board 3^3\nrule no_attack\ncount >= 3", "hint cliques star");
}

#[test]
fn derived_empty_lines_are_implied_and_others_restrict() {
    // 4x4 attacks == 3 with 4 pieces: 5*4/2 = 10 of the 22 lines hold a piece.
    let src = "board 4 x 4\nrule attacks == 3\ncount == 4";
    let s = spec(&format!("{src}\nhint lines\nhint empty_lines == 12\n"));
    let (model, _) = build(&s);
    assert!(
        model.hints.iter().all(|h| !h.is_restricting()),
        "{:?}",
        model.hints
    );
    implied(src, "hint lines\nhint empty_lines == 12");
    let s = spec(&format!("{src}\nhint empty_lines <= 11\n"));
    let (model, board) = build(&s);
    assert!(model.hints[0].is_restricting());
    assert!(cnf_solutions(&model, &board, &Encodings::default()).is_empty());
}

#[test]
fn layers_and_subboards_keep_every_solution_at_their_true_bound() {
    implied("board 3^3\nrule no_attack\ncount >= 3", "hint layers <= 4");
    implied("board 4 x 4\nrule no_attack", "hint subboards 2 <= 1");
    implied("board 3^3\nrule no_attack", "hint subboards 2 <= 1");
}

/// The solutions of `cells` mapped by `map` (a piece on `c` moves to
/// `map[c]`, a wall likewise).
fn image(solution: &Cells, map: &[usize]) -> Cells {
    let n = map.len();
    let mut out: Cells = solution
        .iter()
        .map(|&c| if c < n { map[c] } else { n + map[c - n] })
        .collect();
    out.sort_unstable();
    out
}

fn maps(board: &Board, group: &[SignedPerm]) -> Vec<Vec<usize>> {
    group.iter().map(|g| g.cell_map(board)).collect()
}

#[test]
fn symmetric_keeps_exactly_the_invariant_solutions() {
    let cases = [
        ("board 4 x 4\nrule no_attack", "rot90"),
        ("board 5 x 5\nrule no_attack\ncount >= 3", "rot180"),
        ("board 4 x 4\nrule attacks == 1", "mirror_rows"),
        (
            "board 4 x 4\nwall (0,0) (3,3)\nrule no_attack",
            "diagonal antidiagonal",
        ),
        (
            "board 3 x 3\nwalls free\nrule no_attack\ncount >= 3",
            "rot90",
        ),
        ("board 3^3\nrule no_attack\ncount >= 4", "(2,-1,3)"),
        ("board 4 x 4\nfix (0,1)\nrule no_attack", "rot180"),
    ];
    for (src, names) in cases {
        let plain = spec(src);
        let (_, board) = build(&plain);
        let all = oracle(&plain, &board);
        let restricted = spec(&format!("{src}\nhint symmetric {names}\n"));
        let (model, _) = build(&restricted);
        let Some(qspec::language::HintSpec::Symmetric(gens)) =
            restricted.hints.first().map(|h| &h.kind)
        else {
            panic!("a symmetric hint")
        };
        let want: BTreeSet<Cells> = all
            .iter()
            .filter(|s| maps(&board, gens).iter().all(|m| image(s, m) == **s))
            .cloned()
            .collect();
        for enc in encodings() {
            assert_eq!(cnf_solutions(&model, &board, &enc), want, "{src} / {names}");
        }
        let rows = common::opb_round_trip(&model);
        assert_eq!(cnf_solutions(&rows, &board, &Encodings::default()), want);
    }
}

#[test]
fn break_symmetry_keeps_one_solution_per_class() {
    let cases = [
        "board 4 x 4\nrule no_attack\ncount == 4",
        "board 5 x 5\nrule no_attack\ncount >= 4",
        "board 4 x 4\nrule attacks == 2",
        "board 4 x 5\nrule no_attack\ncount >= 3",
        "board 5 x 5\nwall (2,2)\nrule no_attack\ncount >= 5",
        "board 4 x 4\nwall (0,1)\nrule no_attack",
        "board 3 x 3\nwalls free\nrule no_attack\ncount >= 3",
        "board 3^3\nrule no_attack\ncount >= 4",
        "board 4 x 4\nforbid (0,0)\nrule dominate\ncount <= 3",
    ];
    for src in cases {
        let plain = spec(src);
        let (_, board) = build(&plain);
        let all = oracle(&plain, &board);
        let n = board.n_cells();
        let mut fixed = vec![false; n];
        let mut forbidden = vec![false; n];
        plain
            .fixed
            .iter()
            .for_each(|c| fixed[board.index(c)] = true);
        plain
            .forbidden
            .iter()
            .for_each(|c| forbidden[board.index(c)] = true);
        let group = board_group(&board, &[&fixed, &forbidden], 1 << 20).unwrap();
        let group_maps = maps(&board, &group);
        let classes: BTreeSet<Cells> = all
            .iter()
            .map(|s| group_maps.iter().map(|m| image(s, m)).min().unwrap())
            .collect();
        let broken = spec(&format!("{src}\nhint break_symmetry\n"));
        let (model, _) = build(&broken);
        for enc in encodings() {
            let kept = cnf_solutions(&model, &board, &enc);
            assert_eq!(kept.len(), classes.len(), "{src}: one per class");
            let kept_classes: BTreeSet<Cells> = kept
                .iter()
                .map(|s| group_maps.iter().map(|m| image(s, m)).min().unwrap())
                .collect();
            assert_eq!(kept_classes, classes, "{src}: every class kept");
            assert!(kept.is_subset(&all), "{src}: only solutions kept");
        }
        let rows = common::opb_round_trip(&model);
        assert_eq!(
            cnf_solutions(&rows, &board, &Encodings::default()).len(),
            classes.len()
        );
    }
}

/// On random boards with walls and random placements of riders, the free
/// rays (rays that meet no piece) add up to twice the non-empty wall-free
/// segments — the identity `hint lines` writes down.
#[test]
fn the_line_identity_holds_on_random_boards() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pieces = ["queen", "rook", "bishop", "nightrider"];
    for case in 0..3000 {
        let d = 2 + (case % 5 == 0) as usize;
        let dims: Vec<usize> = (0..d).map(|_| 1 + rng.below(7) as usize).collect();
        let n: usize = dims.iter().product();
        let walls: Vec<Vec<usize>> = (0..rng.below(n as u64 / 3 + 1))
            .map(|_| dims.iter().map(|&s| rng.below(s as u64) as usize).collect())
            .collect();
        let board = Board::new(&dims, false, &walls);
        let piece = qspec::board::builtin(pieces[case % pieces.len()], d).unwrap();
        let m = moves(&piece);
        let placed: Vec<bool> = (0..n)
            .map(|c| !board.is_wall(c) && rng.below(3) == 0)
            .collect();
        let mut free_rays = 0;
        for c in (0..n).filter(|&c| placed[c]) {
            for v in &m.riders {
                for sign in [1, -1] {
                    let step: Vec<i64> = v.iter().map(|x| x * sign).collect();
                    if !board.ray(c, &step).iter().any(|&t| placed[t]) {
                        free_rays += 1;
                    }
                }
            }
        }
        let non_empty: usize = m
            .riders
            .iter()
            .flat_map(|v| board.segments(v))
            .filter(|s| s.iter().any(|&c| placed[c]))
            .count();
        assert_eq!(
            free_rays,
            2 * non_empty,
            "case {case}: {dims:?} walls {walls:?}"
        );
    }
}
