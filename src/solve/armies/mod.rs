//! The armies search (`--engine armies`): for models of two armies of
//! pieces that may not attack each other along lines, of equal size,
//! maximised — peaceable queens (`rule white no_attack black`, `count
//! white == count black`, `maximize count white`) — a branch and bound
//! that gives every line one army's colour instead of a SAT solver
//! ([`search`]), where the SAT route's cost is proving that one more queen
//! each does not fit (n = 11: 36 minutes for the SAT route, seconds here).
//!
//! The model is read as a [`problem::Problem`] (or refused with the
//! reason). The armies found are completed into values of every variable
//! of the model by CaDiCaL, so the answer satisfies the whole model, hints
//! included (under `hint break_symmetry`, the image that is the least of
//! its class).

mod knapsack;
mod list;
pub(crate) mod problem;
pub(crate) mod proof;
pub(crate) mod run;
pub(crate) mod search;
pub mod split;

use super::engine::Engine;
use super::every::{Every, Symmetries};
use super::interface::{Answer, Report, SolveOptions, Status};
use crate::diag::plural;
use crate::error::{Error, Result};
use crate::model::{Model, Var};
use crate::options::Setting;
use crate::solve::Stop;
use problem::Problem;
use run::{Outcome, Start};
use search::Plan;

/// `--engine armies`.
pub struct Armies;

/// The armies search as an engine ([`Armies`]).
pub static ARMIES: Armies = Armies;

impl Engine for Armies {
    fn name(&self) -> &'static str {
        "armies"
    }

    fn title(&self) -> &'static str {
        "embedded armies search (each line given to one army, no SAT solver)"
    }

    fn runs_sat(&self) -> bool {
        false
    }

    fn takes(&self, model: &Model) -> Result<()> {
        applies(model)
    }

    fn lister(&self) -> &'static str {
        "the armies search"
    }

    fn cuts(&self) -> Option<&'static dyn crate::solve::parts::Cuts> {
        Some(&split::ArmiesCuts)
    }

    fn refutes(&self) -> Option<&'static dyn crate::proof::Refutes> {
        Some(&proof::ArmiesProof)
    }

    fn lists(&self, model: &Model, at_optimum: bool) -> bool {
        // A maximised model is listed at its optimum, where the size is
        // fixed; an exact size as it is (under a least size the boards
        // are of every size from it up: CaDiCaL lists those).
        Problem::of(model).is_ok_and(|p| match p.size {
            None => at_optimum,
            Some(_) => p.exact,
        })
    }

    fn every(
        &self,
        model: &Model,
        threads: usize,
        stop: &Stop,
        searched: &mut dyn FnMut(u64),
        keep: usize,
    ) -> Option<Every> {
        let problem = Problem::of(model).ok().filter(|p| p.exact)?;
        let size = problem.size?;
        let plan = Plan::new(&problem, false);
        let listed = list::every(&plan, &problem.maps, size, threads, stop, keep);
        searched(listed.nodes);
        let classes = listed
            .boards
            .iter()
            .map(|board| vars_of(&problem, board))
            .collect();
        let (vertices, maps) = vertex_maps(&problem);
        Some(Every {
            classes,
            symmetries: Symmetries::new(vertices, &maps),
            complete: listed.complete,
            overflowed: listed.overflowed,
            nodes: listed.nodes,
            describe: describe(&problem, &plan, threads),
        })
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
        solve(model, opts, report)
    }
}

/// Whether the armies search takes `model`: `Err` says why not and what
/// to use.
pub fn applies(model: &Model) -> Result<()> {
    read(model).map(|_| ())
}

fn read(model: &Model) -> Result<Problem> {
    Problem::of(model).map_err(|why| {
        Error::unsupported_with_help(
            format!("the armies search cannot take this model: {why}"),
            format!(
                "it takes two kinds of piece on a board of two dimensions, a rule that no piece of one attacks a piece of the other along lines (`rule white no_attack black` for queens, rooks or bishops, walls allowed), `count white == count black`, and `maximize count white` or a size (`count white >= m`, `count white == m`); use {} (the default) or {}",
                Setting::Engine.set_to("auto"),
                Setting::Engine.set_to("kissat")
            ),
        )
    })
}

/// The largest armies of `model`, or armies of the size it fixes, completed
/// into values of every variable.
fn solve(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    let setup = Setup::new(model, opts.no_symmetry)?;
    report.note(&describe(&setup.problem, &setup.plan, opts.threads()));
    let outcome = setup.search(Start::ROOT, opts);
    report.note(&format!("armies search: {} nodes", outcome.nodes));
    if setup.maximises() {
        if let Some(best) = &outcome.best {
            report.improved(i64::from(best.size));
        } else if outcome.complete {
            // No line colouring holds a piece of each army: the largest
            // armies are empty.
            report.improved(0);
            let values = complete(model, opts, &setup.problem, &[Vec::new(), Vec::new()])?;
            return Ok(Answer {
                status: Status::Optimal,
                values: Some(values),
                objective: Some(0),
            });
        }
    }
    setup.answer(model, opts, &outcome)
}

/// A model read for the armies search: once for the whole search, or for
/// all the leaves of a part of a split one ([`split`]).
pub struct Setup {
    problem: Problem,
    plan: Plan,
}

