//! The checker's Python routes of docs/results.md (`results/check/
//! queens_k.py`: its own CNF, Glucose and d4 through PySAT and d4solver),
//! run for real on boards small enough for CI, against qspec's lists:
//!
//! * `--exclude LIST`: every board of a complete list excluded, Glucose
//!   finds no other placement (exit 0); with one class left out of the
//!   list, it finds a placement, which is a board of that class (exit 1) —
//!   on one solver and in 256 cubes; and the same with `--up-to-symmetry`
//!   (each class's least image excluded from the CNF cut to least images:
//!   the placement found is the left-out class's least image);
//! * `--list --up-to-symmetry`: one solution a class, each the least image
//!   of one of qspec's classes, on a board with symmetric classes;
//! * `--exclude LIST --cubes P --log FILE`: a run stopped part way asks
//!   only the cubes its log lacks; a log of another list, or of the other
//!   mode, is refused;
//! * `--count --cubes P --log FILE`: d4's count cube by cube equals the
//!   sum of qspec's class sizes, the log holds the split and the 256
//!   cubes, a run given the log counts nothing again, and the checker's
//!   `boards --cubes` matches the log against qspec's list cube by cube.
//!
//! * `cube_verify.py`: qspec's placements on n^d pass, a placement with
//!   two queens on one line fails, and so does a count short of M; with
//!   `--classes`, qspec's 22 classes of 5^3 spread into 1056 placements,
//!   and a class listed twice or with a wrong size fails.
//!
//! Run by `cargo test --features external-solvers --test suite
//! heavy::results_checker` after `pip install python-sat d4solver` (which
//! `.ci/run` does).

use crate::common;
use crate::{boards, square};

use std::path::Path;
use std::process::{Command, Output};

use common::{k_max_classes, stderr, stdout};

const CHECKER: &str = "results/check/queens_k.py";

/// `python3 SCRIPT ARGS` from the top folder.
fn python3(script: &str, args: &[&str]) -> Output {
    Command::new("python3")
        .arg(script)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("python3 runs {script}: {e}"))
}

fn checker(args: &[&str]) -> Output {
    python3(CHECKER, args)
}

/// The cells of a board the checker printed (rows of `.` and `Q`
/// separated by ` / `), as indices r * n + c.
fn board_cells(n: usize, rows: &str) -> Vec<usize> {
    let rows: Vec<&str> = rows.split('/').map(str::trim).collect();
    assert_eq!(rows.len(), n, "{rows:?}");
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.char_indices()
                .filter(|&(_, ch)| ch == 'Q')
                .map(move |(c, _)| r * n + c)
        })
        .collect()
}

/// The cells of one line of qspec's list, as indices r * n + c.
fn listed_cells(n: usize, line: &str) -> Option<Vec<usize>> {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let cells = v["cells"].as_array()?;
    Some(
        cells
            .iter()
            .map(|rc| rc[0].as_u64().unwrap() as usize * n + rc[1].as_u64().unwrap() as usize)
            .collect(),
    )
}

fn least_image(n: usize, cells: &[usize]) -> Vec<usize> {
    (0..8).map(|s| square::image(n, s, cells)).min().unwrap()
}

