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
use super::merge::{describe, walls_label};
use super::walls::WallModel;
use super::{Coords, Defines};
use crate::board::orbit::Orbits;
use crate::board::{moves, Board};
use crate::draw::page::{PageBoard, PageMoves};
use crate::draw::piece_letter;
use crate::error::{Error, Result};
use crate::instance::Source;
use crate::language::{Quantity, RuleSpec, Spec};
use crate::model::Sense;

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
struct Canon {
    board: Board,
    orbits: Option<Orbits>,
}

impl Canon {
    /// The board of `defines`, with its group when lines are classes.
    fn load(source: &Source, defines: &[(String, i64)], classes: bool) -> Result<Canon> {
        let instance = source.load(defines)?;
        let walls = WallModel::new(&instance.spec, &instance.board, classes)?;
        Ok(Canon {
            board: walls.board().clone(),
            orbits: walls.orbits().cloned(),
        })
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

/// The puzzles among `lines` with a number of walls in `walls`, under
/// `rule`; `source` gives the model of each line's parameter values (its
/// board and symmetries). Sorted by parameters, number of walls, value
/// (highest first) and walls.
pub fn puzzles(
    lines: &[Line],
    walls: &RangeInclusive<usize>,
    rule: Rule,
    source: &Source,
) -> Result<Vec<Line>> {
    let classes = lines.iter().any(|l| l.class_size.is_some());
    let mut canons: HashMap<Defines, Canon> = HashMap::new();
    let mut index: HashMap<(Defines, Coords), &Line> = HashMap::new();
    for line in lines {
        let Some(w) = &line.walls else { continue };
        let defines = sorted(&line.defines);
        if !canons.contains_key(&defines) {
            canons.insert(defines.clone(), Canon::load(source, &defines, classes)?);
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
                    return Err(Error::usage(format!(
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

/// The puzzle page of `found`: its piece's letter and moves, and one board
/// each; `source` gives the model of a line's parameter values. The page
/// plays 2-D boards of `rule no_attack` with `maximize count` (solved: the
/// optimum's number of pieces, no two attacking).
pub fn page(found: &[Line], source: &Source) -> Result<(char, PageMoves, Vec<PageBoard>)> {
    let mut letter = 'Q';
    let mut page_moves = PageMoves::default();
    let mut boards = Vec::with_capacity(found.len());
    let mut specs: HashMap<Defines, Spec> = HashMap::new();
    for line in found {
        let defines = sorted(&line.defines);
        if !specs.contains_key(&defines) {
            let spec = source.load(&defines)?.spec;
            check_playable(&spec)?;
            letter = piece_letter(&spec);
            page_moves = page_moves_of(&spec);
            specs.insert(defines.clone(), spec);
        }
        boards.push(page_board(&specs[&defines], line));
    }
    Ok((letter, page_moves, boards))
}

/// Whether the page can play `spec`'s boards.
fn check_playable(spec: &Spec) -> Result<()> {
    let fits = spec.dims.len() == 2
        && spec.rules == [RuleSpec::NoAttack]
        && spec.fixed.is_empty()
        && spec.forbidden.is_empty()
        && spec
            .objective
            .is_some_and(|o| o.sense == Sense::Maximize && o.target == Quantity::Count);
    if fits {
        Ok(())
    } else {
        Err(Error::unsupported(
            "the puzzle page plays 2-D boards of `rule no_attack` with `maximize count` (no fixed or forbidden cells)",
        ))
    }
}

/// How `spec`'s piece moves, as the page plays it.
pub(super) fn page_moves_of(spec: &Spec) -> PageMoves {
    let pair = |v: &Vec<i64>| (v[0], v[1]);
    let m = moves(spec.piece());
    PageMoves {
        riders: m.riders.iter().map(pair).collect(),
        leapers: m.leapers.iter().map(pair).collect(),
        torus: spec.torus,
    }
}

fn page_board(spec: &Spec, line: &Line) -> PageBoard {
    let cell = |c: &Vec<usize>| (c[0], c[1]);
    let placed = line.walls.as_deref().unwrap_or_default();
    let solution: Vec<(usize, usize)> = line.solution.iter().flatten().map(cell).collect();
    PageBoard {
        label: format!(
            "{}, {} {}s",
            walls_label(placed.len()),
            solution.len(),
            spec.piece().name
        ),
        rows: spec.dims[0],
        cols: spec.dims[1],
        walls: spec.walls.iter().chain(placed).map(cell).collect(),
        target: solution.len(),
        solution,
        regions: Vec::new(),
        counts: Vec::new(),
    }
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
