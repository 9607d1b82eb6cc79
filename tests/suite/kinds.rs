//! Several kinds of piece (`piece white queen`, `piece black queen`, `rule
//! white no_attack black`, `count white == count black`, `maximize count
//! white`): the model's solutions against the brute-force oracle (every
//! cell empty or holding one kind, judged by the tests' own geometry) in
//! every encoding and through the OPB rows, the two verifiers, the optimum,
//! boards drawn and read back by kind, and the checker's refusals.

use crate::common::{self, build, cnf_kind_solutions, kind_oracle, opb_round_trip, spec};
use qspec::options::{AmoEncoding, CardEncoding, Encodings};

/// Small models of several kinds: the same mover and two movers, walls, a
/// torus, fixed and forbidden cells, counts of a kind, compared counts,
/// a count per row of one kind, `rule no_attack` over both; three kinds,
/// where a third shields, and a kind kept from itself.
const CASES: [&str; 16] = [
    "board 3 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\ncount white >= 1\n",
    "board 3 x 3\npiece queen\npiece knight\nrule queen no_attack knight\nrule knight no_attack queen\ncount >= 4\n",
    "board 3 x 4\npiece a rook\npiece b rook\nrule no_attack\ncount a per row <= 1\ncount b >= 1\n",
    "board 3 x 3\nwall (1,1)\npiece white queen\npiece black queen\nrule white no_attack black\ncount white > count black\ncount black >= 1\n",
    "board 3 x 4\ntorus\npiece white queen\npiece black queen\nrule black no_attack white\ncount white == 2\ncount black == 2\n",
    "board 2 x 5\npiece a knight\npiece b king\nrule a no_attack b\nrule b no_attack a\nfix (0,0)\nforbid (1,4)\ncount a < count b\n",
    "board 3 x 3\npiece w queen\npiece b queen\nrule w no_attack b\ncount w per row == 1\n",
    "board 2 x 6\npiece white bishop\npiece black rook\nrule white no_attack black\ncount black <= count white\ncount white >= 3\n",
    // Three kinds: a piece of the third stands between and shields.
    "board 3 x 3\npiece a queen\npiece b queen\npiece c rook\nrule a no_attack b\nrule b no_attack a\ncount a >= 1\ncount b >= 1\ncount c >= 1\n",
    "board 3 x 3\nwall (1,1)\npiece a queen\npiece b knight\npiece c queen\nrule a no_attack b\nrule c no_attack a\nrule b no_attack b\ncount a >= 1\n",
    "board 3 x 3\ntorus\npiece a rook\npiece b rook\npiece c bishop\nrule a no_attack b\nrule c no_attack a\ncount a >= 1\ncount b >= 1\n",
    // A kind kept from itself: two rooks of a row need the other kind between.
    "board 2 x 5\npiece w rook\npiece s rook\nrule w no_attack w\ncount w >= 3\n",
    "board 3 x 4\npiece w queen\npiece b rook\nrule w no_attack w\nrule b no_attack w\ncount w >= 2\ncount b >= 1\n",
    // One kind's attacks counted, whatever the kind attacked.
    "board 3 x 3\npiece w queen\npiece b queen\nrule w attacks == 2\ncount w >= 2\n",
    "board 3 x 4\nwall (1,1)\npiece q queen\npiece n knight\nrule q attacks == 1\nrule n attacks >= 1\ncount q >= 1\n",
    "board 3 x 3\npiece a rook\npiece b bishop\npiece c king\nrule a attacks == 2\nrule c attacks <= 1\nrule b no_attack c\ncount a >= 1\ncount b >= 1\n",
];

fn agree(src: &str, enc: &Encodings) -> usize {
    let s = spec(src);
    let (model, board) = build(&s);
    let want = kind_oracle(&s, &board);
    assert_eq!(
        cnf_kind_solutions(&model, &board, enc),
        want,
        "{enc:?} on\n{src}"
    );
    want.len()
}

