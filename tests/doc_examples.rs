//! Every example in the README and in every command's `--help` is run, and
//! checked against what the text says next to it.
//!
//! * **Which lines.** In README.md, the lines of fenced code blocks that
//!   start with `qspec ` or `$ qspec `; in `qspec --help` and every
//!   command's (and subcommand's) `--help`, the indented lines that start
//!   with `qspec `. A line ending in `\` goes on on the next one.
//! * **Where.** Each code block (each help text) runs in a scratch
//!   directory of its own, where `models/`, `bench/models/` and `examples/`
//!   are links to the repository's, its commands in order (a later one
//!   reads what an earlier one wrote), through `bash -o pipefail -c`, with
//!   the `qspec` under test first on the PATH. A command must end with exit
//!   code 0, 10 (a solution) or 20 (none exists).
//! * **What is stated.** The numbers of a trailing `# comment` (and of the
//!   comment lines right under the command) must each appear in the
//!   command's output (standard output and error), as whole numbers; the
//!   lines under a `$ qspec ...` line, up to the next `$` line, must each
//!   appear in its output (`...` stands for any text within a line).
//! * **What is skipped, and said so.** A command that needs a program that
//!   is not installed (an external solver, a checker, a model counter's
//!   Python package), that asks at a terminal, or that is in [`SLOW`] is
//!   skipped with a note on standard error; so is a later command of its
//!   block that reads a file the skipped one would have written.
//!
//! A failure names the file, the line and the command.

mod common;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::root;

/// Examples that take longer than about 20 s, with the reason; the table
/// stays short, and every entry must still match an example.
const SLOW: &[(&str, &str)] = &[(
    "qspec solve bench/models/queens-3d-6.qspec --engine portfolio",
    "proves 21 queens on 6^3 optimal: 39 s for the portfolio in bench/solve.sh (release build), more in a test build",
)];

/// A command that runs longer than this fails (the examples are meant to
/// run in seconds; a slow one belongs in [`SLOW`]).
const TIMEOUT: Duration = Duration::from_secs(90);

/// One example: where it is written, the command, what the text states.
#[derive(Debug)]
struct Example {
    /// `README.md` or `qspec solve --help`.
    file: String,
    /// Its line in the file (in the help text).
    line: usize,
    command: String,
    /// Numbers the output must hold.
    numbers: Vec<String>,
    /// Lines the output must hold (`...` for any text).
    lines: Vec<String>,
}

/// The examples of one code block or help text, run in order.
type Block = Vec<Example>;

// ------------------------------------------------------------ extraction

/// Lines joined where one ends in `\`, each with the number of its first.
fn logical_lines<'a>(lines: impl IntoIterator<Item = (usize, &'a str)>) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (number, line) in lines {
        let (text, continues) = match line.trim_end().strip_suffix('\\') {
            Some(head) => (head.trim_end(), true),
            None => (line.trim_end(), false),
        };
        match (open, out.last_mut()) {
            (true, Some((_, joined))) => {
                joined.push(' ');
                joined.push_str(text.trim_start());
            }
            _ => out.push((number, text.to_string())),
        }
        open = continues;
    }
    out
}

/// The command and its trailing comment: the first `#` after a blank and
/// outside quotes starts the comment.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => {
                return (line[..i].trim_end(), &line[i + 1..]);
            }
            _ => {}
        }
        previous = c;
    }
    (line.trim_end(), "")
}

/// The whole numbers of `text` (not those inside a word, like `A051759`
/// or `q50`), thousands separators dropped: `1,355,115,601` → `1355115601`.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts {
            i += 1;
            continue;
        }
        let mut number = String::new();
        while i < chars.len() {
            let c = chars[i];
            let inner = matches!(c, ',' | '.')
                && chars.get(i + 1).is_some_and(char::is_ascii_digit)
                && !number.is_empty();
            if c.is_ascii_digit() || (c == '.' && inner) {
                number.push(c);
            } else if !(c == ',' && inner) {
                break;
            }
            i += 1;
        }
        let word = i < chars.len() && (chars[i].is_alphabetic() || chars[i] == '_');
        if !word {
            found.push(number);
        }
    }
    found
}

/// The examples of `lines`, one block's: `qspec ...` with its comment,
/// `$ qspec ...` with the lines under it.
fn block_examples(file: &str, lines: &[(usize, String)], indented_only: bool) -> Block {
    let mut block = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (number, raw) = &lines[i];
        i += 1;
        let text = raw.trim_start();
        if indented_only && text.len() == raw.len() {
            continue;
        }
        if let Some(command) = text.strip_prefix("$ ") {
            let mut output = Vec::new();
            while i < lines.len() && !lines[i].1.trim_start().starts_with("$ ") {
                let line = lines[i].1.trim();
                if !line.is_empty() {
                    output.push(line.to_string());
                }
                i += 1;
            }
            if command.starts_with("qspec ") {
                let (command, comment) = split_comment(command);
                block.push(example(file, *number, command, comment, output));
            }
            continue;
        }
        if !text.starts_with("qspec ") {
            continue;
        }
        let (command, comment) = split_comment(text);
        let mut comment = comment.to_string();
        while i < lines.len() && lines[i].1.trim_start().starts_with('#') {
            comment.push(' ');
            comment.push_str(&lines[i].1.trim_start()[1..]);
            i += 1;
        }
        block.push(example(file, *number, command, &comment, Vec::new()));
    }
    block
}

