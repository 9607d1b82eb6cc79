//! The row search's own proof (`--certify=model` for its claims: "no
//! board", "no board besides these listed"): the claim refuted by the row
//! search's filling of lines, written as a VeriPB proof of the claim's
//! OPB file as it searches, with no SAT solver between.
//!
//! The proof first brings in each row's and column's fill as a
//! constraint of its own ([`preamble`]: the count less what the other
//! lines hold); from them and the file's limits, reverse unit propagation
//! finds everything the search finds at a node — a line that two pieces
//! close, a row or column without room for its pieces, the pieces a line
//! with just the room must take. The search fills lines as the engine
//! does (the middle rows, the middle columns, then the open row with the
//! fewest free cells), with the engine's own code for placing pieces and
//! for the room left; a line's pieces are chosen cell by cell, each cell
//! tried with a piece and then without, so each node ends with the clause
//! "not these choices" by reverse unit propagation from its children's.
//! A full board is refuted by its listing's exclusion clause, or is a
//! board the claim missed (not refuted).
//!
//! The symmetries are broken by lex-leader constraints, brought in by
//! dominance ([`symmetry`]), and a node where the cells decided break one
//! ends by propagation.

mod preamble;
mod symmetry;

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use super::pairs;
use super::plan::{Line, Plan};
use super::problem::Problem;
use super::search::{Shared, Walker};
use crate::diag::plural;
use crate::error::{Error, Result};
use crate::model::Model;
use crate::proof::{
    without_listed_boards, End, PbRow, Refuted, Refutes, RowIds, Writer, MAX_NODES,
};
use crate::solve::driver::Tasks;
use crate::solve::Stop;
use preamble::{cells_by_var, FileRows};
use symmetry::Lex;

/// The row search's proof search, as the engine's capability.
pub struct RowsProof;

impl Refutes for RowsProof {
    fn searcher(&self) -> &'static str {
        "the row search"
    }

    fn refute(&self, claim: &Model, rows: &[PbRow], proof: &Path) -> Result<Refuted> {
        let problem = match Problem::of(&without_listed_boards(claim)) {
            Ok(problem) if problem.feasible => problem,
            Ok(_) => {
                return Ok(Refuted::NotTaken(
                    "its count does not fill the rows to their limits".into(),
                ))
            }
            Err(why) => return Ok(Refuted::NotTaken(why.to_string())),
        };
        let ids = RowIds::of(rows);
        let cell_of = cells_by_var(claim, problem.width);
        let file = FileRows::read(rows, &ids, &problem, &cell_of, claim.n_decisions() as usize);
        let fills = match file.fills(&problem) {
            Ok(fills) => fills,
            Err(why) => return Ok(Refuted::NotTaken(why)),
        };
        let mut cell_var = vec![None; problem.var_at.len()];
        for (&var, &cell) in &cell_of {
            cell_var[cell] = Some(var);
        }
        let plan = Plan::new(&problem, pairs::MAX_BYTES);
        let lex = Lex::of(&plan, &file, &cell_var);
        let mut writer = Writer::create(proof, ids.n_constraints)?;
        lex.write(&file, ids.n_constraints, &problem, &mut writer)?;
        fills.write(&mut writer)?;
        let stop = Stop::new(None);
        let shared = Shared {
            tasks: Tasks::new(&stop, false),
            classes: Mutex::new(BTreeSet::new()),
            keep: usize::MAX,
            overflowed: AtomicBool::new(false),
            first: false,
            boards: Mutex::new(Vec::new()),
        };
        let literals = literals(&problem);
        let mut prover = Prover {
            literals: &literals,
            walker: Walker::new(&plan, &shared),
            plan: &plan,
            lex: &lex,
            listed: &file.listed,
            writer,
            path: Vec::new(),
            line_start: 0,
            nodes: 0,
        };
        let end = prover.root()?;
        end.refuted(prover.writer, prover.nodes, || {
            how(&plan, &lex, file.listed.len())
        })
    }
}

/// The certificate's words for what the proof did.
fn how(plan: &Plan, lex: &Lex, listed: usize) -> String {
    let columns = match plan.problem.column_fill {
        Some(_) => " and column's",
        None => "",
    };
    let boards = match listed {
        0 => String::new(),
        k => format!(", each full board one of the {k} listed ones"),
    };
    let symmetries = match lex.len() {
        0 => "no symmetry pruning".to_string(),
        k => format!(
            "{}' lex-leader constraints on the first lines' cells by dominance",
            plural(k as u64, "symmetry", "symmetries")
        ),
    };
    format!(
        "the row search refuted it from the file's limit and count rows (each row's{columns} \
         fill derived from the count, the lines filled cell by cell as the search fills them, \
         closed cells, room and forced pieces by propagation{boards}; {symmetries})"
    )
}

/// The proof search's state: the engine's walker (pieces, free cells,
/// room), and the clause "not these choices" so far.
struct Prover<'a, 'p, 's> {
    walker: Walker<'p, 's>,
    plan: &'p Plan<'p>,
    lex: &'a Lex,
    listed: &'a HashSet<Vec<u32>>,
    writer: Writer,
    /// Each cell's literals: "not a piece here", "a piece here".
    literals: &'a [[String; 2]],
    /// The clause "not these choices": `~x` a piece placed by choice, `x`
    /// a cell tried and left empty.
    path: Vec<&'a str>,
    /// Where the line being filled starts in [`Prover::path`].
    line_start: usize,
    nodes: u64,
}