#[test]
fn kinds_agree_with_the_oracle_and_through_the_opb_rows() {
    let mut with_solutions = 0;
    for src in CASES {
        let n = agree(src, &Encodings::default());
        with_solutions += usize::from(n > 0);
        let s = spec(src);
        let (model, board) = build(&s);
        let rows = cnf_kind_solutions(&opb_round_trip(&model), &board, &Encodings::default());
        assert_eq!(rows, kind_oracle(&s, &board), "OPB rows on\n{src}");
    }
    // The cases mean something: all but one have solutions.
    assert!(with_solutions >= CASES.len() - 1, "{with_solutions}");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn every_encoding_of_every_kind_model() {
    for src in CASES {
        // The oracle once a case (it walks every placement), every
        // encoding's solutions against it.
        let s = spec(src);
        let (model, board) = build(&s);
        let want = kind_oracle(&s, &board);
        let cards = CardEncoding::ALL.map(|card| Encodings {
            amo: None,
            card: Some(card),
        });
        let amos = AmoEncoding::ALL.map(|amo| Encodings {
            amo: Some(amo),
            card: None,
        });
        for enc in cards.iter().chain(&amos) {
            let got = cnf_kind_solutions(&model, &board, enc);
            assert_eq!(got, want, "{enc:?} on\n{src}");
        }
    }
}

/// The library's verifier and the tests' own geometry agree on random
/// placements of two kinds.
#[test]
fn the_two_verifiers_agree_on_kinds() {
    use common::geometry;
    let mut rng = common::Rng(40);
    let mut agreed = [0usize; 2];
    for _ in 0..3000 {
        let src = CASES[rng.below(CASES.len() as u64) as usize];
        let s = spec(src);
        let (_, board) = build(&s);
        let mut p = qspec::Placement::empty(board.n_cells());
        for c in 0..board.n_cells() {
            if !board.is_wall(c) && rng.below(3) == 0 {
                p.place(c, rng.below(2) as usize);
            }
        }
        let theirs = qspec::verify::is_solution(&s, &board, &p);
        let ours = geometry::is_kind_solution(&s, &p.pieces, &p.kinds, &p.chosen_walls);
        assert_eq!(theirs, ours, "{src}{:?} {:?}", p.pieces, p.kinds);
        agreed[usize::from(ours)] += 1;
    }
    assert!(agreed[0] > 300 && agreed[1] > 100, "{agreed:?}");
}

/// The most pieces of the first kind among the oracle's solutions.
fn most_of_the_first_kind(s: &qspec::language::Spec) -> usize {
    let (_, board) = build(s);
    kind_oracle(s, &board)
        .iter()
        .map(|sol| sol.iter().filter(|&&(_, k)| k == 0).count())
        .max()
        .unwrap()
}

/// `maximize count white` is the oracle's most white pieces; the board is
/// drawn with the kinds' letters and `verify` reads it back.
#[test]
fn the_optimum_is_the_oracles_and_the_board_reads_back() {
    let src = "board 3 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\nmaximize count white\n";
    let best = most_of_the_first_kind(&spec(src));
    let dir = tempfile::tempdir().unwrap();
    let model = common::write_text(dir.path(), "p.qspec", src);
    let o = common::qspec(&["solve", &model]);
    let out = common::stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(&format!("count white = {best} (proven optimal)")),
        "{out}"
    );
    assert!(out.contains('W') && out.contains('B'), "{out}");
    let answer = common::write_text(dir.path(), "answer.txt", &out);
    let v = common::qspec(&["verify", &model, &answer]);
    assert_eq!(v.status.code(), Some(0), "{}", common::stdout(&v));
    // A board with a black where a white was breaks the rule.
    // (in a board row: the temporary folder's name may hold a `W` too)
    let in_rows = |to: &str| -> String {
        let mut done = false;
        out.lines()
            .map(|l| {
                let row = l.split(' ').all(|c| c.len() == 1);
                if row && !done && l.contains('W') {
                    done = true;
                    l.replacen('W', to, 1)
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let swapped = in_rows("B");
    let answer = common::write_text(dir.path(), "swapped.txt", &swapped);
    let v = common::qspec(&["verify", &model, &answer]);
    assert_eq!(v.status.code(), Some(1), "{}", common::stdout(&v));
    let said = common::stdout(&v);
    assert!(said.contains("count white = count black"), "{said}");
    // A letter of no kind is refused with its line.
    let odd = in_rows("Q");
    let answer = common::write_text(dir.path(), "odd.txt", &odd);
    let v = common::qspec(&["verify", &model, &answer]);
    assert_eq!(v.status.code(), Some(2));
    assert!(
        common::stderr(&v).contains("`Q` is no kind of the model"),
        "{}",
        common::stderr(&v)
    );
}

fn err(src: &str) -> String {
    qspec::language::load("t.qspec", src, &[])
        .expect_err(src)
        .to_string()
}

#[test]
fn what_several_kinds_do_not_take_is_refused_at_its_place() {
    let two = "board 4 x 4\npiece white queen\npiece black queen\n";
    let cases: [(String, &[&str]); 15] = [
        (
            format!("{two}rule white no_attack blak\n"),
            &[
                "t.qspec:4:22",
                "unknown kind `blak`",
                "did you mean `black`?",
            ],
        ),
        (
            format!("{two}piece white rook\n"),
            &[
                "t.qspec:4:7",
                "a second kind named `white`",
                "line 2 declares it",
            ],
        ),
        (
            "board 4 x 4\npiece white queen\npiece wolf knight\n".to_string(),
            &["t.qspec:3:1", "both be drawn `W`"],
        ),
        (
            format!("{two}rule attacks == 1\n"),
            &["t.qspec:4:1", "`rule attacks` with several kinds"],
        ),
        (
            "board 4 x 4\npiece queen\npiece knight\nrule no_attack\n".to_string(),
            &[
                "t.qspec:4:1",
                "kinds that move differently",
                "rule queen no_attack knight",
            ],
        ),
        (
            format!("{two}torus\nrule white no_attack white\n"),
            &[
                "t.qspec:5:1",
                "from a kind to itself on a torus",
                "see itself",
            ],
        ),
        (
            format!("{two}torus\nrule white attacks == 1\n"),
            &["t.qspec:5:1", "attacks` with several kinds on a torus"],
        ),
        (
            "board 4 x 4\npiece a queen\npiece camel { rider (1,0) leaper (2,0) }\nrule camel attacks == 1\n".to_string(),
            &["t.qspec:4:1", "whose leap lands on its own line"],
        ),
        (
            format!("{two}walls free\n"),
            &["t.qspec:4:1", "`walls free` with several kinds"],
        ),
        (
            format!("{two}count == count black\n"),
            &["t.qspec:4:1", "names both kinds"],
        ),
        (
            format!("{two}rule white attacks black\n"),
            &["t.qspec:4:12", "not a rule between kinds"],
        ),
        (
            format!("{two}rule white no_attack black\nhint layers <= 2\n"),
            &[
                "t.qspec:5:1",
                "takes `hint break_symmetry` and `hint symmetric`",
            ],
        ),
        (
            "board 4 x 4\npiece white queen drawn w\npiece black queen\n".to_string(),
            &["t.qspec:2:25", "one capital letter", "drawn W"],
        ),
        (
            "board 4 x 4\npiece white queen drawn B\npiece black queen\n".to_string(),
            &[
                "t.qspec:3:1",
                "would both be drawn `B`",
                "piece black ... drawn L",
            ],
        ),
        (
            "board 4 x 4\npiece queen drawn Z\n".to_string(),
            &["t.qspec:2:19", "`drawn` in a model of one kind"],
        ),
    ];
    for (src, wants) in &cases {
        let e = err(src);
        for want in *wants {
            assert!(e.contains(want), "{src}\nwants {want:?} in\n{e}");
        }
    }
}

#[test]
fn the_statements_read_as_written() {
    let s = spec("board 4 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\ncount black >= 2\nmaximize count white\n");
    let names: Vec<(&str, &str, char)> = s
        .kinds
        .iter()
        .map(|k| (k.name.as_str(), k.piece.name.as_str(), k.letter))
        .collect();
    assert_eq!(names, [("white", "queen", 'W'), ("black", "queen", 'B')]);
    assert_eq!(
        s.rules,
        [qspec::language::RuleSpec::NoAttackOn {
            attacker: 0,
            target: 1
        }]
    );
    assert_eq!(s.counts_compared().len(), 1);
    assert_eq!(s.kind_counts()[0].kind, 1);
    assert_eq!(s.objective.unwrap().kind, Some(0));
    // One kind named otherwise is the model's one piece, drawn as it.
    let one = spec("board 4 x 4\npiece star king\nrule star no_attack star\ncount star >= 2\n");
    assert_eq!(one.kinds[0].letter, 'K');
    assert_eq!(one.rules, [qspec::language::RuleSpec::NoAttack]);
    // Queens and knights are drawn Q and N.
    let mixed = spec("board 4 x 4\npiece queen\npiece knight\nrule queen no_attack knight\n");
    assert_eq!((mixed.kinds[0].letter, mixed.kinds[1].letter), ('Q', 'N'));
    // A letter chosen in the model; `drawn` is no mover.
    let chosen = spec("board 4 x 4\npiece wolf knight drawn L\npiece white queen\npiece camel { leaper (1,3) } drawn C\ncount >= 1\n");
    let letters: Vec<(&str, char)> = chosen
        .kinds
        .iter()
        .map(|k| (k.piece.name.as_str(), k.letter))
        .collect();
    assert_eq!(letters, [("knight", 'L'), ("queen", 'W'), ("camel", 'C')]);
    let named =
        spec("board 4 x 4\npiece queen drawn X\npiece knight\nrule queen no_attack knight\n");
    assert_eq!((named.kinds[0].letter, named.kinds[1].letter), ('X', 'N'));
    // A kind's attacks counted; in a model of one kind, `rule attacks`.
    use qspec::language::RuleSpec;
    use qspec::model::Rel;
    let counted =
        spec("board 4 x 4\npiece white queen\npiece black queen\nrule black attacks <= 2\n");
    assert_eq!(
        counted.rules,
        [RuleSpec::AttacksOf {
            kind: 1,
            rel: Rel::Le,
            k: 2
        }]
    );
    let one = spec("board 4 x 4\npiece star queen\nrule star attacks == 1\n");
    assert_eq!(one.rules, [RuleSpec::Attacks(Rel::Eq, 1)]);
}

/// A board printed with chosen letters reads back through `verify`.
#[test]
fn chosen_letters_are_printed_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let src = "board 3 x 4\npiece white queen drawn O\npiece black queen drawn X\nrule white no_attack black\ncount white == count black\nmaximize count white\n";
    let model = common::write_text(dir.path(), "p.qspec", src);
    let o = common::qspec(&["solve", &model]);
    let out = common::stdout(&o);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && l.split(' ').all(|c| c.len() == 1))
        .collect();
    let cells: String = rows.concat();
    assert!(cells.contains('O') && cells.contains('X'), "{out}");
    assert!(!cells.contains('W') && !cells.contains('B'), "{out}");
    let answer = common::write_text(dir.path(), "answer.txt", &out);
    let v = common::qspec(&["verify", &model, &answer]);
    assert_eq!(v.status.code(), Some(0), "{}", common::stdout(&v));
}

/// `(optimum, exit code)` of `qspec solve` on a model file with `-D n=N`.
fn optimum_of(model: &str, n: i64) -> (String, Option<i32>) {
    let path = common::root()
        .join("models")
        .join(model)
        .display()
        .to_string();
    let n = format!("n={n}");
    let o = common::qspec(&["solve", &path, "-D", &n]);
    let out = common::stdout(&o);
    let line = out
        .lines()
        .find(|l| l.contains("(proven optimal)"))
        .unwrap_or_else(|| panic!("{model} {n}: no optimum\n{out}"))
        .to_string();
    assert!(out.contains("verified: every rule holds"), "{out}");
    (line, o.status.code())
}

#[test]
fn peaceable_queens_a250000() {
    // OEIS A250000, n = 1..6 (n = 7 and 8 in seed_results.rs).
    for (n, m) in [(1, 0), (2, 0), (3, 1), (4, 2), (5, 4), (6, 5)] {
        let (line, code) = optimum_of("peaceable-queens.qspec", n);
        assert_eq!(
            line,
            format!("count white = {m} (proven optimal)"),
            "n = {n}"
        );
        assert_eq!(code, Some(0));
    }
}

#[test]
fn queens_and_knights_are_the_oracles_on_small_boards() {
    let text =
        std::fs::read_to_string(common::root().join("models/queens-and-knights.qspec")).unwrap();
    for n in [2, 3] {
        let s = qspec::language::load("m.qspec", &text, &[("n".into(), n)]).unwrap();
        let best = most_of_the_first_kind(&s);
        let (line, _) = optimum_of("queens-and-knights.qspec", n);
        assert_eq!(
            line,
            format!("count queen = {best} (proven optimal)"),
            "n = {n}"
        );
    }
    // And beyond the oracle's reach, the header's values.
    for (n, m) in [(4, 2), (5, 3), (6, 5)] {
        let (line, _) = optimum_of("queens-and-knights.qspec", n);
        assert_eq!(
            line,
            format!("count queen = {m} (proven optimal)"),
            "n = {n}"
        );
    }
}

/// `count --optimal` counts the boards at the optimum of the kind the
/// objective counts (not of every piece), and a bound on that kind is the
/// objective's ceiling: both against the oracle.
#[test]
fn the_optimum_of_a_kind_is_counted_and_bounded_as_that_kind() {
    let dir = tempfile::tempdir().unwrap();
    let src = "board 3 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\nmaximize count white\n";
    let s = spec(src);
    let (_, board) = build(&s);
    let all = kind_oracle(&s, &board);
    let best = most_of_the_first_kind(&s);
    let at_best = all
        .iter()
        .filter(|sol| sol.iter().filter(|&&(_, k)| k == 0).count() == best)
        .count();
    let model = common::write_text(dir.path(), "p.qspec", src);
    let o = common::qspec(&["count", &model, "--optimal"]);
    let out = common::stdout(&o);
    let want = format!("{at_best} solutions with count white = {best} (the optimum)");
    assert!(out.contains(&want), "{want}\n{out}");
    let bounded = src.replace("maximize", &format!("count white <= {best}\nmaximize"));
    let model = common::write_text(dir.path(), "b.qspec", &bounded);
    let out = common::stdout(&common::qspec(&["solve", &model]));
    assert!(
        out.contains(&format!("count white = {best} (proven optimal)")),
        "{out}"
    );
}

/// A board's JSON line names each piece's kind, and `verify` reads it
/// back: a kind the model has not, or a piece without a kind, is an error
/// at its line.
#[test]
fn json_lines_carry_the_kinds_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let model = common::root()
        .join("models/peaceable-queens.qspec")
        .display()
        .to_string();
    let o = common::qspec(&[
        "solve",
        &model,
        "-D",
        "n=4",
        "--all",
        "--optimal",
        "--jsonl",
        "--limit",
        "1",
    ]);
    let first = common::stdout(&o).lines().next().unwrap().to_string();
    let line: serde_json::Value = serde_json::from_str(&first).unwrap();
    let kinds: Vec<&str> = line["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), line["cells"].as_array().unwrap().len());
    assert_eq!(
        kinds.iter().filter(|&&k| k == "white").count(),
        2,
        "{first}"
    );
    let verify = |text: &str| {
        let answer = common::write_text(dir.path(), "one.json", text);
        common::qspec(&["verify", &model, "-D", "n=4", &answer])
    };
    assert_eq!(verify(&first).status.code(), Some(0));
    let renamed = first.replacen("\"black\"", "\"blue\"", 1);
    let o = verify(&renamed);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("one.json:1: `blue` is no kind of the model"),
        "{}",
        common::stderr(&o)
    );
    let start = first.find(",\"kinds\"").unwrap();
    let end = first[start..].find(']').unwrap() + start + 1;
    let o = verify(&format!("{}{}", &first[..start], &first[end..]));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("needs a kind for each piece"),
        "{}",
        common::stderr(&o)
    );
    // One kind: no `kinds` field.
    let eight = common::root()
        .join("models/eight-queens.qspec")
        .display()
        .to_string();
    let o = common::qspec(&["solve", &eight, "--all", "--jsonl", "--limit", "1"]);
    assert!(!common::stdout(&o).contains("kinds"));
}

