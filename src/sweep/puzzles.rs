//! Puzzles, after the blocked article's "interesting" boards: a wall
//! placement whose optimum has exactly one solution (counted on the raw
//! board), with minimal walls, one per symmetry class (the sweep's
//! instances already are).
//!
//! Minimal, two ways ([`Rule`]):
//!
//! * [`Rule::OneWall`] (the issue's): no single wall can be removed keeping
//!   the value and the uniqueness — so the board with one wall fewer must
//!   be in the results too;
//! * [`Rule::Subsets`] (the article's script): no board on a proper subset
//!   of the walls, with at least the least number of walls asked for, has
//!   the same value and a unique optimum (the article began at 2 walls, so
//!   its 2-wall puzzles were not compared with 1-wall boards).
//!
//! The article also set aside boards whose walls are invariant under a
//! symmetry that maps the optimum to another optimum: such a board has at
//! least two optimal solutions on the raw board, so uniqueness excludes it
//! already (a board whose unique optimum is itself invariant stays).

use std::collections::HashMap;
use std::ops::RangeInclusive;

use super::line::Line;
use super::merge::describe;
use super::{Coords, Defines};
use crate::board::orbit::Orbits;
use crate::board::Board;
use crate::error::{Error, Result};

/// What makes a puzzle's walls minimal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rule {
    /// No single wall can be removed keeping the value and the uniqueness.
    #[default]
    OneWall,
    /// No proper subset of the walls (down to the least number asked for)
    /// keeps the value and the uniqueness.
    Subsets,
}

/// How to find the result line of any placement: the board, and the
/// symmetry group when the lines are one per class.
pub struct Canon {
    board: Board,
    orbits: Option<Orbits>,
}

impl Canon {
    /// Lines of `board`, one per class of `orbits` (or one per board).
    pub fn new(board: Board, orbits: Option<Orbits>) -> Canon {
        Canon { board, orbits }
    }

    /// The placement `walls` as its class's line has it.
    fn key(&self, walls: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let mut cells: Vec<usize> = walls.iter().map(|c| self.board.index(c)).collect();
        cells.sort_unstable();
        if let Some(orbits) = &self.orbits {
            cells = orbits.canonical_set(&cells).0;
        }
        cells.iter().map(|&c| self.board.coords(c)).collect()
    }
}

/// The board of a line's parameter values.
pub type CanonOf<'a> = dyn Fn(&[(String, i64)]) -> Result<Canon> + 'a;

/// The puzzles among `lines` with a number of walls in `walls`, under
/// `rule`; `canon` gives the board of each line's parameter values. Sorted
/// by parameters, number of walls, value (highest first) and walls.
pub fn puzzles(
    lines: &[Line],
    walls: &RangeInclusive<usize>,
    rule: Rule,
    canon: &CanonOf<'_>,
) -> Result<Vec<Line>> {
    let mut canons: HashMap<Defines, Canon> = HashMap::new();
    let mut index: HashMap<(Defines, Coords), &Line> = HashMap::new();
    for line in lines {
        let Some(w) = &line.walls else { continue };
        let defines = sorted(&line.defines);
        if !canons.contains_key(&defines) {
            canons.insert(defines.clone(), canon(&defines)?);
        }
        index.insert((defines, w.clone()), line);
    }
    let mut out: Vec<Line> = Vec::new();
    for line in lines {
        let Some(w) = &line.walls else { continue };
        if !walls.contains(&w.len()) || !line.is_unique() {
            continue;
        }
        let defines = sorted(&line.defines);
        let canon = &canons[&defines];
        let smallest = match rule {
            Rule::OneWall => w.len().saturating_sub(1),
            Rule::Subsets => *walls.start(),
        };
        let mut minimal = true;
        for size in (smallest..w.len()).rev() {
            for subset in subsets(w, size) {
                let key = (defines.clone(), canon.key(&subset));
                let Some(smaller) = index.get(&key) else {
                    return Err(Error::input(format!(
                        "the results hold no line for the walls {} (needed to tell whether {} is minimal): sweep {size} walls too",
                        describe_walls(&subset),
                        describe(line)
                    )));
                };
                if smaller.value == line.value && smaller.is_unique() {
                    minimal = false;
                }
            }
        }
        if minimal {
            out.push(line.clone());
        }
    }
    out.sort_by(|a, b| {
        (
            sorted(&a.defines),
            a.n_walls(),
            std::cmp::Reverse(a.value),
            &a.walls,
        )
            .cmp(&(
                sorted(&b.defines),
                b.n_walls(),
                std::cmp::Reverse(b.value),
                &b.walls,
            ))
    });
    Ok(out)
}

fn sorted(defines: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut d = defines.to_vec();
    d.sort();
    d
}

fn describe_walls(walls: &[Vec<usize>]) -> String {
    if walls.is_empty() {
        return "(none)".to_string();
    }
    walls
        .iter()
        .map(|c| crate::board::show(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every subset of `items` with `size` members, in order.
fn subsets<T: Clone>(items: &[T], size: usize) -> Vec<Vec<T>> {
    let n = items.len();
    if size > n {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut pos: Vec<usize> = (0..size).collect();
    loop {
        out.push(pos.iter().map(|&p| items[p].clone()).collect());
        let Some(i) = (0..size).rev().find(|&i| pos[i] < n - size + i) else {
            return out;
        };
        pos[i] += 1;
        for j in i + 1..size {
            pos[j] = pos[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_every_size() {
        assert_eq!(
            subsets(&[1, 2, 3], 2),
            vec![vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(subsets(&[1, 2, 3], 0), vec![Vec::<i32>::new()]);
        assert_eq!(subsets(&[1, 2, 3], 3).len(), 1);
        assert!(subsets(&[1, 2], 3).is_empty());
    }
}
