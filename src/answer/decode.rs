//! Decoding: variable names and values → a [`Placement`]. For another
//! solver's answer only the names matter (`x_3_4` is a piece on (3,4),
//! `wall_3_4` a chosen wall, as [`crate::model::names`] parses them), so it
//! maps back through the variable map of the compiled file or of a freshly
//! built model. qspec's own values of a model it built are read through the
//! model's cell table instead ([`decided_cells`], [`placement_of`]).
//!
//! ```
//! use qspec::answer::decode::placement;
//! let board = qspec::Board::new(&[2, 2], false, &[]);
//! let p = placement(&board, [("x_0_1", true), ("x_1_0", false), ("aux_7", true)]);
//! assert_eq!(p.n_pieces(), 1);
//! assert!(p.pieces[board.index(&[0, 1])]);
//! ```

use crate::board::Board;
use crate::board::Placement;
use crate::model::names::{parse_cell, CellName};
use crate::model::{Decision, Model, Var};

/// What a named variable says about a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellVar {
    /// A piece on this cell.
    Piece(usize),
    /// A chosen wall on this cell.
    Wall(usize),
    /// A piece of kind `kind` (1 or more; kind 0's are [`CellVar::Piece`])
    /// on this cell.
    KindPiece {
        /// The kind.
        kind: usize,
        /// The cell.
        cell: usize,
    },
}

/// The cell variable named `name` on `board` (`x_1_2`, `wall_0_3`), or
/// `None` for any other name (auxiliary variables, `seen_...`) and for
/// coordinates off the board.
pub fn cell_var(board: &Board, name: &str) -> Option<CellVar> {
    let on_board = |coords: &[usize]| {
        (coords.len() == board.dims().len() && coords.iter().zip(board.dims()).all(|(c, d)| c < d))
            .then(|| board.index(coords))
    };
    Some(match parse_cell(name)? {
        CellName::Piece(c) => CellVar::Piece(on_board(&c)?),
        CellName::Wall(c) => CellVar::Wall(on_board(&c)?),
        CellName::KindPiece { kind, cell } => CellVar::KindPiece {
            kind,
            cell: on_board(&cell)?,
        },
    })
}

/// The cell each decision variable of `model` decides on `board`, from
/// the model's cell table, in the variables' order.
pub fn decided_cells<'m>(
    model: &'m Model,
    board: &'m Board,
) -> impl Iterator<Item = (Var, CellVar)> + 'm {
    model.cells.iter().map(|(var, decision)| {
        let cell = board.index(decision.cell());
        let cell = match *decision {
            Decision::Piece { kind: 0, .. } => CellVar::Piece(cell),
            Decision::Piece { kind, .. } => CellVar::KindPiece { kind, cell },
            Decision::Wall { .. } => CellVar::Wall(cell),
        };
        (var, cell)
    })
}

/// The placement of `values` (by variable index) of `model` on `board`.
pub fn placement_of(model: &Model, board: &Board, values: &[bool]) -> Placement {
    let cells: Vec<(usize, CellVar)> = decided_cells(model, board)
        .map(|(var, cell)| (var.index(), cell))
        .collect();
    placement_of_cells(&cells, board.n_cells(), values)
}

/// The placement of `values` on a board of `n_cells` cells, given the cell
/// each value's index decides ([`decided_cells`], gathered once for many
/// solutions); an index without a value stays off.
pub fn placement_of_cells(
    cells: &[(usize, CellVar)],
    n_cells: usize,
    values: &[bool],
) -> Placement {
    let mut p = Placement::empty(n_cells);
    for &(i, cell) in cells {
        let value = values.get(i).copied().unwrap_or(false);
        match cell {
            CellVar::Piece(c) => p.pieces[c] |= value,
            CellVar::Wall(c) => p.chosen_walls[c] = value,
            CellVar::KindPiece { kind, cell } if value => p.place(cell, kind),
            CellVar::KindPiece { .. } => {}
        }
    }
    p
}

/// The placement given by `(name, value)` pairs; other names are ignored.
pub fn placement<'a>(
    board: &Board,
    values: impl IntoIterator<Item = (&'a str, bool)>,
) -> Placement {
    let mut p = Placement::empty(board.n_cells());
    for (name, value) in values {
        match cell_var(board, name) {
            Some(CellVar::Piece(c)) => p.pieces[c] |= value,
            Some(CellVar::Wall(c)) => p.chosen_walls[c] = value,
            Some(CellVar::KindPiece { kind, cell }) if value => p.place(cell, kind),
            Some(CellVar::KindPiece { .. }) => {}
            None => {}
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_cells() {
        let b = Board::new(&[3, 4], false, &[]);
        assert_eq!(cell_var(&b, "x_1_2"), Some(CellVar::Piece(6)));
        assert_eq!(cell_var(&b, "wall_2_3"), Some(CellVar::Wall(11)));
        assert_eq!(cell_var(&b, "x_3_0"), None);
        assert_eq!(cell_var(&b, "x_1"), None);
        assert_eq!(cell_var(&b, "seen_1_2_e"), None);
    }
}
