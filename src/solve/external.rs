//! External solvers for `qspec solve --solver 'CMD'`: compile the model into
//! a temporary directory in the format the solver reads, run the command
//! line with the file appended (or as the solver wants it), read its answer
//! (standard output or a solution file, the form told from the content),
//! map it back onto the model and hand it to the same report as the
//! embedded solver.
//!
//! Known solvers, by program name (the first word; for `java -jar X.jar`
//! and `python3 X.py` the jar or the script):
//!
//! | solver | file | run as |
//! |---|---|---|
//! | kissat, cadical, cryptominisat5, glucose, lingeling | CNF | `CMD FILE`, answer on stdout |
//! | minisat | CNF | `CMD FILE RESULT` |
//! | clasp, roundingsat, sat4j (`org.sat4j.pb.jar`) | OPB | `CMD FILE` |
//! | open-wbo, rc2.py, evalmaxsat, uwrmaxsat, sat4j maxsat jar | WCNF (legacy) | `CMD FILE` |
//! | scip | LP | `CMD -c "read FILE optimize write solution SOL quit"` |
//! | highs | LP | `CMD --model_file FILE --solution_file SOL` |
//! | cbc | LP | `CMD FILE solve solu SOL` |
//! | gurobi_cl | LP | `CMD ResultFile=SOL FILE` |
//! | glpsol | LP | `CMD --lp FILE -o SOL` |
//!
//! RC2 is given `-vv` (it prints its model only when verbose). Any other
//! program needs `--format`, and its standard output is read.
//! `--timeout` is passed to the MIP solvers' own time limits, and the
//! child is stopped (SIGTERM, then SIGKILL) once the deadline has passed.

use super::optimize::{Answer, Status};
use crate::compile::{self, CompileOptions, Loaded};
use crate::emit::{EmitOptions, Format};
use crate::encode::Encodings;
use crate::error::{Error, Result};
use crate::model::Sense;
use crate::solution::check::{objective_check, read_mapped, MappedAnswer};
use crate::solution::map::read_compiled;
use crate::solution::objective::objective_value;
use crate::solution::read::{AnswerStatus, Form};
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How a solver is invoked and where its answer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// The file appended; the answer on standard output.
    Stdout,
    /// `minisat FILE RESULT`.
    MiniSat,
    Scip,
    Highs,
    Cbc,
    Gurobi,
    Glpk,
}

impl Style {
    /// Whether the solver gets the time limit itself (and so is given a
    /// few seconds after the deadline to write its solution).
    fn has_time_limit(self) -> bool {
        matches!(
            self,
            Style::Scip | Style::Highs | Style::Cbc | Style::Gurobi | Style::Glpk
        )
    }
}

/// What qspec knows about a solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Known {
    format: Format,
    style: Style,
    /// Reads CNF only: a model with an objective needs another solver.
    sat_only: bool,
}

/// The solver called `tool` (lower case), if qspec knows it.
fn known(tool: &str) -> Option<Known> {
    let (format, style, sat_only) = match tool {
        "kissat" | "cadical" | "cryptominisat5" | "cryptominisat" | "glucose" | "glucose-syrup"
        | "glucose_static" | "lingeling" | "plingeling" => (Format::Cnf, Style::Stdout, true),
        "minisat" | "minisat_static" => (Format::Cnf, Style::MiniSat, true),
        "clasp" | "roundingsat" | "sat4j" => (Format::Opb, Style::Stdout, false),
        "open-wbo" | "open-wbo-inc" | "rc2.py" | "rc2" | "evalmaxsat" | "uwrmaxsat" => {
            (Format::Wcnf, Style::Stdout, false)
        }
        "scip" => (Format::Lp, Style::Scip, false),
        "highs" => (Format::Lp, Style::Highs, false),
        "cbc" => (Format::Lp, Style::Cbc, false),
        "gurobi_cl" => (Format::Lp, Style::Gurobi, false),
        "glpsol" => (Format::Lp, Style::Glpk, false),
        jar if jar.ends_with(".jar") && jar.contains("sat4j") => {
            if jar.contains("maxsat") {
                (Format::Wcnf, Style::Stdout, false)
            } else {
                (Format::Opb, Style::Stdout, false)
            }
        }
        _ => return None,
    };
    Some(Known {
        format,
        style,
        sat_only,
    })
}

