//! The one place qspec starts threads (`tests/suite/architecture.rs` keeps
//! it so): work side by side while the calling thread watches
//! ([`side_by_side`], [`crew`]), work on a thread of a larger stack
//! ([`on_stack`]), and a worker that outlives the call ([`detached`]).
//! Every thread that recurses deeply gets [`DEEP_STACK`]; a job that
//! panics panics on the calling thread, once the others have ended.

use std::thread::{self, JoinHandle};

/// The stack of a thread that recurses deeply (the searches, the SAT
/// solvers, a sweep's instances): 64 MB.
pub const DEEP_STACK: usize = 64 << 20;

/// Work for a thread of its own, and the name the thread bears (in a
/// panic's message, in a debugger).
pub struct Job<'a, R> {
    name: String,
    work: Box<dyn FnOnce() -> R + Send + 'a>,
}

impl<'a, R> Job<'a, R> {
    /// `work` on a thread named `name`.
    pub fn new(name: impl Into<String>, work: impl FnOnce() -> R + Send + 'a) -> Job<'a, R> {
        Job {
            name: name.into(),
            work: Box::new(work),
        }
    }
}

/// Runs each of `jobs` on a thread of its own with `stack` bytes of stack,
/// while the calling thread runs `meanwhile` (progress, results as they
/// come, a watchdog); then waits for every job. Returns what `meanwhile`
/// returned and the jobs' results, in order.
pub fn side_by_side<'a, R: Send, M>(
    stack: usize,
    jobs: Vec<Job<'a, R>>,
    meanwhile: impl FnOnce() -> M,
) -> (M, Vec<R>) {
    thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .into_iter()
            .map(|job| {
                thread::Builder::new()
                    .name(job.name)
                    .stack_size(stack)
                    .spawn_scoped(scope, job.work)
                    .expect("a thread starts")
            })
            .collect();
        let watched = meanwhile();
        let results = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect();
        (watched, results)
    })
}

/// `work(i)` for every `i` below `n`, each on a thread named `name-i`
/// ([`side_by_side`] of one kind of work).
pub fn crew<R: Send, M>(
    name: &str,
    n: usize,
    stack: usize,
    work: impl Fn(usize) -> R + Sync,
    meanwhile: impl FnOnce() -> M,
) -> (M, Vec<R>) {
    let work = &work;
    let jobs = (0..n)
        .map(|i| Job::new(format!("{name}-{i}"), move || work(i)))
        .collect();
    side_by_side(stack, jobs, meanwhile)
}

/// `work` on a thread of `stack` bytes of stack, waited for; on this
/// thread when none can be started (an address space limit), where the
/// caller's own guards must hold.
pub fn on_stack<T: Send>(name: &str, stack: usize, work: impl FnOnce() -> T + Send + Copy) -> T {
    thread::scope(|scope| {
        let worker = thread::Builder::new()
            .name(name.into())
            .stack_size(stack)
            .spawn_scoped(scope, work);
        match worker {
            Ok(worker) => worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => work(),
        }
    })
}

/// `work` on a thread of its own that outlives the call (a worker fed by
/// a channel), joined by its owner.
pub fn detached<R: Send + 'static>(
    name: impl Into<String>,
    work: impl FnOnce() -> R + Send + 'static,
) -> JoinHandle<R> {
    thread::Builder::new()
        .name(name.into())
        .spawn(work)
        .expect("a thread starts")
}

/// [`detached`] on a stack of `stack` bytes ([`DEEP_STACK`] for a whole
/// solve, as the command line's main thread would run it).
pub fn detached_on_stack<R: Send + 'static>(
    name: impl Into<String>,
    stack: usize,
    work: impl FnOnce() -> R + Send + 'static,
) -> JoinHandle<R> {
    thread::Builder::new()
        .name(name.into())
        .stack_size(stack)
        .spawn(work)
        .expect("a thread starts")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_job_runs_and_their_results_come_in_order() {
        let ran = AtomicUsize::new(0);
        let (watched, results) = crew(
            "t",
            4,
            1 << 20,
            |i| {
                ran.fetch_add(1, Ordering::Relaxed);
                i * 10
            },
            || "watched",
        );
        assert_eq!(watched, "watched");
        assert_eq!(results, [0, 10, 20, 30]);
        assert_eq!(ran.load(Ordering::Relaxed), 4);
        assert_eq!(on_stack("t", 1 << 20, || 7), 7);
        assert_eq!(detached("t", || 8).join().unwrap(), 8);
    }

    #[test]
    #[should_panic(expected = "a job's panic")]
    fn a_job_that_panics_panics_here() {
        side_by_side(
            1 << 20,
            vec![Job::new("p", || panic!("a job's panic"))],
            || (),
        );
    }
}
