//! The row search (`--engine rows`): for models that place one kind of
//! piece under limits on sets of cells, with a count that fills every row
//! to its limit — Dudeney's no three in line (`count per line <= 2`,
//! `count == 2 * n`) is the model it is made for — a search that fills the
//! rows one at a time instead of a SAT solver ([`search`]), with the
//! limits as bit masks and the board's symmetries keeping one board of a
//! class. It lists every solution for `qspec count` (where CaDiCaL, asked
//! for one board a class at a time, stops near n = 10), and finds one for
//! `qspec solve`.
//!
//! The model is read as a [`problem::Problem`] (or refused with the
//! reason). A board found is completed into values of every variable of
//! the model by CaDiCaL, so the answer satisfies the whole model, hints
//! included (under `hint break_symmetry`, the image of the board that is
//! the least of its class).

mod pairs;
mod plan;
pub(crate) mod problem;
mod proof;
mod search;
mod threads;

use super::engine::Engine;
use super::every::{Every, Symmetries};
use super::interface::{Answer, Report, SolveOptions, Status};
use crate::diag::plural;
use crate::error::{Error, Result};
use crate::model::{Model, Var};
use crate::options::Setting;
use crate::solve::Stop;
use problem::Problem;

/// `--engine rows`.
pub struct Rows;

/// The row search as an engine ([`Rows`]).
pub static ROWS: Rows = Rows;

impl Engine for Rows {
    fn name(&self) -> &'static str {
        "rows"
    }

    fn title(&self) -> &'static str {
        "embedded row search (each row filled to its limit, no SAT solver)"
    }

    fn lister(&self) -> &'static str {
        "the row search"
    }

    fn runs_sat(&self) -> bool {
        false
    }

    fn takes(&self, model: &Model) -> Result<()> {
        applies(model)
    }

    fn lists(&self, model: &Model, _at_optimum: bool) -> bool {
        applies(model).is_ok()
    }

    fn refutes(&self) -> Option<&'static dyn crate::proof::Refutes> {
        Some(&proof::RowsProof)
    }

    fn every(
        &self,
        model: &Model,
        threads: usize,
        stop: &Stop,
        searched: &mut dyn FnMut(u64),
        keep: usize,
    ) -> Option<Every> {
        let problem = Problem::of(model).ok()?;
        let listed = threads::every(&problem, threads, stop, searched, keep);
        let vertices: Vec<Var> = problem.var_at.iter().flatten().copied().collect();
        let classes = listed
            .classes
            .iter()
            .map(|board| vars_of(&problem, board))
            .collect();
        Some(Every {
            classes,
            symmetries: Symmetries::new(vertices, &vertex_maps(&problem)),
            complete: listed.complete,
            overflowed: listed.overflowed,
            nodes: listed.nodes,
            describe: describe(&problem, threads),
        })
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
        solve(model, opts, report)
    }
}

/// Whether the row search takes `model`: `Err` says why not and what to
/// use.
pub fn applies(model: &Model) -> Result<()> {
    read(model).map(|_| ())
}

fn read(model: &Model) -> Result<Problem> {
    Problem::of(model).map_err(|why| {
        Error::unsupported_with_help(
            format!("the row search cannot take this model: {why}"),
            format!(
                "it takes one kind of piece on a board of two dimensions, limits on sets of cells (`count per line <= 2`, `count per row <= 2`) and a count that fills every row to its limit (`count == 2 * n`); use {} (the default) or {}",
                Setting::Engine.set_to("auto"),
                Setting::Engine.set_to("kissat")
            ),
        )
    })
}

/// Finds one board of `model`, completed into values of every variable.
fn solve(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    let problem = read(model)?;
    let threads = opts.threads();
    report.note(&describe(&problem, threads));
    let (board, nodes) = threads::first(&problem, threads, &opts.stop());
    report.note(&format!("row search: {nodes} nodes"));
    let (status, values) = match board {
        threads::First::Stopped => (Status::Unknown, None),
        threads::First::None => (Status::Unsatisfiable, None),
        threads::First::Board(board) => (
            Status::Satisfiable,
            Some(complete(model, opts, &problem, &board)?),
        ),
    };
    Ok(Answer {
        status,
        values,
        objective: None,
    })
}

/// The values of every variable of `model` for `board` (cells): its least
/// image first (the one `hint break_symmetry` keeps), then the others.
fn complete(
    model: &Model,
    opts: &SolveOptions,
    problem: &Problem,
    board: &[usize],
) -> Result<Vec<bool>> {
    let mut images: Vec<Vec<Var>> = std::iter::once(board.to_vec())
        .chain(
            problem
                .maps
                .iter()
                .map(|m| board.iter().map(|&c| m[c]).collect()),
        )
        .map(|cells| vars_of(problem, &cells))
        .collect();
    images.sort();
    images.dedup();
    let pieces: Vec<Var> = problem.var_at.iter().flatten().copied().collect();
    super::complete_board(model, &opts.encodings, &pieces, images, "the row search")
}

/// The piece variables of `board` (cells), sorted.
fn vars_of(problem: &Problem, board: &[usize]) -> Vec<Var> {
    let mut vars: Vec<Var> = board
        .iter()
        .map(|&c| problem.var_at[c].expect("a board's pieces stand on live cells"))
        .collect();
    vars.sort_unstable();
    vars
}

/// The problem's symmetries as maps of its live cells' indices (in cell
/// order, as [`Symmetries`] takes them).
fn vertex_maps(problem: &Problem) -> Vec<Vec<usize>> {
    let mut index = vec![usize::MAX; problem.var_at.len()];
    let live: Vec<usize> = (0..problem.var_at.len())
        .filter(|&c| problem.var_at[c].is_some())
        .collect();
    for (i, &c) in live.iter().enumerate() {
        index[c] = i;
    }
    problem
        .maps
        .iter()
        .map(|m| live.iter().map(|&c| index[m[c]]).collect())
        .collect()
}

/// What is searched, for a note: `row search: 10 x 10, 406 limits, 2
/// pieces a row, 8 symmetries, 2 threads`.
fn describe(problem: &Problem, threads: usize) -> String {
    let fills: std::collections::BTreeSet<u32> = problem.row_fill.iter().copied().collect();
    let fill = match fills.len() {
        1 => {
            plural(
                u64::from(fills.into_iter().next().unwrap_or(0)),
                "piece",
                "pieces",
            ) + " a row"
        }
        _ => format!("{} pieces in all", problem.count()),
    };
    format!(
        "row search: {} x {}, {}, {fill}, {}, {}",
        problem.rows,
        problem.width,
        plural(problem.limits.len() as u64, "limit", "limits"),
        plural(problem.maps.len() as u64 + 1, "symmetry", "symmetries"),
        plural(threads as u64, "thread", "threads")
    )
}
