//! The branch and bound: the largest set of pairwise compatible vertices
//! (a maximum clique of the compatibility graph), San Segundo's bitset
//! form of Tomita's MCQ/MCS. At each node the candidates are coloured
//! greedily — each colour class a set of vertices that pairwise conflict
//! (a line of queens, a cube of cells), so at most one of a class can join
//! — and the number of colours bounds what the candidates can add; the
//! node branches on the candidates in reverse colour order and stops when
//! the bound cannot beat the best set so far.
//!
//! Symmetry: the node keeps the group of automorphisms that fix every
//! chosen vertex. Once the branch on `v` is done, every image of `v` under
//! that group is dropped from the candidates too: a better set through an
//! image would map back onto one through `v`, already searched (the
//! candidates stay invariant under the group, as the argument needs). On
//! the cube 6^3 (48 symmetries) this takes the proof of "no 22 queens" from
//! about 10 M nodes to 0.4 M.

use super::super::oracle::Stop;

/// How often (in nodes) the deadline and the stop flag are looked at.
const CHECK_EVERY: u64 = 1 << 10;

/// A set of vertices, 64 to a word.
type Words = Vec<u64>;

/// The graph in search order: `compatible[v]` are the vertices that may be
/// chosen with `v` (bits), `maps` the automorphisms in the same order.
pub struct Graph {
    words: usize,
    compatible: Vec<Words>,
    maps: Vec<Vec<u32>>,
}

impl Graph {
    /// The graph of `n` vertices with `conflicts` (sorted lists), and the
    /// automorphisms `maps`; vertices are relabelled internally.
    pub fn new(n: usize, conflicts: &[Vec<usize>], maps: &[Vec<usize>]) -> (Graph, Vec<usize>) {
        // Most compatible first: coloured first, branched on last.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (conflicts[v].len(), v));
        let mut position = vec![0usize; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let words = n.div_ceil(64);
        let mut compatible = vec![vec![0u64; words]; n];
        for (i, &v) in order.iter().enumerate() {
            let row = &mut compatible[i];
            for j in 0..n {
                if j != i {
                    row[j / 64] |= 1 << (j % 64);
                }
            }
            for &w in &conflicts[v] {
                let j = position[w];
                row[j / 64] &= !(1 << (j % 64));
            }
        }
        let maps = maps
            .iter()
            .map(|m| order.iter().map(|&v| position[m[v]] as u32).collect())
            .collect();
        (
            Graph {
                words,
                compatible,
                maps,
            },
            order,
        )
    }
}

impl Graph {
    /// How many automorphisms it has (the identity not counted).
    pub fn n_maps(&self) -> usize {
        self.maps.len()
    }

    /// Whether `a` and `b` may be chosen together.
    pub fn compatible(&self, a: u32, b: u32) -> bool {
        has(&self.compatible[a as usize], b)
    }

    /// The image of `v` under automorphism `g`.
    pub fn image(&self, g: u32, v: u32) -> u32 {
        self.maps[g as usize][v as usize]
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every set was searched: the best one is the largest.
    Exhausted,
    /// The best set reached the goal.
    Reached,
    /// The deadline or a stop came first.
    Stopped,
}

/// One search.
pub struct Search<'a> {
    graph: &'a Graph,
    stop: &'a Stop,
    /// The size a set must exceed to be recorded.
    best: usize,
    /// Stop at a set of this size.
    goal: usize,
    chosen: Vec<u32>,
    frames: Vec<Frame>,
    scratch: (Words, Words),
    nodes: u64,
    on_better: &'a mut dyn FnMut(&[u32]),
}

/// A node's state.
#[derive(Default)]
struct Frame {
    candidates: Words,
    order: Vec<u32>,
    colour: Vec<u32>,
    group: Vec<u32>,
}

impl<'a> Search<'a> {
    /// A search for a set larger than `best`, ending at one of `goal`;
    /// `on_better` gets every better set (vertices in search order).
    pub fn new(
        graph: &'a Graph,
        stop: &'a Stop,
        best: usize,
        goal: usize,
        on_better: &'a mut dyn FnMut(&[u32]),
    ) -> Search<'a> {
        Search {
            graph,
            stop,
            best,
            goal,
            chosen: Vec::new(),
            frames: Vec::new(),
            scratch: (vec![0; graph.words], vec![0; graph.words]),
            nodes: 0,
            on_better,
        }
    }

    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches the sets that hold `chosen` (pairwise compatible) and
    /// otherwise only `candidates` (each compatible with all of `chosen`);
    /// `group` indexes the automorphisms that fix each chosen vertex and
    /// keep the candidates.
    pub fn run(&mut self, chosen: &[u32], candidates: Words, group: Vec<u32>) -> End {
        self.chosen = chosen.to_vec();
        if self.chosen.len() > self.best {
            self.record();
            if self.best >= self.goal {
                return End::Reached;
            }
        }
        self.frames.clear();
        self.frames.push(Frame {
            candidates,
            group,
            ..Frame::default()
        });
        if is_empty(&self.frames[0].candidates) {
            return End::Exhausted;
        }
        self.expand(0)
    }

