//! The regions of a puzzle as cells of a grid: grown around a placement's
//! pieces, `k` a region, and cut where a second solution shows through,
//! every region kept in one piece (the grid's neighbours along rows and
//! columns, whatever the model's walls: a wall is a cell of its region).

use crate::board::{Board, Placement};
use crate::random::Random;

/// The region of every cell, grown around `pieces`, `k` a region; `None`
/// when the paths joining a region's pieces cross.
pub(super) fn grow(
    board: &Board,
    pieces: &[usize],
    k: usize,
    random: &mut Random,
) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut layout = vec![FREE; board.n_cells()];
    let mut left: Vec<usize> = pieces.to_vec();
    let mut region = 0;
    while let Some(first) = left.pop() {
        let mut members = vec![first];
        while members.len() < k {
            let at = board.coords(first);
            let nearest = (0..left.len()).min_by_key(|&i| {
                let to = board.coords(left[i]);
                (at[0].abs_diff(to[0]) + at[1].abs_diff(to[1]), i)
            })?;
            members.push(left.swap_remove(nearest));
        }
        for &m in &members[1..] {
            for cell in path(board, first, m) {
                if layout[cell] != FREE && layout[cell] != region {
                    return None;
                }
                layout[cell] = region;
            }
        }
        layout[first] = region;
        region += 1;
    }
    let mut frontier: Vec<usize> = (0..board.n_cells())
        .filter(|&c| layout[c] != FREE)
        .collect();
    while !frontier.is_empty() {
        let i = random.below(frontier.len());
        let cell = frontier[i];
        let open: Vec<usize> = neighbours(board, cell)
            .filter(|&n| layout[n] == FREE)
            .collect();
        if open.is_empty() {
            frontier.swap_remove(i);
            continue;
        }
        let next = open[random.below(open.len())];
        layout[next] = layout[cell];
        frontier.push(next);
    }
    Some(layout)
}

/// The cells from `a` to `b`: along a's row, then along b's column.
fn path(board: &Board, a: usize, b: usize) -> Vec<usize> {
    let (pa, pb) = (board.coords(a), board.coords(b));
    let columns = pa[1].min(pb[1])..=pa[1].max(pb[1]);
    let rows = pa[0].min(pb[0])..=pa[0].max(pb[0]);
    columns
        .map(|c| board.index(&[pa[0], c]))
        .chain(rows.map(|r| board.index(&[r, pb[1]])))
        .collect()
}

/// The cells next to `cell` along a row or a column.
fn neighbours(board: &Board, cell: usize) -> impl Iterator<Item = usize> + '_ {
    [[0i64, 1], [1, 0], [0, -1], [-1, 0]]
        .into_iter()
        .filter_map(move |v| board.step(cell, &v))
}

/// Cuts the solution `other` off `layout`: one of its pieces on a cell
/// `first` leaves empty goes to a neighbouring region, where every region
/// stays in one piece. `false` when no such move exists.
pub(super) fn cut(
    board: &Board,
    layout: &mut [usize],
    first: &Placement,
    other: &Placement,
    random: &mut Random,
) -> bool {
    let mut moves: Vec<(usize, usize)> = (0..board.n_cells())
        .filter(|&c| other.pieces[c] && !first.pieces[c])
        .flat_map(|c| neighbours(board, c).map(move |n| (c, n)))
        .filter(|&(c, n)| layout[n] != layout[c])
        .collect();
    while !moves.is_empty() {
        let (cell, into) = moves.swap_remove(random.below(moves.len()));
        let was = layout[cell];
        layout[cell] = layout[into];
        if connected(board, layout, was) {
            return true;
        }
        layout[cell] = was;
    }
    false
}

/// Whether the cells of `region` are one piece.
fn connected(board: &Board, layout: &[usize], region: usize) -> bool {
    let cells: Vec<usize> = (0..layout.len()).filter(|&c| layout[c] == region).collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![false; layout.len()];
    seen[start] = true;
    let mut todo = vec![start];
    let mut reached = 1;
    while let Some(c) = todo.pop() {
        for n in neighbours(board, c) {
            if layout[n] == region && !seen[n] {
                seen[n] = true;
                reached += 1;
                todo.push(n);
            }
        }
    }
    reached == cells.len()
}
