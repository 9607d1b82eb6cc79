//! VeriPB proofs written by qspec's own searches, and what they start
//! from: the rows of the claim's OPB file ([`PbRow`], read from a model
//! by [`opb_rows`], numbered as VeriPB numbers them by [`RowIds`]), the
//! writer of the steps ([`Writer`]), and the capability an engine has when
//! its search refutes a claim writing its own proof ([`Refutes`], asked of
//! an engine by `Engine::refutes` in `solve/engine.rs`). `certify` writes the
//! claim's file, hands it to the engine that made the claim, and has the
//! proof checked.
//!
//! ```
//! use qspec::model::{Rel, Var};
//! use qspec::proof::{PbRow, RowIds};
//! // An equality is two constraints to VeriPB, its `>=` half first.
//! let x1 = Var::from_dimacs(1);
//! let rows = [
//!     PbRow { terms: vec![(1, x1)], rel: Rel::Eq, rhs: 1 },
//!     PbRow { terms: vec![(1, x1)], rel: Rel::Ge, rhs: 0 },
//! ];
//! let ids = RowIds::of(&rows);
//! assert_eq!((ids.first[0], ids.first[1], ids.n_constraints), (1, 3, 3));
//! ```

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::emit;
use crate::error::{Error, Result};
use crate::model::{Constraint, Model, Rel, Var};

pub mod symmetry;

/// One constraint of the OPB file: `sum(coef * x) rel rhs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbRow {
    /// `(coefficient, variable)` terms, each variable once.
    pub terms: Vec<(i64, Var)>,
    /// The comparison.
    pub rel: Rel,
    /// The right-hand side.
    pub rhs: i64,
}

impl PbRow {
    /// The row as the `>=` constraints VeriPB reads it as, in order: the
    /// row itself, a `<=` negated, an equality's `>=` half then its `<=`
    /// half negated.
    pub fn at_least_forms(&self) -> Vec<(Vec<(i64, Var)>, i64)> {
        let negated = || {
            (
                self.terms.iter().map(|&(c, v)| (-c, v)).collect(),
                -self.rhs,
            )
        };
        match self.rel {
            Rel::Ge => vec![(self.terms.clone(), self.rhs)],
            Rel::Le => vec![negated()],
            Rel::Eq => vec![(self.terms.clone(), self.rhs), negated()],
        }
    }
}

/// The claim's OPB constraints in file order (as `compile -f opb` writes
/// them).
pub fn opb_rows(model: &Model) -> Result<Vec<PbRow>> {
    let mut rows = Vec::new();
    emit::for_each_opb_constraint(model, |terms, rel, rhs| {
        rows.push(PbRow {
            terms: terms.to_vec(),
            rel,
            rhs,
        });
    })
    .map_err(|e| Error::internal(format!("cannot linearise the claim: {e}")))?;
    Ok(rows)
}

/// The VeriPB ids of the file's rows: an equality is two constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowIds {
    /// The id of each row (of its `>=` half, for an equality).
    pub first: Vec<u64>,
    /// Constraints of the file as VeriPB counts them.
    pub n_constraints: u64,
}

impl RowIds {
    /// The ids of `rows`.
    pub fn of(rows: &[PbRow]) -> RowIds {
        let mut first = Vec::with_capacity(rows.len());
        let mut id = 0u64;
        for row in rows {
            first.push(id + 1);
            id += if row.rel == Rel::Eq { 2 } else { 1 };
        }
        RowIds {
            first,
            n_constraints: id,
        }
    }
}

/// A proof being written, its steps numbered on from the file's
/// constraints.
pub struct Writer {
    out: BufWriter<File>,
    path: PathBuf,
    next_id: u64,
    steps: u64,
}

impl Writer {
    /// A proof at `path` of the file with `n_constraints` constraints: its
    /// header written.
    pub fn create(path: &Path, n_constraints: u64) -> Result<Writer> {
        let file = File::create(path)
            .map_err(|e| Error::unwritable("cannot write the proof ", path, e))?;
        let mut writer = Writer {
            out: BufWriter::new(file),
            path: path.to_path_buf(),
            next_id: n_constraints + 1,
            steps: 0,
        };
        writer.write(&format!(
            "pseudo-Boolean proof version 2.0\nf {n_constraints}\n"
        ))?;
        Ok(writer)
    }

    fn write(&mut self, text: &str) -> Result<()> {
        self.out
            .write_all(text.as_bytes())
            .map_err(|e| Error::unwritable("cannot write the proof ", &self.path, e))
    }

    /// Writes one step that derives a constraint (`text` its line, without
    /// the newline); its id.
    pub fn step(&mut self, text: &str) -> Result<u64> {
        self.write(text)?;
        self.write("\n")?;
        self.next_id += 1;
        self.steps += 1;
        Ok(self.next_id - 1)
    }

    /// Writes a line that derives nothing (`core id ...`, `load_order
    /// ...`, an order's definition).
    pub fn command(&mut self, text: &str) -> Result<()> {
        self.write(text)?;
        self.write("\n")?;
        self.steps += 1;
        Ok(())
    }

