//! What stands on a board's cells: a piece or not, and (with `walls free`)
//! a wall the solver chose or not. The common currency of the way back —
//! decoded from an answer, judged by the verifier, drawn.

/// Pieces and (with `walls free`) chosen walls, one flag per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// A piece stands on the cell.
    pub pieces: Vec<bool>,
    /// Walls the solver chose (all false without `walls free`).
    pub chosen_walls: Vec<bool>,
}

impl Placement {
    /// No piece, no chosen wall.
    pub fn empty(n_cells: usize) -> Placement {
        Placement {
            pieces: vec![false; n_cells],
            chosen_walls: vec![false; n_cells],
        }
    }

    /// The number of pieces.
    pub fn n_pieces(&self) -> usize {
        self.pieces.iter().filter(|&&p| p).count()
    }

    /// The number of chosen walls.
    pub fn n_chosen_walls(&self) -> usize {
        self.chosen_walls.iter().filter(|&&w| w).count()
    }
}
