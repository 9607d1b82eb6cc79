//! The armies search: every line of the board gets one army's colour, and
//! a cell may hold a piece of an army when all its lines have that army's
//! colour — the largest armies are those of the best colouring, since the
//! lines of any peaceful placement can be coloured by the army they hold.
//! It branches on the lines of every direction but one (rows, columns,
//! diagonals), and the last direction's lines are coloured by a knapsack
//! over them: given each line's cells still open to either army, the most
//! that both armies can reach at once ([`Walker::reach`]). That same
//! knapsack, with cells of undecided lines open to both armies, bounds
//! every node. Colourings are kept one per class under the board's
//! symmetries and the swap of the armies, by a lex-leader test on the rows
//! and columns ([`Plan::images`]). Threads take the first lines' colourings
//! as tasks and share the best size found.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::problem::Problem;
use crate::solve::Stop;

/// Lines whose colourings are the tasks the threads share (2^12 tasks).
pub(super) const TASK_LINES: usize = 12;

/// The search's fixed data: the lines it branches on, the lines the
/// knapsack colours, and the symmetries as maps of the first lines.
pub struct Plan {
    pub(super) cells: usize,
    /// The lines the search colours one by one, in order.
    pub(super) lines: Vec<Vec<usize>>,
    /// The knapsack's line of each cell (`usize::MAX`: not live).
    pub(super) item_of: Vec<usize>,
    /// The knapsack's lines.
    pub(super) items: usize,
    /// How many of the first lines the symmetries map onto themselves.
    prefix: usize,
    /// Each symmetry as the inverse map of the first `prefix` lines and
    /// whether it swaps the armies.
    images: Vec<(Vec<usize>, bool)>,
}

impl Plan {
    /// The plan for `problem`, with its symmetries unless `no_symmetry`.
    pub fn new(problem: &Problem, no_symmetry: bool) -> Plan {
        let (knapsack, branched) = problem.families.split_last().expect("a direction is kept");
        let mut lines: Vec<Vec<usize>> = Vec::new();
        let mut family_ends = Vec::new();
        for (i, family) in branched.iter().enumerate() {
            let mut family = family.clone();
            if i >= 2 {
                // Long diagonals first: they close the most cells.
                family.sort_by_key(|l| std::cmp::Reverse(l.len()));
            }
            lines.extend(family);
            family_ends.push(lines.len());
        }
        let mut item_of = vec![usize::MAX; problem.n_cells()];
        for (i, line) in knapsack.iter().enumerate() {
            for &c in line {
                item_of[c] = i;
            }
        }
        let mut plan = Plan {
            cells: problem.n_cells(),
            lines,
            item_of,
            items: knapsack.len(),
            prefix: 0,
            images: Vec::new(),
        };
        if !no_symmetry {
            plan.set_images(problem, &family_ends);
        }
        plan
    }

    /// The symmetries that map the first one or two directions' lines onto
    /// themselves, with the swap of the armies (which maps every line to
    /// itself).
    fn set_images(&mut self, problem: &Problem, family_ends: &[usize]) {
        let index: std::collections::HashMap<Vec<usize>, usize> = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| (sorted(l), i))
            .collect();
        let closes = |map: &[usize], prefix: usize| -> Option<Vec<usize>> {
            let mut inverse = vec![0; prefix];
            for (i, line) in self.lines[..prefix].iter().enumerate() {
                let image = sorted(&line.iter().map(|&c| map[c]).collect::<Vec<_>>());
                let j = *index.get(&image).filter(|&&j| j < prefix)?;
                inverse[j] = i;
            }
            Some(inverse)
        };
        let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
        for &end in family_ends.iter().take(2) {
            let kept: Vec<Vec<usize>> =
                problem.maps.iter().filter_map(|m| closes(m, end)).collect();
            if best.1.is_empty() || kept.len() >= best.1.len() {
                best = (end, kept);
            }
        }
        let (prefix, inverses) = best;
        self.prefix = prefix;
        let identity: Vec<usize> = (0..prefix).collect();
        self.images = std::iter::once((identity, true))
            .chain(
                inverses
                    .into_iter()
                    .flat_map(|inv| [(inv.clone(), false), (inv, true)]),
            )
            .collect();
    }

    /// How many symmetries (with the identity) the lex-leader test uses.
    pub fn group_order(&self) -> usize {
        self.images.len() + 1
    }

    /// The lines the search colours.
    pub fn n_lines(&self) -> usize {
        self.lines.len()
    }
}

fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}

/// A colouring of every line the search branches on, with the size both
/// armies reach under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// Whether each line (in the plan's order) is the first army's.
    pub first_army: Vec<bool>,
    /// The size both armies reach.
    pub size: u32,
}

/// What a search ended with.
pub struct Outcome {
    /// The best colouring found, if any.
    pub best: Option<Colouring>,
    /// Whether the search went through every colouring (else it stopped).
    pub complete: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// One thread's search state.
pub(super) struct Walker<'a> {
    pub(super) plan: &'a Plan,
    /// The cells still open to each army.
    pub(super) open: [Vec<u64>; 2],
    /// How many cells of each knapsack line are open to each army.
    pub(super) per_item: [Vec<u32>; 2],
    colours: Vec<bool>,
    pub(super) trail: Vec<u32>,
    dp: Vec<i64>,
    pub(super) nodes: u64,
}

