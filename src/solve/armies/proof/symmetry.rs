//! The armies search's symmetry pruning in its proof: each symmetry's
//! lex-leader constraint brought in by dominance ([`Symmetric`]).

use super::super::problem::Problem;
use super::super::search::Plan;
use super::preamble::LineClauses;
use super::Writer;
use crate::error::{Error, Result};
use crate::proof::symmetry::lex_weight;
pub(super) use crate::proof::symmetry::MAX_ORDER;

/// The symmetry pruning's justification: once every line's `k` clauses
/// are in, the file's rows but the counts and a listing's boards (the
/// rule's rows, the hints' lex-leader constraints) and the `s`
/// definitions are deleted (a refutation of fewer constraints refutes the
/// file), so that what is left — the counts, the boards and the `k`
/// clauses — is mapped onto itself by every symmetry of the board and the
/// swap of the armies (where a listing's boards are not, the checker
/// rejects the proof); then, with the lex
/// order on the first lines' `k` (the search's order: earlier lines
/// first, the first army's colour greater) loaded, each symmetry's
/// lex-leader constraint comes in by dominance, the symmetry as witness:
/// a solution that breaks it has an image that is greater.
pub(super) struct Symmetric<'a> {
    pub(super) plan: &'a Plan,
    pub(super) problem: &'a Problem,
    pub(super) lines: &'a [&'a Vec<usize>],
}

impl Symmetric<'_> {
    /// Writes the steps (none without symmetries).
    pub(super) fn write(
        &self,
        clauses: &LineClauses,
        count_id: &[u64; 2],
        kept_rows: &[u64],
        n_constraints: u64,
        writer: &mut Writer,
    ) -> Result<()> {
        if self.plan.images.is_empty() {
            return Ok(());
        }
        let mut kept: Vec<u64> = count_id.to_vec();
        kept.extend(clauses.white.iter().chain(&clauses.black).flatten());
        let ids = |ids: &mut dyn Iterator<Item = u64>| -> String {
            ids.map(|id| format!(" {id}")).collect()
        };
        writer.command(&format!("core id{}", ids(&mut kept.iter().copied())))?;
        let kept_rows: std::collections::HashSet<u64> = kept_rows.iter().copied().collect();
        let mut gone =
            (1..=n_constraints).filter(|id| !count_id.contains(id) && !kept_rows.contains(id));
        writer.command(&format!("del id{}", ids(&mut gone)))?;
        writer.delete(&clauses.definitions)?;
        self.load_order(writer)?;
        for i in 0..self.plan.images.len() {
            let (lex, rhs) = self.lex_leader(i);
            let witness = self.witness(i)?;
            writer.dominance(&lex, rhs, &witness)?;
        }
        Ok(())
    }

    /// The lex order on the first lines' `k` (the search's order:
    /// earlier lines first, the first army's colour greater).
    fn load_order(&self, writer: &mut Writer) -> Result<()> {
        let vars: Vec<String> = (0..self.plan.prefix).map(|i| format!("k{i}")).collect();
        writer.load_lex_order("armies_lex", &vars)
    }

    /// Symmetry `i`'s lex-leader constraint, "the first lines' colours are
    /// at least their image's", as its left side and degree.
    fn lex_leader(&self, i: usize) -> (String, i128) {
        let (inverse, swap) = &self.plan.images[i];
        let p = self.plan.prefix;
        let mut weight = vec![0i128; p];
        let mut rhs = 0i128;
        for (line, &source) in inverse.iter().enumerate() {
            let w = lex_weight(line, p);
            weight[line] += w;
            // The image's colour: `k_source`, or `1 - k_source` when the
            // armies swap.
            match swap {
                false => weight[source] -= w,
                true => {
                    weight[source] += w;
                    rhs += w;
                }
            }
        }
        let lhs: Vec<String> = weight
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w != 0)
            .map(|(line, w)| format!("{w} k{line}"))
            .collect();
        (lhs.join(" "), rhs)
    }

    /// Symmetry `i` as a witness: each line's `k` to its preimage's, each
    /// piece to its preimage's (the other army's when the armies swap).
    fn witness(&self, i: usize) -> Result<String> {
        let swap = self.plan.images[i].1;
        let map = &self.plan.image_cells[i];
        let mut preimage = vec![0; map.len()];
        for (c, &d) in map.iter().enumerate() {
            preimage[d] = c;
        }
        let index: std::collections::HashMap<Vec<usize>, usize> = self
            .lines
            .iter()
            .enumerate()
            .map(|(j, l)| (sorted(l.iter().copied()), j))
            .collect();
        let mut pairs: Vec<String> = Vec::new();
        for (j, line) in self.lines.iter().enumerate() {
            let image = index
                .get(&sorted(line.iter().map(|&c| map[c])))
                .ok_or_else(|| Error::internal("a symmetry maps a line onto no line"))?;
            let not = if swap { "~" } else { "" };
            if *image != j || swap {
                pairs.push(format!("k{image} -> {not}k{j}"));
            }
        }
        let var = |army: usize, c: usize| self.problem.var_at[army][c].map(|v| v.id());
        for (d, &c) in preimage.iter().enumerate() {
            for army in 0..2 {
                let source = if swap { 1 - army } else { army };
                if let (Some(to), Some(from)) = (var(army, d), var(source, c)) {
                    if to != from {
                        pairs.push(format!("x{to} -> x{from}"));
                    }
                }
            }
        }
        Ok(pairs.join(" "))
    }
}

fn sorted(cells: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = cells.collect();
    v.sort_unstable();
    v
}
