//! The builder: a checked [`Spec`] on its [`Board`] becomes a [`Model`].
//!
//! Variables: `x_<coords>` for every non-wall cell (a piece stands there) and,
//! with `walls free`, `wall_<coords>` (the solver puts a wall there); their
//! names come from [`crate::model::names`]. Rules are in [`rules`]; the "a
//! piece is seen along this ray" indicators they share are in [`rays`].
//! Forbidden cells are left out of every constraint (they get a unit
//! clause), so lines are shorter.
//!
//! ```
//! let spec = qspec::language::load("q.qspec", "board 4 x 4\nrule no_attack\ncount == 4\n", &[])?;
//! let board = qspec::Board::new(&spec.dims, spec.torus, &spec.walls);
//! let model = qspec::lower::build(&spec, &board);
//! assert_eq!(model.n_vars(), 16);
//! assert_eq!(model.name(qspec::model::Var::from_dimacs(1)), "x_0_0");
//! # Ok::<(), qspec::diag::SpecErrors>(())
//! ```

mod estimate;
mod hints;
mod kind_attacks;
mod kinds;
mod meetings;
mod rays;
mod rules;
mod scoped;
mod sight;
mod walked;

pub use estimate::{estimate, ModelEstimate};
pub use hints::{
    kind_permutations, kind_symmetry_group, symmetry_group, symmetry_group_within, tied_counts,
    KindPerm, KindSymmetry, GROUP_LIMIT,
};

use crate::board::{moves, Board, Moves};
use crate::language::{Quantity, RuleSpec, Spec};
use crate::model::names::{aux_var, piece_var, wall_var};
use crate::model::{Constraint, Decision, Lit, Model, Objective, OriginId, Rel, Var};
use crate::options::RayEncoding;

/// The model of `spec` on `board` (the board of the spec's geometry:
/// `Board::new(&spec.dims, spec.torus, &spec.walls)`).
pub fn build(spec: &Spec, board: &Board) -> Model {
    build_counted(spec, board).0
}

/// The model of `spec` on `board`, and the lowering's work: the cells it
/// walked (stepped onto, or handed in a ray, line or segment). It grows
/// with cells × directions, however long the lines are.
pub fn build_counted(spec: &Spec, board: &Board) -> (Model, u64) {
    Builder::new(spec, board).build()
}

pub(crate) struct Builder<'a> {
    spec: &'a Spec,
    board: &'a Board,
    moves: Moves,
    rays: RayEncoding,
    model: Model,
    /// The piece variable of each cell (`None` on fixed walls): the first
    /// kind's.
    x: Vec<Option<Var>>,
    /// The piece variables of every kind, by kind and cell ([`kinds`]).
    kind_x: Vec<Vec<Option<Var>>>,
    /// The chosen-wall variable of each cell (with `walls free`).
    w: Vec<Option<Var>>,
    /// Cells that must stay empty.
    forbidden: Vec<bool>,
    /// Every rider step, both signs: `signed_riders[d]`.
    signed_riders: Vec<Vec<i64>>,
    /// `seen(cell, d)` of every cell and signed rider direction defined so far.
    seen_table: rays::SeenTable,
    /// The cells walked so far ([`walked`]).
    walked: std::cell::Cell<u64>,
    /// "This segment holds a piece", per wall-free segment of the rider
    /// lines that can hold one (built by the first hint that needs them).
    segment_lits: Option<Vec<Lit>>,
    /// `seen` of every kind's pieces, by cell and signed step, for the
    /// rules that count one kind's attacks ([`kind_attacks`]).
    any_seen: kind_attacks::AnySeen,
}

