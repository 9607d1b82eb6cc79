//! A sweep spread by a real engine, GNU parallel (`apt-get install
//! parallel`, installed by `.ci/run`): plan, one `sweep run` per task,
//! merge — equal to a single-process run, also after the whole run was
//! killed mid-way and resumed with `parallel --resume`.
#![cfg(feature = "external-solvers")]

mod common;

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
/// its own process group (so that a test can kill it whole).
fn parallel(tasks: &Path, out: &Path, joblog: &Path, n: usize) -> Child {
    use std::os::unix::process::CommandExt;
    let qspec = env!("CARGO_BIN_EXE_qspec");
    let cmd = format!(
        "{qspec} sweep run {} --task {{}} --out {} --jobs 1",
        tasks.display(),
        out.display()
    );
    let mut child = Command::new("parallel");
    child
        .args(["--jobs", "2", "--joblog"])
        .arg(joblog)
        .args(["--resume", &cmd, ":::"])
        .args((0..n).map(|i| i.to_string()))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0);
    child.spawn().expect("GNU parallel runs (apt-get install parallel)")
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
    // The single-process run.
    let single = ok(&["sweep", MODEL, "--walls", "3", "--optimal-count-limit", "2"]);
    let single_file = d.join("single.jsonl");
    std::fs::write(&single_file, &single).unwrap();
    let want = ok(&["sweep", "merge", "--json", single_file.to_str().unwrap()]);
    // Planned in tasks of 256 placements.
    let plan = ok(&["sweep", "plan", MODEL, "--walls", "3", "--optimal-count-limit", "2", "--chunk", "256"]);
    let tasks = d.join("tasks.jsonl");
    std::fs::write(&tasks, &plan).unwrap();
    let n = plan.lines().count();
    assert_eq!(n, 21);

    // Killed (parallel and its jobs, at once) once a few tasks are done.
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
    let status = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", run.id())])
        .status()
        .unwrap();
    assert!(status.success());
    let _ = run.wait();
    let finished = done(&out);
    assert!((3..n).contains(&finished), "killed mid-way: {finished} of {n} done");

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

/// A Slurm job array on a one-node cluster on localhost (the script starts
/// munged, slurmctld and slurmd of its own, and stops them): plan, `sbatch
/// --array` with `$SLURM_ARRAY_TASK_ID`, merge — equal to a single run.
#[test]
fn a_slurm_job_array_runs_a_plan() {
    let script = common::root().join("tests/slurm/sweep.sh");
    let o = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_qspec"))
        .output()
        .expect("bash runs");
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("merged equal to a single run"));
}
