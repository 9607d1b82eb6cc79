//! What the row search solves, read off a model ([`Problem::of`]): pieces
//! of one kind on the cells of a board of two dimensions, limits on sets
//! of cells (`sum <= k`: every `count per line <= 2`, `count per row <= 2`,
//! an at-most-one), forbidden cells, and a count of pieces that fills every
//! row to its limit (2n points in n rows of at most two: no three in
//! line). A model with any other constraint is refused with the reason,
//! except for the constraints of hints that keep every verdict (implied
//! hints, and one solution per class): the search needs none of them, and
//! a board it finds is completed against the whole model afterwards. The
//! board's symmetries that keep every limit and forbidden cell come with
//! the problem ([`Problem::maps`]).

use std::collections::{HashMap, HashSet};

use crate::board::symmetry::grid_maps;
use crate::model::{Constraint, Decision, Lit, Model, Rel, Var};

/// The most columns (and rows): a row's cells are the bits of a `u64`.
pub const MAX_SIDE: usize = 64;

/// Why the row search cannot take a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not one kind of piece on a board of two dimensions of at most
    /// [`MAX_SIDE`] rows and columns.
    Board(String),
    /// An objective: the search lists the boards of a fixed count.
    Objective,
    /// A constraint that is not a limit on a set of cells, a forbidden
    /// cell, or the count of every piece.
    Constraint {
        /// Where it came from (`count per line <= 2`).
        origin: String,
        /// What it is: `a clause`, `a linear constraint`.
        what: &'static str,
    },
    /// The count does not fill every row to its limit.
    NotFull {
        /// The least count the model asks for.
        count: usize,
        /// The most the rows hold, each to its limit.
        rows_hold: usize,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Board(why) => f.write_str(why),
            Refusal::Objective => f.write_str(
                "the model has an objective, and the row search lists the boards of a fixed count",
            ),
            Refusal::Constraint { origin, what } => write!(
                f,
                "the constraints from `{origin}` include {what}, which is not a limit on a set of cells (`<=`), a forbidden cell, or the count of every piece"
            ),
            Refusal::NotFull { count, rows_hold } => write!(
                f,
                "the count ({count}) does not fill every row to its limit (the rows hold {rows_hold})"
            ),
        }
    }
}

/// At most `cap` pieces on `cells`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Limit {
    /// The most pieces.
    pub cap: u32,
    /// The cells (`row * width + column`), sorted.
    pub cells: Vec<usize>,
}

/// A model as rows to fill, each to its limit, under limits on sets of
/// cells.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub width: usize,
    /// The piece variable of each cell (`row * width + column`), `None`
    /// where no piece may stand (a wall, a forbidden cell).
    pub var_at: Vec<Option<Var>>,
    /// The limits, each on a set of live cells, none that the cells cannot
    /// break.
    pub limits: Vec<Limit>,
    /// How many pieces each row holds (its limit, filled).
    pub row_fill: Vec<u32>,
    /// How many pieces each column holds, when the count fills the columns
    /// to their limits too (else `None`).
    pub column_fill: Option<Vec<u32>>,
    /// Whether the model has a solution at all by its count's bounds (the
    /// count fits what the rows hold, and no upper bound is below it).
    pub feasible: bool,
    /// The board's symmetries that keep every limit and live cell, each as
    /// a map of cells (`map[cell]`), the identity left out.
    pub maps: Vec<Vec<usize>>,
}

impl Problem {
    /// The problem `model` states, or why the row search cannot take it.
    pub fn of(model: &Model) -> Result<Problem, Refusal> {
        if model.objective.is_some() {
            return Err(Refusal::Objective);
        }
        let (rows, width, var_at) = board(model)?;
        let cell_of: HashMap<Var, usize> = var_at
            .iter()
            .enumerate()
            .filter_map(|(cell, v)| Some(((*v)?, cell)))
            .collect();
        let read = Read::of(model, &cell_of)?;
        let mut var_at = var_at;
        for &cell in &read.forbidden {
            var_at[cell] = None;
        }
        let live: HashSet<usize> = (0..var_at.len()).filter(|&c| var_at[c].is_some()).collect();
        let limits = live_limits(read.limits, &live);
        let line = |cells: Vec<usize>| fill_of(&cells, &limits);
        let row_fill: Vec<u32> = (0..rows)
            .map(|r| {
                line(
                    (0..width)
                        .map(|c| r * width + c)
                        .filter(|c| live.contains(c))
                        .collect(),
                )
            })
            .collect();
        let column_fill: Vec<u32> = (0..width)
            .map(|c| {
                line(
                    (0..rows)
                        .map(|r| r * width + c)
                        .filter(|x| live.contains(x))
                        .collect(),
                )
            })
            .collect();
        let rows_hold: usize = row_fill.iter().map(|&f| f as usize).sum();
        // A count above what the rows hold has no board (`feasible`).
        if read.at_least < rows_hold {
            return Err(Refusal::NotFull {
                count: read.at_least,
                rows_hold,
            });
        }
        let columns_hold: usize = column_fill.iter().map(|&f| f as usize).sum();
        let mut problem = Problem {
            rows,
            width,
            var_at,
            limits,
            row_fill,
            column_fill: (columns_hold == rows_hold).then_some(column_fill),
            feasible: read.at_least == rows_hold && read.at_most.is_none_or(|m| m >= rows_hold),
            maps: Vec::new(),
        };
        problem.maps = symmetries(&problem);
        Ok(problem)
    }

