//! The bound at a node: which candidates must be branched on, because the
//! others cannot make a better set without them.
//!
//! The candidates are coloured into classes of pairwise conflicting
//! vertices (a line of queens, a small cube): at most one vertex of a
//! class can join, so `k` classes bound what they hold by `k`. With `need`
//! vertices still to find, the first `need - 1` classes (the set `A`)
//! cannot make a better set alone; the vertices of later classes (`B`) are
//! the branches — the colouring bound of Tomita's MCQ/MCS. Then each
//! vertex of `B` is tried for a place in `A` at no cost to its bound
//! ([`super::maxsat`]: Re-NUMBER, and unit propagation over the classes as
//! MaxSAT soft clauses); those no argument places are the branches.
//!
//! The colouring is DSATUR's (Brélaz): the next vertex coloured is the one
//! with the fewest classes it may still join, fewest conflicts first among
//! equals, into the first class it may join. On the cubes it needs a sixth
//! fewer classes than colouring in a fixed order (28 against 33 at a
//! typical node of 7^3), which is most of what the search saves: (7,3) >=
//! 33 takes 1.5 M nodes instead of 14 M with the same MaxSAT reasoning.
//!
//! Each node works on its candidates relabelled `0..n` ([`Local`]): rows
//! of conflicts among the candidates only, a few words where the whole
//! board's rows take six or more, and the label order is the tie order.

use super::graph::{Graph, Words};
use super::local::{members, Local};
use super::maxsat::Absorber;

/// A node's bound: the scratch space of one search, reused at every node.
pub struct Bound {
    /// Whether vertices of `B` are tried for a place in `A` (else the
    /// plain colouring bound).
    pub reasoning: bool,
    /// The labellings made, one slot per depth, and the one each depth
    /// uses (its own, or an ancestor's while the candidates fill most of
    /// it: a node's candidates are among its parent's).
    spaces: Vec<Local>,
    uses: Vec<usize>,
    /// The candidates in the labels in use.
    mask: Words,
    colouring: Dsatur,
    absorber: Absorber,
    /// Whether the absorber ran at the last node.
    absorbed: bool,
    /// Whether the task's root inherits the labels in slot 0.
    origin: bool,
}

/// A node relabels its candidates when they fill less than this share
/// (in eighths) of the labels it would inherit.
const RELABEL_BELOW: usize = 4;

impl Bound {
    /// Scratch space for `graph`.
    pub fn new(graph: &Graph) -> Bound {
        let _ = graph;
        Bound {
            reasoning: true,
            spaces: Vec::new(),
            uses: Vec::new(),
            mask: Vec::new(),
            colouring: Dsatur::default(),
            absorber: Absorber::default(),
            absorbed: false,
            origin: false,
        }
    }

    /// The branches of a node at `depth` with `candidates` (among those
    /// of its parent at `depth - 1`, if any) that must find `need` more
    /// vertices (`need >= 1`) to beat the best set: `order` gets them,
    /// `bound` the bound of the candidates up to each (ascending: the node
    /// branches from the last; the branch at `i` and those before it hold
    /// no set larger than `bound[i]`, the vertices not in `order` none
    /// larger than `need - 1`).
    pub fn branches(
        &mut self,
        graph: &Graph,
        candidates: &[u64],
        depth: usize,
        need: usize,
        order: &mut Vec<u32>,
        bound: &mut Vec<u32>,
    ) {
        order.clear();
        bound.clear();
        self.absorbed = false;
        let space = self.space(graph, candidates, depth);
        let local = &self.spaces[space];
        let free = need - 1;
        let k = self.colouring.colour(local, &self.mask);
        if k <= free {
            return;
        }
        if !self.reasoning || free == 0 {
            for (c, class) in self.colouring.classes().enumerate().skip(free) {
                for i in members(class) {
                    order.push(local.vertex[i]);
                    bound.push((c + 1) as u32);
                }
            }
            return;
        }
        self.absorbed = true;
        let placed = self.absorber.absorb(
            local,
            self.colouring.classes().take(free),
            self.colouring.beyond(free),
        );
        for &i in placed {
            order.push(local.vertex[i as usize]);
            bound.push((free + order.len()) as u32);
        }
    }

