//! Pure geometry: the cells of a board of any dimension (optionally a torus),
//! its walls, the lines a rider moves along and their wall-free segments, the
//! rays from a cell, and leapers' cell pairs. No solver concepts here.
//!
//! Cells are numbered row-major (the first coordinate varies slowest), so
//! cell order is the same everywhere and output is deterministic.
//!
//! ```
//! let board = qspec::Board::new(&[3, 3], false, &[vec![1, 1]]);
//! assert_eq!(board.n_cells(), 9);
//! assert!(board.is_wall(board.index(&[1, 1])));
//! // The row through (1, 0) is cut by the wall into two segments of one cell.
//! assert_eq!(board.segments(&[0, 1]).iter().filter(|s| s.contains(&3)).count(), 1);
//! ```

pub mod orbit;
pub mod piece;
mod placement;
pub mod sets;
pub mod symmetry;

pub use piece::{builtin, moves, n_directions, Moves, Piece, BUILTIN_PIECES};
pub use placement::Placement;

/// A cell as the user writes it: `(1,3)`.
pub fn show(cell: &[usize]) -> String {
    let parts: Vec<String> = cell.iter().map(ToString::to_string).collect();
    format!("({})", parts.join(","))
}

/// A board's shape as the user writes it: `8 x 8`, `4 x 4 x 4`.
pub fn show_dims(dims: &[usize]) -> String {
    let parts: Vec<String> = dims.iter().map(ToString::to_string).collect();
    parts.join(" x ")
}

/// A board: its shape, whether it wraps around, and its fixed walls.
#[derive(Clone, Debug)]
pub struct Board {
    dims: Vec<usize>,
    strides: Vec<usize>,
    torus: bool,
    wall: Vec<bool>,
}

/// A full line of a rider direction: every cell in order, walls included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The cells in order.
    pub cells: Vec<usize>,
    /// On a torus the line closes on itself: its last cell precedes its first.
    pub cyclic: bool,
}

impl Board {
    /// A board of shape `dims` with walls at `walls` (coordinates).
    pub fn new(dims: &[usize], torus: bool, walls: &[Vec<usize>]) -> Board {
        let mut strides = vec![1; dims.len()];
        for i in (0..dims.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * dims[i + 1];
        }
        let n: usize = dims.iter().product();
        let mut board = Board {
            dims: dims.to_vec(),
            strides,
            torus,
            wall: vec![false; n],
        };
        for w in walls {
            let i = board.index(w);
            board.wall[i] = true;
        }
        board
    }

    /// The side of each axis.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The number of cells, walls included.
    pub fn n_cells(&self) -> usize {
        self.wall.len()
    }

    /// Whether lines wrap around.
    pub fn is_torus(&self) -> bool {
        self.torus
    }

    /// Whether `cell` is a fixed wall.
    pub fn is_wall(&self, cell: usize) -> bool {
        self.wall[cell]
    }

    /// The cell at `coords` (which must be on the board).
    pub fn index(&self, coords: &[usize]) -> usize {
        coords.iter().zip(&self.strides).map(|(c, s)| c * s).sum()
    }

    /// The coordinates of `cell`.
    pub fn coords(&self, cell: usize) -> Vec<usize> {
        self.dims
            .iter()
            .zip(&self.strides)
            .map(|(&size, &stride)| cell / stride % size)
            .collect()
    }

    /// The cell reached from `cell` by the step `v`: `None` off the edge
    /// (on a torus, always a cell).
    pub fn step(&self, cell: usize, v: &[i64]) -> Option<usize> {
        let mut to = 0usize;
        for ((&size, &stride), &dv) in self.dims.iter().zip(&self.strides).zip(v) {
            let c = (cell / stride % size) as i64 + dv;
            let c = if self.torus {
                c.rem_euclid(size as i64)
            } else if c < 0 || c >= size as i64 {
                return None;
            } else {
                c
            };
            to += c as usize * stride;
        }
        Some(to)
    }

