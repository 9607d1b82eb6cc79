//! The `sweep` and `puzzles` commands: their requests and what they run
//! and print. A sweep runs
//! in one process (`qspec sweep MODEL ...`), or is planned into tasks
//! (`sweep plan`), run task by task by any engine (`sweep run`, idempotent
//! and resumable), and merged (`sweep merge`).

mod family;
mod regions;
mod requests;
mod results;
mod tasks;

pub use requests::{
    FamilyRequest, MergeRequest, PlanRequest, PuzzlesRequest, RunRequest, SweepAction, SweepRequest,
};
pub(crate) use tasks::{chosen_indices, task_files};

use std::io::{BufRead, Write};
use std::path::Path;

use qspec::diag::LineError;
use qspec::error::{Error, Result};
use qspec::files::open_text;

/// Runs `qspec sweep ...`; the exit code on success. Ctrl-C stops it
/// gracefully: every line written is complete (exit 130).
pub fn run_sweep(args: &SweepRequest, out: &mut dyn Write) -> Result<u8> {
    qspec::interrupt::set_graceful(true);
    let timeout = match &args.action {
        Some(SweepAction::Run(a)) => a.timeout,
        _ => args.timeout,
    };
    stop_after(timeout);
    match &args.action {
        None => family::run_direct(args, out),
        Some(SweepAction::Plan(a)) => family::run_plan(a, out),
        Some(SweepAction::Run(a)) => tasks::run_tasks(a),
        Some(SweepAction::Merge(a)) => results::run_merge(a, out),
    }
}

/// Runs `qspec puzzles ...`; the exit code on success.
pub fn run_puzzles(args: &PuzzlesRequest, out: &mut dyn Write) -> Result<u8> {
    qspec::interrupt::set_graceful(true);
    stop_after(args.timeout);
    match &args.regions {
        Some(ask) => regions::run_region_puzzles(args, ask, out),
        None => results::run_puzzles(args, out),
    }
}

/// `--timeout`: the run stops after `seconds` as on Ctrl-C, every line
/// finished kept.
fn stop_after(seconds: Option<f64>) {
    if let Some(s) = seconds {
        let wait = std::time::Duration::from_secs_f64(s.clamp(0.0, 1e9));
        qspec::interrupt::stop_at(std::time::Instant::now() + wait);
    }
}

/// The exit code of a run stopped before its end: 124 at `--timeout` (as
/// `timeout(1)` says it), 130 on Ctrl-C or SIGTERM.
fn stopped_code() -> u8 {
    if qspec::interrupt::timed_out() {
        124
    } else {
        130
    }
}

/// Every non-empty line of `path` (`-`: standard input, `.gz` unpacked) as
/// `parse` reads it, given to `each`; a line `parse` refuses is an error at
/// its place, saying it is not `what`.
fn read_json_lines<T>(
    path: &Path,
    what: &str,
    parse: impl Fn(&str) -> std::result::Result<T, String>,
    each: &mut dyn FnMut(T) -> Result<()>,
) -> Result<()> {
    let name = path.display().to_string();
    let reader = open_text(path).map_err(|e| Error::unreadable("", path, e))?;
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Error::unreadable("", path, e))?;
        if line.trim().is_empty() {
            continue;
        }
        let parsed = parse(&line).map_err(|m| {
            Error::text(
                name.clone(),
                LineError::new(i + 1, format!("not {what}: {m}")),
            )
        })?;
        each(parsed)?;
    }
    Ok(())
}