    /// Writes a step with a subproof (`text` its lines) in which the
    /// checker numbers `ids` constraints, the derived one last; its id.
    pub fn step_with_subproof(&mut self, text: &str, ids: u64) -> Result<u64> {
        self.write(text)?;
        self.write("\n")?;
        self.next_id += ids;
        self.steps += 1;
        Ok(self.next_id - 1)
    }

    /// The clause of `literals` (`~k3`, `x12`) by reverse unit
    /// propagation; its id.
    pub fn rup_clause<S: AsRef<str>>(&mut self, literals: &[S]) -> Result<u64> {
        self.write("rup")?;
        for literal in literals {
            self.write(" 1 ")?;
            self.write(literal.as_ref())?;
        }
        self.step(" >= 1 ;")
    }

    /// Deletes derived constraints that are no longer needed (the checker
    /// is faster with fewer).
    pub fn delete(&mut self, ids: &[u64]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut text = String::from("del id");
        for id in ids {
            let _ = write!(text, " {id}");
        }
        text.push('\n');
        self.steps += 1;
        self.write(&text)
    }

    /// Steps written so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Ends the proof: the file has no solution, by the empty clause
    /// `empty`.
    pub fn conclude_unsat(mut self, empty: u64) -> Result<u64> {
        self.write(&format!(
            "output NONE\nconclusion UNSAT : {empty}\nend pseudo-Boolean proof\n"
        ))?;
        self.out
            .flush()
            .map_err(|e| Error::unwritable("cannot write the proof ", &self.path, e))?;
        Ok(self.steps)
    }
}

/// The most nodes an engine's proof search takes before the claim is
/// handed to CaDiCaL's proof: a node is some hundreds of bytes of proof,
/// and `veripb` checks some thousands of them a second.
pub const MAX_NODES: u64 = 20_000_000;

/// The claim without the clauses that exclude the boards of a listing
/// (`count --certify`: one clause over every decision a board), which a
/// search does not read as rules: it meets each such board at a leaf,
/// where the board's clause refutes it ([`excluded_board`]).
pub fn without_listed_boards(claim: &Model) -> Model {
    let decisions = claim.n_decisions() as usize;
    let mut model = claim.clone();
    model.constraints.retain(|tagged| match &tagged.constraint {
        Constraint::Clause(lits) => lits.len() != decisions || decisions < 2,
        _ => true,
    });
    model
}

/// The board that the file's row `terms >= rhs` excludes, when it is a
/// clause over `decisions` variables (a listing's): the sorted ids of the
/// pieces it places.
pub fn excluded_board(terms: &[(i64, Var)], rhs: i64, decisions: usize) -> Option<Vec<u32>> {
    let negatives = terms.iter().filter(|&&(c, _)| c == -1).count() as i64;
    let clause = terms.iter().all(|&(c, _)| c == 1 || c == -1) && rhs == 1 - negatives;
    if !clause || terms.len() != decisions || decisions < 2 {
        return None;
    }
    let mut board: Vec<u32> = terms
        .iter()
        .filter(|&&(c, _)| c == -1)
        .map(|(_, v)| v.id())
        .collect();
    board.sort_unstable();
    Some(board)
}

/// What an engine's own proof search did with a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refuted {
    /// The claim refuted; the proof is written.
    Done {
        /// Nodes of the search.
        nodes: u64,
        /// Steps of the proof.
        steps: u64,
        /// How it was refuted, for the certificate's note: `the armies
        /// search, each line given to one army, ...`.
        how: String,
    },
    /// The claim is not one the search takes (why).
    NotTaken(String),
    /// The search found what the claim says is impossible, from the rows
    /// it reads alone (other rows must refute it).
    NotRefuted,
    /// The search would be too long to write down (why).
    TooLong(String),
}

/// How a node of a proof search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Refuted: the id of its clause.
    Closed(u64),
    /// A solution of the claim: not refuted.
    Found,
    /// Past [`MAX_NODES`].
    TooLong,
}

impl End {
    /// What the search did with the claim, the root's end `self`: the
    /// proof concluded when the root is refuted (`how` words it).
    pub fn refuted(
        self,
        writer: Writer,
        nodes: u64,
        how: impl FnOnce() -> String,
    ) -> Result<Refuted> {
        match self {
            End::Closed(root) => {
                let steps = writer.conclude_unsat(root)?;
                Ok(Refuted::Done {
                    nodes,
                    steps,
                    how: how(),
                })
            }
            End::Found => Ok(Refuted::NotRefuted),
            End::TooLong => Ok(Refuted::TooLong(format!(
                "the proof search takes over {} nodes",
                crate::diag::thousands(MAX_NODES)
            ))),
        }
    }
}

/// An engine whose search refutes a claim writing a VeriPB proof as it
/// goes.
pub trait Refutes: Sync {
    /// What the certificate calls the search: `the armies search`.
    fn searcher(&self) -> &'static str;
    /// Refutes `claim` (the model the claim's OPB file was written from,
    /// whose rows are `rows`) into the proof at `proof`.
    fn refute(&self, claim: &Model, rows: &[PbRow], proof: &Path) -> Result<Refuted>;
}
