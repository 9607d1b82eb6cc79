//! Faults a user meets, each with the outcome a user expects: a clear
//! message, the documented exit code, nothing lost and nothing half
//! written. `kill -9` in the middle of `compile`, `sweep run`, `puzzles` and
//! `snapshot update` and a re-run; `/dev/full` as output; two `sweep run`
//! on one task at once; truncated and corrupted task, result, answer and
//! proof files; SIGTERM during `solve --certify`; one request to stop sent
//! as two signals during a count.
//!
//! A full disk and a read-only folder need a small tmpfs, which takes
//! privileges to mount: those run in the external suite (`--features
//! external-solvers`, root in CI) and fail there if the mount fails.

use crate::common;

use common::{qspec, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn spawn(args: &[&str], tmpdir: Option<&Path>) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qspec"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = tmpdir {
        command.env("TMPDIR", dir);
    }
    command.spawn().unwrap()
}

/// Waits until `ready` holds (or the child ends), then kills the child
/// with `signal`; whether it was still running then.
fn kill_when(child: &mut Child, signal: &str, ready: impl Fn() -> bool) -> bool {
    let started = Instant::now();
    while !ready() {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "never ready");
        std::thread::sleep(Duration::from_millis(5));
    }
    Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    child.wait().unwrap();
    true
}

/// The names in `dir`, sorted.
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn has_temporary(dir: &Path) -> bool {
    names(dir).iter().any(|n| n.ends_with(".tmp"))
}

/// Whether a temporary file in `dir` holds a megabyte already: the output
/// being written, not the empty file of the probe that comes first.
fn writing(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().any(|e| {
        let e = e.unwrap();
        e.file_name().to_string_lossy().ends_with(".tmp")
            && e.metadata().is_ok_and(|m| m.len() > 1 << 20)
    })
}

/// A compile of a few hundred megabytes, killed while it writes: the old
/// file is kept whole, and the next run removes the dead run's temporary
/// file and writes the same bytes as a clean run.
#[test]
fn kill_9_during_compile_keeps_the_old_file_and_the_rerun_cleans_up() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.cnf");
    std::fs::write(&out, "the old file\n").unwrap();
    // About 5.6 million clauses, 80 MB: long enough to be caught writing.
    let big = [
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=150",
        "--amo",
        "pairwise",
        "-o",
        s(&out),
    ];
    let mut child = spawn(&big, None);
    let killed = kill_when(&mut child, "-KILL", || writing(dir.path()));
    assert!(killed, "the compile ended before it could be killed");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the old file\n");
    assert!(
        has_temporary(dir.path()),
        "the killed run left its temporary file"
    );
    let small = dir.path().join("small.cnf");
    let o = qspec(&[
        "compile",
        "models/n-queens.qspec",
        "-D",
        "n=8",
        "-o",
        s(&small),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!has_temporary(dir.path()), "{:?}", names(dir.path()));
    let again = qspec(&["compile", "models/n-queens.qspec", "-D", "n=8", "-o", "-"]);
    assert_eq!(std::fs::read(&small).unwrap(), again.stdout);
}

