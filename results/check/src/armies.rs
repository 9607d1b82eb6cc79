//! Peaceable armies: every board of m white and m black queens on n x n
//! with no queen on a line (row, column, diagonal) with one of the other
//! colour, and their classes under the square's 8 symmetries and the swap
//! of colours.
//!
//! The method: a peaceful board colours each line it uses by the colour of
//! the queens on it, so every board is found by giving each line a colour
//! and taking, for each colour, cells whose four lines all have it. The
//! first line (row 0) is given to white: a board's swap of colours is a
//! board too, and one of the two has no black queen on row 0. Every other
//! line is tried both ways (no other symmetry is used); a colouring is cut when
//! the cells still open to white, or to black, cannot reach m — counted
//! line by line over the anti-diagonals, the last lines coloured, each
//! going to one colour (a table of the most black cells for each number of
//! white ones). Each board is kept once, as its least image of 16.

use std::collections::HashSet;

use crate::square;

type Mask = [u64; 4];

fn bit(m: &Mask, c: usize) -> bool {
    m[c / 64] >> (c % 64) & 1 == 1
}

fn clear(m: &mut Mask, c: usize) {
    m[c / 64] &= !(1u64 << (c % 64));
}

fn count_in(m: &Mask, line: &Mask) -> usize {
    (0..4).map(|w| (m[w] & line[w]).count_ones() as usize).sum()
}

/// What the search found.
pub struct Found {
    /// Boards (all of them, each class counted by its images).
    pub boards: u64,
    /// Classes, each as its least image: white cells then black cells.
    pub classes: Vec<Vec<usize>>,
    /// Line colourings visited.
    pub nodes: u64,
}

struct Search {
    n: usize,
    m: usize,
    /// This search's part: the colourings of the first `cut` lines whose
    /// number (line 0 the highest bit, 1 for black) is `part` modulo `parts`.
    cut: usize,
    part: usize,
    parts: usize,
    /// Rows, columns and diagonals (r - c fixed), each as its cells.
    lines: Vec<Vec<usize>>,
    /// The anti-diagonals (r + c fixed) as masks.
    antis: Vec<Mask>,
    classes: HashSet<Vec<usize>>,
    nodes: u64,
}

/// Every board of `m` queens a colour on n x n (n <= 16).
pub fn find(n: usize, m: usize) -> Found {
    find_part(n, m, 0, 1)
}

/// The boards of part `part` of `parts` (0 <= part < parts): those of the
/// colourings of the first lines whose number is `part` modulo `parts`.
/// The parts together find every board; the lines are cut where there are
/// at least 16 colourings a part, so the parts sample the whole search.
pub fn find_part(n: usize, m: usize, part: usize, parts: usize) -> Found {
    assert!(n <= 16 && m <= 128, "n <= 16, m <= 128");
    assert!(part < parts, "part {part} of {parts}");
    let mut lines = Vec::new();
    for r in 0..n {
        lines.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        lines.push((0..n).map(|r| r * n + c).collect());
    }
    // The diagonals from the middle out: the long ones close the most
    // cells, so the counts cut early.
    let mut diagonals: Vec<usize> = (0..2 * n - 1).collect();
    diagonals.sort_by_key(|&d| d.abs_diff(n - 1));
    for d in diagonals {
        // r - c = d - (n - 1)
        let cells: Vec<usize> = (0..n * n)
            .filter(|&x| (x / n) + (n - 1) == (x % n) + d)
            .collect();
        lines.push(cells);
    }
    let mut antis = vec![[0u64; 4]; 2 * n - 1];
    for x in 0..n * n {
        let a = x / n + x % n;
        antis[a][x / 64] |= 1 << (x % 64);
    }
    let mut all = [0u64; 4];
    for x in 0..n * n {
        all[x / 64] |= 1 << (x % 64);
    }
    // Line 0 has one colour, so `cut` lines give 2^(cut - 1) colourings.
    let mut cut = 1;
    while cut < lines.len() && (1usize << (cut - 1)) < 16 * parts {
        cut += 1;
    }
    let mut s = Search {
        n,
        m,
        cut,
        part,
        parts,
        lines,
        antis,
        classes: HashSet::new(),
        nodes: 0,
    };
    s.line(0, 0, all, all);
    let mut boards = 0;
    let mut classes: Vec<Vec<usize>> = s.classes.into_iter().collect();
    classes.sort();
    for class in &classes {
        boards += orbit(n, m, class);
    }
    Found {
        boards,
        classes,
        nodes: s.nodes,
    }
}

