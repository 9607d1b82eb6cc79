//! The picture of a board, read back: rows of one-character cells
//! separated by spaces — `.` empty, `x` an empty forbidden cell, `#` a
//! wall, any capital letter a piece, `*` a fixed piece — with `layer i, j:`
//! before each layer of a board of three or more dimensions (without
//! labels, the layers of a 3-D board are taken in order, one block of rows
//! each), as `qspec solve` draws a board (`draw::Layout`); what follows
//! three spaces on a row (a board's regions, drawn beside it) is not the
//! board's. Every other line is skipped.
//!
//! How the picture must fit the board is the caller's ([`Fit`]): a warm
//! start places a smaller picture in the board's corner, `verify` reads
//! the whole board and nothing less.
//!
//! One reader for the boards of `--start` ([`super::board_file`]) and the
//! boards `verify` reads ([`super::map`]): qspec's own picture (the output
//! of `qspec solve`, a board drawn or edited by hand) and MiniZinc's
//! answers, which the `.mzn` file's output item prints this way.

use crate::board::Board;
use crate::board::Placement;
use crate::diag::LineError;

/// How a picture must fit the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// A picture smaller than the board goes in its corner (index 0 on
    /// every axis): a warm start, the n-1 solution for n.
    Corner,
    /// The picture is the whole board: every row full, every layer there,
    /// once (`verify`).
    Whole,
}

/// The lines of `text`, numbered from 1.
pub(crate) fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// The board's part of a line: what comes before three spaces (a board of
/// regions prints its regions picture beside each row, `draw::BESIDE`).
fn board_part(line: &str) -> &str {
    line.split(crate::draw::BESIDE).next().unwrap_or(line)
}

/// Whether `line` is a row of a picture: one-character cells, each `.`,
/// `x`, `#`, `*` or a capital letter, separated by single spaces (and
/// anything after three spaces).
pub(crate) fn is_picture_row(line: &str) -> bool {
    let line = board_part(line).trim_end();
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

/// What a smaller picture is told, for `verify`.
const WHOLE_HELP: &str =
    "verify reads the whole board; only --start places a smaller picture in the board's corner";

/// The picture in `lines` (each with its line number, for messages) on
/// `board`, fitted as `fit` says; lines that are neither rows nor layer
/// labels are skipped.
pub(crate) fn picture<'t>(
    board: &Board,
    lines: impl IntoIterator<Item = (usize, &'t str)>,
    fit: Fit,
    letters: &[char],
) -> std::result::Result<Placement, LineError> {
    let mut reader = Reader::new(board, fit);
    reader.letters = letters;
    for (number, line) in lines {
        reader.line(number, line)?;
    }
    reader.finish()
}

/// The picture read so far.
struct Reader<'b> {
    board: &'b Board,
    /// The letter of each kind, in a model of several kinds (empty: any
    /// capital letter is a piece of the one kind).
    letters: &'b [char],
    fit: Fit,
    placement: Placement,
    /// The rows and columns of a layer.
    rows: usize,
    cols: usize,
    /// The coordinates of the current layer (all but the last two).
    prefix: Vec<usize>,
    /// Whether the layers are named by `layer ...:` labels.
    labelled: bool,
    /// The current row, in its layer.
    row: usize,
    /// Whether the last line was a row.
    in_block: bool,
    /// The layers drawn in full (`Fit::Whole`), and those labelled.
    complete: usize,
    labels: Vec<Vec<usize>>,
    /// The last line's number.
    last: usize,
}

