//! The board: its dimensions (a shape or a picture), the size guard, and
//! the cells statements name (walls, fixed and forbidden cells).

use super::{Checker, Result};
use crate::board::show;
use crate::diag::{Diagnostic, Span};
use crate::language::ast::*;
use crate::language::{Coord, ObjectiveSpec, Quantity, Spec};
use std::collections::BTreeSet;

/// Boards with more cells than this are refused before any model is built.
pub const MAX_CELLS: usize = 20_000_000;

/// The most dimensions a board may have.
pub const MAX_DIMS: usize = 16;

/// The most directions a piece may move in (rider line families and
/// leaper directions together): a queen or a king up to 11 dimensions
/// (88,573), every other built-in piece up to 16.
pub const MAX_DIRECTIONS: u64 = 100_000;

impl Checker<'_> {
    pub(super) fn board_dims(&mut self, stmts: &[Stmt]) -> Option<Vec<usize>> {
        let boards: Vec<&Stmt> = stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Board { .. }))
            .collect();
        let Some(first) = boards.first() else {
            self.report(
                Diagnostic::new(Span::new(0, 0), "the model has no board")
                    .with_help("add a board, e.g. `board 8 x 8` or `board 5^3`"),
            );
            return None;
        };
        for extra in &boards[1..] {
            self.report(Diagnostic::new(
                extra.span,
                "a model has one board; this is a second `board` statement",
            ));
        }
        let StmtKind::Board { shape, picture } = &first.kind else {
            unreachable!()
        };
        let dims = match shape {
            Some(shape) => self.shape(shape)?,
            None => picture_dims(picture.as_ref().expect("grammar: shape or picture"))
                .map_err(|d| self.report(d))
                .ok()?,
        };
        // Exact as far as u128 goes (a side of 2^62 squared is 2^124), and
        // a power of ten past it: a figure printed is never a saturated one.
        let n_cells = dims
            .iter()
            .try_fold(1u128, |acc, &s| acc.checked_mul(s as u128));
        if n_cells.is_none_or(|n| n > MAX_CELLS as u128) {
            let log10: f64 = dims.iter().map(|&s| (s as f64).log10()).sum();
            let cells = match n_cells {
                Some(n) => crate::diag::thousands_wide(n),
                None => format!("about 10^{}", log10.floor()),
            };
            self.report(
                Diagnostic::new(
                    first.span,
                    format!(
                        "this board has {cells} cells; qspec refuses boards of more than {} cells",
                        big(MAX_CELLS)
                    ),
                )
                .with_help(format!(
                    "its model alone would need about {} of memory (a variable and a line entry per cell and direction)",
                    crate::diag::bytes_of_log10(log10 + 64f64.log10())
                ))
                .for_size(),
            );
            return None;
        }
        if let (Some(p), Some(_)) = (picture, shape) {
            self.picture_matches(p, &dims)?;
        }
        Some(dims)
    }

    pub(super) fn shape(&mut self, shape: &Shape) -> Option<Vec<usize>> {
        match shape {
            Shape::Cube { side, dim } => {
                let s = self.side(side)?;
                let d = self.eval(dim).map_err(|e| self.report(e)).ok()?;
                if d < 1 || d as usize > MAX_DIMS {
                    self.report(Diagnostic::new(
                        dim.span,
                        format!("a board has 1 to {MAX_DIMS} dimensions, got {d}"),
                    ));
                    return None;
                }
                Some(vec![s; d as usize])
            }
            Shape::Box(sides) => {
                if let [side @ Expr {
                    kind: ExprKind::Binary(BinOp::Mul, a, b),
                    ..
                }] = sides.as_slice()
                {
                    let (a, b) = (self.eval(a).unwrap_or(0), self.eval(b).unwrap_or(0));
                    self.report(
                        Diagnostic::new(
                            side.span,
                            format!(
                                "`*` multiplies: this is a 1-D board of {} cells, not {a} x {b}",
                                a.saturating_mul(b)
                            ),
                        )
                        .with_help(format!(
                            "write `board {a} x {b}` for {a} rows of {b} cells, or `board {}` for one row",
                            a.saturating_mul(b)
                        )),
                    );
                    return None;
                }
                if sides.len() > MAX_DIMS {
                    self.report(Diagnostic::new(
                        sides[MAX_DIMS].span,
                        format!("a board has at most {MAX_DIMS} dimensions"),
                    ));
                    return None;
                }
                let dims: Vec<Option<usize>> = sides.iter().map(|e| self.side(e)).collect();
                dims.into_iter().collect()
            }
        }
    }

    pub(super) fn side(&mut self, e: &Expr) -> Option<usize> {
        let v = self.eval(e).map_err(|d| self.report(d)).ok()?;
        if v < 1 {
            self.report(Diagnostic::new(
                e.span,
                format!("a board side must be at least 1, got {v}"),
            ));
            return None;
        }
        usize::try_from(v).ok()
    }

    pub(super) fn picture_matches(&mut self, p: &Picture, dims: &[usize]) -> Option<()> {
        if dims.len() != 2 {
            self.report(Diagnostic::new(
                p.span,
                format!(
                    "a board picture draws a 2-D board, but this board has {} dimensions",
                    dims.len()
                ),
            ));
            return None;
        }
        if p.rows.len() != dims[0] {
            self.report(Diagnostic::new(
                p.span,
                format!(
                    "the picture has {}, the board {}",
                    crate::diag::plural(p.rows.len() as u64, "row", "rows"),
                    dims[0]
                ),
            ));
            return None;
        }
        let mut ok = true;
        for row in &p.rows {
            if row.cells.len() != dims[1] {
                let mut error = Diagnostic::new(
                    row.span,
                    format!(
                        "this row has {}, the board has {}",
                        crate::diag::plural(row.cells.len() as u64, "cell", "cells"),
                        crate::diag::plural(dims[1] as u64, "column", "columns")
                    ),
                );
                if self.comment_after(row.span) {
                    error = error.with_help(
                        "the `#` after it starts a comment (in a `regions` picture a cell in no region is `.`)",
                    );
                }
                self.report(error);
                ok = false;
            }
        }
        ok.then_some(())
    }

    /// Whether the line of `span` goes on, after it, with a comment.
    fn comment_after(&self, span: Span) -> bool {
        let rest = &self.source[span.end.min(self.source.len())..];
        let line = rest.split(['\n', '\r']).next().unwrap_or("");
        line.contains('#')
    }

    pub(super) fn picture_cells(
        &mut self,
        p: &Picture,
        walls: &mut BTreeSet<Coord>,
        fixed: &mut BTreeSet<Coord>,
        forbidden: &mut BTreeSet<Coord>,
    ) {
        for (r, row) in p.rows.iter().enumerate() {
            for (c, &ch) in row.cells.iter().enumerate() {
                let cell = vec![r, c];
                match ch {
                    '#' => walls.insert(cell),
                    'Q' => fixed.insert(cell),
                    'x' => forbidden.insert(cell),
                    _ => false,
                };
            }
        }
    }

    pub(super) fn cells(&mut self, tuples: &[Tuple], dims: &[usize], into: &mut BTreeSet<Coord>) {
        for t in tuples {
            if let Some(c) = self.cell(t, dims) {
                into.insert(c);
            }
        }
    }

    pub(super) fn cell(&mut self, t: &Tuple, dims: &[usize]) -> Option<Coord> {
        if t.items.len() != dims.len() {
            self.report(Diagnostic::new(
                t.span,
                format!(
                    "this cell has {} coordinates, the board has {} dimensions",
                    t.items.len(),
                    dims.len()
                ),
            ));
            return None;
        }
        let mut cell = Vec::with_capacity(dims.len());
        for (axis, (e, &size)) in t.items.iter().zip(dims).enumerate() {
            let v = self.eval(e).map_err(|d| self.report(d)).ok()?;
            if v < 0 || v as u64 >= size as u64 {
                self.report(
                    Diagnostic::new(
                        e.span,
                        format!(
                            "coordinate {v} is off the board: axis {axis} runs from 0 to {}",
                            size - 1
                        ),
                    )
                    .with_help("coordinates are 0-based, the first one is the row"),
                );
                return None;
            }
            cell.push(v as usize);
        }
        Some(cell)
    }

    /// A cell that is both a wall and a fixed piece, etc.
    pub(super) fn cell_conflicts(
        &mut self,
        stmts: &[Stmt],
        walls: &BTreeSet<Coord>,
        fixed: &BTreeSet<Coord>,
        forbidden: &BTreeSet<Coord>,
    ) {
        for stmt in stmts {
            let (tuples, what) = match &stmt.kind {
                StmtKind::Fix(t) => (t, "fixed"),
                StmtKind::Forbid(t) => (t, "forbidden"),
                _ => continue,
            };
            for t in tuples {
                let Ok(cell) = t
                    .items
                    .iter()
                    .map(|e| self.eval(e).map(|v| v as usize))
                    .collect::<Result<Coord>>()
                else {
                    continue;
                };
                if walls.contains(&cell) {
                    self.report(Diagnostic::new(
                        t.span,
                        format!("cell {} is a wall and cannot be {what}", show(&cell)),
                    ));
                } else if what == "fixed" && forbidden.contains(&cell) {
                    self.report(Diagnostic::new(
                        t.span,
                        format!("cell {} is both fixed and forbidden", show(&cell)),
                    ));
                }
            }
        }
        let both: Vec<&Coord> = fixed.intersection(forbidden).collect();
        if !both.is_empty() && !self.has_errors() {
            // Only reachable through a picture (`Q` and `x` on one cell is impossible),
            // kept for safety.
            self.report(Diagnostic::new(
                Span::new(0, 0),
                format!("cell {} is both fixed and forbidden", show(both[0])),
            ));
        }
    }

    /// Refuses a piece with more directions than [`MAX_DIRECTIONS`] on
    /// this board, before any direction is listed; whether the piece is
    /// within the limit (so its directions may be listed).
    pub(super) fn directions_limit(&mut self, stmts: &[Stmt], spec: &Spec) -> bool {
        let (riders, leapers) = crate::board::n_directions(spec.piece());
        let total = riders.saturating_add(leapers);
        if total <= MAX_DIRECTIONS {
            return true;
        }
        let at = stmts
            .iter()
            .find(|s| matches!(s.kind, StmtKind::Piece { .. }))
            .or_else(|| {
                stmts
                    .iter()
                    .find(|s| matches!(s.kind, StmtKind::Board { .. }))
            })
            .map_or(Span::new(0, 0), |s| s.span);
        self.report(
            Diagnostic::new(
                at,
                format!(
                    "a {} on a board of {} dimensions moves in {} directions; qspec supports at most {}",
                    spec.piece().name,
                    spec.dims.len(),
                    big(usize::try_from(total).unwrap_or(usize::MAX)),
                    big(MAX_DIRECTIONS as usize)
                ),
            )
            .with_help("a queen or a king up to 11 dimensions, a rook, bishop, knight or nightrider up to 16"),
        );
        false
    }

    pub(super) fn wall_options(&mut self, stmts: &[Stmt], spec: &Spec) {
        if spec.free_walls {
            return;
        }
        for stmt in stmts {
            if matches!(stmt.kind, StmtKind::WallsBound(_)) {
                self.report(
                    Diagnostic::new(stmt.span, "a wall bound needs `walls free`")
                        .with_help("add `walls free` so that the solver chooses the walls"),
                );
            }
        }
        if let Some(ObjectiveSpec {
            target: Quantity::Walls,
            ..
        }) = spec.objective
        {
            let at = stmts
                .iter()
                .find(|s| matches!(&s.kind, StmtKind::Objective { .. }))
                .map_or(Span::new(0, 0), |s| s.span);
            self.report(
                Diagnostic::new(at, "the objective counts walls, but the walls are fixed")
                    .with_help("add `walls free` so that the solver chooses the walls"),
            );
        }
    }
}

fn picture_dims(p: &Picture) -> Result<Vec<usize>> {
    let Some(first) = p.rows.first() else {
        return Err(Diagnostic::new(p.span, "the board picture is empty"));
    };
    for row in &p.rows {
        if row.cells.len() != first.cells.len() {
            return Err(Diagnostic::new(
                row.span,
                format!(
                    "this row has {}, the first row {}",
                    crate::diag::plural(row.cells.len() as u64, "cell", "cells"),
                    first.cells.len()
                ),
            ));
        }
    }
    Ok(vec![p.rows.len(), first.cells.len()])
}

/// 1234567 → "1,234,567".
fn big(n: usize) -> String {
    crate::diag::thousands(n as u64)
}
