//! What a solution is, read and checked before it is counted: the board
//! of the decision variables' values, verified from the geometry (a
//! solution the geometry rejects is a bug of the encodings, and nothing is
//! counted), and with classes its class's canonical member under the
//! board's group, with the class's size ([`crate::board::orbit`]).

use crate::answer::decode::{decided_cells, CellVar};
use crate::board::orbit::{code, Orbits, PIECE};
use crate::board::Placement;
use crate::draw;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::verify::verify;

/// The cell of every decision variable that decides one (its index in
/// the model's values, and what it decides).
pub(super) fn decision_cells(target: &Instance) -> Vec<(usize, CellVar)> {
    let model = &target.model;
    decided_cells(model, &target.board)
        .filter(|(var, _)| var.index() < model.n_decisions() as usize)
        .map(|(var, cell)| (var.index(), cell))
        .collect()
}

/// A solution the geometry rejects is a bug of the encodings: nothing
/// wrong is counted.
pub(super) fn check_solution(target: &Instance, placement: &Placement, number: u64) -> Result<()> {
    let problems = verify(&target.spec, &target.board, placement);
    if problems.is_empty() {
        return Ok(());
    }
    let mut detail = draw::text(&target.spec, &target.board, placement);
    for p in problems {
        detail.push_str(&format!("  {p}\n"));
    }
    Err(Error::Internal {
        message: format!(
            "internal error: solution {number} breaks the model (checked from the board geometry); nothing is counted"
        ),
        detail: Some(detail.trim_end().to_string()),
    })
}

/// The size of the class of a representative, which must be the
/// canonical member of its class (else the lex-leader constraints and the
/// orbit order disagree: a bug, and no count is printed).
pub(super) fn class_size(
    target: &Instance,
    orbits: &Orbits,
    placement: &Placement,
    number: u64,
) -> Result<u64> {
    let size = match pieces_alone(target, placement) {
        Some(cells) => orbits.canonical_set_size(&cells),
        None => {
            let content = content(target, placement);
            orbits
                .is_canonical(&content)
                .then(|| orbits.class_size(&content))
        }
    };
    size.map(|size| size as u64).ok_or_else(|| Error::Internal {
        message: format!(
            "internal error: representative {number} is not the canonical member of its symmetry class; no count is printed"
        ),
        detail: Some(
            draw::text(&target.spec, &target.board, placement)
                .trim_end()
                .to_string(),
        ),
    })
}

/// The cells of a placement's pieces (sorted), when it has nothing else:
/// no wall on the board, none chosen. The orbits then compare the sparse
/// form ([`Orbits::canonical_set_size`]: each symmetry's image of the
/// pieces alone, not of every cell). With several kinds, the positions of
/// the pieces in the kinds' layers ([`content`]); their walls are given,
/// and every symmetry keeps them.
fn pieces_alone(target: &Instance, placement: &Placement) -> Option<Vec<usize>> {
    let board = &target.board;
    if target.spec.has_kinds() {
        return Some(kind_positions(board.n_cells(), placement).collect());
    }
    let walls = (0..board.n_cells()).any(|c| board.is_wall(c) || placement.chosen_walls[c]);
    (!walls).then(|| {
        (0..board.n_cells())
            .filter(|&c| placement.pieces[c])
            .collect()
    })
}

/// The position of each piece in the kinds' layers, in order: a piece of
/// kind `k` on cell `c` is at `k * n_cells + c`.
fn kind_positions(n_cells: usize, placement: &Placement) -> impl Iterator<Item = usize> + '_ {
    let mut positions: Vec<usize> = (0..n_cells)
        .filter(|&c| placement.pieces[c])
        .map(|c| placement.kinds[c] * n_cells + c)
        .collect();
    positions.sort_unstable();
    positions.into_iter()
}

/// A placement as the orbits read it: each cell's code, or with several
/// kinds each position's of the kinds' layers (a piece of kind `k` on cell
/// `c` is [`PIECE`] at `k * n_cells + c`).
pub(super) fn content(target: &Instance, placement: &Placement) -> Vec<u8> {
    let board = &target.board;
    if target.spec.has_kinds() {
        let mut layers = vec![0; target.spec.kinds.len() * board.n_cells()];
        for p in kind_positions(board.n_cells(), placement) {
            layers[p] = PIECE;
        }
        return layers;
    }
    (0..board.n_cells())
        .map(|c| {
            code(
                placement.pieces[c],
                board.is_wall(c) || placement.chosen_walls[c],
            )
        })
        .collect()
}