/// A sweep task killed in the middle, run again: its result file is the
/// one an uninterrupted run writes.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn kill_9_during_sweep_run_then_a_rerun_gives_the_clean_result() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let plan = qspec(&[
        "sweep",
        "plan",
        "models/blocked-8x8.qspec",
        "--walls",
        "3",
        "--chunk",
        "8192",
    ]);
    assert!(plan.status.success(), "{}", stderr(&plan));
    std::fs::write(&tasks, &plan.stdout).unwrap();
    let killed_out = dir.path().join("killed");
    let run = [
        "sweep",
        "run",
        s(&tasks),
        "--task",
        "0",
        "--out",
        s(&killed_out),
        "--jobs",
        "1",
    ];
    let mut child = spawn(&run, None);
    std::thread::sleep(Duration::from_millis(300));
    let killed = kill_when(&mut child, "-KILL", || true);
    assert!(killed, "the task ended before it could be killed");
    let o = qspec(&run);
    assert!(o.status.success(), "{}", stderr(&o));
    let clean_out = dir.path().join("clean");
    let o = qspec(&[
        "sweep",
        "run",
        s(&tasks),
        "--task",
        "0",
        "--out",
        s(&clean_out),
        "--jobs",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let result = |d: &Path| std::fs::read(d.join("task-0.jsonl")).unwrap();
    assert_eq!(result(&killed_out), result(&clean_out));
    assert_eq!(names(&killed_out), names(&clean_out));
}

/// Two runs of one task at once: the second says another process runs
/// it (exit 2), or finds it done; the result is whole.
#[test]
fn two_sweep_runs_of_one_task_at_once_leave_one_whole_result() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let plan = qspec(&["sweep", "plan", "models/blocked-8x8.qspec", "--walls", "2"]);
    std::fs::write(&tasks, &plan.stdout).unwrap();
    let out = dir.path().join("out");
    let run = [
        "sweep",
        "run",
        s(&tasks),
        "--task",
        "0",
        "--out",
        s(&out),
        "--jobs",
        "1",
    ];
    let (a, b) = (spawn(&run, None), spawn(&run, None));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    for o in [&a, &b] {
        let e = String::from_utf8_lossy(&o.stderr);
        let refused = o.status.code() == Some(2)
            && e.contains("another process")
            && e.contains("is running this task");
        assert!(o.status.success() || refused, "{:?}: {e}", o.status.code());
        assert!(!e.contains("panicked"));
    }
    assert!(
        a.status.success() || b.status.success(),
        "neither run finished the task"
    );
    let clean = dir.path().join("clean");
    let o = qspec(&[
        "sweep",
        "run",
        s(&tasks),
        "--task",
        "0",
        "--out",
        s(&clean),
        "--jobs",
        "1",
    ]);
    assert!(o.status.success());
    let result = |d: &Path| std::fs::read(d.join("task-0.jsonl")).unwrap();
    assert_eq!(result(&out), result(&clean));
    assert!(!has_temporary(&out), "{:?}", names(&out));
}

/// `puzzles -o` and `snapshot update` killed: every file is old or new.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn kill_9_during_puzzles_leaves_no_half_written_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.jsonl");
    std::fs::write(&out, "old\n").unwrap();
    let args = [
        "puzzles",
        "models/blocked-8x8.qspec",
        "--walls",
        "2..3",
        "-o",
        s(&out),
        "--jobs",
        "1",
    ];
    let mut child = spawn(&args, None);
    std::thread::sleep(Duration::from_millis(400));
    if kill_when(&mut child, "-KILL", || true) {
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n");
    }
    let o = qspec(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 280, "the 2..3-wall puzzles");
    assert!(text.lines().all(|l| l.starts_with('{') && l.ends_with('}')));
    assert!(!has_temporary(dir.path()), "{:?}", names(dir.path()));
}

/// `/dev/full` as the output: exit 1, the reason, no panic.
#[test]
fn a_full_device_as_output_is_an_error_that_says_so() {
    let full = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_qspec"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap()
    };
    for args in [
        &["compile", "models/eight-queens.qspec", "-f", "cnf"][..],
        &["solve", "models/eight-queens.qspec"],
        &["count", "models/eight-queens.qspec"],
        &["sweep", "models/blocked-8x8.qspec", "--walls", "1"],
        &["stats", "models/eight-queens.qspec"],
    ] {
        let o = full(args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains("no space left on device"), "{args:?}: {e}");
        assert!(e.contains("standard output"), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
    let o = qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-f",
        "cnf",
        "-o",
        "/dev/full",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("/dev/full: no space left on device"),
        "{}",
        stderr(&o)
    );
}

