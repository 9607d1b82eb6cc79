//! The armies search's own proof (`--certify=model` for its claims): the
//! claim "no armies of `m`" refuted by the search's branching on lines and
//! its knapsack, written as a VeriPB proof of the claim's OPB file as it
//! searches, with no SAT solver between.
//!
//! The proof works with a variable per line, `k<i>` ("line `i` is the
//! first army's"), brought in from the file's rows: first `s<i>`, "the
//! second army stands on line `i`", defined by redundance (`s <-> the
//! line's second-army pieces`), then `k<i>` by redundance with the witness
//! `k<i> -> ~s<i>`, as two clauses a cell: `k | ~white` and `~k | ~black`
//! (the first holds under the witness because a white piece on a line with
//! a black one breaks the rule: reverse unit propagation through the
//! file's rule rows). A line's colour is then a decision the proof may
//! branch on, as the search does; each cell it closes to an army is
//! propagated false.
//!
//! Each node of the search ends with the clause "not this colouring"
//! (its lines' `k` literals): a node with children by reverse unit
//! propagation from theirs; a node the knapsack closes by a Lagrangian cut
//! (`lambda * (whites >= m) + mu * (blacks >= m)` plus, for every cell of
//! a knapsack line still open to an army, that cell's clause, then each
//! knapsack line's `k` weakened away: what is left is a constraint over
//! closed cells that propagation falsifies), where weights `lambda, mu`
//! are found whose cut closes it; where none is (the knapsack is a little
//! stronger than its linear relaxation), the proof branches on a knapsack
//! line open to both armies, and so on until one is. The root's clause is
//! the empty one: `UNSAT`.
//!
//! The search prunes by symmetry as the engine does (the least
//! colourings of each class under the board's symmetries and the swap of
//! the armies are cut away by lex-leader tests on the first lines): each
//! symmetry's lex-leader constraint comes into the proof by dominance
//! ([`symmetry`]), and a node the test cuts ends by propagation.
//! The proof's preamble is in [`preamble`].

mod preamble;
mod symmetry;

use std::fmt::Write as _;
use std::path::Path;

use super::problem::Problem;
use super::search::{Plan, Walker};
use crate::error::{Error, Result};
use std::collections::HashSet;

use crate::model::Model;
use crate::proof::{
    without_listed_boards, End, PbRow, Refuted, Refutes, RowIds, Writer, MAX_NODES,
};
use preamble::{Armies, LineClauses, Sizes};
use symmetry::{Symmetric, MAX_ORDER};

/// The armies search's proof search, as the engine's capability.
pub struct ArmiesProof;

impl Refutes for ArmiesProof {
    fn searcher(&self) -> &'static str {
        "the armies search"
    }

    fn refute(&self, claim: &Model, rows: &[PbRow], proof: &Path) -> Result<Refuted> {
        let problem = match Problem::of(&without_listed_boards(claim)) {
            Ok(problem) => problem,
            Err(why) => return Ok(Refuted::NotTaken(why)),
        };
        let ids = RowIds::of(rows);
        let armies = Armies::of(&problem);
        let sizes = match Sizes::read(rows, &ids, &armies) {
            Ok(sizes) => sizes,
            Err(why) => return Ok(Refuted::NotTaken(why)),
        };
        let mut plan = Plan::new(&problem, false);
        if plan.prefix > MAX_ORDER {
            plan = Plan::new(&problem, true);
        }
        let knapsack = problem.families.last().expect("a direction is kept");
        let lines: Vec<&Vec<usize>> = plan.lines.iter().chain(knapsack).collect();
        let mut writer = Writer::create(proof, ids.n_constraints)?;
        let count_id = sizes.derive(&mut writer)?;
        let clauses = LineClauses::write(&plan, &problem, &lines, &mut writer)?;
        let symmetric = Symmetric {
            plan: &plan,
            problem: &problem,
            lines: &lines,
        };
        let kept = rows_kept(rows, &ids, &armies);
        symmetric.write(&clauses, &count_id, &kept, ids.n_constraints, &mut writer)?;
        let excluded = listed_boards(rows, &armies);
        let mut prover = Prover {
            excluded: &excluded,
            problem: &problem,
            walker: Walker::new(&plan),
            plan: &plan,
            writer,
            m: sizes.m,
            count_id,
            clauses,
            decided: vec![None; plan.items],
            path: Vec::new(),
            nodes: 0,
        };
        let end = prover.node(0)?;
        end.refuted(prover.writer, prover.nodes, || {
            format!(
                "the armies search refuted it from the file's rule and count rows ({} lines, \
                 each line's colour a variable brought in by redundance, the knapsack on {} \
                 lines as Lagrangian cuts and branches{}; {})",
                plan.n_lines() + plan.items,
                plan.items,
                match excluded.len() {
                    0 => String::new(),
                    k => format!(
                        ", each board on a colouring that reaches the size one of the {k} \
                         listed ones"
                    ),
                },
                match plan.images.len() {
                    0 => "no symmetry pruning".to_string(),
                    k => format!(
                        "the search's symmetry pruning, each of its {k} symmetries' lex-leader \
                         constraint by dominance"
                    ),
                }
            )
        })
    }
}

