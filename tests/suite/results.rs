//! The small entries of docs/results.md, re-run on every `cargo test`: each
//! value by qspec (the command a user runs) and by the independent checker
//! of results/check/ (its Rust searches compiled in here from their source
//! files; they share no code with qspec).

use crate::common;
use crate::{armies, attacks, blocked, cube, lines, square, torus};

use common::{qspec, stderr, stdout};
use serde_json::Value;

/// qspec's count as JSON: the summary line of `count --jsonl`.
fn qspec_count(args: &[&str]) -> Value {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    all.push("--jsonl");
    let o = qspec(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

fn number(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// The text of a file of the evidence, gzip-compressed when its name ends
/// in `.gz`.
fn evidence(path: &str) -> String {
    use std::io::Read;
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    if path.ends_with(".gz") {
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .unwrap();
    } else {
        std::io::BufReader::new(file)
            .read_to_string(&mut text)
            .unwrap();
    }
    text
}

/// The least image of a set of cells (indices r * n + c) under the
/// square's eight symmetries: one name for its class, whichever member a
/// program chose to show.
fn least_image(n: usize, cells: &[usize]) -> Vec<usize> {
    (0..8).map(|s| square::image(n, s, cells)).min().unwrap()
}

/// Queens each attacking exactly k others, the most of them, n = 5..7: the
/// optimum and the classes by qspec (`count --optimal --up-to-symmetry`),
/// and by the checker's search, which also finds no placement with one
/// queen more, up to the line identity's bound.
#[test]
fn queens_attacking_exactly_k_the_optimum_and_its_classes() {
    for k in [2u32, 3, 4] {
        for n in 5..=7usize {
            let (n_text, k_text) = (format!("n={n}"), format!("k={k}"));
            let q = qspec_count(&[
                "models/queens-attacking-exactly-k-max.qspec",
                "-D",
                &n_text,
                "-D",
                &k_text,
                "--optimal",
                "--up-to-symmetry",
            ]);
            let m = number(&q, "optimum") as usize;
            let c = attacks::count(n, k, m, &mut |_| {});
            assert_eq!(
                (c.solutions, c.classes),
                (number(&q, "solutions"), number(&q, "classes")),
                "n={n} k={k} m={m}"
            );
            let bound = 2 * (6 * n - 2) / (8 - k as usize);
            for more in m + 1..=bound {
                assert_eq!(
                    attacks::count(n, k, more, &mut |_| {}).solutions,
                    0,
                    "n={n} k={k} m={more}"
                );
            }
        }
    }
}

/// The values of docs/results.md both routes settled that qspec reaches in
/// a second or two, held by qspec alone here (the checker's routes for them
/// are Python, run by hand): A051568 / A051758, exactly 2 attacks, n = 10
/// to 13 (3 as the sequence; 37, 5 and 83 new), and the optimal placements
/// on 4^4 and 3^5 (the thesis' 404,564, and 72,192 against its 71,154).
#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_settled_values_qspec_reaches_in_seconds() {
    let k2 = [
        (10, 18, 3, 24),
        (11, 20, 37, 296),
        (12, 22, 5, 40),
        (13, 24, 83, 664),
    ];
    for (n, optimum, classes, boards) in k2 {
        let n_text = format!("n={n}");
        let q = qspec_count(&[
            "models/queens-attacking-exactly-k-max.qspec",
            "-D",
            &n_text,
            "-D",
            "k=2",
            "--optimal",
            "--up-to-symmetry",
        ]);
        let got = ["optimum", "classes", "solutions"].map(|k| number(&q, k));
        assert_eq!(got, [optimum, classes, boards], "k=2 n={n}");
    }
    for (board, optimum, classes, placements) in
        [("4^4", 16, 1075, 404_564), ("3^5", 11, 22, 72_192)]
    {
        let dir = tempfile::tempdir().unwrap();
        let text = format!("board {board}\npiece queen\nrule no_attack\nmaximize count\n");
        let path = common::write_text(dir.path(), "q.qspec", &text);
        let q = qspec_count(&[&path, "--optimal", "--up-to-symmetry"]);
        let got = ["optimum", "classes", "solutions"].map(|k| number(&q, k));
        assert_eq!(got, [optimum, classes, placements], "{board}");
    }
}

/// A051568 / A051758 (exactly 2 attacks), n = 10..14, class by class:
/// the classes qspec lists at the optimum against the checker's canonical
/// boards kept in results/a051758/ (its own CNF, Glucose, every board
/// listed: docs/results.md), each taken to its least image here, so
/// neither program's choice of a class's member matters.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn exactly_two_attacks_class_by_class_against_the_checkers_boards() {
    for n in 10..=14usize {
        let ours = jsonl_classes(&common::k_max_classes(n, 2), n);
        let file = ["txt", "txt.gz"]
            .map(|ext| format!("results/a051758/n{n}-classes.{ext}"))
            .into_iter()
            .find(|path| std::path::Path::new(path).exists())
            .unwrap_or_else(|| panic!("no class list of n = {n}"));
        let theirs = drawn_classes(&evidence(&file), n);
        assert!(!theirs.is_empty(), "{file} holds no board");
        assert_eq!(ours, theirs, "n={n}: qspec's classes and {file}'s");
    }
}

/// qspec's class representatives of a `solve --all --up-to-symmetry
/// --jsonl` listing on n x n, each as its least image.
fn listed_classes(args: &[&str], n: usize) -> std::collections::BTreeSet<Vec<usize>> {
    let mut all = vec!["solve", "--all", "--up-to-symmetry", "--jsonl"];
    all.extend_from_slice(args);
    let o = qspec(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    jsonl_classes(&stdout(&o), n)
}

/// The boards of a `--jsonl` listing on n x n, each as its least image.
fn jsonl_classes(text: &str, n: usize) -> std::collections::BTreeSet<Vec<usize>> {
    text.lines()
        .filter_map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let cells = v["cells"].as_array()?.iter().map(|rc| {
                let at = |i: usize| rc[i].as_u64().unwrap() as usize;
                at(0) * n + at(1)
            });
            Some(least_image(n, &cells.collect::<Vec<_>>()))
        })
        .collect()
}

