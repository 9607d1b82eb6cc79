//! Every flag of the command line, defined once: its names, the commands
//! that take it, what its value is called, its help, its default, and how
//! the Python package takes the same setting. The command line dresses its
//! clap arguments from [`FLAGS`] (their help, value names, aliases,
//! defaults said); the messages that name a setting say it from here
//! ([`Setting`](super::Setting)); tests check that every clap argument, the
//! Python stub and binding, and the table of flags in `docs/commands.md`
//! agree with it.
//!
//! The flags live by the commands that take them: `model`'s read a
//! model and write or judge a file, `search`'s search (`solve`,
//! `count`), `families`'s run over families (`sweep`, `puzzles`) or
//! model files (`snapshot`, `fmt`).
//!
//! Two flags may share a name where two commands give it two meanings
//! (`compile --format` is the file written, `solve --format` the file
//! handed a solver); within one command a name is one flag.

mod families;
mod model;
mod search;

pub use families::*;
pub use model::*;
pub use search::*;

/// A flag of the command line.
#[derive(Debug, PartialEq, Eq)]
pub struct Flag {
    /// Its long name without the dashes (`engine`); none for `-D`.
    pub long: Option<&'static str>,
    /// Its one-letter name.
    pub short: Option<char>,
    /// Another long name that means the same (`--jobs` for `--threads`).
    pub alias: Option<&'static str>,
    /// The commands that take it, as paths: `solve`, `sweep run`.
    pub commands: &'static [&'static str],
    /// What its value is called in the help (`NAME`, `SECONDS`); none for
    /// a switch.
    pub value: Option<&'static str>,
    /// One line saying what it does.
    pub help: &'static str,
    /// What holds when it is not given.
    pub default: Fallback,
    /// How the Python package takes the same setting.
    pub python: Python,
    /// Left out of the help (a flag for checking qspec itself).
    pub hidden: bool,
}

/// What holds when a flag is not given.
#[derive(Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Nothing: the flag is a switch left off, or its absence is said in
    /// its help.
    None,
    /// The value the parser is given (clap's `default_value`).
    Value(&'static str),
    /// What the command does without it, in words or as the value it
    /// amounts to (said as `[default: ...]`).
    Means(&'static str),
}

/// How the Python package takes a flag's setting.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Python {
    /// A keyword argument of that name (`engine="kissat"`, `optimal=True`).
    Keyword(&'static str),
    /// A keyword argument that says the opposite (`auto_hints=False`).
    Negated(&'static str),
    /// No keyword: what the package's messages call the setting.
    Named(&'static str),
    /// The package has no such setting.
    Absent,
}

impl Flag {
    /// The flag as a user types it: `--engine`, or `-D`.
    pub fn spelled(&self) -> String {
        match (self.long, self.short) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => String::new(),
        }
    }

    /// Whether it is a switch (takes no value).
    pub fn is_switch(&self) -> bool {
        self.value.is_none()
    }

    /// The flag that `command` takes by this long name or one-letter name.
    pub fn of(command: &str, long: Option<&str>, short: Option<char>) -> Option<&'static Flag> {
        FLAGS
            .iter()
            .find(|f| f.commands.contains(&command) && f.long == long && f.short == short)
    }
}

/// A flag with the fields most flags leave empty left empty.
const fn flag(long: &'static str, commands: &'static [&'static str], help: &'static str) -> Flag {
    Flag {
        long: Some(long),
        short: None,
        alias: None,
        commands,
        value: None,
        help,
        default: Fallback::None,
        python: Python::Absent,
        hidden: false,
    }
}

/// Every flag, in the order the table of flags lists them.
pub const FLAGS: &[Flag] = &[
    DEFINE,
    MAX_MEMORY,
    MAX_CLAUSES,
    MAX_BYTES,
    NO_AUTO_HINTS,
    AMO,
    CARD,
    RAYS,
    VERBOSE,
    OUTPUT,
    FORMAT,
    WCNF_LEGACY,
    FORCE,
    MPS_NEGATE,
    MIP_START,
    LP_DIALECT,
    JSON,
    MAP,
    ANSWER_FORMAT,
    PROOF,
    SVG,
    SHOW_ATTACKS,
    ENGINE,
    TIMEOUT,
    THREADS,
    PROGRESS,
    NO_PROGRESS,
    NO_SYMMETRY,
    SPLIT,
    SOLVER,
    SOLVER_FORMAT,
    WARM_START,
    CERTIFY,
    PROOF_DIR,
    ELABORATE,
    EVERY_SOLUTION,
    LIMIT,
    OPTIMAL,
    UP_TO_SYMMETRY,
    JSONL,
    COUNTER,
    DEFINE_VALUES,
    LINES_OUTPUT,
    SWEEP_WALLS,
    EVERY_PLACEMENT,
    OPTIMAL_COUNT,
    OPTIMAL_COUNT_LIMIT,
    CHUNK,
    TASK,
    OUT,
    PUZZLES,
    HTML,
    HISTOGRAM_SVG,
    MERGED_MODEL,
    PUZZLE_WALLS,
    MINIMAL,
    PUZZLE_WALL_COUNT,
    SIZE,
    COUNT,
    SEED,
    MANIFEST,
    REPLACE_MANIFEST,
    ALLOW_NEW,
    JUNIT,
    CHECK,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_a_command_a_name_is_one_flag() {
        for (i, a) in FLAGS.iter().enumerate() {
            for b in &FLAGS[i + 1..] {
                let shared: Vec<_> = a
                    .commands
                    .iter()
                    .filter(|c| b.commands.contains(c))
                    .collect();
                let same_name = (a.long.is_some() && a.long == b.long)
                    || (a.short.is_some() && a.short == b.short)
                    || a.alias
                        .is_some_and(|x| b.long == Some(x) || b.alias == Some(x));
                assert!(
                    shared.is_empty() || !same_name,
                    "{} twice in {shared:?}",
                    a.spelled()
                );
            }
        }
    }

    #[test]
    fn a_help_is_one_line_and_names_no_default_of_its_own() {
        for f in FLAGS {
            assert!(!f.help.contains('\n'), "{}", f.spelled());
            assert!(
                !f.help.contains("[default"),
                "{}: say it in `default`",
                f.spelled()
            );
            assert!(!f.help.ends_with('.'), "{}", f.spelled());
        }
    }
}