/// The kinds kept as they are.
const KEEP: &[&[usize]] = &[&[0, 1, 2]];
/// Two kinds swapped, or kept.
const SWAP: &[&[usize]] = &[&[0, 1], &[1, 0]];
/// Every order of three kinds.
const ALL_THREE: &[&[usize]] = &[
    &[0, 1, 2],
    &[0, 2, 1],
    &[1, 0, 2],
    &[1, 2, 0],
    &[2, 0, 1],
    &[2, 1, 0],
];

/// Small models of several kinds with the group their classes are
/// counted under, as the tests see it: the board maps (`square`: the 8 of
/// a square; `rows`: the 4 that keep each row a row) and the renamings of
/// kinds (kind `k` becomes `perm[k]`).
const CLASS_CASES: [(&str, &str, &[&[usize]]); 11] = [
    // Peaceable armies: the colours swap (order 16).
    ("board 3 x 3\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\ncount white >= 1\n", "square", SWAP),
    // More whites than blacks: no swap.
    ("board 3 x 3\npiece white queen\npiece black queen\nrule white no_attack black\ncount white > count black\ncount black >= 1\n", "square", KEEP),
    // A wall in the middle keeps every board symmetry.
    ("board 3 x 3\nwall (1,1)\npiece white queen\npiece black queen\nrule black no_attack white\ncount white == count black\nmaximize count white\n", "square", SWAP),
    // Counts per row of both kinds: rows stay rows, the kinds swap.
    ("board 3 x 3\npiece a rook\npiece b rook\nrule no_attack\ncount a per row <= 1\ncount b per row <= 1\ncount a >= 1\ncount b >= 1\n", "rows", SWAP),
    // A count per row of one kind alone: no swap.
    ("board 3 x 3\npiece a rook\npiece b rook\nrule a no_attack b\ncount a per row == 1\n", "rows", KEEP),
    // Kinds that move differently never swap.
    ("board 3 x 3\npiece rook\npiece bishop\nrule rook no_attack bishop\nrule bishop no_attack rook\ncount rook == count bishop\ncount rook >= 1\n", "square", KEEP),
    // Knights: one rule each way is the same rule.
    ("board 3 x 3\npiece red knight\npiece blue knight\nrule red no_attack blue\ncount red == 2\ncount blue == 2\n", "square", SWAP),
    // Three kinds of rook, each kept from the next: any renaming keeps
    // the rules (rooks see alike both ways), and a third kind shields.
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule a no_attack b\nrule b no_attack c\nrule c no_attack a\ncount a >= 1\ncount b >= 1\ncount c >= 1\n", "square", ALL_THREE),
    // Each kind kept from itself, the kinds free to meet: they swap.
    ("board 3 x 3\npiece a rook\npiece b rook\nrule a no_attack a\nrule b no_attack b\ncount a >= 2\ncount b >= 2\n", "square", SWAP),
    // Both kinds' attacks counted alike: they swap; one kind's alone: no.
    ("board 3 x 3\npiece a rook\npiece b rook\nrule a attacks == 1\nrule b attacks == 1\ncount a >= 1\ncount b >= 1\n", "square", SWAP),
    ("board 3 x 3\npiece a rook\npiece b rook\nrule a attacks == 1\ncount a >= 1\ncount b >= 1\n", "square", KEEP),
];

