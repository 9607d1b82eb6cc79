//! The sets of cells a scoped count ranges over (`count per row == 1`,
//! `count per region == 2`, `count per line <= 2`, `count in (0,0) (2,2)
//! <= 1`): every row, column, diagonal, line of any slope, region of the
//! board's region picture, or one box. A set holds its cells in cell
//! order, walls included (a wall holds no piece, so it never counts; it
//! does not cut a set in two).
//!
//! ```
//! use qspec::board::sets::{sets, Scope};
//! let board = qspec::Board::new(&[3, 3], false, &[]);
//! assert_eq!(sets(&board, &Scope::Row, None, 1).len(), 3);
//! // On 3x3 the lines through three cells: 3 rows, 3 columns, 2 diagonals.
//! assert_eq!(sets(&board, &Scope::Line, None, 3).len(), 8);
//! ```

use super::{show, Board};

/// What a scoped count ranges over, set by set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Every row of a 2-D board (the cells that share the first coordinate).
    Row,
    /// Every column of a 2-D board (the cells that share the second).
    Column,
    /// Every diagonal line: the lines whose step moves by one along at
    /// least two axes and not at all along the others (a queen's diagonals).
    Diagonal,
    /// Every line through two or more cells, of any slope.
    Line,
    /// Every region of the board's `regions` picture.
    Region,
    /// The cells between two corners, both included.
    Box {
        /// The smallest coordinate on each axis.
        low: Vec<usize>,
        /// The largest coordinate on each axis.
        high: Vec<usize>,
    },
}

impl Scope {
    /// The words a model uses for `count per <word>`, in the order the
    /// language page lists them.
    pub const PER_WORDS: [&'static str; 5] = ["row", "column", "diagonal", "line", "region"];

    /// The scope `count per <word>` names.
    pub fn per(word: &str) -> Option<Scope> {
        match word {
            "row" => Some(Scope::Row),
            "column" => Some(Scope::Column),
            "diagonal" => Some(Scope::Diagonal),
            "line" => Some(Scope::Line),
            "region" => Some(Scope::Region),
            _ => None,
        }
    }

    /// How a model writes it: `per row`, `in (0,0) (2,2)`.
    pub fn text(&self) -> String {
        let per = |w: &str| format!("per {w}");
        match self {
            Scope::Row => per("row"),
            Scope::Column => per("column"),
            Scope::Diagonal => per("diagonal"),
            Scope::Line => per("line"),
            Scope::Region => per("region"),
            Scope::Box { low, high } => format!("in {} {}", super::show(low), super::show(high)),
        }
    }

    /// Whether its sets are lines of the board (rows, columns, diagonals,
    /// lines), which a torus would wrap.
    pub fn is_lines(&self) -> bool {
        matches!(
            self,
            Scope::Row | Scope::Column | Scope::Diagonal | Scope::Line
        )
    }
}

/// The region of each cell, drawn by a `regions { ... }` picture: a letter
/// or digit a region, `.` for a cell in no region.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    of_cell: Vec<Option<char>>,
}

impl Regions {
    /// The regions of a board's cells, in cell order.
    pub fn new(of_cell: Vec<Option<char>>) -> Regions {
        Regions { of_cell }
    }

    /// The region of `cell`, if it is in one.
    pub fn of(&self, cell: usize) -> Option<char> {
        self.of_cell.get(cell).copied().flatten()
    }

    /// The cells of each region, regions in the order their first cell
    /// comes.
    pub fn cells(&self) -> Vec<(char, Vec<usize>)> {
        let mut out: Vec<(char, Vec<usize>)> = Vec::new();
        for (cell, letter) in self.of_cell.iter().enumerate() {
            let Some(letter) = *letter else { continue };
            match out.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, cells)) => cells.push(cell),
                None => out.push((letter, vec![cell])),
            }
        }
        out
    }
}

/// Every set of `scope` on `board` with at least `shortest` cells (a set
/// with fewer cannot break `<= shortest - 1`, so a count leaves it out).
/// Lines of any slope are the board's lines off a torus: the checker
/// refuses `per line` and `per diagonal` on a torus.
pub fn sets(
    board: &Board,
    scope: &Scope,
    regions: Option<&Regions>,
    shortest: usize,
) -> Vec<Vec<usize>> {
    let along = |v: &[i64]| -> Vec<Vec<usize>> {
        board
            .lines(v)
            .into_iter()
            .map(|line| {
                let mut cells = line.cells;
                cells.sort_unstable();
                cells
            })
            .collect()
    };
    let all: Vec<Vec<usize>> = match scope {
        Scope::Row => along(&[0, 1]),
        Scope::Column => along(&[1, 0]),
        Scope::Diagonal => diagonal_steps(board.dims().len())
            .iter()
            .flat_map(|v| along(v))
            .collect(),
        Scope::Line => line_steps(board.dims(), shortest)
            .iter()
            .flat_map(|v| along(v))
            .collect(),
        Scope::Region => regions
            .map(|r| r.cells().into_iter().map(|(_, cells)| cells).collect())
            .unwrap_or_default(),
        Scope::Box { low, high } => vec![box_cells(board, low, high)],
    };
    all.into_iter().filter(|s| s.len() >= shortest).collect()
}

