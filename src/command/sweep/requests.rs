//! What the command line asks of `sweep` (and its `plan`, `run`, `merge`)
//! and of `puzzles`.

use std::path::PathBuf;

use qspec::sweep::Rule;

/// `qspec sweep`: a family of instances in one process, or one step of a
/// sweep spread over processes.
#[derive(Clone, Debug)]
pub struct SweepRequest {
    /// plan, run or merge; without one, the whole sweep in this process.
    pub action: Option<SweepAction>,
    /// The model and the family of instances.
    pub family: FamilyRequest,
    /// Write the result lines to this file (atomically) instead of standard output.
    pub output: Option<PathBuf>,
    /// Threads, each with its own solver (default: the number of cores).
    pub jobs: Option<usize>,
    /// Stop after this many seconds, keeping every line finished.
    pub timeout: Option<f64>,
}

/// The steps of a sweep spread over processes or machines.
#[derive(Clone, Debug)]
pub enum SweepAction {
    /// Cut the sweep into tasks: one JSON line each, on standard output.
    Plan(PlanRequest),
    /// Run tasks of a plan into `DIR/task-I.jsonl` (idempotent, resumable).
    Run(RunRequest),
    /// Merge result lines: value histograms, optima, unique optima, puzzles.
    Merge(MergeRequest),
}

/// The model and the family of instances.
#[derive(Clone, Debug, Default)]
pub struct FamilyRequest {
    /// The `.qspec` model file.
    pub model: Option<PathBuf>,
    /// Parameter values: every combination of these.
    pub define: Vec<(String, Vec<i64>)>,
    /// Place this many walls on the free cells, every placement an instance.
    pub walls: Option<Vec<usize>>,
    /// Every wall placement, not one per symmetry class.
    pub no_symmetry: bool,
    /// Count the optimal solutions of every instance, up to this many.
    pub optimal_count: Option<u64>,
    /// Add no automatic hint.
    pub no_auto_hints: bool,
}

/// `qspec sweep plan`.
#[derive(Clone, Debug)]
pub struct PlanRequest {
    /// The model and the family of instances.
    pub family: FamilyRequest,
    /// Instances per task (a wall sweep rounds it up to a multiple of 256).
    pub chunk: u64,
}

/// `qspec sweep run`.
#[derive(Clone, Debug)]
pub struct RunRequest {
    /// The tasks file written by `qspec sweep plan`.
    pub tasks: PathBuf,
    /// Run this task only (its number, from 0); every task when `None`.
    pub task: Option<usize>,
    /// The directory for the result files `DIR/task-I.jsonl` (made if missing).
    pub out: PathBuf,
    /// Threads, each with its own solver (default: the number of cores).
    pub jobs: Option<usize>,
    /// Stop after this many seconds, keeping every line finished.
    pub timeout: Option<f64>,
}

/// `qspec sweep merge`.
#[derive(Clone, Debug)]
pub struct MergeRequest {
    /// Result files (`-` for standard input).
    pub files: Vec<PathBuf>,
    /// Print the merge as JSON.
    pub json: bool,
    /// Also write the puzzles among the results to this file (JSON lines; needs `model`).
    pub puzzles: Option<PathBuf>,
    /// Also write the puzzles as a playable HTML page to this file (needs `model`).
    pub html: Option<PathBuf>,
    /// Also draw the value histogram as an SVG picture into this file.
    pub svg: Option<PathBuf>,
    /// The model the results are of (for `puzzles` and `html`: its board and symmetries).
    pub model: Option<PathBuf>,
    /// Puzzles with this many walls (default: every number whose smaller boards are in the results).
    pub puzzle_walls: Option<Vec<usize>>,
    /// What makes a puzzle's walls minimal.
    pub minimal: Rule,
}

/// `qspec puzzles`.
#[derive(Clone, Debug)]
pub struct PuzzlesRequest {
    /// The `.qspec` model file.
    pub model: PathBuf,
    /// Parameter values: every combination of these.
    pub define: Vec<(String, Vec<i64>)>,
    /// Puzzles with this many walls.
    pub walls: Option<Vec<usize>>,
    /// Region puzzles instead (`--size`).
    pub regions: Option<qspec::sweep::regions::RegionAsk>,
    /// What makes a puzzle's walls minimal.
    pub minimal: Rule,
    /// Write the puzzles to this file (atomically) instead of standard output.
    pub output: Option<PathBuf>,
    /// Also write them as a playable HTML page to this file.
    pub html: Option<PathBuf>,
    /// Threads, each with its own solver (default: the number of cores).
    pub jobs: Option<usize>,
    /// Stop after this many seconds, keeping every line finished.
    pub timeout: Option<f64>,
    /// Add no automatic hint.
    pub no_auto_hints: bool,
}