/// A map of a 3x3 board's cells, as a function of `(row, column)`.
type CellMap = fn(usize, usize) -> (usize, usize);

/// The board maps of a 3x3 board named by a [`CLASS_CASES`] entry.
fn square_maps(which: &str) -> Vec<CellMap> {
    let rows: Vec<CellMap> = vec![
        |r, c| (r, c),
        |r, c| (2 - r, c),
        |r, c| (r, 2 - c),
        |r, c| (2 - r, 2 - c),
    ];
    let turned: Vec<CellMap> = vec![
        |r, c| (c, r),
        |r, c| (2 - c, r),
        |r, c| (c, 2 - r),
        |r, c| (2 - c, 2 - r),
    ];
    match which {
        "rows" => rows,
        _ => rows.into_iter().chain(turned).collect(),
    }
}

/// The least image of a solution under the case's group: its class's key.
fn class_key(
    board: &qspec::Board,
    sol: &common::KindCells,
    which: &str,
    perms: &[&[usize]],
) -> common::KindCells {
    let mut keys = Vec::new();
    for map in square_maps(which) {
        for perm in perms {
            let mut image: common::KindCells = sol
                .iter()
                .map(|&(c, k)| {
                    let at = board.coords(c);
                    let (r, col) = map(at[0], at[1]);
                    (board.index(&[r, col]), perm[k])
                })
                .collect();
            image.sort_unstable();
            keys.push(image);
        }
    }
    keys.into_iter().min().unwrap()
}