/// The name a solver is known by: the program's file name, or for
/// `java -jar X.jar` / `python3 X.py` the jar's or the script's, in lower
/// case.
fn tool_name(argv: &[String]) -> String {
    let base = |s: &str| {
        Path::new(s)
            .file_name()
            .map_or(s.to_string(), |f| f.to_string_lossy().into_owned())
            .to_ascii_lowercase()
            .trim_end_matches(".exe")
            .to_string()
    };
    let program = base(&argv[0]);
    let inner = match program.as_str() {
        "java" => argv
            .iter()
            .position(|a| a == "-jar")
            .and_then(|i| argv.get(i + 1)),
        p if p.starts_with("python") || p.starts_with("pypy") => {
            argv[1..].iter().find(|a| !a.starts_with('-'))
        }
        _ => None,
    };
    inner.map_or(program, |s| base(s))
}

/// Splits a command line into words: whitespace separates, `'...'` is
/// literal, `"..."` and `\` escape as in a POSIX shell.
pub fn split_command(line: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(unclosed_quote(line)),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(unclosed_quote(line)),
                        },
                        Some(c) => word.push(c),
                        None => return Err(unclosed_quote(line)),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn unclosed_quote(line: &str) -> Error {
    Error::input(format!("error: --solver `{line}`: a quote is not closed"))
}

/// What `solve --solver` is asked to do.
#[derive(Clone, Debug)]
pub struct ExternalOptions {
    /// The solver's command line (the file is appended).
    pub command: String,
    /// The file to hand it (default: the one the solver is known to read).
    pub format: Option<Format>,
    /// WCNF in the 2022 format instead of the legacy `p wcnf` one.
    pub wcnf_2022: bool,
    pub encodings: Encodings,
    pub max_clauses: u64,
    pub deadline: Option<Instant>,
}

/// An external solver's answer, ready for the report.
#[derive(Clone, Debug)]
pub struct ExternalAnswer {
    /// In the embedded solver's terms, for `report::show_answer_checked`.
    pub answer: Answer,
    /// Problems outside the board: an objective that does not match it.
    pub problems: Vec<String>,
}

/// A solver's command line, what it reads, and how it is run.
struct Plan {
    argv: Vec<String>,
    tool: String,
    format: Format,
    style: Style,
}

/// Works out what to run; errors are the user's (exit 2).
fn plan(loaded: &Loaded, opts: &ExternalOptions) -> Result<Plan> {
    let argv = split_command(&opts.command)?;
    if argv.is_empty() {
        return Err(Error::input(
            "error: --solver is empty: give a command line",
        ));
    }
    let tool = tool_name(&argv);
    let known = known(&tool);
    let format = match (opts.format, known) {
        (Some(f), _) => f,
        (None, Some(k)) => k.format,
        (None, None) => {
            return Err(Error::input(format!(
                "error: qspec does not know the solver `{tool}`, so it cannot tell which file to hand it\n  = help: pass --format cnf|wcnf|opb|lp|mps; its standard output is then read (SAT, MaxSAT, PB competition output or a solution file, told from the content)"
            )))
        }
    };
    if format == Format::Cnf {
        refuse_objective(loaded, &tool, known.is_some_and(|k| k.sat_only))?;
    }
    Ok(Plan {
        argv,
        tool,
        format,
        style: known.map_or(Style::Stdout, |k| k.style),
    })
}

/// A CNF file cannot hold an objective: say what to use instead.
fn refuse_objective(loaded: &Loaded, tool: &str, sat_only: bool) -> Result<()> {
    let Some(objective) = &loaded.model.objective else {
        return Ok(());
    };
    let (sense, bound) = match objective.sense {
        Sense::Maximize => ("maximize", ">="),
        Sense::Minimize => ("minimize", "<="),
    };
    let what = &objective.what;
    let who = if sat_only {
        format!("{tool} is a SAT solver: it reads CNF")
    } else {
        format!("--format cnf was asked for {tool}")
    };
    Err(Error::input(format!(
        "error: {who}, which cannot hold the objective `{sense} {what}`\n  = help: use a solver that optimises: a MaxSAT solver (--format wcnf, e.g. open-wbo), a PB solver (--format opb, e.g. clasp), a MIP solver (--format lp, e.g. cbc or highs), or the embedded solver (leave out --solver); or replace `{sense} {what}` by `{what} {bound} N` in the model"
    )))
}