/// The boards the file's clauses over every piece exclude (a listing's).
fn listed_boards(rows: &[PbRow], armies: &Armies) -> HashSet<Vec<u32>> {
    rows.iter()
        .flat_map(PbRow::at_least_forms)
        .filter_map(|(terms, rhs)| armies.board(&terms, rhs))
        .collect()
}

/// The ids of the file's constraints the proof keeps once the `k` clauses
/// are in: the equal count and a listing's boards, which the board's
/// symmetries map onto each other (the count rows are kept by their ids).
fn rows_kept(rows: &[PbRow], ids: &RowIds, armies: &Armies) -> Vec<u64> {
    let mut kept = Vec::new();
    for (row, &first) in rows.iter().zip(&ids.first) {
        let forms = row.at_least_forms();
        if forms.iter().any(|(terms, rhs)| armies.kept(terms, *rhs)) {
            kept.extend((first..).take(forms.len()));
        }
    }
    kept
}

/// The proof search's state.
struct Prover<'a> {
    /// The boards the file excludes one by one.
    excluded: &'a HashSet<Vec<u32>>,
    problem: &'a Problem,
    walker: Walker<'a>,
    plan: &'a Plan,
    writer: Writer,
    m: u32,
    count_id: [u64; 2],
    clauses: LineClauses,
    /// The knapsack lines the proof has coloured below a closed node.
    decided: Vec<Option<bool>>,
    /// The clause "not this colouring" so far, as literals.
    path: Vec<String>,
    nodes: u64,
}