/// Classes of models of several kinds: the group is the board's
/// symmetries times the swaps of interchangeable kinds. `count
/// --up-to-symmetry` (at the optimum, for an objective) finds the
/// oracle's number of classes and of solutions under the tests' own
/// group, and says its order; `hint break_symmetry` keeps exactly one
/// solution of each class in the CNF.
#[test]
fn classes_of_kinds_are_the_oracles_under_board_and_kind_swaps() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (src, which, perms)) in CLASS_CASES.iter().enumerate() {
        let s = spec(src);
        let (_, board) = build(&s);
        let mut solutions = kind_oracle(&s, &board);
        if s.objective.is_some() {
            let best = most_of_the_first_kind(&s);
            solutions.retain(|sol| sol.iter().filter(|&&(_, k)| k == 0).count() == best);
        }
        let classes: std::collections::BTreeSet<_> = solutions
            .iter()
            .map(|sol| class_key(&board, sol, which, perms))
            .collect();
        assert!(!classes.is_empty(), "{src}");
        let order = square_maps(which).len() * perms.len();
        let model = common::write_text(dir.path(), &format!("k{i}.qspec"), src);
        let mut args = vec!["count", model.as_str(), "--up-to-symmetry", "--jsonl"];
        if s.objective.is_some() {
            args.push("--optimal");
        }
        let o = common::qspec(&args);
        let last = common::stdout(&o)
            .lines()
            .last()
            .unwrap_or_default()
            .to_string();
        let summary: serde_json::Value =
            serde_json::from_str(&last).unwrap_or_else(|_| panic!("{src}{last}"));
        assert_eq!(summary["classes"], classes.len(), "{src}");
        assert_eq!(summary["solutions"], solutions.len(), "{src}");
        assert_eq!(summary["group_order"], order, "{src}");
        // The lex-leader constraints keep one solution of each class.
        let hinted = spec(&format!("{src}hint break_symmetry\n"));
        let (model, board) = build(&hinted);
        let kept = cnf_kind_solutions(&model, &board, &Encodings::default());
        let kept: Vec<_> = kept
            .iter()
            .filter(|sol| solutions.contains(*sol) || s.objective.is_none())
            .map(|sol| class_key(&board, sol, which, perms))
            .collect();
        if s.objective.is_none() {
            assert_eq!(kept.len(), classes.len(), "{src}");
        }
        let distinct: std::collections::BTreeSet<_> = kept.iter().cloned().collect();
        assert_eq!(distinct.len(), kept.len(), "two of a class kept:\n{src}");
        assert_eq!(distinct, classes, "{src}");
    }
}