impl Setup {
    /// `model` read for the search (or why the armies search cannot take
    /// it), with its symmetries unless `no_symmetry`.
    pub fn new(model: &Model, no_symmetry: bool) -> Result<Setup> {
        let problem = read(model)?;
        let plan = Plan::new(&problem, no_symmetry);
        Ok(Setup { problem, plan })
    }

    /// Whether the armies' size is maximised (else fixed: a decision).
    pub fn maximises(&self) -> bool {
        self.problem.size.is_none()
    }

    /// The search below `start` for the model's goal: the largest armies,
    /// or the first armies of the size it fixes.
    fn search(&self, start: Start, opts: &SolveOptions) -> Outcome {
        let (threads, stop) = (opts.threads(), opts.stop());
        match self.problem.size {
            Some(size) => run::decide(&self.plan, start, size, threads, &stop),
            None => run::best(&self.plan, start, threads, &stop),
        }
    }

    /// The answer `outcome` gives: its armies completed into values of
    /// every variable of `model`, or none found (unsatisfiable when the
    /// search went through everything, else unknown).
    fn answer(&self, model: &Model, opts: &SolveOptions, outcome: &Outcome) -> Result<Answer> {
        let Some(colouring) = &outcome.best else {
            let status = if outcome.complete {
                Status::Unsatisfiable
            } else {
                Status::Unknown
            };
            return Ok(Answer {
                status,
                values: None,
                objective: None,
            });
        };
        let cells = search::armies(&self.plan, colouring);
        let values = complete(model, opts, &self.problem, &cells)?;
        let (status, objective) = match (self.maximises(), outcome.complete) {
            (false, _) => (Status::Satisfiable, None),
            (true, true) => (Status::Optimal, Some(i64::from(colouring.size))),
            (true, false) => (Status::Feasible, Some(i64::from(colouring.size))),
        };
        Ok(Answer {
            status,
            values: Some(values),
            objective,
        })
    }
}

/// The piece variables of `board` (the first army's cells, then the
/// second's), sorted.
fn vars_of(problem: &Problem, board: &[Vec<usize>; 2]) -> Vec<Var> {
    let mut vars: Vec<Var> = (0..2)
        .flat_map(|army| {
            board[army]
                .iter()
                .filter_map(move |&c| problem.var_at[army][c])
        })
        .collect();
    vars.sort_unstable();
    vars
}

/// The piece variables (the first army's live cells, then the second's)
/// and the board's symmetries with the swap of the armies as maps of
/// their indices, the identity left out.
fn vertex_maps(problem: &Problem) -> (Vec<Var>, Vec<Vec<usize>>) {
    let live: Vec<usize> = (0..problem.n_cells())
        .filter(|&c| problem.var_at[0][c].is_some())
        .collect();
    let mut index = vec![usize::MAX; problem.n_cells()];
    for (i, &c) in live.iter().enumerate() {
        index[c] = i;
    }
    let vertices: Vec<Var> = (0..2)
        .flat_map(|army| live.iter().filter_map(move |&c| problem.var_at[army][c]))
        .collect();
    let identity: Vec<usize> = (0..problem.n_cells()).collect();
    let mut maps = Vec::new();
    for map in std::iter::once(&identity).chain(&problem.maps) {
        for swap in [false, true] {
            if !swap && std::ptr::eq(map, &identity) {
                continue;
            }
            let mut vertex_map = Vec::with_capacity(2 * live.len());
            for army in 0..2 {
                let to = (army ^ usize::from(swap)) * live.len();
                vertex_map.extend(live.iter().map(|&c| to + index[map[c]]));
            }
            maps.push(vertex_map);
        }
    }
    (vertices, maps)
}

/// The values of every variable of `model` for the armies on `cells`: the
/// board itself first, then its images under the board's symmetries and
/// the swap of the armies, until one satisfies the whole model (under
/// `hint break_symmetry`, the least of the class does).
fn complete(
    model: &Model,
    opts: &SolveOptions,
    problem: &Problem,
    cells: &[Vec<usize>; 2],
) -> Result<Vec<bool>> {
    let identity: Vec<usize> = (0..problem.n_cells()).collect();
    let images = std::iter::once(&identity)
        .chain(&problem.maps)
        .flat_map(|map| [(map, false), (map, true)])
        .map(|(map, swap)| {
            let mut on: Vec<Var> = Vec::new();
            for (army, army_cells) in cells.iter().enumerate() {
                let kind = army ^ usize::from(swap);
                on.extend(
                    army_cells
                        .iter()
                        .filter_map(|&c| problem.var_at[kind][map[c]]),
                );
            }
            on.sort_unstable();
            on
        });
    let pieces: Vec<Var> = problem.var_at.iter().flatten().flatten().copied().collect();
    super::complete_board(model, &opts.encodings, &pieces, images, "the armies search")
}

/// What is searched, for a note: `armies search: 10 x 10, 58 lines
/// coloured and 19 by a knapsack, 16 symmetries, 2 threads`.
fn describe(problem: &Problem, plan: &Plan, threads: usize) -> String {
    let knapsack = problem.families.last().map_or(0, |f| f.len());
    format!(
        "armies search: {} x {}, {} coloured and {} by a knapsack, {}, {}",
        problem.rows,
        problem.width,
        plural(plan.n_lines() as u64, "line", "lines"),
        knapsack,
        plural(plan.group_order() as u64, "symmetry", "symmetries"),
        plural(threads as u64, "thread", "threads")
    )
}
