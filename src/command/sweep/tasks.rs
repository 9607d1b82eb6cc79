//! `qspec sweep run`: tasks of a plan into `DIR/task-I.jsonl`.
//!
//! Idempotent: a finished task's file is renamed into place only when
//! complete, and a re-run skips it. Resumable: lines are appended to
//! `DIR/task-I.jsonl.part` and flushed one by one, so a killed run keeps
//! every line it finished; the next run drops a torn last line, solves
//! again the block of the first missing instance (its earlier lines are
//! compared with those kept: a block is solved from a fresh solver, so
//! they must be equal) and goes on. `DIR/task-I.lock` (the process id)
//! keeps two runs off one task.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::family::{instances_bar, report, task_source, threads, warn_once};
use super::requests::RunRequest;
use super::{read_json_lines, stopped_code};
use crate::command::note;
use crate::error::{Error, Result};
use crate::sweep::{self, Line, Task};

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
    let done = dir.join(format!("task-{}.jsonl", task.index));
    if done.exists() {
        note(&format!(
            "c task {}: done already ({})",
            task.index,
            done.display()
        ));
        return Ok(false);
    }
    let _lock = Lock::take(&dir.join(format!("task-{}.lock", task.index)))?;
    let part = dir.join(format!("task-{}.jsonl.part", task.index));
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
            if *old != text {
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

/// A lock file holding this process's id, removed when dropped.
struct Lock(PathBuf);

impl Lock {
    /// Takes the lock at `path`; a lock left by a process that is gone is
    /// taken over.
    fn take(path: &Path) -> Result<Lock> {
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(path) {
                Ok(mut f) => {
                    let _ = writeln!(f, "{}", std::process::id());
                    crate::interrupt::register(path);
                    return Ok(Lock(path.to_path_buf()));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let owner = fs::read_to_string(path).unwrap_or_default();
                    match owner.trim().parse::<u32>() {
                        Ok(pid) if crate::interrupt::process_alive(pid) => {
                            return Err(Error::usage_with_help(
                                format!("another process ({pid}) is running this task"),
                                format!("if none is, remove {}", path.display()),
                            ))
                        }
                        _ => {
                            let _ = fs::remove_file(path);
                        }
                    }
                }
                Err(e) => return Err(Error::unwritable("cannot write ", path, e)),
            }
        }
        Err(Error::unwritable(
            "cannot take the lock ",
            path,
            std::io::Error::new(std::io::ErrorKind::WouldBlock, "it is held"),
        ))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
        crate::interrupt::unregister(&self.0);
    }
}
