//! Maximising as a climb of decisions: "a set larger than the best so
//! far?" asked again and again, each time from the root, until the answer
//! is no. Each decision reports the first such set in the order of the
//! search on one thread, whatever the number of threads
//! ([`super::parallel`]); that set is extended in vertex order to a
//! maximal one, and the next decision asks for more. So the sets found,
//! the `o` lines and the answer are the same on every run and on any
//! number of threads.
//!
//! A single search that raises its best as threads find better sets
//! reports whichever thread is first, and two runs of the same model gave
//! two different boards. The price of the climb is the part of the tree
//! before each better set, searched again under the tighter bound; the
//! last decision, the proof, starts with the optimum as its bound.

use super::graph::{has, restrict, Graph};
use super::shared::Outcome;
use super::task::{End, Initial, Task};

/// The climb from `initial` over `tasks`: `decide(best, nodes)` runs one
/// decision (is there a set larger than `best`? `nodes` were searched
/// before it) and gives its outcome, or `None` when it gave up (a node
/// limit); `improved` hears each better size (or, if none is found, the
/// size of the set known from the start).
pub fn climb(
    graph: &Graph,
    tasks: &[Task],
    initial: Initial,
    decide: &mut dyn FnMut(usize, u64) -> Option<Outcome>,
    improved: &mut dyn FnMut(usize),
) -> Option<Outcome> {
    let Initial {
        mut best,
        mut found,
        goal,
    } = initial;
    let (mut nodes, mut handed, mut raised) = (0, 0, false);
    let end = loop {
        if found.is_some() && best >= goal {
            break End::Reached;
        }
        let outcome = decide(best, nodes)?;
        nodes += outcome.nodes;
        handed += outcome.handed;
        match (outcome.end, outcome.set) {
            (End::Reached, Some(set)) => {
                let set = extended(graph, tasks, set, goal);
                best = set.len();
                improved(best);
                raised = true;
                found = Some(set);
            }
            // A stop in the middle of a decision may still have found a
            // larger set (not the first in the order): it is kept.
            (End::Stopped, Some(set)) if set.len() > best => {
                improved(set.len());
                raised = true;
                found = Some(set);
                break End::Stopped;
            }
            (End::Reached | End::Exhausted, _) => break End::Exhausted,
            (End::Stopped, _) => break End::Stopped,
        }
    };
    if let (Some(set), false) = (&found, raised) {
        improved(set.len());
    }
    Some(Outcome {
        end,
        set: found,
        nodes,
        handed,
    })
}

/// `set` (found under one of `tasks`) with vertices added in search order
/// while they fit the task's candidates and every vertex chosen, up to
/// `goal` vertices.
fn extended(graph: &Graph, tasks: &[Task], mut set: Vec<u32>, goal: usize) -> Vec<u32> {
    let Some(task) = tasks
        .iter()
        .find(|task| task.chosen.iter().all(|v| set.contains(v)))
    else {
        return set;
    };
    let mut candidates = task.candidates.clone();
    for &v in &set {
        restrict(graph, &mut candidates, v);
    }
    for v in 0..graph.n() as u32 {
        if set.len() >= goal {
            break;
        }
        if has(&candidates, v) {
            set.push(v);
            restrict(graph, &mut candidates, v);
        }
    }
    set
}