    /// The number of pieces every solution holds.
    pub fn count(&self) -> usize {
        self.row_fill.iter().map(|&f| f as usize).sum()
    }

    /// Whether the mirror of the columns (`(r, c)` to `(r, width - 1 -
    /// c)`) is one of [`Problem::maps`].
    pub fn mirrors_columns(&self) -> bool {
        self.has_map(|r, c| (r, self.width - 1 - c))
    }

    /// Whether the mirror of the rows (`(r, c)` to `(rows - 1 - r, c)`) is
    /// one of [`Problem::maps`].
    pub fn mirrors_rows(&self) -> bool {
        self.has_map(|r, c| (self.rows - 1 - r, c))
    }

    /// Whether the transposition (`(r, c)` to `(c, r)`) is one of
    /// [`Problem::maps`] and the count fills the columns as it fills the
    /// rows, so that the search can fill the middle columns as it fills
    /// the middle rows and compare the two.
    pub fn transposes(&self) -> bool {
        self.rows == self.width && self.column_fill.is_some() && self.has_map(|r, c| (c, r))
    }

    fn has_map(&self, image: impl Fn(usize, usize) -> (usize, usize)) -> bool {
        self.maps.iter().any(|map| {
            (0..self.var_at.len()).all(|cell| {
                let (r, c) = image(cell / self.width, cell % self.width);
                map[cell] == r * self.width + c
            })
        })
    }
}

/// The board of `model`'s decisions: rows, columns and each cell's piece
/// variable, or why it is not one the search takes.
fn board(model: &Model) -> Result<(usize, usize, Vec<Option<Var>>), Refusal> {
    let mut placed: Vec<(Var, usize, usize)> = Vec::new();
    for (var, decision) in model.cells.iter() {
        match decision {
            Decision::Piece { kind: 0, cell } if cell.len() == 2 => {
                placed.push((var, cell[0], cell[1]))
            }
            Decision::Piece { kind: 0, cell } => {
                return Err(Refusal::Board(format!(
                "the board has {} dimensions, and the row search fills the rows of a board of two",
                cell.len()
            )))
            }
            Decision::Piece { .. } => {
                return Err(Refusal::Board(
                    "the model has several kinds of piece, and the row search places one".into(),
                ))
            }
            Decision::Wall { .. } => {
                return Err(Refusal::Board(
                    "the solver places walls (`walls free`), and the row search places pieces only"
                        .into(),
                ))
            }
        }
    }
    if placed.is_empty() || placed.len() != model.n_decisions() as usize {
        return Err(Refusal::Board(
            "the model's decisions are not the cells of a board".into(),
        ));
    }
    let rows = placed.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    let width = placed.iter().map(|p| p.2 + 1).max().unwrap_or(0);
    if rows > MAX_SIDE || width > MAX_SIDE {
        return Err(Refusal::Board(format!(
            "the board is {rows} x {width}, and the row search takes at most {MAX_SIDE} rows and columns"
        )));
    }
    let mut var_at = vec![None; rows * width];
    for (var, r, c) in placed {
        var_at[r * width + c] = Some(var);
    }
    Ok((rows, width, var_at))
}

/// What the model's constraints say, read one by one.
#[derive(Default)]
struct Read {
    limits: Vec<Limit>,
    forbidden: Vec<usize>,
    at_least: usize,
    at_most: Option<usize>,
}

