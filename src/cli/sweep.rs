//! The arguments of `sweep` (and its `plan`, `run`, `merge`) and of
//! `puzzles`, the requests they make, and their `--help`.

use std::path::PathBuf;

use crate::command::progress::Show;
use crate::command::sweep::{
    FamilyRequest, MergeRequest, PlanRequest, PuzzlesRequest, RunRequest, SweepAction, SweepRequest,
};
use clap::{Args, Subcommand, ValueEnum};
use qspec::sweep::regions::RegionAsk;
use qspec::sweep::Rule;

/// How many tries a region puzzle may take before `qspec puzzles --size`
/// gives up (an 8 x 8 "Queens" puzzle takes a few, a 10 x 10 Star Battle a
/// few hundred).
const REGION_TRIES: u64 = 100_000;

use super::args::LongRunArgs;

use super::values::{parse_define_range, parse_walls, WallCounts};

/// `qspec sweep`: a family of instances in one process, or a subcommand.
#[derive(Args, Clone, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SweepArgs {
    /// plan, run or merge; without one, the whole sweep in this process
    #[command(subcommand)]
    pub action: Option<SweepStep>,
    /// The model and the family of instances.
    #[command(flatten)]
    pub family: FamilyArgs,
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub run: LongRunArgs,
}

/// The steps of a sweep spread over processes or machines.
#[derive(Subcommand, Clone, Debug)]
pub enum SweepStep {
    /// Cut the sweep into tasks: one JSON line each, on standard output
    Plan(PlanArgs),
    /// Run tasks of a plan into DIR/task-I.jsonl (idempotent, resumable)
    Run(RunArgs),
    /// Merge result lines: value histograms, optima, unique optima, puzzles
    Merge(MergeArgs),
}

/// The model and the family of instances.
#[derive(Args, Clone, Debug)]
pub struct FamilyArgs {
    /// The .qspec model file
    #[arg(required = true)]
    pub model: Option<PathBuf>,
    #[arg(short = 'D', value_parser = parse_define_range)]
    pub define: Vec<(String, Vec<i64>)>,
    #[arg(long, value_parser = parse_walls)]
    pub walls: Option<WallCounts>,
    #[arg(long)]
    pub no_symmetry: bool,
    #[arg(long)]
    pub optimal_count: bool,
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub optimal_count_limit: Option<u64>,
    #[arg(long)]
    pub no_auto_hints: bool,
}

impl FamilyArgs {
    /// The optimal-count limit asked for (`u64::MAX`: every one).
    fn count_limit(&self) -> Option<u64> {
        match (self.optimal_count_limit, self.optimal_count) {
            (Some(n), _) => Some(n),
            (None, true) => Some(u64::MAX),
            (None, false) => None,
        }
    }

    fn request(self) -> FamilyRequest {
        FamilyRequest {
            optimal_count: self.count_limit(),
            model: self.model,
            define: self.define,
            walls: self.walls.map(|w| w.0),
            no_symmetry: self.no_symmetry,
            no_auto_hints: self.no_auto_hints,
        }
    }
}

/// `qspec sweep plan`.
#[derive(Args, Clone, Debug)]
pub struct PlanArgs {
    /// The model and the family of instances.
    #[command(flatten)]
    pub family: FamilyArgs,
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..))]
    pub chunk: u64,
}

/// `qspec sweep run`.
#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// The tasks file written by `qspec sweep plan`
    pub tasks: PathBuf,
    #[arg(long)]
    pub task: Option<usize>,
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub run: LongRunArgs,
}

/// `qspec sweep merge`.
#[derive(Args, Clone, Debug)]
pub struct MergeArgs {
    /// Result files (`-` for standard input)
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long)]
    pub json: bool,
    #[arg(long, requires = "model")]
    pub puzzles: Option<PathBuf>,
    #[arg(long, requires = "model")]
    pub html: Option<PathBuf>,
    #[arg(long)]
    pub svg: Option<PathBuf>,
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Which puzzles.
    #[command(flatten)]
    pub rule: PuzzleRule,
}

/// Which puzzles `merge --puzzles` writes.
#[derive(Args, Clone, Debug)]
pub struct PuzzleRule {
    #[arg(long = "puzzle-walls", value_parser = parse_walls)]
    pub walls: Option<WallCounts>,
    #[arg(long, default_value = "one-wall")]
    pub minimal: Minimal,
}

/// `--minimal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Minimal {
    /// No single wall can be removed keeping the value and the uniqueness
    OneWall,
    /// No proper subset of the walls (down to the least K asked for) keeps them (the article's script)
    Subsets,
}

