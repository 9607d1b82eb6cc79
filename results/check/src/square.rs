//! The square board n x n: its cells (row-major, index r * n + c), a
//! queen's eight rays, its eight symmetries, and the canonical form of a set
//! of cells (the least of its eight images, each image a sorted list of cell
//! indices).

/// The eight directions a queen moves in, as (row step, column step).
pub const DIRECTIONS: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The cells from `cell` (not included) in direction `(dr, dc)` up to the
/// edge of the n x n board, nearest first.
pub fn ray(n: usize, cell: usize, (dr, dc): (i64, i64)) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    let on_board =
        move |&(rr, cc): &(i64, i64)| (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc);
    std::iter::successors(Some((r + dr, c + dc)), move |&(rr, cc)| {
        Some((rr + dr, cc + dc))
    })
    .take_while(on_board)
    .map(move |(rr, cc)| (rr * n as i64 + cc) as usize)
}

/// The symmetry of [`map`] that mirrors the square left to right.
pub const MIRROR_LEFT_RIGHT: usize = 4;

/// The image of (r, c) under symmetry `s` (0..8) of the n x n square.
pub fn map(n: usize, s: usize, r: usize, c: usize) -> (usize, usize) {
    let m = n - 1;
    match s {
        0 => (r, c),
        1 => (c, m - r),     // rotation by 90 degrees
        2 => (m - r, m - c), // 180
        3 => (m - c, r),     // 270
        MIRROR_LEFT_RIGHT => (r, m - c),
        5 => (m - r, c),     // mirror top-bottom
        6 => (c, r),         // main diagonal
        _ => (m - c, m - r), // anti-diagonal
    }
}

/// The image of the set `cells` under symmetry `s`, sorted.
pub fn image(n: usize, s: usize, cells: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = cells
        .iter()
        .map(|&i| {
            let (r, c) = map(n, s, i / n, i % n);
            r * n + c
        })
        .collect();
    out.sort_unstable();
    out
}

/// How a set of cells stands in its class: whether it is the class's
/// canonical member (the least image), and the class's size (8 divided by
/// the number of symmetries that fix the set).
pub fn class_of(n: usize, cells: &[usize]) -> (bool, u64) {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut least = true;
    let mut fixed = 0u64;
    for s in 0..8 {
        let img = image(n, s, &sorted);
        if img < sorted {
            least = false;
        }
        if img == sorted {
            fixed += 1;
        }
    }
    (least, 8 / fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_maps_are_distinct_bijections() {
        let n = 5;
        let mut images = std::collections::BTreeSet::new();
        for s in 0..8 {
            let all: Vec<usize> = (0..n * n).collect();
            assert_eq!(image(n, s, &all), all, "symmetry {s} is a bijection");
            images.insert(image(n, s, &[1, 7]));
        }
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn a_ray_runs_to_the_edge_nearest_first() {
        // From the centre of 5 x 5 (cell 12): two cells each way.
        assert_eq!(ray(5, 12, (-1, -1)).collect::<Vec<_>>(), vec![6, 0]);
        assert_eq!(ray(5, 12, (0, 1)).collect::<Vec<_>>(), vec![13, 14]);
        // From a corner, out of the board: nothing.
        assert_eq!(ray(5, 0, (-1, 0)).count(), 0);
        assert_eq!(ray(5, 0, (1, 1)).collect::<Vec<_>>(), vec![6, 12, 18, 24]);
    }

    #[test]
    fn class_sizes() {
        // The centre of a 3x3 is fixed by all eight: a class of one.
        assert_eq!(class_of(3, &[4]), (true, 1));
        // A corner: four images.
        assert_eq!(class_of(3, &[0]), (true, 4));
        assert_eq!(class_of(3, &[8]), (false, 4));
    }
}