fn example(file: &str, line: usize, command: &str, comment: &str, lines: Vec<String>) -> Example {
    Example {
        file: file.to_string(),
        line,
        command: command.to_string(),
        numbers: numbers(comment),
        lines,
    }
}

/// The README's code blocks' examples.
fn readme_blocks() -> Vec<Block> {
    let text = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let mut blocks = Vec::new();
    let mut inside: Option<Vec<(usize, &str)>> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match inside.take() {
                Some(lines) => {
                    blocks.push(block_examples("README.md", &logical_lines(lines), false))
                }
                None => inside = Some(Vec::new()),
            }
        } else if let Some(lines) = inside.as_mut() {
            lines.push((i + 1, line));
        }
    }
    assert!(inside.is_none(), "README.md: a code block is not closed");
    blocks
}

/// `qspec ARGS --help`.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qspec"))
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

/// The examples of every help text: `qspec --help`, each command's and
/// each subcommand's, one block each.
fn help_blocks() -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(args) = queue.pop() {
        let args_ref: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = help(&args_ref);
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
        let numbered = text.lines().enumerate().filter(|(_, l)| {
            usage = l.starts_with("Usage:") || (usage && !l.trim().is_empty());
            !usage
        });
        let lines = logical_lines(numbered.map(|(i, l)| (i + 1, l)));
        blocks.push(block_examples(&name, &lines, true));
    }
    blocks
}

// -------------------------------------------------------------- running

/// Why `example` cannot run here, if it cannot.
fn missing(example: &Example) -> Option<String> {
    if let Some((_, why)) = SLOW.iter().find(|(c, _)| example.command.starts_with(c)) {
        return Some(format!("slow: {why}"));
    }
    if example.command.starts_with("qspec snapshot review") {
        return Some("asks at a terminal".into());
    }
    let needs = needs(&example.command);
    let absent: Vec<String> = needs
        .iter()
        .filter(|n| !n.installed())
        .map(Need::to_string)
        .collect();
    (!absent.is_empty()).then(|| format!("needs {}, not installed", absent.join(", ")))
}

/// Something a command needs from the machine.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Need {
    Program(String),
    Python(&'static str),
}

impl Need {
    fn installed(&self) -> bool {
        match self {
            Need::Program(name) => {
                let home = std::env::var("HOME").unwrap_or_default();
                Path::new(&home).join(".cargo/bin").join(name).is_file()
                    || Command::new("sh")
                        .args(["-c", &format!("command -v {name}")])
                        .env("PATH", search_path())
                        .stdout(Stdio::null())
                        .status()
                        .is_ok_and(|s| s.success())
            }
            Need::Python(module) => Command::new("python3")
                .args(["-c", &format!("import {module}")])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success()),
        }
    }
}

impl std::fmt::Display for Need {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Need::Program(name) => write!(f, "`{name}`"),
            Need::Python(module) => write!(f, "the Python package {module}"),
        }
    }
}

/// The programs and packages `command` needs: every program of the
/// pipeline, and what qspec's own flags run (`--solver`, `--counter`,
/// `--certify`, `--proof`).
fn needs(command: &str) -> BTreeSet<Need> {
    let mut needs = BTreeSet::new();
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut at_start = true;
    for (i, word) in words.iter().enumerate() {
        if at_start && !word.contains('=') {
            if *word != "qspec" {
                needs.insert(Need::Program(word.to_string()));
            }
            at_start = false;
        }
        if matches!(*word, "|" | "&&" | "||" | ";") {
            at_start = true;
        }
        let next = words
            .get(i + 1)
            .map(|w| w.trim_matches('\'').trim_matches('"'));
        let solver = next.and_then(|n| n.split_whitespace().next()).unwrap_or("");
        match *word {
            "--solver" => {
                needs.insert(match solver {
                    "gurobi" => Need::Python("gurobipy"),
                    "cp-sat" => Need::Python("ortools"),
                    s if s.starts_with("minizinc") => Need::Program("minizinc".into()),
                    s => Need::Program(s.to_string()),
                });
            }
            "--counter" => {
                needs.insert(match solver {
                    "d4" => Need::Python("d4solver"),
                    _ => Need::Python("pyganak"),
                });
            }
            "--certify" | "--certify=cnf" => {
                needs.insert(Need::Program("rate".into()));
            }
            "--certify=model" => {
                needs.insert(Need::Program("veripb".into()));
            }
            "--proof" => {
                let map = words.iter().skip_while(|w| **w != "--map").nth(1);
                let checker = if map.is_some_and(|m| m.ends_with(".opb")) {
                    "veripb"
                } else {
                    "rate"
                };
                needs.insert(Need::Program(checker.into()));
            }
            _ => {}
        }
    }
    needs
}

