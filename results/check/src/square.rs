//! The square board n x n: its cells (row-major, index r * n + c), its
//! eight symmetries, and the canonical form of a set of cells (the least of
//! its eight images, each image a sorted list of cell indices).

/// The image of (r, c) under symmetry `s` (0..8) of the n x n square.
pub fn map(n: usize, s: usize, r: usize, c: usize) -> (usize, usize) {
    let m = n - 1;
    match s {
        0 => (r, c),
        1 => (c, m - r),     // rotation by 90 degrees
        2 => (m - r, m - c), // 180
        3 => (m - c, r),     // 270
        4 => (r, m - c),     // mirror left-right
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
    fn class_sizes() {
        // The centre of a 3x3 is fixed by all eight: a class of one.
        assert_eq!(class_of(3, &[4]), (true, 1));
        // A corner: four images.
        assert_eq!(class_of(3, &[0]), (true, 4));
        assert_eq!(class_of(3, &[8]), (false, 4));
    }
}
