//! Sweeps: wall placements (one per class or every one) and parameter
//! ranges, checked against the brute-force oracle on small boards and
//! against the blocked article's tables on 8x8; plans, tasks, resuming and
//! merging; puzzles against their definition.

use crate::common;

use common::{oracle, qspec, spec, stderr, stdout, write_text as write};
use qspec::board::symmetry::box_group;
use qspec::board::Board;
use qspec::sweep::Line;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const BLOCKED: &str = "board 8 x 8\npiece queen\nrule no_attack\nmaximize count\n";

/// Runs qspec, which must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    let o = qspec(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn lines(text: &str) -> Vec<Line> {
    text.lines().map(|l| Line::parse(l).unwrap()).collect()
}

/// Value -> (instances, boards).
fn histogram(lines: &[Line]) -> BTreeMap<i64, (u64, u64)> {
    let mut h = BTreeMap::new();
    for l in lines {
        let e = h.entry(l.value.unwrap()).or_insert((0, 0));
        e.0 += 1;
        e.1 += l.boards();
    }
    h
}

fn cells_of(board: &Board, cells: &[Vec<usize>]) -> Vec<usize> {
    let mut v: Vec<usize> = cells.iter().map(|c| board.index(c)).collect();
    v.sort_unstable();
    v
}

/// The value and the number of optimal solutions of `src` with walls on
/// `walls`, by the oracle.
fn brute(src: &str, board_dims: &[usize], walls: &[usize]) -> (Option<i64>, u64) {
    let b = Board::new(board_dims, false, &[]);
    let mut text = src.to_string();
    if !walls.is_empty() {
        let cells: Vec<String> = walls
            .iter()
            .map(|&c| qspec::board::show(&b.coords(c)))
            .collect();
        text.push_str(&format!("wall {}\n", cells.join(" ")));
    }
    let s = spec(&text);
    let board = Board::new(&s.dims, s.torus, &s.walls);
    let all = oracle(&s, &board);
    let sense_max = !text.contains("minimize");
    let value = |c: &Vec<usize>| c.len() as i64;
    let best = if sense_max {
        all.iter().map(value).max()
    } else {
        all.iter().map(value).min()
    };
    let count = all.iter().filter(|c| Some(value(c)) == best).count() as u64;
    (best, count)
}

/// Every placement's value and optimal count agree with the oracle, every
/// board found is a solution with that value, and the classes' sizes add
/// up to every placement.
fn agree_with_oracle(src: &str, dims: &[usize], k: usize, n_free: usize) {
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "m.qspec", src);
    let ks = k.to_string();
    let all = lines(&ok(&[
        "sweep",
        &model,
        "--walls",
        &ks,
        "--no-symmetry",
        "--optimal-count",
    ]));
    let classes = lines(&ok(&["sweep", &model, "--walls", &ks, "--optimal-count"]));
    let board = Board::new(dims, false, &[]);
    let binomial = (0..k).fold(1u64, |acc, i| acc * (n_free - i) as u64 / (i as u64 + 1));
    assert_eq!(all.len() as u64, binomial, "{src}");
    assert_eq!(
        classes.iter().map(Line::boards).sum::<u64>(),
        binomial,
        "{src}"
    );
    let by_walls: BTreeMap<Vec<usize>, &Line> = all
        .iter()
        .map(|l| (cells_of(&board, l.walls.as_ref().unwrap()), l))
        .collect();
    for line in &all {
        let walls = cells_of(&board, line.walls.as_ref().unwrap());
        let (value, count) = brute(src, dims, &walls);
        assert_eq!(line.value, value, "{src} walls {walls:?}");
        assert_eq!(line.optimal_count, Some(count), "{src} walls {walls:?}");
        let solution = line.solution.as_ref().unwrap();
        assert_eq!(solution.len() as i64, value.unwrap());
    }
    for class in &classes {
        let walls = cells_of(&board, class.walls.as_ref().unwrap());
        let raw = by_walls[&walls];
        assert_eq!(
            (class.value, class.optimal_count),
            (raw.value, raw.optimal_count)
        );
    }
}