impl Minimal {
    /// The sweep's rule.
    fn rule(self) -> Rule {
        match self {
            Minimal::OneWall => Rule::OneWall,
            Minimal::Subsets => Rule::Subsets,
        }
    }
}

/// `qspec puzzles`.
#[derive(Args, Clone, Debug)]
pub struct PuzzlesArgs {
    /// The .qspec model file
    pub model: PathBuf,
    #[arg(short = 'D', value_parser = parse_define_range)]
    pub define: Vec<(String, Vec<i64>)>,
    #[arg(long, value_parser = parse_walls, required_unless_present = "size")]
    pub walls: Option<WallCounts>,
    #[arg(long, conflicts_with = "walls", value_parser = clap::value_parser!(u16).range(2..=64))]
    pub size: Option<u16>,
    #[arg(long, default_value_t = 1, requires = "size")]
    pub count: usize,
    #[arg(long, default_value_t = 1, requires = "size")]
    pub seed: u64,
    #[arg(long, default_value = "one-wall")]
    pub minimal: Minimal,
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[arg(long)]
    pub html: Option<PathBuf>,
    #[arg(long)]
    pub no_auto_hints: bool,
    #[command(flatten)]
    pub run: LongRunArgs,
}

impl SweepArgs {
    /// What to draw as progress (`sweep run` has its own flags).
    pub fn progress(&self) -> Show {
        match &self.action {
            Some(SweepStep::Run(a)) => a.run.progress.show(),
            _ => self.run.progress.show(),
        }
    }

    /// The request these arguments make.
    pub fn request(self) -> SweepRequest {
        SweepRequest {
            action: self.action.map(|step| match step {
                SweepStep::Plan(a) => SweepAction::Plan(PlanRequest {
                    family: a.family.request(),
                    chunk: a.chunk,
                }),
                SweepStep::Run(a) => SweepAction::Run(RunRequest {
                    tasks: a.tasks,
                    task: a.task,
                    out: a.out,
                    jobs: a.run.threads(),
                    timeout: a.run.timeout,
                }),
                SweepStep::Merge(a) => SweepAction::Merge(MergeRequest {
                    files: a.files,
                    json: a.json,
                    puzzles: a.puzzles,
                    html: a.html,
                    svg: a.svg,
                    model: a.model,
                    puzzle_walls: a.rule.walls.map(|w| w.0),
                    minimal: a.rule.minimal.rule(),
                }),
            }),
            family: self.family.request(),
            output: self.output,
            jobs: self.run.threads(),
            timeout: self.run.timeout,
        }
    }
}

impl PuzzlesArgs {
    /// The request these arguments make.
    pub fn request(self) -> PuzzlesRequest {
        PuzzlesRequest {
            model: self.model,
            define: self.define,
            walls: self.walls.map(|w| w.0),
            regions: self.size.map(|size| RegionAsk {
                size: usize::from(size),
                count: self.count,
                seed: self.seed,
                tries: REGION_TRIES,
            }),
            minimal: self.minimal.rule(),
            output: self.output,
            html: self.html,
            jobs: self.run.threads(),
            timeout: self.run.timeout,
            no_auto_hints: self.no_auto_hints,
        }
    }
}

/// `qspec sweep --help`.
pub const SWEEP_HELP: &str = "\
Run a model over a family of instances and print one JSON line per instance:
parameter ranges (-D n=4..12 -D k=1..4: every combination, each solved as
`qspec solve` would) and wall placements (--walls K: every placement of K
walls on the model's free cells, one per symmetry class of the board with its
class size, or every board with --no-symmetry; --walls 2..4 for several K).

  qspec sweep models/blocked-8x8.qspec --walls 3 > three.jsonl
  qspec sweep merge three.jsonl

