//! A model ready for the clique search ([`Setup`]): the problem read, the
//! board's symmetries, the graph in search order; the root, where the
//! search starts, the search on threads, and the answer it makes.

use super::super::cover::clique_cover;
use super::super::interface::{Answer, Report, SolveOptions, Status};
use super::super::oracle::Stop;
use super::climb::climb;
use super::graph::{clear, full, has, restrict, Graph};
use super::parallel;
use super::problem::Problem;
use super::search::Search;
use super::shared::{Outcome, Shared};
use super::symmetry;
use super::task::{End, Initial, Task};
use crate::answer::objective::objective_value;
use crate::diag::plural;
use crate::error::{Error, Result};
use crate::model::{Lit, Model};
use std::sync::atomic::Ordering;

/// A model read for the clique search.
pub struct Setup {
    /// The problem.
    pub problem: Problem,
    /// Every symmetry of the board the model keeps (for the image of the
    /// set `hint break_symmetry` keeps), the identity left out.
    pub maps: Vec<Vec<usize>>,
    /// The graph in search order, with the symmetries that prune.
    pub graph: Graph,
    /// The problem's vertex at each search position, and back.
    pub order: Vec<usize>,
    /// Each problem vertex's search position.
    pub position: Vec<u32>,
    /// A bound on the count from the model's own exclusive groups (its
    /// lines, and the cliques of implied hints: `hint cliques cube` on
    /// 4^4 gives 16 groups, so no 17 at once).
    pub cover: usize,
    no_symmetry: bool,
}

impl Setup {
    /// The model read, with its symmetries and its graph (pruning with
    /// the symmetries unless `no_symmetry`).
    pub fn new(model: &Model, no_symmetry: bool) -> Result<Setup> {
        let problem = super::read(model)?;
        let maps = symmetry::automorphisms(model, &problem);
        let kept: &[Vec<usize>] = if no_symmetry { &[] } else { &maps };
        let n = problem.vertices.len();
        let (graph, order) = Graph::new(n, &problem.conflicts, kept);
        let mut position = vec![0u32; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i as u32;
        }
        let counted: Vec<Lit> = problem.vertices.iter().map(|v| v.positive()).collect();
        let cover = clique_cover(model, &counted).len();
        Ok(Setup {
            problem,
            maps,
            graph,
            order,
            position,
            cover,
            no_symmetry,
        })
    }

    /// What the search works on, for a note: `343 cells, 8673 conflicting
    /// pairs, 48 symmetries of the board kept by the model, 2 threads`.
    pub fn describe(&self, threads: usize) -> String {
        let pruning = match self.no_symmetry {
            false => format!(
                "{} of the board kept by the model",
                plural(self.maps.len() as u64 + 1, "symmetry", "symmetries")
            ),
            true => "no symmetry pruning (--no-symmetry)".to_string(),
        };
        format!(
            "clique search: {} cells, {} conflicting pairs, {pruning}, {}",
            self.problem.vertices.len(),
            self.pairs(),
            plural(threads as u64, "thread", "threads")
        )
    }