impl<'a> Builder<'a> {
    fn new(spec: &'a Spec, board: &'a Board) -> Builder<'a> {
        let forbidden = marks(board, &spec.forbidden);
        let moves = canonical_moves(spec.piece(), spec);
        let signed_riders = signed(&moves.riders);
        let seen_table = rays::SeenTable::new(board.n_cells(), signed_riders.len());
        Builder {
            spec,
            board,
            moves,
            rays: spec.rays.unwrap_or_default(),
            model: Model::default(),
            x: Vec::new(),
            kind_x: Vec::new(),
            w: Vec::new(),
            forbidden,
            signed_riders,
            seen_table,
            walked: std::cell::Cell::new(0),
            segment_lits: None,
            any_seen: kind_attacks::AnySeen::new(),
        }
    }

    fn build(mut self) -> (Model, u64) {
        self.piece_vars();
        self.kind_vars();
        self.wall_vars();
        self.model.decisions = Some(self.model.n_vars());
        self.one_piece_a_cell();
        for rule in self.spec.rules.clone() {
            match rule {
                RuleSpec::NoAttack => self.no_attack(),
                RuleSpec::Attacks(rel, k) => self.attacks(rel, k),
                RuleSpec::Dominate => self.dominate(),
                RuleSpec::NoAttackOn { attacker, target } => self.no_attack_on(attacker, target),
                RuleSpec::AttacksOf { kind, rel, k } => self.kind_attacks(kind, rel, k),
            }
        }
        self.fixed_and_forbidden();
        self.count();
        self.kind_counts();
        self.scoped_counts();
        self.wall_bounds();
        self.objective();
        self.hints();
        (self.model, self.walked.get())
    }

    fn piece_vars(&mut self) {
        self.x = (0..self.board.n_cells())
            .map(|c| {
                (!self.board.is_wall(c)).then(|| {
                    let cell = self.board.coords(c);
                    let var = self.model.new_var(piece_var(&cell));
                    let piece = Decision::Piece { kind: 0, cell };
                    self.model.cells.add(var, piece);
                    var
                })
            })
            .collect();
    }

    /// With `walls free`: a wall variable on every non-wall cell that is not
    /// a fixed piece, and "a cell holds a piece or a wall, not both".
    fn wall_vars(&mut self) {
        self.w = vec![None; self.board.n_cells()];
        if !self.spec.free_walls {
            return;
        }
        let fixed = marks(self.board, &self.spec.fixed);
        for (c, &is_fixed) in fixed.iter().enumerate() {
            if !self.board.is_wall(c) && !is_fixed {
                let cell = self.board.coords(c);
                let var = self.model.new_var(wall_var(&cell));
                self.model.cells.add(var, Decision::Wall { cell });
                self.w[c] = Some(var);
            }
        }
        let origin = self.model.origin("walls free");
        for c in 0..self.board.n_cells() {
            if let (Some(x), Some(w)) = (self.placeable(c), self.w[c]) {
                self.model
                    .add(Constraint::Clause(vec![!x, w.negative()]), origin);
            }
        }
    }

    /// The piece literal of a cell that may hold a piece.
    fn placeable(&self, cell: usize) -> Option<Lit> {
        if self.forbidden[cell] {
            return None;
        }
        self.x[cell].map(Var::positive)
    }

    /// The chosen-wall literal of a cell, if walls are decisions there.
    fn wall(&self, cell: usize) -> Option<Lit> {
        self.w[cell].map(Var::positive)
    }

    /// Literals of every cell that may hold a piece, in cell order (with
    /// several kinds, every kind's, kinds in order within a cell).
    fn all_placeable(&self) -> Vec<Lit> {
        self.pieces_of(None)
    }

    fn all_walls(&self) -> Vec<Lit> {
        (0..self.board.n_cells())
            .filter_map(|c| self.wall(c))
            .collect()
    }

    /// A fresh named auxiliary variable of the model.
    fn aux(&mut self, prefix: &str, cell: usize, suffix: &str) -> Var {
        let name = aux_var(prefix, &self.board.coords(cell), suffix);
        self.model.new_var(name)
    }

    fn add(&mut self, c: Constraint, origin: OriginId) {
        self.model.add(c, origin);
    }

    fn fixed_and_forbidden(&mut self) {
        if !self.spec.fixed.is_empty() {
            let origin = self.model.origin("fix");
            for c in &self.spec.fixed {
                let any: Vec<Lit> = self.occupants(self.board.index(c)).collect();
                debug_assert!(!any.is_empty(), "check: fixed cells are not walls");
                self.model.add(Constraint::Clause(any), origin);
            }
        }
        if !self.spec.forbidden.is_empty() {
            let origin = self.model.origin("forbid");
            for c in &self.spec.forbidden {
                for kind in &self.kind_x {
                    let x =
                        kind[self.board.index(c)].expect("check: forbidden cells are not walls");
                    self.model
                        .add(Constraint::Clause(vec![x.negative()]), origin);
                }
            }
        }
    }

    fn count(&mut self) {
        let lits = self.all_placeable();
        let bounds = self.spec.counts();
        self.bounds("count", lits, &bounds);
    }

    fn wall_bounds(&mut self) {
        let lits = self.all_walls();
        let bounds = self.spec.wall_bounds();
        self.bounds("walls", lits, &bounds);
    }

    /// `sum(lits) rel k` for every bound, from `origin`.
    fn bounds(&mut self, origin: &str, lits: Vec<Lit>, bounds: &[(Rel, u32)]) {
        if bounds.is_empty() {
            return;
        }
        let origin = self.model.origin(origin);
        for &(rel, k) in bounds {
            let lits = lits.clone();
            self.add(
                Constraint::Card {
                    lits,
                    rel,
                    k,
                    guard: None,
                },
                origin,
            );
        }
    }

    fn objective(&mut self) {
        let Some(obj) = self.spec.objective else {
            return;
        };
        let lits = match obj.target {
            Quantity::Count => self.pieces_of(obj.kind),
            Quantity::Walls => self.all_walls(),
        };
        let what = obj.what(&self.spec.kinds);
        self.model.objective = Some(Objective {
            sense: obj.sense,
            terms: lits.into_iter().map(|l| (1, l)).collect(),
            what,
        });
    }
}

