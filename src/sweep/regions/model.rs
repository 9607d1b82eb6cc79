//! The model a region puzzle is made of, read as every command reads it:
//! the file loaded with its parameters, then checked again on the
//! puzzles' board with one region standing in for theirs. Every statement
//! is honoured — walls, fixed and forbidden cells, boxes, every count and
//! rule — or refused at its place (`file:line:column`) when the generator
//! cannot honour it: several kinds, an objective, walls the solver
//! chooses, a hint that may remove solutions, or cells named on a board of
//! another size than the puzzles'. A puzzle is judged on the file with its
//! regions in place ([`PuzzleModel::text`]), loaded and counted as `qspec
//! count` loads and counts it.

use crate::board::sets::{Regions, Scope};
use crate::board::{Board, Placement};
use crate::count::{End, Solutions};
use crate::diag::{Diagnostic, Span, SpecErrors};
use crate::error::{Error, Result};
use crate::instance::{check_source, load_source, Source};
use crate::language::ast::{RuleAst, ScopeAst, Stmt, StmtKind};
use crate::language::edit::with_regions;
use crate::language::parse::parse;
use crate::language::Spec;
use crate::model::{HintKind, Rel};

/// The model of a family of region puzzles, on their board.
#[derive(Clone, Debug)]
pub struct PuzzleModel {
    source: Source,
    defines: Vec<(String, i64)>,
    /// The puzzles' board, when it is not the model's own.
    board: Option<Vec<usize>>,
    /// The model checked on the puzzles' board, one region over it all.
    spec: Spec,
    /// The `k` of `count per region == k`.
    per_region: usize,
}

impl PuzzleModel {
    /// The model in `source` with `defines`, for puzzles of `side` x
    /// `side`; each statement the generator cannot honour is an error at
    /// its place.
    pub fn new(source: &Source, defines: &[(String, i64)], side: usize) -> Result<PuzzleModel> {
        let own = source.check(defines)?.spec;
        let text = source.text.strip_prefix('\u{FEFF}').unwrap_or(&source.text);
        let stmts = parse(text).map_err(|d| spec_errors(source, text, vec![d]))?;
        let board = (own.dims != [side, side]).then(|| vec![side, side]);
        let refusals = Refusals {
            stmts: &stmts,
            spec: &own,
            side,
        };
        let errors = refusals.all();
        if !errors.is_empty() {
            return Err(spec_errors(source, text, errors));
        }
        let one_region = vec![vec!["a"; side].join(" "); side];
        let placeholder = with_regions(text, &one_region, board.as_deref())
            .map_err(|d| spec_errors(source, text, vec![d]))?;
        let spec = check_source(&source.name, &placeholder, defines, &source.options)?.spec;
        let per_region = exact_per_region(&spec).expect("checked by the refusals");
        Ok(PuzzleModel {
            source: source.clone(),
            defines: defines.to_vec(),
            board,
            spec,
            per_region,
        })
    }

    /// The model on the puzzles' board (its regions one region of every
    /// cell, standing in for a puzzle's).
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The pieces each region holds.
    pub fn per_region(&self) -> usize {
        self.per_region
    }

    /// The puzzles' side.
    pub fn side(&self) -> usize {
        self.spec.dims[0]
    }

    /// What a placement must satisfy before its regions are drawn: the
    /// model without its regions, their counts and its hints (which only
    /// restate what every solution satisfies).
    pub fn template(&self) -> Spec {
        let mut t = self.spec.clone();
        t.regions = None;
        t.bounds.retain(|b| !b.is_over(&Scope::Region));
        t.hints.clear();
        t
    }

    /// The template with `layout` (a region number a cell) as its regions
    /// and their counts: a candidate puzzle.
    pub fn candidate(&self, layout: &[usize], letters: &[char]) -> Spec {
        let mut s = self.spec.clone();
        s.hints.clear();
        s.regions = Some(Regions::new(
            layout.iter().map(|&r| Some(letters[r])).collect(),
        ));
        s
    }

