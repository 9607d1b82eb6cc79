//! The sequential counter (Sinz, "Towards an optimal CNF encoding of Boolean
//! cardinality constraints", CP 2005), in both directions.
//!
//! Register `s(i, j)` stands for "at least `j` of the first `i` inputs are
//! true". Upward clauses (`sum >= j => s(i, j)`, what `<=` needs):
//! `s(i-1, j) -> s(i, j)` and `x_i & s(i-1, j-1) -> s(i, j)`. Downward
//! clauses (`s(i, j) => sum >= j`, what `>=` needs):
//! `s(i, j) -> s(i-1, j) | x_i` and `s(i, j) -> s(i-1, j-1)`.
//!
//! Only registers that can still reach the needed output exist (column `j`
//! of row `i` needs `j >= target - (n - i)`), two rows are kept at a time,
//! and the upward output column is collapsed into a single output variable
//! (`x_i & s(i-1, u-1) -> o`), which gives Sinz's `2nk + O(n)` clauses.

use super::{Need, Thresholds, UnaryCounter};
use crate::encode::ClauseSink;
use crate::model::{Lit, VarAlloc};

pub(crate) struct SeqCounter;

/// One row of registers: `lits[j - first]` is `s(i, j)`.
#[derive(Default)]
struct Row {
    first: usize,
    lits: Vec<Lit>,
}

impl Row {
    fn get(&self, column: usize) -> Lit {
        self.lits[column - self.first]
    }
}

/// Which columns of row `i` exist, per direction.
struct Shape {
    n: usize,
    need: Need,
}

impl Shape {
    /// Columns whose upward clauses are needed in row `i` (rows `1..n`; row
    /// `n` is replaced by the collapsed output).
    fn up(&self, i: usize) -> (usize, usize) {
        match self.need.up {
            Some(u) if i < self.n => (1.max((u + i).saturating_sub(self.n)), i.min(u - 1)),
            _ => (1, 0),
        }
    }

    /// Columns whose downward clauses are needed in row `i`.
    fn down(&self, i: usize) -> (usize, usize) {
        match self.need.down {
            Some(d) => (1.max((d + i).saturating_sub(self.n)), i.min(d)),
            None => (1, 0),
        }
    }

    /// All registers of row `i` (the two ranges overlap or nest).
    fn registers(&self, i: usize) -> (usize, usize) {
        let (up_lo, up_hi) = self.up(i);
        let (down_lo, down_hi) = self.down(i);
        match (up_lo <= up_hi, down_lo <= down_hi) {
            (true, true) => (up_lo.min(down_lo), up_hi.max(down_hi)),
            (true, false) => (up_lo, up_hi),
            (false, _) => (down_lo, down_hi),
        }
    }
}

fn within((lo, hi): (usize, usize), j: usize) -> bool {
    lo <= j && j <= hi
}

impl UnaryCounter for SeqCounter {
    fn count(
        &self,
        x: &[Lit],
        need: Need,
        vars: &mut VarAlloc,
        out: &mut dyn ClauseSink,
    ) -> Thresholds {
        let n = x.len();
        let shape = Shape { n, need };
        let up_output = need.up.map(|_| vars.fresh().positive());
        let mut prev = Row::default();
        let mut cur = Row::default();
        for i in 1..=n {
            let xi = x[i - 1];
            let (lo, hi) = shape.registers(i);
            cur.first = lo;
            cur.lits.clear();
            cur.lits.extend((lo..=hi).map(|_| vars.fresh().positive()));
            for j in lo..=hi {
                let s = cur.get(j);
                if within(shape.up(i), j) {
                    up_clauses(s, xi, i, j, &prev, out);
                }
                if within(shape.down(i), j) {
                    down_clauses(s, xi, i, j, &prev, out);
                }
            }
            if let (Some(u), Some(o)) = (need.up, up_output) {
                collapsed_output_clause(o, u, xi, i, &prev, out);
            }
            std::mem::swap(&mut prev, &mut cur);
        }
        Thresholds {
            up: up_output,
            down: need.down.map(|d| prev.get(d)),
        }
    }
}

/// `sum(x_1..x_i) >= j => s`.
fn up_clauses(s: Lit, xi: Lit, i: usize, j: usize, prev: &Row, out: &mut dyn ClauseSink) {
    if j < i {
        out.add_clause(&[!prev.get(j), s]);
    }
    if j == 1 {
        out.add_clause(&[!xi, s]);
    } else {
        out.add_clause(&[!xi, !prev.get(j - 1), s]);
    }
}

/// `s => sum(x_1..x_i) >= j`.
fn down_clauses(s: Lit, xi: Lit, i: usize, j: usize, prev: &Row, out: &mut dyn ClauseSink) {
    if j < i {
        out.add_clause(&[!s, prev.get(j), xi]);
    } else {
        out.add_clause(&[!s, xi]);
    }
    if j > 1 {
        out.add_clause(&[!s, prev.get(j - 1)]);
    }
}

/// `x_i & s(i-1, u-1) -> o`: the upward output column, collapsed.
fn collapsed_output_clause(
    o: Lit,
    u: usize,
    xi: Lit,
    i: usize,
    prev: &Row,
    out: &mut dyn ClauseSink,
) {
    if i < u {
        return;
    }
    if u == 1 {
        out.add_clause(&[!xi, o]);
    } else {
        out.add_clause(&[!xi, !prev.get(u - 1), o]);
    }
}
