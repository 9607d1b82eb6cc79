//! The text picture of a board, before any placement: its lines (layer
//! labels, blank lines, the legend) and its rows of cells, each cell with
//! the character it shows when empty, when it holds a piece and when the
//! solver put a wall on it; on a board of regions, each row has the row of
//! the regions picture beside it. [`text`](super::text) renders it for a
//! placement; a format that prints its own solution (MiniZinc's output
//! item, `emit::mzn`) spells the same picture in its own language, so the
//! two print a board alike, character for character.
//!
//! ```
//! let queens = qspec::load_source("q.qspec", "board 2 x 3\nwall (0,0)\nrule no_attack\n", &[], &Default::default())?;
//! let layout = qspec::draw::Layout::of(&queens.spec, &queens.board);
//! let mut p = qspec::Placement::empty(6);
//! p.pieces[4] = true;
//! assert_eq!(layout.render(&p), "# . .\n. Q .\n");
//! # Ok::<(), qspec::Error>(())
//! ```

use crate::board::{show, Board, Placement};
use crate::language::Spec;

/// The characters a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// Without a piece or a chosen wall: `.`, `x` on a forbidden cell,
    /// `#` on a wall of the board.
    pub empty: char,
    /// With a piece: the piece's letter, `*` on a fixed cell.
    pub piece: char,
    /// With a wall the solver chose (`walls free`): `#`.
    pub wall: char,
}

/// One cell of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Its index on the board.
    pub index: usize,
    /// Its coordinates.
    pub coords: Vec<usize>,
    /// What it shows.
    pub glyphs: Glyphs,
}

/// One line of the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Fixed text: a layer's label (`layer 1, 2:`), the blank line after a
    /// layer, the legend.
    Text(String),
    /// A row of cells, printed separated by single spaces, and the text
    /// printed beside them: on a board of regions, three spaces and the
    /// row of the regions picture (empty for none).
    Row(Vec<Cell>, String),
}

/// The picture of a board, line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Its lines, top first.
    pub lines: Vec<Line>,
    /// The letter of each kind, in a model of several kinds (a piece is
    /// shown by its kind's letter, fixed or not); empty for one kind.
    pub letters: Vec<char>,
}

/// The legend printed under a board with fixed or forbidden cells.
pub const LEGEND: &str = "(* a fixed piece, x a forbidden cell)";

impl Layout {
    /// The picture of `board` under `spec`: a board of d > 2 dimensions
    /// is drawn as one labelled block per value of its first d-2
    /// coordinates, a 1-D board as one row.
    pub fn of(spec: &Spec, board: &Board) -> Layout {
        let mut lines = Vec::new();
        for (label, first, rows, cols) in layers(board) {
            if !label.is_empty() {
                lines.push(Line::Text(format!("{label}:")));
            }
            for r in 0..rows {
                let row = (0..cols)
                    .map(|c| {
                        let index = first + r * cols + c;
                        let coords = board.coords(index);
                        let glyphs = glyphs(spec, board, index, &coords);
                        Cell {
                            index,
                            coords,
                            glyphs,
                        }
                    })
                    .collect();
                let beside = regions_beside(spec, board, first + r * cols, cols);
                lines.push(Line::Row(row, beside));
            }
            if !label.is_empty() {
                lines.push(Line::Text(String::new()));
            }
        }
        if !spec.fixed.is_empty() || !spec.forbidden.is_empty() {
            lines.push(Line::Text(LEGEND.to_string()));
        }
        let letters = if spec.has_kinds() {
            spec.kinds.iter().map(|k| k.letter).collect()
        } else {
            Vec::new()
        };
        Layout { lines, letters }
    }

    /// The picture of `p`, one line per row (each ending in a newline).
    pub fn render(&self, p: &Placement) -> String {
        let mut out = String::new();
        for line in &self.lines {
            match line {
                Line::Text(text) => out.push_str(text),
                Line::Row(cells, beside) => {
                    for (i, cell) in cells.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        let (piece, wall) = (p.pieces[cell.index], p.chosen_walls[cell.index]);
                        let kind = self.letters.get(p.kinds[cell.index]);
                        out.push(match kind {
                            Some(&letter) if piece && !wall => letter,
                            _ => cell.glyphs.show(piece, wall),
                        });
                    }
                    out.push_str(beside);
                }
            }
            out.push('\n');
        }
        out
    }
}

impl Glyphs {
    /// The character shown with or without a piece and a chosen wall (a
    /// chosen wall hides a piece, which the verifier reports).
    pub fn show(&self, piece: bool, chosen_wall: bool) -> char {
        if chosen_wall {
            self.wall
        } else if piece {
            self.piece
        } else {
            self.empty
        }
    }
}

/// `Q` for queens, `N` for knights..., `P` for custom pieces.
pub fn piece_letter(spec: &Spec) -> char {
    crate::board::piece::letter(&spec.piece().name)
}

/// The row of a 2-D board's regions picture that starts at cell `first`,
/// after three spaces (`   g g h`; `.` a cell in no region): a reader of
/// the board takes what comes before the three spaces. Empty on a board
/// without regions.
fn regions_beside(spec: &Spec, board: &Board, first: usize, cols: usize) -> String {
    let Some(regions) = spec.regions.as_ref().filter(|_| board.dims().len() == 2) else {
        return String::new();
    };
    let letters: Vec<String> = (first..first + cols)
        .map(|c| regions.of(c).unwrap_or('.').to_string())
        .collect();
    format!("{BESIDE}{}", letters.join(" "))
}

/// What separates a board's row from the text beside it.
pub const BESIDE: &str = "   ";

/// What cell `index` at `coords` shows.
fn glyphs(spec: &Spec, board: &Board, index: usize, coords: &[usize]) -> Glyphs {
    if board.is_wall(index) {
        return Glyphs {
            empty: '#',
            piece: '#',
            wall: '#',
        };
    }
    let fixed = spec.fixed.iter().any(|c| c.as_slice() == coords);
    let forbidden = spec.forbidden.iter().any(|c| c.as_slice() == coords);
    Glyphs {
        empty: if forbidden { 'x' } else { '.' },
        piece: if fixed { '*' } else { piece_letter(spec) },
        wall: '#',
    }
}

/// The 2-D layers of the board: each is (label, first cell, rows, columns);
/// a board of d > 2 dimensions has one layer per value of its first d-2
/// coordinates, a 1-D board one row.
pub(super) fn layers(board: &Board) -> Vec<(String, usize, usize, usize)> {
    let dims = board.dims();
    let (rows, cols) = match dims.len() {
        1 => (1, dims[0]),
        d => (dims[d - 2], dims[d - 1]),
    };
    let per_layer = rows * cols;
    let n_layers = board.n_cells() / per_layer;
    (0..n_layers)
        .map(|l| {
            let first = l * per_layer;
            let label = if dims.len() > 2 {
                let prefix = &board.coords(first)[..dims.len() - 2];
                let shown = show(prefix);
                format!(
                    "layer {}",
                    shown.trim_start_matches('(').trim_end_matches(')')
                )
            } else {
                String::new()
            };
            (label, first, rows, cols)
        })
        .collect()
}