    /// Every line of direction `v` (one of each `+-v` pair), each exactly once.
    pub fn lines(&self, v: &[i64]) -> Vec<Line> {
        if self.torus {
            self.cycles(v)
        } else {
            self.open_lines(v)
        }
    }

    fn open_lines(&self, v: &[i64]) -> Vec<Line> {
        let back: Vec<i64> = v.iter().map(|x| -x).collect();
        (0..self.n_cells())
            .filter(|&c| self.step(c, &back).is_none())
            .map(|start| {
                let mut cells = vec![start];
                let mut at = start;
                while let Some(next) = self.step(at, v) {
                    cells.push(next);
                    at = next;
                }
                Line {
                    cells,
                    cyclic: false,
                }
            })
            .collect()
    }

    fn cycles(&self, v: &[i64]) -> Vec<Line> {
        let mut seen = vec![false; self.n_cells()];
        let mut out = Vec::new();
        for start in 0..self.n_cells() {
            if seen[start] {
                continue;
            }
            let mut cells = Vec::new();
            let mut at = start;
            loop {
                seen[at] = true;
                cells.push(at);
                at = self.step(at, v).expect("a torus has no edge");
                if at == start {
                    break;
                }
            }
            out.push(Line {
                cells,
                cyclic: true,
            });
        }
        out
    }

    /// The wall-free runs of `line`, in order. On a cyclic line without
    /// walls the single run is the whole cycle; with walls, runs wrap around.
    pub fn segments_of(&self, line: &Line) -> Vec<Vec<usize>> {
        let cells = &line.cells;
        let first_wall = cells.iter().position(|&c| self.wall[c]);
        let order: Vec<usize> = match (line.cyclic, first_wall) {
            (true, Some(w)) => cells[w + 1..].iter().chain(&cells[..=w]).copied().collect(),
            _ => cells.clone(),
        };
        order
            .split(|&c| self.wall[c])
            .filter(|run| !run.is_empty())
            .map(<[usize]>::to_vec)
            .collect()
    }

    /// Hands `visit` every wall-free segment of direction `v`, as
    /// [`Board::segments`] lists them, without a vector per line: on a
    /// board with many short lines (a queen on 2^10: 29,524 directions)
    /// the allocations were most of the work.
    pub fn for_each_segment(&self, v: &[i64], mut visit: impl FnMut(&[usize])) {
        if self.torus {
            for line in self.cycles(v) {
                for segment in self.segments_of(&line) {
                    visit(&segment);
                }
            }
            return;
        }
        // Only the axes `v` moves along decide a step (a queen's direction
        // in 10 dimensions moves along 6 or 7 of them, on average).
        let axes: Vec<(usize, i64, i64)> = (0..self.dims.len())
            .filter(|&i| v[i] != 0)
            .map(|i| (self.strides[i], self.dims[i] as i64, v[i]))
            .collect();
        if axes.is_empty() {
            return;
        }
        let offset: i64 = axes.iter().map(|&(stride, _, dv)| stride as i64 * dv).sum();
        let inside = |cell: usize, sign: i64| {
            axes.iter().all(|&(stride, size, dv)| {
                let c = (cell / stride) as i64 % size + sign * dv;
                (0..size).contains(&c)
            })
        };
        let mut run = Vec::new();
        for start in (0..self.n_cells()).filter(|&c| !inside(c, -1)) {
            let mut cell = start;
            loop {
                if self.wall[cell] {
                    if !run.is_empty() {
                        visit(&run);
                        run.clear();
                    }
                } else {
                    run.push(cell);
                }
                if !inside(cell, 1) {
                    break;
                }
                cell = (cell as i64 + offset) as usize;
            }
            if !run.is_empty() {
                visit(&run);
                run.clear();
            }
        }
    }

    /// All wall-free segments of direction `v`.
    pub fn segments(&self, v: &[i64]) -> Vec<Vec<usize>> {
        self.lines(v)
            .iter()
            .flat_map(|l| self.segments_of(l))
            .collect()
    }