    fn record(&mut self) {
        self.best = self.chosen.len();
        (self.on_better)(&self.chosen);
    }

    fn expand(&mut self, depth: usize) -> End {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 && self.stop.now() {
            return End::Stopped;
        }
        self.colour(depth);
        let mut i = self.frames[depth].order.len();
        while i > 0 {
            i -= 1;
            let frame = &self.frames[depth];
            if self.chosen.len() + frame.colour[i] as usize <= self.best {
                break;
            }
            let v = frame.order[i];
            if !has(&frame.candidates, v) {
                continue; // the image of a vertex already branched on
            }
            self.chosen.push(v);
            let reached = self.chosen.len() >= self.goal;
            if reached || !self.descend(depth, v) {
                // A set no candidate extends (or the goal): recorded when
                // better, so the sets reported are maximal ones.
                if self.chosen.len() > self.best {
                    self.record();
                }
                if reached {
                    return End::Reached;
                }
            } else {
                let end = self.expand(depth + 1);
                if end != End::Exhausted {
                    return end;
                }
            }
            self.chosen.pop();
            self.drop_orbit(depth, v);
        }
        End::Exhausted
    }

    /// Prepares the child of `depth` that chose `v`; `false` when it has
    /// no candidates.
    fn descend(&mut self, depth: usize, v: u32) -> bool {
        if self.frames.len() == depth + 1 {
            self.frames.push(Frame::default());
        }
        let (upper, lower) = self.frames.split_at_mut(depth + 1);
        let (parent, child) = (&upper[depth], &mut lower[0]);
        let row = &self.graph.compatible[v as usize];
        child.candidates.clear();
        child
            .candidates
            .extend(parent.candidates.iter().zip(row).map(|(a, b)| a & b));
        if is_empty(&child.candidates) {
            return false;
        }
        child.group.clear();
        let maps = &self.graph.maps;
        child.group.extend(
            parent
                .group
                .iter()
                .filter(|&&g| maps[g as usize][v as usize] == v),
        );
        true
    }

    /// Removes `v` and its images under the node's group from its candidates.
    fn drop_orbit(&mut self, depth: usize, v: u32) {
        let frame = &mut self.frames[depth];
        clear(&mut frame.candidates, v);
        for &g in &frame.group {
            clear(
                &mut frame.candidates,
                self.graph.maps[g as usize][v as usize],
            );
        }
    }

    /// Colours the node's candidates greedily into classes of pairwise
    /// conflicting vertices; records the vertices whose colour could still
    /// beat the best (with their colours, ascending).
    fn colour(&mut self, depth: usize) {
        let (pending, class) = &mut self.scratch;
        let frame = &mut self.frames[depth];
        pending.clone_from(&frame.candidates);
        frame.order.clear();
        frame.colour.clear();
        let needed = (self.best + 1).saturating_sub(self.chosen.len());
        let words = self.graph.words;
        let mut k = 0usize;
        let mut start = 0;
        while start < words {
            if pending[start] == 0 {
                start += 1;
                continue;
            }
            k += 1;
            class.clone_from(pending);
            for w in start..words {
                while class[w] != 0 {
                    let bit = class[w].trailing_zeros();
                    let v = (w * 64) as u32 + bit;
                    class[w] &= class[w] - 1;
                    pending[w] &= !(1u64 << bit);
                    let row = &self.graph.compatible[v as usize];
                    for x in w..words {
                        class[x] &= !row[x];
                    }
                    if k >= needed {
                        frame.order.push(v);
                        frame.colour.push(k as u32);
                    }
                }
            }
        }
    }
}

/// A set of `n` vertices, all of them.
pub fn full(n: usize) -> Words {
    let mut w = vec![0u64; n.div_ceil(64)];
    for v in 0..n {
        w[v / 64] |= 1 << (v % 64);
    }
    w
}

/// Whether `v` is in `set`.
pub fn has(set: &[u64], v: u32) -> bool {
    set[v as usize / 64] >> (v % 64) & 1 == 1
}

/// Removes `v` from `set`.
pub fn clear(set: &mut [u64], v: u32) {
    set[v as usize / 64] &= !(1u64 << (v % 64));
}

fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|&w| w == 0)
}

/// `set` restricted to the vertices compatible with `v`.
pub fn restrict(graph: &Graph, set: &mut [u64], v: u32) {
    for (a, b) in set.iter_mut().zip(&graph.compatible[v as usize]) {
        *a &= b;
    }
}