/// The boards of a checker's list (rows of `.` and `Q` split by `/`, a
/// line each, beside its `lines n=...` counts), each as its least image.
fn drawn_classes(text: &str, n: usize) -> std::collections::BTreeSet<Vec<usize>> {
    text.lines()
        .filter(|line| !line.starts_with("lines") && line.contains('/'))
        .map(|line| {
            let cells: Vec<usize> = line
                .split('/')
                .enumerate()
                .flat_map(|(r, row)| {
                    row.trim()
                        .char_indices()
                        .filter(|&(_, ch)| ch == 'Q')
                        .map(move |(c, _)| r * n + c)
                })
                .collect();
            least_image(n, &cells)
        })
        .collect()
}

/// No three in line, n = 2..9, class by class: qspec's row search
/// (`solve --all --up-to-symmetry`) and the checker's own search (rows
/// top down, each pair of points forbidding its line below) list the same
/// classes, as many as A000769 says, of A000755's boards.
#[test]
fn no_three_in_line_class_by_class_by_both_routes() {
    for (n, classes, boards) in crate::common::NO_THREE_IN_LINE {
        let n_is = format!("n={n}");
        let ours = listed_classes(&["models/no-three-in-line.qspec", "-D", &n_is], n);
        let mut theirs = std::collections::BTreeSet::new();
        let count = lines::count(n, &mut |cells| {
            theirs.insert(least_image(n, cells));
        });
        assert_eq!(
            (count.classes, count.solutions),
            (classes, boards),
            "n = {n}"
        );
        assert_eq!(count.class_sizes, boards, "n = {n}");
        assert_eq!(ours, theirs, "n = {n}: qspec's classes and the checker's");
    }
}

/// No three in line, n = 10 to 12: qspec's classes, listed afresh,
/// against the checker's lists kept in results/a000769/ (made by `check
/// lines N --list`).
#[test]
#[ignore = "slow: .ci/run runs it"]
fn no_three_in_line_n_10_to_12_against_the_checkers_lists() {
    for (n, classes) in [(10usize, 156), (11, 158), (12, 566)] {
        let n_is = format!("n={n}");
        let ours = listed_classes(&["models/no-three-in-line.qspec", "-D", &n_is], n);
        let file = format!("results/a000769/n{n}-classes.txt");
        let theirs = drawn_classes(&evidence(&file), n);
        assert_eq!(theirs.len(), classes, "{file}");
        assert_eq!(ours, theirs, "n = {n}: qspec's classes and {file}'s");
    }
}

/// No three in line, n = 13 to 15, by both routes from the lists kept in
/// results/a000769/: qspec's (`solve --all --up-to-symmetry --jsonl`, one
/// line a class, its closing line saying the listing was whole) judged
/// from the points alone — two points in each row and column, no three on
/// a line, the classes distinct, each class's stated size its orbit's —
/// and the checker's (`check lines N --list`, n = 14 in 64 parts and 15 in
/// 256, each part once, the parts' counts summed), the same classes, as
/// many as A000769 says, of A000755's boards.
#[test]
fn no_three_in_line_n_13_to_15_the_kept_lists_by_both_routes() {
    for (n, classes, boards, parts) in [
        (13usize, 499, 3622, 1),
        (14, 1366, 10568, 64),
        (15, 3978, 30634, 256),
    ] {
        let path = format!("results/a000769/n{n}-qspec.jsonl.gz");
        let ours = judged_no_three_in_line(n, &path);
        assert_eq!(
            (ours.len(), ours.values().sum::<u64>()),
            (classes, boards),
            "n = {n}: qspec's list"
        );
        let last: Value = serde_json::from_str(evidence(&path).lines().last().unwrap()).unwrap();
        assert_eq!(
            (number(&last, "solutions"), number(&last, "classes")),
            (boards, classes as u64),
            "{path}"
        );
        assert_eq!(last["complete"], Value::Bool(true), "{path}: {last}");
        let file = format!("results/a000769/n{n}-classes.txt.gz");
        let text = evidence(&file);
        assert_eq!(
            checker_parts(&text, n),
            (parts, boards, classes as u64),
            "{file}"
        );
        let theirs = drawn_classes(&text, n);
        let ours: std::collections::BTreeSet<Vec<usize>> = ours.into_keys().collect();
        assert_eq!(ours, theirs, "n = {n}: qspec's classes and {file}'s");
    }
}

