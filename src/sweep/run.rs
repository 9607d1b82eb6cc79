//! Running a sweep: its instances, in order, cut into blocks of [`BLOCK`]
//! (each part's placements from the part's start; a model without walls is
//! a block of one), handed out to `jobs` threads as they come free, each
//! instance solved by [`super::instance`]. Each block of placements gets a
//! fresh [`super::incremental::Incremental`], so its results depend on its
//! own instances only. Results reach the caller one line at a time in the
//! instances' order, each as soon as every line before it has.
//!
//! A run may start again after `skip` instances (a resumed task): blocks
//! wholly before it are not solved; the block holding it is solved whole,
//! and its lines before `skip` are given again (the caller may compare
//! them with what it kept).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

use super::instance::{solve_instance, solve_leaf, OpenedPart};
use super::line::Line;
use super::placements::{Cursor, Placements, WallPlacement};
use super::walls::WallModel;
use super::{Options, Part, BLOCK};
use crate::error::{Error, Result};
use crate::instance::Source;
use crate::solve::Status;
use crate::solve::Stop;
use crate::threads::{side_by_side, Job, DEEP_STACK};

/// How a run ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ran {
    /// Lines given to the caller (those before `skip` included).
    pub lines: u64,
    /// Stopped by Ctrl-C or SIGTERM (or the caller's cancellation) before
    /// the last instance.
    pub stopped: bool,
}

/// Runs the instances of `parts` under `options` on `jobs` threads from the
/// `skip`-th on, giving each result line with its index to `emit`, in order.
pub fn run(
    source: &Source,
    options: &Options,
    parts: &[Part],
    jobs: usize,
    skip: u64,
    emit: &mut dyn FnMut(u64, &Line) -> Result<()>,
) -> Result<Ran> {
    run_until(source, options, parts, jobs, skip, None, emit)
}

