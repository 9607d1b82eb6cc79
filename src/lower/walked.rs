//! The board as the lowering walks it, counted: every cell a step lands
//! on, every cell of a ray, line or segment handed over. The count is the
//! lowering's work in cells, which must grow with the model (cells ×
//! directions), never with a line's length squared; a test builds each
//! rule at two sizes and compares the counts (no clock involved).

use super::Builder;
use crate::board::Line;

impl Builder<'_> {
    /// `n` more cells walked.
    pub(super) fn walked(&self, n: usize) {
        self.walked.set(self.walked.get() + n as u64);
    }

    /// [`crate::Board::step`], counted.
    pub(super) fn step(&self, cell: usize, v: &[i64]) -> Option<usize> {
        self.walked(1);
        self.board.step(cell, v)
    }

    /// [`crate::Board::ray`], counted.
    pub(super) fn ray(&self, cell: usize, v: &[i64]) -> Vec<usize> {
        let ray = self.board.ray(cell, v);
        self.walked(ray.len() + 1);
        ray
    }

    /// [`crate::Board::lines`], counted.
    pub(super) fn lines(&self, v: &[i64]) -> Vec<Line> {
        let lines = self.board.lines(v);
        self.walked(lines.iter().map(|l| l.cells.len()).sum());
        lines
    }

    /// [`crate::Board::segments_of`], counted.
    pub(super) fn segments_of(&self, line: &Line) -> Vec<Vec<usize>> {
        let segments = self.board.segments_of(line);
        self.walked(line.cells.len());
        segments
    }

    /// [`crate::Board::for_each_segment`], counted.
    pub(super) fn for_each_segment(&self, v: &[i64], mut visit: impl FnMut(&[usize])) {
        self.board.for_each_segment(v, |segment| {
            self.walked(segment.len());
            visit(segment);
        });
    }

    /// [`crate::Board::leaper_pairs`], counted.
    pub(super) fn leaper_pairs(&self, v: &[i64]) -> Vec<(usize, usize)> {
        let pairs = self.board.leaper_pairs(v);
        self.walked(pairs.len());
        pairs
    }
}
