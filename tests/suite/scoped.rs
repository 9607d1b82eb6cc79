//! Scoped counts and regions (`count per row == 1`, `count per line <= 2`,
//! `count in (0,0) (1,1) <= 1`, `regions { ... }`): the model's solutions
//! against the brute-force oracle (whose sets come from the tests' own
//! geometry) in every encoding and through the OPB rows, the two
//! verifiers, the symmetry group, the checker's refusals and the models'
//! known answers.

use crate::common::{self, agree, agree_with_rows, build, oracle, spec};
use qspec::board::sets::Scope;
use qspec::language::{load, ScopedCount};
use qspec::model::Rel;
use qspec::options::{AmoEncoding, CardEncoding, Encodings};

const REGIONS_3X3: &str = "regions {\n  a a b\n  a b b\n  c c c\n}\n";
const REGIONS_4X4: &str = "regions {\n  a a b b\n  a c c b\n  d c c b\n  d d d b\n}\n";

/// Small models of every scope, with walls, fixed and forbidden cells, a
/// torus, three dimensions and a rule beside them.
fn cases() -> Vec<String> {
    let mut all: Vec<String> = [
        "board 4 x 4\ncount per row == 1\ncount per column == 1\n",
        "board 4 x 4\npiece king\nrule no_attack\ncount per row == 1\ncount per column == 1\n",
        "board 3 x 4\ncount per row <= 2\ncount per column >= 1\n",
        "board 4 x 4\ncount per line <= 2\ncount >= 6\n",
        "board 3 x 5\ncount per line < 3\ncount per row == 2\n",
        "board 4 x 4\ncount per diagonal <= 1\ncount >= 5\n",
        "board 3 x 3\ncount per diagonal == 1\n",
        "board 4 x 4\nwall (1,1)\nforbid (2,2)\ncount in (0,0) (2,2) == 2\ncount per row <= 1\n",
        "board 4 x 4\nfix (3,3)\ncount in (3,1) (1,3) >= 3\ncount <= 3\n",
        "board 4 x 4\ntorus\npiece queen\nrule no_attack\ncount per row == 1\ncount per column == 1\n",
        "board 2 x 3 x 3\ncount per diagonal <= 1\ncount >= 4\n",
        "board 2 x 2 x 3\ncount per line <= 1\ncount >= 2\n",
        "board 4 x 4\npiece knight\nrule attacks == 1\ncount per column == 1\n",
    ]
    .map(String::from)
    .to_vec();
    all.push(format!(
        "board 3 x 3\n{REGIONS_3X3}piece king\nrule no_attack\ncount per region == 1\n"
    ));
    all.push(format!(
        "board 4 x 4\n{REGIONS_4X4}count per region == 1\ncount per row == 1\ncount per column == 1\n"
    ));
    all.push(format!(
        "board 4 x 4\n{REGIONS_4X4}piece rook\nrule no_attack\ncount per region <= 1\ncount >= 3\n"
    ));
    all
}