impl Search {
    /// Colours line `i` and those after it; `colours`: those of the lines
    /// before it (1 for black); `white`, `black`: the cells still open to
    /// each.
    fn line(&mut self, i: usize, colours: u64, white: Mask, black: Mask) {
        if i == self.cut && colours % self.parts as u64 != self.part as u64 {
            return;
        }
        self.nodes += 1;
        if !self.may_reach(&white, &black) {
            return;
        }
        if i == self.lines.len() {
            self.anti(0, [0; 4], [0; 4], &white, &black);
            return;
        }
        let (mut w, mut b) = (white, black);
        for &c in &self.lines[i] {
            clear(&mut b, c);
        }
        self.line(i + 1, colours << 1, white, b);
        if i == 0 {
            return;
        }
        for &c in &self.lines[i] {
            clear(&mut w, c);
        }
        self.line(i + 1, colours << 1 | 1, w, black);
    }

    /// Whether the anti-diagonals can go so that both colours keep m
    /// open cells: best[x] is the most black cells with x white (x capped
    /// at m).
    fn may_reach(&self, white: &Mask, black: &Mask) -> bool {
        let m = self.m;
        // In place, x from the top down, so each line counts once.
        let mut best = [i64::MIN; 129];
        best[0] = 0;
        for a in &self.antis {
            let (w, b) = (count_in(white, a), count_in(black, a) as i64);
            for x in (0..=m).rev() {
                if best[x] == i64::MIN {
                    continue;
                }
                let y = (x + w).min(m);
                let keep = best[x];
                best[x] = keep + b;
                if y != x {
                    best[y] = best[y].max(keep);
                } else {
                    best[x] = best[x].max(keep);
                }
            }
        }
        best[m] >= m as i64
    }

    /// Gives anti-diagonal `j` and those after it a colour each, `w` and
    /// `b` the cells taken so far; at the end, every board on them. (The
    /// anti-diagonals are disjoint, so the cells taken so far and those of the
    /// lines left add up.)
    fn anti(&mut self, j: usize, w: Mask, b: Mask, white: &Mask, black: &Mask) {
        if j == self.antis.len() {
            let ws: Vec<usize> = (0..self.n * self.n).filter(|&c| bit(&w, c)).collect();
            let bs: Vec<usize> = (0..self.n * self.n).filter(|&c| bit(&b, c)).collect();
            if ws.len() >= self.m && bs.len() >= self.m {
                self.boards(&ws, &bs);
            }
            return;
        }
        // Cut when the anti-diagonals left cannot bring either colour to m.
        let left = |open: &Mask, taken: &Mask| {
            let rest: usize = self.antis[j..].iter().map(|a| count_in(open, a)).sum();
            count_in(taken, &[u64::MAX; 4]) + rest >= self.m
        };
        if !left(white, &w) || !left(black, &b) {
            return;
        }
        let a = self.antis[j];
        let mut w2 = w;
        let mut b2 = b;
        for k in 0..4 {
            w2[k] |= a[k] & white[k];
            b2[k] |= a[k] & black[k];
        }
        self.anti(j + 1, w2, b, white, black);
        self.anti(j + 1, w, b2, white, black);
    }

    /// Every m of `ws` with every m of `bs`, kept by class.
    fn boards(&mut self, ws: &[usize], bs: &[usize]) {
        let m = self.m;
        for w in choose(ws, m) {
            for b in choose(bs, m) {
                self.classes.insert(least(self.n, &w, &b));
            }
        }
    }
}

/// Every `k` of `items`.
fn choose(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut with: Vec<Vec<usize>> = choose(&items[1..], k - 1)
        .into_iter()
        .map(|mut v| {
            v.insert(0, items[0]);
            v
        })
        .collect();
    with.extend(choose(&items[1..], k));
    with
}

/// The board's 16 images (8 symmetries, colours kept or swapped), each as
/// white cells then black cells, sorted.
fn images(n: usize, w: &[usize], b: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for s in 0..8 {
        let (iw, ib) = (square::image(n, s, w), square::image(n, s, b));
        out.push([iw.clone(), ib.clone()].concat());
        out.push([ib, iw].concat());
    }
    out
}

fn least(n: usize, w: &[usize], b: &[usize]) -> Vec<usize> {
    images(n, w, b).into_iter().min().unwrap_or_default()
}

/// How many boards the class of `class` holds.
pub fn orbit(n: usize, m: usize, class: &[usize]) -> u64 {
    let set: HashSet<Vec<usize>> = images(n, &class[..m], &class[m..]).into_iter().collect();
    set.len() as u64
}