/// Broken input files: a message with the place, exit 2 (1 for a proof
/// that does not check), no panic.
#[test]
fn truncated_and_corrupted_files_are_reported_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &[u8]| -> PathBuf {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    // Tasks: cut in the middle of a line, and a line that is not a task.
    let plan = qspec(&[
        "sweep",
        "plan",
        "models/blocked-8x8.qspec",
        "--walls",
        "2",
        "--chunk",
        "256",
    ]);
    let text = plan.stdout.clone();
    let cut = write("cut.jsonl", &text[..text.len() / 2]);
    let garbled = write("garbled.jsonl", b"{\"task\":0,\"model\":3}\n");
    let out = dir.path().join("out");
    for tasks in [&cut, &garbled] {
        let o = qspec(&["sweep", "run", s(tasks), "--out", s(&out)]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{e}");
        assert!(e.contains(&format!("{}:", tasks.display())), "{e}");
        assert!(!e.contains("panicked"), "{e}");
    }
    // Results: a line cut short is named with its line number.
    let sweep = qspec(&["sweep", "models/blocked-8x8.qspec", "--walls", "1"]);
    let lines = String::from_utf8(sweep.stdout).unwrap();
    let cut_results = write("results.jsonl", &lines.as_bytes()[..lines.len() - 20]);
    let o = qspec(&["sweep", "merge", s(&cut_results)]);
    let e = stderr(&o);
    let last = lines.lines().count();
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains(&format!("results.jsonl:{last}")), "{e}");
    // An answer cut in the middle of its values, and binary garbage.
    let answer = write("answer.txt", b"s SATISFIABLE\nv 1 -2 3 -4 5\n");
    let o = qspec(&["verify", "models/eight-queens.qspec", s(&answer)]);
    assert!(
        matches!(o.status.code(), Some(1) | Some(2)),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"));
    assert!(
        !stdout(&o).contains("verified: every rule holds"),
        "{}",
        stdout(&o)
    );
    let noise = write(
        "noise.txt",
        &(0..2000u32)
            .map(|i| (i * 7919 % 251) as u8)
            .collect::<Vec<u8>>(),
    );
    let o = qspec(&["verify", "models/eight-queens.qspec", s(&noise)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("noise.txt"), "{}", stderr(&o));
    // A DRAT proof cut short is not a proof; without `rate`, verify says
    // it cannot check one: either way the exit code is 1, never success.
    // (Six queens on 5x5: unit propagation alone does not refute it.)
    let model = write(
        "q6.qspec",
        b"board 5 x 5\npiece queen\nrule no_attack\ncount == 6\n",
    );
    let cnf = dir.path().join("q.cnf");
    qspec(&["compile", s(&model), "-o", s(&cnf)]);
    let unsat = write("unsat.txt", b"s UNSATISFIABLE\n");
    let proof = write("proof.drat", b"1 2 0\n-1 ");
    let o = qspec(&[
        "verify",
        s(&model),
        s(&unsat),
        "--map",
        s(&cnf),
        "--proof",
        s(&proof),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

/// SIGTERM during a certified solve: exit 130, no temporary file or
/// directory left behind.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn sigterm_during_solve_certify_leaves_no_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "solve",
        "models/queen-domination.qspec",
        "-D",
        "n=12",
        "-D",
        "m=5",
        "--certify",
    ];
    let mut child = spawn(&args, Some(tmp.path()));
    let proving = || names(tmp.path()).iter().any(|n| n.starts_with("qspec-"));
    if kill_when(&mut child, "-TERM", proving) {
        let status = child.wait().unwrap();
        assert!(matches!(status.code(), Some(130) | None), "{status:?}");
    }
    assert!(names(tmp.path()).is_empty(), "{:?}", names(tmp.path()));
}

/// One request to stop that arrives as two signals at once — GNU `timeout`
/// signals the command and then its process group — still gives a count
/// its partial answer, "at least N (interrupted)", and exit 130; before,
/// the second signal sometimes exited at once with nothing printed, or,
/// once the answer was printed, said "no output written". Three rounds,
/// the two signals a few milliseconds apart once the listing runs, and in
/// the last the second as soon as the answer is printed.
#[test]
fn a_double_sigterm_still_gives_the_partial_count() {
    use std::io::{BufRead, BufReader};
    use std::sync::{Arc, Mutex};
    for round in 0..3 {
        let mut child = spawn(&["count", "models/n-queens.qspec", "-D", "n=16"], None);
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let reader = {
            let (stdout, lines) = (child.stdout.take().unwrap(), Arc::clone(&lines));
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    lines.lock().unwrap().push(line.unwrap());
                }
            })
        };
        let listing = || {
            lines
                .lock()
                .unwrap()
                .iter()
                .any(|l| l.starts_with("c CaDiCaL lists"))
        };
        let started = Instant::now();
        while !listing() {
            assert!(started.elapsed() < Duration::from_secs(120), "never listed");
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(200));
        let term = || {
            Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .unwrap()
        };
        term();
        if round == 2 {
            // The repeat once the answer is printed: the command has left
            // its graceful part, and the signal is still the same request.
            let printed = || {
                lines
                    .lock()
                    .unwrap()
                    .iter()
                    .any(|l| l.ends_with("(interrupted)"))
            };
            while !printed() && started.elapsed() < Duration::from_secs(120) {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        term();
        let status = child.wait().unwrap();
        reader.join().unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        let out = lines.lock().unwrap().join("\n");
        assert_eq!(status.code(), Some(130), "round {round}: {out}\n{err}");
        let last = out.lines().last().unwrap_or_default();
        // On a loaded machine the signals may come after the first board
        // only: "at least 1 solution (interrupted)".
        let partial =
            last.ends_with(" solutions (interrupted)") || last.ends_with(" solution (interrupted)");
        assert!(
            last.starts_with("at least ") && partial,
            "round {round}: {out}\n{err}"
        );
        assert!(!err.contains("no output written"), "round {round}: {err}");
    }
}
