//! Hints: constraints that help a solver, each implied (true of every
//! solution) or restricting (removing solutions on purpose), and recorded as
//! such in the model ([`HintNote`]) so that every output and report says so.
//!
//! One family a file: [`lines`] (the line identity and the number of empty
//! lines), [`cliques`] (cube and star cliques), [`bounds`] (layers and
//! sub-boards), [`symmetry`] (symmetric solutions, symmetry breaking) and
//! [`swaps`] (the kinds that may trade places).

mod bounds;
mod cliques;
mod lines;
mod swaps;
mod symmetry;

pub use swaps::{kind_permutations, tied_counts, KindPerm, KindSymmetry};
pub use symmetry::{kind_symmetry_group, symmetry_group, symmetry_group_within, GROUP_LIMIT};

use super::Builder;
use crate::language::HintSpec;
use crate::model::{HintKind, HintNote, Rel};

impl Builder<'_> {
    /// The constraints of every hint of the spec.
    pub(super) fn hints(&mut self) {
        for hint in self.spec.hints.clone() {
            // The note first, so that the hint's constraints name it as
            // their origin; what it keeps is known once they are built.
            let note = self.model.hints.len();
            self.model.hints.push(HintNote {
                hint: hint.text.clone(),
                kind: HintKind::Implied,
            });
            let kind = match &hint.kind {
                HintSpec::Lines => self.lines_hint(&hint.text),
                HintSpec::EmptyLines(rel, r) => self.empty_lines_hint(&hint.text, *rel, *r),
                HintSpec::Cliques { cube, star } => self.cliques_hint(&hint.text, *cube, *star),
                HintSpec::Layers(q) => self.layers_hint(&hint.text, *q),
                HintSpec::Subboards { side, max } => self.subboards_hint(&hint.text, *side, *max),
                HintSpec::Symmetric(maps) => self.symmetric_hint(&hint.text, maps),
                HintSpec::SymmetricKinds { board, kinds } => {
                    self.symmetric_kinds_hint(&hint.text, board, kinds)
                }
                HintSpec::BreakSymmetry => self.break_symmetry_hint(&hint.text),
            };
            self.model.hints[note].kind = kind;
        }
    }

    /// The count bounds of the model on a board of `cells` placeable
    /// cells: pieces from `lo` (at least the fixed ones) to `hi`.
    fn count_range(&self, cells: usize) -> (i64, i64) {
        let mut lo = self.spec.fixed.len() as i64;
        let mut hi = cells as i64;
        for &(rel, k) in &self.spec.counts() {
            let k = i64::from(k);
            if matches!(rel, Rel::Ge | Rel::Eq) {
                lo = lo.max(k);
            }
            if matches!(rel, Rel::Le | Rel::Eq) {
                hi = hi.min(k);
            }
        }
        (lo, hi)
    }
}

/// `Implied`, for the hints that always are.
const IMPLIED: HintKind = HintKind::Implied;