Each line (fields that do not apply are left out):
  {\"walls\":[[0,7],[1,0],[7,6]],\"class_size\":4,\"value\":8,\"status\":\"optimal\",\"cells\":[[0,5],...]}

A wall sweep builds the model once with `walls free` in one incremental
CaDiCaL per thread: each placement is a set of assumptions (its walls true,
every other wall false), the optimum is found by an incremental cardinality
bound starting from the previous placement's value, and --optimal-count
counts the optimal solutions (up to --optimal-count-limit; 2 tells unique
from not) with blocking clauses retired after each placement. Placements go
in blocks of 256, each block on a fresh solver, so results do not depend on
--jobs or on how the sweep was cut into tasks: the same sweep gives
byte-identical lines. Every board reported is verified from the geometry.
Timings go to standard error.

On a cluster: plan tasks, run them with any engine, merge the results.

  qspec sweep plan models/blocked-8x8.qspec --walls 5 --optimal-count-limit 2 \\
      --chunk 4096 > tasks.jsonl                           # 233 tasks
  qspec sweep run tasks.jsonl --task 7 --out results/      # writes results/task-7.jsonl
  qspec sweep merge results/*.jsonl                        # 4096 classes

Each task line holds the model's text and options, so a remote host needs
only qspec and the tasks file. `sweep run` is idempotent: a finished task's
file is written atomically and a re-run skips it; a killed task keeps every
line it finished in results/task-I.jsonl.part and resumes after it. With
GNU parallel (--joblog keeps a log, --resume skips the tasks it lists as
done, -S runs on other hosts over ssh, --jobs one per core):

  n=$(wc -l < tasks.jsonl)
  seq 0 $((n-1)) | parallel --jobs 2 --joblog sweep.log --resume \\
      qspec sweep run tasks.jsonl --task {} --out results/ --jobs 1
  seq 0 $((n-1)) | parallel -S host1,host2 --basefile tasks.jsonl \\
      --return results/task-{}.jsonl --cleanup \\
      qspec sweep run tasks.jsonl --task {} --out results --jobs 1

With Slurm, one array task per line:

  sbatch --array=0-$((n-1)) --wrap \\
      'qspec sweep run tasks.jsonl --task $SLURM_ARRAY_TASK_ID --out results/ --jobs 1'

One clique or armies search cut into parts (`qspec solve MODEL --split K >
tasks.jsonl`) runs the same way: a task is a part, each of its leaves one result line
(\"leaf\":i,\"leaves\":n, with the nodes it \"searched\"), and merge joins an
instance's leaves into one line: the best count of any leaf, \"none\" or
optimal only when every leaf of the plan is there and says so, and the
nodes of all its leaves (\"m=33 n=7: none  (1432366 nodes searched)\").

Exit codes: 0 done, 1 failure, 2 bad input, 130 interrupted (the lines
written so far are complete; `sweep run` resumes).";

/// `qspec puzzles --help`.
pub const PUZZLES_HELP: &str = "\
Find puzzles, after the blocked article's \"interesting\" boards: placements of
K walls (--walls 2..3) on the model's board whose optimum has exactly one
solution on the raw board, with minimal walls, one per symmetry class. Prints
them as JSON lines (the sweep's result lines), or writes them to -o FILE;
--html FILE also writes a playable page (click a cell to place or remove a
piece; attacked cells are shaded, attacking pieces turn red, and a board says
\"solved\" at the optimum; \"Show\" draws it; open it as FILE#selftest and the
page plays every board itself).

Minimal (--minimal):
  one-wall  no single wall can be removed keeping the value and the
            uniqueness (the board with one wall fewer is swept too)
  subsets   no board on a proper subset of the walls, with at least the
            least K asked for, has the same value and a unique optimum
            (the article's script, which began at 2 walls)

The article also set aside boards whose walls are invariant under a symmetry
that maps the optimum to another optimum; such a board has two optimal
solutions or more on the raw board, so uniqueness excludes it already (a
board whose unique optimum is itself invariant is kept).

The same from a sweep's results: qspec sweep merge results/*.jsonl
--puzzles puzzles.jsonl --model MODEL (the results must hold every K needed,
with --optimal-count-limit 2 or more).

Region puzzles (--size N): for a model with `count per region == k` (the
\"Queens\" puzzle, Star Battle), region pictures of an N x N board on which
the model has exactly one solution, --count of them. Each try places the
pieces by the model's other rules, grows k-piece regions around them at
random, and cuts every second solution off by moving one of its cells to a
neighbouring region. Each puzzle is judged on the model file with its regions
in place, counted as `qspec count` counts it: one solution, verified from the
board geometry. Every statement holds in every puzzle (walls, fixed and
forbidden cells, boxes), or is refused at its line: a second kind, an
objective, `walls free`, a hint that may remove solutions, or cells named on
a board of another size than N. One JSON line a puzzle: the regions (paste
them into the model's `regions { ... }`), the solution, the seed and the
try. The same --seed gives
the same puzzles. --html FILE also writes them as a playable page: regions in
colours, a piece in a row, column or region holding too many turns orange,
and the status names every count broken until the board is solved.

Examples:
  qspec puzzles models/queens-regions.qspec --size 8
  qspec puzzles models/star-battle.qspec --size 10 --count 5 --seed 7 -o stars.jsonl
  qspec puzzles models/queens-regions.qspec --size 8 --count 10 --html queens.html";