    /// Starts a task whose root inherits the labels made from `labels`
    /// (its parent's), or makes its own.
    pub fn start(&mut self, graph: &Graph, labels: Option<&[u64]>) {
        self.origin = labels.is_some();
        if let Some(from) = labels {
            if self.spaces.is_empty() {
                self.spaces.push(Local::new(graph));
            }
            if self.spaces[0].from != from {
                self.spaces[0].build(graph, from);
            }
        }
    }

    /// The candidates the labels of the node at `depth` were made from.
    pub fn labels(&self, depth: usize) -> &[u64] {
        &self.spaces[self.uses[depth]].from
    }

    /// The labelling the node at `depth` uses (its slot: 0 holds the
    /// task's inherited labels, `depth + 1` those made at `depth`), with
    /// `mask` set to its candidates in it.
    fn space(&mut self, graph: &Graph, candidates: &[u64], depth: usize) -> usize {
        if self.spaces.len() < depth + 2 {
            self.spaces.resize_with(depth + 2, || Local::new(graph));
            self.uses.resize(depth + 1, 0);
        }
        let inherited = match depth {
            0 => self.origin.then_some(0),
            _ => Some(self.uses[depth - 1]),
        };
        if let Some(slot) = inherited {
            let local = &self.spaces[slot];
            self.mask.clear();
            self.mask.resize(local.words, 0);
            let mut n = 0;
            for v in members(candidates) {
                let l = local.label[v] as usize;
                self.mask[l / 64] |= 1u64 << (l % 64);
                n += 1;
            }
            if n * 8 >= local.n * RELABEL_BELOW {
                self.uses[depth] = slot;
                return slot;
            }
        }
        let local = &mut self.spaces[depth + 1];
        local.build(graph, candidates);
        self.mask.clear();
        self.mask.resize(local.words, 0);
        for l in 0..local.n {
            self.mask[l / 64] |= 1u64 << (l % 64);
        }
        self.uses[depth] = depth + 1;
        depth + 1
    }

    /// The classes of `A` at the last node at `depth`, as vertices
    /// (Re-NUMBER has moved some), and the vertices of `B` unit
    /// propagation placed, each with the classes it spent: the node's
    /// reasoning, what a proof log states.
    pub fn reasoning(&self, depth: usize) -> Reasoning {
        let local = &self.spaces[self.uses[depth]];
        let classes = self
            .absorber
            .classes()
            .map(|class| members(class).map(|i| local.vertex[i]).collect())
            .collect();
        let placed = self
            .absorber
            .placed()
            .map(|(b, set)| {
                (
                    local.vertex[b as usize],
                    set.iter().map(|&c| c as usize).collect(),
                )
            })
            .collect();
        Reasoning { classes, placed }
    }

    /// Checks the last node's answer (debug builds): every class of its
    /// reasoning pairwise conflicting; and with at most [`AUDITED`]
    /// candidates, by an exact search, no set of the candidates left out
    /// of `order` larger than `need - 1`, nor with the branches up to `i`
    /// larger than `bound[i]`.
    pub fn audit(
        &self,
        graph: &Graph,
        candidates: &[u64],
        depth: usize,
        need: usize,
        order: &[u32],
        bound: &[u32],
    ) {
        let all: Vec<u32> = members(candidates).map(|v| v as u32).collect();
        if self.absorbed {
            let reasoning = self.reasoning(depth);
            let mut seen: Vec<u32> = order.to_vec();
            for class in &reasoning.classes {
                for (i, &a) in class.iter().enumerate() {
                    for &b in &class[i + 1..] {
                        assert!(!graph.compatible(a, b), "a class holds compatible vertices");
                    }
                }
                seen.extend(class);
            }
            for (b, spent) in &reasoning.placed {
                assert!(spent.iter().all(|&c| c < reasoning.classes.len()));
                seen.push(*b);
            }
            seen.sort_unstable();
            assert_eq!(
                seen, all,
                "classes, placed vertices and branches split the candidates"
            );
        }
        if all.len() > AUDITED {
            return;
        }
        let mut kept: Vec<u32> = all.iter().copied().filter(|v| !order.contains(v)).collect();
        assert!(
            largest(graph, &kept) < need,
            "the vertices not branched on hold a better set"
        );
        for (i, &v) in order.iter().enumerate() {
            kept.push(v);
            assert!(
                largest(graph, &kept) <= bound[i] as usize,
                "a branch's bound is too low"
            );
        }
    }
}

