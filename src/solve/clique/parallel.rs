//! The search on several threads: what they share ([`Shared`]: the best
//! size, the set found, the tasks handed between them through the search
//! driver's [`crate::solve::driver::Handing`]) and the threads themselves
//! ([`run`], started and watched by the driver).
//!
//! Work moves only when a thread waits for it: a busy thread then hands
//! over the next branch of its shallowest node with one left (the largest
//! piece it has), as a task with the candidates the search on one thread
//! would give that branch. Every thread prunes with the best size found
//! anywhere (an atomic), so the optimum is the same on any number of
//! threads.
//!
//! The set reported is the first in the order of the search on one
//! thread: the search decides (is there a set of the goal's size?), and a
//! thread that finds one does not stop the threads on tasks before it in
//! that order, only those after, and the earliest set found wins — the
//! set one thread would find. Maximising is a climb of such decisions
//! ([`super::climb`]), so its sets are the same on any number of threads.

use std::sync::atomic::Ordering;

use super::graph::Graph;
use super::search::Search;
use super::shared::{Go, Shared};
use super::task::Task;
use crate::solve::driver;
use crate::threads::DEEP_STACK;

/// A look at the threads every 20 ms, the nodes so far told every 250 ms.
const CADENCE: driver::Cadence = driver::Cadence {
    nap: std::time::Duration::from_millis(20),
    tell: std::time::Duration::from_millis(250),
};

/// Searches `tasks` (in the order of the search) on the threads of
/// `shared`; `searched` gets the nodes so far a few times a second (on
/// the calling thread); `reasoning` switches the bound's MaxSAT reasoning.
pub fn run(
    graph: &Graph,
    shared: &Shared<'_>,
    tasks: Vec<Task>,
    reasoning: bool,
    searched: &mut dyn FnMut(u64),
) {
    for task in tasks {
        shared.give(task);
    }
    let work = |_| {
        let mut search = Search::new(graph, shared);
        search.set_reasoning(reasoning);
        while let Some(task) = shared.take() {
            if shared.go_on(&task.path) == Go::On {
                search.run(task);
            }
        }
        shared.nodes.fetch_add(search.nodes(), Ordering::Relaxed);
    };
    let threads = shared.handing.threads();
    let so_far = || shared.searching.load(Ordering::Relaxed);
    driver::watch(
        threads, "clique", DEEP_STACK, work, CADENCE, so_far, searched,
    );
}
