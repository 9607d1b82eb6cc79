//! One clique search cut into independent parts ([`plan`]), each searched
//! on its own ([`solve_node`]), anywhere: `qspec solve MODEL --split K`
//! writes them as the tasks of a sweep.
//!
//! The cut follows the search on one thread: a node is replaced by its
//! children in the search's order, each branch with the vertices branched
//! on before it out of its candidates, and with the images of those under
//! the node's symmetries (the search drops them when it takes a branch —
//! the branch taken covers them). The leaves are disjoint, and together
//! they hold an image of every set the search would look at, so the best
//! of the leaves is the best of the search, and "none" in every leaf is
//! "none" for the instance. Each node is expanded with the bound the
//! search starts with (`count >= m`: `m - 1`), never with one found later:
//! a leaf is searched as the search on one thread would search it with no
//! better set yet known.
//!
//! The leaves are sized up by a probe of [`PROBE`] nodes each: a leaf the
//! probe finishes is small (its nodes known); the others are estimated by
//! Knuth's random dives ([`DIVES`] of them: each walks down one random
//! branch at a time and adds up the product of the branching numbers met,
//! an unbiased estimate of the tree's nodes, since a refutation's tree is
//! fixed by the bound it starts with), and the largest is cut again, until
//! there are enough leaves and none holds a large share of the estimated
//! work. The leaves are then dealt out in order into `K` parts of about
//! equal estimates. The dives are seeded by the leaf's path, so a plan is
//! the same on every run and every number of threads.

use super::bound::Bound;
use super::graph::{clear, has};
use super::search::Search;
use super::setup::Setup;
use super::shared::Shared;
use super::task::{child_candidates, child_group, End, Task};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::random::Random;
use crate::solve::interface::{Answer, SolveOptions};
use crate::solve::oracle::Stop;
use crate::threads::{side_by_side, Job};

/// Nodes a probe searches to size up a leaf.
pub const PROBE: u64 = 2_000;

/// The stack of a probing thread (a thread's default).
const PROBE_STACK: usize = 2 << 20;

/// Random dives that size up a leaf its probe does not finish.
pub const DIVES: u32 = 64;

/// The most leaves a plan makes per part.
const LEAVES_PER_PART: usize = 16;

/// A leaf of the plan in the problem's terms: the vertices chosen and the
/// candidates (bits over the vertices, in the order the model counts
/// them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The vertices chosen.
    pub chosen: Vec<usize>,
    /// The candidates.
    pub candidates: Vec<u64>,
}

/// What a plan was made for: the problem's size and symmetries, checked
/// before a part is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// Vertices (cells).
    pub cells: usize,
    /// Conflicting pairs.
    pub pairs: usize,
    /// Symmetries pruning the search (the identity counted).
    pub symmetries: usize,
}

/// A search cut into parts.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The leaves, in the search's order.
    pub nodes: Vec<Node>,
    /// The estimated nodes of each leaf (exact when its probe finished).
    pub estimates: Vec<u64>,
    /// Each part's leaves, in order.
    pub parts: Vec<std::ops::Range<usize>>,
    /// What it was made for.
    pub fingerprint: Fingerprint,
    /// Nodes a second one thread searched in the probes that ran their
    /// 2,000 nodes (none when every probe finished sooner).
    pub rate: Option<f64>,
}

/// A leaf and its size.
struct Leaf {
    task: Task,
    estimate: f64,
    exact: bool,
}