/// OEIS A260680: the optimal peaceable armies up to the board's
/// symmetries and the swap of colours (order 16), n = 1..7 (n = 8 in
/// seed_results.rs).
#[test]
fn peaceable_classes_a260680() {
    let a260680 = [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 10),
        (5, 3),
        (6, 35),
        (7, 19),
        (8, 71),
        (9, 18),
        (10, 380),
    ];
    for (n, classes) in a260680 {
        let n = format!("n={n}");
        let o = common::qspec(&[
            "count",
            "models/peaceable-queens.qspec",
            "-D",
            &n,
            "--optimal",
            "--up-to-symmetry",
        ]);
        let out = common::stdout(&o);
        let want = format!(
            "{} under the group of the board's symmetries and the kinds' swaps of order 16",
            if classes == 1 {
                "1 class".to_string()
            } else {
                format!("{classes} classes")
            }
        );
        assert!(out.contains(&want), "{n}: {want}\n{out}");
    }
}

/// `hint symmetric` in a model of several kinds keeps exactly the
/// oracle's solutions the map carries onto themselves, every piece onto a
/// piece of its own kind (the map as a function of `(row, column)` on
/// `rows` x `cols`).
#[test]
fn a_symmetric_hint_keeps_each_kind_in_place() {
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let cases: [(&str, &str, Map); 3] = [
        (
            "board 3 x 4\npiece white rook\npiece black rook\nrule white no_attack black\ncount white >= 1\ncount black >= 1\n",
            "rot180",
            |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
        ),
        (
            "board 3 x 4\npiece q queen\npiece n knight\nrule q no_attack n\nrule n no_attack q\ncount >= 4\n",
            "mirror_rows",
            |r, c, rows, _| (rows - 1 - r, c),
        ),
        (
            "board 3 x 3\npiece a rook\npiece b rook\npiece c king\nrule a no_attack b\nrule c attacks == 1\ncount a >= 1\n",
            "rot90",
            |r, c, rows, _| (c, rows - 1 - r),
        ),
    ];
    for (src, map, image) in cases {
        let s = spec(src);
        let (_, board) = build(&s);
        let (rows, cols) = (s.dims[0], s.dims[1]);
        let invariant: std::collections::BTreeSet<_> = kind_oracle(&s, &board)
            .into_iter()
            .filter(|sol| {
                let mut moved: common::KindCells = sol
                    .iter()
                    .map(|&(cell, kind)| {
                        let at = board.coords(cell);
                        let (r, c) = image(at[0], at[1], rows, cols);
                        (board.index(&[r, c]), kind)
                    })
                    .collect();
                moved.sort_unstable();
                moved == *sol
            })
            .collect();
        let hinted = spec(&format!("{src}hint symmetric {map}\n"));
        let (model, board) = build(&hinted);
        let kept = cnf_kind_solutions(&model, &board, &Encodings::default());
        assert_eq!(kept, invariant, "{map} on\n{src}");
        assert!(!kept.is_empty(), "{map} on\n{src}");
    }
}

