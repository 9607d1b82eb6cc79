//! A search cut into parts for other processes (`qspec solve MODEL --split
//! K`, the tasks of a sweep): the capability an engine has when it can cut
//! its search ([`Cuts`], asked of the engine by [`super::Engine::cuts`]),
//! and a part's leaves as that engine reads and searches them
//! ([`Leaves`]). A sweep keeps the leaves in its tasks and hands them back
//! to be searched; it never needs to know whose search they cut.

use std::fmt;

use super::interface::{Answer, SolveOptions};
use crate::draw::json::Object;
use crate::error::Result;
use crate::model::Model;

/// An engine's search, cut into parts.
pub trait Cuts: Sync {
    /// The search's name in a part's JSON (`"search":"armies"`), or `None`
    /// for the search whose parts carry none (the clique search's, the
    /// first to be cut).
    fn search(&self) -> Option<&'static str>;

    /// The search of `model` (pruning without the board's symmetries when
    /// `no_symmetry`) cut into `parts` parts, planned on `threads` threads.
    fn cut(
        &self,
        model: &Model,
        no_symmetry: bool,
        parts: usize,
        threads: usize,
    ) -> Result<Cutting>;

    /// The leaves of a part, read from its JSON object (the fields
    /// [`Leaves::write_fields`] wrote).
    fn read(&self, object: &Object) -> std::result::Result<Box<dyn Leaves>, String>;
}

/// A plan: the parts, the leaves in all, and what to say of it.
pub struct Cutting {
    /// Each part: the index of its first leaf in the plan, and its leaves.
    pub parts: Vec<(usize, Box<dyn Leaves>)>,
    /// The leaves of the whole plan.
    pub leaves: usize,
    /// What to say of the plan, a note a line (`c split: ...`).
    pub notes: Vec<String>,
}

/// A part's leaves, of the search that cut them.
pub trait Leaves: fmt::Debug + Send + Sync {
    /// The search that cut them ([`Cuts::search`]).
    fn search(&self) -> Option<&'static str>;

    /// How many.
    fn len(&self) -> usize;

    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes their JSON fields (`,"cells":...` on), `no_symmetry` among
    /// them where it is set.
    fn write_fields(&self, no_symmetry: bool, out: &mut String);

    /// A copy.
    fn boxed(&self) -> Box<dyn Leaves>;

    /// Opened on `model` for searching (`no_symmetry` as the plan was
    /// made): an error when the model is not the one the plan cut.
    fn open(&self, model: &Model, no_symmetry: bool) -> Result<Box<dyn Opened>>;
}

/// A part's leaves opened on their model, ready to search.
pub trait Opened: Send + Sync {
    /// Whether the search maximises (else it decides a count).
    fn maximises(&self) -> bool;

    /// Searches leaf `index` of the part: the answer and the nodes it took.
    fn solve(&self, model: &Model, opts: &SolveOptions, index: usize) -> Result<(Answer, u64)>;
}

/// Whether `a` and `b` are the same leaves: the same fields written.
pub fn same_leaves(a: &dyn Leaves, b: &dyn Leaves) -> bool {
    let fields = |l: &dyn Leaves| {
        let mut out = String::new();
        l.write_fields(false, &mut out);
        (l.search(), out)
    };
    fields(a) == fields(b)
}
