//! Messages a user reads, each saying what is so: the file's real size, a
//! model given where an answer or a board belongs, one exit code for a
//! program that is not installed, words in the singular for one, no `o 0`
//! before a maximisation's first board, a compressed file measured as
//! compressed, HiGHS's other solution style read.

use crate::common::{qspec, stderr, stdout};

#[test]
fn a_model_given_as_the_answer_or_the_start_is_named_a_model() {
    let o = qspec(&[
        "verify",
        "models/eight-queens.qspec",
        "models/eight-queens.qspec",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("models/eight-queens.qspec is a qspec model, not a solver's answer"),
        "{e}"
    );
    assert!(!e.contains("Gurobi"), "{e}");
    let o = qspec(&[
        "solve",
        "models/eight-queens.qspec",
        "--start",
        "models/blocked-8x8.qspec",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("models/blocked-8x8.qspec is a qspec model, not a board to start from"),
        "{}",
        stderr(&o)
    );
    // An answer that is no model is still told what it is not.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sol");
    std::fs::write(&bad, "# Solution\nx_0_0 1 2\n").unwrap();
    let e = stderr(&qspec(&[
        "verify",
        "models/eight-queens.qspec",
        bad.to_str().unwrap(),
    ]));
    assert!(e.contains("is not a line of a Gurobi solution"), "{e}");
}

#[test]
fn one_of_a_thing_is_said_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("one.txt");
    std::fs::write(&start, "Q . . .\n. . . .\n. . . .\n. . . .\n").unwrap();
    let model = dir.path().join("four.qspec");
    std::fs::write(
        &model,
        "board 4 x 4\npiece queen\nrule no_attack\ncount == 4\n",
    )
    .unwrap();
    let o = qspec(&[
        "solve",
        model.to_str().unwrap(),
        "--start",
        start.to_str().unwrap(),
    ]);
    let text = stdout(&o);
    assert!(
        text.contains("c start: 1 piece from ")
            && text.contains("not a solution (count = 4: the board holds 1 piece)\n"),
        "{text}"
    );
    assert!(!text.contains("problems in all"), "{text}");
}

#[test]
fn a_maximisation_prints_no_o_0_for_the_empty_board() {
    // Kissat takes no phases: its first board is the empty one.
    let o = qspec(&["solve", "models/queens-3d-5.qspec", "--engine", "kissat"]);
    let text = stdout(&o);
    let values: Vec<&str> = text.lines().filter(|l| l.starts_with("o ")).collect();
    assert!(!values.is_empty() && !values.contains(&"o 0"), "{text}");
    assert!(text.contains("count = 13 (proven optimal)"), "{text}");
}

#[test]
fn a_gzipped_output_is_held_to_max_bytes_by_its_compressed_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).display().to_string();
    // About 5 MB of CNF, some 1.5 MB gzipped: a limit of 3 MB refuses the
    // plain file and writes the compressed one.
    let args = |file: &str| {
        [
            "compile",
            "models/n-queens.qspec",
            "-D",
            "n=60",
            "--max-bytes",
            "3M",
            "-o",
        ]
        .into_iter()
        .map(String::from)
        .chain([file.to_string()])
        .collect::<Vec<String>>()
    };
    let plain = args(&out("q.cnf"));
    let o = qspec(&plain.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("over the limit of 3 MB (--max-bytes)"),
        "{}",
        stderr(&o)
    );
    let gzipped = args(&out("q.cnf.gz"));
    let o = qspec(&gzipped.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::metadata(out("q.cnf.gz")).unwrap().len();
    assert!(written < 3_000_000, "{written} bytes");
    // Too large even compressed: the estimate says both sizes.
    let tight: Vec<String> = args(&out("q.cnf.gz"))
        .into_iter()
        .map(|a| if a == "3M" { "1M".to_string() } else { a })
        .collect();
    let o = qspec(&tight.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(" gzipped (about "), "{}", stderr(&o));
}