/// Cuts the search of `model` into `parts` parts (fewer only when the
/// whole search has fewer leaves), probing on `threads` threads.
pub fn plan(model: &Model, no_symmetry: bool, parts: usize, threads: usize) -> Result<Plan> {
    let setup = Setup::new(model, no_symmetry)?;
    let fingerprint = fingerprint(&setup);
    let parts = parts.max(1);
    let Some(root) = setup.root() else {
        // The fixed pieces conflict: one part, which finds that out.
        return Ok(one_node(&setup, fingerprint, Vec::new()));
    };
    let Ok(initial) = setup.initial(&root, None) else {
        return Ok(one_node(&setup, fingerprint, root.chosen.clone()));
    };
    let never = Stop::new(None);
    let deciding = !setup.problem.maximise;
    let timed = Timed::default();
    let probe = |task: &Task| -> (f64, bool) {
        let shared = Shared::new(&never, initial.best, None, initial.goal, deciding, 1);
        let mut probe = Search::new(&setup.graph, &shared);
        probe.set_limit(Some(PROBE));
        let started = std::time::Instant::now();
        match probe.run(task.clone()) {
            End::Stopped => {
                timed.add(probe.nodes(), started.elapsed());
                (dives(&setup, task, initial.best, DIVES), false)
            }
            _ => ((probe.nodes() as f64).max(1.0), true),
        }
    };
    let mut bound = Bound::new(&setup.graph);
    let first = root.task();
    let (estimate, exact) = probe(&first);
    let mut leaves = vec![Leaf {
        task: first,
        estimate,
        exact,
    }];
    while leaves.len() < parts * LEAVES_PER_PART {
        let total: f64 = leaves.iter().map(|l| l.estimate).sum();
        // The largest leaf still worth cutting: one not finished by its
        // probe, or any while there are fewer leaves than parts.
        let Some(i) = (0..leaves.len())
            .filter(|&i| !leaves[i].exact || leaves.len() < parts)
            .filter(|&i| has_branches(&leaves[i].task))
            .max_by(|&a, &b| leaves[a].estimate.total_cmp(&leaves[b].estimate))
        else {
            break;
        };
        if leaves.len() >= parts && leaves[i].estimate * 2.0 * parts as f64 <= total {
            break;
        }
        let children = children(&setup, &mut bound, &leaves[i].task, initial.best);
        let sizes = in_parallel(&children, threads, &probe);
        let sized: Vec<Leaf> = children
            .into_iter()
            .zip(sizes)
            .map(|(task, (estimate, exact))| Leaf {
                task,
                estimate,
                exact,
            })
            .collect();
        leaves.splice(i..=i, sized);
        if leaves.is_empty() {
            // The root's bound prunes it: one part, which finds that out.
            return Ok(one_node(&setup, fingerprint, root.chosen.clone()));
        }
    }
    let estimates: Vec<u64> = leaves.iter().map(|l| l.estimate.ceil() as u64).collect();
    let nodes = leaves
        .iter()
        .map(|l| problem_node(&setup, &l.task))
        .collect();
    Ok(Plan {
        parts: deal(&estimates, parts),
        nodes,
        estimates,
        fingerprint,
        rate: timed.rate(),
    })
}

/// The nodes and time of the probes that ran their whole 2,000 nodes.
#[derive(Default)]
struct Timed {
    nodes: std::sync::atomic::AtomicU64,
    nanos: std::sync::atomic::AtomicU64,
}

impl Timed {
    fn add(&self, nodes: u64, took: std::time::Duration) {
        use std::sync::atomic::Ordering::Relaxed;
        self.nodes.fetch_add(nodes, Relaxed);
        let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(nanos, Relaxed);
    }

    /// Nodes a second, where the probes took measurable time.
    fn rate(&self) -> Option<f64> {
        use std::sync::atomic::Ordering::Relaxed;
        let (nodes, nanos) = (self.nodes.load(Relaxed), self.nanos.load(Relaxed));
        (nanos >= 1_000_000).then(|| nodes as f64 / (nanos as f64 / 1e9))
    }
}

/// `probe` of each of `tasks`, on up to `threads` threads.
fn in_parallel(
    tasks: &[Task],
    threads: usize,
    probe: &(dyn Fn(&Task) -> (f64, bool) + Sync),
) -> Vec<(f64, bool)> {
    let chunk = tasks.len().div_ceil(threads.max(1)).max(1);
    let jobs = tasks
        .chunks(chunk)
        .enumerate()
        .map(|(i, chunk)| {
            Job::new(format!("probe-{i}"), move || {
                chunk.iter().map(probe).collect::<Vec<_>>()
            })
        })
        .collect();
    let ((), probed) = side_by_side(PROBE_STACK, jobs, || ());
    probed.into_iter().flatten().collect()
}

/// Knuth's estimate of the nodes of the search below `task` with no set
/// larger than `best` known: the mean, over `count` dives, of `1 + b1 +
/// b1 b2 + ...`, where `bi` is the number of branches (with candidates
/// left) at the i-th node of a dive down uniformly random branches.
pub fn dives(setup: &Setup, task: &Task, best: usize, count: u32) -> f64 {
    let mut bound = Bound::new(&setup.graph);
    let mut random = seeded(&task.path);
    let mut total = 0.0;
    for _ in 0..count {
        let (mut node, mut weight, mut nodes) = (task.clone(), 1.0, 1.0);
        loop {
            let mut kids = children(setup, &mut bound, &node, best);
            kids.retain(has_branches);
            if kids.is_empty() {
                break;
            }
            weight *= kids.len() as f64;
            nodes += weight;
            node = kids.swap_remove(random.below(kids.len()));
        }
        total += nodes;
    }
    total / f64::from(count.max(1))
}

