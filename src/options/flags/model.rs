//! The flags of the commands that read a model and write or judge a file:
//! the model's parameters and limits, its encodings, the files `compile`
//! writes, what `verify` reads.

use super::{flag, Fallback, Flag, Python};

/// The commands that read a model and build it.
const MODEL: &[&str] = &["compile", "stats", "solve", "count", "verify"];
/// The commands that choose encodings.
const ENCODING: &[&str] = &["compile", "stats", "solve", "count"];

/// `-D NAME=VALUE`.
pub const DEFINE: Flag = Flag {
    long: None,
    short: Some('D'),
    value: Some("NAME=VALUE"),
    python: Python::Named("parameters (the keywords of qspec.load)"),
    ..flag("", MODEL, "Override a parameter: -D n=10 (repeatable)")
};

/// `--max-memory SIZE`.
pub const MAX_MEMORY: Flag = Flag {
    value: Some("SIZE"),
    default: Fallback::Value("4G"),
    python: Python::Named("qspec's memory limit"),
    ..flag(
        "max-memory",
        MODEL,
        "Refuse a model whose building and encoding would take more memory than this (estimated first)",
    )
};

/// `--max-clauses N`.
pub const MAX_CLAUSES: Flag = Flag {
    value: Some("N"),
    default: Fallback::Value("200000000"),
    python: Python::Named("qspec's limit on clauses"),
    ..flag(
        "max-clauses",
        MODEL,
        "Refuse a model whose CNF would have more clauses than this (estimated before encoding)",
    )
};

/// `--max-bytes SIZE`.
pub const MAX_BYTES: Flag = Flag {
    value: Some("SIZE"),
    default: Fallback::Value("1G"),
    python: Python::Named("qspec's limit on a file's size"),
    ..flag(
        "max-bytes",
        MODEL,
        "Refuse to write a file estimated larger than this (e.g. 500M, 4G)",
    )
};

/// `--no-auto-hints NAME`.
pub const NO_AUTO_HINTS: Flag = Flag {
    python: Python::Negated("auto_hints"),
    ..flag(
        "no-auto-hints",
        &["compile", "stats", "solve", "count", "verify", "sweep", "sweep plan", "puzzles"],
        "Add no automatic hint (qspec adds `hint lines` to `rule attacks` models with a count bound)",
    )
};

/// `--amo NAME`.
pub const AMO: Flag = Flag {
    value: Some("NAME"),
    default: Fallback::Means("chosen per size"),
    python: Python::Keyword("amo"),
    ..flag(
        "amo",
        ENCODING,
        "At-most-one encoding for every line of `rule no_attack`",
    )
};

/// `--card NAME`.
pub const CARD: Flag = Flag {
    value: Some("NAME"),
    default: Fallback::Means("chosen per size"),
    python: Python::Keyword("card"),
    ..flag(
        "card",
        ENCODING,
        "Cardinality encoding for counts and attack bounds",
    )
};

/// `--rays NAME`.
pub const RAYS: Flag = Flag {
    value: Some("NAME"),
    default: Fallback::Means("chain"),
    python: Python::Keyword("rays"),
    ..flag(
        "rays",
        MODEL,
        "How `rule attacks` and `rule dominate` see along rays",
    )
};

/// `--verbose FILE`.
pub const VERBOSE: Flag = Flag {
    short: Some('v'),
    ..flag(
        "verbose",
        ENCODING,
        "Say how `auto` chooses each encoding (a `c encodings: ...` line; compile: on standard error)",
    )
};

/// `--output FILE`.
pub const OUTPUT: Flag = Flag {
    short: Some('o'),
    value: Some("FILE"),
    default: Fallback::Value("-"),
    ..flag(
        "output",
        &["compile"],
        "Output file; `-` for standard output. `.gz` compresses",
    )
};

/// `--format FORMAT`.
pub const FORMAT: Flag = Flag {
    short: Some('f'),
    value: Some("FORMAT"),
    default: Fallback::Means("from the output's extension; cnf on standard output"),
    python: Python::Keyword("format"),
    ..flag("format", &["compile"], "Output format")
};

/// `--wcnf-legacy`.
pub const WCNF_LEGACY: Flag = Flag {
    python: Python::Keyword("wcnf_legacy"),
    ..flag(
        "wcnf-legacy",
        &["compile", "solve"],
        "Write WCNF in the old `p wcnf V C top` format instead of the 2022 one (solvers known to need it get it anyway)",
    )
};

/// `--force`.
pub const FORCE: Flag = Flag {
    python: Python::Keyword("force"),
    ..flag(
        "force",
        &["compile"],
        "Replace a read-only output file (it stays read-only)",
    )
};

/// `--mps-negate BOARD`.
pub const MPS_NEGATE: Flag = Flag {
    python: Python::Keyword("mps_negate"),
    ..flag(
        "mps-negate",
        &["compile"],
        "MPS: write `maximize` as minimising the negated objective, not with OBJSENSE MAX (for GLPK, CBC)",
    )
};

/// `--start BOARD`.
pub const MIP_START: Flag = Flag {
    value: Some("BOARD"),
    ..flag(
        "start",
        &["compile"],
        "Also write this board as MIP starts beside the LP/MPS output: .mst (Gurobi), .sol (SCIP), .highs.sol (HiGHS)",
    )
};

/// `--lp-dialect DIALECT`.
pub const LP_DIALECT: Flag = Flag {
    value: Some("DIALECT"),
    default: Fallback::Means("cplex"),
    ..flag(
        "lp-dialect",
        &["compile"],
        "LP: `cplex` (HiGHS, SCIP, CBC, GLPK, Gurobi, CPLEX) or `lp_solve` (lp_solve, OR-tools' LP reader)",
    )
};

/// `--json`.
pub const JSON: Flag = Flag {
    alias: Some("jsonl"),
    ..flag(
        "json",
        &["stats", "sweep merge", "snapshot check"],
        "Print one JSON object instead of text (--jsonl: the same)",
    )
};

/// `--map FILE`.
pub const MAP: Flag = Flag {
    value: Some("FILE"),
    python: Python::Keyword("map"),
    ..flag(
        "map",
        &["verify"],
        "The compiled file the solver read: map variable numbers (or LP renames) through its header",
    )
};

/// `--answer-format FORM`.
pub const ANSWER_FORMAT: Flag = Flag {
    value: Some("FORM"),
    python: Python::Keyword("format"),
    ..flag(
        "answer-format",
        &["verify"],
        "The answer's form, instead of telling it from the content",
    )
};

/// `--proof PROOF`.
pub const PROOF: Flag = Flag {
    value: Some("PROOF"),
    ..flag(
        "proof",
        &["verify"],
        "For an UNSAT answer: check the solver's proof against the --map file (DRAT and a CNF: `rate`; VeriPB and an OPB file: `veripb`)",
    )
};

/// `--svg FILE`.
pub const SVG: Flag = Flag {
    value: Some("FILE"),
    ..flag(
        "svg",
        &["solve", "verify"],
        "Also draw the board as an SVG picture into FILE",
    )
};

/// `--show-attacks NAME`.
pub const SHOW_ATTACKS: Flag = flag(
    "show-attacks",
    &["solve", "verify"],
    "Draw the lines of attack in the SVG picture",
);