#[test]
fn scoped_counts_agree_with_the_oracle() {
    let mut with_solutions = 0;
    for src in cases() {
        let n = agree_with_rows(&src, Encodings::default());
        with_solutions += usize::from(n > 0);
    }
    // The cases mean something: most have solutions, some none.
    assert!(with_solutions >= 12, "{with_solutions}");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn every_encoding_of_every_scoped_count() {
    for src in cases() {
        for card in CardEncoding::ALL {
            let enc = Encodings {
                amo: None,
                card: Some(card),
            };
            agree(&src, enc);
        }
        for amo in AmoEncoding::ALL {
            let enc = Encodings {
                amo: Some(amo),
                card: None,
            };
            agree(&src, enc);
        }
    }
}

/// The library's verifier and the tests' own geometry agree on random
/// placements of every scope.
#[test]
fn the_two_verifiers_agree_on_scoped_counts() {
    use common::geometry;
    let mut rng = common::Rng(39);
    let mut agreed = [0usize; 2];
    let cases = cases();
    for _ in 0..2000 {
        let text = &cases[rng.below(cases.len() as u64) as usize];
        let s = spec(text);
        let (_, board) = build(&s);
        let mut p = qspec::Placement::empty(board.n_cells());
        let density = 1 + rng.below(3);
        for c in 0..board.n_cells() {
            p.pieces[c] = !board.is_wall(c) && rng.below(8) < density;
        }
        let theirs = qspec::verify::is_solution(&s, &board, &p);
        let ours = geometry::is_solution(&s, &p.pieces, &p.chosen_walls);
        assert_eq!(theirs, ours, "{text}{:?}", p.pieces);
        agreed[usize::from(ours)] += 1;
    }
    assert!(agreed[0] > 300 && agreed[1] > 15, "{agreed:?}");
}

/// The group `--up-to-symmetry` and `hint break_symmetry` use carries
/// every solution onto a solution, and is as large as the scopes allow.
#[test]
fn the_symmetries_keep_the_scopes() {
    for src in cases() {
        let s = spec(&src);
        let (_, board) = build(&s);
        let solutions = oracle(&s, &board);
        let group = qspec::lower::symmetry_group(&s, &board).unwrap();
        for g in &group {
            let map = g.cell_map(&board);
            for solution in &solutions {
                let mut image: Vec<usize> = solution.iter().map(|&c| map[c]).collect();
                image.sort_unstable();
                assert!(solutions.contains(&image), "{g:?} on\n{src}");
            }
        }
    }
    let order = |src: &str| {
        let s = spec(src);
        let (_, board) = build(&s);
        qspec::lower::symmetry_group(&s, &board).unwrap().len()
    };
    // Rows and columns of one bound are swapped by the transpositions.
    assert_eq!(
        order("board 4 x 4\ncount per row == 1\ncount per column == 1\n"),
        8
    );
    assert_eq!(
        order("board 4 x 4\ncount per row == 1\ncount per column <= 1\n"),
        4
    );
    assert_eq!(order("board 4 x 4\ncount per row == 1\n"), 4);
    assert_eq!(order("board 5 x 5\ncount per line <= 2\n"), 8);
    assert_eq!(order("board 4 x 4\ncount in (0,0) (1,1) <= 1\n"), 2);
    assert_eq!(
        order(&format!(
            "board 3 x 3\n{REGIONS_3X3}count per region == 1\n"
        )),
        1
    );
    // A region picture symmetric under the transposition keeps it.
    let mirrored = "board 2 x 2\nregions {\n  a b\n  b a\n}\ncount per region == 1\n";
    assert_eq!(order(mirrored), 8);
}

#[test]
fn the_statements_read_as_written() {
    let s = spec(&format!(
        "board 3 x 3\n{REGIONS_3X3}count per region == 1\ncount in (2,2) (0,1) <= 2\ncount per line < 3\n"
    ));
    assert_eq!(
        s.scoped_counts(),
        [
            ScopedCount {
                kind: None,
                scope: Scope::Region,
                rel: Rel::Eq,
                k: 1
            },
            ScopedCount {
                kind: None,
                scope: Scope::Box {
                    low: vec![0, 1],
                    high: vec![2, 2]
                },
                rel: Rel::Le,
                k: 2
            },
            ScopedCount {
                kind: None,
                scope: Scope::Line,
                rel: Rel::Le,
                k: 2
            },
        ]
    );
    let regions = s.regions.unwrap();
    assert_eq!(
        (regions.of(0), regions.of(2), regions.of(8)),
        (Some('a'), Some('b'), Some('c'))
    );
    // `.` is a cell in no region; comments after two spaces.
    let s = spec("board 2 x 2\nregions {  # two regions\n  a .  # the first row\n  b b\n}\ncount per region <= 1\n");
    assert_eq!(s.regions.unwrap().of(1), None);
}

fn err(src: &str) -> String {
    load("t.qspec", src, &[]).expect_err(src).to_string()
}

#[test]
fn bad_scopes_are_refused_with_their_place() {
    let cases: [(&str, &[&str]); 12] = [
        (
            "board 4 x 4\ncount per rows == 1\n",
            &[
                "t.qspec:2:11",
                "unknown scope `rows`",
                "did you mean `row`?",
            ],
        ),
        (
            "board 3^3\ncount per row == 1\n",
            &[
                "t.qspec:2:1",
                "needs a 2-D board",
                "3 dimensions",
                "count per line",
            ],
        ),
        (
            "board 5 x 5\ntorus\ncount per line <= 2\n",
            &["t.qspec:3:1", "on a torus"],
        ),
        (
            "board 5 x 5\ncount per region == 1\n",
            &["t.qspec:2:1", "draws no regions", "regions {"],
        ),
        (
            "board 3 x 3\nregions {\n  a a\n  b b b\n  c c c\n}\n",
            &[
                "t.qspec:3:3",
                "this row has 2 cells, the board has 3 columns",
            ],
        ),
        (
            "board 2 x 2\nregions {\n  a b\n  a b\n}\nregions {\n  a a\n  b b\n}\n",
            &["t.qspec:6:1", "a second `regions` picture"],
        ),
        (
            "board 3 x 8\ncount per column == 4\n",
            &[
                "t.qspec:2:1",
                "no placement meets `count per column = 4`",
                "column 0 has 3 cells",
            ],
        ),
        // A region too small for its count, or whose other cell is a wall
        // or forbidden: one rule, the region named by its letter.
        (
            "board 2 x 3\nregions {\n  a a e\n  b b b\n}\ncount per region == 2\n",
            &["t.qspec:6:1", "region 'e' has 1 cell"],
        ),
        (
            "board 2 x 3\nwall (0,2)\nregions {\n  a a e\n  b b e\n}\ncount per region == 2\n",
            &["t.qspec:7:1", "region 'e' has 2 cells, 1 of them a wall"],
        ),
        (
            "board 2 x 3\nforbid (1,2)\nregions {\n  a a e\n  b b e\n}\ncount per region >= 2\n",
            &["t.qspec:7:1", "region 'e' has 2 cells, 1 of them forbidden"],
        ),
        (
            "board 4 x 4\ncount in (0,0) (4,1) <= 1\n",
            &["t.qspec:2:17", "off the board"],
        ),
        (
            "board 4 x 4\ncount pr row == 1\n",
            // `pr` reads as the name of a kind: the error is at `row`.
            &[
                "t.qspec:2:10",
                "unexpected `row`",
                "`per` and what a count ranges over",
            ],
        ),
    ];
    for (src, wants) in cases {
        let e = err(src);
        for want in wants {
            assert!(e.contains(want), "{src}\nwants {want:?} in\n{e}");
        }
    }
}

#[test]
fn a_broken_scope_is_named_by_the_verifier() {
    let s = spec(&format!("board 3 x 3\n{REGIONS_3X3}count per region == 1\ncount per line <= 2\ncount per row <= 1\n"));
    let (_, board) = build(&s);
    let mut p = qspec::Placement::empty(9);
    for cell in [[0, 0], [1, 1], [2, 2], [0, 1]] {
        p.pieces[board.index(&cell)] = true;
    }
    let said: Vec<String> = qspec::verify(&s, &board, &p)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        said.contains(&"count per region = 1: region 'a' holds 2 pieces ((0,0) (0,1))".to_string()),
        "{said:?}"
    );
    assert!(!said.iter().any(|v| v.contains("region 'c'")), "{said:?}");
    assert!(
        said.contains(
            &"count per line <= 2: the line (0,0)..(2,2) holds 3 pieces ((0,0) (1,1) (2,2))"
                .to_string()
        ),
        "{said:?}"
    );
    assert!(
        said.contains(&"count per row <= 1: row 0 holds 2 pieces ((0,0) (0,1))".to_string()),
        "{said:?}"
    );
}

