//! `qspec puzzles MODEL --size N`: region puzzles, one JSON line each — the
//! regions picture a row a string, the one solution's pieces, the seed and
//! the try that found it — and with `--html FILE`, the playable page of
//! them.

use std::io::Write;

use super::family::read_source;
use super::requests::PuzzlesRequest;
use super::stopped_code;
use crate::command::{note, print};
use qspec::draw::page::write_page;
use qspec::error::{Error, Result};
use qspec::files::write_file;
use qspec::solve::Stop;
use qspec::sweep::region_page::region_page;
use qspec::sweep::regions::{region_puzzles, PuzzleModel, RegionAsk, RegionPuzzle};

/// Makes the puzzles asked, prints them (or writes them to `-o FILE`).
pub(super) fn run_region_puzzles(
    args: &PuzzlesRequest,
    ask: &RegionAsk,
    out: &mut dyn Write,
) -> Result<u8> {
    let defines: Vec<(String, i64)> = args
        .define
        .iter()
        .map(|(name, values)| match values.as_slice() {
            [one] => Ok((name.clone(), *one)),
            _ => Err(Error::usage(format!(
                "-D {name}: region puzzles take one value a parameter"
            ))),
        })
        .collect::<Result<_>>()?;
    let source = read_source(&args.model, !args.no_auto_hints)?;
    let model = PuzzleModel::new(&source, &defines, ask.size)?;
    if args.html.is_some() {
        // Refused before the work, not after it.
        region_page(&model, &[])?;
    }
    let stop = Stop::default();
    let mut found: Vec<RegionPuzzle> = Vec::new();
    let tries = region_puzzles(&model, ask, &stop, &mut |p| {
        found.push(p);
        Ok(())
    })?;
    note(&format!(
        "c region puzzles: {} of {} asked, {} x {}, seed {}, {} tries; each has exactly one solution (the model with its regions in place, counted as `qspec count` counts it), verified from the board geometry",
        found.len(),
        ask.count,
        ask.size,
        ask.size,
        ask.seed,
        tries
    ));
    let lines: Vec<String> = found.iter().map(|p| json_line(p, ask)).collect();
    match &args.output {
        Some(file) => write_file(file, false, |w| {
            for line in &lines {
                writeln!(w, "{line}")?;
            }
            Ok(())
        })?,
        None => print(
            out,
            &lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        )?,
    }
    if let Some(file) = &args.html {
        let (letter, moves, boards) = region_page(&model, &found)?;
        let name = args.model.file_name().unwrap_or_default().to_string_lossy();
        let title = format!("Region puzzles of {name}");
        write_file(file, false, |w| {
            write_page(w, &title, letter, &moves, &boards)
        })?;
    }
    if qspec::interrupt::interrupted() {
        return Ok(stopped_code());
    }
    if found.len() < ask.count {
        return Err(Error::solver(format!(
            "found {} of {} region puzzles in {tries} tries",
            found.len(),
            ask.count
        )));
    }
    Ok(0)
}

fn json_line(p: &RegionPuzzle, ask: &RegionAsk) -> String {
    let rows = p.spaced_rows();
    serde_json::json!({
        "size": ask.size,
        "seed": ask.seed,
        "try": p.found_at,
        "regions": rows,
        "solution": p.solution,
    })
    .to_string()
}
