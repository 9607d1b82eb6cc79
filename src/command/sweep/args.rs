//! The command-line arguments of `sweep` (and its `plan`, `run`, `merge`)
//! and of `puzzles`, with their help texts.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use crate::sweep::puzzles::Rule;

/// `qspec sweep --help`.
pub const SWEEP_HELP: &str = "\
Run a model over a family of instances and print one JSON line per instance:
parameter ranges (-D n=4..12 -D k=1..4: every combination, each solved as
`qspec solve` would) and wall placements (--walls K: every placement of K
walls on the model's free cells, one per symmetry class of the board with its
class size, or every board with --no-symmetry; --walls 2..4 for several K).

  qspec sweep models/eight-queens.qspec --walls 3 > three.jsonl
  qspec sweep merge three.jsonl
  {\"walls\":[[0,0],[0,1],[0,2]],\"class_size\":8,\"value\":8,\"status\":\"optimal\",\"solution\":[...]}

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

  qspec sweep plan MODEL --walls 5 --optimal-count-limit 2 --chunk 4096 > tasks.jsonl
  qspec sweep run tasks.jsonl --task 7 --out results/      # results/task-7.jsonl
  qspec sweep merge results/*.jsonl

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

Exit codes: 0 done, 1 failure, 2 bad input, 130 interrupted (the lines
written so far are complete; `sweep run` resumes).";

/// `qspec sweep`: a family of instances in one process, or a subcommand.
#[derive(Args, Clone, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SweepArgs {
    /// plan, run or merge; without one, the whole sweep in this process
    #[command(subcommand)]
    pub action: Option<SweepAction>,
    /// The model and the family of instances.
    #[command(flatten)]
    pub family: FamilyArgs,
    /// Write the result lines to FILE (atomically) instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Threads, each with its own solver [default: the number of cores]
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// The steps of a sweep spread over processes or machines.
#[derive(Subcommand, Clone, Debug)]
pub enum SweepAction {
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
    /// Parameter values: -D n=8, -D n=4..12, -D k=1,2,5 (repeatable; every combination)
    #[arg(short = 'D', value_name = "NAME=VALUES", value_parser = parse_define_range)]
    pub define: Vec<(String, Vec<i64>)>,
    /// Place K walls on the free cells, every placement an instance (K or K1..K2)
    #[arg(long, value_name = "K", value_parser = parse_walls)]
    pub walls: Option<WallCounts>,
    /// Every wall placement, not one per symmetry class
    #[arg(long)]
    pub no_symmetry: bool,
    /// Count the optimal solutions of every instance
    #[arg(long)]
    pub optimal_count: bool,
    /// Count optimal solutions up to N only (implies --optimal-count; 2 tells a unique optimum)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub optimal_count_limit: Option<u64>,
    /// Add no automatic hint (see `qspec solve --help`)
    #[arg(long)]
    pub no_auto_hints: bool,
}

impl FamilyArgs {
    /// The optimal-count limit asked for (`u64::MAX`: every one).
    pub fn count_limit(&self) -> Option<u64> {
        match (self.optimal_count_limit, self.optimal_count) {
            (Some(n), _) => Some(n),
            (None, true) => Some(u64::MAX),
            (None, false) => None,
        }
    }
}

/// `qspec sweep plan`.
#[derive(Args, Clone, Debug)]
pub struct PlanArgs {
    /// The model and the family of instances.
    #[command(flatten)]
    pub family: FamilyArgs,
    /// Instances per task (a wall sweep rounds it up to a multiple of 256)
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..))]
    pub chunk: u64,
}

/// `qspec sweep run`.
#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// The tasks file written by `qspec sweep plan`
    pub tasks: PathBuf,
    /// Run this task only (its number, from 0: e.g. $SLURM_ARRAY_TASK_ID) [default: every task]
    #[arg(long, value_name = "I")]
    pub task: Option<usize>,
    /// The directory for the result files DIR/task-I.jsonl (made if missing)
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Threads, each with its own solver [default: the number of cores]
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// `qspec sweep merge`.
#[derive(Args, Clone, Debug)]
pub struct MergeArgs {
    /// Result files (`-` for standard input)
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print the merge as JSON
    #[arg(long)]
    pub json: bool,
    /// Also write the puzzles among the results to FILE (JSON lines; needs --model)
    #[arg(long, value_name = "FILE", requires = "model")]
    pub puzzles: Option<PathBuf>,
    /// Also write the puzzles as a playable HTML page to FILE (needs --model)
    #[arg(long, value_name = "FILE", requires = "model")]
    pub html: Option<PathBuf>,
    /// Also draw the value histogram as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// The model the results are of (for --puzzles and --html: its board and symmetries)
    #[arg(long, value_name = "MODEL")]
    pub model: Option<PathBuf>,
    /// Which puzzles.
    #[command(flatten)]
    pub rule: PuzzleRule,
}

/// Which puzzles `merge --puzzles` writes.
#[derive(Args, Clone, Debug)]
pub struct PuzzleRule {
    /// Puzzles with K walls (K or K1..K2) [merge default: every K whose smaller boards are in the results]
    #[arg(long = "puzzle-walls", value_name = "K", value_parser = parse_walls)]
    pub walls: Option<WallCounts>,
    /// What makes a puzzle's walls minimal (see `qspec puzzles --help`)
    #[arg(long, value_name = "RULE", default_value = "one-wall")]
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
    pub fn rule(self) -> Rule {
        match self {
            Minimal::OneWall => Rule::OneWall,
            Minimal::Subsets => Rule::Subsets,
        }
    }
}

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
with --optimal-count-limit 2 or more).";

/// `qspec puzzles`.
#[derive(Args, Clone, Debug)]
pub struct PuzzlesArgs {
    /// The .qspec model file
    pub model: PathBuf,
    /// Parameter values: -D n=8 (repeatable)
    #[arg(short = 'D', value_name = "NAME=VALUES", value_parser = parse_define_range)]
    pub define: Vec<(String, Vec<i64>)>,
    /// Puzzles with K walls (K or K1..K2)
    #[arg(long, value_name = "K", value_parser = parse_walls, required = true)]
    pub walls: Option<WallCounts>,
    /// What makes a puzzle's walls minimal (see above)
    #[arg(long, value_name = "RULE", default_value = "one-wall")]
    pub minimal: Minimal,
    /// Write the puzzles to FILE (atomically) instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write them as a playable HTML page to FILE (click cells to place pieces)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Threads, each with its own solver [default: the number of cores]
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Add no automatic hint
    #[arg(long)]
    pub no_auto_hints: bool,
}

/// `NAME=VALUES`: `n=8`, `n=4..12`, `k=1,2,5`, `k=1..3,7`.
pub fn parse_define_range(s: &str) -> Result<(String, Vec<i64>), String> {
    let (name, values) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUES (e.g. -D n=4..12)"))?;
    let mut out = Vec::new();
    for item in values.split(',') {
        let item = item.trim();
        let bad = || format!("`{item}` is not an integer or a range A..B (in -D {s})");
        match item.split_once("..") {
            Some((a, b)) => {
                let a: i64 = a.trim().parse().map_err(|_| bad())?;
                let b: i64 = b.trim().parse().map_err(|_| bad())?;
                if a > b {
                    return Err(format!("the range {item} is empty (in -D {s})"));
                }
                if b - a >= 1_000_000 {
                    return Err(format!("the range {item} is too long (in -D {s})"));
                }
                out.extend(a..=b);
            }
            None => out.push(item.parse().map_err(|_| bad())?),
        }
    }
    Ok((name.trim().to_string(), out))
}

/// Numbers of walls: `--walls 3` or `--walls 2..4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallCounts(pub Vec<usize>);

/// `K` or `K1..K2`: the numbers of walls.
pub fn parse_walls(s: &str) -> Result<WallCounts, String> {
    let bad = || format!("`{s}` is not a number of walls K or a range K1..K2");
    match s.split_once("..") {
        Some((a, b)) => {
            let a: usize = a.trim().parse().map_err(|_| bad())?;
            let b: usize = b.trim().parse().map_err(|_| bad())?;
            if a > b {
                return Err(format!("the range {s} is empty"));
            }
            Ok(WallCounts((a..=b).collect()))
        }
        None => Ok(WallCounts(vec![s.trim().parse().map_err(|_| bad())?])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defines_take_values_ranges_and_lists() {
        assert_eq!(parse_define_range("n=8"), Ok(("n".into(), vec![8])));
        assert_eq!(
            parse_define_range("n=4..6,9"),
            Ok(("n".into(), vec![4, 5, 6, 9]))
        );
        assert!(parse_define_range("n=6..4").is_err());
        assert!(parse_define_range("n=x").is_err());
        assert!(parse_define_range("n").is_err());
        assert_eq!(parse_walls("2..4"), Ok(WallCounts(vec![2, 3, 4])));
        assert_eq!(parse_walls("3"), Ok(WallCounts(vec![3])));
        assert!(parse_walls("4..2").is_err());
    }
}
