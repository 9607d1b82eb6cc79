//! The steps a page or a help text is run as: each a shell command with
//! what the text states of it — the numbers of its `# comment` (an `sh`
//! block, a help text's example), its whole output (a `console`
//! transcript), or nothing but success (a hidden `before:` command, a
//! manifest written or compared).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use super::markdown::{Block, Directive, Kind};
use super::shell::search_path;

/// One command to run, with where the text has it.
#[derive(Clone, Debug)]
pub struct Step {
    /// `README.md:47` or `` `qspec solve --help`:12 ``.
    pub place: String,
    pub command: String,
    pub check: Check,
}

/// What the text states of a step's run.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The whole numbers of its comment appear in its output; it exits 0,
    /// 10 (a solution) or 20 (none exists).
    Numbers(Vec<String>),
    /// Its output is these lines (`...`: elisions); it exits 0, 10 or 20,
    /// unless the next step is `echo $?`, which then shows its code.
    Output(Vec<String>),
    /// Hidden set-up, or a file written or compared: it exits 0.
    Quiet,
}

impl Step {
    fn new(place: String, command: &str, check: Check) -> Step {
        Step {
            place,
            command: command.to_string(),
            check,
        }
    }

    /// Whether it shows in the text (not a hidden `before:` command).
    pub fn shown(&self) -> bool {
        !matches!(self.check, Check::Quiet)
    }
}

/// The steps of a runnable block (`console`, `sh`, a `toml` block that is
/// written or compared), its hidden `before:` commands first.
pub fn block_steps(block: &Block) -> Vec<Step> {
    let at = |line: usize| format!("{}:{line}", block.file);
    let mut steps: Vec<Step> = block
        .before
        .iter()
        .map(|c| Step::new(at(block.line), c, Check::Quiet))
        .collect();
    match (&block.kind, &block.directive) {
        (_, Some(Directive::NotRun(_))) => {}
        (Kind::Console, _) => steps.extend(transcript_steps(&block.file, &block.lines)),
        (Kind::Sh, _) => steps.extend(commented_steps(&block.file, &block.lines, false)),
        (Kind::Toml, Some(Directive::Write(file))) => steps.push(Step::new(
            at(block.line),
            &format!("cat > {file} <<'QSPEC_DOC'\n{}QSPEC_DOC", block.text()),
            Check::Quiet,
        )),
        (Kind::Toml, Some(Directive::Is(file))) => steps.push(Step::new(
            at(block.line),
            &format!("diff -u {file} - <<'QSPEC_DOC'\n{}QSPEC_DOC", block.text()),
            Check::Quiet,
        )),
        _ => {}
    }
    steps
}

/// Lines joined where one ends in `\`, each with the number of its first.
pub fn logical_lines<'a>(
    lines: impl IntoIterator<Item = (usize, &'a str)>,
) -> Vec<(usize, String)> {
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

/// A transcript's steps: each `$ command` with the lines under it, up to
/// the next `$` line, as its output.
fn transcript_steps(file: &str, lines: &[(usize, String)]) -> Vec<Step> {
    let lines = logical_lines(lines.iter().map(|(n, l)| (*n, l.as_str())));
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (number, line) = &lines[i];
        i += 1;
        let Some(command) = line.strip_prefix("$ ") else {
            // Text before the first `$`: a transcript opens with one.
            steps.push(Step::new(
                format!("{file}:{number}"),
                "echo 'a console block starts with a `$ command` line' >&2; exit 2",
                Check::Quiet,
            ));
            continue;
        };
        let mut output = Vec::new();
        while i < lines.len() && !lines[i].1.starts_with("$ ") {
            output.push(lines[i].1.clone());
            i += 1;
        }
        let (command, _) = split_comment(command);
        steps.push(Step::new(
            format!("{file}:{number}"),
            command,
            Check::Output(output),
        ));
    }
    steps
}