/// `list` without its line `dropped`.
fn without(list: &str, dropped: &str) -> String {
    list.lines()
        .filter(|l| *l != dropped)
        .map(|l| format!("{l}\n"))
        .collect()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn exclude_finds_nothing_past_a_complete_list_and_the_board_a_short_one_lacks() {
    // A019654 n = 8: 21 queens each attacking exactly 4 others, 40 classes.
    let (n, k, m) = (8, 4, "21");
    let list = k_max_classes(n, k);
    let classes: Vec<&str> = list.lines().filter(|l| l.contains("\"cells\"")).collect();
    assert_eq!(classes.len(), 40);
    let dir = tempfile::tempdir().unwrap();
    let complete = write(dir.path(), "complete.jsonl", &list);
    // The list without its 17th class.
    let dropped = classes[16];
    let short = write(dir.path(), "short.jsonl", &without(&list, dropped));
    let missing = least_image(n, &listed_cells(n, dropped).unwrap());
    // Every board of each class excluded, or (--up-to-symmetry) each
    // class's least image from the CNF cut to least images.
    let modes = [
        (&[][..], "320 boards in", "312 boards in"),
        (
            &["--up-to-symmetry"][..],
            "40 classes (their least images) in",
            "39 classes (their least images) in",
        ),
    ];
    for (mode, complete_read, short_read) in modes {
        for cubes in [&[][..], &["--cubes", "2"][..]] {
            let mut args = vec!["8", "4", m, "--exclude", &complete];
            args.extend_from_slice(mode);
            args.extend_from_slice(cubes);
            let o = checker(&args);
            assert_eq!(
                o.status.code(),
                Some(0),
                "{args:?}: {}{}",
                stdout(&o),
                stderr(&o)
            );
            assert!(stdout(&o).contains(complete_read), "{}", stdout(&o));
            assert!(
                stdout(&o).contains("none: every placement is in the list"),
                "{}",
                stdout(&o)
            );
            args[4] = &short;
            let o = checker(&args);
            assert_eq!(
                o.status.code(),
                Some(1),
                "{args:?}: {}{}",
                stdout(&o),
                stderr(&o)
            );
            let out = stdout(&o);
            assert!(out.contains(short_read), "{out}");
            let found = out
                .lines()
                .find_map(|l| l.strip_prefix("one more placement, not in the list: "))
                .unwrap_or_else(|| panic!("no placement found: {out}"));
            let found = board_cells(n, found);
            assert_eq!(
                least_image(n, &found),
                missing,
                "the placement found is of the class left out"
            );
            if !mode.is_empty() {
                assert_eq!(found, missing, "cut to least images, it is the least");
            }
        }
    }
}

#[test]
fn listing_up_to_symmetry_gives_each_class_once_as_its_least_image() {
    // A051759 n = 6: 12 queens each attacking exactly 3 others, 307
    // classes of 2356 boards, some classes fixed by a symmetry (so the cut
    // to least images is tried where an image equals the board).
    let (n, k) = (6, 3);
    let o = checker(&["6", "3", "12", "--list", "--up-to-symmetry"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    let head = lines.next().unwrap();
    assert!(
        head.contains("307 solutions, 307 classes (class sizes sum to 2356)"),
        "{head}"
    );
    let mut printed: Vec<Vec<usize>> = lines.map(|l| board_cells(n, l)).collect();
    printed.sort();
    let mut listed: Vec<Vec<usize>> = k_max_classes(n, k)
        .lines()
        .filter_map(|l| listed_cells(n, l))
        .map(|cells| least_image(n, &cells))
        .collect();
    listed.sort();
    assert_eq!(printed, listed, "the least images of qspec's 307 classes");
}

#[test]
fn exclude_in_cubes_resumes_from_its_log_and_refuses_another_list_s_log() {
    // A019654 n = 8: 320 boards; one class fewer: 312.
    let list = k_max_classes(8, 4);
    let dir = tempfile::tempdir().unwrap();
    let complete = write(dir.path(), "complete.jsonl", &list);
    let first_class = list.lines().find(|l| l.contains("\"cells\"")).unwrap();
    let short = write(dir.path(), "short.jsonl", &without(&list, first_class));
    let log = dir.path().join("exclude.log");
    let log_text = log.to_str().unwrap();
    fn args<'a>(list: &'a str, log: &'a str) -> [&'a str; 9] {
        [
            "8",
            "4",
            "21",
            "--exclude",
            list,
            "--cubes",
            "2",
            "--log",
            log,
        ]
    }
    let asked = |o: &Output| {
        stderr(o)
            .lines()
            .filter(|l| l.contains(" of 256 done)"))
            .count()
    };
    let o = checker(&args(&complete, log_text));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(asked(&o), 256);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("split "), "{text}");
    assert!(lines[1].starts_with("list 320 "), "{text}");
    assert_eq!(lines.len(), 2 + 256);
    assert!(lines[2..]
        .iter()
        .all(|l| l.starts_with("cube ") && l.contains(" none ")));
    // Stopped after 100 cubes: the rerun asks the other 156 only.
    std::fs::write(&log, lines[..2 + 100].join("\n") + "\n").unwrap();
    let o = checker(&args(&complete, log_text));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("none: every placement is in the list"));
    assert_eq!(asked(&o), 156);
    assert_eq!(
        std::fs::read_to_string(&log).unwrap().lines().count(),
        2 + 256
    );
    // The log of the complete list is not the short list's: refused.
    let o = checker(&args(&short, log_text));
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("is the log of another list: it says `list 320 "),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("this one is `list 312 "),
        "{}",
        stderr(&o)
    );
    // Nor is it a log of the check up to symmetry, on the same list.
    let mut up_to_symmetry = args(&complete, log_text).to_vec();
    up_to_symmetry.push("--up-to-symmetry");
    let o = checker(&up_to_symmetry);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("this one is `classes 40 "),
        "{}",
        stderr(&o)
    );
    // Up to symmetry, a log of its own: the split, the classes, 256 cubes.
    let sym_log = dir.path().join("exclude-classes.log");
    let mut up_to_symmetry = args(&complete, sym_log.to_str().unwrap()).to_vec();
    up_to_symmetry.push("--up-to-symmetry");
    let o = checker(&up_to_symmetry);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(asked(&o), 256);
    let text = std::fs::read_to_string(&sym_log).unwrap();
    assert!(
        text.lines().nth(1).unwrap().starts_with("classes 40 "),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2 + 256);
}