/// A directory removed (with its contents) when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> io::Result<TempDir> {
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for attempt in 0..1000u32 {
            let path = base.join(format!("qspec-{}-{nanos}-{attempt}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir(path)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary directory name",
        ))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Solves `loaded` with the external solver `opts` names; `log` receives
/// progress lines (the command run, the answer's form).
pub fn solve_external(
    loaded: &Loaded,
    opts: &ExternalOptions,
    log: &mut dyn FnMut(&str),
) -> Result<ExternalAnswer> {
    let plan = plan(loaded, opts)?;
    let dir = TempDir::new()
        .map_err(|e| Error::failure(format!("error: cannot make a temporary directory: {e}")))?;
    let file = dir.path().join(format!("model.{}", plan.format.name()));
    compile_into(loaded, opts, plan.format, &file)?;
    let solution = dir.path().join("solution.txt");
    let stdout = dir.path().join("stdout.txt");
    let stderr = dir.path().join("stderr.txt");
    let argv = invocation(&plan, &file, &solution, opts.deadline)?;
    log(&format!("running: {}", argv.join(" ")));
    let run = run_child(&argv, &stdout, &stderr, opts.deadline, plan.style)?;
    let answer_path = if plan.style == Style::Stdout {
        &stdout
    } else {
        &solution
    };
    let read = read_answer(loaded, &plan, &file, answer_path, &run, &stdout, &stderr)?;
    if let Some(read) = &read {
        log(&format!("answer: {}", read.answer.form.describe()));
    }
    Ok(to_report(loaded, plan.format, read))
}

fn compile_into(
    loaded: &Loaded,
    opts: &ExternalOptions,
    format: Format,
    file: &Path,
) -> Result<()> {
    let copts = CompileOptions {
        output: file.to_path_buf(),
        format: Some(format),
        encodings: opts.encodings,
        emit: EmitOptions {
            wcnf_legacy: !opts.wcnf_2022,
        },
        max_clauses: opts.max_clauses,
    };
    compile::compile(loaded, &copts).map(|_| ())
}

/// Whole seconds left before the deadline (at least 1).
fn seconds_left(deadline: Instant) -> u64 {
    deadline
        .saturating_duration_since(Instant::now())
        .as_secs_f64()
        .ceil()
        .max(1.0) as u64
}

/// The full command line for `plan`.
fn invocation(
    plan: &Plan,
    file: &Path,
    solution: &Path,
    deadline: Option<Instant>,
) -> Result<Vec<String>> {
    let file_s = file.display().to_string();
    let sol_s = solution.display().to_string();
    let limit = deadline.map(seconds_left);
    let mut argv = plan.argv.clone();
    if plan.tool.starts_with("rc2") && !argv.iter().any(|a| a.starts_with("-v")) {
        // RC2 prints the model (v line) only when verbose.
        argv.push("-vv".into());
    }
    match plan.style {
        Style::Stdout => argv.push(file_s),
        Style::MiniSat => argv.extend([file_s, sol_s]),
        Style::Scip => {
            if file_s.contains(char::is_whitespace) || sol_s.contains(char::is_whitespace) {
                return Err(Error::failure(format!(
                    "error: the temporary directory {} has a space in its path, which SCIP's -c commands cannot hold\n  = help: set TMPDIR to a directory without spaces",
                    file.parent().map_or(String::new(), |p| p.display().to_string())
                )));
            }
            let time = limit.map_or(String::new(), |t| format!("set limits time {t} "));
            argv.push("-c".into());
            argv.push(format!(
                "{time}read {file_s} optimize write solution {sol_s} quit"
            ));
        }
        Style::Highs => {
            argv.extend([
                "--model_file".into(),
                file_s,
                "--solution_file".into(),
                sol_s,
            ]);
            if let Some(t) = limit {
                argv.extend(["--time_limit".into(), t.to_string()]);
            }
        }
        Style::Cbc => {
            argv.push(file_s);
            if let Some(t) = limit {
                argv.extend(["sec".into(), t.to_string()]);
            }
            argv.extend(["solve".into(), "solu".into(), sol_s]);
        }
        Style::Gurobi => {
            argv.push(format!("ResultFile={sol_s}"));
            if let Some(t) = limit {
                argv.push(format!("TimeLimit={t}"));
            }
            argv.push(file_s);
        }
        Style::Glpk => {
            let reader = if plan.format == Format::Mps {
                "--freemps"
            } else {
                "--lp"
            };
            argv.extend([reader.into(), file_s, "-o".into(), sol_s]);
            if let Some(t) = limit {
                argv.extend(["--tmlim".into(), t.to_string()]);
            }
        }
    }
    Ok(argv)
}

/// How the child ended.
struct RunResult {
    status: Option<ExitStatus>,
    timed_out: bool,
}

/// Seconds a solver with its own time limit gets after the deadline to
/// write its solution, and any solver gets between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_secs(5);

fn run_child(
    argv: &[String],
    stdout: &Path,
    stderr: &Path,
    deadline: Option<Instant>,
    style: Style,
) -> Result<RunResult> {
    let create = |p: &Path| {
        File::create(p)
            .map_err(|e| Error::failure(format!("error: cannot write {}: {e}", p.display())))
    };
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(create(stdout)?)
        .stderr(create(stderr)?)
        .spawn()
        .map_err(|e| {
            Error::failure(format!(
                "error: cannot run the solver `{}`: {e}\n  = help: is it installed and on the PATH?",
                argv[0]
            ))
        })?;
    let stop_at = deadline.map(|d| if style.has_time_limit() { d + GRACE } else { d });
    let failed = |e: io::Error| Error::failure(format!("error: waiting for {}: {e}", argv[0]));
    let mut pause = Duration::from_millis(5);
    loop {
        if let Some(status) = child.try_wait().map_err(failed)? {
            return Ok(RunResult {
                status: Some(status),
                timed_out: false,
            });
        }
        if stop_at.is_some_and(|at| Instant::now() >= at) {
            let status = stop(&mut child).map_err(failed)?;
            return Ok(RunResult {
                status,
                timed_out: true,
            });
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

/// Asks the child to stop (SIGTERM, so that solvers print their best
/// answer), then kills it if it is still there after the grace period.
fn stop(child: &mut Child) -> io::Result<Option<ExitStatus>> {
    if cfg!(unix) {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Some(status) = child.try_wait()? {
                return Ok(Some(status));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    child.kill()?;
    child.wait().map(Some)
}

/// The answer read from `path` and mapped through the compiled file; `None`
/// when there is none because the deadline came first.
fn read_answer(
    loaded: &Loaded,
    plan: &Plan,
    file: &Path,
    path: &Path,
    run: &RunResult,
    stdout: &Path,
    stderr: &Path,
) -> Result<Option<MappedAnswer>> {
    let map = read_compiled(file)?;
    let exists = fs::metadata(path).is_ok_and(|m| m.len() > 0);
    if !exists {
        if run.timed_out {
            return Ok(None);
        }
        if plan.style == Style::Gurobi && says(stdout, "Model is infeasible")? {
            return Ok(Some(unsatisfiable(Form::Gurobi)));
        }
        return Err(solver_failed(plan, run, "wrote no answer", stdout, stderr));
    }
    match read_mapped(loaded, path, Some(&map), None) {
        Ok(mut read) => {
            if plan.style == Style::Gurobi && says(stdout, "Optimal solution found")? {
                read.answer.status = AnswerStatus::Optimal;
            }
            Ok(Some(read))
        }
        Err(_) if run.timed_out => Ok(None),
        Err(e) => Err(solver_failed(
            plan,
            run,
            &format!("gave an answer qspec cannot use:\n{e}"),
            stdout,
            stderr,
        )),
    }
}

fn unsatisfiable(form: Form) -> MappedAnswer {
    MappedAnswer {
        answer: crate::solution::read::Answer {
            form,
            status: AnswerStatus::Unsatisfiable,
            status_text: "infeasible".into(),
            objective: None,
            values: crate::solution::read::Values::None,
        },
        mapped: None,
    }
}

/// Whether a line of the file at `path` contains `text`.
fn says(path: &Path, text: &str) -> Result<bool> {
    let Ok(file) = File::open(path) else {
        return Ok(false);
    };
    for line in BufReader::new(file).lines() {
        let line =
            line.map_err(|e| Error::failure(format!("error: reading {}: {e}", path.display())))?;
        if line.contains(text) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A failure naming the solver, its exit status and the end of its output.
fn solver_failed(plan: &Plan, run: &RunResult, what: &str, stdout: &Path, stderr: &Path) -> Error {
    let status = run
        .status
        .map_or("was stopped".to_string(), |s| format!("ended with {s}"));
    let mut message = format!("error: the solver {} {status} and {what}", plan.tool);
    for (name, path) in [("stderr", stderr), ("stdout", stdout)] {
        let tail = last_lines(path, 10);
        if !tail.is_empty() {
            message.push_str(&format!("\n  --- last lines of its {name}:\n{tail}"));
        }
    }
    Error::failure(message)
}

/// The last `n` lines of the file at `path` (empty if unreadable).
fn last_lines(path: &Path, n: usize) -> String {
    let text = fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..]
        .iter()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The answer in the embedded solver's terms, and the objective check.
fn to_report(loaded: &Loaded, format: Format, read: Option<MappedAnswer>) -> ExternalAnswer {
    let Some(read) = read else {
        return no_solution(Status::Unknown);
    };
    let has_objective = loaded.model.objective.is_some();
    let Some(mapped) = read.mapped else {
        return no_solution(match read.answer.status {
            AnswerStatus::Unsatisfiable => Status::Unsatisfiable,
            _ => Status::Unknown,
        });
    };
    let status = match (read.answer.status, has_objective) {
        (_, false) => Status::Satisfiable,
        (AnswerStatus::Optimal, true) => Status::Optimal,
        (_, true) => Status::Feasible,
    };
    let problems = objective_check(loaded, &read.answer, Some(format), &mapped.values)
        .and_then(|c| c.mismatch)
        .into_iter()
        .collect();
    let objective = loaded
        .model
        .objective
        .as_ref()
        .map(|o| objective_value(o, &mapped.values) as i64);
    ExternalAnswer {
        answer: Answer {
            status,
            values: Some(mapped.values),
            objective,
        },
        problems,
    }
}

fn no_solution(status: Status) -> ExternalAnswer {
    ExternalAnswer {
        answer: Answer {
            status,
            values: None,
            objective: None,
        },
        problems: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split_command(line).unwrap()
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(words("cadical  -q"), ["cadical", "-q"]);
        assert_eq!(
            words(r#"scip -c "read x" 'a b' c\ d"#),
            ["scip", "-c", "read x", "a b", "c d"]
        );
        assert_eq!(words(r#"x "a\"b" ''"#), ["x", "a\"b", ""]);
        assert!(split_command("x 'open").is_err());
        assert!(words("   ").is_empty());
    }

    #[test]
    fn solvers_are_known_by_program_jar_or_script() {
        let tool = |line: &str| tool_name(&words(line));
        assert_eq!(tool("/usr/bin/cadical -q"), "cadical");
        assert_eq!(
            tool("java -Xmx1g -jar /usr/share/java/org.sat4j.pb.jar"),
            "org.sat4j.pb.jar"
        );
        assert_eq!(tool("python3 -u /opt/rc2.py -vv"), "rc2.py");
        assert_eq!(tool("EvalMaxSAT"), "evalmaxsat");
        let format = |line: &str| known(&tool(line)).map(|k| k.format);
        assert_eq!(format("kissat"), Some(Format::Cnf));
        assert_eq!(format("clasp"), Some(Format::Opb));
        assert_eq!(
            format("java -jar org.ow2.sat4j.maxsat.jar"),
            Some(Format::Wcnf)
        );
        assert_eq!(format("open-wbo"), Some(Format::Wcnf));
        assert_eq!(format("gurobi_cl"), Some(Format::Lp));
        assert_eq!(format("mysolver"), None);
    }

    fn plan_for(line: &str, format: Format) -> Plan {
        let argv = words(line);
        let tool = tool_name(&argv);
        let style = known(&tool).map_or(Style::Stdout, |k| k.style);
        Plan {
            argv,
            tool,
            format,
            style,
        }
    }

    fn invoked(line: &str, format: Format, deadline: Option<Instant>) -> String {
        let file = Path::new("/t/model.x");
        let sol = Path::new("/t/sol");
        invocation(&plan_for(line, format), file, sol, deadline)
            .unwrap()
            .join(" ")
    }

    #[test]
    fn each_known_solver_is_invoked_its_own_way() {
        let soon = Some(Instant::now() + Duration::from_secs(30));
        assert_eq!(
            invoked("cadical -q", Format::Cnf, None),
            "cadical -q /t/model.x"
        );
        assert_eq!(
            invoked("minisat", Format::Cnf, None),
            "minisat /t/model.x /t/sol"
        );
        assert_eq!(
            invoked("scip", Format::Lp, soon),
            "scip -c set limits time 30 read /t/model.x optimize write solution /t/sol quit"
        );
        assert_eq!(
            invoked("highs", Format::Lp, None),
            "highs --model_file /t/model.x --solution_file /t/sol"
        );
        assert_eq!(
            invoked("cbc", Format::Lp, soon),
            "cbc /t/model.x sec 30 solve solu /t/sol"
        );
        assert_eq!(
            invoked("gurobi_cl Threads=1", Format::Lp, soon),
            "gurobi_cl Threads=1 ResultFile=/t/sol TimeLimit=30 /t/model.x"
        );
        assert_eq!(
            invoked("glpsol", Format::Mps, None),
            "glpsol --freemps /t/model.x -o /t/sol"
        );
        assert_eq!(
            invoked("rc2.py", Format::Wcnf, None),
            "rc2.py -vv /t/model.x"
        );
        assert_eq!(
            invoked("rc2.py -v", Format::Wcnf, None),
            "rc2.py -v /t/model.x"
        );
    }
}