impl<'b> Reader<'b> {
    fn new(board: &'b Board, fit: Fit) -> Reader<'b> {
        let dims = board.dims();
        let d = dims.len();
        let (rows, cols) = match d {
            1 => (1, dims[0]),
            _ => (dims[d - 2], dims[d - 1]),
        };
        Reader {
            board,
            letters: &[],
            fit,
            placement: Placement::empty(board.n_cells()),
            rows,
            cols,
            prefix: vec![0; d.saturating_sub(2)],
            labelled: false,
            row: 0,
            in_block: false,
            complete: 0,
            labels: Vec::new(),
            last: 0,
        }
    }

    fn line(&mut self, number: usize, line: &str) -> Result<(), LineError> {
        self.last = number;
        let d = self.board.dims().len();
        if let Some(label) = layer_label(line) {
            self.end_block(number, None)?;
            if label.len() != self.prefix.len() {
                return Err(LineError::new(
                    number,
                    format!(
                        "`{}` does not name a layer of a {d}-dimensional board",
                        line.trim()
                    ),
                ));
            }
            if self.fit == Fit::Whole {
                self.check_label(number, line, &label)?;
            }
            self.prefix = label;
            self.labelled = true;
            self.row = 0;
            return Ok(());
        }
        if !is_picture_row(line) {
            self.end_block(number, Some(line))?;
            return Ok(());
        }
        let line = board_part(line);
        if !self.in_block && d > 3 && !self.labelled {
            return Err(LineError::new(
                number,
                "a picture of a board of more than three dimensions needs `layer ...:` labels",
            ));
        }
        self.in_block = true;
        let cells: Vec<&str> = line.trim_end().split(' ').collect();
        if self.fit == Fit::Whole && cells.len() < self.cols && self.row < self.rows {
            return Err(self.smaller(
                number,
                format!(
                    "row {} has {} and the board's rows have {}",
                    self.row,
                    crate::diag::plural(cells.len() as u64, "cell", "cells"),
                    self.cols
                ),
            ));
        }
        for (column, cell) in cells.into_iter().enumerate() {
            let glyph = cell.chars().next().unwrap_or('.');
            let empty = matches!(glyph, '.' | 'x');
            if empty && self.fit == Fit::Corner {
                continue;
            }
            let Some(coords) = place(self.board.dims(), &self.prefix, self.row, column) else {
                return Err(LineError::new(
                    number,
                    format!(
                        "the picture is larger than the board ({}): row {}, column {column} is off it",
                        self.size(),
                        self.row
                    ),
                ));
            };
            if empty {
                continue;
            }
            let cell = self.board.index(&coords);
            if glyph == '#' {
                self.placement.chosen_walls[cell] = !self.board.is_wall(cell);
            } else {
                let kind = self.kind_of(number, glyph)?;
                self.placement.place(cell, kind);
            }
        }
        self.row += 1;
        Ok(())
    }

    /// The kind a piece's letter stands for: in a model of several kinds,
    /// the kind drawn by it (an error for another letter); else kind 0.
    fn kind_of(&self, number: usize, glyph: char) -> Result<usize, LineError> {
        if self.letters.len() <= 1 {
            return Ok(0);
        }
        self.letters
            .iter()
            .position(|&l| l == glyph)
            .ok_or_else(|| {
                let known: Vec<String> = self.letters.iter().map(char::to_string).collect();
                LineError::new(
                    number,
                    format!(
                        "`{glyph}` is no kind of the model: its pieces are drawn {}",
                        known.join(", ")
                    ),
                )
            })
    }

    /// A block of rows ends at line `number` (`interrupting` is the line
    /// that ends it, if it is not a label): the next layer of an unlabelled
    /// 3-D picture begins, and for `Fit::Whole` the layer must be complete.
    fn end_block(&mut self, number: usize, interrupting: Option<&str>) -> Result<(), LineError> {
        if !self.in_block {
            return Ok(());
        }
        self.in_block = false;
        if self.fit == Fit::Whole {
            if self.row < self.rows {
                let whose = if self.prefix.is_empty() {
                    "the board's"
                } else {
                    "the layer's"
                };
                let what = match interrupting {
                    Some(text) if !text.trim().is_empty() => format!(
                        "`{}` is not a row of cells (`.`, `x`, `#`, `*` or a capital letter, separated by single spaces), and the picture has {} of {whose} {} here",
                        crate::diag::excerpt(text.trim()),
                        self.row,
                        crate::diag::plural(self.rows as u64, "row", "rows")
                    ),
                    _ => format!(
                        "the picture ends after {} of {whose} {}",
                        self.row,
                        crate::diag::plural(self.rows as u64, "row", "rows")
                    ),
                };
                return Err(self.smaller(number, what));
            }
            self.complete += 1;
        }
        if !self.labelled && self.board.dims().len() == 3 {
            self.prefix[0] += 1;
            self.row = 0;
        }
        Ok(())
    }

    /// A layer's label names a layer of the board, not drawn before.
    fn check_label(&mut self, number: usize, line: &str, label: &[usize]) -> Result<(), LineError> {
        let dims = self.board.dims();
        if label.iter().zip(dims).any(|(c, d)| c >= d) {
            return Err(LineError::new(
                number,
                format!(
                    "`{}` is not a layer of the board ({})",
                    line.trim(),
                    self.size()
                ),
            ));
        }
        if self.labels.iter().any(|l| l == label) {
            return Err(LineError::new(
                number,
                format!("`{}` is drawn twice", line.trim()),
            ));
        }
        self.labels.push(label.to_vec());
        Ok(())
    }

    /// The placement, once every line is read.
    fn finish(mut self) -> Result<Placement, LineError> {
        let last = self.last;
        self.end_block(last, None)?;
        if self.fit == Fit::Whole {
            let dims = self.board.dims();
            let layers: usize = dims[..self.prefix.len()].iter().product();
            if self.complete < layers {
                let what = if layers == 1 {
                    "the answer holds no row of the board's picture".to_string()
                } else {
                    format!(
                        "the picture shows {} of the board's {layers} layers",
                        self.complete
                    )
                };
                return Err(self.smaller(last, what));
            }
        }
        Ok(self.placement)
    }

    /// `what`, which makes the picture smaller than the board, at `line`.
    fn smaller(&self, line: usize, what: String) -> LineError {
        LineError::new(
            line,
            format!(
                "{what}: the picture is smaller than the board ({})",
                self.size()
            ),
        )
        .with_help(WHOLE_HELP)
    }

    /// `8 x 8`.
    fn size(&self) -> String {
        crate::board::show_dims(self.board.dims())
    }
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
        let p = picture(board, numbered(text), Fit::Corner, &[]).unwrap();
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
        let e = picture(&board, numbered(". . Q\n"), Fit::Corner, &[]).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(
            e.message.contains("larger than the board (2 x 2)"),
            "{}",
            e.message
        );
    }