/// Why a node's vertices left out of its branches hold no better set.
pub struct Reasoning {
    /// The classes (pairwise conflicting vertices each).
    pub classes: Vec<Vec<u32>>,
    /// Each vertex placed by propagation, with the classes (indices into
    /// `classes`) it spent.
    pub placed: Vec<(u32, Vec<usize>)>,
}

/// The most candidates [`Bound::audit`] checks by an exact search.
pub const AUDITED: usize = 24;

/// The size of the largest set of pairwise compatible vertices among
/// `vertices` (at most [`AUDITED`]).
fn largest(graph: &Graph, vertices: &[u32]) -> usize {
    fn grow(graph: &Graph, vertices: &[u32], left: u32, size: usize, best: &mut usize) {
        if left == 0 {
            *best = (*best).max(size);
            return;
        }
        if size + left.count_ones() as usize <= *best {
            return;
        }
        let i = left.trailing_zeros() as usize;
        let rest = left & (left - 1);
        let mut with = 0u32;
        for j in members(&[u64::from(rest)]) {
            if graph.compatible(vertices[i], vertices[j]) {
                with |= 1 << j;
            }
        }
        grow(graph, vertices, with, size + 1, best);
        grow(graph, vertices, rest, size, best);
    }
    let mut best = 0;
    let all = if vertices.is_empty() {
        0
    } else {
        u32::MAX >> (32 - vertices.len())
    };
    grow(graph, vertices, all, 0, &mut best);
    best
}

/// DSATUR over a node's labels: classes of pairwise conflicting labels.
#[derive(Default)]
struct Dsatur {
    words: usize,
    /// Each class's members and the uncoloured labels that may join it
    /// (every member conflicts with them), `words` each.
    members: Vec<u64>,
    join: Vec<u64>,
    uncoloured: Words,
    /// For each label, how many classes it may join; the labels by that
    /// number (`words` each) and how many each holds.
    joinable: Vec<u32>,
    buckets: Vec<u64>,
    sizes: Vec<u32>,
    k: usize,
}

impl Dsatur {
    /// Colours the labels `mask` of `local`; the number of classes.
    fn colour(&mut self, local: &Local, mask: &[u64]) -> usize {
        let words = local.words;
        let n = mask.iter().map(|w| w.count_ones() as usize).sum();
        self.words = words;
        self.members.clear();
        self.join.clear();
        self.uncoloured.clear();
        self.uncoloured.extend_from_slice(mask);
        self.joinable.clear();
        self.joinable.resize(local.n, 0);
        self.buckets.clear();
        self.buckets.extend_from_slice(mask);
        self.sizes.clear();
        self.sizes.push(n as u32);
        let mut low = 0;
        let mut k = 0;
        for _ in 0..n {
            while self.sizes[low] == 0 {
                low += 1;
            }
            let j = low;
            let v = (0..words)
                .find_map(|w| {
                    let x = self.buckets[j * words + w];
                    (x != 0).then(|| w * 64 + x.trailing_zeros() as usize)
                })
                .expect("a bucket of that size holds a label");
            let (vw, vb) = (v / 64, 1u64 << (v % 64));
            self.buckets[j * words + vw] &= !vb;
            self.sizes[j] -= 1;
            self.uncoloured[vw] &= !vb;
            let row = local.row(v);
            if j == 0 {
                // It may join no class: a class of its own, which every
                // uncoloured label it conflicts with may join.
                self.members.resize((k + 1) * words, 0);
                self.join.resize((k + 1) * words, 0);
                self.members[k * words + vw] |= vb;
                for (w, &r) in row.iter().enumerate() {
                    let x = self.uncoloured[w] & r;
                    self.join[k * words + w] = x;
                    self.up(w, x);
                }
                k += 1;
            } else {
                let c = (0..k)
                    .find(|&c| self.join[c * words + vw] & vb != 0)
                    .expect("a label in a bucket above 0 may join a class");
                self.members[c * words + vw] |= vb;
                for (w, &r) in row.iter().enumerate() {
                    let joiners = self.join[c * words + w];
                    let lost = joiners & self.uncoloured[w] & !r;
                    self.join[c * words + w] = joiners & r;
                    low = low.min(self.down(w, lost));
                }
            }
        }
        self.k = k;
        k
    }

