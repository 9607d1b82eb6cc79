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
//! is given up. Every puzzle kept is verified from the geometry, its
//! solution with it. The same seed gives the same puzzles.

use crate::board::sets::{Regions, Scope};
use crate::board::{Board, Placement};
use crate::encode::encode_model;
use crate::encode::ClauseSink;
use crate::error::{Error, Result};
use crate::language::Spec;
use crate::model::{Decision, Rel, Var};
use crate::options::Encodings;
use crate::random::Random;
use crate::solve::{Embedded, Outcome, Stop};

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

/// The puzzles of `spec` asked for; each is handed to `found` as it is
/// made. Returns the number of tries made.
pub fn region_puzzles(
    spec: &Spec,
    ask: &RegionAsk,
    stop: &Stop,
    found: &mut dyn FnMut(RegionPuzzle) -> Result<()>,
) -> Result<u64> {
    let per_region = per_region(spec)?;
    let template = template(spec, ask.size);
    let board = Board::new(&template.dims, false, &[]);
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
                ask.size
            )));
        };
        let pieces: Vec<usize> = (0..board.n_cells())
            .filter(|&c| placement.pieces[c])
            .collect();
        if !pieces.len().is_multiple_of(per_region) || pieces.len() / per_region > LETTERS.len() {
            continue;
        }
        let Some(mut layout) = grow(&board, &pieces, per_region, &mut random) else {
            continue;
        };
        for _ in 0..CUTS {
            match second_solution(spec, &template, &board, &layout, &placement)? {
                None => {
                    let full = with_regions(spec, &template, &layout);
                    let broken = crate::verify::verify(&full, &board, &placement);
                    if let Some(v) = broken.first() {
                        return Err(Error::internal(format!("a region puzzle's solution: {v}")));
                    }
                    found(puzzle(&board, &layout, &pieces, tries))?;
                    made += 1;
                    break;
                }
                Some(other) => {
                    if !cut(&board, &mut layout, &placement, &other, &mut random) {
                        break;
                    }
                }
            }
        }
    }
    Ok(tries)
}

/// The `k` of the model's `count per region == k`, or why the model makes
/// no region puzzle.
pub fn per_region(spec: &Spec) -> Result<usize> {
    let exact = spec
        .scoped_counts
        .iter()
        .find(|c| c.scope == Scope::Region && c.rel == Rel::Eq && c.k > 0);
    match exact {
        Some(_) if spec.has_kinds() => Err(Error::unsupported(
            "region puzzles are made for a model of one kind of piece",
        )),
        Some(c) if spec.dims.len() == 2 => Ok(c.k as usize),
        _ => Err(Error::unsupported_with_help(
            "region puzzles are made for a 2-D model with `count per region == k` (k at least 1)",
            "see models/queens-regions.qspec and models/star-battle.qspec",
        )),
    }
}

/// The model on a `size` x `size` board without its regions, walls, fixed
/// or forbidden cells: what a puzzle's solution must satisfy before its
/// regions are drawn.
fn template(spec: &Spec, size: usize) -> Spec {
    let mut t = spec.clone();
    t.dims = vec![size, size];
    t.walls.clear();
    t.fixed.clear();
    t.forbidden.clear();
    t.regions = None;
    t.scoped_counts.retain(|c| c.scope != Scope::Region);
    t.objective = None;
    t.hints.clear();
    t
}

/// The model of `spec` with `layout` as its regions.
fn with_regions(spec: &Spec, template: &Spec, layout: &[usize]) -> Spec {
    let mut s = template.clone();
    s.scoped_counts = spec.scoped_counts.clone();
    let letters: Vec<char> = LETTERS.chars().collect();
    s.regions = Some(Regions::new(
        layout.iter().map(|&r| Some(letters[r])).collect(),
    ));
    s
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

/// A solution of the model on `layout` other than `first`, if any.
fn second_solution(
    spec: &Spec,
    template: &Spec,
    board: &Board,
    layout: &[usize],
    first: &Placement,
) -> Result<Option<Placement>> {
    let (mut solver, pieces) = solver(&with_regions(spec, template, layout), board);
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

/// The region of every cell, grown around `pieces`, `k` a region; `None`
/// when the paths joining a region's pieces cross.
fn grow(board: &Board, pieces: &[usize], k: usize, random: &mut Random) -> Option<Vec<usize>> {
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
fn cut(
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
        let spec = crate::language::load(
            "q.qspec",
            "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece king\nrule no_attack\ncount per row == 1\ncount per column == 1\ncount per region == 1\n",
            &[],
        )
        .unwrap();
        let ask = RegionAsk {
            size: 6,
            count: 2,
            seed: 7,
            tries: 2000,
        };
        let run = || {
            let mut out = Vec::new();
            region_puzzles(&spec, &ask, &Stop::default(), &mut |p| {
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
