//! The conflict graph as the search reads it: vertices relabelled into the
//! search order, each vertex's compatible vertices as a bit row, the
//! automorphisms in the same labels; and the bit sets every part of the
//! engine shares ([`Words`]: a set of vertices, 64 to a word).

/// A set of vertices, 64 to a word.
pub type Words = Vec<u64>;

/// The graph in search order: `compatible[v]` are the vertices that may be
/// chosen with `v` (bits), `maps` the automorphisms in the same order.
pub struct Graph {
    pub(super) words: usize,
    /// `n` rows of `words`.
    compatible: Vec<u64>,
    pub(super) maps: Vec<Vec<u32>>,
}

impl Graph {
    /// The graph of `n` vertices with `conflicts` (sorted lists), and the
    /// automorphisms `maps`; vertices are relabelled internally: the
    /// second value is the vertex at each search position.
    pub fn new(n: usize, conflicts: &[Vec<usize>], maps: &[Vec<usize>]) -> (Graph, Vec<usize>) {
        // Most compatible first: coloured first, branched on last.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (conflicts[v].len(), v));
        let mut position = vec![0usize; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let words = n.div_ceil(64);
        let mut compatible = vec![0u64; n * words];
        for (i, &v) in order.iter().enumerate() {
            let row = &mut compatible[i * words..(i + 1) * words];
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

    /// How many vertices it has.
    pub fn n(&self) -> usize {
        self.compatible.len() / self.words.max(1)
    }

    /// How many automorphisms it has (the identity not counted).
    pub fn n_maps(&self) -> usize {
        self.maps.len()
    }

    /// Whether `a` and `b` may be chosen together.
    pub fn compatible(&self, a: u32, b: u32) -> bool {
        has(self.row(a), b)
    }

    /// The vertices compatible with `v`.
    pub fn row(&self, v: u32) -> &[u64] {
        let v = v as usize;
        &self.compatible[v * self.words..(v + 1) * self.words]
    }

    /// The image of `v` under automorphism `g`.
    pub fn image(&self, g: u32, v: u32) -> u32 {
        self.maps[g as usize][v as usize]
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

/// Whether `set` is empty.
pub fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|&w| w == 0)
}

/// `set` restricted to the vertices compatible with `v`.
pub fn restrict(graph: &Graph, set: &mut [u64], v: u32) {
    for (a, b) in set.iter_mut().zip(graph.row(v)) {
        *a &= b;
    }
}