impl Prover<'_> {
    /// The literal of the clause "not line `i` coloured `first`".
    fn not_coloured(i: usize, first: bool) -> String {
        match first {
            true => format!("~k{i}"),
            false => format!("k{i}"),
        }
    }

    /// Refutes every colouring of the lines from `depth` on.
    fn node(&mut self, depth: usize) -> Result<End> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Ok(End::TooLong);
        }
        if depth <= self.plan.prefix && !self.walker.leads(depth) {
            // A symmetry's lex-leader constraint propagates.
            return self.writer.rup_clause(&self.path).map(End::Closed);
        }
        if !self.walker.reach(self.m) {
            return self.close().map(End::Closed);
        }
        if depth == self.plan.n_lines() {
            return self.exhaust();
        }
        let mut children = Vec::with_capacity(2);
        for first in [true, false] {
            let mark = self.walker.trail.len();
            self.walker.colour(depth, first);
            self.path.push(Self::not_coloured(depth, first));
            let end = self.node(depth + 1)?;
            self.path.pop();
            self.walker.undo(mark);
            match end {
                End::Closed(id) => children.push(id),
                other => return Ok(other),
            }
        }
        self.conclude(&children).map(End::Closed)
    }

    /// The clause "not this colouring", from `children`'s, which are then
    /// deleted.
    fn conclude(&mut self, children: &[u64]) -> Result<u64> {
        let id = self.writer.rup_clause(&self.path)?;
        self.writer.delete(children)?;
        Ok(id)
    }

    /// Refutes a node the knapsack closes: by a Lagrangian cut, or by
    /// branching on a knapsack line until one closes each branch.
    fn close(&mut self) -> Result<u64> {
        let open = [
            self.walker.per_item[0].clone(),
            self.walker.per_item[1].clone(),
        ];
        if let Some(weights) = lagrangian(&open, self.m) {
            let cut = self.cut(weights, &open)?;
            let id = self.writer.rup_clause(&self.path)?;
            if let Some(cut) = cut {
                self.writer.delete(&[cut])?;
            }
            return Ok(id);
        }
        let item = (0..self.plan.items)
            .filter(|&i| open[0][i] > 0 && open[1][i] > 0)
            .max_by_key(|&i| (open[0][i].min(open[1][i]), std::cmp::Reverse(i)))
            .ok_or_else(|| Error::internal("a knapsack node neither cut nor split"))?;
        let line = self.plan.n_lines() + item;
        let mut children = Vec::with_capacity(2);
        for first in [true, false] {
            let closed = usize::from(first);
            let kept = std::mem::take(&mut self.walker.per_item[closed][item]);
            self.decided[item] = Some(first);
            self.path.push(Self::not_coloured(line, first));
            self.nodes += 1;
            let id = self.close();
            self.path.pop();
            self.decided[item] = None;
            self.walker.per_item[closed][item] = kept;
            children.push(id?);
        }
        self.conclude(&children)
    }

    /// Refutes every board on a leaf's colouring, where both armies reach
    /// the size: the pieces tried cell by cell, each board placed either
    /// short of a count (propagation) or one the file excludes (its
    /// clause); a board that is neither is [`End::Found`].
    fn exhaust(&mut self) -> Result<End> {
        let slots: Vec<(usize, usize)> = (0..self.plan.cells)
            .filter(|&c| self.plan.item_of[c] != usize::MAX)
            .flat_map(|c| [(c, 0), (c, 1)])
            .collect();
        let mut chosen = vec![None; slots.len()];
        self.boards(&slots, &mut chosen)
    }

    fn boards(&mut self, slots: &[(usize, usize)], chosen: &mut [Option<bool>]) -> Result<End> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Ok(End::TooLong);
        }
        let mut placed = [0u32; 2];
        let mut reach = [0u32; 2];
        let mut next = None;
        for (i, &(c, army)) in slots.iter().enumerate() {
            let open = self.open_to(c, army);
            match chosen[i] {
                Some(true) => placed[army] += 1,
                None if open => {
                    reach[army] += 1;
                    next = next.or(Some(i));
                }
                _ => {}
            }
        }
        let m = self.m;
        if placed[0] + reach[0] < m || placed[1] + reach[1] < m {
            // A count row with too few pieces left: propagation.
            return self.writer.rup_clause(&self.path).map(End::Closed);
        }
        let Some(i) = next else {
            return self.placed_board(slots, chosen, placed);
        };
        let (c, army) = slots[i];
        let item = self.plan.item_of[c];
        let var = self.piece(army, c)?;
        let mut children = Vec::with_capacity(2);
        for place in [true, false] {
            chosen[i] = Some(place);
            let kept = self.decided[item];
            if place {
                // A piece on the knapsack line gives the line its army.
                self.decided[item] = Some(army == 0);
            }
            self.path.push(if place {
                format!("~x{var}")
            } else {
                format!("x{var}")
            });
            let end = self.boards(slots, chosen);
            self.path.pop();
            self.decided[item] = kept;
            chosen[i] = None;
            match end? {
                End::Closed(id) => children.push(id),
                other => return Ok(other),
            }
        }
        self.conclude(&children).map(End::Closed)
    }

    /// A board with every piece decided: refuted by the equal count or by
    /// its exclusion, else found.
    fn placed_board(
        &mut self,
        slots: &[(usize, usize)],
        chosen: &[Option<bool>],
        placed: [u32; 2],
    ) -> Result<End> {
        let mut board = Vec::new();
        for (i, &(c, army)) in slots.iter().enumerate() {
            if chosen[i] == Some(true) {
                board.push(self.piece(army, c)?);
            }
        }
        board.sort_unstable();
        if placed[0] != placed[1] || self.excluded.contains(&board) {
            return self.writer.rup_clause(&self.path).map(End::Closed);
        }
        Ok(End::Found)
    }

    /// The variable of `army`'s piece on `c`.
    fn piece(&self, army: usize, c: usize) -> Result<u32> {
        self.problem.var_at[army][c]
            .map(|v| v.id())
            .ok_or_else(|| Error::internal("a live cell without a piece"))
    }

    /// Whether cell `c` is still open to `army`.
    fn open_to(&self, c: usize, army: usize) -> bool {
        let item = self.plan.item_of[c];
        self.walker.open[army][c / 64] >> (c % 64) & 1 == 1 && self.decided[item] != Some(army == 1)
    }

    /// The cut `lambda * whites + mu * blacks` over the knapsack's lines
    /// (see the module's documentation); its id.
    fn cut(&mut self, (lambda, mu): (u64, u64), open: &[Vec<u32>; 2]) -> Result<Option<u64>> {
        // Per army, its count row and the clauses of its open cells, added
        // up, then multiplied by the army's weight (one `*` a group keeps
        // the line short).
        let first_item_line = self.plan.n_lines();
        let mut groups: Vec<String> = Vec::new();
        let mut cells_used = false;
        for (army, weight) in [(0, lambda), (1, mu)] {
            if weight == 0 {
                continue;
            }
            let mut group = self.count_id[army].to_string();
            for c in 0..self.plan.cells {
                let item = self.plan.item_of[c];
                if item == usize::MAX || !self.open_to(c, army) {
                    continue;
                }
                let (line, place) = (first_item_line + item, self.clauses.place[c]);
                let clauses = if army == 0 {
                    &self.clauses.white
                } else {
                    &self.clauses.black
                };
                let _ = write!(group, " {} +", clauses[line][place]);
                cells_used = true;
            }
            if weight > 1 {
                let _ = write!(group, " {weight} *");
            }
            groups.push(group);
        }
        if !cells_used && groups.len() == 1 {
            // One count row over closed cells: propagation refutes it.
            return Ok(None);
        }
        let mut text = format!("pol {}", groups.join(" "));
        if groups.len() == 2 {
            text.push_str(" +");
        }
        for (item, (&white, &black)) in open[0].iter().zip(&open[1]).enumerate() {
            let line = first_item_line + item;
            let net = (lambda * u64::from(white)) as i64 - (mu * u64::from(black)) as i64;
            match net {
                0 => {}
                n if n > 0 => {
                    let _ = write!(text, " ~k{line} {n} * +");
                }
                n => {
                    let _ = write!(text, " k{line} {} * +", -n);
                }
            }
        }
        self.writer.step(&text).map(Some)
    }
}

