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
//! and columns ([`Plan::images`]). [`super::run`] shares the search out
//! between threads.

use super::knapsack::Table;
use super::problem::Problem;

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
    pub(super) prefix: usize,
    /// Each symmetry as the inverse map of the first `prefix` lines (line
    /// `i`'s image is line `j` where `inverse[j] = i`) and whether it swaps
    /// the armies.
    pub(super) images: Vec<(Vec<usize>, bool)>,
    /// Each symmetry's map of cells, in the order of `images`.
    pub(super) image_cells: Vec<Vec<usize>>,
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
            image_cells: Vec::new(),
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
        // Each kept symmetry: its inverse map of the first lines, its map
        // of cells.
        type Kept<'p> = Vec<(Vec<usize>, &'p Vec<usize>)>;
        let mut best: (usize, Kept) = (0, Vec::new());
        for &end in family_ends.iter().take(2) {
            let kept: Kept = problem
                .maps
                .iter()
                .filter_map(|m| Some((closes(m, end)?, m)))
                .collect();
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
                    .iter()
                    .flat_map(|(inv, _)| [(inv.clone(), false), (inv.clone(), true)]),
            )
            .collect();
        self.image_cells = std::iter::once((0..self.cells).collect())
            .chain(inverses.iter().flat_map(|&(_, m)| [m.clone(), m.clone()]))
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

/// One thread's search state.
pub(super) struct Walker<'a> {
    pub(super) plan: &'a Plan,
    /// The cells still open to each army.
    pub(super) open: [Vec<u64>; 2],
    /// How many cells of each knapsack line are open to each army.
    pub(super) per_item: [Vec<u32>; 2],
    pub(super) colours: Vec<bool>,
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
    pub(super) fn reach(&mut self, size: u32) -> bool {
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
    pub(super) fn leads(&self, depth: usize) -> bool {
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

    /// Colours lines `from..to` as the bits of `colours` (line `to - 1` the
    /// lowest), or `false` when a line on the way fails.
    pub(super) fn enter(&mut self, colours: u64, from: usize, to: usize, size: u32) -> bool {
        for d in from..to {
            let first = colours >> (to - 1 - d) & 1 == 1;
            self.colour(d, first);
            if !self.viable(d + 1, size) {
                return false;
            }
        }
        true
    }

    /// The size both armies reach at a leaf, counted up from `size`, which
    /// they reach.
    pub(super) fn size_at_leaf(&mut self, mut size: u32) -> u32 {
        while self.reach(size + 1) {
            size += 1;
        }
        size
    }

    /// Each knapsack line's cells open to the first army and the second.
    pub(super) fn counts(&self) -> [Vec<usize>; 2] {
        self.per_item
            .clone()
            .map(|counts| counts.into_iter().map(|c| c as usize).collect())
    }

    /// The colouring of the lines coloured so far, reaching `size`.
    pub(super) fn colouring(&self, size: u32) -> Colouring {
        Colouring {
            first_army: self.colours.clone(),
            size,
        }
    }

    /// The cells open to each army once the knapsack's lines are coloured
    /// `first_army_item`, at most `most` of each, in order.
    pub(super) fn cells(&self, first_army_item: &[bool], most: usize) -> [Vec<usize>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (c, &item) in self.plan.item_of.iter().enumerate() {
            if item == usize::MAX {
                continue;
            }
            let army = usize::from(!first_army_item[item]);
            if self.open[army][c / 64] >> (c % 64) & 1 == 1 && out[army].len() < most {
                out[army].push(c);
            }
        }
        out
    }
}

/// The cells of each army under `colouring`: the first colouring of the
/// knapsack's lines on which both reach its size, then the first `size`
/// open cells of each.
pub fn armies(plan: &Plan, colouring: &Colouring) -> [Vec<usize>; 2] {
    let mut walker = Walker::new(plan);
    for (d, &first) in colouring.first_army.iter().enumerate() {
        walker.colour(d, first);
    }
    let table = Table::new(walker.counts(), colouring.size);
    let first_army_item = table
        .first()
        .expect("the colouring's armies reach its size");
    walker.cells(&first_army_item, colouring.size as usize)
}
