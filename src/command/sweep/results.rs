//! `qspec sweep merge` (the summary of result files, and the puzzles among
//! them) and `qspec puzzles` (the sweeps puzzles need, in this process,
//! then the puzzles).

use std::io::Write;
use std::ops::RangeInclusive;
use std::path::Path;
use std::time::Instant;

use super::family::{instances_bar, read_source, report, threads, warn_once};
use super::requests::{MergeRequest, PuzzlesRequest};
use super::{read_json_lines, stopped_code};
use qspec::instance::Source;
use qspec::sweep::puzzles::Rule as Minimal;

/// What every line of a result file is.
const RESULT_LINE: &str = "a result line of `qspec sweep`";
use crate::command::{note, print};
use qspec::draw::page::write_page;
use qspec::error::{Error, Result};
use qspec::files::write_file;
use qspec::sweep::merge::{walls_label, Summary};
use qspec::sweep::plan::{parts, product};
use qspec::sweep::puzzles::{page, puzzles, Rule};
use qspec::sweep::{self, Line, Options};

/// `qspec sweep merge FILES...`.
pub(super) fn run_merge(args: &MergeRequest, out: &mut dyn Write) -> Result<u8> {
    let mut summary = Summary::new();
    let mut kept: Vec<Line> = Vec::new();
    for path in &args.files {
        read_json_lines(path, RESULT_LINE, Line::parse, &mut |line| {
            summary.add(&line)?;
            if args.puzzles.is_some() || args.html.is_some() {
                kept.push(slim(line));
            }
            Ok(())
        })?;
    }
    summary.settle()?;
    let mut text = if args.json {
        format!("{}\n", summary.json())
    } else {
        summary.table()
    };
    if let Some(svg) = &args.svg {
        let picture = summary.histogram_svg();
        write_file(svg, false, |out| out.write_all(picture.as_bytes()))?;
    }
    if let (true, Some(model)) = (args.puzzles.is_some() || args.html.is_some(), &args.model) {
        let model = read_source(model, true)?;
        warn_once(&model, &[])?;
        let walls = match &args.puzzle_walls {
            Some(w) => range_of(w),
            None => default_range(&kept, args.minimal)?,
        };
        let rule = args.minimal;
        let found = puzzles(&kept, &walls, rule, &model)?;
        write_outputs(
            args.puzzles.as_deref(),
            args.html.as_deref(),
            &model,
            &found,
        )?;
        if !args.json {
            text.push_str(&format!(
                "puzzles ({} rule): {} ({})\n",
                rule_name(args.minimal),
                found.len(),
                count_by_walls(&found, &walls)
            ));
        }
    }
    print(out, &text)?;
    Ok(0)
}

/// Writes the puzzles as JSON lines into `lines` and as a page into `html`.
fn write_outputs(
    lines: Option<&Path>,
    html: Option<&Path>,
    model: &Source,
    found: &[Line],
) -> Result<()> {
    if let Some(file) = lines {
        write_file(file, false, |out| {
            for line in found {
                writeln!(out, "{}", line.to_json())?;
            }
            Ok(())
        })?;
    }
    if let Some(file) = html {
        let (letter, moves, boards) = page(found, model)?;
        let name = Path::new(&model.name).file_name().unwrap_or_default();
        let title = format!("Puzzles of {}", name.to_string_lossy());
        write_file(file, false, |out| {
            write_page(out, &title, letter, &moves, &boards)
        })?;
    }
    Ok(())
}

/// `qspec puzzles MODEL --walls K1..K2`.
pub(super) fn run_puzzles(args: &PuzzlesRequest, out: &mut dyn Write) -> Result<u8> {
    let Some(walls) = &args.walls else {
        return Err(Error::usage("say how many walls: --walls 2..3"));
    };
    let model = read_source(&args.model, !args.no_auto_hints)?;
    let combos = product(&args.define);
    warn_once(&model, &combos)?;
    let walls = range_of(walls);
    let rule = args.minimal;
    let least = match rule {
        Rule::OneWall => walls.start().saturating_sub(1),
        Rule::Subsets => *walls.start(),
    };
    let swept: Vec<usize> = (least..=*walls.end()).collect();
    let options = Options {
        symmetry: true,
        optimal_count: Some(2),
    };
    let parts = parts(&combos, &swept);
    let jobs = threads(args.jobs);
    let started = Instant::now();
    let mut lines: Vec<Line> = Vec::new();
    let bar = instances_bar(&model, &options, &parts)?;
    let progress = sweep::run(&model, &options, &parts, jobs, 0, &mut |_, line| {
        bar.step();
        lines.push(slim(line.clone()));
        Ok(())
    })?;
    drop(bar);
    report(&progress, started, jobs);
    if progress.stopped {
        return Ok(stopped_code());
    }
    let found = puzzles(&lines, &walls, rule, &model)?;
    note(&format!(
        "c puzzles ({} rule): {} ({})",
        rule_name(args.minimal),
        found.len(),
        count_by_walls(&found, &walls)
    ));
    write_outputs(args.output.as_deref(), args.html.as_deref(), &model, &found)?;
    if args.output.is_none() {
        let text: String = found.iter().map(|l| format!("{}\n", l.to_json())).collect();
        print(out, &text)?;
    }
    Ok(0)
}

fn rule_name(minimal: Minimal) -> &'static str {
    match minimal {
        Minimal::OneWall => "one-wall",
        Minimal::Subsets => "subsets",
    }
}

/// `2 walls: 12, 3 walls: 40`.
fn count_by_walls(found: &[Line], walls: &RangeInclusive<usize>) -> String {
    walls
        .clone()
        .map(|k| {
            let n = found.iter().filter(|l| l.n_walls() == k).count();
            format!("{}: {n}", walls_label(k))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The least and greatest of `walls` as a range.
fn range_of(walls: &[usize]) -> RangeInclusive<usize> {
    let least = walls.iter().copied().min().unwrap_or(0);
    let most = walls.iter().copied().max().unwrap_or(0);
    least..=most
}

/// The numbers of walls whose puzzles the results can tell: with the
/// one-wall rule, those whose boards with one wall fewer are there too.
fn default_range(lines: &[Line], minimal: Minimal) -> Result<RangeInclusive<usize>> {
    let present: std::collections::BTreeSet<usize> = lines
        .iter()
        .filter(|l| l.walls.is_some())
        .map(Line::n_walls)
        .collect();
    let (Some(&least), Some(&most)) = (present.iter().next(), present.iter().next_back()) else {
        return Err(Error::usage("the results hold no wall sweep, so no puzzle"));
    };
    let least = match minimal {
        Minimal::OneWall if least > 0 => least + 1,
        _ => least,
    };
    if least > most {
        return Err(Error::usage_with_help(
            format!("the results hold {most} walls only: puzzles need the boards with one wall fewer too"),
            "sweep them as well, or say --minimal subsets",
        ));
    }
    Ok(least..=most)
}

/// A line as puzzles need it: the solution only where it is unique.
fn slim(mut line: Line) -> Line {
    if !line.is_unique() {
        line.solution = None;
    }
    line
}
