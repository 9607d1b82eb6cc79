//! The `solve` command: the embedded engines (CaDiCaL, Kissat or both;
//! optimising when the model has an objective, printing each better value
//! as `o N`), or an external
//! solver run on the compiled file; either way the board is verified from
//! the geometry and printed. With `--certify`, the embedded solve's claim
//! of impossibility or optimality is checked too ([`super::certify`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::progress::Progress;
use super::report::{prepare_svg, write_svg};
use super::{note, print, CertifyRequest, EncodingRequest, ModelRequest};
use qspec::answer::objective_value;
use qspec::answer::read::AnswerStatus;
use qspec::answer::{objective_check, MappedAnswer};
use qspec::certify::certify;
use qspec::draw::json::BoardJson;
use qspec::emit::{read_header, EmitOptions};
use qspec::encode;
use qspec::error::{Error, Result};
use qspec::files::TempDir;
use qspec::instance::{Checked, CompileOptions, Destination, Instance, Source};
use qspec::model::Sense;
use qspec::options::{Encodings, Format};
use qspec::service::{show_answer, Shown};
use qspec::solve;
use qspec::solve::external;
use qspec::solve::Start;
use qspec::solve::{Answer, Report, SolveOptions, Status};
use qspec::sweep::split::Split;

/// What the command line asks of `solve`.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// The model and how to load it.
    pub model: ModelRequest,
    /// Encodings asked for on the command line.
    pub encodings: EncodingRequest,
    /// Stop after this many seconds with the best board so far.
    pub timeout: Option<f64>,
    /// Draw the board into this SVG file.
    pub svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG.
    pub show_attacks: bool,
    /// An external solver's command line, instead of the embedded solver.
    pub solver: Option<String>,
    /// The file to hand the external solver.
    pub format: Option<Format>,
    /// Hand WCNF in the legacy `p wcnf` format (a solver known to need it
    /// gets it anyway).
    pub wcnf_legacy: bool,
    /// How the embedded engines run, as the command line sets it (the
    /// engine, its threads, its switches); the encodings, the deadline and
    /// the start are filled in once the model is loaded.
    pub tuning: SolveOptions,
    /// Print the clique search cut into this many parts, as the tasks of
    /// a sweep, instead of solving.
    pub split: Option<usize>,
    /// A board to start from (`--start`).
    pub start: Option<PathBuf>,
    /// `--certify[=cnf|model]`, `--proof-dir`, `--elaborate`.
    pub certify: Option<CertifyRequest>,
    /// `--json`: standard output holds one JSON object, the verdict; what
    /// `solve` prints otherwise goes to standard error.
    pub json: bool,
}

/// Runs `solve`, printing to `out`; the exit code follows the SAT
/// competition (10 found, 20 none exists, 0 proven optimum), and is 130
/// when Ctrl-C or SIGTERM stopped the solve (its best board is printed and
/// verified all the same).
pub fn run(req: &SolveRequest, out: &mut dyn Write) -> Result<u8> {
    if let Some(certify) = &req.certify {
        certify.check()?;
    }
    if let Some(parts) = req.split {
        return split(req, parts, out);
    }
    if req.json {
        let (code, verdict) = run_to(req, &mut std::io::stderr())?;
        print(out, &format!("{}\n", verdict.to_line()))?;
        return Ok(code);
    }
    run_to(req, out).map(|(code, _)| code)
}

/// Runs `solve`, printing to `out`; the exit code and the verdict as
/// JSON.
fn run_to(req: &SolveRequest, out: &mut dyn Write) -> Result<(u8, BoardJson)> {
    let svg = prepare_svg(req.svg.as_deref())?;
    let loaded = req.model.load_checked(|checked| precheck(req, checked))?;
    let enc = req.encodings.resolve(&loaded);
    let deadline = req
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
    let start = match &req.start {
        Some(path) => Some(Start::read(&loaded, path)?),
        None => None,
    };
    let run = Run {
        req,
        loaded: &loaded,
        encodings: enc,
        deadline,
        start: start.as_ref(),
    };
    qspec::interrupt::set_graceful(true);
    let shown = match &req.solver {
        Some(command) => solve_external(&run, command, out),
        None => solve_inside(&run, out),
    };
    qspec::interrupt::set_graceful(false);
    let shown = shown?;
    print(out, &shown.text)?;
    write_svg(&loaded, svg, shown.placement.as_ref(), req.show_attacks)?;
    let code = if qspec::interrupt::interrupted() {
        130
    } else {
        shown.exit_code
    };
    Ok((code, shown.json))
}

