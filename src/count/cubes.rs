//! Listing a large model's solutions on several threads. One solver lists
//! the first [`super::SPLIT_AFTER`] solutions (a small count never goes further);
//! then the rest are split into cubes — every setting of a few decision
//! variables, chosen from those first solutions ([`super::split`]) — and
//! each cube's solutions are listed by a fresh CaDiCaL
//! ([`Enumerator::within`], the first solver's solutions in the cube
//! blocked) on whichever thread is free. The cubes partition the
//! solutions, so none is found twice or missed; a solver holds only its
//! own cube's blocking clauses, which also makes each call cheaper than on
//! one solver that holds them all.
//!
//! The order is the first solver's, then the cubes' order, each cube's
//! solutions in the order its own solver finds them: the same on any
//! number of threads (when to split and on what depends on the model and
//! the first solver's solutions alone). Solutions of later cubes wait in
//! memory until every earlier cube is listed; a worker pauses before
//! starting a new cube while [`BUFFER_LIMIT`] of them wait.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::split::{cube, cube_of, Split};
use super::{Enumerator, Next};
use crate::error::{Error, Result};
use crate::model::{Model, Var};
use crate::options::Encodings;
use crate::solve::Stop;

/// Solutions of later cubes kept in memory before workers wait.
pub const BUFFER_LIMIT: usize = 1 << 20;

/// The solutions of a model: on one solver, then (for a model of
/// [`super::SPLIT_FROM`] decision variables or more, past [`super::SPLIT_AFTER`]
/// solutions) in cubes.
pub struct Staged {
    stage: Stage,
    split: Split,
}

/// Where the solutions come from now.
enum Stage {
    /// One solver; with the plan for the split, the solutions found.
    One(Enumerator, Option<Box<(Recipe, Vec<Vec<bool>>)>>),
    /// The cubes.
    Split(Cubes),
}

/// What the cubes will be made of.
struct Recipe {
    model: Model,
    encodings: Encodings,
    same_size: bool,
    caller: Stop,
    threads: usize,
}

impl Staged {
    /// The solutions of `model` (encoded with `encodings`, see
    /// [`Enumerator::new`] for `same_size`), split as `split` says, on up
    /// to `threads` threads once split, until `stop` says so.
    pub(super) fn new(
        split: Split,
        model: &Model,
        encodings: &Encodings,
        stop: &Stop,
        same_size: bool,
        threads: usize,
    ) -> Staged {
        let one = Enumerator::new(model, encodings, stop, same_size);
        let plan = split.splits(model.n_decisions()).then(|| Recipe {
            model: model.clone(),
            encodings: *encodings,
            same_size,
            caller: stop.clone(),
            threads,
        });
        Staged {
            stage: Stage::One(one, plan.map(|plan| Box::new((plan, Vec::new())))),
            split,
        }
    }

    /// For a note: how the solutions are split, when they may be (a
    /// count of `after` or fewer never is).
    pub fn describe(&self) -> Option<String> {
        if matches!(self.stage, Stage::One(_, None)) {
            return None;
        }
        let Split { after, bits, .. } = self.split;
        Some(format!(
            "CaDiCaL lists the solutions on one solver; past the first {after}, the rest on every thread, in {} cubes (the settings of the {bits} board variables that share those {after} out most evenly), one solver each, in cube order",
            1usize << bits
        ))
    }

    /// The next solution.
    pub fn next_solution(&mut self) -> Result<Next> {
        match &mut self.stage {
            Stage::Split(cubes) => cubes.next_solution(),
            Stage::One(one, None) => one.next_solution(),
            Stage::One(one, Some(pending)) if pending.1.len() < self.split.after => {
                let found = &mut pending.1;
                let next = one.next_solution()?;
                if let Next::Solution(values) = &next {
                    found.push(values.clone());
                }
                Ok(next)
            }
            Stage::One(_, plan) => {
                let (plan, found) = *plan.take().expect("a plan");
                self.stage = Stage::Split(Cubes::new(plan, self.split, found));
                self.next_solution()
            }
        }
    }
}

/// What a worker tells: a solution of a cube, or how the cube ended.
enum Message {
    Solution(usize, Vec<bool>),
    Ended(usize, Result<Next>),
}

/// The state the workers share with the lister.
struct Shared {
    /// The next cube to start.
    next_cube: AtomicUsize,
    /// The cube being handed out: its worker never waits.
    current: AtomicUsize,
    /// Solutions sent and not yet handed out.
    buffered: AtomicUsize,
    /// Raised when the lister is dropped, or stops.
    quit: Arc<AtomicBool>,
}