impl Read {
    fn of(model: &Model, cell_of: &HashMap<Var, usize>) -> Result<Read, Refusal> {
        let mut read = Read::default();
        let kept = || {
            model
                .constraints
                .iter()
                .filter(|t| !model.keeps_verdicts_without(t.origin))
        };
        // The forbidden cells first: a count of every piece leaves them out.
        let forbidden: HashSet<usize> = kept()
            .filter_map(|t| match &t.constraint {
                Constraint::Clause(ls) if ls.len() == 1 && ls[0].is_neg() => {
                    cell_of.get(&ls[0].var()).copied()
                }
                _ => None,
            })
            .collect();
        let live = cell_of.len() - forbidden.len();
        let cells_of = |lits: &[Lit]| -> Option<Vec<usize>> {
            lits.iter()
                .map(|l| match l.is_neg() {
                    true => None,
                    false => cell_of.get(&l.var()).copied(),
                })
                .collect()
        };
        for tagged in kept() {
            let origin = model.origin_text(tagged.origin);
            let refuse = |what: &'static str| Refusal::Constraint {
                origin: origin.to_string(),
                what,
            };
            match &tagged.constraint {
                Constraint::Clause(ls) if ls.len() == 1 && ls[0].is_neg() => {
                    cell_of
                        .get(&ls[0].var())
                        .ok_or_else(|| refuse("a clause"))?;
                }
                Constraint::AtMostOne(ls) => {
                    let cells =
                        cells_of(ls).ok_or_else(|| refuse("an at-most-one of other variables"))?;
                    read.limits.push(Limit { cap: 1, cells });
                }
                Constraint::Card {
                    lits,
                    rel,
                    k,
                    guard: None,
                } => {
                    let cells = cells_of(lits)
                        .ok_or_else(|| refuse("a cardinality constraint on other variables"))?;
                    let cells = sorted(cells);
                    let every_piece =
                        cells.iter().filter(|c| !forbidden.contains(c)).count() == live;
                    match (rel, every_piece) {
                        (Rel::Le, false) => read.limits.push(Limit { cap: *k, cells }),
                        (_, false) => return Err(refuse("a lower bound on a part of the board")),
                        (_, true) => read.count(*rel, *k as usize),
                    }
                }
                Constraint::Card { .. } => return Err(refuse("a guarded cardinality constraint")),
                Constraint::Clause(_) => return Err(refuse("a clause")),
                Constraint::Linear { .. } => return Err(refuse("a linear constraint")),
                Constraint::OrDef { .. } => return Err(refuse("a defined variable")),
            }
        }
        read.forbidden = forbidden.into_iter().collect();
        Ok(read)
    }
}

impl Read {
    /// A bound on the count of every piece.
    fn count(&mut self, rel: Rel, k: usize) {
        if matches!(rel, Rel::Ge | Rel::Eq) {
            self.at_least = self.at_least.max(k);
        }
        if matches!(rel, Rel::Le | Rel::Eq) {
            self.at_most = Some(self.at_most.map_or(k, |m| m.min(k)));
        }
    }
}

fn sorted(mut cells: Vec<usize>) -> Vec<usize> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The limits on live cells alone, each set once with its least cap,
/// leaving out those the live cells cannot break (`cap` or fewer).
fn live_limits(limits: Vec<Limit>, live: &HashSet<usize>) -> Vec<Limit> {
    let mut least: HashMap<Vec<usize>, u32> = HashMap::new();
    for limit in limits {
        let cells = sorted(
            limit
                .cells
                .into_iter()
                .filter(|c| live.contains(c))
                .collect(),
        );
        if cells.len() > limit.cap as usize {
            let cap = least.entry(cells).or_insert(limit.cap);
            *cap = (*cap).min(limit.cap);
        }
    }
    let mut limits: Vec<Limit> = least
        .into_iter()
        .map(|(cells, cap)| Limit { cap, cells })
        .collect();
    limits.sort_unstable();
    limits
}

/// How many pieces the live cells `line` hold at most: the least cap of a
/// limit on all of them, else one a cell.
fn fill_of(line: &[usize], limits: &[Limit]) -> u32 {
    limits
        .iter()
        .filter(|l| line.iter().all(|c| l.cells.binary_search(c).is_ok()))
        .map(|l| l.cap)
        .min()
        .unwrap_or(line.len() as u32)
        .min(line.len() as u32)
}

/// The symmetries of the rows x columns box that keep the live cells and
/// every limit, as maps of cells, the identity left out.
fn symmetries(problem: &Problem) -> Vec<Vec<usize>> {
    let limits: HashSet<&Limit> = problem.limits.iter().collect();
    let n = problem.var_at.len();
    grid_maps(problem.rows, problem.width)
        .into_iter()
        .filter(|map| {
            (0..n).all(|c| problem.var_at[c].is_some() == problem.var_at[map[c]].is_some())
                && problem.limits.iter().all(|l| {
                    let image = Limit {
                        cap: l.cap,
                        cells: sorted(l.cells.iter().map(|&c| map[c]).collect()),
                    };
                    limits.contains(&image)
                })
        })
        .collect()
}
