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

use qspec::draw::page::{write_page, PageBoard, PageCount, PageMoves};

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
        ..PageBoard::default()
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

/// The page `qspec puzzles MODEL --size N --html` writes, played by Chromium.
fn region_selftest(model: &str, size: &str, count: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("regions.html");
    let page_arg = page.to_str().unwrap();
    let out = common::qspec(&[
        "puzzles", model, "--size", size, "--count", count, "--html", page_arg,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(lines.to_string(), count, "one JSON line a puzzle");
    common::chromium_selftest(&page)
}

#[test]
fn chromium_plays_the_region_puzzles_qspec_makes() {
    // Each board: the one solution placed by clicks is solved; two kings
    // side by side are flagged; the solution with one king moved to a cell
    // no king attacks breaks a row, column or region, and the page names it.
    assert_eq!(
        region_selftest("models/queens-regions.qspec", "7", "3"),
        "selftest ok: 3 boards"
    );
    assert_eq!(
        region_selftest("models/star-battle.qspec", "10", "2"),
        "selftest ok: 2 boards"
    );
}

/// A 2 x 3 board of two regions (`a a b` over `a b b`) for one king a row
/// and a region.
fn two_regions(solution: &[(usize, usize)]) -> PageBoard {
    let count = |name: &str, cells: &[(usize, usize)]| PageCount {
        name: name.into(),
        cells: cells.to_vec(),
        least: 1,
        most: 1,
    };
    PageBoard {
        label: "regions".into(),
        rows: 2,
        cols: 3,
        target: 2,
        solution: solution.to_vec(),
        regions: vec!["aab".into(), "abb".into()],
        counts: vec![
            count("row 0", &[(0, 0), (0, 1), (0, 2)]),
            count("row 1", &[(1, 0), (1, 1), (1, 2)]),
            count("region 'a'", &[(0, 0), (0, 1), (1, 0)]),
            count("region 'b'", &[(0, 2), (1, 1), (1, 2)]),
        ],
        ..PageBoard::default()
    }
}

fn king_selftest(boards: &[PageBoard]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kings.html");
    let king = PageMoves {
        riders: vec![],
        leapers: vec![(0, 1), (1, 0), (1, 1), (1, -1)],
        torus: false,
    };
    let mut out = Vec::new();
    write_page(&mut out, "Kings", 'K', &king, boards).unwrap();
    std::fs::write(&path, out).unwrap();
    common::chromium_selftest(&path)
}

#[test]
fn chromium_judges_the_counts_of_a_region_board() {
    // Two kings in row 0 and none in row 1: the page must not call it solved.
    let verdict = king_selftest(&[two_regions(&[(0, 0), (0, 2)])]);
    assert!(
        verdict.contains("board 0: its optimum is not reported solved"),
        "{verdict}"
    );
    // One king a row on a single row of three cells has three solutions:
    // the king moved along the row still meets its count, so the selftest,
    // which relies on the one solution, must say no broken count was named.
    let one_row = PageBoard {
        label: "one row".into(),
        rows: 1,
        cols: 3,
        target: 1,
        solution: vec![(0, 0)],
        regions: vec!["aaa".into()],
        counts: vec![PageCount {
            name: "row 0".into(),
            cells: vec![(0, 0), (0, 1), (0, 2)],
            least: 1,
            most: 1,
        }],
        ..PageBoard::default()
    };
    let verdict = king_selftest(&[one_row]);
    assert!(
        verdict.contains("board 0: a placement that breaks a count is not flagged"),
        "{verdict}"
    );
}