#[test]
fn d4_counts_in_cubes_resume_from_the_log_and_match_the_list_cube_by_cube() {
    // A019654 n = 8 again: 320 boards, 40 classes, none fixed by a symmetry.
    let (n, k) = (8, 4);
    let list = k_max_classes(n, k);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("cubes.log");
    let log_text = log.to_str().unwrap();
    let args = ["8", "4", "21", "--count", "--cubes", "2", "--log", log_text];
    let o = checker(&args);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("320 solutions, 40 classes (Burnside: fixed by each symmetry [320, 0, 0, 0, 0, 0, 0, 0])"),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let read = boards::read_cube_log(n, &text).unwrap();
    let mut cubes: Vec<usize> = read.counted.iter().map(|&(c, _)| c).collect();
    cubes.sort_unstable();
    assert_eq!(cubes, (0..256).collect::<Vec<_>>());
    // The list's boards, cube by cube, on the log's split.
    let least: Vec<Vec<usize>> = list
        .lines()
        .filter_map(|l| listed_cells(n, l))
        .map(|cells| least_image(n, &cells))
        .collect();
    let per_cube = boards::per_cube(n, &least, &read.split);
    for &(cube, count) in &read.counted {
        assert_eq!(per_cube[cube], count, "cube {cube}");
    }
    // Run again: every cube is read from the log, none counted again.
    let o = checker(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("320 solutions"), "{}", stdout(&o));
    assert!(!stderr(&o).contains("of 256 done"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), text);
}

fn cube_verify(args: &[&str]) -> Output {
    python3("results/check/cube_verify.py", args)
}