    /// Moves the labels of `x` (word `w`) one bucket up: one more class
    /// they may join.
    fn up(&mut self, w: usize, mut x: u64) {
        let words = self.words;
        while x != 0 {
            let bit = x.trailing_zeros();
            x &= x - 1;
            let u = w * 64 + bit as usize;
            let j = self.joinable[u] as usize;
            if self.sizes.len() == j + 1 {
                self.sizes.push(0);
                self.buckets.resize((j + 2) * words, 0);
            }
            self.buckets[j * words + w] &= !(1u64 << bit);
            self.buckets[(j + 1) * words + w] |= 1u64 << bit;
            self.sizes[j] -= 1;
            self.sizes[j + 1] += 1;
            self.joinable[u] += 1;
        }
    }

    /// Moves the labels of `x` (word `w`) one bucket down: a class they
    /// may no longer join; the lowest bucket they reach.
    fn down(&mut self, w: usize, mut x: u64) -> usize {
        let words = self.words;
        let mut lowest = usize::MAX;
        while x != 0 {
            let bit = x.trailing_zeros();
            x &= x - 1;
            let u = w * 64 + bit as usize;
            let j = self.joinable[u] as usize;
            self.buckets[j * words + w] &= !(1u64 << bit);
            self.buckets[(j - 1) * words + w] |= 1u64 << bit;
            self.sizes[j] -= 1;
            self.sizes[j - 1] += 1;
            self.joinable[u] -= 1;
            lowest = lowest.min(j - 1);
        }
        lowest
    }

    /// The classes, `words` each.
    fn classes(&self) -> impl Iterator<Item = &[u64]> {
        self.members.chunks(self.words).take(self.k)
    }

    /// The labels of the classes from `free` on, in class order.
    fn beyond(&self, free: usize) -> impl Iterator<Item = u32> + '_ {
        self.classes()
            .skip(free)
            .flat_map(|class| members(class).map(|i| i as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator (the tests need no crate for it).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// The bound on random graphs, checked by an exact search: at every
    /// `need` from 1 to one past the largest set (where it is tight), the
    /// vertices left out of the branches hold no set of `need`, and the
    /// branches up to each hold none larger than its bound — with the
    /// MaxSAT reasoning and without.
    #[test]
    fn the_bound_never_leaves_out_a_set_it_must_branch_on() {
        let mut rng = Rng(0x0b0d_5eed);
        for round in 0..3000 {
            let n = 6 + rng.below(19) as usize;
            let density = 5 + rng.below(60);
            let mut conflicts = vec![Vec::new(); n];
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(100) < density {
                        conflicts[a].push(b);
                        conflicts[b].push(a);
                    }
                }
            }
            let (graph, _) = Graph::new(n, &conflicts, &[]);
            let mut candidates = vec![0u64; 1];
            for v in 0..n {
                if rng.below(5) != 0 {
                    candidates[0] |= 1 << v;
                }
            }
            let all: Vec<u32> = members(&candidates).map(|v| v as u32).collect();
            let most = largest(&graph, &all);
            let mut bound = Bound::new(&graph);
            bound.reasoning = round % 4 != 0;
            for need in 1..=most + 1 {
                let (mut order, mut bounds) = (Vec::new(), Vec::new());
                bound.start(&graph, None);
                bound.branches(&graph, &candidates, 0, need, &mut order, &mut bounds);
                bound.audit(&graph, &candidates, 0, need, &order, &bounds);
                if need > most {
                    continue;
                }
                // A set of `need` exists: the node must branch.
                assert!(
                    !order.is_empty(),
                    "round {round}: pruned a node holding {most}"
                );
            }
        }
    }
}
