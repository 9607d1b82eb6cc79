//! The `sweep` and `puzzles` commands: their arguments (clap, so that
//! `main.rs` only flattens them) and what they run and print. A sweep runs
//! in one process (`qspec sweep MODEL ...`), or is planned into tasks
//! (`sweep plan`), run task by task by any engine (`sweep run`, idempotent
//! and resumable), and merged (`sweep merge`).

mod args;
mod family;
mod results;
mod tasks;

pub use args::{
    FamilyArgs, MergeArgs, PlanArgs, PuzzlesArgs, RunArgs, SweepAction, SweepArgs, PUZZLES_HELP,
    SWEEP_HELP,
};

use std::io::Write;

use crate::error::Result;

/// Runs `qspec sweep ...`; the exit code on success. Ctrl-C stops it
/// gracefully: every line written is complete (exit 130).
pub fn run_sweep(args: &SweepArgs, out: &mut dyn Write) -> Result<u8> {
    crate::interrupt::set_graceful(true);
    match &args.action {
        None => family::run_direct(args, out),
        Some(SweepAction::Plan(a)) => family::run_plan(a, out),
        Some(SweepAction::Run(a)) => tasks::run_tasks(a),
        Some(SweepAction::Merge(a)) => results::run_merge(a, out),
    }
}

/// Runs `qspec puzzles ...`; the exit code on success.
pub fn run_puzzles(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<u8> {
    crate::interrupt::set_graceful(true);
    results::run_puzzles(args, out)
}
