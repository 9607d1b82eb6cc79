//! A sweep's model and family of instances from the command line: the
//! model file read once and loaded for each combination of parameter
//! values ([`Source`]); the whole sweep in this process (`qspec sweep
//! MODEL`), and its plan (`qspec sweep plan`).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use super::requests::{FamilyRequest, PlanRequest, SweepRequest};
use super::stopped_code;
use crate::command::progress::Progress;
use crate::command::{note, print};
use qspec::diag::plural;
use qspec::error::{Error, Result};
use qspec::files::write_file;
use qspec::instance::{LoadOptions, Source};
use qspec::sweep::plan::{parts, product, Request};
use qspec::sweep::{self, Defines, Line, Options, Part, Task};

/// The model file at `path`, to load for each combination of parameter
/// values.
pub(super) fn read_source(path: &Path, auto_hints: bool) -> Result<Source> {
    Source::read(path, load_options(auto_hints))
}

/// The model a task carries.
pub(super) fn task_source(task: &Task) -> Source {
    Source {
        name: task.model.clone(),
        text: task.source.clone(),
        options: load_options(task.auto_hints),
    }
}

fn load_options(auto_hints: bool) -> LoadOptions {
    LoadOptions {
        auto_hints,
        ..LoadOptions::default()
    }
}

/// Says on standard error, once for the whole family, what the model file
/// says that is probably not what was meant (with the first combination's
/// parameter values).
pub(super) fn warn_once(source: &Source, combos: &[Defines]) -> Result<()> {
    let first = combos.first().map_or(&[][..], Vec::as_slice);
    let instance = source.load(first)?;
    if !instance.warnings.errors.is_empty() {
        note(instance.warnings.to_string().trim_end());
    }
    Ok(())
}

/// The family's options, combinations and parts, in order.
fn family(args: &FamilyRequest) -> (Options, Vec<Defines>, Vec<usize>) {
    let options = Options {
        symmetry: !args.no_symmetry,
        optimal_count: args.optimal_count,
    };
    let combos = product(&args.define);
    (options, combos, args.walls.clone().unwrap_or_default())
}

/// The model file of `args` (clap makes it required without a subcommand).
fn model_path(args: &FamilyRequest) -> Result<&Path> {
    args.model
        .as_deref()
        .ok_or_else(|| Error::usage("no model file given"))
}

/// Threads to use: `jobs`, or one per core.
pub(super) fn threads(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// `qspec sweep MODEL ...`: every instance in this process, each result
/// line printed (or written to `-o FILE`) in order.
pub(super) fn run_direct(args: &SweepRequest, out: &mut dyn Write) -> Result<u8> {
    let model = read_source(model_path(&args.family)?, !args.family.no_auto_hints)?;
    let (options, combos, walls) = family(&args.family);
    warn_once(&model, &combos)?;
    let parts = parts(&combos, &walls);
    let jobs = threads(args.jobs);
    let started = Instant::now();
    let bar = instances_bar(&model, &options, &parts)?;
    let progress = match &args.output {
        None => {
            let mut emit = |_: u64, line: &Line| {
                bar.step();
                print(out, &format!("{}\n", line.to_json()))
            };
            sweep::run(&model, &options, &parts, jobs, 0, &mut emit)?
        }
        Some(path) => write_lines(path, &model, &options, &parts, jobs, &bar)?,
    };
    drop(bar);
    report(&progress, started, jobs);
    Ok(if progress.stopped { stopped_code() } else { 0 })
}

/// The sweep into `path`, atomically: an interrupted sweep leaves no file.
fn write_lines(
    path: &Path,
    model: &Source,
    options: &Options,
    parts: &[Part],
    jobs: usize,
    bar: &Progress,
) -> Result<sweep::Ran> {
    let mut outcome: Option<Result<sweep::Ran>> = None;
    let written = write_file(path, false, |file| {
        let mut emit = |_: u64, line: &Line| {
            bar.step();
            writeln!(file, "{}", line.to_json()).map_err(|e| Error::unwritable("writing ", path, e))
        };
        let result = sweep::run(model, options, parts, jobs, 0, &mut emit);
        let keep = matches!(&result, Ok(p) if !p.stopped);
        outcome = Some(result);
        if keep {
            Ok(())
        } else {
            Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "the sweep did not finish",
            ))
        }
    });
    match outcome.expect("the sweep ran") {
        Ok(progress) if progress.stopped => Ok(progress),
        Ok(progress) => written.map(|()| progress),
        Err(e) => Err(e),
    }
}

/// A bar over the instances of `parts` on standard error, when progress is
/// drawn (their number is counted only then).
pub(super) fn instances_bar(model: &Source, options: &Options, parts: &[Part]) -> Result<Progress> {
    let bar = Progress::bar(None, "instances");
    if bar.is_drawn() {
        bar.set_total(sweep::n_instances(model, options, parts)?);
    }
    Ok(bar)
}

/// Says on standard error how many instances took how long.
pub(super) fn report(progress: &sweep::Ran, started: Instant, jobs: usize) {
    let secs = started.elapsed().as_secs_f64();
    let stopped = match (progress.stopped, qspec::interrupt::timed_out()) {
        (false, _) => "",
        (true, true) => ", stopped at --timeout",
        (true, false) => ", interrupted",
    };
    let n = progress.lines;
    note(&format!(
        "c sweep: {} in {secs:.2} s ({}){stopped}",
        plural(n, "instance", "instances"),
        plural(jobs as u64, "thread", "threads")
    ));
}

/// `qspec sweep plan`: the tasks, one JSON line each.
pub(super) fn run_plan(args: &PlanRequest, out: &mut dyn Write) -> Result<u8> {
    let path = model_path(&args.family)?;
    let model = read_source(path, !args.family.no_auto_hints)?;
    let (options, combos, walls) = family(&args.family);
    warn_once(&model, &combos)?;
    let request = Request {
        model: &path.display().to_string(),
        source: &model.text,
        options: &options,
        auto_hints: !args.family.no_auto_hints,
        walls: &walls,
        combos: &combos,
        chunk: args.chunk,
    };
    let tasks = sweep::plan(&model, &request)?;
    let mut text = String::new();
    let mut instances = 0;
    for task in &tasks {
        text.push_str(&task.to_json());
        text.push('\n');
        instances += task
            .parts
            .iter()
            .map(|p| p.range.map_or(1, |r| r.count))
            .sum::<u64>();
    }
    print(out, &text)?;
    note(&format!(
        "c plan: {}, {}",
        plural(tasks.len() as u64, "task", "tasks"),
        plural(instances, "instance", "instances")
    ));
    Ok(0)
}
