//! Non-attacking queens on the board n^d: a queen attacks along every
//! non-zero vector of {-1, 0, 1}^d (nothing blocks on an empty board of
//! queens that do not attack). Every placement of exactly m queens, by a
//! branch and bound over bit sets with a greedy clique-cover bound, and the
//! classes under the board's 2^d d! symmetries (signed permutations of the
//! axes).

#[derive(Debug, Default, Clone)]
pub struct Count {
    pub solutions: u64,
    pub classes: u64,
    pub class_sizes: u64,
    pub nodes: u64,
    /// With `list`: each class's least placement (sorted cells, as
    /// coordinates) and its size.
    pub listed: Vec<(Vec<Vec<usize>>, u64)>,
}

type Set = Vec<u64>;

fn first(s: &Set) -> Option<usize> {
    s.iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
}

fn coords(n: usize, d: usize, mut cell: usize) -> Vec<usize> {
    let mut out = vec![0; d];
    for axis in (0..d).rev() {
        out[axis] = cell % n;
        cell /= n;
    }
    out
}

fn index(n: usize, coords: &[usize]) -> usize {
    coords.iter().fold(0, |acc, &c| acc * n + c)
}

/// Whether queens on `a` and `b` attack: the difference is a multiple of
/// a vector of {-1, 0, 1}^d (every non-zero coordinate of equal size).
fn attack(a: &[usize], b: &[usize]) -> bool {
    let diffs: Vec<usize> = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| x.abs_diff(y))
        .filter(|&v| v != 0)
        .collect();
    !diffs.is_empty() && diffs.iter().all(|&v| v == diffs[0])
}

struct Search {
    n: usize,
    d: usize,
    m: usize,
    adj: Vec<Set>,
    chosen: Vec<usize>,
    symmetries: Vec<(Vec<usize>, Vec<bool>)>,
    list: bool,
    count: Count,
}

/// Every placement of `m` non-attacking queens on n^d.
#[allow(dead_code)] // the binary lists; tests/suite/results.rs counts
pub fn count(n: usize, d: usize, m: usize) -> Count {
    count_listing(n, d, m, false)
}

/// [`count`], listing each class's least placement when `list`.
pub fn count_listing(n: usize, d: usize, m: usize, list: bool) -> Count {
    let cells = n.pow(d as u32);
    let words = cells.div_ceil(64);
    let all: Vec<Vec<usize>> = (0..cells).map(|c| coords(n, d, c)).collect();
    let mut adj = vec![vec![0u64; words]; cells];
    for a in 0..cells {
        for b in 0..cells {
            if a != b && attack(&all[a], &all[b]) {
                adj[a][b / 64] |= 1 << (b % 64);
            }
        }
    }
    let mut search = Search {
        n,
        d,
        m,
        adj,
        chosen: Vec::new(),
        symmetries: signed_permutations(d),
        list,
        count: Count::default(),
    };
    let mut cand = vec![0u64; words];
    for c in 0..cells {
        cand[c / 64] |= 1 << (c % 64);
    }
    search.branch(cand);
    search.count
}

/// Every signed permutation of d axes: (where each axis goes, flipped?).
fn signed_permutations(d: usize) -> Vec<(Vec<usize>, Vec<bool>)> {
    let mut perms: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..d {
        let mut longer = Vec::new();
        for p in &perms {
            for a in (0..d).filter(|a| !p.contains(a)) {
                let mut q = p.clone();
                q.push(a);
                longer.push(q);
            }
        }
        perms = longer;
    }
    let mut out = Vec::new();
    for p in perms {
        for mask in 0..1usize << d {
            out.push((p.clone(), (0..d).map(|i| mask >> i & 1 == 1).collect()));
        }
    }
    out
}

impl Search {
    /// A greedy cover of `cand` by sets of pairwise attacking cells.
    fn cover(&self, cand: &Set) -> usize {
        let mut left = cand.clone();
        let mut groups = 0;
        while let Some(v) = first(&left) {
            let mut room: Set = left.iter().zip(&self.adj[v]).map(|(a, b)| a & b).collect();
            left[v / 64] &= !(1 << (v % 64));
            while let Some(u) = first(&room) {
                left[u / 64] &= !(1 << (u % 64));
                for (r, a) in room.iter_mut().zip(&self.adj[u]) {
                    *r &= a;
                }
            }
            groups += 1;
        }
        groups
    }

    fn branch(&mut self, mut cand: Set) {
        self.count.nodes += 1;
        if self.chosen.len() == self.m {
            self.solution();
            return;
        }
        if self.chosen.len() + self.cover(&cand) < self.m {
            return;
        }
        while let Some(v) = first(&cand) {
            cand[v / 64] &= !(1 << (v % 64));
            let next: Set = cand.iter().zip(&self.adj[v]).map(|(a, b)| a & !b).collect();
            self.chosen.push(v);
            self.branch(next);
            self.chosen.pop();
            if self.chosen.len() + self.cover(&cand) < self.m {
                return;
            }
        }
    }

    fn solution(&mut self) {
        self.count.solutions += 1;
        let mut me = self.chosen.clone();
        me.sort_unstable();
        let mut least = true;
        let mut fixed = 0u64;
        for (perm, flip) in &self.symmetries {
            let mut img: Vec<usize> = me
                .iter()
                .map(|&c| {
                    let x = coords(self.n, self.d, c);
                    let y: Vec<usize> = (0..self.d)
                        .map(|i| {
                            if flip[i] {
                                self.n - 1 - x[perm[i]]
                            } else {
                                x[perm[i]]
                            }
                        })
                        .collect();
                    index(self.n, &y)
                })
                .collect();
            img.sort_unstable();
            if img < me {
                least = false;
            }
            if img == me {
                fixed += 1;
            }
        }
        if least {
            let size = self.symmetries.len() as u64 / fixed;
            self.count.classes += 1;
            self.count.class_sizes += size;
            if self.list {
                let cells = me.iter().map(|&c| coords(self.n, self.d, c)).collect();
                self.count.listed.push((cells, size));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_counts() {
        // 8 queens on 8x8: 92 solutions, 12 classes.
        let c = count(8, 2, 8);
        assert_eq!((c.solutions, c.classes, c.class_sizes), (92, 12, 92));
        // 4 queens on 3^3: the most (A068940), and never 5.
        assert!(count(3, 3, 4).solutions > 0);
        assert_eq!(count(3, 3, 5).solutions, 0);
        let c = count(3, 3, 4);
        assert_eq!(c.class_sizes, c.solutions);
    }
}
