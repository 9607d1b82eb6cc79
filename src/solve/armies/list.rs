//! Every board of two armies of a given size, one a class under the
//! board's symmetries and the swap of the armies, for `qspec count`: the
//! colourings of the search's lines on which both armies reach the size
//! (every one greatest of its class, as [`super::search`] keeps them),
//! then at each the knapsack's colourings that reach it, then every choice
//! of that many cells of each army among those open to it. A class is
//! reached from every colouring of the lines its boards fit, so the boards
//! are kept by their least image under the 16 maps.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::knapsack::Table;
use super::run::{run, Goal, Start};
use super::search::{Plan, Walker};
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

/// The listing's goal: at each leaf, the boards of the size.
struct Listing<'a> {
    maps: &'a [Vec<usize>],
    size: u32,
    keep: usize,
    overflowed: AtomicBool,
    kept: AtomicUsize,
    boards: Mutex<HashSet<Vec<usize>>>,
}

impl Goal for Listing<'_> {
    fn target(&self) -> u32 {
        self.size
    }

    /// Every knapsack colouring at the leaf on which both armies reach
    /// the size, and the boards of each; `true` past the most it keeps.
    fn leaf(&self, walker: &mut Walker) -> bool {
        let table = Table::new(walker.counts(), self.size);
        table.colourings(&mut |first_army| self.boards_of(walker, first_army))
    }
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
    let listing = Listing {
        maps,
        size,
        keep,
        overflowed: AtomicBool::new(false),
        kept: AtomicUsize::new(0),
        boards: Mutex::new(HashSet::new()),
    };
    let ran = run(plan, Start::ROOT, threads, stop, &listing);
    let overflowed = listing.overflowed.load(Ordering::Relaxed);
    let keys = listing
        .boards
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let m = size as usize;
    let mut boards: Vec<Board> = keys
        .into_iter()
        .map(|k| [k[..m].to_vec(), k[m..].to_vec()])
        .collect();
    boards.sort();
    Listed {
        boards,
        complete: ran.complete && !overflowed,
        overflowed,
        nodes: ran.nodes,
    }
}

impl Listing<'_> {
    /// Every board of `size` pieces an army on the cells open to it under
    /// the knapsack's colouring `first_army`, kept by its least image;
    /// `true` past the most it keeps.
    fn boards_of(&self, walker: &Walker, first_army: &[bool]) -> bool {
        let m = self.size as usize;
        let open = walker.cells(first_army, usize::MAX);
        let firsts = subsets(&open[0], m);
        let seconds = subsets(&open[1], m);
        let mut boards = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        for a in &firsts {
            for b in &seconds {
                let key = least_image(a, b, self.maps);
                if boards.insert(key) && self.kept.fetch_add(1, Ordering::Relaxed) + 1 > self.keep {
                    self.overflowed.store(true, Ordering::Relaxed);
                    return true;
                }
            }
        }
        false
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
