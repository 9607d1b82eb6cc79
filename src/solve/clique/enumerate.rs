//! Every solution by the clique search (`qspec count`, `solve --all`): for
//! a model that asks for a count in a range (`count == m`, `count >= m`,
//! either with a cap) rather than the most, the search of [`super::search`]
//! collects every set of a size in the range — at least one member of each
//! class under the board's symmetries — and each class is spread back into
//! its members here. The caller verifies and counts them.

use super::parallel;
use super::problem::Problem;
use super::setup::Setup;
use super::shared::Shared;
use crate::model::{Model, Var};
use crate::solve::Stop;

/// The solutions the clique search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Every {
    /// Each solution as its counted variables (sorted), in an order the
    /// same on every run and any number of threads.
    pub solutions: Vec<Vec<Var>>,
    /// The classes they fall into under the symmetries the search pruned
    /// with.
    pub classes: usize,
    /// Whether every solution was found (else a stop came first).
    pub complete: bool,
    /// Nodes searched, on all threads.
    pub nodes: u64,
    /// What was searched, for a note (`clique search: 343 cells, ...`).
    pub describe: String,
}

/// The most solutions listed at once (the members of the classes found):
/// some hundreds of MB.
pub const MEMBER_LIMIT: usize = 4_000_000;

/// Every solution of `model` by the clique search on `threads` threads,
/// until `stop`, telling `searched` the nodes so far a few times a second;
/// each a set of the model's decision variables. `None` when the model is
/// not one it lists ([`lists`]), or when it finds more than
/// [`COLLECT_LIMIT`](super::shared::COLLECT_LIMIT) classes or
/// [`MEMBER_LIMIT`] solutions (the caller lists them one at a time with
/// CaDiCaL instead).
pub fn every(
    model: &Model,
    threads: usize,
    stop: &Stop,
    searched: &mut dyn FnMut(u64),
) -> Option<Every> {
    let setup = Setup::new(model, false).ok()?;
    if !on_the_board(model, &setup.problem) {
        return None;
    }
    let (least, most) = sizes(&setup)?;
    let threads = threads.max(1);
    let mut every = Every {
        solutions: Vec::new(),
        classes: 0,
        complete: true,
        nodes: 0,
        describe: setup.describe(threads),
    };
    let Some(root) = setup.root().filter(|_| least <= most) else {
        return Some(every);
    };
    let shared = Shared::collecting(stop, least..=most, threads);
    parallel::run(
        &setup.graph,
        &shared,
        vec![root.task()],
        true,
        &mut |_| {},
        searched,
    );
    let found = shared.into_collected();
    if found.overflowed {
        return None;
    }
    for class in &found.classes {
        every.solutions.extend(members(&setup, class));
        if every.solutions.len() > MEMBER_LIMIT {
            return None;
        }
    }
    every.solutions.sort_unstable();
    every.classes = found.classes.len();
    every.complete = found.complete;
    every.nodes = found.nodes;
    Some(every)
}

/// Whether [`every`] lists the solutions of `model` — at its optimum when
/// `at_optimum` (the count then fixed at it): a model the clique search
/// takes, whose count is bounded from below or is maximised and fixed.
pub fn lists(model: &Model, at_optimum: bool) -> bool {
    match Problem::of(model) {
        Ok(problem) if !on_the_board(model, &problem) => false,
        Ok(problem) if problem.maximise => at_optimum,
        Ok(problem) => problem.at_least >= 1,
        Err(_) => false,
    }
}

/// Whether every counted variable decides the board (is one of the
/// model's decision variables), so that a set of them is a board.
fn on_the_board(model: &Model, problem: &Problem) -> bool {
    let decisions = model.n_decisions() as usize;
    problem.vertices.iter().all(|v| v.index() < decisions)
}

/// The sizes of the sets wanted, the least and the most: from the count's
/// least (at least 1) to its most (the vertices, the model's own cover);
/// `None` when the count is maximised or has no least.
fn sizes(setup: &Setup) -> Option<(usize, usize)> {
    let problem = &setup.problem;
    if problem.maximise || problem.at_least == 0 {
        return None;
    }
    let n = problem.vertices.len();
    let most = problem.at_most.unwrap_or(n).min(n).min(setup.cover);
    Some((problem.at_least, most))
}

/// The members of a class (given by one of them, in search positions):
/// its distinct images under the search's symmetries, as counted
/// variables.
fn members(setup: &Setup, class: &[u32]) -> Vec<Vec<Var>> {
    let graph = &setup.graph;
    let to_vars = |positions: &mut dyn Iterator<Item = u32>| -> Vec<Var> {
        let mut vars: Vec<Var> = positions
            .map(|p| setup.problem.vertices[setup.order[p as usize]])
            .collect();
        vars.sort_unstable();
        vars
    };
    let mut images: Vec<Vec<Var>> = std::iter::once(to_vars(&mut class.iter().copied()))
        .chain(
            (0..graph.n_maps() as u32)
                .map(|g| to_vars(&mut class.iter().map(|&v| graph.image(g, v)))),
        )
        .collect();
    images.sort_unstable();
    images.dedup();
    images
}