/// The solutions of a model split into cubes, listed on worker threads and
/// handed out in cube order.
pub struct Cubes {
    receiver: Receiver<Message>,
    shared: Arc<Shared>,
    pending: BTreeMap<usize, VecDeque<Vec<bool>>>,
    ended: BTreeMap<usize, Next>,
    n_cubes: usize,
    current: usize,
    caller: Stop,
    workers: Vec<JoinHandle<()>>,
}

impl Cubes {
    /// The solutions of `plan`'s model but `found` (by one solver), split
    /// as `split` says, listed on the plan's threads.
    fn new(plan: Recipe, split: Split, found: Vec<Vec<bool>>) -> Cubes {
        let vars = split.vars(plan.model.n_decisions(), &found);
        let n_cubes = 1usize << vars.len();
        let shared = Arc::new(Shared {
            next_cube: AtomicUsize::new(0),
            current: AtomicUsize::new(0),
            buffered: AtomicUsize::new(0),
            quit: Arc::default(),
        });
        let mut in_cube = vec![Vec::new(); n_cubes];
        for values in found {
            in_cube[cube_of(&vars, &values)].push(values);
        }
        let job = Arc::new(CubeWork {
            stop: Stop {
                deadline: plan.caller.deadline,
                flag: shared.quit.clone(),
                cancel: plan.caller.cancel.clone(),
            },
            model: plan.model,
            encodings: plan.encodings,
            same_size: plan.same_size,
            vars,
            n_cubes,
            found: in_cube,
        });
        let (sender, receiver) = channel();
        let workers = (0..plan.threads.clamp(1, n_cubes))
            .map(|i| {
                let (job, shared, sender) = (job.clone(), shared.clone(), sender.clone());
                crate::threads::detached(format!("cubes-{i}"), move || job.work(&shared, &sender))
            })
            .collect();
        Cubes {
            receiver,
            shared,
            pending: BTreeMap::new(),
            ended: BTreeMap::new(),
            n_cubes,
            current: 0,
            caller: plan.caller,
            workers,
        }
    }

    /// The next solution in cube order.
    pub fn next_solution(&mut self) -> Result<Next> {
        loop {
            if self.current == self.n_cubes {
                return Ok(Next::Exhausted);
            }
            if self.caller.now() {
                // The workers watch the deadline, the caller's cancel and
                // the signals, not the caller's own flag.
                self.shared.quit.store(true, Ordering::Relaxed);
                return Ok(Next::Stopped);
            }
            if let Some(values) = self
                .pending
                .get_mut(&self.current)
                .and_then(VecDeque::pop_front)
            {
                self.shared.buffered.fetch_sub(1, Ordering::Relaxed);
                return Ok(Next::Solution(values));
            }
            match self.ended.get(&self.current) {
                Some(Next::Exhausted) => {
                    self.pending.remove(&self.current);
                    self.current += 1;
                    self.shared.current.store(self.current, Ordering::Relaxed);
                    continue;
                }
                Some(_) => {
                    self.shared.quit.store(true, Ordering::Relaxed);
                    return Ok(Next::Stopped);
                }
                None => self.receive()?,
            }
        }
    }

    /// Waits for the next message (for half a second at most, so that the
    /// caller's own flag is looked at).
    fn receive(&mut self) -> Result<()> {
        let message = match self.receiver.recv_timeout(Duration::from_millis(500)) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => return Ok(()),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Error::Internal {
                    message: "internal error: a counting thread ended before its cube was listed"
                        .into(),
                    detail: None,
                })
            }
        };
        match message {
            Message::Solution(cube, values) => {
                self.pending.entry(cube).or_default().push_back(values);
            }
            Message::Ended(cube, end) => {
                self.ended.insert(cube, end?);
            }
        }
        Ok(())
    }
}

