//! The clique engine (`--engine clique`): for models that ask for the most
//! pieces (or at least `m`) no two of which attack — every `rule no_attack`
//! model, any piece, walls and fixed or forbidden cells — a branch and
//! bound over the conflict graph instead of a SAT solver ([`search`]),
//! with the board's symmetries pruning every node ([`symmetry`]). Where
//! CDCL has to rediscover that a line holds one piece, the colouring bound
//! starts from it: "no 22 queens on 6^3" takes 0.4 s here against 15 s
//! with Kissat.
//!
//! The model is read as a [`problem::Problem`] (or refused with the
//! reason); the set found is completed into values of every variable of
//! the model by CaDiCaL, so the answer satisfies the whole model, hints
//! included (under `hint break_symmetry` the set's image that is the least
//! of its class).

pub mod bound;
pub mod graph;
pub mod local;
pub mod maxsat;
pub mod parallel;
pub mod problem;
pub mod search;
pub mod shared;
pub mod symmetry;
pub mod task;

use super::interface::{Answer, Report, SolveOptions, Status};
use super::oracle::Stop;
use crate::answer::objective::objective_value;
use crate::error::{Error, Result};
use crate::model::{Lit, Model};
use graph::{clear, full, has, restrict, Graph};
use problem::{Problem, Refusal};
use shared::{Outcome, Shared};
use task::{End, Task};

/// Solves `model` with the clique engine, reporting every better count.
pub fn solve(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    let problem = read(model)?;
    // The board's symmetries: for pruning (unless switched off), and for
    // the image of the set `hint break_symmetry` keeps.
    let maps = symmetry::automorphisms(model, &problem);
    let kept: &[Vec<usize>] = if opts.no_symmetry { &[] } else { &maps };
    let n = problem.vertices.len();
    let pruning = match opts.no_symmetry {
        false => format!(
            "{} symmetries of the board kept by the model",
            maps.len() + 1
        ),
        true => "no symmetry pruning (--no-symmetry)".to_string(),
    };
    let threads = opts.threads();
    report.note(&format!(
        "clique search: {n} cells, {} conflicting pairs, {pruning}, {threads} thread{}",
        problem.conflicts.iter().map(Vec::len).sum::<usize>() / 2,
        if threads == 1 { "" } else { "s" }
    ));
    let (graph, order) = Graph::new(n, &problem.conflicts, kept);
    let mut position = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i as u32;
    }
    let stop = opts.stop();
    let start = warm_start(&problem, &graph, &position, &opts.start);
    if !opts.start.is_empty() && start.is_none() {
        report.note("clique search: the warm start is not a solution; searching from scratch");
    }
    let Outcome {
        end,
        set: found,
        nodes,
        handed,
    } = match Root::of(&problem, &graph, &position) {
        Some(root) => search(&problem, &graph, root, start, &stop, threads, report),
        None => Outcome::nothing(End::Exhausted, None),
    };
    match threads {
        1 => report.note(&format!("clique search: {nodes} nodes")),
        _ => report.note(&format!(
            "clique search: {nodes} nodes, {handed} branches handed between threads"
        )),
    }
    let status = match (end, &found, problem.maximise) {
        (End::Stopped, None, _) => Status::Unknown,
        (End::Stopped, Some(_), true) => Status::Feasible,
        (End::Stopped, Some(_), false) => Status::Satisfiable,
        (_, None, _) => Status::Unsatisfiable,
        (_, Some(_), true) => Status::Optimal,
        (_, Some(_), false) => Status::Satisfiable,
    };
    let values = match &found {
        Some(set) => {
            let chosen: Vec<usize> = set.iter().map(|&i| order[i as usize]).collect();
            Some(complete(model, opts, &problem, &chosen, &maps)?)
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

/// Whether the engine takes `model`: `Err` says why not and what to use.
pub fn applies(model: &Model) -> Result<()> {
    read(model).map(|_| ())
}

fn read(model: &Model) -> Result<Problem> {
    Problem::of(model).map_err(|why| {
        let message = format!("the clique engine cannot take this model: {why}");
        let help = "it solves `rule no_attack` models with `maximize count` or `count >= m` (fixed and forbidden cells, walls and implied hints allowed); use --engine kissat (the default)";
        match why {
            Refusal::TooLarge { .. } => Error::too_large(message, help),
            _ => Error::unsupported_with_help(message, help),
        }
    })
}

/// Runs the search from `root` on `threads` threads: how it ended. Each
/// better count is reported.
fn search(
    problem: &Problem,
    graph: &Graph,
    root: Root,
    start: Option<Vec<u32>>,
    stop: &Stop,
    threads: usize,
    report: &mut dyn Report,
) -> Outcome {
    let n = problem.vertices.len();
    let at_most = problem.at_most.unwrap_or(n).min(n);
    if root.chosen.len() > at_most {
        return Outcome::nothing(End::Exhausted, None);
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
        if problem.maximise {
            report.improved(best as i64);
        }
        return Outcome::nothing(End::Reached, found);
    }
    let shared = Shared::new(stop, best, found, goal, !problem.maximise, threads);
    let task = Task {
        path: Vec::new(),
        chosen: root.chosen,
        candidates: root.candidates,
        group: root.group,
        labels: None,
    };
    let mut improved = false;
    parallel::run(graph, &shared, task, true, &mut |size| {
        if problem.maximise {
            report.improved(size as i64);
            improved = true;
        }
    });
    let outcome = shared.outcome();
    if let (Some(set), true, false) = (&outcome.set, problem.maximise, improved) {
        report.improved(set.len() as i64);
    }
    outcome
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
struct Root {
    chosen: Vec<u32>,
    candidates: Vec<u64>,
    group: Vec<u32>,
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
        if let Some(values) = super::complete_start(model, &opts.encodings, &start)? {
            return Ok(values);
        }
    }
    Err(Error::internal(
        "the clique engine's set of pieces does not extend to a solution of the model (please report this)",
    ))
}
