//! A node's candidates relabelled `0..n` ([`Local`]): the bound colours
//! them and reasons about them in rows of conflicts among the candidates
//! only — a few words where the board's rows take six or more — and the
//! labels run from the fewest conflicts among the candidates, the order
//! DSATUR breaks ties in.

use super::graph::Graph;

/// The candidates of a node, relabelled `0..n` by (conflicts among the
/// candidates, vertex), with their conflict rows in these labels.
pub struct Local {
    /// How many candidates.
    pub n: usize,
    /// Words of a row.
    pub words: usize,
    /// The vertex of each label.
    pub vertex: Vec<u32>,
    /// `n` rows of `words`: the labels each conflicts with (not itself).
    pub conflicts: Vec<u64>,
    /// The candidates relabelled.
    pub from: Vec<u64>,
    /// Each vertex's label (read only for candidates).
    pub label: Vec<u32>,
    /// The candidates' conflicts among the candidates (vertices), from
    /// `starts[i]` to `starts[i + 1]` for the `i`-th candidate.
    lists: Vec<u32>,
    starts: Vec<u32>,
    /// (conflicts, vertex, index) packed, sorted into the labels.
    keys: Vec<u64>,
}

impl Local {
    /// Room for the candidates of `graph`.
    pub fn new(graph: &Graph) -> Local {
        Local {
            n: 0,
            words: 0,
            vertex: Vec::new(),
            conflicts: Vec::new(),
            from: Vec::new(),
            label: vec![0; graph.n()],
            lists: Vec::new(),
            starts: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The conflict row of label `i`.
    pub fn row(&self, i: usize) -> &[u64] {
        &self.conflicts[i * self.words..(i + 1) * self.words]
    }

    /// Relabels `candidates`.
    pub fn build(&mut self, graph: &Graph, candidates: &[u64]) {
        self.from.clear();
        self.from.extend_from_slice(candidates);
        self.lists.clear();
        self.starts.clear();
        self.keys.clear();
        for v in members(candidates) {
            let v = v as u32;
            let start = self.lists.len();
            self.starts.push(start as u32);
            for (i, (&c, &r)) in candidates.iter().zip(graph.row(v)).enumerate() {
                let mut y = c & !r;
                while y != 0 {
                    let u = (i * 64) as u32 + y.trailing_zeros();
                    y &= y - 1;
                    if u != v {
                        self.lists.push(u);
                    }
                }
            }
            let degree = (self.lists.len() - start) as u64;
            let index = self.keys.len() as u64;
            // Vertices and indices are below 2^16 (MAX_VERTICES).
            self.keys.push(degree << 32 | u64::from(v) << 16 | index);
        }
        self.starts.push(self.lists.len() as u32);
        self.keys.sort_unstable();
        let n = self.keys.len();
        self.n = n;
        self.words = n.div_ceil(64).max(1);
        self.vertex.clear();
        for (l, &key) in self.keys.iter().enumerate() {
            let v = (key >> 16 & 0xffff) as u32;
            self.vertex.push(v);
            self.label[v as usize] = l as u32;
        }
        self.conflicts.clear();
        self.conflicts.resize(n * self.words, 0);
        for (l, &key) in self.keys.iter().enumerate() {
            let i = (key & 0xffff) as usize;
            let (from, to) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            for &u in &self.lists[from..to] {
                let u = self.label[u as usize] as usize;
                self.conflicts[l * self.words + u / 64] |= 1u64 << (u % 64);
            }
        }
    }
}

/// The members of a set of labels, ascending.
pub fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + bit
            })
        })
    })
}