/// The parts' lines of a checker's list of no three in line on n x n
/// (`lines n=14 part 3/64: 150 solutions, 19 classes (...)`, or one line
/// for the whole): how many parts, each once, and their solutions and
/// classes summed.
fn checker_parts(text: &str, n: usize) -> (usize, u64, u64) {
    let mut seen = std::collections::BTreeSet::new();
    let (mut solutions, mut classes) = (0, 0);
    for line in text.lines().filter(|l| l.starts_with("lines n=")) {
        let (head, counts) = line.split_once(": ").unwrap();
        let part = head
            .strip_prefix(&format!("lines n={n}"))
            .unwrap_or_else(|| panic!("{line}"));
        assert!(seen.insert(part.to_string()), "a part twice: {line}");
        let words: Vec<&str> = counts.split_whitespace().collect();
        assert_eq!((words[1], words[3]), ("solutions,", "classes"), "{line}");
        solutions += words[0].parse::<u64>().unwrap();
        classes += words[2].parse::<u64>().unwrap();
    }
    (seen.len(), solutions, classes)
}

/// A `--jsonl` list of no three in line on n x n (one line a class) judged
/// from the points alone: every board has two points in each row and
/// column and no three on a line, no two are of one class, and each
/// class's stated size is its orbit's. Each class's least image and size.
fn judged_no_three_in_line(n: usize, path: &str) -> std::collections::BTreeMap<Vec<usize>, u64> {
    let text = evidence(path);
    let mut classes = std::collections::BTreeMap::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let Some(cells) = v["cells"].as_array() else {
            continue;
        };
        let points: Vec<(i64, i64)> = cells
            .iter()
            .map(|rc| (rc[0].as_i64().unwrap(), rc[1].as_i64().unwrap()))
            .collect();
        assert_eq!(points.len(), 2 * n, "{line}");
        for i in 0..n as i64 {
            assert_eq!(
                points.iter().filter(|p| p.0 == i).count(),
                2,
                "row {i}: {line}"
            );
            assert_eq!(
                points.iter().filter(|p| p.1 == i).count(),
                2,
                "column {i}: {line}"
            );
        }
        for (a, p) in points.iter().enumerate() {
            for (b, q) in points.iter().enumerate().skip(a + 1) {
                for r in &points[b + 1..] {
                    let cross = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
                    assert_ne!(cross, 0, "points {a}, {b} and another in line: {line}");
                }
            }
        }
        let indices: Vec<usize> = points
            .iter()
            .map(|&(r, c)| r as usize * n + c as usize)
            .collect();
        let orbit: std::collections::BTreeSet<Vec<usize>> =
            (0..8).map(|s| square::image(n, s, &indices)).collect();
        assert_eq!(number(&v, "class_size"), orbit.len() as u64, "{line}");
        let size = orbit.len() as u64;
        assert!(
            classes.insert(least_image(n, &indices), size).is_none(),
            "a class twice: {line}"
        );
    }
    classes
}