    /// The conflicting pairs.
    pub fn pairs(&self) -> usize {
        self.problem.conflicts.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// The symmetries pruning the search (the identity counted).
    pub fn symmetries(&self) -> usize {
        self.graph.n_maps() + 1
    }

    /// The root, unless the fixed vertices conflict or one is excluded.
    pub fn root(&self) -> Option<Root> {
        Root::of(&self.problem, &self.graph, &self.position)
    }

    /// Where the search starts, below `root`: the size a set must exceed,
    /// the set known (the fixed pieces when nothing more is asked, or the
    /// warm start `start`), and the size that ends it; `None` when the
    /// known set ends it already (or the fixed pieces are too many).
    pub fn initial(
        &self,
        root: &Root,
        start: Option<Vec<u32>>,
    ) -> std::result::Result<Initial, Outcome> {
        let problem = &self.problem;
        let n = problem.vertices.len();
        let at_most = problem.at_most.unwrap_or(n).min(n).min(self.cover);
        if root.chosen.len() > at_most || problem.at_least > at_most {
            return Err(Outcome::nothing(End::Exhausted, None));
        }
        // With no lower bound the fixed pieces alone are a solution; a warm
        // start that is one and larger comes first.
        let (mut best, mut found) = match problem.at_least {
            0 => (root.chosen.len(), Some(root.chosen.clone())),
            m => (m - 1, None),
        };
        if let Some(start) = start.filter(|s| s.len() > best || found.is_none()) {
            best = start.len();
            found = Some(start);
        }
        let goal = if problem.maximise {
            at_most
        } else {
            problem.at_least.max(root.chosen.len())
        };
        if found.is_some() && best >= goal {
            return Err(Outcome::nothing(End::Reached, found));
        }
        Ok(Initial { best, found, goal })
    }

    /// Searches `tasks` (below `root`, in the order of the search) on
    /// `threads` threads from the warm start `start`: how it ended. Each
    /// better count is reported.
    pub fn search(
        &self,
        tasks: Vec<Task>,
        root: &Root,
        start: Option<Vec<u32>>,
        stop: &Stop,
        threads: usize,
        report: &mut dyn Report,
    ) -> Outcome {
        let maximise = self.problem.maximise;
        let initial = match self.initial(root, start) {
            Ok(initial) => initial,
            Err(outcome) => {
                if let (Some(set), true) = (&outcome.set, maximise) {
                    report.improved(set.len() as i64);
                }
                return outcome;
            }
        };
        if maximise {
            let report = std::cell::RefCell::new(report);
            let mut decide = |best: usize, before: u64| {
                let shared = Shared::new(stop, best, None, best + 1, true, threads);
                let mut searched = |nodes| report.borrow_mut().searched(before + nodes);
                parallel::run(&self.graph, &shared, tasks.clone(), true, &mut searched);
                Some(shared.outcome())
            };
            let mut improved = |size: usize| report.borrow_mut().improved(size as i64);
            let outcome = climb(&self.graph, &tasks, initial, &mut decide, &mut improved);
            return outcome.expect("a decision on threads never gives up");
        }
        let Initial { best, found, goal } = initial;
        let shared = Shared::new(stop, best, found, goal, true, threads);
        parallel::run(&self.graph, &shared, tasks, true, &mut |nodes| {
            report.searched(nodes)
        });
        shared.outcome()
    }

    /// The search on one thread, given at most `limit` nodes: how it
    /// ended when it finished within them (the same on every machine and
    /// every run), `None` when it did not.
    pub fn search_within(&self, root: &Root, limit: u64, stop: &Stop) -> Option<Outcome> {
        let initial = match self.initial(root, None) {
            Ok(initial) => initial,
            Err(outcome) => return Some(outcome),
        };
        let once = |best: usize, found: Option<Vec<u32>>, goal: usize, before: u64| {
            let shared = Shared::new(stop, best, found, goal, true, 1);
            let mut search = Search::new(&self.graph, &shared);
            search.set_limit(Some(limit.saturating_sub(before)));
            if search.run(root.task()) == End::Stopped {
                return None;
            }
            shared.nodes.fetch_add(search.nodes(), Ordering::Relaxed);
            Some(shared.outcome())
        };
        if !self.problem.maximise {
            return once(initial.best, initial.found, initial.goal, 0);
        }
        let tasks = [root.task()];
        let mut decide = |best: usize, before: u64| once(best, None, best + 1, before);
        let mut improved = |_| {};
        climb(&self.graph, &tasks, initial, &mut decide, &mut improved)
    }

    /// The answer for `model` from `outcome`: the status, and the set
    /// completed into values of every variable.
    pub fn answer(&self, model: &Model, opts: &SolveOptions, outcome: Outcome) -> Result<Answer> {
        let found = outcome.set;
        let status = match (outcome.end, &found, self.problem.maximise) {
            (End::Stopped, None, _) => Status::Unknown,
            (End::Stopped, Some(_), true) => Status::Feasible,
            (End::Stopped, Some(_), false) => Status::Satisfiable,
            (_, None, _) => Status::Unsatisfiable,
            (_, Some(_), true) => Status::Optimal,
            (_, Some(_), false) => Status::Satisfiable,
        };
        let values = match &found {
            Some(set) => {
                let chosen: Vec<usize> = set.iter().map(|&i| self.order[i as usize]).collect();
                Some(complete(model, opts, &self.problem, &chosen, &self.maps)?)
            }
            None => None,
        };
        let objective = model
            .objective
            .as_ref()
            .zip(values.as_ref())
            .map(|(o, v)| objective_value(o, v) as i64);
        Ok(Answer {
            status,
            values,
            objective,
        })
    }

    /// The warm start as a set of vertices (search order), when it is a
    /// solution ([`warm_start`]).
    pub fn warm_start(&self, start: &[Lit]) -> Option<Vec<u32>> {
        warm_start(&self.problem, &self.graph, &self.position, start)
    }
}

/// The cells of the warm start `start` as a set of vertices (search
/// order), when it is a solution: the fixed vertices in it, no excluded
/// one, no two in conflict, and a count within the bounds.
fn warm_start(
    problem: &Problem,
    graph: &Graph,
    position: &[u32],
    start: &[Lit],
) -> Option<Vec<u32>> {
    if start.is_empty() {
        return None;
    }
    let vertex: std::collections::HashMap<_, _> = problem
        .vertices
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i))
        .collect();
    let set: Vec<usize> = start
        .iter()
        .filter(|l| !l.is_neg())
        .filter_map(|l| vertex.get(&l.var()).copied())
        .collect();
    let fits = problem.required.iter().all(|v| set.contains(v))
        && !problem.excluded.iter().any(|v| set.contains(v))
        && (problem.at_least..=problem.at_most.unwrap_or(usize::MAX)).contains(&set.len());
    let set: Vec<u32> = set.iter().map(|&v| position[v]).collect();
    let compatible = set
        .iter()
        .enumerate()
        .all(|(i, &a)| set[i + 1..].iter().all(|&b| graph.compatible(a, b)));
    (fits && compatible).then_some(set)
}