    /// The cells a rider at `from` sees along `v`, nearest first, stopping
    /// before a wall, at the edge, or (torus) before returning to `from`.
    pub fn ray(&self, from: usize, v: &[i64]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(next) = self.step(at, v) {
            if next == from || self.wall[next] {
                break;
            }
            out.push(next);
            at = next;
        }
        out
    }

    /// The unordered pairs of distinct non-wall cells a leaper move `v`
    /// joins, each pair once, sorted.
    pub fn leaper_pairs(&self, v: &[i64]) -> Vec<(usize, usize)> {
        let mut pairs: Vec<(usize, usize)> = (0..self.n_cells())
            .filter(|&c| !self.wall[c])
            .filter_map(|c| {
                let to = self.step(c, v)?;
                (to != c && !self.wall[to]).then_some((c.min(to), c.max(to)))
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_each_segment_visits_what_segments_lists() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for case in 0..200 {
            let d = 1 + case % 4;
            let dims: Vec<usize> = (0..d).map(|_| 1 + next(5)).collect();
            let n: usize = dims.iter().product();
            let probe = Board::new(&dims, false, &[]);
            let walls: Vec<Vec<usize>> = (0..next(n + 1) / 2)
                .map(|_| probe.coords(next(n)))
                .collect();
            let board = Board::new(&dims, case % 3 == 0, &walls);
            let v: Vec<i64> = (0..d).map(|_| next(5) as i64 - 2).collect();
            if v.iter().all(|&x| x == 0) {
                continue;
            }
            let mut visited = Vec::new();
            board.for_each_segment(&v, |s| visited.push(s.to_vec()));
            assert_eq!(visited, board.segments(&v), "{dims:?} {walls:?} {v:?}");
        }
    }

    #[test]
    fn coordinates_round_trip() {
        let b = Board::new(&[3, 4, 5], false, &[]);
        for c in 0..b.n_cells() {
            assert_eq!(b.index(&b.coords(c)), c);
        }
        assert_eq!(b.coords(b.n_cells() - 1), vec![2, 3, 4]);
    }

    #[test]
    fn queen_lines_on_8x8_cover_each_cell_once_per_direction() {
        let b = Board::new(&[8, 8], false, &[]);
        for v in [[0, 1], [1, 0], [1, 1], [1, -1]] {
            let lines = b.lines(&v);
            let total: usize = lines.iter().map(|l| l.cells.len()).sum();
            assert_eq!(total, 64);
        }
        assert_eq!(b.lines(&[1, 1]).len(), 15);
    }

    #[test]
    fn walls_split_segments() {
        let b = Board::new(&[1, 8], false, &[vec![0, 3]]);
        assert_eq!(b.segments(&[0, 1]), vec![vec![0, 1, 2], vec![4, 5, 6, 7]]);
    }

    #[test]
    fn torus_segments_wrap_around_the_wall() {
        let b = Board::new(&[1, 6], true, &[vec![0, 2]]);
        assert_eq!(b.segments(&[0, 1]), vec![vec![3, 4, 5, 0, 1]]);
        let free = Board::new(&[4, 4], true, &[]);
        let diag = free.lines(&[1, 1]);
        assert_eq!(diag.len(), 4);
        assert!(diag.iter().all(|l| l.cyclic && l.cells.len() == 4));
    }

    #[test]
    fn rays_stop_at_walls_and_edges() {
        let b = Board::new(&[1, 8], false, &[vec![0, 5]]);
        assert_eq!(b.ray(1, &[0, 1]), vec![2, 3, 4]);
        assert_eq!(b.ray(1, &[0, -1]), vec![0]);
    }

    #[test]
    fn knight_pairs_on_3x3() {
        let b = Board::new(&[3, 3], false, &[]);
        let n: usize = [[1, 2], [1, -2], [2, 1], [2, -1]]
            .iter()
            .map(|v| b.leaper_pairs(v).len())
            .sum();
        assert_eq!(n, 8);
    }
}