    /// The model file with `rows` as its regions (and the puzzles' board):
    /// what a user gets who pastes the puzzle into the model.
    pub fn text(&self, rows: &[String]) -> Result<String> {
        let text = &self.source.text;
        with_regions(text, rows, self.board.as_deref())
            .map_err(|d| spec_errors(&self.source, text, vec![d]))
    }

    /// The one solution of the model file with `rows` as its regions,
    /// loaded and counted as `qspec count` loads and counts it (each
    /// solution verified from the geometry), or `None` when it has none or
    /// more than one.
    pub fn judge(&self, rows: &[String]) -> Result<Option<Placement>> {
        let text = self.text(rows)?;
        let instance = load_source(
            &self.source.name,
            &text,
            &self.defines,
            &self.source.options,
        )?;
        let encodings = instance.encodings(None, None);
        let mut solutions = Solutions::new(&instance, None, None, &encodings, Some(1), None)?;
        let first = solutions.next_solution()?;
        let after = solutions.next_solution()?;
        Ok(match (first, after, solutions.end()) {
            (Some(one), None, Some(End::Complete)) => Some(one.placement),
            _ => None,
        })
    }

    /// The board the puzzles are solved on: the model's walls in place.
    pub fn board(&self) -> Board {
        Board::new(&self.spec.dims, self.spec.torus, &self.spec.walls)
    }

    /// Why the playable page cannot play these puzzles, at the statements:
    /// it places pieces under `rule no_attack` (or no rule), with no cell
    /// fixed or forbidden.
    pub fn refuse_for_page(&self) -> Result<()> {
        let text = &self.source.text;
        let stmts = parse(text).map_err(|d| spec_errors(&self.source, text, vec![d]))?;
        let errors: Vec<Diagnostic> = stmts
            .iter()
            .filter_map(|stmt| {
                let what = match &stmt.kind {
                    StmtKind::Rule(RuleAst::Named(name)) if name.text == "no_attack" => {
                        return None
                    }
                    StmtKind::Rule(_) => "a rule other than `rule no_attack`",
                    StmtKind::Fix(_) => "a fixed cell",
                    StmtKind::Forbid(_) => "a forbidden cell",
                    _ => return None,
                };
                Some(
                    Diagnostic::new(
                        stmt.span,
                        format!("the puzzle page cannot play {what}"),
                    )
                    .with_help("the page plays pieces under `rule no_attack` (or no rule) on free cells; leave out --html to make the puzzles alone"),
                )
            })
            .collect();
        match errors.is_empty() {
            true => Ok(()),
            false => Err(spec_errors(&self.source, text, errors)),
        }
    }
}

/// The `k` of the model's `count per region == k` (k at least 1).
fn exact_per_region(spec: &Spec) -> Option<usize> {
    spec.scoped_counts()
        .iter()
        .find(|c| c.scope == Scope::Region && c.rel == Rel::Eq && c.k > 0 && c.kind.is_none())
        .map(|c| c.k as usize)
}

fn spec_errors(source: &Source, text: &str, errors: Vec<Diagnostic>) -> Error {
    Error::Spec(SpecErrors {
        file: source.name.clone(),
        source: text.to_string(),
        errors,
    })
}

/// The statements the generator cannot honour, each at its place.
struct Refusals<'a> {
    stmts: &'a [Stmt],
    /// The model as loaded, on its own board.
    spec: &'a Spec,
    /// The puzzles' side.
    side: usize,
}