/// The root of the search: the fixed vertices chosen, the candidates
/// compatible with them, and the symmetries that fix each of them.
pub struct Root {
    /// The fixed vertices.
    pub chosen: Vec<u32>,
    /// The vertices compatible with them, not excluded.
    pub candidates: Vec<u64>,
    /// The symmetries that fix each of them.
    pub group: Vec<u32>,
}

impl Root {
    /// `None` when the fixed vertices conflict or one is excluded.
    fn of(problem: &Problem, graph: &Graph, position: &[u32]) -> Option<Root> {
        let chosen: Vec<u32> = problem.required.iter().map(|&v| position[v]).collect();
        let mut candidates = full(position.len());
        for &v in &chosen {
            if !has(&candidates, v) {
                return None;
            }
            restrict(graph, &mut candidates, v);
        }
        for &v in &problem.excluded {
            if problem.required.binary_search(&v).is_ok() {
                return None;
            }
            clear(&mut candidates, position[v]);
        }
        let group = (0..graph.n_maps() as u32)
            .filter(|&g| chosen.iter().all(|&v| graph.image(g, v) == v))
            .collect();
        Some(Root {
            chosen,
            candidates,
            group,
        })
    }

    /// The root as the one task of a search.
    pub fn task(&self) -> Task {
        Task {
            path: Vec::new(),
            chosen: self.chosen.clone(),
            candidates: self.candidates.clone(),
            group: self.group.clone(),
            labels: None,
        }
    }
}

/// The values of every variable of `model` in a solution whose counted
/// pieces are `chosen` (vertices), or one of its images under `maps`
/// (`hint break_symmetry` keeps only the least of each class), completed
/// by CaDiCaL.
fn complete(
    model: &Model,
    opts: &SolveOptions,
    problem: &Problem,
    chosen: &[usize],
    maps: &[Vec<usize>],
) -> Result<Vec<bool>> {
    let identity: Vec<usize> = (0..problem.vertices.len()).collect();
    let mut images: Vec<Vec<bool>> = std::iter::once(&identity)
        .chain(maps)
        .map(|map| {
            let mut on = vec![false; problem.vertices.len()];
            for &v in chosen {
                on[map[v]] = true;
            }
            on
        })
        .collect();
    // The least first: the one `hint break_symmetry` keeps (its order is
    // the cells', as the vertices', with false before true).
    images.sort();
    images.dedup();
    for on in images {
        let start: Vec<Lit> = problem
            .vertices
            .iter()
            .zip(&on)
            .map(|(&var, &on)| if on { var.positive() } else { var.negative() })
            .collect();
        if let Some(values) = super::super::complete_start(model, &opts.encodings, &start)? {
            return Ok(values);
        }
    }
    Err(Error::internal(
        "the clique engine's set of pieces does not extend to a solution of the model (please report this)",
    ))
}