/// The generator of a node's dives, seeded by the node's path, so a
/// leaf's dives do not depend on the thread or the order they run in.
fn seeded(path: &[u32]) -> Random {
    let seed = path.iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x1000_0000_01b3)
    });
    Random::new(seed)
}

/// Whether `task` may have children (candidates to branch on).
fn has_branches(task: &Task) -> bool {
    task.candidates.iter().any(|&w| w != 0)
}

/// A plan of one leaf: the root (`chosen`, the fixed pieces), as it is.
fn one_node(setup: &Setup, fingerprint: Fingerprint, chosen: Vec<u32>) -> Plan {
    let root = Task {
        path: Vec::new(),
        chosen,
        candidates: setup
            .root()
            .map_or_else(|| vec![0; setup.graph.n().div_ceil(64)], |r| r.candidates),
        group: Vec::new(),
        labels: None,
    };
    Plan {
        nodes: vec![problem_node(setup, &root)],
        estimates: vec![1],
        parts: std::iter::once(0..1).collect(),
        fingerprint,
        rate: None,
    }
}

/// Consecutive ranges of `estimates`, `parts` of them (or one per leaf),
/// each about an equal share of the total.
fn deal(estimates: &[u64], parts: usize) -> Vec<std::ops::Range<usize>> {
    let parts = parts.min(estimates.len()).max(1);
    let total: u64 = estimates.iter().sum::<u64>().max(1);
    let mut out = Vec::with_capacity(parts);
    let mut start = 0;
    let mut sum = 0u64;
    for (i, &e) in estimates.iter().enumerate() {
        sum += e;
        let left_leaves = estimates.len() - (i + 1);
        let left_parts = parts - out.len() - 1;
        let due = total as f64 * (out.len() + 1) as f64 / parts as f64;
        if left_parts > 0 && (sum as f64 >= due || left_leaves == left_parts) {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    out.push(start..estimates.len());
    out
}

/// The children of `task`, in the order of the search, with no set larger
/// than `best` known: the branches it takes (each dropping its orbit from
/// the later ones, as the search does); none when its bound prunes it.
fn children(setup: &Setup, bound: &mut Bound, task: &Task, best: usize) -> Vec<Task> {
    let graph = &setup.graph;
    let mut order = Vec::new();
    let mut bounds = Vec::new();
    let need = (best + 1).saturating_sub(task.chosen.len()).max(1);
    bound.start(graph, None);
    bound.branches(graph, &task.candidates, 0, need, &mut order, &mut bounds);
    let mut candidates = task.candidates.clone();
    let mut out = Vec::new();
    for i in (0..order.len()).rev() {
        if task.chosen.len() + bounds[i] as usize <= best {
            break;
        }
        let v = order[i];
        if !has(&candidates, v) {
            continue;
        }
        let mut child = Task {
            path: task.path.clone(),
            chosen: task.chosen.clone(),
            candidates: child_candidates(graph, &candidates, v),
            group: child_group(graph, &task.group, v),
            labels: None,
        };
        child.path.push(out.len() as u32 + 1);
        child.chosen.push(v);
        clear(&mut candidates, v);
        for &g in &task.group {
            clear(&mut candidates, graph.image(g, v));
        }
        out.push(child);
    }
    out
}

fn fingerprint(setup: &Setup) -> Fingerprint {
    Fingerprint {
        cells: setup.problem.vertices.len(),
        pairs: setup.pairs(),
        symmetries: setup.symmetries(),
    }
}

/// `task` in the problem's terms.
fn problem_node(setup: &Setup, task: &Task) -> Node {
    let n = setup.problem.vertices.len();
    let mut candidates = vec![0u64; n.div_ceil(64)];
    for v in 0..n {
        if has(&task.candidates, setup.position[v]) {
            candidates[v / 64] |= 1 << (v % 64);
        }
    }
    Node {
        chosen: task
            .chosen
            .iter()
            .map(|&p| setup.order[p as usize])
            .collect(),
        candidates,
    }
}

/// Whether `setup` is what a plan made for `fingerprint` cut.
pub fn check(setup: &Setup, fingerprint: Fingerprint) -> Result<()> {
    let made_for = self::fingerprint(setup);
    if made_for == fingerprint {
        return Ok(());
    }
    Err(Error::usage(format!(
        "the plan was made for another problem ({} cells, {} conflicting pairs, {} symmetries) than this model's ({} cells, {} pairs, {} symmetries)",
        fingerprint.cells, fingerprint.pairs, fingerprint.symmetries,
        made_for.cells, made_for.pairs, made_for.symmetries
    )))
}

/// Searches the leaf `node` of a plan of `setup` (checked by [`check`]):
/// its best set (better than the search starts with), or none; and the
/// nodes it took.
pub fn solve_node(
    setup: &Setup,
    model: &Model,
    opts: &SolveOptions,
    node: &Node,
) -> Result<(Answer, u64)> {
    let n = setup.problem.vertices.len();
    if node.candidates.len() != n.div_ceil(64) || node.chosen.iter().any(|&v| v >= n) {
        return Err(Error::usage("a node of the plan does not fit the model"));
    }
    let Some(root) = setup.root() else {
        let outcome = super::shared::Outcome::nothing(End::Exhausted, None);
        return Ok((setup.answer(model, opts, outcome)?, 0));
    };
    let chosen: Vec<u32> = node.chosen.iter().map(|&v| setup.position[v]).collect();
    let mut candidates = vec![0u64; setup.graph.n().div_ceil(64)];
    for v in 0..n {
        if node.candidates[v / 64] >> (v % 64) & 1 == 1 {
            let p = setup.position[v];
            candidates[p as usize / 64] |= 1 << (p % 64);
        }
    }
    let group = (0..setup.graph.n_maps() as u32)
        .filter(|&g| chosen.iter().all(|&v| setup.graph.image(g, v) == v))
        .collect();
    let task = Task {
        path: Vec::new(),
        chosen,
        candidates,
        group,
        labels: None,
    };
    let outcome = setup.search(
        vec![task],
        &root,
        None,
        &opts.stop(),
        opts.threads(),
        &mut |_| {},
    );
    let nodes = outcome.nodes;
    Ok((setup.answer(model, opts, outcome)?, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{load_source, LoadOptions};

    /// The setup, root task and starting bound of `m` queens on `n^d`.
    fn queens(n: u32, d: u32, m: u32) -> (Setup, Task, usize) {
        let text = format!("board {n}^{d}\npiece queen\nrule no_attack\ncount >= {m}\n");
        let instance = load_source("q.qspec", &text, &[], &LoadOptions::default()).unwrap();
        let setup = Setup::new(&instance.model, false).unwrap();
        let root = setup.root().unwrap();
        let best = setup.initial(&root, None).ok().unwrap().best;
        (setup, root.task(), best)
    }

    /// The nodes of the whole search below `task`, counted by the search.
    fn searched(setup: &Setup, task: &Task, best: usize, goal: usize) -> f64 {
        let never = Stop::new(None);
        let shared = Shared::new(&never, best, None, goal, true, 1);
        let mut search = Search::new(&setup.graph, &shared);
        assert_eq!(search.run(task.clone()), End::Exhausted);
        search.nodes() as f64
    }

    #[test]
    fn dives_are_the_same_on_every_run() {
        let (setup, root, best) = queens(5, 3, 14);
        let a = dives(&setup, &root, best, 16);
        assert_eq!(a, dives(&setup, &root, best, 16));
        assert!(a >= 1.0);
    }

    #[test]
    fn many_dives_come_near_the_nodes_the_search_takes() {
        // 8 queens on 4^3 and 14 on 5^3: refutations, so the tree is fixed.
        for (n, d, m) in [(4, 3, 8), (5, 3, 14)] {
            let (setup, root, best) = queens(n, d, m);
            let exact = searched(&setup, &root, best, m as usize);
            let estimate = dives(&setup, &root, best, 4_000);
            let ratio = estimate / exact;
            assert!(
                (0.75..1.33).contains(&ratio),
                "({n},{d}) >= {m}: {estimate:.0} estimated, {exact} searched"
            );
        }
    }

    #[test]
    fn a_leaf_without_branches_is_one_node() {
        let (setup, mut root, best) = queens(5, 3, 14);
        root.candidates.iter_mut().for_each(|w| *w = 0);
        assert_eq!(dives(&setup, &root, best, 8), 1.0);
    }
}
