//! What the row search's proof reads in the claim's file and brings in
//! before it searches: the file's rows over the board's cells
//! ([`FileRows`]: the count, the limits, a listing's boards, and the rows
//! the symmetries keep), and each row's and column's fill as a constraint
//! of its own ([`FileRows::derive_fills`]: the count less what the other
//! lines hold), from which propagation finds what the search finds — a
//! line without room for its pieces, the pieces a line with just the room
//! must take.

use std::collections::{HashMap, HashSet};

use super::super::problem::Problem;
use crate::error::Result;
use crate::model::{Decision, Model, Var};
use crate::proof::symmetry::{form, Form};
use crate::proof::{excluded_board, PbRow, RowIds, Writer};

/// The file's rows read over the board's cells.
pub(super) struct FileRows {
    /// The id of `every piece >= count`, and the count.
    count: Option<(u64, i64)>,
    /// `at most cap on these live cells` rows: the id and cap of each, by
    /// its live cells (sorted), the least cap kept.
    limits: HashMap<Vec<usize>, (u64, i64)>,
    /// The ids of the rows the symmetries map onto each other: the count,
    /// the limits, the forbidden cells, a listing's boards.
    pub(super) kept: Vec<u64>,
    /// Those rows, as forms.
    pub(super) kept_forms: HashSet<Form>,
    /// The boards a listing's clauses exclude, as sorted piece ids.
    pub(super) listed: HashSet<Vec<u32>>,
}

impl FileRows {
    /// Reads `rows` (numbered by `ids`) over the board's cells (`cell_of`
    /// each piece variable's, forbidden cells' too); the claim has
    /// `decisions` decision variables.
    pub(super) fn read(
        rows: &[PbRow],
        ids: &RowIds,
        problem: &Problem,
        cell_of: &HashMap<Var, usize>,
        decisions: usize,
    ) -> FileRows {
        let live = problem.var_at.iter().flatten().count();
        let mut read = FileRows {
            count: None,
            limits: HashMap::new(),
            kept: Vec::new(),
            kept_forms: HashSet::new(),
            listed: HashSet::new(),
        };
        for (row, &first) in rows.iter().zip(&ids.first) {
            for (k, (terms, rhs)) in row.at_least_forms().into_iter().enumerate() {
                let id = first + k as u64;
                let cells: Option<Vec<usize>> =
                    terms.iter().map(|(_, v)| cell_of.get(v).copied()).collect();
                let Some(mut cells) = cells else { continue };
                cells.sort_unstable();
                let all = |c: i64| terms.iter().all(|&(t, _)| t == c);
                let board = excluded_board(&terms, rhs, decisions);
                let keep = if all(-1) {
                    let cap = -rhs;
                    let live_cells = live_line(problem, cells.into_iter());
                    let entry = read.limits.entry(live_cells).or_insert((id, cap));
                    if cap < entry.1 {
                        *entry = (id, cap);
                    }
                    true
                } else if all(1) && cells.len() >= live {
                    if read.count.is_none_or(|(_, k)| rhs > k) {
                        read.count = Some((id, rhs));
                    }
                    true
                } else if let Some(board) = board {
                    read.listed.insert(board);
                    true
                } else {
                    false
                };
                if keep {
                    read.kept.push(id);
                    read.kept_forms.insert(form(&terms, rhs));
                }
            }
        }
        read
    }

    /// The steps that derive, for every row (and every column, when the
    /// count fills them too), "its live cells hold at least its fill": the
    /// count row plus every other line's "at most its fill" (a limit of
    /// the file, or each cell's `x <= 1`); `Err` says what the file lacks.
    pub(super) fn fills(&self, problem: &Problem) -> std::result::Result<Fills, String> {
        let (count_id, _) = self
            .count
            .ok_or("the file has no row that counts every piece from below")?;
        let width = problem.width;
        let rows: Vec<Vec<usize>> = (0..problem.rows)
            .map(|r| live_line(problem, (0..width).map(|c| r * width + c)))
            .collect();
        let mut steps = self
            .family(&rows, &problem.row_fill, count_id, problem)
            .ok_or("the file does not bound every row from above")?;
        if let Some(column_fill) = &problem.column_fill {
            let columns: Vec<Vec<usize>> = (0..width)
                .map(|c| live_line(problem, (0..problem.rows).map(|r| r * width + c)))
                .collect();
            let by_column = self
                .family(&columns, column_fill, count_id, problem)
                .ok_or("the file does not bound every column from above")?;
            steps.extend(by_column);
        }
        Ok(Fills { steps })
    }

    /// The `pol` steps of "at least its fill" for each of `lines` (a
    /// family that covers the board once), or `None` when a line has no
    /// upper bound to subtract.
    fn family(
        &self,
        lines: &[Vec<usize>],
        fill: &[u32],
        count_id: u64,
        problem: &Problem,
    ) -> Option<Vec<String>> {
        let at_most: Vec<String> = lines
            .iter()
            .zip(fill)
            .map(|(line, &fill)| self.at_most(line, fill, problem))
            .collect::<Option<_>>()?;
        let steps = (0..lines.len())
            .map(|i| {
                let others = at_most.iter().enumerate().filter(|&(j, _)| j != i);
                let mut text = format!("pol {count_id}");
                others.for_each(|(_, bound)| text.push_str(bound));
                text
            })
            .collect();
        Some(steps)
    }

    /// `line` holds at most `fill`, as terms added in a `pol` step: the
    /// file's limit on its cells, or each cell's `x <= 1` when the line
    /// holds as many as it has cells.
    fn at_most(&self, line: &[usize], fill: u32, problem: &Problem) -> Option<String> {
        if let Some(&(id, cap)) = self.limits.get(line) {
            if cap <= i64::from(fill) {
                return Some(format!(" {id} +"));
            }
        }
        if line.len() as u32 != fill {
            return None;
        }
        let text = line
            .iter()
            .filter_map(|&c| problem.var_at[c])
            .map(|v| format!(" ~x{} +", v.id()))
            .collect();
        Some(text)
    }
}

/// The steps that derive each row's and column's "at least its fill".
pub(super) struct Fills {
    steps: Vec<String>,
}

impl Fills {
    /// Writes them (propagation uses them from then on).
    pub(super) fn write(&self, writer: &mut Writer) -> Result<()> {
        for step in &self.steps {
            writer.step(step)?;
        }
        Ok(())
    }
}

/// The cell (`row * width + column`) of each piece variable of `model`,
/// forbidden cells' too.
pub(super) fn cells_by_var(model: &Model, width: usize) -> HashMap<Var, usize> {
    model
        .cells
        .iter()
        .filter_map(|(var, decision)| match decision {
            Decision::Piece { kind: 0, cell } if cell.len() == 2 => {
                Some((var, cell[0] * width + cell[1]))
            }
            _ => None,
        })
        .collect()
}

/// The live ones of `cells`, sorted.
fn live_line(problem: &Problem, cells: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut line: Vec<usize> = cells.filter(|&c| problem.var_at[c].is_some()).collect();
    line.sort_unstable();
    line
}
