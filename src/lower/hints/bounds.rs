//! `hint layers <= q` and `hint subboards m <= q`: the thesis' layer and
//! sub-solution inequalities — every layer (the cells with one coordinate
//! fixed) or every `m^d` sub-board holds at most `q` pieces.
//!
//! Each is implied exactly when `q` is at least the most pieces such a part
//! can hold (a proven maximum of the smaller problem); qspec does not prove
//! that here, so the hint is reported as "implied if" that condition holds.

use super::cliques::for_each_point;
use crate::lower::Builder;
use crate::model::{Constraint, HintKind, Lit, Rel};

impl Builder<'_> {
    /// `hint layers <= q`.
    pub(super) fn layers_hint(&mut self, text: &str, q: u32) -> HintKind {
        let origin = self.model.origin(text);
        let dims = self.board.dims().to_vec();
        let mut layers: Vec<Vec<Vec<Lit>>> = dims.iter().map(|&n| vec![Vec::new(); n]).collect();
        for c in 0..self.board.n_cells() {
            let Some(x) = self.placeable(c) else {
                continue;
            };
            for (axis, &value) in self.board.coords(c).iter().enumerate() {
                layers[axis][value].push(x);
            }
        }
        for lits in layers.into_iter().flatten() {
            self.at_most(lits, q, origin);
        }
        HintKind::ImpliedIf(format!(
            "no layer (one coordinate fixed) can hold more than {q} pieces"
        ))
    }

    /// `hint subboards m <= q`.
    pub(super) fn subboards_hint(&mut self, text: &str, m: usize, q: u32) -> HintKind {
        let origin = self.model.origin(text);
        let dims = self.board.dims().to_vec();
        let corners: Vec<usize> = dims.iter().map(|&n| n + 1 - m).collect();
        let mut lits: Vec<Lit> = Vec::new();
        let mut blocks: Vec<Vec<Lit>> = Vec::new();
        for_each_point(&corners, |corner| {
            lits.clear();
            for_each_point(&vec![m; dims.len()], |offset| {
                let cell: Vec<usize> = corner.iter().zip(offset).map(|(c, o)| c + o).collect();
                lits.extend(self.placeable(self.board.index(&cell)));
            });
            blocks.push(lits.clone());
        });
        for block in blocks {
            self.at_most(block, q, origin);
        }
        let d = dims.len();
        HintKind::ImpliedIf(format!(
            "no {m}^{d} sub-board can hold more than {q} pieces"
        ))
    }

    /// `sum(lits) <= q`, unless it always holds.
    fn at_most(&mut self, lits: Vec<Lit>, q: u32, origin: crate::model::OriginId) {
        if lits.len() as u64 > u64::from(q) {
            self.add(
                Constraint::Card {
                    lits,
                    rel: Rel::Le,
                    k: q,
                    guard: None,
                },
                origin,
            );
        }
    }
}
