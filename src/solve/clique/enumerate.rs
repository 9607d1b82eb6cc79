//! Every solution by the clique search (`qspec count`, `solve --all`): for
//! a model that asks for a count in a range (`count == m`, `count >= m`,
//! either with a cap) rather than the most, the search of [`super::search`]
//! collects every set of a size in the range, one member of each class
//! under the board's symmetries the model keeps. The classes come back
//! with those symmetries ([`Symmetries`]), so the caller spreads a class
//! into its members only when it wants them, one class at a time, and
//! counts classes without spreading at all.

use super::parallel;
use super::problem::Problem;
use super::setup::Setup;
use super::shared::Shared;
use crate::model::{Model, Var};
use crate::solve::every::{Every, Symmetries};
use crate::solve::Stop;

/// Every solution of `model` by the clique search on `threads` threads,
/// until `stop`, telling `searched` the nodes so far a few times a second;
/// each class a set of the model's decision variables. `None` when the
/// model is not one it lists ([`lists`]). Past `keep` classes
/// ([`COLLECT_LIMIT`](super::shared::COLLECT_LIMIT) for a count) the
/// search stops ([`Every::overflowed`]).
pub fn every(
    model: &Model,
    threads: usize,
    stop: &Stop,
    searched: &mut dyn FnMut(u64),
    keep: usize,
) -> Option<Every> {
    let setup = Setup::new(model, false).ok()?;
    if !on_the_board(model, &setup.problem) {
        return None;
    }
    let (least, most) = sizes(&setup)?;
    let threads = threads.max(1);
    let mut every = Every {
        classes: Vec::new(),
        symmetries: Symmetries::new(setup.problem.vertices.clone(), &setup.maps),
        complete: true,
        overflowed: false,
        nodes: 0,
        describe: setup.describe(threads),
    };
    let Some(root) = setup.root().filter(|_| least <= most) else {
        return Some(every);
    };
    let shared = Shared::collecting(stop, least..=most, threads, keep);
    parallel::run(&setup.graph, &shared, vec![root.task()], true, searched);
    let found = shared.into_collected();
    every.classes = found
        .classes
        .iter()
        .map(|class| as_vars(&setup, class))
        .collect();
    every.classes.sort_unstable();
    every.complete = found.complete;
    every.overflowed = found.overflowed;
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

/// A set in search positions as its counted variables, sorted.
fn as_vars(setup: &Setup, set: &[u32]) -> Vec<Var> {
    let mut vars: Vec<Var> = set
        .iter()
        .map(|&p| setup.problem.vertices[setup.order[p as usize]])
        .collect();
    vars.sort_unstable();
    vars
}