/// The files `command` writes: after `>`, `-o`, `--out`, `--proof-dir`,
/// `--svg`, `--html`.
fn writes(command: &str) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut files = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if let Some(file) = word.strip_prefix('>').filter(|f| !f.is_empty()) {
            files.push(file.to_string());
        }
        let writer = matches!(
            *word,
            ">" | ">>" | "-o" | "--output" | "--out" | "--proof-dir" | "--svg" | "--html"
        );
        if let (true, Some(file)) = (writer, words.get(i + 1)) {
            files.push(file.trim_end_matches('/').to_string());
        }
    }
    files
}

/// A scratch directory where the repository's models and examples are.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for linked in ["models", "examples"] {
        std::os::unix::fs::symlink(root().join(linked), dir.path().join(linked)).unwrap();
    }
    std::fs::create_dir(dir.path().join("bench")).unwrap();
    std::os::unix::fs::symlink(root().join("bench/models"), dir.path().join("bench/models"))
        .unwrap();
    dir
}

/// The PATH the examples run with: the `qspec` under test first, then the
/// PATH, then the `kissat` of passagemath-kissat (`sage_wheels/bin`),
/// which `.ci/run` installs when there is no `kissat` program, as the
/// external tests find it.
fn search_path() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let bin = PathBuf::from(env!("CARGO_BIN_EXE_qspec"));
        let mut path = format!(
            "{}:{}",
            bin.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let find =
            "import os, sage_wheels; print(os.path.join(list(sage_wheels.__path__)[0], 'bin'))";
        if let Ok(out) = Command::new("python3")
            .args(["-c", find])
            .stderr(Stdio::null())
            .output()
        {
            let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if out.status.success() && Path::new(&dir).join("kissat").is_file() {
                path.push(':');
                path.push_str(&dir);
            }
        }
        path
    })
}

/// Runs `command` in `dir`: its exit code (`None`: killed at the
/// timeout) and its output, standard output then standard error.
fn run(command: &str, dir: &Path) -> (Option<i32>, String, Duration) {
    let path = search_path();
    let started = Instant::now();
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_thread = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut text = String::from_utf8_lossy(&out_thread.join().unwrap()).into_owned();
    text.push_str(&String::from_utf8_lossy(&err_thread.join().unwrap()));
    (code, text, started.elapsed())
}

/// Whether `number` is in `output` as a whole number.
fn has_number(output: &str, number: &str) -> bool {
    numbers(output).iter().any(|n| n == number)
}

/// Whether one line of `output` holds the pieces of `expected` (split at
/// `...`) in order.
fn has_line(output: &str, expected: &str) -> bool {
    output.lines().any(|line| {
        let mut rest = line;
        expected
            .split("...")
            .all(|piece| match rest.find(piece.trim()) {
                Some(at) => {
                    rest = &rest[at + piece.trim().len()..];
                    true
                }
                None => false,
            })
    })
}

/// What running the blocks found.
#[derive(Default)]
struct Tally {
    found: usize,
    ran: usize,
    skipped: Vec<String>,
    failed: Vec<String>,
}

/// Runs every block, its examples in order.
fn run_blocks(blocks: &[Block]) -> Tally {
    let mut tally = Tally::default();
    for block in blocks {
        let dir = scratch();
        let mut unwritten: Vec<(String, String)> = Vec::new();
        for example in block {
            tally.found += 1;
            let place = format!("{}:{}: `{}`", example.file, example.line, example.command);
            let needs_skipped = unwritten.iter().find(|(file, _)| {
                example.command.split_whitespace().any(|w| {
                    w.trim_start_matches('<') == file || w.starts_with(&format!("{file}/"))
                })
            });
            let why = match needs_skipped {
                Some((file, by)) => Some(format!("reads {file}, which the skipped {by} writes")),
                None => missing(example),
            };
            if let Some(why) = why {
                let line = format!("line {}", example.line);
                unwritten.extend(
                    writes(&example.command)
                        .into_iter()
                        .map(|f| (f, line.clone())),
                );
                tally.skipped.push(format!("{place}: {why}"));
                continue;
            }
            tally.ran += 1;
            let (code, output, took) = run(&example.command, dir.path());
            let mut wrong = Vec::new();
            match code {
                Some(0 | 10 | 20) => {}
                Some(c) => wrong.push(format!("exit code {c}")),
                None => wrong.push(format!(
                    "no answer in {} s (an example over ~20 s belongs in the SLOW table)",
                    TIMEOUT.as_secs()
                )),
            }
            for n in &example.numbers {
                if !has_number(&output, n) {
                    wrong.push(format!("the output lacks {n}, which the text states"));
                }
            }
            for l in &example.lines {
                if !has_line(&output, l) {
                    wrong.push(format!("the output lacks the line `{l}`"));
                }
            }
            if !wrong.is_empty() {
                tally.failed.push(format!(
                    "{place} ({:.1} s): {}\n--- its output ---\n{}",
                    took.as_secs_f64(),
                    wrong.join("; "),
                    excerpt(&output)
                ));
            }
        }
    }
    tally
}

