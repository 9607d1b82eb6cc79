//! The symmetries the clique engine prunes with: the signed permutations of
//! the box's axes (the cells read off the vertices' names, `x_1_2`) that
//! are automorphisms of the problem — every conflict onto a conflict, and
//! the fixed and the excluded vertices each onto themselves. Only the
//! problem is trusted: a map that is not an automorphism (a board with
//! walls, a piece without the symmetry, a name that is not a cell) is left
//! out, so the group kept is the box's group intersected with the
//! problem's, itself a group.

use std::collections::HashMap;

use super::problem::Problem;
use crate::board::symmetry::{box_group, box_group_order, CLASS_LIMIT};
use crate::model::{Decision, Model};

/// The automorphisms of `problem` among the box's symmetries, each as a
/// permutation of the vertices (`map[v]` the image of `v`); the identity
/// is left out. Empty when the vertices are not all cells of one box, or
/// the box has more than [`CLASS_LIMIT`] symmetries.
pub fn automorphisms(model: &Model, problem: &Problem) -> Vec<Vec<usize>> {
    let Some(cells) = vertex_cells(model, problem) else {
        return Vec::new();
    };
    let d = cells[0].len();
    let dims: Vec<usize> = (0..d)
        .map(|axis| cells.iter().map(|c| c[axis] + 1).max().unwrap_or(1))
        .collect();
    if box_group_order(&dims) > CLASS_LIMIT {
        return Vec::new();
    }
    let at: HashMap<&[usize], usize> = cells
        .iter()
        .enumerate()
        .map(|(v, c)| (c.as_slice(), v))
        .collect();
    let matrix = Matrix::of(problem);
    box_group(&dims)
        .into_iter()
        .filter(|g| !g.is_identity())
        .filter_map(|g| {
            let map: Vec<usize> = cells
                .iter()
                .map(|c| at.get(g.apply(c, &dims).as_slice()).copied())
                .collect::<Option<_>>()?;
            let kept = match &matrix {
                Some(matrix) => matrix.keeps(problem, &map),
                None => is_automorphism(problem, &map),
            };
            kept.then_some(map)
        })
        .collect()
}

/// The most vertices whose conflicts are checked in a bit matrix (8 MB).
const MATRIX_LIMIT: usize = 8192;

/// The conflicts as a bit matrix: each symmetry is checked with a bit
/// test per conflict (384 symmetries of 4^4: 3 ms, not 30).
struct Matrix {
    words: usize,
    bits: Vec<u64>,
}

impl Matrix {
    fn of(problem: &Problem) -> Option<Matrix> {
        let n = problem.conflicts.len();
        if n > MATRIX_LIMIT {
            return None;
        }
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for (v, row) in problem.conflicts.iter().enumerate() {
            for &w in row {
                bits[v * words + w / 64] |= 1 << (w % 64);
            }
        }
        Some(Matrix { words, bits })
    }

    /// [`is_automorphism`], by bit tests.
    fn keeps(&self, problem: &Problem, map: &[usize]) -> bool {
        let keeps = |set: &[usize]| set.iter().all(|&v| set.binary_search(&map[v]).is_ok());
        keeps(&problem.required)
            && keeps(&problem.excluded)
            && problem.conflicts.iter().enumerate().all(|(v, row)| {
                let image = map[v] * self.words;
                row.len() == problem.conflicts[map[v]].len()
                    && row
                        .iter()
                        .all(|&w| self.bits[image + map[w] / 64] >> (map[w] % 64) & 1 == 1)
            })
    }
}

/// Each vertex's cell, or `None` unless every vertex is a piece of a cell
/// with the same number of coordinates.
fn vertex_cells(model: &Model, problem: &Problem) -> Option<Vec<Vec<usize>>> {
    let cells: Vec<Vec<usize>> = problem
        .vertices
        .iter()
        .map(|v| match model.cells.of(*v)? {
            Decision::Piece { cell, .. } => Some(cell.clone()),
            Decision::Wall { .. } => None,
        })
        .collect::<Option<_>>()?;
    let d = cells.first()?.len();
    (d > 0 && cells.iter().all(|c| c.len() == d)).then_some(cells)
}

/// Whether `map` (a permutation of the vertices) keeps every conflict,
/// non-conflict, fixed and excluded vertex.
fn is_automorphism(problem: &Problem, map: &[usize]) -> bool {
    let keeps = |set: &[usize]| set.iter().all(|&v| set.binary_search(&map[v]).is_ok());
    keeps(&problem.required)
        && keeps(&problem.excluded)
        && problem.conflicts.iter().enumerate().all(|(v, row)| {
            let image = &problem.conflicts[map[v]];
            row.len() == image.len() && row.iter().all(|&w| image.binary_search(&map[w]).is_ok())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_problem(n: usize) -> Problem {
        // Vertices 0..n on a line, each conflicting with its neighbours.
        let mut conflicts = vec![Vec::new(); n];
        for v in 1..n {
            conflicts[v].push(v - 1);
            conflicts[v - 1].push(v);
        }
        Problem {
            vertices: Vec::new(),
            conflicts,
            required: vec![],
            excluded: vec![],
            at_least: 0,
            at_most: None,
            maximise: true,
        }
    }

    #[test]
    fn the_mirror_of_a_path_is_kept_a_shift_is_not() {
        let p = path_problem(4);
        assert!(is_automorphism(&p, &[3, 2, 1, 0]));
        assert!(!is_automorphism(&p, &[1, 2, 3, 0]));
        let mut fixed = p.clone();
        fixed.required = vec![0];
        assert!(!is_automorphism(&fixed, &[3, 2, 1, 0]));
    }
}