    fn whole(board: &Board, text: &str) -> Result<Placement, LineError> {
        picture(board, numbered(text), Fit::Whole, &[])
    }

    #[test]
    fn the_whole_board_reads_like_a_corner_picture() {
        let board = Board::new(&[3, 2, 2], false, &[]);
        let text = "c qspec 0.1.0: q.qspec\ns SATISFIABLE\n1 pieces\nlayer 0:\n. .\n. .\n\nlayer 1:\n. .\n# .\n\nlayer 2:\n. Q\n. .\n\nverified\n";
        let p = whole(&board, text).unwrap();
        assert_eq!(
            p,
            picture(&board, numbered(text), Fit::Corner, &[]).unwrap()
        );
        assert!(p.pieces[board.index(&[2, 0, 1])] && p.chosen_walls[board.index(&[1, 1, 0])]);
        assert!(whole(&board, ". .\n. .\n\n. .\n. .\n\nQ .\n. .\n").is_ok());
    }

    #[test]
    fn a_picture_smaller_than_the_whole_board_is_refused_with_its_line() {
        let board = Board::new(&[3, 3], false, &[]);
        let short_row = whole(&board, ". Q .\n. .\n. . .\n").unwrap_err();
        assert_eq!(short_row.line, 2);
        assert!(short_row.message.contains("row 1 has 2 cells and the board's rows have 3: the picture is smaller than the board (3 x 3)"), "{}", short_row.message);
        assert!(short_row.help.unwrap().contains("only --start places"));
        let cut = whole(&board, "1 pieces\n. Q .\n. . .\n").unwrap_err();
        assert_eq!(cut.line, 3);
        assert!(
            cut.message
                .contains("the picture ends after 2 of the board's 3 rows"),
            "{}",
            cut.message
        );
        let typo = whole(&board, ". Q .\n. q .\n. . .\n").unwrap_err();
        assert_eq!(typo.line, 2);
        assert!(
            typo.message.contains("`. q .` is not a row of cells"),
            "{}",
            typo.message
        );
        let none = whole(&board, "s SATISFIABLE\n").unwrap_err();
        assert!(
            none.message.contains("no row of the board's picture"),
            "{}",
            none.message
        );
        let two = whole(&board, ". . .\n. . .\n. . .\n\n. . .\n").unwrap_err();
        assert_eq!(two.line, 5);
        assert!(
            two.message.contains("larger than the board (3 x 3): row 3"),
            "{}",
            two.message
        );
    }

    #[test]
    fn every_layer_is_drawn_once() {
        let board = Board::new(&[2, 2, 2], false, &[]);
        let one = whole(&board, "layer 1:\n. .\n. .\n").unwrap_err();
        assert!(
            one.message.contains("shows 1 of the board's 2 layers"),
            "{}",
            one.message
        );
        let twice = whole(&board, "layer 1:\n. .\n. .\n\nlayer 1:\n. .\n. .\n").unwrap_err();
        assert_eq!(twice.line, 5);
        assert!(
            twice.message.contains("`layer 1:` is drawn twice"),
            "{}",
            twice.message
        );
        let off = whole(&board, "layer 2:\n. .\n. .\n").unwrap_err();
        assert!(
            off.message
                .contains("`layer 2:` is not a layer of the board (2 x 2 x 2)"),
            "{}",
            off.message
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