/// The blocked 8x8 board with 3 walls: qspec's sweep and the checker's
/// table, value by value (the article's table too: 294, 4291, 692, 1).
#[test]
fn blocked_8x8_three_walls_value_by_value() {
    let o = qspec(&["sweep", "models/blocked-8x8.qspec", "--walls", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut by_value = std::collections::BTreeMap::<u32, (u64, u64)>::new();
    for line in stdout(&o).lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let entry = by_value.entry(number(&v, "value") as u32).or_default();
        entry.0 += 1;
        entry.1 += number(&v, "class_size");
    }
    let checker = blocked::table(8, 3, &mut |_, _| {});
    assert_eq!(by_value, checker.by_value);
    let classes: Vec<u64> = by_value.values().map(|v| v.0).collect();
    assert_eq!(classes, [294, 4291, 692, 1]);
}

/// The most non-attacking queens on 3^3, 4^3, 5^3 and 3^4, and the
/// optimal placements with their classes under the board's symmetries:
/// qspec's optimum and count (listed by the clique search, and by CaDiCaL)
/// against the checker's own search, which also finds no placement with
/// one queen more.
#[test]
fn queens_on_small_cubes_the_optimal_placements() {
    for (n, d) in [(3usize, 3usize), (4, 3), (5, 3), (3, 4)] {
        let board = format!("board {n}^{d}\npiece queen\nrule no_attack\nmaximize count\n");
        let dir = tempfile::tempdir().unwrap();
        let path = common::write_text(dir.path(), "cube.qspec", &board);
        let by =
            |engine| qspec_count(&[&path, "--optimal", "--up-to-symmetry", "--engine", engine]);
        let q = by("clique");
        let m = number(&q, "optimum") as usize;
        let c = cube::count(n, d, m);
        assert_eq!(
            (c.solutions, c.classes),
            (number(&q, "solutions"), number(&q, "classes")),
            "{n}^{d} with {m} queens"
        );
        if n < 5 {
            assert_eq!(by("cadical"), q, "{n}^{d}: CaDiCaL lists the same");
        }
        assert_eq!(
            cube::count(n, d, m + 1).solutions,
            0,
            "{n}^{d}: no {} queens",
            m + 1
        );
    }
}

/// The evidence of (8,3) >= 49 (`results/a068940-8/`): every leaf of the
/// plan that ran has its result line, all `unsatisfiable`, and `sweep
/// merge` joins them into "none" with the nodes said in docs/results.md.
/// (Re-running a part takes seconds in a release build, minutes here.)
#[test]
fn the_evidence_of_8_cubed_merges_to_none() {
    let plan = evidence("results/a068940-8/plan.jsonl.gz");
    let leaves: usize = plan
        .lines()
        .map(|task| {
            let json: Value = serde_json::from_str(task).unwrap();
            json["parts"][0]["split"]["nodes"].as_array().unwrap().len()
        })
        .sum();
    assert_eq!((plan.lines().count(), leaves), (64, 1030));
    assert_the_leaves_merge_to(
        "results/a068940-8/leaves.jsonl.gz",
        1030,
        "m=49 n=8: none  (238585987 nodes searched)",
    );
}

/// The kept result lines of a split search's `leaves` leaves (`path`):
/// one a leaf, in leaf order, all `unsatisfiable`, and `sweep merge` joins
/// them into the one line `merged`.
fn assert_the_leaves_merge_to(path: &str, leaves: u64, merged: &str) {
    let lines = evidence(path);
    let indices: Vec<u64> = lines
        .lines()
        .map(|l| {
            let json: Value = serde_json::from_str(l).unwrap();
            assert_eq!(json["status"], "unsatisfiable");
            assert_eq!(json["leaves"], leaves);
            json["leaf"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(indices, (0..leaves).collect::<Vec<u64>>());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("leaves.jsonl");
    std::fs::write(&file, &lines).unwrap();
    let o = qspec(&["sweep", "merge", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("1 instance\n{merged}\n"));
}

/// The evidence of a(16) <= 37 for peaceable queens
/// (`results/a250000-16/`): the plan that ran is the one today's qspec
/// makes, every one of its leaves has its result line, all
/// `unsatisfiable`, and `sweep merge` joins them into "none" with the
/// nodes said in docs/results.md.
#[test]
fn the_evidence_of_a250000_16_merges_to_none() {
    let kept = evidence("results/a250000-16/plan.jsonl.gz");
    let o = qspec(&[
        "solve",
        "models/peaceable-queens-at-least.qspec",
        "-D",
        "n=16",
        "-D",
        "m=38",
        "--split",
        "1024",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let split_of = |task: &str| -> Value {
        let json: Value = serde_json::from_str(task).unwrap();
        json["parts"][0]["split"].clone()
    };
    let made = stdout(&o);
    assert_eq!(made.lines().count(), 1024);
    let mut leaves = 0;
    for (kept, made) in kept.lines().zip(made.lines()) {
        let split = split_of(kept);
        assert_eq!(split, split_of(made), "the plan that ran is today's");
        leaves += split["colourings"].as_array().unwrap().len();
    }
    assert_eq!((kept.lines().count(), leaves), (1024, 16439));
    assert_the_leaves_merge_to(
        "results/a250000-16/leaves.jsonl.gz",
        16439,
        "m=38 n=16: none  (3968531406 nodes searched)",
    );
}

/// a(17) <= 42 under way (`results/a250000-17/`): the plan that runs is
/// the one today's qspec makes, and the leaves kept so far are whole
/// tasks of it, each leaf once, all `unsatisfiable`; `sweep merge` says
/// the instance is unfinished, with the nodes docs/results.md gives.
#[test]
fn the_tasks_of_a250000_17_run_so_far_find_no_board() {
    let kept = evidence("results/a250000-17/plan.jsonl.gz");
    let o = qspec(&[
        "solve",
        "models/peaceable-queens-at-least.qspec",
        "-D",
        "n=17",
        "-D",
        "m=43",
        "--split",
        "4096",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let split_of = |task: &str| -> Value {
        let json: Value = serde_json::from_str(task).unwrap();
        json["parts"][0]["split"].clone()
    };
    let made = stdout(&o);
    assert_eq!(made.lines().count(), 4096);
    // Each task's leaves: `first` and as many after it as it has colourings.
    let mut task_of = std::collections::BTreeMap::new();
    for (kept, made) in kept.lines().zip(made.lines()) {
        let split = split_of(kept);
        assert_eq!(split, split_of(made), "the plan that runs is today's");
        let first = split["first"].as_u64().unwrap();
        let size = split["colourings"].as_array().unwrap().len() as u64;
        task_of.insert(first, size);
    }
    let leaves = evidence("results/a250000-17/leaves-done.jsonl.gz");
    let indices: Vec<u64> = leaves
        .lines()
        .map(|l| {
            let json: Value = serde_json::from_str(l).unwrap();
            assert_eq!(json["status"], "unsatisfiable");
            assert_eq!(json["leaves"], 65609);
            json["leaf"].as_u64().unwrap()
        })
        .collect();
    assert!(indices.windows(2).all(|w| w[0] < w[1]), "each leaf once");
    let done: std::collections::BTreeSet<u64> = indices.iter().copied().collect();
    let mut whole_tasks = 0;
    for (&first, &size) in &task_of {
        let here = (first..first + size).filter(|i| done.contains(i)).count() as u64;
        assert!(
            here == 0 || here == size,
            "task from leaf {first}: {here} of {size}"
        );
        whole_tasks += u64::from(here == size);
    }
    assert_eq!((whole_tasks, indices.len()), (2009, 32217));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("leaves.jsonl");
    std::fs::write(&file, &leaves).unwrap();
    let o = qspec(&["sweep", "merge", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "1 instance\nm=43 n=17: unfinished  (7964161530 nodes searched)\n"
    );
}

/// The second route of a(16) <= 37 (`results/a250000-16/checker-parts.txt.gz`):
/// the checker's own search, sharing no code with qspec, cut into 4096
/// parts, every part's line kept, in order, all with no board and the
/// nodes said in docs/results.md; the cheapest part, run again here,
/// searches the nodes its line says and finds no board.
#[test]
fn the_checkers_4096_parts_of_a250000_16_find_no_board() {
    let kept = evidence("results/a250000-16/checker-parts.txt.gz");
    let nodes: Vec<u64> = kept
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let head = format!("# armies n=16 m=38 part {i}/4096: 0 boards, 0 classes, ");
            let rest = line.strip_prefix(&head).unwrap_or_else(|| panic!("{line}"));
            rest.split(" nodes, ").next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(nodes.len(), 4096);
    assert_eq!(nodes.iter().sum::<u64>(), 14_485_257_806);
    let cheapest = (0..4096).min_by_key(|&i| nodes[i]).unwrap();
    let found = armies::find_part(16, 38, cheapest, 4096);
    assert_eq!(
        (found.boards, found.nodes),
        (0, nodes[cheapest]),
        "part {cheapest}"
    );
}

/// No white queen of `white` and black one of `black` (cells `r * n + c`
/// of n x n) on a row, column or diagonal; `what` names the board.
fn assert_peaceful(n: usize, white: &[usize], black: &[usize], what: &str) {
    let (r, c) = (|x: usize| (x / n) as i64, |x: usize| (x % n) as i64);
    for &w in white {
        for &b in black {
            let apart = r(w) != r(b)
                && c(w) != c(b)
                && r(w) - c(w) != r(b) - c(b)
                && r(w) + c(w) != r(b) + c(b);
            assert!(apart, "white {w} and black {b} on a line: {what}");
        }
    }
}

/// a(16) >= 37 for peaceable queens: the board kept in
/// `results/a250000-16/board-37.txt` (Ainley's construction, as A250000
/// draws it) holds 37 white and 37 black queens with no white and black on
/// a row, column or diagonal, judged here from the picture alone, and
/// `qspec verify` finds it a board of the decision model at m = 37 and not
/// at 38.
#[test]
fn peaceable_queens_37_each_on_16_by_16_the_kept_board() {
    let path = "results/a250000-16/board-37.txt";
    let picture = std::fs::read_to_string(common::root().join(path)).unwrap();
    let mut armies = [Vec::new(), Vec::new()];
    for (r, row) in picture.lines().enumerate() {
        for (c, cell) in row.split_whitespace().enumerate() {
            match cell {
                "W" => armies[0].push(r * 16 + c),
                "B" => armies[1].push(r * 16 + c),
                other => assert_eq!(other, ".", "row {r}"),
            }
        }
        assert_eq!(row.split_whitespace().count(), 16, "row {r}");
    }
    assert_eq!(picture.lines().count(), 16);
    assert_eq!((armies[0].len(), armies[1].len()), (37, 37));
    assert_peaceful(16, &armies[0], &armies[1], path);
    for (m, holds) in [("m=37", true), ("m=38", false)] {
        let o = qspec(&[
            "verify",
            "models/peaceable-queens-at-least.qspec",
            "-D",
            "n=16",
            "-D",
            m,
            path,
        ]);
        assert_eq!(o.status.success(), holds, "{m}: {}", stdout(&o));
    }
}

/// docs/results.md draws the 48 queens on 8^3 layer by layer (`z=K`, then
/// the rows x = 0..7, each row's cells y = 0..7): the picture is the
/// placement kept in results/a068940-8/placements-48.jsonl, cell `[x, y, z]`.
#[test]
fn the_drawn_48_queens_on_8_cubed_are_the_kept_placement() {
    let page = std::fs::read_to_string(common::root().join("docs/results.md")).unwrap();
    let mut drawn = std::collections::BTreeSet::new();
    for line in page.lines().filter(|l| l.starts_with("z=")) {
        let mut words = line.split_whitespace();
        let z: usize = words.next().unwrap()[2..].parse().unwrap();
        for (x, row) in words.enumerate() {
            for (y, c) in row.chars().enumerate() {
                if c == 'Q' {
                    drawn.insert(vec![x, y, z]);
                }
            }
        }
    }
    let kept =
        std::fs::read_to_string(common::root().join("results/a068940-8/placements-48.jsonl"))
            .unwrap();
    let first: Value = serde_json::from_str(kept.lines().next().unwrap()).unwrap();
    let listed: std::collections::BTreeSet<Vec<usize>> =
        serde_json::from_value(first["cells"].clone()).unwrap();
    assert_eq!(drawn.len(), 48);
    assert_eq!(drawn, listed);
}

/// A250000 (peaceable queens), n = 1..11: the optimum the armies search
/// proves, which `auto` picks for the model, is the sequence's; n = 1..8
/// agree with the checker's own CNF (`heavy::results_checker`), and n = 9
/// to 11 with the SAT route (docs/results.md).
#[test]
fn peaceable_queens_by_the_armies_search() {
    let a250000 = [0, 0, 1, 2, 4, 5, 7, 9, 12, 14, 17];
    for (i, &optimum) in a250000.iter().enumerate() {
        let n = format!("n={}", i + 1);
        let o = qspec(&["solve", "models/peaceable-queens.qspec", "-D", &n]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{n}{out}{}", stderr(&o));
        assert!(out.contains("c engine: armies"), "{n}{out}");
        assert!(
            out.contains(&format!("count white = {optimum} (proven optimal)"))
                && out.contains("verified: every rule holds"),
            "{n}{out}"
        );
    }
}

/// OEIS A279405, peaceable queens on the n x n torus, n = 1..12 (the
/// sequence's range, n = 10..12 by an integer program in 2024).
const A279405: [usize; 12] = [0, 0, 0, 2, 2, 4, 4, 8, 7, 12, 10, 18];

/// The optimum of the torus model for `n` as `solve` proves it, with the
/// board it prints judged from the cells alone.
fn torus_optimum(n: usize) -> usize {
    let size = format!("n={n}");
    let o = qspec(&[
        "solve",
        "models/peaceable-queens-torus.qspec",
        "-D",
        &size,
        "--jsonl",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{size}{out}{}", stderr(&o));
    assert!(
        stderr(&o).contains("c engine: armies"),
        "{size}{}",
        stderr(&o)
    );
    let line = out.lines().next().expect("the verdict");
    let v: Value = serde_json::from_str(line).unwrap();
    assert_eq!(v["status"], "optimal", "{line}");
    let m = number(&v, "value") as usize;
    if m > 0 {
        let (white, black) = two_armies(n, &v).expect("a board");
        assert_peaceful_on_the_torus(n, &white, &black, m, &size);
    }
    m
}

/// A board of `m` white and `m` black queens on the n x n torus with no
/// two of different colours on one wrapped row, column or diagonal,
/// judged here from the cells.
fn assert_peaceful_on_the_torus(n: usize, white: &[usize], black: &[usize], m: usize, what: &str) {
    assert_eq!((white.len(), black.len()), (m, m), "{what}");
    let wraps = |a: usize, b: usize| {
        let (dr, dc) = ((b / n + n - a / n) % n, (b % n + n - a % n) % n);
        dr == 0 || dc == 0 || dr == dc || dr + dc == n
    };
    for &w in white {
        for &b in black {
            assert!(
                w != b && !wraps(w, b),
                "{what}: ({},{}) and ({},{})",
                w / n,
                w % n,
                b / n,
                b % n
            );
        }
    }
}

/// The checker's answer for `m` on the n x n torus: a board (judged here)
/// or none.
fn checker_torus_has(n: usize, m: usize) -> bool {
    let found = torus::find(n, m);
    if let Some((white, black)) = &found.board {
        assert_peaceful_on_the_torus(n, white, black, m, &format!("the checker's n={n} m={m}"));
    }
    found.board.is_some()
}

/// A279405 (peaceable queens on the torus), n = 1..10: the armies search
/// (`auto`'s pick: the lines wrap, the translations are symmetries) proves
/// the sequence's value, and the checker's own search (results/check/src/
/// torus.rs) finds a board of that many and none of one more.
#[test]
fn peaceable_queens_on_the_torus_by_both_routes() {
    for n in 1..=10 {
        let m = A279405[n - 1];
        assert_eq!(torus_optimum(n), m, "n={n}");
        assert!(m == 0 || checker_torus_has(n, m), "n={n}");
        assert!(!checker_torus_has(n, m + 1), "n={n}");
    }
}

/// A279405 past the sequence: n = 11 and 12 (the sequence's last terms)
/// and n = 13, 14 (new terms, 16 and 25) by both routes; the boards kept
/// in results/a279405/ for n = 13..16 judged from their cells.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn peaceable_queens_on_the_torus_n_11_to_14_and_the_kept_boards() {
    for (n, m) in [(11, 10), (12, 18), (13, 16), (14, 25)] {
        assert!(n > 12 || A279405[n - 1] == m);
        assert_eq!(torus_optimum(n), m, "n={n}");
        assert!(
            checker_torus_has(n, m) && !checker_torus_has(n, m + 1),
            "n={n}"
        );
    }
    for (n, m) in [(13, 16), (14, 25), (15, 20), (16, 32)] {
        let text = std::fs::read_to_string(format!("results/a279405/n{n}-qspec.json")).unwrap();
        let v: Value = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(
            (number(&v, "value") as usize, v["status"].as_str()),
            (m, Some("optimal"))
        );
        let (white, black) = two_armies(n, &v).expect("a board");
        assert_peaceful_on_the_torus(n, &white, &black, m, &format!("the kept board n={n}"));
        let drawn = std::fs::read_to_string(format!("results/a279405/n{n}-checker.txt")).unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        assert!(
            lines[0].starts_with(&format!("# armies-torus n={n} m={m}: a board")),
            "{drawn}"
        );
        assert!(
            lines[2].starts_with(&format!("# armies-torus n={n} m={}: none", m + 1)),
            "{drawn}"
        );
        let rows: Vec<&str> = lines[1].split(" / ").collect();
        let on = |colour: char| -> Vec<usize> {
            rows.iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(move |p| p.1 == colour)
                        .map(move |(c, _)| r * n + c)
                })
                .collect()
        };
        assert_peaceful_on_the_torus(
            n,
            &on('W'),
            &on('B'),
            m,
            &format!("the checker's kept board n={n}"),
        );
    }
}

/// OEIS A328283 (three armies of queens, Knuth's extension), n = 1..7:
/// the SAT route proves the sequence's optimum (the armies search takes
/// two armies), and the board it prints verifies.
#[test]
fn three_armies_by_the_sat_route() {
    let a328283 = [0, 0, 0, 1, 1, 2, 3];
    for (i, &optimum) in a328283.iter().enumerate() {
        let n = format!("n={}", i + 1);
        let o = qspec(&["solve", "models/peaceable-queens-three.qspec", "-D", &n]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{n}{out}{}", stderr(&o));
        assert!(
            out.contains(&format!("count white = {optimum} (proven optimal)"))
                && out.contains("verified: every rule holds"),
            "{n}{out}"
        );
    }
}

/// A board of two armies from a line of qspec's `--jsonl` list: its white
/// and black cells (r * n + c), with the stated class size (`None` for the
/// summary line).
fn armies_of(n: usize, line: &str) -> Option<(Vec<usize>, Vec<usize>, u64)> {
    let v: Value = serde_json::from_str(line).unwrap();
    let (white, black) = two_armies(n, &v)?;
    Some((white, black, number(&v, "class_size")))
}

/// The white and black cells (r * n + c) of a board qspec prints as JSON
/// (`None` for a line without cells).
fn two_armies(n: usize, v: &Value) -> Option<(Vec<usize>, Vec<usize>)> {
    let cells = v["cells"].as_array()?;
    let kinds = v["kinds"].as_array().unwrap();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (rc, kind) in cells.iter().zip(kinds) {
        let cell = rc[0].as_u64().unwrap() as usize * n + rc[1].as_u64().unwrap() as usize;
        match kind.as_str() {
            Some("white") => white.push(cell),
            Some("black") => black.push(cell),
            other => panic!("kind {other:?}: {v}"),
        }
    }
    Some((white, black))
}

/// A260680, n = 13 and 14 (new terms), by both routes: the checker's own
/// lists (`check armies N M --list`, kept in results/a260680/ with their
/// counts and those of `check armies N M+1`: no board of M + 1 each) and
/// qspec's, the same classes (2155 of 32486 boards, 579 of 9264), each
/// taken to its least image of 16.
#[test]
fn peaceable_armies_n_13_and_14_the_kept_lists_by_both_routes() {
    for (n, m, boards, classes) in [(13, 24, 32486, 2155), (14, 28, 9264, 579)] {
        let ours = kept_army_classes(n, &format!("results/a260680/n{n}-qspec.jsonl.gz"));
        let text = evidence(&format!("results/a260680/n{n}-checker.txt.gz"));
        let theirs = checker_army_classes(n, &text);
        let counts: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
        assert_eq!(counts.len(), 2, "{counts:?}");
        let (listed, above) = (
            format!("# armies n={n} m={m}: {boards} boards, {classes} classes"),
            format!("# armies n={n} m={}: 0 boards, 0 classes", m + 1),
        );
        assert!(counts[0].starts_with(&listed), "{}", counts[0]);
        assert!(counts[1].starts_with(&above), "{}", counts[1]);
        assert_eq!(ours.len(), classes, "n = {n}");
        assert_eq!(ours, theirs, "n = {n}: qspec's classes and the checker's");
    }
}

/// The least of the 16 images of each board a kept qspec list holds.
fn kept_army_classes(n: usize, path: &str) -> std::collections::BTreeSet<Vec<usize>> {
    evidence(path)
        .lines()
        .filter_map(|line| armies_of(n, line))
        .map(|(white, black, _)| least_army_image(n, &white, &black))
        .collect()
}

/// The least of the 16 images of each board of the checker's `--list`
/// lines, each judged peaceful from its cells first.
fn checker_army_classes(n: usize, text: &str) -> std::collections::BTreeSet<Vec<usize>> {
    let cells_of = |v: &Value, kind: &str| -> Vec<usize> {
        let cells = v[kind].as_array().unwrap().iter();
        let cell =
            |rc: &Value| rc[0].as_u64().unwrap() as usize * n + rc[1].as_u64().unwrap() as usize;
        cells.map(cell).collect()
    };
    text.lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let (white, black) = (cells_of(&v, "white"), cells_of(&v, "black"));
            assert_peaceful(n, &white, &black, line);
            least_army_image(n, &white, &black)
        })
        .collect()
}

/// The least of a board's 16 images ([`army_images`]).
fn least_army_image(n: usize, white: &[usize], black: &[usize]) -> Vec<usize> {
    let images = army_images(n, white, black);
    images.into_iter().next().expect("a board has images")
}

/// The 16 images of a board (the square's 8 maps, colours kept or
/// swapped), each white cells then black, sorted: the checker's form.
fn army_images(
    n: usize,
    white: &[usize],
    black: &[usize],
) -> std::collections::BTreeSet<Vec<usize>> {
    (0..8)
        .flat_map(|s| {
            let (w, b) = (square::image(n, s, white), square::image(n, s, black));
            [[w.clone(), b.clone()].concat(), [b, w].concat()]
        })
        .collect()
}

/// A250000 and A260680, n = 4..7, class by class: the classes qspec's
/// armies search lists at the optimum against those of the checker's own
/// search (`check armies N M`: every line but the first coloured both
/// ways, no symmetry but the swap of colours), and the checker finds no board of one more queen each.
#[test]
fn peaceable_armies_class_by_class_by_both_routes() {
    for (n, m, classes) in [(4usize, 2usize, 10usize), (5, 4, 3), (6, 5, 35), (7, 7, 19)] {
        let d = format!("n={n}");
        let o = qspec(&[
            "solve",
            "--all",
            "models/peaceable-queens.qspec",
            "-D",
            &d,
            "--optimal",
            "--up-to-symmetry",
            "--jsonl",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let ours: std::collections::BTreeSet<Vec<usize>> = stdout(&o)
            .lines()
            .filter_map(|l| armies_of(n, l))
            .map(|(w, b, _)| {
                assert_eq!((w.len(), b.len()), (m, m), "n={n}");
                least_army_image(n, &w, &b)
            })
            .collect();
        let theirs = armies::find(n, m);
        let theirs: std::collections::BTreeSet<Vec<usize>> = theirs.classes.into_iter().collect();
        assert_eq!(ours.len(), classes, "n={n}");
        assert_eq!(ours, theirs, "n={n}");
        assert_eq!(armies::find(n, m + 1).boards, 0, "n={n}: one more each");
    }
}

/// The checker's search cut into parts (`check armies N M --part I/K`, the
/// second route's plan for a(16)): the classes of the parts together are
/// the whole search's, at the optimum and (none) one above it, for
/// several numbers of parts.
#[test]
fn peaceable_checker_parts_find_what_the_whole_finds() {
    for (n, m) in [(6usize, 5usize), (7, 7), (8, 9)] {
        for size in [m, m + 1] {
            let whole: std::collections::BTreeSet<Vec<usize>> =
                armies::find(n, size).classes.into_iter().collect();
            assert_eq!(whole.is_empty(), size > m, "n={n} m={size}");
            for parts in [2usize, 5, 16] {
                let mut joined = std::collections::BTreeSet::new();
                for part in 0..parts {
                    joined.extend(armies::find_part(n, size, part, parts).classes);
                }
                assert_eq!(joined, whole, "n={n} m={size}, {parts} parts");
            }
        }
    }
}

/// A260680, n = 11 to 14 (new terms): the lists qspec's armies
/// search made (kept in results/a260680/, one line a class), judged here
/// from the cells alone: m white and m black queens with none on a row,
/// column or diagonal with one of the other colour, distinct classes under
/// the group of order 16, each class's stated size its orbit's; 696
/// classes of 11136 boards with 17 each on 11 x 11, 4 of 64 with 21 each
/// on 12 x 12, 2155 of 32486 with 24 each on 13 x 13, 579 of 9264 with
/// 28 each on 14 x 14.
#[test]
fn peaceable_armies_n_11_to_14_the_kept_lists() {
    let kept = [
        (11usize, 17usize, 696usize, 11136u64),
        (12, 21, 4, 64),
        (13, 24, 2155, 32486),
        (14, 28, 579, 9264),
    ];
    for (n, m, classes, boards) in kept {
        let text = evidence(&format!("results/a260680/n{n}-qspec.jsonl.gz"));
        let mut seen = std::collections::BTreeSet::new();
        let mut total = 0u64;
        for line in text.lines() {
            let Some((white, black, stated)) = armies_of(n, line) else {
                continue;
            };
            assert_eq!((white.len(), black.len()), (m, m), "{line}");
            assert_peaceful(n, &white, &black, line);
            let images = army_images(n, &white, &black);
            assert_eq!(stated, images.len() as u64, "{line}");
            total += stated;
            assert!(
                seen.insert(images.into_iter().next().unwrap()),
                "a class twice: {line}"
            );
        }
        assert_eq!((seen.len(), total), (classes, boards), "n={n}");
    }
}