/// Two armies kept apart along lines, equal, maximised: the armies
/// search's optimum is the oracle's on queens, rooks, bishops, a wall, an
/// oblong board and tori (lines that wrap, a wall cutting one), on one
/// thread and two, and its board verifies.
#[test]
fn the_armies_search_finds_the_oracles_optimum() {
    let armies = |board: &str, piece: &str| {
        format!("{board}piece white {piece}\npiece black {piece}\nrule white no_attack black\ncount white == count black\nmaximize count white\n")
    };
    let cases = [
        armies("board 3 x 4\n", "queen"),
        armies("board 3 x 3\n", "queen"),
        armies("board 2 x 6\n", "rook"),
        armies("board 3 x 4\n", "bishop"),
        armies("board 3 x 4\nwall (1,1)\n", "queen"),
        armies("board 3 x 4 {\n. . . .\n. # # .\n. . . .\n}\n", "rook"),
        armies("board 3 x 4\nhint break_symmetry\n", "queen"),
        armies("board 3 x 4\ntorus\n", "queen"),
        armies("board 3 x 4\ntorus\nwall (1,1)\n", "queen"),
        armies("board 3 x 4\ntorus\n", "bishop"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, src) in cases.iter().enumerate() {
        let best = most_of_the_first_kind(&spec(src));
        let model = common::write_text(dir.path(), &format!("a{i}.qspec"), src);
        for threads in ["1", "2"] {
            let o = common::qspec(&["solve", &model, "--engine", "armies", "--threads", threads]);
            let out = common::stdout(&o);
            assert_eq!(o.status.code(), Some(0), "{src}{out}{}", common::stderr(&o));
            assert!(
                out.contains(&format!("count white = {best} (proven optimal)"))
                    && out.contains("verified: every rule holds"),
                "{src}{out}"
            );
        }
    }
}

/// What the armies search does not take it refuses with the reason, and
/// `auto` leaves to the other engines: kings (attacks that are not whole
/// lines, on a board or a torus), three kinds, unequal armies.
#[test]
fn the_armies_search_refuses_what_is_not_two_armies_on_lines() {
    let cases = [
        ("board 4 x 4\ntorus\npiece white king\npiece black king\nrule white no_attack black\ncount white == count black\nmaximize count white\n", "a line"),
        ("board 3 x 4\npiece white king\npiece black king\nrule white no_attack black\ncount white == count black\nmaximize count white\n", "a line"),
        ("board 3 x 4\npiece white queen\npiece black queen\npiece red queen\nrule white no_attack black\ncount white == count black\nmaximize count white\n", "more than two kinds"),
        ("board 3 x 4\npiece white queen\npiece black queen\nrule white no_attack black\nmaximize count white\n", "equal size"),
        ("board 3 x 4\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\ncount white <= 2\nmaximize count white\n", "a cardinality constraint"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (src, why)) in cases.iter().enumerate() {
        let model = common::write_text(dir.path(), &format!("r{i}.qspec"), src);
        let o = common::qspec(&["solve", &model, "--engine", "armies"]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{src}{err}");
        assert!(
            err.contains("the armies search cannot take this model") && err.contains(why),
            "{src}{err}"
        );
        let auto = common::qspec(&["solve", &model]);
        let out = common::stdout(&auto);
        assert!(matches!(auto.status.code(), Some(0 | 10)), "{src}{out}");
        assert!(!out.contains("engine: armies"), "{src}{out}");
    }
}

/// The armies search lists what CaDiCaL lists: every solution and the
/// classes under the 16 maps, at the optimum (`count --optimal`) and at a
/// fixed size (`count white == k`, which it also decides), on queens,
/// rooks, bishops, a wall, an oblong board and tori (whose search keeps
/// one colouring a class under the translations too); and a fixed size it
/// decides as the oracle does.
#[test]
fn the_armies_search_lists_what_cadical_lists() {
    let armies = |board: &str, piece: &str, size: &str| {
        format!("{board}piece white {piece}\npiece black {piece}\nrule white no_attack black\ncount white == count black\n{size}")
    };
    let optimal = "maximize count white\n";
    let cases = [
        armies("board 3 x 4\n", "queen", optimal),
        armies("board 4 x 4\n", "queen", optimal),
        armies("board 2 x 6\n", "rook", optimal),
        armies("board 3 x 4\n", "bishop", optimal),
        armies("board 4 x 4\nwall (1,1)\n", "queen", optimal),
        armies("board 4 x 4\n", "queen", "count white == 1\n"),
        armies("board 3 x 4\n", "bishop", "count white >= 2\n"),
        armies("board 4 x 4\ntorus\n", "queen", optimal),
        armies("board 5 x 5\ntorus\n", "queen", optimal),
        armies("board 4 x 4\ntorus\nwall (0,0)\n", "queen", optimal),
    ];
    let dir = tempfile::tempdir().unwrap();
    let count = |model: &str, engine: &str, classes: bool| -> (u64, u64) {
        let mut args = vec!["count", model, "--json", "--engine", engine];
        if model.contains("opt") {
            args.push("--optimal");
        }
        if classes {
            args.push("--up-to-symmetry");
        }
        let o = common::qspec(&args);
        let out = common::stdout(&o);
        let v: serde_json::Value =
            serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
        let n = |k: &str| v[k].as_u64().unwrap_or(0);
        (n("solutions"), n("classes"))
    };
    for (i, src) in cases.iter().enumerate() {
        let name = if src.contains("maximize") {
            format!("opt{i}.qspec")
        } else {
            format!("fixed{i}.qspec")
        };
        let model = common::write_text(dir.path(), &name, src);
        for classes in [false, true] {
            let ours = count(&model, "armies", classes);
            let theirs = count(&model, "cadical", classes);
            assert_eq!(ours, theirs, "{src} classes: {classes}");
            assert!(ours.0 > 0, "{src}");
        }
        if !src.contains("maximize") {
            let solutions = kind_oracle(&spec(src), &build(&spec(src)).1).len();
            let o = common::qspec(&["solve", &model, "--engine", "armies"]);
            let out = common::stdout(&o);
            let want = if solutions > 0 {
                "SATISFIABLE"
            } else {
                "UNSATISFIABLE"
            };
            assert!(out.lines().any(|l| l == format!("s {want}")), "{src}{out}");
        }
    }
}

/// Models of three and four kinds whose counts are tied in chains, stars
/// and by fixed numbers, with one-sided rules that keep a kind apart. For
/// each, the permutations of kinds `count --up-to-symmetry` swaps are
/// exactly those the brute force finds carry the model's solutions (at the
/// optimum, for an objective) onto themselves; and writing an implied
/// equality out changes nothing.
const KIND_SWAP_CASES: [(&str, &str); 10] = [
    // The chain: white = black = red, maximised.
    ("board 3 x 3\npiece w queen\npiece b queen\npiece r queen\nrule w no_attack b\nrule w no_attack r\nrule b no_attack r\ncount w == count b\ncount b == count r\nmaximize count w\n", "count w == count r\n"),
    // A chain of four, written out of order.
    ("board 2 x 3\npiece a rook\npiece b rook\npiece c rook\npiece d rook\nrule no_attack\ncount c == count d\ncount a == count b\ncount b == count c\ncount a >= 1\n", "count a == count d\n"),
    // A star of four: every kind equal to the first.
    ("board 2 x 3\npiece a rook\npiece b rook\npiece c rook\npiece d rook\nrule a no_attack b\nrule a no_attack c\nrule a no_attack d\nrule b no_attack c\nrule b no_attack d\nrule c no_attack d\ncount a == count b\ncount a == count c\ncount a == count d\ncount b >= 1\n", "count c == count d\n"),
    // Equal by fixed numbers alone, and one equality beside a fixed number.
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule no_attack\ncount a == 1\ncount b == 1\ncount c == 1\n", "count a == count c\n"),
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule no_attack\ncount a == count b\ncount b == 1\ncount c == 1\n", "count a == count c\n"),
    // `<=` both ways says equal too.
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule no_attack\ncount a <= count b\ncount b <= count a\ncount b == count c\ncount c >= 1\n", "count a == count c\n"),
    // Different fixed numbers: only the kinds fixed alike swap.
    ("board 2 x 3\npiece a rook\npiece b rook\npiece c rook\nrule a no_attack c\ncount a == 1\ncount b == 2\ncount c == 1\n", "count a == count c\n"),
    // One kind's attacks counted, not the others': that kind stays.
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\nrule a attacks == 1\ncount a == count b\ncount b == count c\ncount a >= 1\n", "count a == count c\n"),
    // A one-sided rule between kinds that move differently.
    ("board 3 x 3\npiece a rook\npiece b knight\npiece c knight\nrule a no_attack b\nrule a no_attack c\ncount a == count b\ncount b == count c\ncount c >= 1\n", "count a == count c\n"),
    // A count of one kind alone per row: the others swap.
    ("board 3 x 3\npiece a rook\npiece b rook\npiece c rook\ncount a per row <= 1\ncount a == count b\ncount b == count c\ncount c >= 2\n", "count a == count c\n"),
];

/// Every permutation of `n` kinds, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut p: Vec<usize> = rest.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The permutations of kinds that carry the oracle's solutions (at the
/// optimum of the first kind, for an objective) onto themselves.
fn swaps_by_brute_force(s: &qspec::language::Spec) -> Vec<Vec<usize>> {
    let (_, board) = build(s);
    let mut solutions = kind_oracle(s, &board);
    if s.objective.is_some() {
        let best = most_of_the_first_kind(s);
        solutions.retain(|sol| sol.iter().filter(|&&(_, k)| k == 0).count() == best);
    }
    permutations(s.kinds.len())
        .into_iter()
        .filter(|perm| {
            solutions.iter().all(|sol| {
                let image: common::KindCells = sol.iter().map(|&(c, k)| (c, perm[k])).collect();
                solutions.contains(&image)
            })
        })
        .collect()
}

#[test]
fn the_kinds_that_swap_are_the_brute_forces_however_counts_are_written() {
    for (src, implied) in KIND_SWAP_CASES {
        let s = spec(src);
        let want = swaps_by_brute_force(&s);
        let mut found = qspec::lower::kind_permutations(&s);
        found.sort();
        assert_eq!(found, want, "{src}");
        let mut written_out = qspec::lower::kind_permutations(&spec(&format!("{src}{implied}")));
        written_out.sort();
        assert_eq!(written_out, want, "{src}{implied}");
    }
}

/// The model on 4 x 4 through the command: the same 3 classes
/// under the group of order 48 with or without the implied equality.
#[test]
fn a_chain_of_equal_counts_swaps_every_kind_at_the_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let src = "board 4 x 4\npiece white queen\npiece black queen\npiece red queen\nrule white no_attack black\nrule black no_attack white\nrule white no_attack red\nrule red no_attack white\nrule black no_attack red\nrule red no_attack black\ncount white == count black\ncount black == count red\nmaximize count white\n";
    for (name, text) in [
        ("chain.qspec", src.to_string()),
        ("all.qspec", format!("{src}count white == count red\n")),
    ] {
        let model = common::write_text(dir.path(), name, &text);
        let o = common::qspec(&["count", &model, "--optimal", "--up-to-symmetry"]);
        let out = common::stdout(&o);
        assert!(
            out.contains("3 classes under the group of the board's symmetries and the kinds' swaps of order 48"),
            "{name}: {out}"
        );
        assert!(out.contains("144 solutions"), "{name}: {out}");
    }
}
