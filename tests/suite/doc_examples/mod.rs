//! Every documented example runs, and prints what the text says it prints.
//!
//! * **Pages.** README.md and every `docs/*.md`: each fenced block says
//!   what it is by its fence's first word, and is run so:
//!   - `console`, a transcript: each `$ command` runs, and its output
//!     (standard output and error, as a terminal interleaves them) must be
//!     the lines under it, up to the next `$` line; a line `...` stands for
//!     any lines, `...` within a line for any text;
//!   - `sh`, command lines: each runs, and every whole number of its
//!     trailing `# comment` (and of the comment lines right under it) must
//!     be in its output;
//!   - `python`: a doctest (`>>>` lines), run by pytest's
//!     `--doctest-glob` in `.ci/run` (here: that it is one);
//!   - `qspec`: the language accepts it (a whole model is loaded, statements
//!     of one are parsed);
//!   - `toml` with `<!-- doc: write FILE -->` above it is written to FILE,
//!     with `<!-- doc: is FILE -->` compared with FILE;
//!   - anything else, and any block that cannot run, says why above it:
//!     `<!-- doc: not run: REASON -->`. A block that is neither run nor says
//!     why fails the test.
//!
//!   A page's blocks run in order in one scratch folder (`models/`,
//!   `bench/models/`, `examples/` are links to the repository's), so a
//!   later block reads what an earlier one wrote; `<!-- doc: before:
//!   COMMAND -->` runs a hidden command first (a story's edit that the
//!   prose tells). A command exits 0, 10 (a solution) or 20 (none exists),
//!   unless a transcript's next command is `echo $?`.
//! * **Help texts.** `qspec --help` and every command's and subcommand's:
//!   the indented lines that start with `qspec ` run as `sh` lines do, each
//!   help text in a scratch folder of its own.
//! * **What needs a terminal.** `qspec snapshot review` is listed, not run:
//!   tests/suite/snapshot.rs answers it at a terminal of `script`'s.
//! * **Which suite.** `cargo test` judges every block and reads every
//!   command without running one (the examples take a minute of two cores
//!   and need solvers, checkers, GNU parallel); the full suite runs them
//!   all with every program they need installed (`heavy::docs`, where a
//!   missing one fails).

mod markdown;
mod shell;
mod steps;
mod transcript;

use std::io::Write;

use crate::common::root;
use markdown::{Block, Directive, Kind};
use shell::{run_all, scratch, TIMEOUT};
use steps::{commented_steps, has_number, needs, Check, Step};

/// Whether the examples run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `cargo test`: no command runs (running them all takes a minute of
    /// two cores); every block is judged and its commands read.
    Judge,
    /// The full suite: every example; a missing program fails.
    #[cfg_attr(not(feature = "external-solvers"), allow(dead_code))]
    Everything,
}

/// What running found.
#[derive(Default)]
pub struct Tally {
    blocks: usize,
    found: usize,
    ran: usize,
    lines: Vec<String>,
    failed: Vec<String>,
}

impl Tally {
    fn fail(&mut self, place: &str, why: String) {
        self.failed.push(format!("{place}: {why}"));
    }

    /// Reports on standard error (past the harness's capture: nothing
    /// skipped is silent) and fails on any failure.
    pub fn report(&self, what: &str, at_least: usize) {
        let mut note = format!(
            "{what}: {} blocks, {} commands, {} run\n",
            self.blocks, self.found, self.ran
        );
        for line in &self.lines {
            note.push_str(&format!("  {line}\n"));
        }
        let _ = std::io::stderr().write_all(note.as_bytes());
        assert!(
            self.failed.is_empty(),
            "{} of the {what} fail:\n\n{}",
            self.failed.len(),
            self.failed.join("\n\n")
        );
        assert!(
            self.found >= at_least,
            "only {} commands of the {what} found: is the extraction broken?",
            self.found
        );
    }
}

