//! The flags of the commands that search: `solve` and `count` (the
//! engine, the time and threads every long run takes, listing, proofs).

use super::{flag, Fallback, Flag, Python};

/// The commands that may run long.
const LONG_RUN: &[&str] = &["solve", "count", "sweep", "sweep run", "puzzles"];
/// The commands that draw progress.
const PROGRESS_SHOWN: &[&str] = &["stats", "solve", "count", "sweep", "sweep run", "puzzles"];

/// `--engine NAME`.
pub const ENGINE: Flag = Flag {
    value: Some("NAME"),
    default: Fallback::Value("auto"),
    python: Python::Keyword("engine"),
    ..flag(
        "engine",
        &["solve", "count"],
        "The embedded engine: auto (the default), cadical, kissat, portfolio, clique, rows, armies (see `qspec solve --help`); count: the one that finds the optimum for --optimal, and lists the solutions where it can (else CaDiCaL lists them)",
    )
};

/// `--timeout SECONDS`.
pub const TIMEOUT: Flag = Flag {
    value: Some("SECONDS"),
    python: Python::Keyword("timeout"),
    ..flag(
        "timeout",
        LONG_RUN,
        "Stop after this many seconds (0: at once, before any search), keeping what is done (solve: the best board so far; count: \"at least N\"; sweep and puzzles: every line finished, exit 124)",
    )
};

/// `--threads N`.
pub const THREADS: Flag = Flag {
    alias: Some("jobs"),
    value: Some("N"),
    default: Fallback::Means("one per core"),
    python: Python::Keyword("jobs"),
    ..flag(
        "threads",
        LONG_RUN,
        "Threads: the clique search's (solve, count --optimal), CaDiCaL's listing in cubes (count, solve --all), or instances side by side, each with its own solver (sweep, puzzles)",
    )
};

/// `--progress`.
pub const PROGRESS: Flag = flag(
    "progress",
    PROGRESS_SHOWN,
    "Draw progress on standard error even when it is not a terminal (by default only on a terminal)",
);

/// `--no-progress SECONDS`.
pub const NO_PROGRESS: Flag = flag(
    "no-progress",
    PROGRESS_SHOWN,
    "Draw no progress, even on a terminal",
);

/// `--no-symmetry K`.
pub const NO_SYMMETRY: Flag = Flag {
    hidden: true,
    ..flag(
        "no-symmetry",
        &["solve"],
        "The clique search prunes without the board's symmetries (for checking the pruning)",
    )
};

/// `--split K`.
pub const SPLIT: Flag = Flag {
    value: Some("K"),
    ..flag(
        "split",
        &["solve"],
        "Cut the clique search or the armies search into at least K parts and print them as the tasks of a sweep (run with `qspec sweep run`, join with `qspec sweep merge`)",
    )
};

/// `--solver CMD`.
pub const SOLVER: Flag = Flag {
    value: Some("CMD"),
    ..flag(
        "solver",
        &["solve"],
        "Solve with this solver command line instead (the compiled file is appended)",
    )
};

/// `--format FORMAT`.
pub const SOLVER_FORMAT: Flag = Flag {
    value: Some("FORMAT"),
    default: Fallback::Means("the one it is known to read"),
    ..flag("format", &["solve"], "The file to hand the solver")
};

/// `--start BOARD`.
pub const WARM_START: Flag = Flag {
    value: Some("BOARD"),
    ..flag(
        "start",
        &["solve"],
        "Warm start from this board (a picture as qspec prints it, or any answer `verify` reads)",
    )
};

/// `--certify LEVEL`.
pub const CERTIFY: Flag = Flag {
    value: Some("LEVEL"),
    ..flag(
        "certify",
        &["solve", "count"],
        "Check with a proof, from the CNF (DRAT, `rate`) or end to end from the model's OPB file (VeriPB, `veripb`): solve, the final \"no solution\" or \"optimal\"; count, that the count is complete (the model with every solution listed excluded, refuted); see --help",
    )
};

/// `--proof-dir DIR`.
pub const PROOF_DIR: Flag = Flag {
    value: Some("DIR"),
    ..flag(
        "proof-dir",
        &["solve", "count"],
        "Keep the certificate's input file (CNF or OPB) and proof in DIR (else they are removed)",
    )
};

/// `--elaborate`.
pub const ELABORATE: Flag = flag(
    "elaborate",
    &["solve", "count"],
    "With --certify=model and --proof-dir: keep also the kernel proof `veripb --elaborate` writes as it checks (VeriPB 3's kernel format, what the formally verified checker CakePB reads), as STEM.kernel.pbp beside the proof",
);

/// `--all N`.
pub const EVERY_SOLUTION: Flag = flag(
    "all",
    &["solve"],
    "Print every solution as it is found, each verified (incremental CaDiCaL; see `qspec count --help`)",
);

/// `--limit N`.
pub const LIMIT: Flag = Flag {
    value: Some("N"),
    python: Python::Keyword("limit"),
    ..flag(
        "limit",
        &["solve", "count"],
        "Stop after N solutions (N classes with --up-to-symmetry); if there are more, say \"at least N\" and exit 10",
    )
};

/// `--optimal`.
pub const OPTIMAL: Flag = Flag {
    python: Python::Keyword("optimal"),
    ..flag(
        "optimal",
        &["solve", "count"],
        "With an objective: find the optimum first, then count only the solutions at it",
    )
};

/// `--up-to-symmetry NAME`.
pub const UP_TO_SYMMETRY: Flag = Flag {
    python: Python::Keyword("up_to_symmetry"),
    ..flag(
        "up-to-symmetry",
        &["solve", "count"],
        "Count classes under the board's symmetry group (one canonical representative each) and the solutions in them",
    )
};

/// `--jsonl`.
pub const JSONL: Flag = Flag {
    alias: Some("json"),
    ..flag(
        "jsonl",
        &["solve", "count"],
        "Print JSON: solve, one object (the verdict; the rest goes to standard error); solve --all and count, one line per solution (--all), then a summary",
    )
};

/// `--counter NAME`.
pub const COUNTER: Flag = Flag {
    value: Some("NAME"),
    ..flag(
        "counter",
        &["count"],
        "Count with a model counter on the CNF instead of enumerating (classes by Burnside's lemma)",
    )
};
