//! The puzzle page played by a real browser: headless Chromium opens the
//! page as `page.html#selftest`, the page places every board's optimum by
//! clicks and checks it is reported solved, places two attacking pieces and
//! checks they are flagged; the test reads the verdict from the DOM.
//!
//! Only with `--features external-solvers` (installed by .ci/run):
//!
//! ```text
//! apt-get install -y chromium
//! ```

use crate::common;

use qspec::draw::page::{write_page, PageBoard, PageMoves};

fn queen_moves() -> PageMoves {
    PageMoves {
        riders: vec![(0, 1), (1, 0), (1, 1), (1, -1)],
        leapers: vec![],
        torus: false,
    }
}

fn board(
    label: &str,
    n: usize,
    walls: &[(usize, usize)],
    solution: &[(usize, usize)],
) -> PageBoard {
    PageBoard {
        label: label.into(),
        rows: n,
        cols: n,
        walls: walls.to_vec(),
        target: solution.len(),
        solution: solution.to_vec(),
    }
}

/// The text of `#selftest` once Chromium has run the page of `boards`.
fn selftest(boards: &[PageBoard]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.html");
    let mut out = Vec::new();
    write_page(&mut out, "Puzzles", 'Q', &queen_moves(), boards).unwrap();
    std::fs::write(&path, out).unwrap();
    common::chromium_selftest(&path)
}

const EIGHT_QUEENS: [(usize, usize); 8] = [
    (0, 0),
    (1, 4),
    (2, 7),
    (3, 5),
    (4, 2),
    (5, 6),
    (6, 1),
    (7, 3),
];

#[test]
fn chromium_plays_every_board_to_solved() {
    let boards = vec![
        board("0 walls", 8, &[], &EIGHT_QUEENS),
        // Two queens on one row, seen apart by the wall between them.
        board("1 wall", 3, &[(0, 1)], &[(0, 0), (0, 2)]),
        // Four queens on a 3x3 board with a wall in the middle: the corners.
        board(
            "centre",
            3,
            &[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
            &[(0, 0), (0, 2), (2, 0), (2, 2)],
        ),
    ];
    assert_eq!(selftest(&boards), "selftest ok: 3 boards");
}

#[test]
fn chromium_flags_a_wrong_optimum() {
    // Without the wall, the two queens of one row attack each other: the
    // page must not call the board solved.
    let boards = vec![board("no wall", 3, &[], &[(0, 0), (0, 2)])];
    let verdict = selftest(&boards);
    assert!(verdict.starts_with("selftest FAILED"), "{verdict}");
    assert!(
        verdict.contains("board 0: its optimum is not reported solved"),
        "{verdict}"
    );
}