/// README.md and every page of `docs/`.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn page_blocks(page: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(page)).expect("a page");
    markdown::blocks(page, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs every page's blocks in `mode`.
pub fn run_pages(mode: Mode) -> Tally {
    let mut tally = Tally::default();
    for page in pages() {
        let blocks = page_blocks(&page);
        let mut steps = Vec::new();
        for block in &blocks {
            tally.blocks += 1;
            if let Some(line) = judge_block(block, &mut tally) {
                tally.lines.push(format!("{}: {line}", block.place()));
            }
            steps.extend(steps::block_steps(block));
        }
        if !steps.is_empty() {
            run_steps(&steps, mode, &mut tally);
        }
    }
    tally
}

/// A block that is not run here: checked as its kind says, or a failure
/// when it neither runs nor says why; what to list of it.
fn judge_block(block: &Block, tally: &mut Tally) -> Option<String> {
    let place = block.place();
    match (&block.kind, &block.directive) {
        (_, Some(Directive::NotRun(reason))) if reason.is_empty() => {
            tally.fail(&place, "`not run:` says no reason".into());
            None
        }
        (_, Some(Directive::NotRun(reason))) => Some(format!("not run: {reason}")),
        (Kind::Console | Kind::Sh, None) => None,
        (Kind::Toml, Some(Directive::Is(_) | Directive::Write(_))) => None,
        (Kind::Python, None) => {
            let doctest = block.lines.iter().any(|(_, l)| l.starts_with(">>> "));
            if !doctest {
                tally.fail(&place, "a python block is a doctest (`>>>` lines), which pytest --doctest-glob runs; or say why it is not run".into());
            }
            Some("a doctest, run by pytest --doctest-glob (.ci/run)".into())
        }
        (Kind::Qspec, None) => {
            if let Err(e) = check_qspec(&block.text()) {
                tally.fail(&place, format!("the language refuses the block:\n{e}"));
            }
            None
        }
        (Kind::Text, None) => {
            tally.fail(
                &place,
                "a text block is not run: say why above it (<!-- doc: not run: REASON -->)".into(),
            );
            None
        }
        (Kind::Toml, None) => {
            tally.fail(&place, "a toml block says which file it is (<!-- doc: write FILE --> or <!-- doc: is FILE -->), or why it is not run".into());
            None
        }
        (Kind::Unknown(word), _) => {
            tally.fail(&place, format!("the block's fence says `{word}`: say what it is (console, sh, python, qspec, toml or text)"));
            None
        }
        (kind, Some(directive)) => {
            tally.fail(&place, format!("{directive:?} is not for a {kind:?} block"));
            None
        }
    }
}

/// A whole model is loaded (every statement checked); statements of one
/// are parsed.
fn check_qspec(text: &str) -> Result<(), String> {
    let whole = text.lines().any(|l| l.trim_start().starts_with("board "));
    if whole {
        qspec::language::load("block.qspec", text, &[])
            .map(drop)
            .map_err(|e| e.to_string())
    } else {
        qspec::language::check_syntax("block.qspec", text).map_err(|e| e.to_string())
    }
}

/// Whether `step` asks at a terminal (`tests/suite/snapshot.rs` answers
/// it through `script`).
fn asks_at_a_terminal(step: &Step) -> bool {
    step.command.starts_with("qspec snapshot review")
}

/// Runs `steps` in one scratch folder, in order, and checks each.
fn run_steps(steps: &[Step], mode: Mode, tally: &mut Tally) {
    tally.found += steps.iter().filter(|s| s.shown()).count();
    if mode == Mode::Judge {
        return;
    }
    let dir = scratch();
    let mut chosen: Vec<&Step> = Vec::new();
    for step in steps {
        if asks_at_a_terminal(step) {
            tally.lines.push(format!(
                "{}: `{}`: asks at a terminal (tests/suite/snapshot.rs answers it through `script`)",
                step.place, step.command
            ));
            continue;
        }
        for need in needs(&step.command) {
            if !need.installed() {
                tally.fail(
                    &step.place,
                    format!("`{}` needs {need}, not installed", step.command),
                );
            }
        }
        chosen.push(step);
    }
    let commands: Vec<String> = chosen.iter().map(|s| s.command.clone()).collect();
    let ran = run_all(&commands, dir.path());
    for (i, (step, ran)) in chosen.iter().zip(&ran).enumerate() {
        tally.ran += 1;
        if ran.took.as_secs_f64() > 5.0 {
            tally.lines.push(format!(
                "{}: `{}`: {:.1} s",
                step.place,
                step.command,
                ran.took.as_secs_f64()
            ));
        }
        let next_shows_code = chosen.get(i + 1).is_some_and(|s| s.command == "echo $?");
        let mut wrong = Vec::new();
        match (ran.code, &step.check) {
            (None, _) => wrong.push(format!(
                "no answer in time (each command has {} s: an example should take seconds)",
                TIMEOUT.as_secs()
            )),
            (Some(0), _) => {}
            (Some(10 | 20), Check::Numbers(_) | Check::Output(_)) => {}
            (Some(_), Check::Output(_)) if next_shows_code => {}
            (Some(c), _) => wrong.push(format!("exit code {c}")),
        }
        match &step.check {
            Check::Numbers(numbers) => {
                for n in numbers {
                    if !has_number(&ran.output, n) {
                        wrong.push(format!("the output lacks {n}, which the text states"));
                    }
                }
            }
            Check::Output(lines) if !transcript::matches(lines, &ran.output) => {
                wrong.push(format!(
                    "the output is not what the text shows\n{}",
                    transcript::difference(lines, &ran.output)
                ));
            }
            Check::Output(_) | Check::Quiet => {}
        }
        if !wrong.is_empty() {
            let shown = if step.shown() { "" } else { " (hidden)" };
            // A transcript's difference shows the output already.
            let output = match &step.check {
                Check::Output(_) => String::new(),
                _ => format!("\n--- its output ---\n{}", excerpt(&ran.output)),
            };
            tally.fail(
                &step.place,
                format!(
                    "`{}`{shown} ({:.1} s): {}{output}",
                    step.command,
                    ran.took.as_secs_f64(),
                    wrong.join("; "),
                ),
            );
        }
    }
}

/// At most 40 lines of `output`.
fn excerpt(output: &str) -> String {
    let lines: Vec<&str> = output.lines().collect();
    match lines.len() {
        n if n <= 40 => output.to_string(),
        n => format!("{}\n... ({} more lines)\n", lines[..40].join("\n"), n - 40),
    }
}

// ------------------------------------------------------------ help texts

/// `qspec ARGS --help`.
fn help(args: &[String]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(args)
        .arg("--help")
        .output()
        .expect("qspec runs");
    assert!(out.status.success(), "qspec {args:?} --help");
    String::from_utf8(out.stdout).expect("help is text")
}

/// The subcommands a help text lists under `Commands:`.
fn subcommands(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The examples of every help text — `qspec --help`, each command's and
/// each subcommand's — one list each.
fn help_steps() -> Vec<Vec<Step>> {
    let mut all = Vec::new();
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(args) = queue.pop() {
        let text = help(&args);
        for sub in subcommands(&text) {
            let mut deeper = args.clone();
            deeper.push(sub);
            queue.push(deeper);
        }
        let name = format!(
            "`qspec {}--help`",
            args.iter().map(|a| format!("{a} ")).collect::<String>()
        );
        // Not the usage lines (`qspec sweep <COMMAND>`): the paragraph
        // under `Usage:`.
        let mut usage = false;
        let lines: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                usage = l.starts_with("Usage:") || (usage && !l.trim().is_empty());
                !usage
            })
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect();
        all.push(commented_steps(&name, &lines, true));
    }
    all
}