/// The steps of command lines with comments: each command, with the
/// numbers of its trailing `# comment` and of the comment lines right
/// under it. `indented_only` (a help text): only indented lines that
/// start with `qspec ` are commands.
pub fn commented_steps(file: &str, lines: &[(usize, String)], indented_only: bool) -> Vec<Step> {
    let lines = logical_lines(lines.iter().map(|(n, l)| (*n, l.as_str())));
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (number, raw) = &lines[i];
        i += 1;
        let text = raw.trim_start();
        let is_command = if indented_only {
            text.len() < raw.len() && text.starts_with("qspec ")
        } else {
            !text.is_empty() && !text.starts_with('#')
        };
        if !is_command {
            continue;
        }
        let (command, comment) = split_comment(text);
        let mut comment = comment.to_string();
        while i < lines.len() && lines[i].1.trim_start().starts_with('#') {
            comment.push(' ');
            comment.push_str(&lines[i].1.trim_start()[1..]);
            i += 1;
        }
        steps.push(Step::new(
            format!("{file}:{number}"),
            command,
            Check::Numbers(numbers(&comment)),
        ));
    }
    steps
}

/// The command and its trailing comment: the first `#` after a blank and
/// outside quotes starts the comment.
pub fn split_comment(line: &str) -> (&str, &str) {
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
pub fn numbers(text: &str) -> Vec<String> {
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

/// Whether `number` is in `output` as a whole number.
pub fn has_number(output: &str, number: &str) -> bool {
    numbers(output).iter().any(|n| n == number)
}

/// Something a command needs from the machine.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    Program(String),
    Python(&'static str),
}

impl Need {
    pub fn installed(&self) -> bool {
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

/// Programs every machine that runs the tests has.
const EVERYWHERE: &[&str] = &[
    "qspec", "echo", "cat", "ls", "cd", "cp", "mv", "rm", "mkdir", "grep", "head", "tail", "wc",
    "sed", "diff", "seq", "printf", "test", "true", "sort", "gzip", "zcat", "sh", "bash", "git",
    "touch", "xargs", "python3",
];

/// The programs and packages `command` needs beyond [`EVERYWHERE`]: every
/// program of the pipeline, and what qspec's own flags run (`--solver`,
/// `--counter`, `--certify`, `--proof`).
pub fn needs(command: &str) -> BTreeSet<Need> {
    let mut needs = BTreeSet::new();
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut at_start = true;
    for (i, word) in words.iter().enumerate() {
        let word = word.trim_start_matches('(');
        if at_start && !word.contains('=') {
            if !EVERYWHERE.contains(&word) && !word.starts_with('-') {
                needs.insert(Need::Program(word.to_string()));
            }
            at_start = false;
        }
        if matches!(word, "|" | "&&" | "||" | ";") {
            at_start = true;
        }
        let next = words
            .get(i + 1)
            .map(|w| w.trim_matches('\'').trim_matches('"'));
        let solver = next.and_then(|n| n.split_whitespace().next()).unwrap_or("");
        match word {
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

#[test]
fn steps_read_comments_numbers_outputs_and_needs() {
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
    let own = |l: &[(usize, &str)]| -> Vec<(usize, String)> {
        l.iter().map(|(n, s)| (*n, s.to_string())).collect()
    };
    let t = transcript_steps("f", &own(&[(1, "$ qspec a"), (2, "out 1"), (3, "$ ls")]));
    assert_eq!(t.len(), 2);
    assert_eq!(t[0].check, Check::Output(vec!["out 1".into()]));
    assert_eq!(t[1].check, Check::Output(vec![]));
    let c = commented_steps(
        "f",
        &own(&[
            (4, "qspec b   # 7 of 9"),
            (5, "#   11 more"),
            (6, "n=$(wc -l < x)"),
        ]),
        false,
    );
    assert_eq!(
        c[0].check,
        Check::Numbers(vec!["7".into(), "9".into(), "11".into()])
    );
    assert_eq!(c[1].command, "n=$(wc -l < x)");
    let help = commented_steps(
        "h",
        &own(&[(1, "qspec not indented"), (2, "  qspec x")]),
        true,
    );
    assert_eq!(help.len(), 1);
    assert!(!has_number("1234", "23") && has_number("a 23 b", "23"));
    assert!(needs("qspec compile m -o - | kissat").contains(&Need::Program("kissat".into())));
    assert!(needs("qspec solve m --solver gurobi").contains(&Need::Python("gurobipy")));
    assert!(needs("qspec solve m --certify=model").contains(&Need::Program("veripb".into())));
    assert!(needs("n=$(wc -l < t) && qspec x | grep y").is_empty());
}
