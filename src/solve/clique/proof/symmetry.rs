//! The clique search's proof breaks the board's symmetries at its root
//! ([`RootSymmetry`]): the root's branches are known before the search
//! (the pieces its cover leaves over), so a lex order on them, in the
//! order they are tried, is loaded, and each symmetry's lex-leader
//! constraint comes in by dominance with the symmetry as witness. Once a
//! root branch is refuted (its piece is out), every piece it is the image
//! of is out too, by propagation: the earlier branches and their images
//! are out already, so the constraint's first difference is there. The
//! search leaves those pieces out of the root's later branches: one branch
//! an orbit. (Below the root the branches change from node to node, and
//! a static order would seldom be decided there.)

use std::collections::BTreeMap;

use super::{Bits, Rows};
use crate::board::symmetry::box_group;
use crate::error::Result;
use crate::model::{Decision, Model};
use crate::proof::symmetry::{closes, MAX_ORDER};
use crate::proof::Writer;

/// The symmetries of the claim's board that map the rows the search
/// reads onto themselves, each as every piece's preimage.
pub(super) struct RootSymmetry {
    preimages: Vec<Vec<usize>>,
}

impl RootSymmetry {
    /// The board's symmetries (its box's) that take every piece of `rows`
    /// to a piece and every row it reads to a row it reads; none when the
    /// pieces are not the cells of a box.
    pub(super) fn of(claim: &Model, rows: &Rows) -> RootSymmetry {
        let cells: Option<Vec<Vec<usize>>> = rows
            .var
            .iter()
            .map(|&v| match claim.cells.of(v) {
                Some(Decision::Piece { cell, .. }) => Some(cell.clone()),
                _ => None,
            })
            .collect();
        let Some(cells) = cells else {
            return RootSymmetry::none();
        };
        let dims = box_of(&cells);
        let piece_at: std::collections::HashMap<&[usize], usize> = cells
            .iter()
            .enumerate()
            .map(|(p, c)| (c.as_slice(), p))
            .collect();
        let piece_of: std::collections::HashMap<u32, usize> = rows
            .var
            .iter()
            .enumerate()
            .map(|(p, v)| (v.id(), p))
            .collect();
        let mut preimages = Vec::new();
        for g in box_group(&dims) {
            if g.is_identity() {
                continue;
            }
            let map: Option<Vec<usize>> = cells
                .iter()
                .map(|c| piece_at.get(g.apply(c, &dims).as_slice()).copied())
                .collect();
            let Some(map) = map else { continue };
            let image = |v: u32| -> Option<u32> {
                let p = *piece_of.get(&v)?;
                Some(rows.var[map[p]].id())
            };
            if !closes(&rows.kept_forms, image) {
                continue;
            }
            let mut preimage = vec![0; map.len()];
            for (p, &q) in map.iter().enumerate() {
                preimage[q] = p;
            }
            preimages.push(preimage);
        }
        RootSymmetry { preimages }
    }

    /// The symmetries broken.
    pub(super) fn len(&self) -> usize {
        self.preimages.len()
    }

    /// The pieces of `branches` the order reads: the first
    /// [`MAX_ORDER`].
    pub(super) fn order(&self, branches: impl Iterator<Item = usize>) -> Vec<usize> {
        match self.preimages.is_empty() {
            true => Vec::new(),
            false => branches.take(MAX_ORDER).collect(),
        }
    }

    /// No symmetry.
    pub(super) fn none() -> RootSymmetry {
        RootSymmetry {
            preimages: Vec::new(),
        }
    }

    /// Writes the symmetry breaking over `order` (the root's branches).
    pub(super) fn write(&self, rows: &Rows, order: &[usize], writer: &mut Writer) -> Result<()> {
        if order.is_empty() {
            return Ok(());
        }
        let var = |p: usize| rows.var[p].id();
        let order_vars: Vec<u32> = order.iter().map(|&p| var(p)).collect();
        let preimages: Vec<BTreeMap<u32, u32>> = self
            .preimages
            .iter()
            .map(|preimage| {
                (0..preimage.len())
                    .map(|q| (var(q), var(preimage[q])))
                    .collect()
            })
            .collect();
        writer.break_symmetries(
            "clique_lex",
            rows.n_constraints,
            &rows.kept,
            &order_vars,
            &preimages,
        )
    }

    /// Takes out of `candidates` the pieces whose images are `v` (a root
    /// branch of the order, refuted): propagation sets them false.
    pub(super) fn take_orbit(&self, v: usize, candidates: &mut Bits) {
        for preimage in &self.preimages {
            super::clear(candidates, preimage[v]);
        }
    }
}

/// The box the cells fill: each axis' length.
fn box_of(cells: &[Vec<usize>]) -> Vec<usize> {
    let d = cells.first().map_or(0, Vec::len);
    (0..d)
        .map(|axis| cells.iter().map(|c| c[axis] + 1).max().unwrap_or(0))
        .collect()
}
