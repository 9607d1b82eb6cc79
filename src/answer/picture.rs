//! The picture of a board, read back: rows of one-character cells
//! separated by spaces — `.` empty, `x` an empty forbidden cell, `#` a
//! wall, any capital letter a piece, `*` a fixed piece — with `layer i, j:`
//! before each layer of a board of three or more dimensions (without
//! labels, the layers of a 3-D board are taken in order, one block of rows
//! each), as `qspec solve` draws a board (`draw::Layout`). Every other line
//! is skipped. A picture smaller than the board is placed in its corner.
//!
//! One reader for the boards of `--start` ([`super::board_file`]) and the
//! boards of MiniZinc's answers, which the `.mzn` file's output item prints
//! this way ([`super::map`]).

use crate::board::Board;
use crate::board::Placement;
use crate::diag::LineError;

/// The lines of `text`, numbered from 1.
pub(crate) fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// Whether `line` is a row of a picture: one-character cells, each `.`,
/// `x`, `#`, `*` or a capital letter, separated by single spaces.
pub(crate) fn is_picture_row(line: &str) -> bool {
    let line = line.trim_end();
    !line.is_empty()
        && line.split(' ').all(|cell| {
            let mut chars = cell.chars();
            matches!((chars.next(), chars.next()), (Some(c), None) if matches!(c, '.' | 'x' | '#' | '*') || c.is_ascii_uppercase())
        })
}

/// `layer 1, 2:` → `[1, 2]`.
pub(crate) fn layer_label(line: &str) -> Option<Vec<usize>> {
    let inner = line.trim().strip_prefix("layer ")?.strip_suffix(':')?;
    inner.split(',').map(|n| n.trim().parse().ok()).collect()
}

/// The picture in `lines` (each with its line number, for messages)
/// placed in the corner of `board`; lines that are neither rows nor layer
/// labels are skipped.
pub(crate) fn picture<'t>(
    board: &Board,
    lines: impl IntoIterator<Item = (usize, &'t str)>,
) -> std::result::Result<Placement, LineError> {
    let dims = board.dims();
    let d = dims.len();
    let mut placement = Placement::empty(board.n_cells());
    let mut prefix: Vec<usize> = vec![0; d.saturating_sub(2)];
    let mut labelled = false;
    let mut row = 0;
    let mut in_block = false;
    for (number, line) in lines {
        if let Some(label) = layer_label(line) {
            if label.len() != prefix.len() {
                return Err(LineError::new(
                    number,
                    format!(
                        "`{}` does not name a layer of a {d}-dimensional board",
                        line.trim()
                    ),
                ));
            }
            prefix = label;
            labelled = true;
            row = 0;
            continue;
        }
        if !is_picture_row(line) {
            if in_block && !labelled && d == 3 {
                prefix[0] += 1;
                row = 0;
            }
            in_block = false;
            continue;
        }
        if !in_block && d > 3 && !labelled {
            return Err(LineError::new(
                number,
                "a picture of a board of more than three dimensions needs `layer ...:` labels",
            ));
        }
        in_block = true;
        for (column, cell) in line.trim_end().split(' ').enumerate() {
            let coords = place(dims, &prefix, row, column);
            let glyph = cell.chars().next().unwrap_or('.');
            if matches!(glyph, '.' | 'x') {
                continue;
            }
            let Some(coords) = coords else {
                return Err(LineError::new(
                    number,
                    format!(
                        "the start's picture is larger than the board ({}): row {row}, column {column} is off it",
                        dims.iter().map(ToString::to_string).collect::<Vec<_>>().join(" x ")
                    ),
                ));
            };
            let cell = board.index(&coords);
            if glyph == '#' {
                placement.chosen_walls[cell] = !board.is_wall(cell);
            } else {
                placement.pieces[cell] = true;
            }
        }
        row += 1;
    }
    Ok(placement)
}

/// The coordinates of `row`, `column` in the layer `prefix`, if on the board.
fn place(dims: &[usize], prefix: &[usize], row: usize, column: usize) -> Option<Vec<usize>> {
    let mut coords = prefix.to_vec();
    match dims.len() {
        1 if row == 0 => coords.push(column),
        1 => return None,
        _ => coords.extend([row, column]),
    }
    coords
        .iter()
        .zip(dims)
        .all(|(c, d)| c < d)
        .then_some(coords)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(board: &Board, text: &str) -> Vec<Vec<usize>> {
        let p = picture(board, numbered(text)).unwrap();
        (0..board.n_cells())
            .filter(|&c| p.pieces[c])
            .map(|c| board.coords(c))
            .collect()
    }

    #[test]
    fn a_smaller_picture_goes_in_the_corner() {
        let board = Board::new(&[5, 5], false, &[]);
        let text = "c qspec ...\no 4\ns OPTIMUM FOUND\ncount = 4\n4 pieces\n. Q . .\n. . . Q\nQ . . .\n. . Q .\nverified: every rule holds\n";
        assert_eq!(
            pieces(&board, text),
            vec![vec![0, 1], vec![1, 3], vec![2, 0], vec![3, 2]]
        );
    }

    #[test]
    fn fixed_pieces_and_forbidden_cells_read_as_drawn() {
        // `qspec solve` draws a fixed piece `*` and an empty forbidden
        // cell `x`, and ends with the legend.
        let board = Board::new(&[2, 3], false, &[]);
        let text = "* x .\n. . Q\n(* a fixed piece, x a forbidden cell)\n";
        assert_eq!(pieces(&board, text), vec![vec![0, 0], vec![1, 2]]);
    }

    #[test]
    fn layers_come_from_labels_or_from_blocks() {
        let board = Board::new(&[3, 2, 2], false, &[]);
        let labelled = "layer 0:\n. .\n. .\n\nlayer 2:\n. Q\n. .\n";
        assert_eq!(pieces(&board, labelled), vec![vec![2, 0, 1]]);
        let blocks = ". .\n. .\n\nQ .\n. .\n";
        assert_eq!(pieces(&board, blocks), vec![vec![1, 0, 0]]);
    }

    #[test]
    fn a_picture_larger_than_the_board_is_refused_with_its_line() {
        let board = Board::new(&[2, 2], false, &[]);
        let e = picture(&board, numbered(". . Q\n")).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(
            e.message.contains("larger than the board (2 x 2)"),
            "{}",
            e.message
        );
    }

    #[test]
    fn only_rows_of_glyphs_are_picture_rows() {
        for row in ["Q . #", ".", "N N", "* x . Q"] {
            assert!(is_picture_row(row), "{row}");
        }
        for not in [
            "o 5",
            "s SATISFIABLE",
            "13 pieces",
            "v 1 -2 0",
            "",
            "Q  .",
            "(* a fixed piece, x a forbidden cell)",
        ] {
            assert!(!is_picture_row(not), "{not}");
        }
    }
}