/// What the request asks that the spec alone refuses, before the model is
/// built: a solver that cannot hold the objective (or is not there), an
/// engine that cannot take the rules.
fn precheck(req: &SolveRequest, checked: &Checked) -> Result<()> {
    if let Some(command) = &req.solver {
        if req.tuning.threads.is_some() {
            return Err(Error::usage_with_help(
                "--threads sets the embedded engines' threads, not an external solver's",
                "give the solver its own option in --solver's command line (e.g. --solver 'cbc -threads 2')",
            ));
        }
        external::plan(command, req.format, checked.objective().as_ref())?;
    }
    if let Some(engine) = solve::named(req.tuning.engine) {
        engine.refuses_spec(&checked.spec)?;
    }
    Ok(())
}

/// One solve: the request, the model loaded, the encodings in force, the
/// deadline and the warm start.
struct Run<'a> {
    req: &'a SolveRequest,
    loaded: &'a Instance,
    encodings: Encodings,
    deadline: Option<Instant>,
    start: Option<&'a Start>,
}

/// With the embedded engine(s).
fn solve_inside(run: &Run<'_>, out: &mut dyn Write) -> Result<Shown> {
    let Run { req, loaded, .. } = *run;
    let enc = run.encodings;
    loaded.check_output(&enc, Destination::Embedded, &req.model.limits)?;
    let opts = SolveOptions {
        encodings: enc,
        deadline: run.deadline,
        start: run.start.map_or_else(Vec::new, |s| s.literals.clone()),
        ..req.tuning.clone()
    };
    let chosen = qspec::solve::chosen(req.tuning.engine, &loaded.model, &opts);
    let engine = chosen.engine;
    engine.takes(&loaded.model)?;
    let (name, sat) = (engine.title(), engine.runs_sat());
    let encodings = match sat {
        true => format!(", {}", encode::describe_short(&enc)),
        false => String::new(),
    };
    print(
        out,
        &format!(
            "c qspec {}: {}, {name}{encodings}\n",
            env!("CARGO_PKG_VERSION"),
            loaded.spec.file,
        ),
    )?;
    if req.encodings.verbose && sat {
        print(out, &format!("c encodings: {}\n", encode::describe(&enc)))?;
    }
    let mut printer = Printer::new(out, loaded);
    if chosen.why.is_some() {
        printer.note(&format!("engine: {chosen}"));
    }
    if let Some(start) = run.start {
        printer.note(&start.summary);
    }
    let answer = solve::solve(loaded, &opts, &mut printer)?;
    printer.failed?;
    let mut shown = show_answer(loaded, &answer, &[]);
    if let Some(request) = &req.certify {
        let status = Progress::status();
        status.say("certifying: proving the claim again and checking the proof");
        let proving = request.proving(engine.refutes());
        let certificate = certify(loaded, &enc, &answer, &proving)?;
        drop(status);
        shown.text.insert_str(0, &certificate.lines);
        if certificate.certified == Some(false) {
            shown.exit_code = 1;
        }
    }
    Ok(shown)
}

/// `solve --split K`: the search the engine runs (the one named, or
/// auto's pick) cut into `parts` parts, printed as the tasks of a sweep;
/// what the plan is like said on standard error.
fn split(req: &SolveRequest, parts: usize, out: &mut dyn Write) -> Result<u8> {
    solve::refuse_split(req.tuning.engine)?;
    let source = Source::read(&req.model.path, req.model.options())?;
    let loaded = source.load(&req.model.defines)?;
    let cuts = solve::cut_by(req.tuning.engine, &loaded.model, &SolveOptions::default())?;
    let threads = req.tuning.threads();
    let mut cutting = cuts.cut(&loaded.model, req.tuning.no_symmetry, parts, threads)?;
    let notes = std::mem::take(&mut cutting.notes);
    print_tasks(
        req,
        &source,
        Split::of(cutting, req.tuning.no_symmetry),
        out,
    )?;
    for line in notes {
        note(&line);
    }
    Ok(0)
}

/// Prints the parts of a search cut into `splits` as the tasks of a sweep.
fn print_tasks(
    req: &SolveRequest,
    source: &Source,
    splits: Vec<Split>,
    out: &mut dyn Write,
) -> Result<()> {
    let tasks = qspec::sweep::split::tasks(
        splits,
        &source.name,
        &source.text,
        &req.model.defines,
        req.model.auto_hints,
    );
    let text: String = tasks.iter().map(|t| format!("{}\n", t.to_json())).collect();
    print(out, &text)
}

/// Prints a solve's progress: `o N` lines and `c` notes; the first write
/// error is kept (and nothing more is written).
pub(super) struct Printer<'a> {
    out: &'a mut dyn Write,
    pub(super) failed: Result<()>,
    /// The status line on standard error: the time so far, the best value.
    status: Progress,
    /// The best value so far, and when the printing began (for the rate).
    best: Option<i64>,
    started: std::time::Instant,
    /// The objective is maximised: its value 0 (the empty board, which
    /// every engine may find first) is no progress to print.
    maximize: bool,
}

