//! External solvers for `qspec solve --solver 'CMD'`: which file to hand
//! a solver and how to run it ([`solvers`], the one table of known
//! solvers), running it as a child process ([`process`]), and reading its
//! answer back, mapped through the compiled file's header.
//!
//! Compiling the file and reporting the answer are the `solve` command's
//! (the `command` module); this module runs one solver on one file.

mod invocation;
mod minizinc;
mod process;
pub mod solvers;

pub use invocation::{start_form, SolverPlan};
pub use process::{run_child, RunResult};
pub use solvers::described as known_solvers;

use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::time::Instant;

use crate::answer::read::{AnswerStatus, Form, SolverAnswer, Values};
use crate::answer::{read_mapped, MappedAnswer};
use crate::board::Board;
use crate::emit::read_header;
use crate::error::{Error, Result};
use crate::model::{Model, Objective, Sense};
use crate::options::Format;

use invocation::{invocation, Files};
use solvers::{known, tool_name, Style};

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
    Error::usage(format!("--solver `{line}`: a quote is not closed"))
}

/// Works out what to run for `command` (handed `format`, or the file the
/// solver is known to read) on a model with `objective`; errors are the
/// user's (exit 2).
pub fn plan(
    command: &str,
    format: Option<Format>,
    objective: Option<&Objective>,
) -> Result<SolverPlan> {
    let argv = split_command(command)?;
    if argv.is_empty() {
        return Err(Error::usage("--solver is empty: give a command line"));
    }
    let tool = tool_name(&argv);
    let known = known(&tool);
    let format = match (format, known) {
        (Some(f), _) => f,
        (None, Some(k)) => k.format,
        (None, None) => {
            return Err(Error::usage_with_help(
                format!("qspec does not know the solver `{tool}`, so it cannot tell which file to hand it"),
                format!("pass --format {}; its standard output is then read (SAT, MaxSAT, PB competition output or a solution file, told from the content)", Format::names()),
            ))
        }
    };
    if format == Format::Cnf {
        refuse_objective(objective, &tool, known.is_some_and(|k| k.sat_only))?;
    }
    Ok(SolverPlan::new(argv, tool, known, format, objective))
}

/// Runs the solver of `plan` on `file` (in the work directory `dir`, with
/// the warm start `start` if given) and reads its answer, mapped onto
/// `model` through the file's header; `None` when the deadline came before
/// an answer. `log` receives the command run and the answer's form.
#[allow(clippy::too_many_arguments)]
pub fn run(
    plan: &SolverPlan,
    file: &Path,
    dir: &Path,
    start: Option<&Path>,
    deadline: Option<Instant>,
    model: &Model,
    board: &Board,
    log: &mut dyn FnMut(&str),
) -> Result<Option<MappedAnswer>> {
    // Gurobi tells a result file's kind by its extension.
    let solution = dir.join(match plan.style {
        Style::Gurobi => "solution.sol",
        _ => "solution.txt",
    });
    let stdout = dir.join("stdout.txt");
    let stderr = dir.join("stderr.txt");
    let runner = write_runner(plan, dir)?;
    let files = Files {
        model: file,
        solution: &solution,
        start,
        runner: runner.as_deref(),
    };
    let argv = invocation(plan, files, deadline)?;
    log(&format!("running: {}", argv.join(" ")));
    let run = run_child(
        &argv,
        &stdout,
        &stderr,
        deadline,
        plan.style.has_time_limit(),
    )?;
    let answer_path = if plan.style.answers_on_stdout() {
        &stdout
    } else {
        &solution
    };
    let output = Output {
        answer: answer_path,
        stdout: &stdout,
        stderr: &stderr,
    };
    let read = read_answer(plan, file, &output, &run, model, board)?;
    if let Some(read) = &read {
        log(&format!("answer: {}", read.answer.form.describe()));
    }
    Ok(read)
}

