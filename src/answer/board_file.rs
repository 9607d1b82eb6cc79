//! Warm starts: a board read from a file, as a placement on the model's
//! board, and as literals fixing the model's cell variables to it.
//!
//! Two forms are accepted, told from the content:
//!
//! * a **picture**, as `qspec solve` and `qspec verify` print a board: rows
//!   of one-character cells separated by spaces — `.` empty, `x` an empty
//!   forbidden cell, `#` a wall, any capital letter a piece, `*` a fixed
//!   piece — with `layer i, j:` before each layer of a
//!   board of three or more dimensions (without labels, the layers of a 3-D
//!   board are taken in order, one block of rows each). Every other line
//!   (`c`, `o`, `s` lines, `count = 13`, `verified: ...`) is skipped, so
//!   the whole output of `qspec solve` will do. A picture smaller than the
//!   board is placed in its corner (index 0 on every axis): the solution
//!   for n-1 as a start for n.
//! * any **answer `qspec verify` reads** (SAT, MaxSAT, PB output, the MIP
//!   solvers' solution files), mapped through the model's own numbering or
//!   names.
//!
//! The picture reader is [`super::picture`], which also reads MiniZinc's
//! answers (the output item of the `.mzn` file qspec writes prints the
//! board this way).

use std::io::Read;
use std::path::Path;

use super::decode::{decided_cells, CellVar};
use super::mapped::{placement_of, read_mapped};
use super::picture::{is_picture_row, numbered, picture, Fit};
use crate::board::Board;
use crate::board::Placement;
use crate::diag::LineError;
use crate::error::{Error, Result};
use crate::files::open_text;
use crate::model::{Lit, Model};

/// Reads the start at `path` as a placement on `board`.
pub fn read_start(model: &Model, board: &Board, path: &Path) -> Result<Placement> {
    if let Some(refusal) = super::read::a_model_instead(path, "a board to start from") {
        return Err(refusal);
    }
    let mut text = String::new();
    open_text(path)
        .and_then(|mut input| input.read_to_string(&mut text))
        .map_err(|e| Error::unreadable("the start ", path, e))?;
    let source = path.display().to_string();
    if text.lines().any(is_picture_row) {
        return picture(board, numbered(&text), Fit::Corner, model.cells.letters())
            .map_err(|e| Error::text(source, e));
    }
    let read = read_mapped(model, board, path, None, None)?;
    match &read.mapped {
        Some(mapped) => Ok(placement_of(model, board, mapped)),
        None => Err(Error::text(
            source,
            LineError::new(0, "the start holds no board: no picture and no solution"),
        )),
    }
}

/// Literals fixing every decision variable of `model` that is a cell (a
/// piece, a chosen wall) to `placement`.
pub fn start_literals(model: &Model, board: &Board, placement: &Placement) -> Vec<Lit> {
    decided_cells(model, board)
        .filter(|(var, _)| var.id() <= model.n_decisions())
        .map(|(var, cell)| {
            let on = match cell {
                CellVar::Piece(c) => placement.pieces[c] && placement.kinds[c] == 0,
                CellVar::KindPiece { kind, cell } => {
                    placement.pieces[cell] && placement.kinds[cell] == kind
                }
                CellVar::Wall(c) => placement.chosen_walls[c],
            };
            if on {
                var.positive()
            } else {
                var.negative()
            }
        })
        .collect()
}