impl Refusals<'_> {
    fn all(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        errors.extend(self.shape());
        for stmt in self.stmts {
            errors.extend(self.statement(stmt));
        }
        errors.extend(self.restricting_hints());
        errors
    }

    fn board_span(&self) -> Span {
        self.stmts
            .iter()
            .find(|s| matches!(s.kind, StmtKind::Board { .. }))
            .map_or(Span::new(0, 0), |s| s.span)
    }

    /// A 2-D board, and `count per region == k`.
    fn shape(&self) -> Vec<Diagnostic> {
        let d = self.spec.dims.len();
        if d != 2 {
            return vec![Diagnostic::new(
                self.board_span(),
                format!(
                    "region puzzles are made on a 2-D board, and this board has {d} dimensions"
                ),
            )];
        }
        if self.spec.has_kinds() || exact_per_region(self.spec).is_some() {
            return Vec::new();
        }
        let per_region = self.stmts.iter().find(|s| {
            matches!(&s.kind, StmtKind::ScopedCount { scope: ScopeAst::Per(word), .. } if word.text == "region")
        });
        let (at, message) = match per_region {
            Some(stmt) => (
                stmt.span,
                "region puzzles need each region to hold exactly k pieces (`count per region == k`, k at least 1)",
            ),
            None => (
                self.board_span(),
                "region puzzles are made for a model with `count per region == k` (k at least 1), and this model has none",
            ),
        };
        vec![Diagnostic::new(at, message)
            .with_help("see models/queens-regions.qspec and models/star-battle.qspec")]
    }

    /// What one statement asks that a puzzle cannot honour.
    fn statement(&self, stmt: &Stmt) -> Option<Diagnostic> {
        let first_piece = self
            .stmts
            .iter()
            .position(|s| matches!(s.kind, StmtKind::Piece { .. }));
        let (message, help) = match &stmt.kind {
            StmtKind::Piece { .. }
                if first_piece.is_some_and(|i| !std::ptr::eq(&self.stmts[i], stmt)) =>
            {
                (
                    "region puzzles are made for a model of one kind of piece; this is a second kind".to_string(),
                    "take the other kinds away".to_string(),
                )
            }
            StmtKind::Objective { .. } => (
                "a region puzzle has one solution to find, not a best one: the generator cannot honour an objective".to_string(),
                "take the objective away; a count (`count == 8`) fixes how many pieces".to_string(),
            ),
            StmtKind::WallsFree => (
                "region puzzles place pieces on the model's board: the generator cannot honour walls the solver chooses".to_string(),
                "take `walls free` away; `wall (r,c)` places a wall".to_string(),
            ),
            _ if self.names_cells(stmt) && self.spec.dims != [self.side, self.side] => (
                format!(
                    "this statement names cells of the model's {0} board, and the puzzles are {1} x {1} (--size {1})",
                    crate::board::show_dims(&self.spec.dims),
                    self.side,
                ),
                format!(
                    "make puzzles of the model's size (--size {}), or take the statement away",
                    self.spec.dims[0]
                ),
            ),
            _ => return None,
        };
        Some(Diagnostic::new(stmt.span, message).with_help(help))
    }

    /// Whether `stmt` names cells of the board by their coordinates.
    fn names_cells(&self, stmt: &Stmt) -> bool {
        match &stmt.kind {
            StmtKind::Wall(_) | StmtKind::Fix(_) | StmtKind::Forbid(_) => true,
            StmtKind::Board { picture, .. } => picture.is_some(),
            StmtKind::ScopedCount { scope, .. } => matches!(scope, ScopeAst::In(..)),
            _ => false,
        }
    }

    /// The hints that may remove solutions: a puzzle with one solution
    /// under them might have more without.
    fn restricting_hints(&self) -> Vec<Diagnostic> {
        if self.spec.hints.is_empty() {
            return Vec::new();
        }
        let board = Board::new(&self.spec.dims, self.spec.torus, &self.spec.walls);
        let notes = crate::lower::build(self.spec, &board).hints;
        let written = self
            .stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Hint { .. }));
        written
            .zip(&self.spec.hints)
            .filter_map(|(stmt, hint)| {
                let note = notes.iter().find(|n| n.hint == hint.text)?;
                (note.kind != HintKind::Implied).then(|| {
                    Diagnostic::new(
                        stmt.span,
                        format!(
                            "`{}` may remove solutions ({}), so a puzzle with one solution under it might have more without it",
                            hint.text,
                            note.describe()
                        ),
                    )
                    .with_help("take the hint away: a region puzzle is judged on the whole model")
                })
            })
            .collect()
    }
}