/// Weights `(lambda, mu)` for which `lambda * whites + mu * blacks >=
/// (lambda + mu) * m` cannot hold on the knapsack's lines open as `open`
/// (each line gives `max(lambda * its whites, mu * its blacks)` at most),
/// if there are any: the linear relaxation's best weights are among each
/// line's ratio of blacks to whites, and the plain counts.
fn lagrangian(open: &[Vec<u32>; 2], m: u32) -> Option<(u64, u64)> {
    let mut candidates = vec![(1u64, 0u64), (0, 1)];
    for (&a, &b) in open[0].iter().zip(&open[1]) {
        if a > 0 && b > 0 {
            let g = gcd(u64::from(a), u64::from(b));
            candidates.push((u64::from(b) / g, u64::from(a) / g));
        }
    }
    candidates.into_iter().find(|&(lambda, mu)| {
        let most: u64 = open[0]
            .iter()
            .zip(&open[1])
            .map(|(&a, &b)| (lambda * u64::from(a)).max(mu * u64::from(b)))
            .sum();
        most < (lambda + mu) * u64::from(m)
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_found_where_the_relaxation_cuts_and_only_there() {
        // Three open to each army on two lines, one army's each: neither
        // reaches 4, the plain count says so.
        assert_eq!(lagrangian(&[vec![3, 0], vec![0, 3]], 4), Some((1, 0)));
        // Two lines open to both by 2: at most 4 in all, 3 each needs 6.
        assert_eq!(lagrangian(&[vec![2, 2], vec![2, 2]], 3), Some((1, 1)));
        // One line open to both by 2: the armies cannot both have 1, but
        // the relaxation (half the line each) says they can.
        assert_eq!(lagrangian(&[vec![2], vec![2]], 1), None);
        // What the armies can reach is never cut.
        assert_eq!(lagrangian(&[vec![2, 1], vec![1, 2]], 2), None);
    }
}