#[test]
fn a_region_puzzle_has_one_solution_and_a_loose_one_several() {
    let src = std::fs::read_to_string(common::root().join("models/queens-regions.qspec")).unwrap();
    let one = spec(&src);
    let (model, board) = build(&one);
    assert_eq!(
        common::cnf_solutions(&model, &board, &Encodings::default()).len(),
        1
    );
    let loose = "board 6 x 6\nregions {\n  a a a b b b\n  a c c b d d\n  a c c d d d\n  e e c d f f\n  e e e f f f\n  e e e f f f\n}\npiece king\nrule no_attack\ncount per row == 1\ncount per column == 1\ncount per region == 1\n";
    let s = spec(loose);
    let (model, board) = build(&s);
    let all = common::cnf_solutions(&model, &board, &Encodings::default());
    assert_eq!(all, oracle(&s, &board));
    assert_eq!(all.len(), 9);
}

/// A board of regions is printed with its regions beside each row, after
/// three spaces; `verify` reads the board and leaves the regions, and a
/// board missing a piece breaks its row, column and region.
#[test]
fn a_region_board_is_printed_with_its_regions_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let model = common::root().join("models/queens-regions.qspec");
    let model = model.to_str().unwrap();
    let o = common::qspec(&["solve", model]);
    let out = common::stdout(&o);
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("   ")).collect();
    let regions = model_regions("queens-regions.qspec");
    assert_eq!(rows.len(), 8, "{out}");
    for (row, picture) in rows.iter().zip(&regions) {
        let (board, beside) = row.split_once("   ").unwrap();
        assert_eq!(beside, picture, "{out}");
        assert_eq!(board.matches('K').count(), 1, "{out}");
    }
    let answer = common::write_text(dir.path(), "board.txt", &rows.join("\n"));
    let o = common::qspec(&["verify", model, &answer]);
    assert!(o.status.success(), "{}", common::stdout(&o));
    let first = rows[0].replacen('K', ".", 1);
    let broken = [first.as_str()]
        .into_iter()
        .chain(rows[1..].iter().copied());
    let answer = common::write_text(
        dir.path(),
        "broken.txt",
        &broken.collect::<Vec<_>>().join("\n"),
    );
    let o = common::qspec(&["verify", model, &answer]);
    let said = common::stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    for broken in ["row 0 holds 0 pieces", "region 'h' holds 0 pieces"] {
        assert!(said.contains(broken), "{said}");
    }
}