/// At most 40 lines of `output`.
fn excerpt(output: &str) -> String {
    let lines: Vec<&str> = output.lines().collect();
    match lines.len() {
        n if n <= 40 => output.to_string(),
        n => format!("{}\n... ({} more lines)\n", lines[..40].join("\n"), n - 40),
    }
}

/// Reports `tally` on standard error (past the test harness's capture:
/// a skipped example is never silent) and fails on any failure.
fn report(what: &str, tally: &Tally, at_least: usize) {
    let mut note = format!(
        "{what}: {} examples, {} run, {} skipped\n",
        tally.found,
        tally.ran,
        tally.skipped.len()
    );
    for s in &tally.skipped {
        note.push_str(&format!("  skipped {s}\n"));
    }
    let _ = std::io::stderr().write_all(note.as_bytes());
    assert!(
        tally.failed.is_empty(),
        "{} of the {what} fail:\n\n{}",
        tally.failed.len(),
        tally.failed.join("\n\n")
    );
    assert!(
        tally.found >= at_least,
        "only {} {what} found: is the extraction broken?",
        tally.found
    );
}

#[test]
fn every_readme_example_runs_and_prints_what_the_readme_says() {
    let tally = run_blocks(&readme_blocks());
    report("README examples", &tally, 20);
}

#[test]
fn every_help_example_runs_and_prints_what_the_help_says() {
    let tally = run_blocks(&help_blocks());
    report("--help examples", &tally, 20);
}

#[test]
fn the_slow_table_is_short_and_names_real_examples() {
    assert!(
        SLOW.len() <= 3,
        "the SLOW table grows: make the examples faster"
    );
    let all: Vec<Block> = readme_blocks().into_iter().chain(help_blocks()).collect();
    for (command, _) in SLOW {
        assert!(
            all.iter().flatten().any(|e| e.command.starts_with(command)),
            "SLOW names `{command}`, which no example runs any more"
        );
    }
}

#[test]
fn the_extraction_reads_comments_numbers_and_outputs() {
    assert_eq!(
        split_comment("qspec solve m.qspec -D n=100   # 2500, proven"),
        ("qspec solve m.qspec -D n=100", " 2500, proven")
    );
    assert_eq!(split_comment("qspec x | grep '\"a\" #1'").1, "");
    assert_eq!(
        numbers("12 classes, 92 solutions (A051759; 1,355,115,601; q50; 0.5 s)"),
        ["12", "92", "1355115601", "0.5"]
    );
    let lines = logical_lines([(1, "  qspec a \\"), (2, "      --b   # 3"), (3, "qspec c")]);
    assert_eq!(
        lines,
        [
            (1, "  qspec a --b   # 3".to_string()),
            (3, "qspec c".to_string())
        ]
    );
    // The lines under a `$` line, up to the next, are its output.
    let dollars = block_examples(
        "f",
        &[
            (1, "$ qspec a".into()),
            (2, "out 1".into()),
            (3, "$ ls".into()),
            (4, "qspec b".into()),
        ],
        false,
    );
    assert_eq!(dollars.len(), 1);
    assert_eq!(dollars[0].lines, ["out 1"]);
    let comments = block_examples(
        "f",
        &[(4, "qspec b   # 7 of 9".into()), (5, "#   11 more".into())],
        false,
    );
    assert_eq!(comments[0].numbers, ["7", "9", "11"]);
    assert!(has_line("x {\"a\":1,\"b\":2} y", "{\"a\":...\"b\":2}"));
    assert!(!has_number("1234", "23") && has_number("a 23 b", "23"));
    assert_eq!(
        writes("qspec x > a.txt && qspec y -o b.cnf --out res/"),
        ["a.txt", "b.cnf", "res"]
    );
    assert!(needs("qspec compile m -o - | kissat").contains(&Need::Program("kissat".into())));
    assert!(needs("qspec solve m --solver gurobi").contains(&Need::Python("gurobipy")));
    assert!(needs("qspec solve m --certify=model").contains(&Need::Program("veripb".into())));
}