#[test]
fn a_small_count_is_never_said_to_be_split() {
    let o = qspec(&["count", "models/eight-queens.qspec"]);
    let text = stdout(&o);
    assert!(text.contains("92 solutions"), "{text}");
    assert!(
        text.contains("CaDiCaL lists the solutions on one solver; past the first 2000, the rest"),
        "{text}"
    );
}

/// Sizes are said as they are: a board past any integer's reach is not
/// given a saturated count of cells, and a count per line is estimated from
/// its lines (each of three cells or more), not as many literals as
/// constraints; the suggested --max-memory holds the estimate.
#[test]
fn estimates_say_what_the_model_is() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "param n = 2^62\nboard n x n\nrule no_attack\ncount == 8\n",
            vec!["this board has 21,267,647,932,558,653,966,460,912,964,485,513,216 cells", "about 1.4 x 10^30 GB"],
        ),
        (
            "board 2^62 x 2^62 x 2^62\nrule no_attack\n",
            vec!["this board has about 10^55 cells"],
        ),
        (
            "board 200 x 200\ncount per line <= 2\n",
            vec!["(40,000 cells x 19,800 line directions: about 40,000 variables, 67,537,662 constraints, 256,670,900 literals)"],
        ),
        (
            "board 4000 x 4000\npiece queen\nrule attacks == 1\nmaximize count\n",
            vec!["about 40.0 GB of memory (16,000,000 cells x 4 directions", "--max-memory 41G", "4 directions a piece moves in"],
        ),
    ];
    for (src, said) in cases {
        let model = crate::common::write_text(dir.path(), "big.qspec", src);
        let o = qspec(&["stats", &model]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{src}{e}");
        for words in said {
            assert!(e.contains(words), "{words}\n{src}{e}");
        }
        assert!(!e.contains("18,446,744,073,709,551,615"), "{e}");
    }
    let o = qspec(&[
        "stats",
        &crate::common::write_text(
            dir.path(),
            "huge.qspec",
            "board 3000 x 3000\ncount per line <= 2\n",
        ),
        "--max-memory",
        "1G",
    ]);
    let e = stderr(&o);
    let asked: u64 = e
        .split("(e.g. --max-memory ")
        .nth(1)
        .and_then(|t| t.split('G').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let needed: f64 = e
        .split("about ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.replace(',', "").parse().ok())
        .unwrap_or(f64::MAX);
    assert!(asked as f64 >= needed, "{e}");
}

/// A model of points (counts alone, no piece, no rule) is not said to be
/// kept apart by `no_attack`: the engine's reason says what the model has,
/// and its points are drawn `Q`, as docs/language.md's table of printed
/// boards says.
#[test]
fn points_are_not_said_to_attack() {
    let dir = tempfile::tempdir().unwrap();
    for (src, why) in [
        (
            "board 2 x 2\ncount per line <= 2\ncount >= 2\n",
            "a count bound with no two cells excluding each other, on 2 dimensions",
        ),
        (
            "board 3 x 3\ncount per row <= 1\ncount >= 2\n",
            "a count bound on cells that exclude each other in pairs, on 2 dimensions",
        ),
        (
            "board 3 x 3\npiece rook\nrule no_attack\ncount >= 2\n",
            "a no_attack count bound on 2 dimensions",
        ),
    ] {
        let model = crate::common::write_text(dir.path(), "points.qspec", src);
        let o = qspec(&["solve", &model, "--threads", "2"]);
        let out = stdout(&o);
        assert!(
            out.contains(&format!("c engine: clique and kissat side by side ({why})")),
            "{src}{out}"
        );
    }
    let o = qspec(&["solve", "models/no-three-in-line.qspec", "-D", "n=4"]);
    let out = stdout(&o);
    assert!(!out.contains("no_attack"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("Q ") || l.starts_with(". ")),
        "{out}"
    );
    let table = std::fs::read_to_string(crate::common::root().join("docs/language.md")).unwrap();
    assert!(table.contains("| `Q` | also a point, in a model of counts alone that names no piece"));
}
