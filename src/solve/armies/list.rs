//! Every board of two armies of a given size, one a class under the
//! board's symmetries and the swap of the armies, for `qspec count`: the
//! colourings of the search's lines on which both armies reach the size
//! (every one greatest of its class, as [`super::search`] keeps them),
//! then at each the knapsack's colourings that reach it, then every choice
//! of that many cells of each army among those open to it. A class is
//! reached from every colouring of the lines its boards fit, so the boards
//! are kept by their least image under the 16 maps.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::search::{Plan, Walker, TASK_LINES};
use crate::solve::Stop;

/// A board: the cells of the first army and of the second, each sorted.
pub type Board = [Vec<usize>; 2];

/// What the listing found.
pub struct Listed {
    /// One board a class (its least image), sorted.
    pub boards: Vec<Board>,
    /// Whether every class was found.
    pub complete: bool,
    /// Whether the listing stopped at the most classes it keeps.
    pub overflowed: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// Shared between the threads.
struct Shared<'a> {
    maps: &'a [Vec<usize>],
    size: usize,
    keep: usize,
    next_task: AtomicUsize,
    stopped: AtomicBool,
    overflowed: AtomicBool,
    kept: AtomicUsize,
    nodes: AtomicU64,
    boards: Mutex<HashSet<Vec<usize>>>,
    stop: &'a Stop,
}

/// Every board of armies of `size` each, one a class under `maps` (the
/// board's symmetries as maps of cells, the identity left out) and the
/// swap, on `threads` threads until `stop` or past `keep` classes.
pub fn every(
    plan: &Plan,
    maps: &[Vec<usize>],
    size: u32,
    threads: usize,
    stop: &Stop,
    keep: usize,
) -> Listed {
    let shared = Shared {
        maps,
        size: size as usize,
        keep,
        next_task: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
        overflowed: AtomicBool::new(false),
        kept: AtomicUsize::new(0),
        nodes: AtomicU64::new(0),
        boards: Mutex::new(HashSet::new()),
        stop,
    };
    let task_lines = TASK_LINES.min(plan.lines.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| work(plan, &shared, task_lines));
        }
    });
    let keys = shared
        .boards
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let m = size as usize;
    let mut boards: Vec<Board> = keys
        .into_iter()
        .map(|k| [k[..m].to_vec(), k[m..].to_vec()])
        .collect();
    boards.sort();
    let overflowed = shared.overflowed.load(Ordering::Relaxed);
    Listed {
        boards,
        complete: !shared.stopped.load(Ordering::Relaxed) && !overflowed,
        overflowed,
        nodes: shared.nodes.load(Ordering::Relaxed),
    }
}

fn work(plan: &Plan, shared: &Shared, task_lines: usize) {
    let mut walker = Walker::new(plan);
    let size = shared.size as u32;
    loop {
        let task = shared.next_task.fetch_add(1, Ordering::Relaxed);
        if task >= 1 << task_lines || shared.stopped.load(Ordering::Relaxed) {
            break;
        }
        if walker.enter(task, task_lines, size) {
            descend(&mut walker, task_lines, shared);
        }
        walker.undo(0);
    }
    shared.nodes.fetch_add(walker.nodes, Ordering::Relaxed);
}

fn descend(walker: &mut Walker, depth: usize, shared: &Shared) {
    if walker.nodes & 0xfff == 0 && shared.stop.now() {
        shared.stopped.store(true, Ordering::Relaxed);
    }
    if shared.stopped.load(Ordering::Relaxed) {
        return;
    }
    if depth == walker.plan.lines.len() {
        at_leaf(walker, shared);
        return;
    }
    for first in [true, false] {
        let mark = walker.trail.len();
        walker.colour(depth, first);
        if walker.viable(depth + 1, shared.size as u32) {
            descend(walker, depth + 1, shared);
        }
        walker.undo(mark);
    }
}