/// The regions picture of a model file, a row a string of letters.
fn model_regions(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join("models").join(name)).unwrap();
    let start = text.find("regions {\n").unwrap() + "regions {\n".len();
    let end = start + text[start..].find('}').unwrap();
    text[start..end]
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

/// The puzzles `qspec puzzles MODEL --size SIZE --count COUNT` prints, as
/// JSON lines, checking it succeeds.
fn puzzles_of(model: &str, size: &str, count: &str) -> Vec<serde_json::Value> {
    let o = common::qspec(&["puzzles", model, "--size", size, "--count", count]);
    assert_eq!(o.status.code(), Some(0), "{model}: {}", common::stderr(&o));
    let lines: Vec<serde_json::Value> = common::stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len().to_string(), count, "{model}");
    lines
}

/// A puzzle's regions picture, a row a string.
fn puzzle_rows(p: &serde_json::Value) -> Vec<String> {
    p["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// `text` with its `regions { ... }` picture replaced by `rows`, as a user
/// pastes a puzzle into the model.
fn pasted(text: &str, rows: &[String]) -> String {
    let start = text.find("regions {").unwrap();
    let end = start + text[start..].find("}\n").unwrap() + 2;
    let picture: String = rows.iter().map(|r| format!("  {r}\n")).collect();
    format!(
        "{}regions {{\n{picture}}}\n{}",
        &text[..start],
        &text[end..]
    )
}

/// Counts the model `text` with the puzzle `p` pasted in, as a user would
/// (`qspec solve --all --jsonl`, the listing of `qspec count`): exactly one solution, the one the puzzle says.
fn recount(dir: &std::path::Path, text: &str, p: &serde_json::Value) {
    let file = common::write_text(dir, "puzzle.qspec", &pasted(text, &puzzle_rows(p)));
    let counted = common::qspec(&["solve", &file, "--all", "--jsonl"]);
    let out = common::stdout(&counted);
    assert_eq!(
        counted.status.code(),
        Some(0),
        "{out}{}",
        common::stderr(&counted)
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let boards: Vec<&serde_json::Value> =
        lines.iter().filter(|v| v.get("cells").is_some()).collect();
    assert_eq!(boards.len(), 1, "{out}");
    let mut said: Vec<Vec<u64>> = serde_json::from_value(p["solution"].clone()).unwrap();
    let mut got: Vec<Vec<u64>> = serde_json::from_value(boards[0]["cells"].clone()).unwrap();
    said.sort();
    got.sort();
    assert_eq!(said, got, "{}", pasted(text, &puzzle_rows(p)));
}

/// Every puzzle `qspec puzzles --size` prints has exactly one solution,
/// the one it says, counted again by `qspec count` on the model with the
/// puzzle pasted in; the models' pictures are the first puzzle of their
/// command.
#[test]
fn region_puzzles_have_one_solution_each() {
    let dir = tempfile::tempdir().unwrap();
    for (name, size, count) in [
        ("queens-regions.qspec", "8", "3"),
        ("star-battle.qspec", "10", "2"),
    ] {
        let model = common::root().join("models").join(name);
        let lines = puzzles_of(&model.display().to_string(), size, count);
        assert_eq!(puzzle_rows(&lines[0]), model_regions(name), "{name}");
        let text = std::fs::read_to_string(&model).unwrap();
        for p in &lines {
            recount(dir.path(), &text, p);
        }
    }
}

/// The model's walls, fixed and forbidden cells and boxes are the
/// puzzles' too: every puzzle, pasted into the model, has exactly one
/// solution, with a piece on every fixed cell and none on a wall or a
/// forbidden cell.
#[test]
fn region_puzzles_honour_walls_fixed_and_forbidden_cells_and_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let queens =
        std::fs::read_to_string(common::root().join("models/queens-regions.qspec")).unwrap();
    for (extra, on, off) in [
        (
            "wall (7,7)\nforbid (0,7) (1,2)\n",
            vec![],
            vec![[7, 7], [0, 7], [1, 2]],
        ),
        ("fix (0,0)\n", vec![[0, 0]], vec![]),
        (
            "wall (3,3) (4,4)\nfix (2,1)\nforbid (5,5)\ncount in (4,0) (7,3) <= 1\n",
            vec![[2, 1]],
            vec![[3, 3], [4, 4], [5, 5]],
        ),
    ] {
        let text = format!("{queens}{extra}");
        let model = common::write_text(dir.path(), "walled.qspec", &text);
        for p in &puzzles_of(&model, "8", "3") {
            let solution: Vec<[u64; 2]> = serde_json::from_value(p["solution"].clone()).unwrap();
            for cell in &on {
                assert!(solution.contains(cell), "{extra}{p}");
            }
            for cell in &off {
                assert!(!solution.contains(cell), "{extra}{p}");
            }
            recount(dir.path(), &text, p);
        }
    }
    // Another size: a model that names no cell takes any.
    let star = common::root().join("models/star-battle.qspec");
    let text = std::fs::read_to_string(&star).unwrap();
    let lines = puzzles_of(&star.display().to_string(), "9", "1");
    assert_eq!(puzzle_rows(&lines[0]).len(), 9);
    let resized = pasted(&text, &puzzle_rows(&lines[0])).replace("board 10 x 10", "board 9 x 9");
    let file = common::write_text(dir.path(), "nine.qspec", &resized);
    let counted = common::qspec(&["count", &file]);
    assert!(
        common::stdout(&counted).contains("1 solution"),
        "{}",
        common::stdout(&counted)
    );
}

#[test]
fn region_puzzles_are_refused_where_they_cannot_be_made() {
    let model = |name: &str| {
        common::root()
            .join("models")
            .join(name)
            .display()
            .to_string()
    };
    let o = common::qspec(&["puzzles", &model("eight-queens.qspec"), "--size", "8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("count per region == k"),
        "{}",
        common::stderr(&o)
    );
    let o = common::qspec(&[
        "puzzles",
        &model("queens-regions.qspec"),
        "--size",
        "8",
        "--walls",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    // No 3 x 3 board holds three queens no two of which touch.
    let o = common::qspec(&["puzzles", &model("queens-regions.qspec"), "--size", "3"]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("no solution on 3 x 3"),
        "{}",
        common::stderr(&o)
    );
}

/// What the generator cannot honour is refused at its statement, with
/// file, line and column, before any work: cells named on a board of
/// another size, a second kind, an objective, chosen walls, a hint that may
/// remove solutions, no `count per region == k`, and for the page a rule
/// or a fixed cell it cannot play.
#[test]
fn region_puzzles_are_refused_at_the_statement() {
    let dir = tempfile::tempdir().unwrap();
    let queens =
        std::fs::read_to_string(common::root().join("models/queens-regions.qspec")).unwrap();
    let at = |line: usize| format!("m.qspec:{line}:1");
    let n = queens.lines().count();
    let cases: Vec<(String, Vec<&str>, String, &str)> = vec![
        (format!("{queens}wall (7,7)\nforbid (0,7)\n"), vec!["--size", "6"], at(n + 1), "names cells of the model's 8 x 8 board, and the puzzles are 6 x 6"),
        (format!("{queens}count in (0,0) (1,1) <= 1\n"), vec!["--size", "6"], at(n + 1), "names cells"),
        (format!("{queens}maximize count\n"), vec!["--size", "8"], at(n + 1), "cannot honour an objective"),
        (format!("{queens}walls free\n"), vec!["--size", "8"], at(n + 1), "walls the solver chooses"),
        (format!("{queens}hint symmetric rot180\n"), vec!["--size", "8"], at(n + 1), "may remove solutions"),
        (queens.replace("count per region == 1", "count per region <= 1"), vec!["--size", "8"], at(n), "exactly k pieces"),
        ("board 4 x 4\npiece white queen\npiece black queen\nrule white no_attack black\nregions {\n  a a b b\n  a a b b\n  c c d d\n  c c d d\n}\ncount per region == 1\n".to_string(), vec!["--size", "4"], at(3), "one kind of piece"),
        ("board 4 x 4 x 4\nrule no_attack\ncount == 4\n".to_string(), vec!["--size", "4"], at(1), "2-D board"),
        (format!("{queens}fix (0,0)\n"), vec!["--size", "8", "--html", "page.html"], at(n + 1), "the puzzle page cannot play a fixed cell"),
    ];
    for (text, args, place, message) in cases {
        let file = common::write_text(dir.path(), "m.qspec", &text);
        let mut all = vec!["puzzles", file.as_str()];
        all.extend(&args);
        let o = common::qspec(&all);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{text}{err}");
        assert!(
            err.contains(&place) && err.contains(message),
            "{place} {message}:\n{err}"
        );
        assert!(common::stdout(&o).is_empty());
        assert!(!dir.path().join("page.html").exists());
    }
}