impl Drop for Cubes {
    fn drop(&mut self) {
        self.shared.quit.store(true, Ordering::Relaxed);
        // Unblock workers that wait on the buffer: they see `quit`.
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// What every worker works on.
struct CubeWork {
    model: Model,
    encodings: Encodings,
    stop: Stop,
    same_size: bool,
    vars: Vec<Var>,
    n_cubes: usize,
    /// The solutions found before the split, by cube.
    found: Vec<Vec<Vec<bool>>>,
}

impl CubeWork {
    /// Lists cubes until none is left or the lister quits.
    fn work(&self, shared: &Shared, sender: &Sender<Message>) {
        loop {
            let index = shared.next_cube.fetch_add(1, Ordering::Relaxed);
            if index >= self.n_cubes || !self.wait_for_room(shared, index) {
                return;
            }
            if !self.list(index, shared, sender) {
                return;
            }
        }
    }

    /// Waits while the buffer is full, unless `index` is the cube being
    /// handed out; false when the lister quits meanwhile.
    fn wait_for_room(&self, shared: &Shared, index: usize) -> bool {
        while shared.buffered.load(Ordering::Relaxed) >= BUFFER_LIMIT
            && shared.current.load(Ordering::Relaxed) != index
        {
            if shared.quit.load(Ordering::Relaxed) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        !shared.quit.load(Ordering::Relaxed)
    }

    /// Lists cube `index`, sending each solution; false when the lister is
    /// gone.
    fn list(&self, index: usize, shared: &Shared, sender: &Sender<Message>) -> bool {
        let units = cube(&self.vars, index);
        let mut enumerator = Enumerator::within(
            &self.model,
            &self.encodings,
            &self.stop,
            self.same_size,
            &units,
        );
        for values in &self.found[index] {
            enumerator.exclude(values);
        }
        loop {
            let message = match enumerator.next_solution() {
                Ok(Next::Solution(values)) => {
                    shared.buffered.fetch_add(1, Ordering::Relaxed);
                    Message::Solution(index, values)
                }
                end => {
                    let stopped = !matches!(end, Ok(Next::Exhausted));
                    let sent = sender.send(Message::Ended(index, end)).is_ok();
                    return sent && !stopped;
                }
            };
            if sender.send(message).is_err() {
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{load_source, LoadOptions};
    use std::collections::BTreeSet;

    /// Every solution of `src`, listed as `split` says on `threads`
    /// threads (the decision variables' values), and how it ended.
    fn listing(src: &str, split: Split, threads: usize) -> (Vec<Vec<bool>>, Next) {
        let loaded = load_source("t.qspec", src, &[], &LoadOptions::default()).unwrap();
        let model = &loaded.model;
        let same_size = src.contains("count ==");
        let stop = Stop::default();
        let enc = Encodings::default();
        let mut staged = Staged::new(split, model, &enc, &stop, same_size, threads);
        let n = model.n_decisions() as usize;
        let mut found = Vec::new();
        loop {
            match staged.next_solution().unwrap() {
                Next::Solution(values) => found.push(values[..n].to_vec()),
                end => return (found, end),
            }
        }
    }

    const MODELS: [&str; 3] = [
        "board 5 x 5\npiece queen\nrule no_attack\ncount >= 3\n",
        "board 5 x 5\npiece queen\nrule no_attack\ncount == 4\n",
        "board 4 x 5\npiece king\nrule attacks <= 1\ncount >= 4\n",
    ];

    /// Split after a few solutions into 8 cubes: the same solutions as one
    /// solver lists, each once, in the same order on 1 and 3 threads.
    #[test]
    fn the_cubes_list_what_one_solver_lists() {
        let split = Split {
            from: 1,
            after: 5,
            bits: 3,
        };
        let unsplit = Split {
            from: u32::MAX,
            ..split
        };
        for src in MODELS {
            let (one, end) = listing(src, unsplit, 1);
            assert_eq!(end, Next::Exhausted);
            assert!(one.len() > 20, "{src}: {} solutions", one.len());
            let (cubes, end) = listing(src, split, 1);
            assert_eq!(end, Next::Exhausted, "{src}");
            assert_eq!(cubes[..5], one[..5], "{src}: the first solver's first");
            let distinct: BTreeSet<&Vec<bool>> = cubes.iter().collect();
            assert_eq!(distinct.len(), cubes.len(), "{src}: a solution twice");
            assert_eq!(distinct, one.iter().collect(), "{src}");
            let (threaded, _) = listing(src, split, 3);
            assert_eq!(threaded, cubes, "{src}: the order on 3 threads");
        }
    }

    /// A stop raised once the cubes list ends the listing at once.
    #[test]
    fn a_raised_stop_stops_the_cubes() {
        let split = Split {
            from: 1,
            after: 2,
            bits: 3,
        };
        let loaded = load_source("t.qspec", MODELS[0], &[], &LoadOptions::default()).unwrap();
        let stop = Stop::default();
        let enc = Encodings::default();
        let mut staged = Staged::new(split, &loaded.model, &enc, &stop, false, 2);
        for _ in 0..4 {
            assert!(matches!(staged.next_solution().unwrap(), Next::Solution(_)));
        }
        stop.raise();
        assert_eq!(staged.next_solution().unwrap(), Next::Stopped);
    }
}
