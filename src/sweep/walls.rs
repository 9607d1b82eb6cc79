//! A model prepared for a wall sweep: the same model built with `walls
//! free` (one wall literal per free cell), the cells a wall may take, the
//! board's symmetry group, and for each placement its assumptions and the
//! check of the board found — from the geometry alone, on the board with
//! the placement's walls ([`crate::verify`]).

use super::incremental::{Ended, Found, Incremental};
use super::line::Line;
use super::placements::Placements;
use crate::answer::decode::{decided_cells, CellVar};
use crate::board::orbit::Orbits;
use crate::board::Board;
use crate::board::Placement;
use crate::error::{Error, Result};
use crate::language::{Quantity, Spec};
use crate::lower::{build, marks, symmetry_group, GROUP_LIMIT};
use crate::model::{Lit, Model, Var};
use crate::options::Encodings;
use crate::solve::{Status, Stop};
use crate::verify::{objective_value, verify};

/// A model and everything a wall sweep of it needs.
#[derive(Debug)]
pub struct WallModel {
    /// The model as written (its walls fixed).
    spec: Spec,
    /// Its board.
    board: Board,
    /// The same model with `walls free`.
    model: Model,
    encodings: Encodings,
    /// The wall literal of each cell that has one.
    wall: Vec<Option<Lit>>,
    /// The piece variable of each cell that has one.
    piece: Vec<Option<Var>>,
    /// The cells a placement may put a wall on, ascending.
    free: Vec<usize>,
    /// The board's symmetry group, when placements are taken one per class.
    orbits: Option<Orbits>,
}

impl WallModel {
    /// The wall sweep of `spec` on `board` (one placement per class of the
    /// board's symmetry group with `symmetry`): an error when the model
    /// already chooses walls, optimises walls, or holds a restricting hint.
    pub fn new(spec: &Spec, board: &Board, symmetry: bool) -> Result<WallModel> {
        if spec.free_walls {
            return Err(Error::unsupported_with_help(
                "a wall sweep places the walls itself, but the model has `walls free`",
                "remove `walls free` (and any `walls` bound) from the model",
            ));
        }
        if spec.objective.is_some_and(|o| o.target == Quantity::Walls) {
            return Err(Error::unsupported(
                "a wall sweep fixes the walls, so the objective cannot be the walls",
            ));
        }
        let mut free_spec = spec.clone();
        free_spec.free_walls = true;
        let model = build(&free_spec, board);
        if let Some(hint) = model.hints.iter().find(|h| h.is_restricting()) {
            return Err(Error::unsupported(format!(
                "a wall sweep needs every solution, but `{}` removes some",
                hint.hint
            )));
        }
        let n = board.n_cells();
        let (mut wall, mut piece) = (vec![None; n], vec![None; n]);
        for (v, cell) in decided_cells(&model, board).filter(|(v, _)| v.id() <= model.n_decisions())
        {
            match cell {
                CellVar::Wall(c) => wall[c] = Some(v.positive()),
                CellVar::Piece(c) => piece[c] = Some(v),
                CellVar::KindPiece { .. } => {} // the checker refuses kinds with walls free
            }
        }
        let forbidden = marks(board, &spec.forbidden);
        let free = (0..n)
            .filter(|&c| wall[c].is_some() && !forbidden[c])
            .collect();
        let orbits = if symmetry {
            let group = symmetry_group(spec, board).map_err(|_| {
                Error::unsupported_with_help(
                    format!(
                        "the board has more than {GROUP_LIMIT} symmetries, too many to sweep one placement per class"
                    ),
                    "use --no-symmetry",
                )
            })?;
            Some(Orbits::new(board, &group))
        } else {
            None
        };
        Ok(WallModel {
            spec: spec.clone(),
            board: board.clone(),
            encodings: Encodings {
                amo: spec.amo,
                card: spec.card,
            },
            model,
            wall,
            piece,
            free,
            orbits,
        })
    }

    /// The board's symmetry group, when placements are one per class.
    pub fn orbits(&self) -> Option<&Orbits> {
        self.orbits.as_ref()
    }

    /// The placements of `k` walls, one per class or every one.
    pub fn placements(&self, k: usize) -> Result<Placements> {
        Placements::new(self.free.clone(), k, self.orbits.clone())
    }

