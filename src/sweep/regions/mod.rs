//! Region puzzles (`qspec puzzles MODEL --size N`): region pictures for a
//! model with `count per region == k` — the "Queens" puzzle, Star Battle —
//! such that the model has exactly one solution on them.
//!
//! Each try, from a seed: a placement of the model without its regions
//! (CaDiCaL with random phases), regions grown around its pieces (`k` a
//! region, the pieces of one region joined by a path, then grown a cell at
//! a time at random), and the model with those regions solved twice: a
//! second solution, when there is one, is cut by handing one of its pieces
//! that the first solution leaves empty to a neighbouring region (keeping
//! every region in one piece), and asked again, a few times before the try
//! is given up. The model is the file's, every statement honoured or
//! refused at its place ([`PuzzleModel`]), and every puzzle kept is judged
//! on the file with its regions in place, loaded and counted as `qspec
//! count` loads and counts it: exactly one solution, verified from the
//! geometry, the one it was made around. The same seed gives the same
//! puzzles.

mod grow;
mod model;

pub use model::PuzzleModel;

use crate::board::{Board, Placement};
use crate::encode::encode_model;
use crate::encode::ClauseSink;
use crate::error::{Error, Result};
use crate::language::Spec;
use crate::model::{Decision, Var};
use crate::options::Encodings;
use crate::random::Random;
use crate::solve::{Embedded, Outcome, Stop};
use grow::{cut, grow};

/// The most regions a picture can name: a-z, A-Z, 0-9.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// How many times a layout is cut before the try is given up.
const CUTS: usize = 24;

/// A region puzzle with its one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionPuzzle {
    /// The regions picture, a row a string (`"aabbc..."`).
    pub rows: Vec<String>,
    /// The solution's pieces.
    pub solution: Vec<Vec<usize>>,
    /// The try that found it (from 1).
    pub found_at: u64,
}

impl RegionPuzzle {
    /// The rows as a `regions { ... }` picture writes them, cells
    /// separated by spaces (`"a a b"`).
    pub fn spaced_rows(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect()
    }
}

/// What a generation is asked.
#[derive(Clone, Debug)]
pub struct RegionAsk {
    /// The board's side.
    pub size: usize,
    /// How many puzzles.
    pub count: usize,
    /// The first try's seed.
    pub seed: u64,
    /// Give up after this many tries.
    pub tries: u64,
}

/// The puzzles of `model` asked for; each is handed to `found` as it is
/// made, judged on the model file with its regions in place. Returns the
/// number of tries made.
pub fn region_puzzles(
    model: &PuzzleModel,
    ask: &RegionAsk,
    stop: &Stop,
    found: &mut dyn FnMut(RegionPuzzle) -> Result<()>,
) -> Result<u64> {
    let per_region = model.per_region();
    let template = model.template();
    let letters: Vec<char> = LETTERS.chars().collect();
    // Regions grow on the grid; the model is solved on its board, walls
    // and all (the cells are numbered alike on both).
    let grid = Board::new(&template.dims, false, &[]);
    let board = model.board();
    let mut made = 0;
    let mut tries = 0;
    while made < ask.count && tries < ask.tries && !stop.now() {
        tries += 1;
        let mut random = Random::new(
            ask.seed
                .wrapping_add(tries)
                .wrapping_mul(0x2545_f491_4f6c_dd1d),
        );
        let Some(placement) = placement(&template, &board, &mut random)? else {
            return Err(Error::unsupported(format!(
                "the model has no solution on {0} x {0} even without its regions, so no puzzle of that size exists",
                model.side()
            )));
        };
        let pieces: Vec<usize> = (0..board.n_cells())
            .filter(|&c| placement.pieces[c])
            .collect();
        if !pieces.len().is_multiple_of(per_region) || pieces.len() / per_region > LETTERS.len() {
            continue;
        }
        let Some(mut layout) = grow(&grid, &pieces, per_region, &mut random) else {
            continue;
        };
        for _ in 0..CUTS {
            let candidate = model.candidate(&layout, &letters);
            match second_solution(&candidate, &board, &placement)? {
                None => {
                    let puzzle = puzzle(&grid, &layout, &pieces, tries);
                    judged(model, &puzzle, &placement)?;
                    found(puzzle)?;
                    made += 1;
                    break;
                }
                Some(other) => {
                    if !cut(&grid, &mut layout, &placement, &other, &mut random) {
                        break;
                    }
                }
            }
        }
    }
    Ok(tries)
}