/// Every knapsack colouring at a leaf on which both armies reach the
/// size, and the boards of each.
fn at_leaf(walker: &Walker, shared: &Shared) {
    let m = shared.size;
    let items = walker.plan.items;
    let count = |army: usize, item: usize| walker.per_item[army][item] as usize;
    // most[i][x]: the most cells of the second army from the lines i..
    // with at least x of the first (-1: x cannot be reached).
    let mut most = vec![vec![-1i64; m + 1]; items + 1];
    most[items][0] = 0;
    for i in (0..items).rev() {
        for x in 0..=m {
            let as_second = most[i + 1][x].max(-1);
            let second = if as_second >= 0 {
                as_second + count(1, i) as i64
            } else {
                -1
            };
            let first = most[i + 1][x.saturating_sub(count(0, i))];
            most[i][x] = second.max(first);
        }
    }
    let mut first_army = vec![false; items];
    let mut choose = |first_army: &[bool]| boards_of(walker, first_army, shared);
    colourings(&most, &count, 0, m, m as i64, &mut first_army, &mut choose);
}

/// The knapsack's colourings from line `i` on that reach `need_first` and
/// `need_second`, each handed to `found`. A line with no open cell of one
/// army goes to the other only: the boards of the other colouring are
/// among its boards.
fn colourings(
    most: &[Vec<i64>],
    count: &dyn Fn(usize, usize) -> usize,
    i: usize,
    need_first: usize,
    need_second: i64,
    first_army: &mut Vec<bool>,
    found: &mut dyn FnMut(&[bool]),
) {
    if i == first_army.len() {
        found(first_army);
        return;
    }
    let (w, b) = (count(0, i), count(1, i));
    if w > 0 && most[i + 1][need_first.saturating_sub(w)] >= need_second {
        first_army[i] = true;
        colourings(
            most,
            count,
            i + 1,
            need_first.saturating_sub(w),
            need_second,
            first_army,
            found,
        );
        first_army[i] = false;
    }
    if (b > 0 || w == 0) && most[i + 1][need_first] >= need_second - b as i64 {
        colourings(
            most,
            count,
            i + 1,
            need_first,
            need_second - b as i64,
            first_army,
            found,
        );
    }
}

/// Every board of `size` pieces an army on the cells open to it under the
/// knapsack's colouring `first_army`, kept by its least image.
fn boards_of(walker: &Walker, first_army: &[bool], shared: &Shared) {
    let plan = walker.plan;
    let mut open: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for c in 0..plan.cells {
        let item = plan.item_of[c];
        if item == usize::MAX {
            continue;
        }
        let army = usize::from(!first_army[item]);
        if walker.open[army][c / 64] >> (c % 64) & 1 == 1 {
            open[army].push(c);
        }
    }
    let m = shared.size;
    let firsts = subsets(&open[0], m);
    let seconds = subsets(&open[1], m);
    for a in &firsts {
        for b in &seconds {
            if shared.overflowed.load(Ordering::Relaxed) {
                return;
            }
            let key = least_image(a, b, shared.maps);
            let mut boards = shared.boards.lock().unwrap_or_else(|e| e.into_inner());
            if boards.insert(key) && shared.kept.fetch_add(1, Ordering::Relaxed) + 1 > shared.keep {
                shared.overflowed.store(true, Ordering::Relaxed);
                shared.stopped.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// Every `k` of `cells`, in order.
fn subsets(cells: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn go(
        cells: &[usize],
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for i in from..cells.len() {
            if cells.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(cells[i]);
            go(cells, k, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    go(cells, k, 0, &mut Vec::new(), &mut out);
    out
}

/// The least of the board's images under `maps`, the identity and the
/// swap of the armies, as the first army's cells then the second's.
fn least_image(first: &[usize], second: &[usize], maps: &[Vec<usize>]) -> Vec<usize> {
    let image = |cells: &[usize], map: Option<&Vec<usize>>| -> Vec<usize> {
        let mut v: Vec<usize> = cells.iter().map(|&c| map.map_or(c, |m| m[c])).collect();
        v.sort_unstable();
        v
    };
    let mut least: Option<Vec<usize>> = None;
    for map in std::iter::once(None).chain(maps.iter().map(Some)) {
        let (a, b) = (image(first, map), image(second, map));
        for key in [[a.clone(), b.clone()].concat(), [b, a].concat()] {
            if least.as_ref().is_none_or(|l| key < *l) {
                least = Some(key);
            }
        }
    }
    least.unwrap_or_default()
}