impl<'a> Walker<'a> {
    pub(super) fn new(plan: &'a Plan) -> Walker<'a> {
        let words = plan.cells.div_ceil(64);
        let mut open = vec![0u64; words];
        let mut per_item = vec![0u32; plan.items];
        for (c, &item) in plan.item_of.iter().enumerate() {
            if item != usize::MAX {
                open[c / 64] |= 1 << (c % 64);
                per_item[item] += 1;
            }
        }
        Walker {
            plan,
            open: [open.clone(), open],
            per_item: [per_item.clone(), per_item],
            colours: vec![false; plan.lines.len()],
            trail: Vec::new(),
            dp: Vec::new(),
            nodes: 0,
        }
    }

    /// Gives line `depth` to the first army (`first`) or the second: its
    /// cells close to the other army.
    pub(super) fn colour(&mut self, depth: usize, first: bool) {
        self.colours[depth] = first;
        let other = usize::from(first);
        for &c in &self.plan.lines[depth] {
            let (word, bit) = (c / 64, 1u64 << (c % 64));
            if self.open[other][word] & bit != 0 {
                self.open[other][word] &= !bit;
                self.per_item[other][self.plan.item_of[c]] -= 1;
                self.trail.push((c as u32) << 1 | other as u32);
            }
        }
    }

    /// Reopens what was closed since the trail was `mark` long.
    pub(super) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let entry = self.trail.pop().unwrap_or_default();
            let (c, army) = ((entry >> 1) as usize, (entry & 1) as usize);
            self.open[army][c / 64] |= 1 << (c % 64);
            self.per_item[army][self.plan.item_of[c]] += 1;
        }
    }

    /// Whether the knapsack's lines can be coloured so that both armies
    /// reach `size` on the cells open to them.
    fn reach(&mut self, size: u32) -> bool {
        let m = size as usize;
        self.dp.clear();
        self.dp.resize(m + 1, -1);
        self.dp[0] = 0;
        let mut top = 0usize;
        for item in 0..self.plan.items {
            let (first, second) = (
                self.per_item[0][item] as usize,
                self.per_item[1][item] as i64,
            );
            for x in (0..=top).rev() {
                let d = self.dp[x];
                if d < 0 {
                    continue;
                }
                let y = (x + first).min(m);
                if self.dp[y] < d {
                    self.dp[y] = d;
                }
                self.dp[x] = d + second;
            }
            top = (top + first).min(m);
        }
        self.dp[m] >= m as i64
    }

    /// Whether the colours of the first `depth` lines can still be the
    /// greatest of their class (the first army's line counts above the
    /// second's, earlier lines first).
    fn leads(&self, depth: usize) -> bool {
        let known = depth.min(self.plan.prefix);
        self.plan.images.iter().all(|(inverse, swap)| {
            for (i, &own) in self.colours[..known].iter().enumerate() {
                let j = inverse[i];
                if j >= depth {
                    return true;
                }
                let image = self.colours[j] != *swap;
                if image != own {
                    return own;
                }
            }
            true
        })
    }

    /// Whether the node at `depth` may hold armies of `size`.
    pub(super) fn viable(&mut self, depth: usize, size: u32) -> bool {
        self.nodes += 1;
        (depth > self.plan.prefix || self.leads(depth)) && self.reach(size)
    }

    /// Sets the first `depth` lines to the colours of task `task` (its
    /// bits, line 0 the highest), or `false` when a line on the way fails.
    pub(super) fn enter(&mut self, task: usize, depth: usize, size: u32) -> bool {
        for d in 0..depth {
            let first = task >> (depth - 1 - d) & 1 == 1;
            self.colour(d, first);
            if !self.viable(d + 1, size) {
                return false;
            }
        }
        true
    }

    /// The size both armies reach at a leaf, counted up from `size`, which
    /// they reach.
    fn size_at_leaf(&mut self, mut size: u32) -> u32 {
        while self.reach(size + 1) {
            size += 1;
        }
        size
    }
}

/// Shared between the threads: the best size, who holds it, the next
/// task and the stop.
struct Shared<'a> {
    best: AtomicU64,
    holder: Mutex<Option<Colouring>>,
    next_task: AtomicUsize,
    stopped: AtomicBool,
    nodes: AtomicU64,
    stop: &'a Stop,
}

/// The largest armies: the best colouring, on `threads` threads until
/// `stop`.
pub fn best(plan: &Plan, threads: usize, stop: &Stop) -> Outcome {
    let shared = Shared {
        best: AtomicU64::new(0),
        holder: Mutex::new(None),
        next_task: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        stop,
    };
    let task_lines = TASK_LINES.min(plan.lines.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| work(plan, &shared, task_lines));
        }
    });
    let found = shared
        .holder
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let complete = !shared.stopped.load(Ordering::Relaxed);
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let Some(found) = found else {
        return Outcome {
            best: None,
            complete,
            nodes,
        };
    };
    // The first colouring in the search's order that reaches the best
    // size, so the answer is the same on any number of threads.
    let first = if complete {
        first_of_size(plan, found.size)
    } else {
        None
    };
    Outcome {
        best: Some(first.unwrap_or(found)),
        complete,
        nodes,
    }
}

