//! What stands on a board's cells: a piece or not (and its kind), and (with `walls free`)
//! a wall the solver chose or not. The common currency of the way back —
//! decoded from an answer, judged by the verifier, drawn.

/// Pieces and (with `walls free`) chosen walls, one flag per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// A piece stands on the cell.
    pub pieces: Vec<bool>,
    /// The kind of the piece on each cell (0 where none stands, and in a
    /// model of one kind).
    pub kinds: Vec<usize>,
    /// Walls the solver chose (all false without `walls free`).
    pub chosen_walls: Vec<bool>,
}

impl Placement {
    /// No piece, no chosen wall.
    pub fn empty(n_cells: usize) -> Placement {
        Placement {
            pieces: vec![false; n_cells],
            kinds: vec![0; n_cells],
            chosen_walls: vec![false; n_cells],
        }
    }

    /// The number of pieces.
    pub fn n_pieces(&self) -> usize {
        self.pieces.iter().filter(|&&p| p).count()
    }

    /// The number of pieces of kind `kind`.
    pub fn n_of_kind(&self, kind: usize) -> usize {
        (0..self.pieces.len())
            .filter(|&c| self.pieces[c] && self.kinds[c] == kind)
            .count()
    }

    /// Puts a piece of kind `kind` on `cell`.
    pub fn place(&mut self, cell: usize, kind: usize) {
        self.pieces[cell] = true;
        self.kinds[cell] = kind;
    }

    /// The number of chosen walls.
    pub fn n_chosen_walls(&self) -> usize {
        self.chosen_walls.iter().filter(|&&w| w).count()
    }
}
