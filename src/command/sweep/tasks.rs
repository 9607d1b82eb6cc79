//! `qspec sweep run`: tasks of a plan into `DIR/task-I.jsonl`.
//!
//! Idempotent: a finished task's file is renamed into place only when
//! complete, and a re-run skips it. Resumable: lines are appended to
//! `DIR/task-I.jsonl.part` and flushed one by one, so a killed run keeps
//! every line it finished; the next run drops a torn last line, solves
//! again the block of the first missing instance (its earlier lines are
//! compared with those kept: a block is solved from a fresh solver, so
//! they must be equal) and goes on. `DIR/task-I.lock` (the process id)
//! (an advisory lock holding the owner's process id) keeps two runs off
//! one task.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::family::{instances_bar, report, task_source, threads, warn_once};
use super::requests::RunRequest;
use super::{read_json_lines, stopped_code};
use crate::command::note;
use qspec::error::{Error, Result};
use qspec::sweep::{self, Line, Task};

/// `qspec sweep run TASKS [--task I] --out DIR`.
pub(super) fn run_tasks(args: &RunRequest) -> Result<u8> {
    let tasks = read_tasks(&args.tasks)?;
    let chosen: Vec<&Task> = match args.task {
        None => tasks.iter().collect(),
        Some(i) => vec![tasks.iter().find(|t| t.index == i).ok_or_else(|| {
            Error::usage(format!(
                "{} has no task {i} (its tasks are 0 to {})",
                args.tasks.display(),
                tasks.len().saturating_sub(1)
            ))
        })?],
    };
    fs::create_dir_all(&args.out).map_err(|e| Error::unwritable("cannot make ", &args.out, e))?;
    let jobs = threads(args.jobs);
    for task in chosen {
        if run_task(task, &args.out, jobs)? {
            return Ok(stopped_code());
        }
    }
    Ok(0)
}

/// The files task `index` writes in `dir`: its results, the partial
/// results of a run under way, its lock.
pub(crate) fn task_files(dir: &Path, index: usize) -> [PathBuf; 3] {
    ["jsonl", "jsonl.part", "lock"].map(|ext| dir.join(format!("task-{index}.{ext}")))
}

/// The numbers of the tasks `args` runs (read from a plan file; none from
/// standard input, which only the run itself may read).
pub(crate) fn chosen_indices(args: &RunRequest) -> Result<Vec<usize>> {
    match args.task {
        Some(i) => Ok(vec![i]),
        None if args.tasks.as_os_str() == "-" => Ok(Vec::new()),
        None => Ok(read_tasks(&args.tasks)?.iter().map(|t| t.index).collect()),
    }
}

/// The tasks of a plan file, each line checked.
fn read_tasks(path: &Path) -> Result<Vec<Task>> {
    let mut tasks = Vec::new();
    let what = "a task of `qspec sweep plan`";
    read_json_lines(path, what, Task::parse, &mut |task| {
        tasks.push(task);
        Ok(())
    })?;
    if tasks.is_empty() {
        return Err(Error::usage(format!("{} holds no task", path.display())));
    }
    Ok(tasks)
}

/// Runs one task (unless done already); true when interrupted.
fn run_task(task: &Task, dir: &Path, jobs: usize) -> Result<bool> {
    let [done, part, lock] = task_files(dir, task.index);
    if done_already(task, &done) {
        return Ok(false);
    }
    let _lock = Lock::take(&lock)?;
    // Looked at again under the lock: another run may have finished it.
    if done_already(task, &done) {
        return Ok(false);
    }
    let kept = kept_lines(&part)?;
    let skip = kept.len() as u64;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&part)
        .map_err(|e| Error::unwritable("cannot write ", &part, e))?;
    let model = task_source(task);
    let first: Vec<_> = task
        .parts
        .iter()
        .take(1)
        .map(|p| p.defines.clone())
        .collect();
    warn_once(&model, &first)?;
    let started = Instant::now();
    let bar = instances_bar(&model, &task.options, &task.parts)?;
    bar.say(format!("task {}", task.index));
    let mut emit = |index: u64, line: &Line| -> Result<()> {
        bar.step();
        let text = line.to_json();
        if let Some(old) = kept.get(index as usize) {
            if *old != text && !same_but_nodes(old, line) {
                return Err(Error::internal(format!(
                    "line {} of {} differs from the same instance solved again; remove the file to start the task afresh",
                    index + 1,
                    part.display()
                )));
            }
            return Ok(());
        }
        writeln!(file, "{text}")
            .and_then(|()| file.flush())
            .map_err(|e| Error::unwritable("writing ", &part, e))
    };
    let progress = sweep::run(&model, &task.options, &task.parts, jobs, skip, &mut emit)?;
    drop(bar);
    report(&progress, started, jobs);
    if progress.stopped {
        return Ok(true);
    }
    file.sync_all()
        .and_then(|()| fs::rename(&part, &done))
        .map_err(|e| Error::unwritable("cannot finish ", &done, e))?;
    note(&format!(
        "c task {}: written to {}",
        task.index,
        done.display()
    ));
    Ok(false)
}