/// Writes the runner script of `plan` (if it has one) into `dir`.
fn write_runner(plan: &SolverPlan, dir: &Path) -> Result<Option<std::path::PathBuf>> {
    let Some(script) = plan.runner else {
        return Ok(None);
    };
    let path = dir.join(format!("{}_cl.py", plan.tool));
    fs::write(&path, script).map_err(|e| Error::unwritable("cannot write ", &path, e))?;
    Ok(Some(path))
}

/// Where the solver's output went.
struct Output<'a> {
    answer: &'a Path,
    stdout: &'a Path,
    stderr: &'a Path,
}

/// The answer read from the solver's output and mapped through the
/// compiled file; `None` when there is none because the deadline came first.
fn read_answer(
    plan: &SolverPlan,
    file: &Path,
    output: &Output<'_>,
    run: &RunResult,
    model: &Model,
    board: &Board,
) -> Result<Option<MappedAnswer>> {
    let header = read_header(file)?;
    if plan.style == Style::MiniZinc && !run.status.is_some_and(|s| s.success()) {
        let said =
            String::from_utf8_lossy(&fs::read(output.stderr).unwrap_or_default()).into_owned();
        if let Some(trouble) = minizinc::minizinc_trouble(&plan.tool, &said) {
            return Err(trouble);
        }
    }
    let exists = fs::metadata(output.answer).is_ok_and(|m| m.len() > 0);
    if !exists {
        if run.timed_out {
            return Ok(None);
        }
        if plan.style == Style::Gurobi && says(output.stdout, "Model is infeasible")? {
            return Ok(Some(unsatisfiable(Form::Gurobi)));
        }
        // Stopped by its own time limit before any solution: no verdict,
        // as when qspec's deadline stops a solver.
        if plan.style == Style::Gurobi && says(output.stdout, "Time limit reached")? {
            return Ok(None);
        }
        return Err(solver_failed(plan, run, "wrote no answer", output));
    }
    match read_mapped(model, board, output.answer, Some(&header), plan.answer) {
        Ok(mut read) => {
            if plan.style == Style::Gurobi && says(output.stdout, "Optimal solution found")? {
                read.answer.status = AnswerStatus::Optimal;
            }
            Ok(Some(read))
        }
        Err(_) if run.timed_out => Ok(None),
        Err(e) => Err(solver_failed(
            plan,
            run,
            &format!("gave an answer qspec cannot use:\n{e}"),
            output,
        )),
    }
}

fn unsatisfiable(form: Form) -> MappedAnswer {
    MappedAnswer {
        answer: SolverAnswer {
            form,
            status: AnswerStatus::Unsatisfiable,
            status_text: "infeasible".into(),
            objective: None,
            values: Values::None,
        },
        mapped: None,
    }
}