/// The directions that make different lines: on a torus, two directions
/// equal modulo the board's sides, up to sign, make the same lines (on a
/// side of 2, `+1` and `-1` are one step), so only the first is kept. Off
/// a torus every direction is kept.
pub(crate) fn canonical_directions(
    dirs: &[Vec<i64>],
    dims: &[usize],
    torus: bool,
) -> Vec<Vec<i64>> {
    if !torus {
        return dirs.to_vec();
    }
    let mut seen = std::collections::HashSet::new();
    dirs.iter()
        .filter(|v| {
            let reduced: Vec<i64> = v
                .iter()
                .zip(dims)
                .map(|(&x, &s)| x.rem_euclid(s as i64))
                .collect();
            let negated: Vec<i64> = reduced
                .iter()
                .zip(dims)
                .map(|(&x, &s)| (s as i64 - x) % s as i64)
                .collect();
            seen.insert(reduced.min(negated))
        })
        .cloned()
        .collect()
}

/// A piece's moves, each line family once on `spec`'s board (see
/// [`canonical_directions`]).
fn canonical_moves(piece: &crate::board::Piece, spec: &Spec) -> Moves {
    let mut m = moves(piece);
    m.riders = canonical_directions(&m.riders, &spec.dims, spec.torus);
    m.leapers = canonical_directions(&m.leapers, &spec.dims, spec.torus);
    m
}

/// One flag per cell of `board`: whether it is one of `cells`.
pub fn marks(board: &Board, cells: &[crate::language::Coord]) -> Vec<bool> {
    let mut out = vec![false; board.n_cells()];
    for c in cells {
        out[board.index(c)] = true;
    }
    out
}

/// Every vector and its negation.
fn signed(vectors: &[Vec<i64>]) -> Vec<Vec<i64>> {
    vectors
        .iter()
        .flat_map(|v| [v.clone(), v.iter().map(|x| -x).collect()])
        .collect()
}