#[test]
fn cube_verify_passes_qspec_s_placements_and_fails_an_attacking_pair() {
    // 9^3's 67 of docs/results.md, as kept.
    let kept = "results/a068940-9/67-point-symmetric.jsonl";
    let o = cube_verify(&["9", "3", "67", kept]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("placement 1: 67 queens on 9^3, no two attacking"));
    assert_eq!(cube_verify(&["9", "3", "68", kept]).status.code(), Some(1));
    // Every optimal placement of 13 on 5^3 that qspec lists, then one broken.
    let dir = tempfile::tempdir().unwrap();
    let model = write(
        dir.path(),
        "q5.qspec",
        "board 5^3\npiece queen\nrule no_attack\ncount == 13\n",
    );
    let out = common::qspec(&["solve", &model, "--all", "--jsonl"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = write(dir.path(), "q5.jsonl", &stdout(&out));
    let o = cube_verify(&["5", "3", "13", &list]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().count(), 1056);
    let first = stdout(&out).lines().next().unwrap().to_string();
    let mut v: serde_json::Value = serde_json::from_str(&first).unwrap();
    // The second queen moved onto the first one's row (x, y fixed, z free).
    let (x, y, z) = {
        let q = &v["cells"][0];
        (q[0].clone(), q[1].clone(), q[2].as_u64().unwrap())
    };
    v["cells"][1] = serde_json::json!([x, y, (z + 2) % 5]);
    let broken = write(dir.path(), "broken.jsonl", &format!("{v}\n"));
    let o = cube_verify(&["5", "3", "13", &broken]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("attacking pairs"), "{}", stdout(&o));
}

#[test]
fn cube_verify_classes_spreads_qspec_s_classes_and_fails_a_repeat_or_a_wrong_size() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(
        dir.path(),
        "q5.qspec",
        "board 5^3\npiece queen\nrule no_attack\ncount == 13\n",
    );
    let out = common::qspec(&["solve", &model, "--all", "--up-to-symmetry", "--jsonl"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let classes = stdout(&out);
    let list = write(dir.path(), "q5.jsonl", &classes);
    let o = cube_verify(&["5", "3", "13", &list, "--classes"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let last = stdout(&o).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("22 classes, each of its stated size") && last.contains("sum to 1056"),
        "{last}"
    );
    // A class listed twice: its second listing shares every image.
    let first = classes.lines().next().unwrap();
    let repeated = write(dir.path(), "repeat.jsonl", &format!("{classes}{first}\n"));
    let o = cube_verify(&["5", "3", "13", &repeated, "--classes"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("placement 23: shares an image"),
        "{}",
        stdout(&o)
    );
    // A stated size its orbit does not have.
    let mut v: serde_json::Value = serde_json::from_str(first).unwrap();
    let size = v["class_size"].as_u64().unwrap();
    v["class_size"] = serde_json::json!(size / 2);
    let resized = write(dir.path(), "resized.jsonl", &format!("{v}\n"));
    let o = cube_verify(&["5", "3", "13", &resized, "--classes"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains(&format!(
        "{size} images, the list says class_size {}",
        size / 2
    )));
}

/// `peaceable.py` (its own CNF: a clause for every white and black queen
/// a move apart, no line view; its own square symmetries and swap of
/// colours): the optimum and the classes of peaceable armies for n = 4..6,
/// class by class against qspec's list (`compare_armies.py`), and qspec's
/// list with a class left out disagrees.
#[test]
fn peaceable_armies_class_by_class() {
    let dir = tempfile::tempdir().unwrap();
    for (n, m, classes, boards) in [(4, 2, 10, 112), (5, 4, 3, 18), (6, 5, 35, 560)] {
        let (n_arg, m_arg) = (n.to_string(), m.to_string());
        let optimum = python3("results/check/peaceable.py", &[&n_arg, "--optimum"]);
        let want = format!("# {n}: optimum {m} ({} unsatisfiable)", m + 1);
        assert!(stdout(&optimum).contains(&want), "{}", stdout(&optimum));
        let list = python3("results/check/peaceable.py", &[&n_arg, &m_arg, "--list"]);
        let text = stdout(&list);
        let want = format!("# {n} {m}: {boards} boards, {classes} classes\n");
        assert!(text.ends_with(&want), "{text}");
        let checked = common::write_text(dir.path(), &format!("c{n}.txt"), &text);
        let d = format!("n={n}");
        let ours = common::qspec(&[
            "solve",
            "--all",
            "models/peaceable-queens.qspec",
            "-D",
            &d,
            "--optimal",
            "--up-to-symmetry",
            "--jsonl",
        ]);
        let ours = stdout(&ours);
        let listed = common::write_text(dir.path(), &format!("q{n}.jsonl"), &ours);
        let compared = python3(
            "results/check/compare_armies.py",
            &[&n_arg, &listed, &checked],
        );
        let want = format!(
            "classes: qspec {classes} ({boards} boards), checker {classes} ({boards} boards); only in qspec 0, only in the checker 0"
        );
        assert!(
            stdout(&compared).contains(&want),
            "{}{}",
            stdout(&compared),
            stderr(&compared)
        );
        assert_eq!(compared.status.code(), Some(0));
        // One class left out of qspec's list.
        let short: String = ours.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let short = common::write_text(dir.path(), &format!("s{n}.jsonl"), &short);
        let compared = python3(
            "results/check/compare_armies.py",
            &[&n_arg, &short, &checked],
        );
        assert_eq!(compared.status.code(), Some(1), "{}", stdout(&compared));
    }
}