impl<'a> Prover<'a, '_, '_> {
    /// Refutes every board: the pieces the room forces at the start, then
    /// the lines.
    fn root(&mut self) -> Result<End> {
        match self.walker.settle(0) {
            None => self.writer.rup_clause(&self.path).map(End::Closed),
            Some(level) => {
                let end = self.lines_from(0, level);
                self.walker.unplace_to(0);
                end
            }
        }
    }

    /// Refutes every filling of the lines from the `i`th on, the pieces
    /// so far at `level`.
    fn lines_from(&mut self, i: usize, level: usize) -> Result<End> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Ok(End::TooLong);
        }
        self.line_start = self.path.len();
        match self.plan.prefix.get(i) {
            Some(&Line::Row(row)) => {
                self.in_line(i, Line::Row(row), self.walker.need(row), 0, level)
            }
            Some(&Line::Column(column)) => {
                let lacks = self.walker.lacks(column);
                self.in_line(i, Line::Column(column), lacks, 0, level)
            }
            None => match self.walker.fewest_free(level) {
                Some(row) => self.in_line(i, Line::Row(row), self.walker.need(row), 0, level),
                None => self.found(),
            },
        }
    }

    /// `left` more pieces in `line` (the `i`th filled), at places `from`
    /// or after along it (columns of a row, rows of a column).
    fn in_line(
        &mut self,
        i: usize,
        line: Line,
        left: u32,
        from: usize,
        level: usize,
    ) -> Result<End> {
        if left == 0 {
            return self.line_filled(i, level);
        }
        let width = self.plan.problem.width;
        let free = &self.walker.levels[level];
        let cells: Vec<usize> = match line {
            Line::Row(row) => {
                let after = free[row] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
                bits(after).map(|column| row * width + column).collect()
            }
            Line::Column(column) => (from..free.len())
                .filter(|&row| free[row] >> column & 1 == 1)
                .map(|row| row * width + column)
                .collect(),
        };
        let along = |cell: usize| match line {
            Line::Row(_) => cell % width,
            Line::Column(_) => cell / width,
        };
        self.choose(&cells, left, |prover, cell| {
            prover.walker.place(cell, level);
            let end = prover.in_line(i, line, left - 1, along(cell) + 1, level + 1);
            prover.walker.unplace();
            end
        })
    }

    /// Tries a piece on each of `cells` in turn (`child` goes on from it),
    /// each cell left empty after its turn, while `left` fit in the cells
    /// still untried; the clause "not these choices" from the children's.
    fn choose(
        &mut self,
        cells: &[usize],
        left: u32,
        mut child: impl FnMut(&mut Self, usize) -> Result<End>,
    ) -> Result<End> {
        let mark = self.path.len();
        let mut children = Vec::with_capacity(cells.len());
        for (k, &cell) in cells.iter().enumerate() {
            if cells.len() - k < left as usize {
                break;
            }
            let [placed, empty] = &self.literals[cell];
            self.path.push(placed);
            self.nodes += 1;
            let end = match self.nodes > MAX_NODES {
                true => Ok(End::TooLong),
                false => child(self, cell),
            };
            self.path.pop();
            match end? {
                End::Closed(id) => children.push(id),
                other => {
                    self.path.truncate(mark);
                    return Ok(other);
                }
            }
            self.path.push(empty);
        }
        self.path.truncate(mark);
        let id = self.writer.rup_clause(&self.path)?;
        self.writer.delete(&children)?;
        Ok(End::Closed(id))
    }

    /// The `i`th line is filled: cut where a symmetry's lex-leader
    /// constraint is broken or a line lacks room, else on to the next.
    /// The cells of the line tried and left empty leave the clause: the
    /// line's limit, full, empties them by propagation, so the clause
    /// without them is as good below and shorter.
    fn line_filled(&mut self, i: usize, level: usize) -> Result<End> {
        let start = self.line_start;
        let line = self.path.split_off(start);
        let placed = line.iter().filter(|literal| literal.starts_with('~'));
        self.path.extend(placed);
        let end = self.line_filled_from(i, level);
        self.path.truncate(start);
        self.path.extend(line);
        self.line_start = start;
        end
    }

    fn line_filled_from(&mut self, i: usize, level: usize) -> Result<End> {
        if self.lex.broken(&self.walker, level) {
            return self.writer.rup_clause(&self.path).map(End::Closed);
        }
        match self.walker.settle(level) {
            None => self.writer.rup_clause(&self.path).map(End::Closed),
            Some(settled) => {
                let end = self.lines_from(i + 1, settled);
                self.walker.unplace_to(level);
                end
            }
        }
    }

    /// A full board: refuted by its listing's clause, else found.
    fn found(&mut self) -> Result<End> {
        let mut board = Vec::with_capacity(self.walker.placed.len());
        for &cell in &self.walker.placed {
            board.push(self.var(cell)?);
        }
        board.sort_unstable();
        match self.listed.contains(&board) {
            true => self.writer.rup_clause(&self.path).map(End::Closed),
            false => Ok(End::Found),
        }
    }

    /// The piece variable's id on `cell`.
    fn var(&self, cell: usize) -> Result<u32> {
        self.plan.problem.var_at[cell]
            .map(|v| v.id())
            .ok_or_else(|| Error::internal("a piece on a cell off the board"))
    }
}

/// Each live cell's literals in a clause: `~x` (no piece here) and `x`.
fn literals(problem: &Problem) -> Vec<[String; 2]> {
    problem
        .var_at
        .iter()
        .map(|var| match var {
            Some(v) => [format!("~x{}", v.id()), format!("x{}", v.id())],
            None => [String::new(), String::new()],
        })
        .collect()
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}