/// Runs every help text's examples in `mode`.
pub fn run_help(mode: Mode) -> Tally {
    let mut tally = Tally::default();
    for steps in help_steps() {
        tally.blocks += 1;
        if !steps.is_empty() {
            run_steps(&steps, mode, &mut tally);
        }
    }
    tally
}

#[test]
fn every_documented_block_is_run_or_says_why() {
    run_pages(Mode::Judge).report("documented blocks", 60);
}

#[test]
fn every_help_text_has_examples() {
    run_help(Mode::Judge).report("--help examples", 20);
}

#[test]
fn a_block_that_neither_runs_nor_says_why_fails() {
    let mut tally = Tally::default();
    let page = "```\nplain\n```\n```text\npicture\n```\n```toml\nk = 1\n```\n\
                ```python\nimport qspec\n```\n<!-- doc: not run: a picture -->\n```text\nx\n```\n\
                ```qspec\nboard 8 x 8\nrule no_atack\n```\n```qspec\nwall (1,3)\n```\n";
    for block in markdown::blocks("p.md", page).unwrap() {
        judge_block(&block, &mut tally);
    }
    let failed: Vec<&str> = tally.failed.iter().map(|f| &f[..8]).collect();
    assert_eq!(
        failed,
        ["p.md:1: ", "p.md:4: ", "p.md:7: ", "p.md:10:", "p.md:17:"]
    );
}