fn work(plan: &Plan, shared: &Shared, task_lines: usize) {
    let mut walker = Walker::new(plan);
    loop {
        let task = shared.next_task.fetch_add(1, Ordering::Relaxed);
        if task >= 1 << task_lines || shared.stopped.load(Ordering::Relaxed) {
            break;
        }
        let target = shared.best.load(Ordering::Relaxed) as u32 + 1;
        if walker.enter(task, task_lines, target) {
            descend(&mut walker, task_lines, shared);
        }
        walker.undo(0);
    }
    shared.nodes.fetch_add(walker.nodes, Ordering::Relaxed);
}

/// The depth-first search below `depth`, improving the shared best.
fn descend(walker: &mut Walker, depth: usize, shared: &Shared) {
    if walker.nodes & 0xfff == 0 && shared.stop.now() {
        shared.stopped.store(true, Ordering::Relaxed);
    }
    if shared.stopped.load(Ordering::Relaxed) {
        return;
    }
    let target = shared.best.load(Ordering::Relaxed) as u32 + 1;
    if depth == walker.plan.lines.len() {
        // Another thread may have raised the best since this node was
        // judged: count up from what is known to be reached.
        let size = walker.size_at_leaf(target - 1);
        let mut holder = shared.holder.lock().unwrap_or_else(|e| e.into_inner());
        if holder.as_ref().is_none_or(|h| h.size < size) {
            shared.best.fetch_max(u64::from(size), Ordering::Relaxed);
            *holder = Some(Colouring {
                first_army: walker.colours.clone(),
                size,
            });
        }
        return;
    }
    for first in [true, false] {
        let mark = walker.trail.len();
        walker.colour(depth, first);
        let target = shared.best.load(Ordering::Relaxed) as u32 + 1;
        if walker.viable(depth + 1, target) {
            descend(walker, depth + 1, shared);
        }
        walker.undo(mark);
    }
}

/// The first colouring, in the search's order, on which both armies reach
/// `size`.
pub fn first_of_size(plan: &Plan, size: u32) -> Option<Colouring> {
    fn go(walker: &mut Walker, depth: usize, size: u32) -> bool {
        if depth == walker.plan.lines.len() {
            return true;
        }
        for first in [true, false] {
            let mark = walker.trail.len();
            walker.colour(depth, first);
            if walker.viable(depth + 1, size) && go(walker, depth + 1, size) {
                return true;
            }
            walker.undo(mark);
        }
        false
    }
    let mut walker = Walker::new(plan);
    (walker.reach(size) && go(&mut walker, 0, size)).then(|| Colouring {
        first_army: walker.colours.clone(),
        size,
    })
}

/// The cells of each army under `colouring`: the knapsack's lines coloured
/// so both reach its size, then the first `size` open cells of each.
pub fn armies(plan: &Plan, colouring: &Colouring) -> [Vec<usize>; 2] {
    let mut walker = Walker::new(plan);
    for (d, &first) in colouring.first_army.iter().enumerate() {
        walker.colour(d, first);
    }
    let m = colouring.size as usize;
    // best[i][x]: the most cells of the second army with the first i
    // knapsack lines coloured and min(x, m) cells of the first.
    let items = plan.items;
    let mut best = vec![vec![-1i64; m + 1]; items + 1];
    best[0][0] = 0;
    for item in 0..items {
        let (first, second) = (
            walker.per_item[0][item] as usize,
            walker.per_item[1][item] as i64,
        );
        for x in 0..=m {
            let d = best[item][x];
            if d < 0 {
                continue;
            }
            let y = (x + first).min(m);
            best[item + 1][y] = best[item + 1][y].max(d);
            best[item + 1][x] = best[item + 1][x].max(d + second);
        }
    }
    let mut first_army_item = vec![false; items];
    let (mut x, mut need) = (m, m as i64);
    for item in (0..items).rev() {
        let (first, second) = (
            walker.per_item[0][item] as usize,
            walker.per_item[1][item] as i64,
        );
        // Took the item for the second army?
        if best[item][x] >= 0 && best[item][x] + second >= need {
            need -= second;
            continue;
        }
        let from = (0..=x).find(|&p| (p + first).min(m) == x && best[item][p] >= need);
        let p = from.expect("the knapsack's table leads back to its start");
        first_army_item[item] = true;
        x = p;
    }
    let mut out = [Vec::new(), Vec::new()];
    for c in 0..plan.cells {
        let item = plan.item_of[c];
        if item == usize::MAX {
            continue;
        }
        let army = usize::from(!first_army_item[item]);
        if walker.open[army][c / 64] >> (c % 64) & 1 == 1 && out[army].len() < m {
            out[army].push(c);
        }
    }
    out
}