/// A set of `scope` on `board`, in words: `row 2`, `region 'c'`, `the line
/// (0,0)..(2,2)` (what the checker, the verifier and the puzzle page call
/// it).
pub fn set_name(board: &Board, scope: &Scope, regions: Option<&Regions>, set: &[usize]) -> String {
    let first = board.coords(set[0]);
    let last = board.coords(set[set.len() - 1]);
    match scope {
        Scope::Row => format!("row {}", first[0]),
        Scope::Column => format!("column {}", first[1]),
        Scope::Region => match regions.and_then(|r| r.of(set[0])) {
            Some(letter) => format!("region '{letter}'"),
            None => "a region".to_string(),
        },
        Scope::Box { .. } => format!("the box {}..{}", show(&first), show(&last)),
        Scope::Diagonal | Scope::Line => {
            format!("the line {}..{}", show(&first), show(&last))
        }
    }
}

/// The fewest cells a set of a count `rel k` must have to matter: a set
/// of at most `k` cells always meets `<= k`; lines are the lines through
/// two or more cells.
pub fn shortest_binding(scope: &Scope, at_most: Option<u32>) -> usize {
    match (at_most, scope) {
        (Some(k), _) => k as usize + 1,
        (None, Scope::Line) => 2,
        (None, _) => 1,
    }
}

/// The steps of the diagonal lines in `d` dimensions: entries in
/// {-1, 0, 1}, at least two non-zero, the first non-zero positive.
fn diagonal_steps(d: usize) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    let mut v = vec![-1i64; d];
    loop {
        let nonzero = v.iter().filter(|&&x| x != 0).count();
        if nonzero >= 2 && v.iter().find(|&&x| x != 0) == Some(&1) {
            out.push(v.clone());
        }
        let Some(i) = v.iter().rposition(|&x| x < 1) else {
            return out;
        };
        v[i] += 1;
        for x in &mut v[i + 1..] {
            *x = -1;
        }
    }
}