    /// The board (its given walls only).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A fresh engine holding the walls-free model, stopped by `stop`.
    pub fn engine(&self, stop: &Stop) -> Result<Incremental> {
        let projection = self.piece.iter().flatten().copied().collect();
        Incremental::new(&self.model, &self.encodings, projection, stop)
    }

    /// The assumptions of a placement: its walls, and no other.
    pub fn assumptions(&self, walls: &[usize]) -> Vec<Lit> {
        let mut out = Vec::with_capacity(self.free.len());
        let mut placed = walls.iter().peekable();
        for (c, w) in self.wall.iter().enumerate() {
            let Some(w) = *w else { continue };
            if placed.next_if(|&&p| p == c).is_some() {
                out.push(w);
            } else {
                out.push(!w);
            }
        }
        out
    }

    /// Solves the placement `walls` (ascending) on `engine`, checks the
    /// board found, and says it as a result line.
    pub fn solve(
        &self,
        engine: &mut Incremental,
        walls: &[usize],
        class_size: Option<usize>,
        count_limit: Option<u64>,
        defines: &[(String, i64)],
    ) -> Result<Line> {
        let found = engine.solve(&self.assumptions(walls), count_limit)?;
        let solution = match &found.values {
            Some(values) => Some(self.check(walls, values, &found)?),
            None => None,
        };
        Ok(Line {
            defines: defines.to_vec(),
            walls: Some(walls.iter().map(|&c| self.board.coords(c)).collect()),
            class_size,
            status: status(&found, self.spec.objective.is_some()),
            value: found.value,
            optimal_count: found.optimal_count,
            solution: solution.map(|cells| cells.iter().map(|&c| self.board.coords(c)).collect()),
            leaf: None,
            searched: None,
        })
    }

    /// The pieces of `values`, checked on the board with `walls` from the
    /// geometry alone, with the objective value the engine claims.
    fn check(&self, walls: &[usize], values: &[bool], found: &Found) -> Result<Vec<usize>> {
        let mut placement = Placement::empty(self.board.n_cells());
        for (c, v) in self.piece.iter().enumerate() {
            placement.pieces[c] = v.is_some_and(|v| values[v.index()]);
        }
        let board = self.with_walls(walls);
        check_board(&self.spec, &board, &placement, found.value, || {
            let cells: Vec<String> = walls
                .iter()
                .map(|&c| crate::board::show(&self.board.coords(c)))
                .collect();
            format!("walls {}", cells.join(" "))
        })
    }

    /// The board with the given walls and `walls` too.
    pub fn with_walls(&self, walls: &[usize]) -> Board {
        let mut all: Vec<Vec<usize>> = self.spec.walls.clone();
        all.extend(walls.iter().map(|&c| self.board.coords(c)));
        Board::new(self.board.dims(), self.board.is_torus(), &all)
    }
}

/// The cells of `placement`'s pieces once it is checked from the geometry
/// alone: every rule holds on `board`, and the objective is `claimed`; an
/// error naming the instance (`what`) otherwise.
pub fn check_board(
    spec: &Spec,
    board: &Board,
    placement: &Placement,
    claimed: Option<i64>,
    what: impl Fn() -> String,
) -> Result<Vec<usize>> {
    let violations = verify(spec, board, placement);
    let value = objective_value(spec, placement).map(|v| v as i64);
    if let Some(v) = violations.first() {
        return Err(Error::internal(format!(
            "the board found for {} breaks a rule: {v}",
            what()
        )));
    }
    if value != claimed {
        return Err(Error::internal(format!(
            "the board found for {} has the value {value:?}, not the {claimed:?} the solver claims",
            what()
        )));
    }
    Ok((0..board.n_cells())
        .filter(|&c| placement.pieces[c])
        .collect())
}

/// The result status of what the engine found.
pub fn status(found: &Found, has_objective: bool) -> Status {
    match found.verdict {
        Ended::Solved if has_objective => Status::Optimal,
        Ended::Solved => Status::Satisfiable,
        Ended::Infeasible => Status::Unsatisfiable,
        Ended::Stopped => Status::Unknown,
    }
}
