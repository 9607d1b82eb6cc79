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
use crate::solve::Stop;

/// The solutions the clique search found, one member of each class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Every {
    /// One member of each class under [`Every::symmetries`], as its
    /// counted variables (sorted); the classes sorted, so the same on every
    /// run and any number of threads.
    pub classes: Vec<Vec<Var>>,
    /// The symmetries the search pruned with: each class is the images of
    /// its member under them.
    pub symmetries: Symmetries,
    /// Whether every class was found (else a stop came first, or the
    /// search found more classes than it keeps).
    pub complete: bool,
    /// Whether the search stopped at the most classes it keeps (the
    /// `keep` of [`every`]).
    pub overflowed: bool,
    /// Nodes searched, on all threads.
    pub nodes: u64,
    /// What was searched, for a note (`clique search: 343 cells, ...`).
    pub describe: String,
}

/// The symmetries of a clique search as maps of its counted variables
/// (the identity left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetries {
    /// The counted variables, by vertex.
    vertices: Vec<Var>,
    /// `vertex[v.index()]`: the vertex of variable `v` (`u32::MAX`: none).
    vertex: Vec<u32>,
    /// `maps[g][i]`: the vertex symmetry `g` sends vertex `i` to.
    maps: Vec<Vec<u32>>,
}

impl Symmetries {
    /// The search's symmetries: `maps` on the vertices of `problem`.
    fn of(problem: &Problem, maps: &[Vec<usize>]) -> Symmetries {
        let vertices = problem.vertices.clone();
        let size = vertices.iter().map(|v| v.index() + 1).max().unwrap_or(0);
        let mut vertex = vec![u32::MAX; size];
        for (i, v) in vertices.iter().enumerate() {
            vertex[v.index()] = i as u32;
        }
        let maps = maps
            .iter()
            .map(|m| m.iter().map(|&w| w as u32).collect())
            .collect();
        Symmetries {
            vertices,
            vertex,
            maps,
        }
    }

    /// The counted variables, by vertex.
    pub fn vertices(&self) -> &[Var] {
        &self.vertices
    }

    /// How many there are, the identity counted.
    pub fn order(&self) -> usize {
        self.maps.len() + 1
    }

    /// Symmetry `g` (`0..order() - 1`, the identity left out) as the
    /// pairs of a counted variable and its image.
    pub fn pairs(&self, g: usize) -> impl Iterator<Item = (Var, Var)> + '_ {
        self.maps[g]
            .iter()
            .enumerate()
            .map(|(i, &w)| (self.vertices[i], self.vertices[w as usize]))
    }

    /// The image of `set` (counted variables) under symmetry `g`, sorted.
    fn image(&self, g: usize, set: &[Var]) -> Vec<Var> {
        let map = &self.maps[g];
        let mut image: Vec<Var> = set
            .iter()
            .map(|v| self.vertices[map[self.vertex[v.index()] as usize] as usize])
            .collect();
        image.sort_unstable();
        image
    }

    /// The members of the class of `set` (counted variables, sorted): its
    /// distinct images, sorted.
    pub fn members(&self, set: &[Var]) -> Vec<Vec<Var>> {
        let mut members: Vec<Vec<Var>> = std::iter::once(set.to_vec())
            .chain((0..self.maps.len()).map(|g| self.image(g, set)))
            .collect();
        members.sort_unstable();
        members.dedup();
        members
    }
}

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
        symmetries: Symmetries::of(&setup.problem, &setup.maps),
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
