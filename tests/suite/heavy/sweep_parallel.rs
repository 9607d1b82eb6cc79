//! A sweep spread by a real engine, GNU parallel (`apt-get install
//! parallel`, installed by `.ci/run`): plan, one `sweep run` per task,
//! merge — equal to a single-process run, also after the whole run was
//! killed mid-way and resumed with `parallel --resume`.

use crate::common;

use common::{qspec, stderr, stdout};
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const MODEL: &str = "models/blocked-8x8.qspec";

fn ok(args: &[&str]) -> String {
    let o = qspec(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// `parallel` running every task of `tasks` into `out`, two at a time, in
/// a session of its own (its jobs get process groups of their own, but stay
/// in the session: a test can kill them all).
fn parallel(tasks: &Path, out: &Path, joblog: &Path, n: usize) -> Child {
    let qspec = env!("CARGO_BIN_EXE_qspec");
    let cmd = format!(
        "{qspec} sweep run {} --task {{}} --out {} --jobs 1",
        tasks.display(),
        out.display()
    );
    let mut child = Command::new("setsid");
    child
        .args(["parallel", "--jobs", "2", "--joblog"])
        .arg(joblog)
        .args(["--resume", &cmd, ":::"])
        .args((0..n).map(|i| i.to_string()))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    child
        .spawn()
        .expect("GNU parallel runs (apt-get install parallel)")
}

/// The single-process run of the 3-wall sweep (with optimal counts), and
/// its plan in tasks of `chunk` written to `dir/tasks.jsonl` (the path and
/// the number of tasks).
fn single_and_plan(dir: &Path, chunk: &str) -> (String, std::path::PathBuf, usize) {
    let count = ["--walls", "3", "--optimal-count-limit", "2"];
    let single = ok(&[&["sweep", MODEL][..], &count].concat());
    let plan = ok(&[&["sweep", "plan", MODEL, "--chunk", chunk][..], &count].concat());
    let tasks = dir.join("tasks.jsonl");
    std::fs::write(&tasks, &plan).unwrap();
    (single, tasks, plan.lines().count())
}

/// The merge of every task file in `out`, as JSON.
fn merged(out: &Path, n: usize) -> String {
    let files: Vec<String> = (0..n)
        .map(|i| out.join(format!("task-{i}.jsonl")).display().to_string())
        .collect();
    let mut args = vec!["sweep", "merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    ok(&args)
}

#[test]
fn gnu_parallel_runs_a_plan_and_resumes_it_after_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The single-process run, and the plan in tasks of 256 placements.
    let (single, tasks, n) = single_and_plan(d, "256");
    let single_file = d.join("single.jsonl");
    std::fs::write(&single_file, &single).unwrap();
    let want = ok(&["sweep", "merge", "--json", single_file.to_str().unwrap()]);
    assert_eq!(n, 21);

    // Killed (parallel and its jobs) once a few tasks are done.
    let out = d.join("results");
    let joblog = d.join("joblog");
    let mut run = parallel(&tasks, &out, &joblog, n);
    let started = Instant::now();
    let done = |out: &Path| {
        std::fs::read_dir(out).map_or(0, |entries| {
            entries
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    name.to_string_lossy().ends_with(".jsonl")
                })
                .count()
        })
    };
    while done(&out) < 3 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(20));
    }
    // Every process of the session at once, as a crash would.
    let session = run.id().to_string();
    let status = Command::new("pkill")
        .args(["-KILL", "-s", &session])
        .status()
        .unwrap();
    assert!(status.success());
    let _ = run.wait();
    while Command::new("pgrep")
        .args(["-s", &session])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap()
        .success()
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    let finished = done(&out);
    assert!(
        (3..n).contains(&finished),
        "killed mid-way: {finished} of {n} done"
    );

    // Resumed: the joblog skips what finished; killed tasks resume from
    // their partial files.
    let status = parallel(&tasks, &out, &joblog, n).wait().unwrap();
    assert!(status.success());
    assert_eq!(done(&out), n);
    assert_eq!(merged(&out, n), want);
    // The tasks' lines, in order, are the single run's, byte for byte.
    let all: String = (0..n)
        .map(|i| std::fs::read_to_string(out.join(format!("task-{i}.jsonl"))).unwrap())
        .collect();
    assert_eq!(all, single);
}

