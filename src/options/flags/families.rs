//! The flags of the commands over families: `sweep` (its plan, run and
//! merge), `puzzles`, and those over model files: `snapshot`, `fmt`.

use super::{flag, Fallback, Flag, Python};

/// The commands that read a family of instances.
const FAMILY: &[&str] = &["sweep", "sweep plan"];

/// `-D NAME=VALUES`.
pub const DEFINE_VALUES: Flag = Flag {
    long: None,
    short: Some('D'),
    value: Some("NAME=VALUES"),
    ..flag(
        "",
        &["sweep", "sweep plan", "puzzles"],
        "Parameter values: -D n=8, -D n=4..12, -D k=1,2,5 (repeatable; every combination; region puzzles take one value each)",
    )
};

/// `--output FILE`.
pub const LINES_OUTPUT: Flag = Flag {
    short: Some('o'),
    value: Some("FILE"),
    ..flag(
        "output",
        &["sweep", "puzzles"],
        "Write the lines to FILE (atomically) instead of standard output",
    )
};

/// `--walls K`.
pub const SWEEP_WALLS: Flag = Flag {
    value: Some("K"),
    python: Python::Keyword("walls"),
    ..flag(
        "walls",
        FAMILY,
        "Place K walls on the free cells, every placement an instance (K or K1..K2)",
    )
};

/// `--no-symmetry`.
pub const EVERY_PLACEMENT: Flag = Flag {
    python: Python::Negated("symmetry"),
    ..flag(
        "no-symmetry",
        FAMILY,
        "Every wall placement, not one per symmetry class",
    )
};

/// `--optimal-count N`.
pub const OPTIMAL_COUNT: Flag = flag(
    "optimal-count",
    FAMILY,
    "Count the optimal solutions of every instance",
);

/// `--optimal-count-limit N`.
pub const OPTIMAL_COUNT_LIMIT: Flag = Flag {
    value: Some("N"),
    python: Python::Keyword("optimal_count"),
    ..flag(
        "optimal-count-limit",
        FAMILY,
        "Count optimal solutions up to N only (implies --optimal-count; 2 tells a unique optimum)",
    )
};

/// `--chunk N`.
pub const CHUNK: Flag = Flag {
    value: Some("N"),
    default: Fallback::Value("4096"),
    ..flag(
        "chunk",
        &["sweep plan"],
        "Instances per task (a wall sweep rounds it up to a multiple of 256)",
    )
};

/// `--task I`.
pub const TASK: Flag = Flag {
    value: Some("I"),
    default: Fallback::Means("every task"),
    ..flag(
        "task",
        &["sweep run"],
        "Run this task only (its number, from 0: e.g. $SLURM_ARRAY_TASK_ID)",
    )
};

/// `--out DIR`.
pub const OUT: Flag = Flag {
    value: Some("DIR"),
    ..flag(
        "out",
        &["sweep run"],
        "The directory for the result files DIR/task-I.jsonl (made if missing)",
    )
};

/// `--puzzles FILE`.
pub const PUZZLES: Flag = Flag {
    value: Some("FILE"),
    ..flag(
        "puzzles",
        &["sweep merge"],
        "Also write the puzzles among the results to FILE (JSON lines; needs --model)",
    )
};

/// `--html FILE`.
pub const HTML: Flag = Flag {
    value: Some("FILE"),
    ..flag(
        "html",
        &["sweep merge", "puzzles"],
        "Also write the puzzles as a playable HTML page to FILE (click cells to place pieces; merge: needs --model)",
    )
};

/// `--svg FILE`.
pub const HISTOGRAM_SVG: Flag = Flag {
    value: Some("FILE"),
    ..flag(
        "svg",
        &["sweep merge"],
        "Also draw the value histogram as an SVG picture into FILE",
    )
};

/// `--model MODEL`.
pub const MERGED_MODEL: Flag = Flag {
    value: Some("MODEL"),
    ..flag(
        "model",
        &["sweep merge"],
        "The model the results are of (for --puzzles and --html: its board and symmetries)",
    )
};

/// `--puzzle-walls K`.
pub const PUZZLE_WALLS: Flag = Flag {
    value: Some("K"),
    default: Fallback::Means("every K whose smaller boards are in the results"),
    ..flag(
        "puzzle-walls",
        &["sweep merge"],
        "Puzzles with K walls (K or K1..K2)",
    )
};

/// `--minimal RULE`.
pub const MINIMAL: Flag = Flag {
    value: Some("RULE"),
    default: Fallback::Value("one-wall"),
    ..flag(
        "minimal",
        &["sweep merge", "puzzles"],
        "What makes a puzzle's walls minimal (see `qspec puzzles --help`)",
    )
};

/// `--walls K`.
pub const PUZZLE_WALL_COUNT: Flag = Flag {
    value: Some("K"),
    ..flag(
        "walls",
        &["puzzles"],
        "Puzzles with K walls (K or K1..K2); or --size N for region puzzles",
    )
};

/// `--size N`.
pub const SIZE: Flag = Flag {
    value: Some("N"),
    ..flag(
        "size",
        &["puzzles"],
        "Region puzzles on an N x N board instead: region pictures on which the model (with `count per region == k`) has exactly one solution",
    )
};

/// `--count N`.
pub const COUNT: Flag = Flag {
    value: Some("N"),
    default: Fallback::Value("1"),
    ..flag(
        "count",
        &["puzzles"],
        "How many region puzzles (with --size)",
    )
};

/// `--seed S`.
pub const SEED: Flag = Flag {
    value: Some("S"),
    default: Fallback::Value("1"),
    ..flag(
        "seed",
        &["puzzles"],
        "The region puzzles' first seed: the same seed gives the same puzzles (with --size)",
    )
};

/// `--manifest FILE`.
pub const MANIFEST: Flag = Flag {
    value: Some("FILE"),
    default: Fallback::Value("qspec.toml"),
    ..flag(
        "manifest",
        &["snapshot"],
        "The manifest (paths in it are relative to its folder)",
    )
};

/// `--force`.
pub const REPLACE_MANIFEST: Flag =
    flag("force", &["snapshot init"], "Replace an existing manifest");

/// `--allow-new FILE`.
pub const ALLOW_NEW: Flag = flag(
    "allow-new",
    &["snapshot check"],
    "A case without snapshot yet is no failure",
);

/// `--junit FILE`.
pub const JUNIT: Flag = Flag {
    value: Some("FILE"),
    ..flag(
        "junit",
        &["snapshot check"],
        "Also write a JUnit XML report to FILE (one test case per snapshot case)",
    )
};

/// `--check`.
pub const CHECK: Flag = flag(
    "check",
    &["fmt"],
    "Change no file: print what formatting would change as a unified diff, and exit 1 if anything would (for CI and pre-commit hooks)",
);
