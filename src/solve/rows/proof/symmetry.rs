//! The row search's proof breaks the board's symmetries by lex-leader
//! constraints ([`Lex`]), each brought in by dominance with the symmetry
//! as witness (`proof::symmetry`): the order reads the cells of the lines
//! the search fills first (the middle rows, then the middle columns), so
//! that the constraints are decided, and propagate, as soon as those lines
//! are filled. The search's own tests read each row as the lesser of
//! itself and its mirror image, which no linear constraint says; the
//! proof's search keeps the greatest member of each class in this order
//! instead, and cuts a node where a symmetry's constraint is broken by the
//! cells already decided.

use std::collections::{BTreeMap, HashMap};

use super::super::plan::{Line, Plan};
use super::super::problem::Problem;
use super::super::search::Walker;
use super::preamble::FileRows;
use crate::error::Result;
use crate::model::Var;
use crate::proof::symmetry::MAX_ORDER;
use crate::proof::Writer;

/// The lex order and the symmetries the proof breaks with it.
pub(super) struct Lex {
    /// The cells the order reads, the highest first.
    order: Vec<usize>,
    /// The board's columns.
    width: usize,
    /// Each symmetry kept (one that maps the file's kept rows onto
    /// themselves): its preimage of every cell.
    preimages: Vec<Vec<usize>>,
}

impl Lex {
    /// The order over `plan`'s first lines, and the symmetries of
    /// `problem` under which the rows `file` keeps are closed (`cell_var`
    /// every cell's variable, forbidden cells' too).
    pub(super) fn of(plan: &Plan, file: &FileRows, cell_var: &[Option<Var>]) -> Lex {
        let problem = plan.problem;
        let mut order = Vec::new();
        for line in &plan.prefix {
            let cells: Vec<usize> = match *line {
                Line::Row(r) => (0..problem.width).map(|c| r * problem.width + c).collect(),
                Line::Column(c) => (0..problem.rows).map(|r| r * problem.width + c).collect(),
            };
            for cell in cells {
                if problem.var_at[cell].is_some() && !order.contains(&cell) {
                    order.push(cell);
                }
            }
        }
        order.truncate(MAX_ORDER);
        let var_cell: HashMap<u32, usize> = cell_var
            .iter()
            .enumerate()
            .filter_map(|(cell, v)| Some((v.as_ref()?.id(), cell)))
            .collect();
        let preimages = problem
            .maps
            .iter()
            .filter(|map| closes(file, map, &var_cell, cell_var))
            .map(|map| {
                let mut preimage = vec![0; map.len()];
                for (c, &d) in map.iter().enumerate() {
                    preimage[d] = c;
                }
                preimage
            })
            .collect();
        Lex {
            order,
            width: problem.width,
            preimages,
        }
    }

    /// The symmetries broken.
    pub(super) fn len(&self) -> usize {
        self.preimages.len()
    }

    /// Writes the symmetry breaking: the file's rows but those it keeps
    /// deleted, the order loaded, each symmetry's lex-leader constraint by
    /// dominance ([`Writer::break_symmetries`]).
    pub(super) fn write(
        &self,
        file: &FileRows,
        n_constraints: u64,
        problem: &Problem,
        writer: &mut Writer,
    ) -> Result<()> {
        let var = |cell: usize| problem.var_at[cell].map_or(0, |v| v.id());
        let order: Vec<u32> = self.order.iter().map(|&c| var(c)).collect();
        let preimages: Vec<BTreeMap<u32, u32>> = self
            .preimages
            .iter()
            .map(|preimage| {
                (0..preimage.len())
                    .filter(|&d| problem.var_at[d].is_some())
                    .map(|d| (var(d), var(preimage[d])))
                    .collect()
            })
            .collect();
        writer.break_symmetries("rows_lex", n_constraints, &file.kept, &order, &preimages)
    }

    /// Whether a symmetry's lex-leader constraint is broken by the cells
    /// `walker` has decided at `level`: the first cell of the order where
    /// the board and its image differ, both decided, is empty on the board
    /// (propagation then finds the constraint false).
    pub(super) fn broken(&self, walker: &Walker, level: usize) -> bool {
        let width = self.width;
        let value = |cell: usize| -> Option<bool> {
            let (row, bit) = (cell / width, 1u64 << (cell % width));
            match (
                walker.patterns[row] & bit != 0,
                walker.levels[level][row] & bit != 0,
            ) {
                (true, _) => Some(true),
                (false, false) => Some(false),
                (false, true) => None,
            }
        };
        self.preimages.iter().any(|preimage| {
            for &cell in &self.order {
                match (value(cell), value(preimage[cell])) {
                    (Some(a), Some(b)) if a == b => continue,
                    (Some(a), Some(b)) => return b && !a,
                    _ => return false,
                }
            }
            false
        })
    }
}

/// Whether `map` takes every row `file` keeps to a row it keeps.
fn closes(
    file: &FileRows,
    map: &[usize],
    var_cell: &HashMap<u32, usize>,
    cell_var: &[Option<Var>],
) -> bool {
    crate::proof::symmetry::closes(&file.kept_forms, |v| {
        Some(cell_var[map[*var_cell.get(&v)?]]?.id())
    })
}