/// Checks that the model file with `puzzle`'s regions in place, counted
/// as `qspec count` counts it, has exactly one solution, `placement`: the
/// claim each puzzle is printed with.
fn judged(model: &PuzzleModel, puzzle: &RegionPuzzle, placement: &Placement) -> Result<()> {
    match model.judge(&puzzle.spaced_rows())? {
        Some(one) if one.pieces == placement.pieces => Ok(()),
        Some(_) => Err(Error::internal(
            "a region puzzle's one solution, counted on the model file, is not the one it was made around",
        )),
        None => Err(Error::internal(
            "a region puzzle, counted on the model file, has no solution or more than one",
        )),
    }
}

/// A solver holding the model of `spec`, and its piece variables by cell.
fn solver(spec: &Spec, board: &Board) -> (Embedded, Vec<(Var, usize)>) {
    let model = crate::lower::build(spec, board);
    let mut solver = Embedded::new();
    let vars = encode_model(&model, &Encodings::default(), &mut solver);
    solver.reserve_vars(vars.n_vars());
    let pieces = model
        .cells
        .iter()
        .filter_map(|(var, d)| match d {
            Decision::Piece { cell, .. } => Some((var, board.index(cell))),
            Decision::Wall { .. } => None,
        })
        .collect();
    (solver, pieces)
}

fn placement_of(board: &Board, pieces: &[(Var, usize)], values: &[bool]) -> Placement {
    let mut p = Placement::empty(board.n_cells());
    for &(var, cell) in pieces {
        p.pieces[cell] = values[var.index()];
    }
    p
}

/// A solution of the template, CaDiCaL trying random phases first.
fn placement(template: &Spec, board: &Board, random: &mut Random) -> Result<Option<Placement>> {
    let (mut solver, pieces) = solver(template, board);
    let side = template.dims[0];
    for &(var, _) in &pieces {
        let lit = if random.below(side) == 0 {
            var.positive()
        } else {
            var.negative()
        };
        solver.prefer(lit);
    }
    Ok(match solver.solve(&[])? {
        Outcome::Sat(values) => Some(placement_of(board, &pieces, &values)),
        _ => None,
    })
}

/// A solution of `candidate` other than `first`, if any.
fn second_solution(
    candidate: &Spec,
    board: &Board,
    first: &Placement,
) -> Result<Option<Placement>> {
    let (mut solver, pieces) = solver(candidate, board);
    let differs: Vec<_> = pieces
        .iter()
        .map(|&(var, cell)| {
            if first.pieces[cell] {
                var.negative()
            } else {
                var.positive()
            }
        })
        .collect();
    solver.add_clause(&differs);
    Ok(match solver.solve(&[])? {
        Outcome::Sat(values) => Some(placement_of(board, &pieces, &values)),
        _ => None,
    })
}

fn puzzle(board: &Board, layout: &[usize], pieces: &[usize], tries: u64) -> RegionPuzzle {
    let letters: Vec<char> = LETTERS.chars().collect();
    let side = board.dims()[1];
    RegionPuzzle {
        rows: layout
            .chunks(side)
            .map(|row| row.iter().map(|&r| letters[r]).collect())
            .collect(),
        solution: pieces.iter().map(|&c| board.coords(c)).collect(),
        found_at: tries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_of_queens_has_one_solution_and_the_same_seed_gives_it_again() {
        let source = crate::instance::Source {
            name: "q.qspec".into(),
            text: "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece king\nrule no_attack\ncount per row == 1\ncount per column == 1\ncount per region == 1\n".into(),
            options: Default::default(),
        };
        let model = PuzzleModel::new(&source, &[], 6).unwrap();
        let ask = RegionAsk {
            size: 6,
            count: 2,
            seed: 7,
            tries: 2000,
        };
        let run = || {
            let mut out = Vec::new();
            region_puzzles(&model, &ask, &Stop::default(), &mut |p| {
                out.push(p);
                Ok(())
            })
            .unwrap();
            out
        };
        let first = run();
        assert_eq!(first.len(), 2);
        assert_eq!(first, run());
        for p in &first {
            assert_eq!(p.rows.len(), 6);
            assert_eq!(p.solution.len(), 6);
        }
    }
}