/// [`run`], stopped also when `cancel` is raised: a library caller's own
/// Ctrl-C (Python's `KeyboardInterrupt`, a sweep's iterator dropped),
/// which the process-wide [`crate::interrupt`] flag cannot stand for. The
/// workers stop between instances and the solvers within milliseconds.
pub fn run_until(
    source: &Source,
    options: &Options,
    parts: &[Part],
    jobs: usize,
    skip: u64,
    cancel: Option<Arc<AtomicBool>>,
    emit: &mut dyn FnMut(u64, &Line) -> Result<()>,
) -> Result<Ran> {
    let halt = Stop::with_cancel(None, cancel);
    let mut blocks = Blocks::new(source, options, parts, skip);
    blocks.leaf_threads = leaf_threads(parts, jobs, skip);
    let Some(first) = blocks.next_block()? else {
        return Ok(Ran::default());
    };
    let mut next = first.first;
    let feed = Mutex::new((Some(first), blocks));
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<(u64, Line)>>();
    let mut progress = Ran::default();
    let mut failure: Option<Error> = None;
    let jobs: Vec<_> = (0..jobs.max(1))
        .map(|i| {
            let (tx, feed, stop, halt) = (tx.clone(), &feed, &stop, &halt);
            Job::new(format!("sweep-{i}"), move || {
                worker(source, options, feed, stop, halt, &tx)
            })
        })
        .collect();
    drop(tx);
    side_by_side(DEEP_STACK, jobs, || {
        let mut waiting: BTreeMap<u64, Line> = BTreeMap::new();
        for message in rx {
            let (index, line) = match message {
                Ok(m) => m,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            if failure.is_some() {
                continue;
            }
            waiting.insert(index, line);
            while let Some(line) = waiting.remove(&next) {
                if let Err(e) = emit(next, &line) {
                    stop.store(true, Ordering::Relaxed);
                    failure = Some(e);
                    break;
                }
                next += 1;
                progress.lines += 1;
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    progress.stopped = halt.now();
    Ok(progress)
}

/// The threads each leaf's search gets: the `jobs` shared out when there
/// are fewer leaves left than jobs (a part of one large leaf still uses
/// every core), else one. Only leaves of a plan get more than one.
fn leaf_threads(parts: &[Part], jobs: usize, skip: u64) -> usize {
    let leaves: u64 = parts
        .iter()
        .map(|p| p.split.as_ref().map_or(0, |s| s.len() as u64))
        .sum();
    let left = leaves.saturating_sub(skip);
    if left == 0 || left >= jobs as u64 || parts.iter().any(|p| p.split.is_none()) {
        1
    } else {
        jobs / left as usize
    }
}

type Feed<'a> = Mutex<(Option<Block>, Blocks<'a>)>;

/// One thread: blocks from `feed` until there are none or it must stop
/// (`stop`: the run failed; `halt`: Ctrl-C or the caller's cancellation).
fn worker(
    source: &Source,
    options: &Options,
    feed: &Feed<'_>,
    stop: &AtomicBool,
    halt: &Stop,
    tx: &Sender<Result<(u64, Line)>>,
) {
    let halted = || stop.load(Ordering::Relaxed) || halt.now();
    while !halted() {
        let block = {
            let mut guard = feed.lock().unwrap_or_else(|e| e.into_inner());
            match guard.0.take() {
                Some(b) => Ok(Some(b)),
                None => guard.1.next_block(),
            }
        };
        let block = match block {
            Ok(Some(b)) => b,
            Ok(None) => return,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        let mut send = |index: u64, line: Line| tx.send(Ok((index, line))).is_ok();
        if let Err(e) = solve_block(source, options, &block, halt, &halted, &mut send) {
            let _ = tx.send(Err(e));
            return;
        }
    }
}

/// Solves the instances of `block` in order, sending each line; stops
/// (sending nothing more) when `halted` says so, its solvers when `halt`
/// does.
fn solve_block(
    source: &Source,
    options: &Options,
    block: &Block,
    halt: &Stop,
    halted: &dyn Fn() -> bool,
    send: &mut dyn FnMut(u64, Line) -> bool,
) -> Result<()> {
    match &block.work {
        Work::Walls { model, placements } => {
            let mut engine = model.engine(halt)?;
            for (i, p) in placements.iter().enumerate() {
                if halted() {
                    return Ok(());
                }
                let class_size = options.symmetry.then_some(p.class_size);
                let line = model.solve(
                    &mut engine,
                    &p.cells,
                    class_size,
                    options.optimal_count,
                    &block.defines,
                )?;
                if line.status == Status::Unknown || !send(block.first + i as u64, line) {
                    return Ok(());
                }
            }
            Ok(())
        }
        Work::Leaf {
            leaves,
            index,
            threads,
        } => {
            let line = solve_leaf(leaves, &block.defines, *index, *threads, halt)?;
            if line.status != Status::Unknown || !halted() {
                send(block.first, line);
            }
            Ok(())
        }
        Work::Model => {
            let line = solve_instance(source, options, &block.defines, halt)?;
            if line.status != Status::Unknown || !halted() {
                send(block.first, line);
            }
            Ok(())
        }
    }
}

/// Instances handed out together.
struct Block {
    /// The index of its first instance in the run.
    first: u64,
    defines: Arc<Vec<(String, i64)>>,
    work: Work,
}

enum Work {
    /// A leaf of a clique search cut into parts.
    Leaf {
        leaves: Arc<OpenedPart>,
        index: usize,
        threads: usize,
    },
    /// Placements of walls on one model.
    Walls {
        model: Arc<WallModel>,
        placements: Vec<WallPlacement>,
    },
    /// The model itself, for its parameter values.
    Model,
}

/// The part being cut into blocks.
struct Current {
    defines: Arc<Vec<(String, i64)>>,
    walls: Option<(Arc<WallModel>, Placements, Cursor)>,
    /// OpenedPart of a split, and the next one.
    leaves: Option<(Arc<OpenedPart>, usize)>,
    /// Placements left in the part's range (`None`: to the end).
    left: Option<u64>,
}

/// The blocks of a run, in order.
struct Blocks<'a> {
    source: &'a Source,
    options: &'a Options,
    parts: &'a [Part],
    /// The next part to start.
    part: usize,
    current: Option<Current>,
    /// The index of the next instance.
    index: u64,
    skip: u64,
    /// The threads of each leaf's search.
    leaf_threads: usize,
}

impl<'a> Blocks<'a> {
    fn new(source: &'a Source, options: &'a Options, parts: &'a [Part], skip: u64) -> Blocks<'a> {
        Blocks {
            source,
            options,
            parts,
            part: 0,
            current: None,
            index: 0,
            skip,
            leaf_threads: 1,
        }
    }

    /// The next block with an instance at or after `skip`.
    fn next_block(&mut self) -> Result<Option<Block>> {
        loop {
            if self.current.is_none() {
                let Some(part) = self.parts.get(self.part) else {
                    return Ok(None);
                };
                self.part += 1;
                self.current = Some(self.start(part)?);
            }
            let current = self.current.as_mut().expect("a part is under way");
            let defines = Arc::clone(&current.defines);
            let first = self.index;
            let work = match (&mut current.walls, &mut current.leaves) {
                (None, Some((leaves, next))) => {
                    if *next == leaves.split.len() {
                        self.current = None;
                        continue;
                    }
                    let work = Work::Leaf {
                        leaves: Arc::clone(leaves),
                        index: *next,
                        threads: self.leaf_threads,
                    };
                    *next += 1;
                    self.index += 1;
                    work
                }
                (None, None) => {
                    self.current = None;
                    self.index += 1;
                    Work::Model
                }
                (Some((model, placements, cursor)), _) => {
                    let n = current.left.map_or(BLOCK, |left| left.min(BLOCK));
                    let mut taken = Vec::with_capacity(n as usize);
                    while (taken.len() as u64) < n {
                        match placements.next(cursor) {
                            Some(p) => taken.push(p),
                            None => break,
                        }
                    }
                    if let Some(left) = current.left.as_mut() {
                        *left -= taken.len() as u64;
                    }
                    if taken.is_empty() {
                        self.current = None;
                        continue;
                    }
                    self.index += taken.len() as u64;
                    Work::Walls {
                        model: Arc::clone(model),
                        placements: taken,
                    }
                }
            };
            if self.index > self.skip {
                return Ok(Some(Block {
                    first,
                    defines,
                    work,
                }));
            }
        }
    }

    /// A part's model (for walls: the walls-free model, its placements from
    /// the range's rank).
    fn start(&self, part: &Part) -> Result<Current> {
        let defines = Arc::new(part.defines.clone());
        let left = part.range.map(|r| r.count);
        let leaves = match &part.split {
            Some(split) => Some((
                Arc::new(OpenedPart::new(self.source, &part.defines, split.clone())?),
                0,
            )),
            None => None,
        };
        let Some(k) = part.walls else {
            return Ok(Current {
                defines,
                walls: None,
                leaves,
                left,
            });
        };
        let instance = self.source.load(&part.defines)?;
        let model = WallModel::new(&instance.spec, &instance.board, self.options.symmetry)?;
        let placements = model.placements(k)?;
        let cursor = placements.cursor(part.range.map_or(0, |r| r.rank));
        Ok(Current {
            defines,
            walls: Some((Arc::new(model), placements, cursor)),
            leaves: None,
            left,
        })
    }
}