/// A CNF file cannot hold an objective: say what to use instead.
fn refuse_objective(objective: Option<&Objective>, tool: &str, sat_only: bool) -> Result<()> {
    let Some(objective) = objective else {
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
    Err(Error::unsupported_with_help(
        format!("{who}, which cannot hold the objective `{sense} {what}`"),
        format!("use a solver that optimises: a MaxSAT solver (--format wcnf, e.g. open-wbo), a PB solver (--format opb, e.g. clasp), a MIP solver (--format lp, e.g. cbc or highs), or the embedded solver (leave out --solver); or replace `{sense} {what}` by `{what} {bound} N` in the model"),
    ))
}

/// Whether a line of the file at `path` contains `text`.
fn says(path: &Path, text: &str) -> Result<bool> {
    let Ok(file) = File::open(path) else {
        return Ok(false);
    };
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| Error::unwritable("reading ", path, e))?;
        if line.contains(text) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A failure naming the solver, its exit status and the end of its output.
fn solver_failed(plan: &SolverPlan, run: &RunResult, what: &str, output: &Output<'_>) -> Error {
    let status = run
        .status
        .map_or("was stopped".to_string(), |s| format!("ended with {s}"));
    let message = format!("the solver {} {status} and {what}", plan.tool);
    let mut detail = Vec::new();
    for (name, path) in [("stderr", output.stderr), ("stdout", output.stdout)] {
        let tail = last_lines(path, 10);
        if !tail.is_empty() {
            detail.push(format!("  --- last lines of its {name}:\n{tail}"));
        }
    }
    Error::Solver {
        message,
        detail: (!detail.is_empty()).then(|| detail.join("\n")),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
        assert_eq!(format("minizinc:chuffed"), Some(Format::Mzn));
        assert_eq!(format("minizinc:any-solver-id"), Some(Format::Mzn));
        assert_eq!(
            format("/usr/bin/minizinc --solver gecode"),
            Some(Format::Mzn)
        );
        assert_eq!(format("mysolver"), None);
    }

    fn plan_for(line: &str, format: Format) -> SolverPlan {
        plan(line, Some(format), None).unwrap()
    }

    fn files(start: Option<&Path>) -> Files<'_> {
        Files {
            model: Path::new("/t/model.x"),
            solution: Path::new("/t/sol"),
            start,
            runner: None,
        }
    }

    fn invoked(line: &str, format: Format, deadline: Option<Instant>) -> String {
        invocation(&plan_for(line, format), files(None), deadline)
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
        assert_eq!(
            invoked("minizinc:gecode", Format::Mzn, soon),
            "minizinc --solver gecode --time-limit 30000 /t/model.x"
        );
        assert_eq!(
            invoked("minizinc", Format::Mzn, None),
            "minizinc /t/model.x"
        );
        assert_eq!(
            invoked("minizinc:cp-sat -p 2", Format::Mzn, None),
            "minizinc --solver cp-sat -p 2 /t/model.x"
        );
    }

    #[test]
    fn gurobi_runs_through_the_runner_and_starts_reach_the_solvers() {
        let plan = plan("gurobi Threads=1", None, None).unwrap();
        assert_eq!(plan.format, Format::Lp);
        assert!(plan.runner.is_some_and(|s| s.contains("gurobipy")));
        let start = Path::new("/t/start.mst");
        let runner = Path::new("/t/gurobi_cl.py");
        let with = Files {
            runner: Some(runner),
            ..files(Some(start))
        };
        assert_eq!(
            invocation(&plan, with, None).unwrap().join(" "),
            "python3 /t/gurobi_cl.py Threads=1 ResultFile=/t/sol InputFile=/t/start.mst /t/model.x"
        );
        let sol = Path::new("/t/start.sol");
        let scip = invocation(&plan_for("scip", Format::Lp), files(Some(sol)), None).unwrap();
        assert_eq!(
            scip[2],
            "read /t/model.x read /t/start.sol optimize write solution /t/sol quit"
        );
        let highs = invocation(&plan_for("highs", Format::Lp), files(Some(sol)), None).unwrap();
        assert!(highs
            .join(" ")
            .ends_with("--read_solution_file /t/start.sol"));
        assert_eq!(start_form(Style::Cbc), None);
        assert_eq!(start_form(plan.style), Some(crate::emit::MipStart::Gurobi));
    }

    #[test]
    fn mps_readers_that_miss_objsense_get_what_they_read() {
        let max = crate::model::Objective {
            sense: Sense::Maximize,
            terms: Vec::new(),
            what: "count".into(),
        };
        let cbc = plan("cbc", Some(Format::Mps), Some(&max)).unwrap();
        assert_eq!(
            invocation(&cbc, files(None), None).unwrap().join(" "),
            "cbc /t/model.x max solve solu /t/sol"
        );
        assert!(!cbc.mps_negate);
        assert!(
            plan("glpsol", Some(Format::Mps), Some(&max))
                .unwrap()
                .mps_negate
        );
        assert!(
            !plan("glpsol", Some(Format::Lp), Some(&max))
                .unwrap()
                .mps_negate
        );
        let min = crate::model::Objective {
            sense: Sense::Minimize,
            ..max
        };
        let cbc_min = plan("cbc", Some(Format::Mps), Some(&min)).unwrap();
        assert!(!invocation(&cbc_min, files(None), None)
            .unwrap()
            .contains(&"max".to_string()));
    }
}
