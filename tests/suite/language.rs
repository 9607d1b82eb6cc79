//! The language: every construct parses and checks to the right `Spec`, and
//! every error is reported with file, line, column, source line and caret.

use qspec::language::{load, Quantity, RuleSpec, Spec};
use qspec::model::{Rel, Sense};

fn ok(src: &str) -> Spec {
    load("t.qspec", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn err(src: &str) -> String {
    load("t.qspec", src, &[])
        .expect_err("should fail")
        .to_string()
}

#[test]
fn eight_queens() {
    let s = ok("# the eight queens\nboard 8 x 8\npiece queen\nrule no_attack\ncount == 8\n");
    assert_eq!(s.dims, vec![8, 8]);
    assert_eq!(s.piece().name, "queen");
    assert_eq!(s.rules, vec![RuleSpec::NoAttack]);
    assert_eq!(s.counts(), vec![(Rel::Eq, 8)]);
}

#[test]
fn a_single_equals_sign_is_equality_wherever_a_relation_is_written() {
    let s = ok("board 8 x 8\nwalls free\nwalls = 2\nrule attacks = 1\ncount = 7\n");
    assert_eq!(s.counts(), vec![(Rel::Eq, 7)]);
    assert_eq!(s.rules, vec![RuleSpec::Attacks(Rel::Eq, 1)]);
    let doubled = ok("board 8 x 8\nwalls free\nwalls == 2\nrule attacks == 1\ncount == 7\n");
    assert_eq!(format!("{s:?}"), format!("{doubled:?}"));
}

#[test]
fn params_expressions_and_overrides() {
    let src = "param n = 2 * 3 + 2\nparam m = n ^ 2 - (n % 3) / 2\nboard n x m\ncount >= n - 1";
    let s = ok(src);
    assert_eq!(s.dims, vec![8, 63]);
    assert_eq!(s.params, vec![("n".into(), 8), ("m".into(), 63)]);
    let s = load("t.qspec", src, &[("n".into(), 10)]).unwrap();
    assert_eq!(s.dims, vec![10, 100]);
    assert_eq!(s.counts(), vec![(Rel::Ge, 9)]);
}

#[test]
fn power_is_right_associative_and_binds_tighter_than_minus() {
    let s = ok("param a = -2 ^ 2\nparam b = 2 ^ 3 ^ 2\nboard 2 x 2\ncount >= a + 4\ncount <= b");
    assert_eq!(s.params, vec![("a".into(), -4), ("b".into(), 512)]);
}

#[test]
fn cubes_and_boxes_in_any_dimension() {
    assert_eq!(ok("board 5^3").dims, vec![5, 5, 5]);
    assert_eq!(ok("param d = 6\nboard 3^d").dims, vec![3; 6]);
    assert_eq!(ok("board 4 x 5 x 6").dims, vec![4, 5, 6]);
    assert_eq!(ok("board 8x8").dims, vec![8, 8]);
    assert_eq!(ok("board 7").dims, vec![7]);
    assert_eq!(ok("board (2+1)^2").dims, vec![3, 3]);
}

#[test]
fn picture_with_walls_fixed_and_forbidden_cells() {
    let s = ok("board 3 x 4 {\n  . # . .   # a comment\n  Q . x .\n  ....\n}\nrule no_attack\n");
    assert_eq!(s.dims, vec![3, 4]);
    assert_eq!(s.walls, vec![vec![0, 1]]);
    assert_eq!(s.fixed, vec![vec![1, 0]]);
    assert_eq!(s.forbidden, vec![vec![1, 2]]);
    let inferred = ok("board {\n#.\n..\n..\n}");
    assert_eq!(inferred.dims, vec![3, 2]);
}

#[test]
fn walls_fix_forbid_by_coordinates() {
    let s = ok("board 8 x 8\nwall (1,3) (2,5)\nfix (0,0)\nforbid (7,7) (6,6)\n");
    assert_eq!(s.walls, vec![vec![1, 3], vec![2, 5]]);
    assert_eq!(s.fixed, vec![vec![0, 0]]);
    assert_eq!(s.forbidden, vec![vec![6, 6], vec![7, 7]]);
}

#[test]
fn custom_pieces_and_builtins() {
    let s = ok("board 3^3\npiece custom {\n  rider (1,0,0) (1,1,0)\n  leaper (1,2,0)\n}\n");
    assert_eq!(s.piece().riders, vec![vec![1, 0, 0], vec![1, 1, 0]]);
    assert_eq!(s.piece().leapers, vec![vec![1, 2, 0]]);
    let one_line = ok("board 8 x 8\npiece camel { leaper (1,3) }");
    assert_eq!(one_line.piece().leapers, vec![vec![1, 3]]);
    for p in qspec::board::BUILTIN_PIECES {
        assert_eq!(ok(&format!("board 4 x 4\npiece {p}")).piece().name, p);
    }
}

#[test]
fn rules_objectives_and_encodings() {
    let s = ok("board 8 x 8\nrule attacks == 2\nrule attacks < 3\nrule dominate\nmaximize count\nencode amo ladder\nencode card cardnet");
    assert_eq!(
        s.rules,
        vec![
            RuleSpec::Attacks(Rel::Eq, 2),
            RuleSpec::Attacks(Rel::Le, 2),
            RuleSpec::Dominate
        ]
    );
    assert_eq!(s.objective.unwrap().sense, Sense::Maximize);
    assert_eq!(s.amo.unwrap().name(), "ladder");
    assert_eq!(s.card.unwrap().name(), "cardnet");
    let w = ok("board 8 x 8\ntorus\nwalls free\nwalls <= 5\nminimize walls; count >= 12");
    assert!(w.torus && w.free_walls);
    assert_eq!(w.wall_bounds(), vec![(Rel::Le, 5)]);
    assert_eq!(w.objective.unwrap().target, Quantity::Walls);
    assert_eq!(w.counts(), vec![(Rel::Ge, 12)]);
}

#[test]
fn board_side_zero_points_at_the_zero() {
    let e = err("board 0 x 8\n");
    assert!(e.contains("a board side must be at least 1, got 0"), "{e}");
    assert!(e.contains("--> t.qspec:1:7"), "{e}");
    assert!(e.contains("1 | board 0 x 8\n  |       ^\n"), "{e}");
}

#[test]
fn wall_off_the_board() {
    let e = err("board 8 x 8\nwall (1,3) (2,8)\n");
    assert!(
        e.contains("coordinate 8 is off the board: axis 1 runs from 0 to 7"),
        "{e}"
    );
    assert!(e.contains("--> t.qspec:2:15"), "{e}");
}

#[test]
fn unknown_param_lists_the_known_ones() {
    let e = err("param n = 8\nboard n x m\n");
    assert!(e.contains("unknown param `m`"), "{e}");
    assert!(
        e.contains("help: params declared before this line: n"),
        "{e}"
    );
}

#[test]
fn unknown_override_is_an_error() {
    let e = load("t.qspec", "param n = 8\nboard n x n", &[("k".into(), 3)])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the model has no param `k` (given `k = 3`)"),
        "{e}"
    );
    assert!(e.contains("the model's params are: n"), "{e}");
}

#[test]
fn vector_of_the_wrong_dimension() {
    let e = err("board 8 x 8\npiece p { rider (1,0,0) }\n");
    assert!(
        e.contains("this move vector has 3 coordinates, the board has 2 dimensions"),
        "{e}"
    );
    assert!(e.contains("t.qspec:2:17"), "{e}");
}

#[test]
fn unknown_encoding_lists_the_valid_names() {
    let e = err("board 8 x 8\nencode amo zigzag\n");
    assert!(e.contains("unknown at-most-one encoding `zigzag`"), "{e}");
    assert!(
        e.contains("valid names: pairwise, ladder, bitwise, commander, bimander, product"),
        "{e}"
    );
    let e = err("board 8 x 8\nencode card magic\n");
    assert!(
        e.contains("totalizer, seqcounter, cardnet, sortnet, adder, mtotalizer"),
        "{e}"
    );
}

#[test]
fn syntax_errors_say_what_was_expected() {
    let e = err("board 8 x 8\nrule no_attack\ncuont >= 3\n");
    assert!(e.contains("--> t.qspec:3:1"), "{e}");
    assert!(e.contains("unknown statement `cuont`"), "{e}");
    assert!(e.contains("did you mean `count`?"), "{e}");
    let e = err("board 8 x 8 {\n........\n}\n");
    assert!(e.contains("the picture has 1 row, the board 8"), "{e}");
}

#[test]
fn several_errors_are_all_reported() {
    let e = err("board 8 x 8\nwall (9,9)\npiece dragon\nrule fly\n");
    assert!(e.contains("coordinate 9 is off the board"), "{e}");
    assert!(e.contains("unknown piece `dragon`"), "{e}");
    assert!(e.contains("unknown rule `fly`"), "{e}");
    assert!(e.contains("3 errors in t.qspec"), "{e}");
}

#[test]
fn huge_boards_are_refused_with_an_estimate() {
    let e = err("board 1000^3\n");
    assert!(e.contains("this board has 1,000,000,000 cells"), "{e}");
    assert!(e.contains("GB of memory"), "{e}");
}

#[test]
fn missing_board_and_conflicting_cells() {
    assert!(err("piece queen\n").contains("the model has no board"));
    let e = err("board 8 x 8\nwall (1,1)\nfix (1,1)\n");
    assert!(
        e.contains("cell (1,1) is a wall and cannot be fixed"),
        "{e}"
    );
    let e = err("board 8 x 8\nwalls <= 3\n");
    assert!(e.contains("a wall bound needs `walls free`"), "{e}");
}

#[test]
fn arithmetic_errors() {
    assert!(err("param n = 1 / 0\nboard 2 x 2").contains("division by zero"));
    assert!(err("param n = 2 ^ 99\nboard 2 x 2").contains("arithmetic overflow"));
    assert!(err("board 99999999999999999999 x 2").contains("too large"));
}

/// One mistake, one error: a statement that failed its check counts as
/// present for the checks after it, so nothing else is said of it — no
/// error for what its absence would mean, no warning that nothing asks for
/// a piece, no clash with a letter that was not meant, no second reason.
#[test]
fn one_mistake_is_one_error() {
    let regions = |picture: &str, board: &str| {
        format!("board {board}\nregions {{\n{picture}}}\npiece rook\nrule no_attack\ncount per region == 1\n")
    };
    let cases: Vec<(String, &str, &str)> = vec![
        (regions("  a a b b\n  a a b b\n  c c d d\n", "4 x 4"), "t.qspec:2:9", "the picture has 3 rows, the board 4"),
        (regions("  a a\n", "4 x 4 x 4"), "t.qspec:2:9", "a board picture draws a 2-D board"),
        (regions("  a #\n  a a\n", "2 x 2"), "t.qspec:3:3", "this row has 1 cell, the board has 2 columns"),
        ("board 4 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == 2\nhint lines\n".into(), "t.qspec:6:1", "this hint with several kinds of piece is not supported"),
        ("board 4 x 4\npiece white queen drawn l\npiece wolf queen\nrule white no_attack wolf\ncount white == 2\n".into(), "t.qspec:2:25", "`drawn l`: a kind is drawn by one capital letter"),
        ("board 4 x 4\npiece white qeen\npiece black queen\nrule white no_attack black\ncount white == 2\n".into(), "t.qspec:2:13", "unknown piece `qeen`"),
        ("board 4 x 4\npiece queen\nrule dominat\n".into(), "t.qspec:3:6", "unknown rule `dominat`"),
        ("board 4 x 4\npiece queen\nrule no_attack\nmaximize cont\n".into(), "t.qspec:4:10", "`cont`"),
    ];
    for (src, place, message) in cases {
        let e = load("t.qspec", &src, &[]).expect_err(&src);
        let said = e.to_string();
        assert_eq!(e.errors.len(), 1, "{src}{said}");
        assert!(
            said.contains(place) && said.contains(message),
            "{place} {message}\n{src}{said}"
        );
    }
    // A `#` in a regions picture is told as the comment it starts.
    let e = err(&regions("  a #\n  a a\n", "2 x 2"));
    assert!(e.contains("the `#` after it starts a comment"), "{e}");
}
