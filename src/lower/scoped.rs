//! Scoped counts: `count per row == 1` is one cardinality constraint a row,
//! over the cells of the row that may hold a piece (walls and forbidden
//! cells left out). A set that cannot break its bound (`<= k` over at most
//! `k` such cells, `>= 0`) gets no constraint.

use super::Builder;
use crate::board::sets::{sets, shortest_binding};
use crate::model::{Constraint, Lit, Rel};

impl Builder<'_> {
    pub(super) fn scoped_counts(&mut self) {
        for count in self.spec.scoped_counts() {
            let origin = self.model.origin(&count.text(&self.spec.kinds));
            let shortest = shortest_binding(&count.scope, count.only_at_most());
            let all = sets(
                self.board,
                &count.scope,
                self.spec.regions.as_ref(),
                shortest,
            );
            for set in all {
                self.walked(set.len());
                let lits: Vec<Lit> = set
                    .iter()
                    .flat_map(|&c| self.pieces_at(count.kind, c))
                    .collect();
                let free = match count.rel {
                    Rel::Le => lits.len() <= count.k as usize,
                    Rel::Ge => count.k == 0,
                    Rel::Eq => false,
                };
                if !free {
                    let (rel, k) = (count.rel, count.k);
                    let card = Constraint::Card {
                        lits,
                        rel,
                        k,
                        guard: None,
                    };
                    self.add(card, origin);
                }
            }
        }
    }
}