impl<'a> Printer<'a> {
    /// Printing to `out` the progress of solving `loaded`.
    pub(super) fn new(out: &'a mut dyn Write, loaded: &Instance) -> Printer<'a> {
        let status = Progress::status();
        status.say("solving");
        Printer {
            out,
            failed: Ok(()),
            status,
            best: None,
            started: std::time::Instant::now(),
            maximize: loaded
                .model
                .objective
                .as_ref()
                .is_some_and(|o| o.sense == Sense::Maximize),
        }
    }

    fn line(&mut self, text: String) {
        if self.failed.is_ok() {
            self.failed = print(self.out, &text);
        }
    }
}

impl Report for Printer<'_> {
    fn improved(&mut self, value: i64) {
        self.best = Some(value);
        self.status.say(format!("solving: best {value} so far"));
        if !(self.maximize && value == 0) {
            self.line(format!("o {value}\n"));
        }
    }

    fn searched(&mut self, nodes: u64) {
        let rate = nodes as f64 / self.started.elapsed().as_secs_f64().max(1e-3);
        let best = self
            .best
            .map_or(String::new(), |b| format!(", best {b} so far"));
        self.status
            .say(format!("clique search: {nodes} nodes ({rate:.0}/s){best}"));
    }

    fn note(&mut self, text: &str) {
        self.line(format!("c {text}\n"));
    }
}

/// With the solver `command`: compile the file it reads into a work
/// directory, run it, read its answer back.
fn solve_external(run: &Run<'_>, command: &str, out: &mut dyn Write) -> Result<Shown> {
    let Run { req, loaded, .. } = *run;
    let (encodings, deadline) = (run.encodings, run.deadline);
    let plan = external::plan(command, req.format, loaded.model.objective.as_ref())?;
    let wcnf_legacy = req.wcnf_legacy || plan.wcnf_legacy;
    print(
        out,
        &format!(
            "c qspec {}: {} with `{command}`\n",
            env!("CARGO_PKG_VERSION"),
            loaded.spec.file
        ),
    )?;
    let dir = TempDir::new().map_err(Error::no_temporary)?;
    let file = dir.path().join(format!("model.{}", plan.format.name()));
    compile_into(req, loaded, encodings, &plan, wcnf_legacy, &file)?;
    let start = external_start(run, &plan, dir.path(), out)?;
    let mut logged = Ok(());
    let status = Progress::status();
    status.say(format!("solving with `{command}`"));
    let read = external::run(
        &plan,
        &file,
        dir.path(),
        start.as_deref(),
        deadline,
        &loaded.model,
        &loaded.board,
        &mut |line| {
            if logged.is_ok() {
                logged = print(out, &format!("c {line}\n"));
            }
        },
    )?;
    drop(status);
    logged?;
    let header = read_header(&file)?;
    let (answer, problems) = in_solve_terms(loaded, plan.format, &header, read);
    Ok(show_answer(loaded, &answer, &problems))
}

/// The warm start written for the solver of `plan` into `dir`, if it
/// takes one (said on `out` either way).
fn external_start(
    run: &Run<'_>,
    plan: &external::SolverPlan,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<Option<PathBuf>> {
    let Some(start) = run.start else {
        return Ok(None);
    };
    print(out, &format!("c {}\n", start.summary))?;
    let Some(form) = external::start_form(plan.style) else {
        print(
            out,
            &format!(
                "c {} takes no warm start from qspec: the start is not used\n",
                plan.tool
            ),
        )?;
        return Ok(None);
    };
    let path = dir.join(format!("start.{}", form.extension()));
    start.write(run.loaded, &run.encodings, form, &path)?;
    Ok(Some(path))
}

fn compile_into(
    req: &SolveRequest,
    loaded: &Instance,
    encodings: Encodings,
    plan: &external::SolverPlan,
    wcnf_legacy: bool,
    file: &Path,
) -> Result<()> {
    let opts = CompileOptions {
        output: file.to_path_buf(),
        format: Some(plan.format),
        encodings,
        emit: EmitOptions {
            wcnf_legacy,
            mps_negate: plan.mps_negate,
            ..EmitOptions::default()
        },
        limits: req.model.limits,
        force: false,
    };
    loaded.compile(&opts).map(|_| ())
}

/// An external solver's answer in the embedded solver's terms, and the
/// problems outside the board (an objective that does not match it).
fn in_solve_terms(
    loaded: &Instance,
    format: Format,
    header: &qspec::emit::FileHeader,
    read: Option<MappedAnswer>,
) -> (Answer, Vec<String>) {
    let no_solution = |status| {
        let answer = Answer {
            status,
            values: None,
            objective: None,
        };
        (answer, Vec::new())
    };
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
    let problems = objective_check(
        &loaded.model,
        &read.answer,
        Some(header),
        Some(format),
        &mapped.values,
    )
    .and_then(|c| c.mismatch)
    .into_iter()
    .collect();
    let objective = loaded
        .model
        .objective
        .as_ref()
        .map(|o| objective_value(o, &mapped.values) as i64);
    let answer = Answer {
        status,
        values: Some(mapped.values),
        objective,
    };
    (answer, problems)
}