/// The one-node Slurm of `tests/cluster/slurm-local.sh`, stopped when
/// dropped. Its daemons listen on Slurm's fixed ports, so one cluster runs
/// on a host at a time: a second would find the first answering on its
/// ports, and be stopped under the other's jobs. Each cluster holds `TURN`
/// while it lives.
struct Slurm {
    dir: std::path::PathBuf,
    _turn: std::sync::MutexGuard<'static, ()>,
}

static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// How long a job array may take before the test fails: the arrays here
/// take seconds; a cluster that never runs them must not hold CI.
const ARRAY_LIMIT: Duration = Duration::from_secs(300);

impl Slurm {
    fn start(dir: &Path) -> Slurm {
        let turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let o = Command::new("bash")
            .arg(common::root().join("tests/cluster/slurm-local.sh"))
            .arg("start")
            .arg(dir)
            .output()
            .expect("bash runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        Slurm {
            dir: dir.to_path_buf(),
            _turn: turn,
        }
    }

    /// `sweep run` of every task of `tasks` into `out`, as a job array of
    /// `n` tasks, waited for (at most `ARRAY_LIMIT`); its logs go to `logs`.
    fn run_array(&self, tasks: &Path, out: &Path, n: usize, logs: &Path) {
        let job = format!(
            "{} sweep run {} --task $SLURM_ARRAY_TASK_ID --out {} --jobs 1",
            env!("CARGO_BIN_EXE_qspec"),
            tasks.display(),
            out.display()
        );
        let o = Command::new("timeout")
            .arg(ARRAY_LIMIT.as_secs().to_string())
            .arg("sbatch")
            .env("SLURM_CONF", self.dir.join("slurm.conf"))
            .args(["--wait", "--quiet", &format!("--array=0-{}", n - 1)])
            .arg(format!("--output={}/slurm-%a.out", logs.display()))
            .args(["--wrap", &job])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sbatch runs (apt-get install slurm-wlm munge)");
        assert_ne!(
            o.status.code(),
            Some(124),
            "the job array took over {ARRAY_LIMIT:?}; see {}",
            self.dir.join("log").display()
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

impl Drop for Slurm {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(common::root().join("tests/cluster/slurm-local.sh"))
            .arg("stop")
            .arg(&self.dir)
            .status();
    }
}

/// A Slurm job array on a one-node cluster on localhost: plan, `sbatch
/// --array` with `$SLURM_ARRAY_TASK_ID`, merge — equal to a single run.
#[test]
fn a_slurm_job_array_runs_a_plan() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let slurm = Slurm::start(&d.join("slurm"));
    let (single, tasks, n) = single_and_plan(d, "1024");
    let out = d.join("results");
    slurm.run_array(&tasks, &out, n, d);
    let all: String = (0..n)
        .map(|i| std::fs::read_to_string(out.join(format!("task-{i}.jsonl"))).unwrap())
        .collect();
    assert_eq!(all, single);
    let single_file = d.join("single.jsonl");
    std::fs::write(&single_file, &single).unwrap();
    assert_eq!(
        merged(&out, n),
        ok(&["sweep", "merge", "--json", single_file.to_str().unwrap()])
    );
}

/// The puzzle page of `qspec puzzles --html`, played by headless Chromium:
/// every board's optimum placed by clicks is reported solved.
#[test]
fn chromium_plays_the_puzzle_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("puzzles.html");
    let lines = ok(&[
        "puzzles",
        MODEL,
        "--walls",
        "2",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(lines.lines().count(), 10);
    assert_eq!(common::chromium_selftest(&page), "selftest ok: 10 boards");
}

/// The verdict of `qspec solve ARGS --engine clique` in one process: the
/// optimum, or `None` for "no solution".
fn single_verdict(args: &[&str]) -> Option<i64> {
    let o = qspec(&[&["solve"][..], args, &["--engine", "clique"]].concat());
    let out = stdout(&o);
    match o.status.code() {
        Some(20) => None,
        Some(0) => out
            .lines()
            .filter_map(|l| l.strip_prefix("o "))
            .next_back()
            .and_then(|v| v.parse().ok()),
        code => panic!("{args:?}: exit {code:?}\n{out}{}", stderr(&o)),
    }
}

/// The merge of the result files in `out` as one instance's verdict: the
/// optimum, `None` for "none"; it must be solved (not unfinished).
fn merged_verdict(out: &Path, n: usize) -> Option<i64> {
    let json: serde_json::Value = serde_json::from_str(merged(out, n).trim()).unwrap();
    let group = &json["groups"][0];
    assert_eq!(group["unfinished"], 0, "{json}");
    assert_eq!(group["instances"], 1, "{json}");
    match group["infeasible"].as_u64() {
        Some(1) => None,
        _ => Some(group["optimum"]["value"].as_i64().expect("an optimum")),
    }
}

/// `qspec solve ARGS --split K` written to `dir/plan.jsonl`: the path and
/// the number of tasks (parts).
fn split_plan(dir: &Path, args: &[&str], k: &str) -> (std::path::PathBuf, usize) {
    let plan = ok(&[&["solve"][..], args, &["--split", k]].concat());
    let tasks = dir.join("plan.jsonl");
    std::fs::write(&tasks, &plan).unwrap();
    (tasks, plan.lines().count())
}

/// The thesis' (5,3) >= 14 and (4,4) >= 17 and the optimum of 5^3, each
/// cut into parts by `solve --split`, run by GNU parallel and merged: the
/// verdict of the search in one process. (4,4) >= 17 with the thesis'
/// cliques is refuted by their cover before any node: one part.
#[test]
fn a_split_clique_search_merges_to_the_single_process_verdict() {
    for (command, least_parts) in [
        ("models/queens-nd-cliques-inf.qspec -D n=5 -D m=14", 6),
        ("models/queens-nd.qspec -D n=4 -D d=4 -D m=17", 6),
        (
            "models/queens-nd-cliques-inf.qspec -D n=4 -D d=4 -D m=17",
            1,
        ),
        ("models/queens-nd-cliques.qspec -D n=5", 6),
    ] {
        let args: Vec<&str> = command.split(' ').collect();
        let args = &args[..];
        let dir = tempfile::tempdir().unwrap();
        let (tasks, n) = split_plan(dir.path(), args, "6");
        assert!(n >= least_parts, "{args:?}: {n} parts");
        let out = dir.path().join("results");
        let joblog = dir.path().join("joblog");
        let status = parallel(&tasks, &out, &joblog, n).wait().unwrap();
        assert!(status.success());
        assert_eq!(merged_verdict(&out, n), single_verdict(args), "{args:?}");
    }
}

/// A part killed after some of its leaves resumes at the first leaf not
/// done (its partial file cut after a torn line, as a kill leaves it) and
/// ends with the lines of a run that was never killed.
#[test]
fn a_killed_part_of_a_split_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "models/queens-nd-cliques-inf.qspec",
        "-D",
        "n=6",
        "-D",
        "m=22",
    ];
    let (tasks, n) = split_plan(dir.path(), &args, "2");
    let run = |out: &Path| {
        for i in 0..n {
            ok(&[
                "sweep",
                "run",
                tasks.to_str().unwrap(),
                "--task",
                &i.to_string(),
                "--out",
                out.to_str().unwrap(),
                "--jobs",
                "2",
            ]);
        }
    };
    let whole = dir.path().join("whole");
    run(&whole);
    let first = std::fs::read_to_string(whole.join("task-0.jsonl")).unwrap();
    let lines: Vec<&str> = first.lines().collect();
    assert!(lines.len() >= 4, "{first}");
    // Killed after three leaves, in the middle of writing the fourth.
    let killed = dir.path().join("killed");
    std::fs::create_dir_all(&killed).unwrap();
    let partial = format!(
        "{}\n{}",
        lines[..3].join("\n"),
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(killed.join("task-0.jsonl.part"), partial).unwrap();
    run(&killed);
    assert_eq!(
        std::fs::read_to_string(killed.join("task-0.jsonl")).unwrap(),
        first
    );
    assert_eq!(merged_verdict(&killed, n), None);
    assert_eq!(merged_verdict(&whole, n), None);
}

/// A split plan as a Slurm job array on the one-node cluster: the merged
/// verdict is the single process's.
#[test]
fn a_slurm_job_array_runs_a_split_plan() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let slurm = Slurm::start(&d.join("slurm"));
    let args = ["models/queens-nd-cliques.qspec", "-D", "n=5"];
    let (tasks, n) = split_plan(d, &args, "4");
    let out = d.join("results");
    slurm.run_array(&tasks, &out, n, d);
    assert_eq!(merged_verdict(&out, n), single_verdict(&args));
}
