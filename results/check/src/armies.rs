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
//! white ones, over the anti-diagonals open to both; simple counts, and
//! the anti-diagonals white takes at the least cost to black, answer first
//! when they can). Each anti-diagonal's open cells are counted as the
//! lines are coloured. Each board is kept once, as its least image of 16.

use std::collections::HashSet;

use crate::square;

type Mask = [u64; 4];

/// The open cells of the anti-diagonals open to one colour only, by
/// colour, and the (white, black) open cells of the `k` open to both.
struct Sides {
    white: i64,
    black: i64,
    both: [(i64, i64); 31],
    k: usize,
}

/// How many cells each anti-diagonal holds still open to each colour.
#[derive(Clone, Copy)]
struct Open {
    white: [u8; 31],
    black: [u8; 31],
}

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
    /// The anti-diagonals (r + c fixed) as masks, and each cell's.
    antis: Vec<Mask>,
    anti_of: Vec<usize>,
    long_first: Vec<usize>,
    classes: HashSet<Vec<usize>>,
    nodes: u64,
}

/// Every board of `m` queens a colour on n x n (n <= 16).
#[allow(dead_code)] // the binary runs find_part; the test suite, which includes this file, calls find
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
    let anti_of: Vec<usize> = (0..n * n).map(|x| x / n + x % n).collect();
    let mut long_first: Vec<usize> = (0..2 * n - 1).collect();
    long_first.sort_by_key(|&a| a.abs_diff(n - 1));
    let mut full = Open {
        white: [0; 31],
        black: [0; 31],
    };
    for (a, mask) in antis.iter().enumerate() {
        full.white[a] = count_in(&all, mask) as u8;
        full.black[a] = full.white[a];
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
        anti_of,
        long_first,
        classes: HashSet::new(),
        nodes: 0,
    };
    s.line(0, 0, all, all, full);
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
    /// each, and `open` how many of them each anti-diagonal holds.
    fn line(&mut self, i: usize, colours: u64, white: Mask, black: Mask, open: Open) {
        if i == self.cut && colours % self.parts as u64 != self.part as u64 {
            return;
        }
        self.nodes += 1;
        if !self.may_reach(&open) {
            return;
        }
        if i == self.lines.len() {
            self.anti(0, [0; 4], [0; 4], &white, &black);
            return;
        }
        let (mut w, mut b, mut to_white, mut to_black) = (white, black, open, open);
        for &c in &self.lines[i] {
            if bit(&b, c) {
                clear(&mut b, c);
                to_white.black[self.anti_of[c]] -= 1;
            }
        }
        self.line(i + 1, colours << 1, white, b, to_white);
        if i == 0 {
            return;
        }
        for &c in &self.lines[i] {
            if bit(&w, c) {
                clear(&mut w, c);
                to_black.white[self.anti_of[c]] -= 1;
            }
        }
        self.line(i + 1, colours << 1 | 1, w, black, to_black);
    }

    /// Whether the anti-diagonals can go, each to one colour, so that both
    /// colours keep m open cells.
    fn may_reach(&self, open: &Open) -> bool {
        self.at_a_glance(open).unwrap_or_else(|| {
            let sides = self.sides(open);
            self.by_ratio(&sides)
                .unwrap_or_else(|| self.by_the_table(&sides))
        })
    }

    /// The anti-diagonals as the ratio and the table see them: one open to
    /// one colour only goes to it; those open to both, the long first.
    fn sides(&self, open: &Open) -> Sides {
        let mut sides = Sides {
            white: 0,
            black: 0,
            both: [(0, 0); 31],
            k: 0,
        };
        for &a in &self.long_first {
            let (w, b) = (open.white[a] as i64, open.black[a] as i64);
            if b == 0 {
                sides.white += w;
            } else if w == 0 {
                sides.black += b;
            } else {
                sides.both[sides.k] = (w, b);
                sides.k += 1;
            }
        }
        sides
    }

    /// The answer when the cheapest way to give white what it lacks tells
    /// it. Of the anti-diagonals open to both, white takes some, and black
    /// loses their cells: taken in order of black lost per white cell
    /// gained, the first ones that cover white's lack cost at least what
    /// any choice costs with the last one cut to fit (no when black then
    /// falls short), and taken whole, or with the last one swapped for one
    /// after it that covers the rest alone, are a choice (yes when black
    /// keeps m).
    fn by_ratio(&self, sides: &Sides) -> Option<bool> {
        let m = self.m as i64;
        let mut both = sides.both;
        let both = &mut both[..sides.k];
        // Black lost per white cell gained, the least first.
        both.sort_unstable_by(|p, q| (p.1 * q.0).cmp(&(q.1 * p.0)));
        let mut lack = (m - sides.white).max(0);
        // Black cells white may take while black keeps m.
        let spare = sides.black + both.iter().map(|p| p.1).sum::<i64>() - m;
        let mut lost = 0;
        for (j, &(w, b)) in both.iter().enumerate() {
            if lack == 0 {
                break;
            }
            if w >= lack {
                // Cut to fit: lost + b * lack / w, the least any choice loses.
                if (spare - lost) * w < b * lack {
                    return Some(false);
                }
                let last = both[j..]
                    .iter()
                    .filter(|p| p.0 >= lack)
                    .map(|p| p.1)
                    .min()
                    .unwrap_or(b);
                return (lost + last <= spare).then_some(true);
            }
            lack -= w;
            lost += b;
        }
        if lack > 0 {
            return Some(false);
        }
        Some(lost <= spare)
    }

    /// The table's answer: over the anti-diagonals open to both, best[x] is
    /// the most black cells with x more white (x capped at what white still
    /// lacks).
    fn by_the_table(&self, sides: &Sides) -> bool {
        let lack = (self.m as i64 - sides.white).max(0) as usize;
        // Far below any count, and still so after adding every cell.
        const NONE: i16 = -16_000;
        let (mut one, mut two) = ([NONE; 129], [NONE; 129]);
        let (mut best, mut next) = (&mut one[..=lack], &mut two[..=lack]);
        best[0] = sides.black as i16;
        let enough = self.m as i16;
        // The long anti-diagonals first: best[lack] never falls, so it may
        // reach m before the short ones are counted.
        for &(w, b) in &sides.both[..sides.k] {
            if best[lack] >= enough {
                return true;
            }
            let (w, b) = (w as usize, b as i16);
            // Black takes the line: x stays, best gains b. White takes it:
            // x moves up by w (to lack at most), best stays.
            for x in 0..lack {
                next[x] = best[x] + b;
            }
            for x in w..lack {
                next[x] = next[x].max(best[x - w]);
            }
            let mut top = best[lack] + b;
            for &v in &best[lack.saturating_sub(w)..=lack] {
                top = top.max(v);
            }
            next[lack] = top;
            std::mem::swap(&mut best, &mut next);
        }
        best[lack] >= enough
    }

    /// The answer when simple counts tell it: no, when one colour's
    /// open cells, or the two colours' together with each anti-diagonal
    /// given to its larger side, fall short; yes, when giving each
    /// anti-diagonal to its larger side (a tie to the colour behind) reaches
    /// m for both.
    fn at_a_glance(&self, open: &Open) -> Option<bool> {
        let m = self.m;
        let (mut all_white, mut all_black, mut larger) = (0, 0, 0);
        let (mut x, mut y) = (0, 0);
        for a in 0..self.antis.len() {
            let (w, b) = (open.white[a] as usize, open.black[a] as usize);
            all_white += w;
            all_black += b;
            larger += w.max(b);
            if w > b || (w == b && x <= y) {
                x += w;
            } else {
                y += b;
            }
        }
        if all_white < m || all_black < m || larger < 2 * m {
            return Some(false);
        }
        if x >= m && y >= m {
            return Some(true);
        }
        None
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