#[test]
fn wall_sweeps_agree_with_the_oracle() {
    let queens = "board 4 x 4\npiece queen\nrule no_attack\nmaximize count\n";
    agree_with_oracle(queens, &[4, 4], 2, 16);
    agree_with_oracle(
        "board 3 x 4\npiece rook\nrule no_attack\nmaximize count\n",
        &[3, 4],
        3,
        12,
    );
    // A fixed piece and a forbidden cell take no wall and keep only the
    // symmetries that fix them.
    let knights =
        "board 4 x 4\npiece knight\nrule no_attack\nfix (0,0)\nforbid (3,3)\nmaximize count\n";
    agree_with_oracle(knights, &[4, 4], 2, 14);
    agree_with_oracle(
        "board 3 x 3\npiece queen\nrule dominate\nminimize count\n",
        &[3, 3],
        2,
        9,
    );
    let attacks = "board 4 x 4\npiece queen\nrule attacks == 1\nmaximize count\n";
    agree_with_oracle(attacks, &[4, 4], 1, 16);
    // A given wall stays, takes no other, and breaks symmetries.
    let walled = "board 4 x 4\nwall (0,1)\npiece queen\nrule no_attack\nmaximize count\n";
    agree_with_oracle(walled, &[4, 4], 2, 15);
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn the_blocked_article_two_and_three_walls() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "blocked.qspec", BLOCKED);
    let two = lines(&ok(&["sweep", &model, "--walls", "2"]));
    assert_eq!(two.len(), 278);
    let boards: Vec<(i64, u64)> = histogram(&two).iter().map(|(&v, &(_, b))| (v, b)).collect();
    assert_eq!(boards, vec![(8, 368), (9, 1610), (10, 38)]);
    let raw = lines(&ok(&["sweep", &model, "--walls", "2", "--no-symmetry"]));
    assert_eq!(raw.len(), 2016);
    let counts: Vec<(i64, u64)> = histogram(&raw).iter().map(|(&v, &(n, _))| (v, n)).collect();
    assert_eq!(counts, vec![(8, 368), (9, 1610), (10, 38)]);

    let three = lines(&ok(&["sweep", &model, "--walls", "3"]));
    let h = histogram(&three);
    let classes: Vec<(i64, u64)> = h.iter().map(|(&v, &(n, _))| (v, n)).collect();
    assert_eq!(classes, vec![(8, 294), (9, 4291), (10, 692), (11, 1)]);
    assert_eq!(h.values().map(|&(_, b)| b).sum::<u64>(), 41664);
    // The one board of value 11: walls (1,4) (3,1) (4,3) up to symmetry.
    let eleven: Vec<&Line> = three.iter().filter(|l| l.value == Some(11)).collect();
    let board = Board::new(&[8, 8], false, &[]);
    let article = cells_of(&board, &[vec![1, 4], vec![3, 1], vec![4, 3]]);
    let images: BTreeSet<Vec<usize>> = box_group(&[8, 8])
        .iter()
        .map(|g| {
            let map = g.cell_map(&board);
            let mut v: Vec<usize> = article.iter().map(|&c| map[c]).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert!(images.contains(&cells_of(&board, eleven[0].walls.as_ref().unwrap())));
}

#[test]
fn results_do_not_depend_on_threads_tasks_or_resuming() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let model = write(d, "m.qspec", BLOCKED);
    let args = [
        "sweep",
        &model,
        "--walls",
        "2",
        "--optimal-count-limit",
        "2",
    ];
    let one = ok(&[&args[..], &["--jobs", "1"]].concat());
    let two = ok(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one, two);
    // Planned in tasks of 256 (the chunk rounded up), run one by one.
    let plan = ok(&[
        "sweep",
        "plan",
        &model,
        "--walls",
        "2",
        "--optimal-count-limit",
        "2",
        "--chunk",
        "100",
    ]);
    assert_eq!(plan.lines().count(), 2);
    let tasks = write(d, "tasks.jsonl", &plan);
    let out = d.join("out");
    let outs = out.to_str().unwrap();
    ok(&[
        "sweep", "run", &tasks, "--task", "1", "--out", outs, "--jobs", "2",
    ]);
    ok(&[
        "sweep", "run", &tasks, "--task", "0", "--out", outs, "--jobs", "1",
    ]);
    let read = |i: usize| std::fs::read_to_string(out.join(format!("task-{i}.jsonl"))).unwrap();
    assert_eq!(format!("{}{}", read(0), read(1)), one);
    // A re-run skips finished tasks.
    let again = qspec(&["sweep", "run", &tasks, "--out", outs]);
    assert!(
        stderr(&again).contains("done already"),
        "{}",
        stderr(&again)
    );
    // A run killed mid-way: its partial file (a torn last line included)
    // is resumed, and the result is the same.
    let full = read(0);
    std::fs::remove_file(out.join("task-0.jsonl")).unwrap();
    let kept: String = full.lines().take(100).map(|l| format!("{l}\n")).collect();
    std::fs::write(
        out.join("task-0.jsonl.part"),
        format!("{kept}{{\"walls\":[[1"),
    )
    .unwrap();
    ok(&["sweep", "run", &tasks, "--task", "0", "--out", outs]);
    assert_eq!(read(0), full);
    assert!(!out.join("task-0.jsonl.part").exists());
    // A kept line that the same instance solved again contradicts: refused.
    std::fs::remove_file(out.join("task-0.jsonl")).unwrap();
    let forged = kept.replacen("\"value\":8", "\"value\":7", 1);
    std::fs::write(out.join("task-0.jsonl.part"), forged).unwrap();
    let o = qspec(&["sweep", "run", &tasks, "--task", "0", "--out", outs]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("differs"), "{}", stderr(&o));
    // The merge of the tasks is the merge of the single run.
    let all = write(d, "all.jsonl", &one);
    let (t0, t1) = (out.join("task-0.jsonl"), out.join("task-1.jsonl"));
    std::fs::remove_file(out.join("task-0.jsonl.part")).unwrap();
    ok(&["sweep", "run", &tasks, "--task", "0", "--out", outs]);
    let merged = ok(&[
        "sweep",
        "merge",
        t1.to_str().unwrap(),
        t0.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(merged, ok(&["sweep", "merge", &all, "--json"]));
}

#[test]
fn merge_tables_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "m.qspec", BLOCKED);
    let two = ok(&[
        "sweep",
        &model,
        "--walls",
        "2",
        "--optimal-count-limit",
        "2",
    ]);
    let results = write(dir.path(), "two.jsonl", &two);
    let table = ok(&["sweep", "merge", &results]);
    assert!(
        table.contains("2 walls: 278 classes (2016 boards)"),
        "{table}"
    );
    assert!(table.contains("optimum 10: 6 instances"), "{table}");
    let json = ok(&["sweep", "merge", &results, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let g = &v["groups"][0];
    assert_eq!(g["walls"], 2);
    assert_eq!(g["instances"], 278);
    assert_eq!(g["boards"], 2016);
    assert_eq!(g["optimum"]["value"], 10);
    let values: Vec<(i64, i64)> = g["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["value"].as_i64().unwrap(), r["boards"].as_i64().unwrap()))
        .collect();
    assert_eq!(values, vec![(8, 368), (9, 1610), (10, 38)]);
    // The histogram as a picture: a bar per value and count.
    let svg = dir.path().join("h.svg");
    ok(&["sweep", "merge", &results, "--svg", svg.to_str().unwrap()]);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for count in ["55", "217", "6", "368", "1610", "38"] {
        assert!(
            svg.contains(&format!(">{count}</text>")),
            "{count} in {svg}"
        );
    }
    // The same instance twice is refused.
    let o = qspec(&["sweep", "merge", &results, &results]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("twice"), "{}", stderr(&o));
}

/// The orbit of a placement under the square's symmetries.
fn orbit(board: &Board, cells: &[usize]) -> BTreeSet<Vec<usize>> {
    box_group(board.dims())
        .iter()
        .map(|g| {
            let map = g.cell_map(board);
            let mut v: Vec<usize> = cells.iter().map(|&c| map[c]).collect();
            v.sort_unstable();
            v
        })
        .collect()
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn puzzles_are_what_their_definition_says() {
    let src = "board 4 x 5\npiece queen\nrule no_attack\nmaximize count\n";
    let dims = [4, 5];
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "m.qspec", src);
    let board = Board::new(&dims, false, &[]);
    // Every raw placement of 0..=3 walls, by the oracle.
    let n = board.n_cells();
    let mut raw: BTreeMap<Vec<usize>, (Option<i64>, u64)> = BTreeMap::new();
    for mask in 0u32..1 << n {
        if mask.count_ones() <= 3 {
            let walls: Vec<usize> = (0..n).filter(|&c| mask >> c & 1 == 1).collect();
            let result = brute(src, &dims, &walls);
            raw.insert(walls, result);
        }
    }
    for (minimal, least) in [
        ("one-wall", 1),
        ("one-wall", 2),
        ("subsets", 2),
        ("subsets", 1),
    ] {
        // The proper subsets a puzzle is compared with.
        let sizes = |k: usize| match minimal {
            "one-wall" => k.saturating_sub(1)..k,
            _ => least..k,
        };
        let want: BTreeSet<BTreeSet<Vec<usize>>> = raw
            .iter()
            .filter(|(w, &(_, count))| (least..=3).contains(&w.len()) && count == 1)
            .filter(|(w, &(value, _))| {
                !(0u32..1 << w.len()).any(|mask| {
                    let s: Vec<usize> = (0..w.len())
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| w[i])
                        .collect();
                    sizes(w.len()).contains(&s.len()) && raw[&s] == (value, 1)
                })
            })
            .map(|(w, _)| orbit(&board, w))
            .collect();
        let range = format!("{least}..3");
        let out = ok(&["puzzles", &model, "--walls", &range, "--minimal", minimal]);
        let got: BTreeSet<BTreeSet<Vec<usize>>> = lines(&out)
            .iter()
            .map(|l| orbit(&board, &cells_of(&board, l.walls.as_ref().unwrap())))
            .collect();
        assert_eq!(got.len(), lines(&out).len(), "one puzzle per class");
        assert_eq!(got, want, "{minimal} {range}");
        assert!(!want.is_empty());
    }
}

#[test]
fn merge_finds_the_puzzles_of_a_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(
        dir.path(),
        "m.qspec",
        "board 4 x 5\npiece queen\nrule no_attack\nmaximize count\n",
    );
    let direct = ok(&["puzzles", &model, "--walls", "2..3"]);
    assert!(!direct.is_empty());
    let swept = ok(&[
        "sweep",
        &model,
        "--walls",
        "1..3",
        "--optimal-count-limit",
        "2",
    ]);
    let results = write(dir.path(), "r.jsonl", &swept);
    let file = dir.path().join("p.jsonl");
    let table = ok(&[
        "sweep",
        "merge",
        &results,
        "--puzzles",
        file.to_str().unwrap(),
        "--model",
        &model,
    ]);
    assert!(table.contains("puzzles (one-wall rule)"), "{table}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), direct);
    // The page holds every puzzle's board (Chromium plays it in the
    // external suite, tests/suite/heavy/sweep_parallel.rs).
    let page = dir.path().join("p.html");
    let html = dir.path().join("merged.html");
    ok(&[
        "puzzles",
        &model,
        "--walls",
        "2..3",
        "--html",
        page.to_str().unwrap(),
    ]);
    ok(&[
        "sweep",
        "merge",
        &results,
        "--html",
        html.to_str().unwrap(),
        "--model",
        &model,
    ]);
    let page = std::fs::read_to_string(page).unwrap();
    assert_eq!(page, std::fs::read_to_string(html).unwrap());
    assert_eq!(page.matches("\"label\":").count(), direct.lines().count());
    // Over every board (no symmetry), one puzzle per board of each class.
    let raw = ok(&[
        "sweep",
        &model,
        "--walls",
        "1..3",
        "--no-symmetry",
        "--optimal-count-limit",
        "2",
    ]);
    let raw = write(dir.path(), "raw.jsonl", &raw);
    ok(&[
        "sweep",
        "merge",
        &raw,
        "--puzzles",
        file.to_str().unwrap(),
        "--model",
        &model,
    ]);
    let boards: u64 = lines(&direct).iter().map(Line::boards).sum();
    let raw_puzzles = std::fs::read_to_string(&file).unwrap();
    assert_eq!(raw_puzzles.lines().count() as u64, boards);
    // Without the boards of one wall fewer, the merge cannot tell.
    let only_three = ok(&[
        "sweep",
        &model,
        "--walls",
        "3",
        "--optimal-count-limit",
        "2",
    ]);
    let results = write(dir.path(), "r3.jsonl", &only_three);
    let o = qspec(&[
        "sweep",
        "merge",
        &results,
        "--puzzles",
        file.to_str().unwrap(),
        "--model",
        &model,
        "--puzzle-walls",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("sweep 2 walls too"), "{}", stderr(&o));
}

#[test]
fn parameter_sweeps_solve_every_combination() {
    let out = ok(&[
        "sweep",
        "models/n-queens.qspec",
        "-D",
        "n=4..7",
        "--optimal-count",
    ]);
    let got: Vec<(i64, u64)> = lines(&out)
        .iter()
        .map(|l| (l.defines[0].1, l.optimal_count.unwrap()))
        .collect();
    assert_eq!(got, vec![(4, 2), (5, 10), (6, 4), (7, 40)]);
    let out = ok(&["sweep", "models/kings.qspec", "-D", "n=2..5"]);
    let values: Vec<i64> = lines(&out).iter().map(|l| l.value.unwrap()).collect();
    assert_eq!(values, vec![1, 4, 4, 9]);
    let out = ok(&["sweep", "models/n-queens.qspec", "-D", "n=2,3"]);
    assert!(lines(&out)
        .iter()
        .all(|l| l.status == qspec::solve::Status::Unsatisfiable));
    // As `solve` solves them: the line identity's bound decided first
    // (Q_3(n), OEIS A051756 and the blog: 8, 10, 12, 16, 18).
    let model = "models/queens-attacking-exactly-k-max.qspec";
    let out = ok(&["sweep", model, "-D", "n=4..8", "-D", "k=3"]);
    let got: Vec<(i64, qspec::solve::Status)> = lines(&out)
        .iter()
        .map(|l| (l.value.unwrap(), l.status))
        .collect();
    let optimal = qspec::solve::Status::Optimal;
    assert_eq!(
        got,
        [8, 10, 12, 16, 18].map(|v| (v, optimal)).to_vec(),
        "{out}"
    );
}

#[test]
fn a_model_unfit_for_a_wall_sweep_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(
        dir.path(),
        "m.qspec",
        "board 4 x 4\nwalls free\npiece queen\nrule no_attack\nmaximize count\n",
    );
    let o = qspec(&["sweep", &model, "--walls", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`walls free`"), "{}", stderr(&o));
    // Counting optimal solutions under a hint that removes some is refused.
    let model = write(
        dir.path(),
        "h.qspec",
        "board 5 x 5\npiece queen\nrule no_attack\ncount == 5\nhint break_symmetry\n",
    );
    let o = qspec(&["sweep", &model, "--optimal-count"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("removes some"), "{}", stderr(&o));
    let o = qspec(&["sweep", &model, "--walls", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let tasks = write(dir.path(), "t.jsonl", "{\"task\":0}\n");
    let o = qspec(&[
        "sweep",
        "run",
        &tasks,
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("t.jsonl:1"), "{}", stderr(&o));
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn a_stopped_run_keeps_complete_lines_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let model = write(d, "m.qspec", BLOCKED);
    let single = ok(&["sweep", &model, "--walls", "3", "--jobs", "1"]);
    let plan = ok(&["sweep", "plan", &model, "--walls", "3", "--chunk", "10000"]);
    let tasks = write(d, "tasks.jsonl", &plan);
    let out = d.join("out");
    let part = out.join("task-0.jsonl.part");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args([
            "sweep", "run", &tasks, "--task", "0", "--jobs", "1", "--out",
        ])
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let lines_in = |p: &Path| std::fs::read_to_string(p).map_or(0, |t| t.lines().count());
    while lines_in(&part) < 300 && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // SIGTERM (as Slurm sends at a time limit): a graceful stop, exit 130.
    let term = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let kept = std::fs::read_to_string(&part).unwrap();
    assert!(kept.ends_with('\n') && kept.lines().count() < 5278);
    assert!(single.starts_with(&kept));
    assert!(!out.join("task-0.lock").exists());
    // A task another live process holds locked is refused, naming it.
    let lock = out.join("task-0.lock");
    std::fs::write(&lock, format!("{}\n", std::process::id())).unwrap();
    let held = std::fs::File::open(&lock).unwrap();
    held.try_lock().unwrap();
    let o = qspec(&["sweep", "run", &tasks, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let said = format!(
        "another process ({}) is running this task",
        std::process::id()
    );
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
    drop(held);
    // A lock file left by a killed run (no process holds it) is no
    // obstacle; it is gone when the run ends.
    // Resumed, it ends as a run that was never stopped.
    ok(&["sweep", "run", &tasks, "--out", out.to_str().unwrap()]);
    assert!(!lock.exists());
    assert_eq!(
        std::fs::read_to_string(out.join("task-0.jsonl")).unwrap(),
        single
    );
}

#[test]
fn an_output_file_holds_what_standard_output_would() {
    let dir = tempfile::tempdir().unwrap();
    let model = write(dir.path(), "m.qspec", BLOCKED);
    let file = dir.path().join("two.jsonl");
    let printed = ok(&["sweep", &model, "--walls", "2"]);
    assert_eq!(
        ok(&[
            "sweep",
            &model,
            "--walls",
            "2",
            "-o",
            file.to_str().unwrap()
        ]),
        ""
    );
    assert_eq!(std::fs::read_to_string(file).unwrap(), printed);
}

/// The leaves of a plan each carry the nodes the plan estimated for them;
/// where its probe finished a leaf (every leaf of (5,3) >= 14), that is
/// the nodes its search then takes. A plan written without the estimates
/// (as before they were written) runs the same.
#[test]
fn a_plans_estimates_are_the_nodes_its_leaves_take_where_probed_whole() {
    let dir = tempfile::tempdir().unwrap();
    let model = "models/queens-nd-cliques-inf.qspec";
    let plan = ok(&["solve", model, "-D", "n=5", "-D", "m=14", "--split", "6"]);
    let mut estimates = BTreeMap::new();
    for task in plan.lines() {
        let json: serde_json::Value = serde_json::from_str(task).unwrap();
        let split = &json["parts"][0]["split"];
        let first = split["first"].as_u64().unwrap();
        for (i, node) in split["nodes"].as_array().unwrap().iter().enumerate() {
            estimates.insert(first + i as u64, node["estimate"].as_u64().unwrap());
        }
    }
    let searched = |plan_text: &str, name: &str| -> BTreeMap<u64, u64> {
        let tasks = dir.path().join(format!("{name}.jsonl"));
        std::fs::write(&tasks, plan_text).unwrap();
        let out = dir.path().join(name);
        ok(&[
            "sweep",
            "run",
            tasks.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let mut found = BTreeMap::new();
        for entry in std::fs::read_dir(&out).unwrap() {
            for line in std::fs::read_to_string(entry.unwrap().path())
                .unwrap()
                .lines()
            {
                let json: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(json["status"], "unsatisfiable");
                found.insert(
                    json["leaf"].as_u64().unwrap(),
                    json["searched"].as_u64().unwrap(),
                );
            }
        }
        found
    };
    assert_eq!(estimates.len(), 7);
    assert_eq!(searched(&plan, "with"), estimates);
    // The merge says the nodes of every leaf in all.
    let parts: Vec<String> = std::fs::read_dir(dir.path().join("with"))
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .collect();
    let args: Vec<&str> = ["sweep", "merge"]
        .into_iter()
        .chain(parts.iter().map(String::as_str))
        .collect();
    let total: u64 = estimates.values().sum();
    let merged = ok(&args);
    assert!(
        merged.contains(&format!("m=14 n=5: none  ({total} nodes searched)")),
        "{merged}"
    );
    let stripped: String = plan
        .lines()
        .map(|task| {
            let mut json: serde_json::Value = serde_json::from_str(task).unwrap();
            for node in json["parts"][0]["split"]["nodes"].as_array_mut().unwrap() {
                node.as_object_mut().unwrap().remove("estimate");
            }
            format!("{json}\n")
        })
        .collect();
    assert_eq!(searched(&stripped, "without"), estimates);
}

/// A task of one leaf is searched on every job's thread: the same line as
/// on one thread (the nodes of a refutation, and the board found deciding
/// `count >= m`, do not depend on the threads).
#[test]
fn a_task_of_one_leaf_gives_the_same_line_on_more_threads() {
    let dir = tempfile::tempdir().unwrap();
    let model = "models/queens-nd-cliques-inf.qspec";
    for m in ["m=22", "m=21"] {
        let plan = ok(&["solve", model, "-D", "n=6", "-D", m, "--split", "16"]);
        let tasks = dir.path().join(format!("{m}.jsonl"));
        std::fs::write(&tasks, &plan).unwrap();
        let single: Vec<usize> = plan
            .lines()
            .enumerate()
            .filter(|(_, t)| {
                let json: serde_json::Value = serde_json::from_str(t).unwrap();
                json["parts"][0]["split"]["nodes"].as_array().unwrap().len() == 1
            })
            .map(|(i, _)| i)
            .collect();
        assert!(!single.is_empty(), "{m}: no task of one leaf");
        for task in single {
            let line = |jobs: &str| -> serde_json::Value {
                let out = dir.path().join(format!("{m}-{task}-{jobs}"));
                let (t, o) = (task.to_string(), out.to_str().unwrap().to_string());
                let tasks = tasks.to_str().unwrap();
                ok(&[
                    "sweep", "run", tasks, "--task", &t, "--out", &o, "--jobs", jobs,
                ]);
                let text = std::fs::read_to_string(out.join(format!("task-{task}.jsonl"))).unwrap();
                let mut json: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
                if json["status"] != "unsatisfiable" {
                    json.as_object_mut().unwrap().remove("searched");
                }
                json
            };
            assert_eq!(line("1"), line("2"), "{m}, task {task}");
        }
    }
}

/// A plan says what its estimate means in work, at the rate its probes
/// ran; a plan whose probes all finished says no rate.
#[test]
fn a_plan_says_its_work_in_core_time() {
    let model = "models/queens-nd-cliques-inf.qspec";
    let o = qspec(&["solve", model, "-D", "n=6", "-D", "m=22", "--split", "16"]);
    assert_eq!(o.status.code(), Some(0));
    let said = stderr(&o);
    assert!(
        said.contains("core-seconds of work (at the probes' "),
        "{said}"
    );
    let o = qspec(&["solve", model, "-D", "n=5", "-D", "m=14", "--split", "6"]);
    assert!(!stderr(&o).contains("of work"), "{}", stderr(&o));
}

/// The armies search cut by `--split`: each part holds every K-th leaf,
/// and the parts run with `sweep run` and merged say what the whole search
/// says — no armies of 10 on 8x8, armies of 9 (each leaf's board checked
/// from the geometry by `sweep run`), and a(7) = 7 maximised. A plan made
/// for another search is refused before a leaf is searched.
#[test]
fn the_armies_search_cut_into_parts_says_what_the_whole_says() {
    let dir = tempfile::tempdir().unwrap();
    let at_least = "models/peaceable-queens-at-least.qspec";
    let cases: [(&str, &[&str], &str); 3] = [
        (at_least, &["-D", "n=8", "-D", "m=10"], "m=10 n=8: none"),
        (at_least, &["-D", "n=8", "-D", "m=9"], "m=9 n=8: solved"),
        ("models/peaceable-queens.qspec", &["-D", "n=7"], "n=7: 7"),
    ];
    for (case, (model, defines, says)) in cases.into_iter().enumerate() {
        let whole = stdout(&qspec(&[&["solve", model][..], defines].concat()));
        let plan = ok(&[&["solve", model][..], defines, &["--split", "5"]].concat());
        let mut leaves: Vec<Vec<u64>> = Vec::new();
        let mut total = 0;
        for task in plan.lines() {
            let json: serde_json::Value = serde_json::from_str(task).unwrap();
            let split = &json["parts"][0]["split"];
            assert_eq!(split["search"], "armies", "{task}");
            total = split["leaves"].as_u64().unwrap();
            let colourings = split["colourings"].as_array().unwrap();
            leaves.push(colourings.iter().map(|c| c.as_u64().unwrap()).collect());
        }
        assert_eq!(leaves.len(), 5);
        assert!(total >= 80, "{total} leaves for 5 parts");
        // Leaf i of the search's order is in part i mod 5.
        let sizes: Vec<usize> = leaves.iter().map(Vec::len).collect();
        assert!(
            sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
            "{sizes:?}"
        );
        assert_eq!(sizes.iter().sum::<usize>() as u64, total);
        for part in 1..5 {
            assert!(
                leaves[0][0] > leaves[part][0],
                "leaves in the search's order"
            );
        }
        let tasks = dir.path().join(format!("{case}.jsonl"));
        std::fs::write(&tasks, &plan).unwrap();
        let out = dir.path().join(format!("{case}"));
        let (tasks, out) = (tasks.to_str().unwrap(), out.to_str().unwrap());
        ok(&["sweep", "run", tasks, "--out", out, "--jobs", "2"]);
        let parts: Vec<String> = std::fs::read_dir(out)
            .unwrap()
            .map(|e| e.unwrap().path().to_str().unwrap().to_string())
            .collect();
        let merged = ok(&[
            &["sweep", "merge"][..],
            &parts.iter().map(String::as_str).collect::<Vec<_>>(),
        ]
        .concat());
        assert!(merged.contains(says), "{merged}");
        let whole_says = if says.ends_with("none") {
            "s UNSATISFIABLE"
        } else if says.ends_with("solved") {
            "s SATISFIABLE"
        } else {
            "s OPTIMUM FOUND"
        };
        assert!(whole.contains(whole_says), "{whole}");
    }
    // A plan of 8x8 run on 9x9: refused, exit 2.
    let plan = ok(&["solve", at_least, "-D", "n=8", "-D", "m=10", "--split", "2"]);
    let other = plan.replace("\"n\":8", "\"n\":9");
    let tasks = dir.path().join("other.jsonl");
    std::fs::write(&tasks, other).unwrap();
    let out = dir.path().join("other");
    let o = qspec(&[
        "sweep",
        "run",
        tasks.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the plan was made for another armies search"),
        "{}",
        stderr(&o)
    );
    // The SAT engines are not cut.
    let o = qspec(&["solve", at_least, "--engine", "kissat", "--split", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--split cuts the clique search or the armies search, not kissat"),
        "{}",
        stderr(&o)
    );
}