/// The primitive steps (the coordinates' greatest common divisor is 1,
/// the first non-zero positive) whose lines can hold `shortest` cells of
/// a board of sides `dims`: `|v_i| * (shortest - 1) <= dims_i - 1`.
fn line_steps(dims: &[usize], shortest: usize) -> Vec<Vec<i64>> {
    let span = shortest.max(2) as i64 - 1;
    let reach: Vec<i64> = dims.iter().map(|&n| (n as i64 - 1) / span).collect();
    let mut out = Vec::new();
    let mut v: Vec<i64> = reach.iter().map(|&r| -r).collect();
    loop {
        let first = v.iter().find(|&&x| x != 0).copied();
        if first.is_some_and(|x| x > 0) && v.iter().fold(0, |g, &x| gcd(g, x.abs())) == 1 {
            out.push(v.clone());
        }
        let Some(i) = (0..v.len()).rev().find(|&i| v[i] < reach[i]) else {
            return out;
        };
        v[i] += 1;
        for j in i + 1..v.len() {
            v[j] = -reach[j];
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The cells of the box from `low` to `high`, in cell order.
fn box_cells(board: &Board, low: &[usize], high: &[usize]) -> Vec<usize> {
    (0..board.n_cells())
        .filter(|&c| {
            let at = board.coords(c);
            at.iter()
                .zip(low.iter().zip(high))
                .all(|(x, (lo, hi))| lo <= x && x <= hi)
        })
        .collect()
}

/// The most steps [`line_set_sizes`] works through one by one.
const MOST_SIZED_STEPS: u64 = 1 << 20;

/// How many sets of a scope of lines (rows, columns, diagonals, lines of
/// every slope) [`sets`] lists on a box of `dims` off a torus, with at
/// least `shortest` cells, and how many cells they hold in all — worked
/// out a step at a time, no set listed: along a step `v`, the cells `c`
/// with `c + t v` on the board number `fits(t)`, the product of `n - t|v|`
/// over the axes, so the lines of at least `s` cells number `fits(s - 1) -
/// fits(s)` and hold `(s - 1)` cells each beyond the `fits(s - 1)` that
/// start a run of `s`. `None` for regions and boxes, or past
/// [`MOST_SIZED_STEPS`] steps.
pub fn line_set_sizes(scope: &Scope, dims: &[usize], shortest: usize) -> Option<(u64, u64)> {
    let steps = match scope {
        Scope::Row => vec![vec![0, 1]],
        Scope::Column => vec![vec![1, 0]],
        Scope::Diagonal => diagonal_steps(dims.len()),
        Scope::Line if n_steps(scope, dims, shortest) <= MOST_SIZED_STEPS => {
            line_steps(dims, shortest)
        }
        _ => return None,
    };
    let s = shortest.max(1) as u64;
    let fits = |v: &[i64], t: u64| -> u64 {
        dims.iter()
            .zip(v)
            .map(|(&n, &x)| (n as u64).saturating_sub(t.saturating_mul(x.unsigned_abs())))
            .fold(1u64, u64::saturating_mul)
    };
    let (mut sets, mut held) = (0u64, 0u64);
    for v in &steps {
        let lines = fits(v, s - 1) - fits(v, s);
        sets = sets.saturating_add(lines);
        held = held.saturating_add((s - 1).saturating_mul(lines).saturating_add(fits(v, s - 1)));
    }
    Some((sets, held))
}

/// The number of line steps [`sets`] walks for `per line` with sets of
/// at least `shortest` cells, and the number of diagonal steps: for the
/// size estimate.
pub fn n_steps(scope: &Scope, dims: &[usize], shortest: usize) -> u64 {
    match scope {
        Scope::Row | Scope::Column | Scope::Region | Scope::Box { .. } => 1,
        Scope::Diagonal => (3u64.saturating_pow(dims.len() as u32) - 1) / 2,
        Scope::Line => {
            let span = shortest.max(2) as u64 - 1;
            let all = dims
                .iter()
                .map(|&n| 2 * ((n as u64 - 1) / span) + 1)
                .fold(1u64, u64::saturating_mul);
            all / 2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(dims: &[usize]) -> Board {
        Board::new(dims, false, &[])
    }

    #[test]
    fn rows_columns_and_diagonals_of_a_square() {
        let b = board(&[3, 3]);
        assert_eq!(
            sets(&b, &Scope::Row, None, 1),
            [vec![0, 1, 2], vec![3, 4, 5], vec![6, 7, 8]]
        );
        assert_eq!(sets(&b, &Scope::Column, None, 1)[0], [0, 3, 6]);
        // 5 diagonals of each direction, 3 with two or more cells.
        assert_eq!(sets(&b, &Scope::Diagonal, None, 1).len(), 10);
        assert_eq!(sets(&b, &Scope::Diagonal, None, 2).len(), 6);
    }

    #[test]
    fn the_sizes_of_line_sets_are_those_listed() {
        for dims in [vec![3, 3], vec![5, 7], vec![4, 3, 5], vec![1, 6], vec![9]] {
            let b = board(&dims);
            let mut scopes = vec![Scope::Diagonal, Scope::Line];
            if dims.len() == 2 {
                scopes.extend([Scope::Row, Scope::Column]);
            }
            for scope in &scopes {
                for shortest in 1..5 {
                    if *scope == Scope::Line && shortest < 2 {
                        continue;
                    }
                    let listed = sets(&b, scope, None, shortest);
                    let held = listed.iter().map(Vec::len).sum::<usize>() as u64;
                    assert_eq!(
                        line_set_sizes(scope, &dims, shortest),
                        Some((listed.len() as u64, held)),
                        "{dims:?} {scope:?} {shortest}"
                    );
                }
            }
        }
    }

    #[test]
    fn lines_of_every_slope() {
        // On 3x3 every two cells make a line; 8 of them hold three cells.
        let b = board(&[3, 3]);
        let lines = sets(&b, &Scope::Line, None, 2);
        let pairs_covered: usize = lines.iter().map(|l| l.len() * (l.len() - 1) / 2).sum();
        assert_eq!(pairs_covered, 9 * 8 / 2);
        // A knight's slope (1,2) on 5x5 has lines of three cells.
        let b = board(&[5, 5]);
        assert!(sets(&b, &Scope::Line, None, 3).contains(&vec![0, 7, 14]));
        // In 3-D, the space diagonal of 3^3.
        let b = board(&[3, 3, 3]);
        assert!(sets(&b, &Scope::Line, None, 3).contains(&vec![0, 13, 26]));
        assert_eq!(n_steps(&Scope::Line, &[3, 3, 3], 3), 13);
        assert_eq!(line_steps(&[3, 3, 3], 3).len(), 13);
    }

    #[test]
    fn every_line_step_is_counted_by_the_estimate_bound() {
        for dims in [vec![4, 4], vec![7, 5], vec![3, 4, 5]] {
            for shortest in 2..5 {
                assert!(
                    line_steps(&dims, shortest).len() as u64
                        <= n_steps(&Scope::Line, &dims, shortest)
                );
            }
        }
    }

    #[test]
    fn regions_and_boxes() {
        let b = board(&[2, 3]);
        let r = Regions::new(vec![
            Some('b'),
            Some('a'),
            Some('a'),
            Some('b'),
            None,
            Some('a'),
        ]);
        assert_eq!(
            sets(&b, &Scope::Region, Some(&r), 1),
            [vec![0, 3], vec![1, 2, 5]]
        );
        let inside = Scope::Box {
            low: vec![0, 1],
            high: vec![1, 2],
        };
        assert_eq!(sets(&b, &inside, None, 1), [vec![1, 2, 4, 5]]);
        assert_eq!(inside.text(), "in (0,1) (1,2)");
    }
}