/// Whether the kept line `old` is `line` but for the nodes searched (a
/// leaf that finds a set on several threads may count other nodes).
fn same_but_nodes(old: &str, line: &Line) -> bool {
    Line::parse(old).is_ok_and(|mut kept| {
        kept.searched = line.searched;
        kept == *line
    })
}

/// Whether the task's result file is in place (said when it is).
fn done_already(task: &Task, done: &Path) -> bool {
    let exists = done.exists();
    if exists {
        note(&format!(
            "c task {}: done already ({})",
            task.index,
            done.display()
        ));
    }
    exists
}

/// The complete lines of a partial result file (a torn last line, from a
/// run killed while writing it, is cut off the file).
fn kept_lines(part: &Path) -> Result<Vec<String>> {
    let bytes = match fs::read(part) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::unreadable("", part, e)),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < bytes.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(part)
            .map_err(|e| Error::unwritable("cannot repair ", part, e))?;
        file.set_len(complete as u64)
            .map_err(|e| Error::unwritable("cannot repair ", part, e))?;
    }
    let text = String::from_utf8_lossy(&bytes[..complete]);
    Ok(text.lines().map(str::to_string).collect())
}

/// An advisory lock (`flock`) on `DIR/task-I.lock`, which holds the
/// owner's process id for the message a second run prints. The kernel
/// drops the lock when its process dies, so a killed run leaves nothing
/// to take over; the file is removed, lock held, when dropped.
struct Lock {
    path: PathBuf,
    _file: fs::File,
}

impl Lock {
    /// Takes the lock at `path`, or says which process holds it.
    fn take(path: &Path) -> Result<Lock> {
        loop {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(|e| Error::unwritable("cannot write ", path, e))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(held_by_another(path)),
                Err(fs::TryLockError::Error(e)) => {
                    return Err(Error::unwritable("cannot lock ", path, e))
                }
            }
            // The owner before us may have removed the file after we
            // opened it: a lock on a file no longer at `path` keeps
            // nobody out, so open it again.
            if !same_file(&file, path) {
                continue;
            }
            file.set_len(0)
                .and_then(|()| writeln!(file, "{}", std::process::id()))
                .and_then(|()| file.flush())
                .map_err(|e| Error::unwritable("cannot write ", path, e))?;
            qspec::interrupt::register(path);
            return Ok(Lock {
                path: path.to_path_buf(),
                _file: file,
            });
        }
    }
}

/// The refusal of a second run, naming the first where its id is written.
fn held_by_another(path: &Path) -> Error {
    let owner = fs::read_to_string(path).unwrap_or_default();
    let who = match owner.trim().parse::<u32>() {
        Ok(pid) => format!("another process ({pid})"),
        Err(_) => "another process".to_string(),
    };
    Error::usage_with_help(
        format!("{who} is running this task"),
        format!("it holds the lock on {}", path.display()),
    )
}

/// Whether the open `file` is the one now at `path`.
#[cfg(unix)]
fn same_file(file: &fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether the open `file` is the one now at `path` (off Unix a lock
/// file is never removed while locked, so it always is).
#[cfg(not(unix))]
fn same_file(_file: &fs::File, path: &Path) -> bool {
    path.exists()
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still locked: a run waiting on this file sees it
        // gone and opens a fresh one.
        let _ = fs::remove_file(&self.path);
        qspec::interrupt::unregister(&self.path);
    }
}
