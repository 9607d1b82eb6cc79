//! Sweeps: one model over a family of instances — parameter values (`-D
//! n=4..12`, the cartesian product of the ranges) and placements of `k`
//! walls on the model's board (one per symmetry class, or every one) — and
//! what is made of their results. A stage like `solve`: it never prints.
//!
//! * [`placements`]: every placement of `k` walls, canonical per class,
//!   ranked so that a task can start in the middle;
//! * [`incremental`]: one incremental CaDiCaL per run of instances, the
//!   placement's walls as assumptions, the optimum by an incremental
//!   totalizer, optimal solutions counted under an activation literal;
//! * [`walls`]: the model built with `walls free`, a placement's
//!   assumptions, and the check of every board found;
//! * [`run`]: instances in blocks over threads, results in order;
//! * [`line`]: one instance's result as a JSON line;
//! * [`plan`]: the instance list cut into tasks, one JSON line each;
//! * [`merge`]: histograms, optima and unique optima over result lines;
//! * [`puzzles`]: boards with a unique optimum and minimal walls;
//! * [`regions`]: region pictures on which a model with `count per region`
//!   has exactly one solution (the "Queens" puzzle, Star Battle);
//! * [`region_page`]: those puzzles as boards of the playable page;
//! * [`split`]: one clique or armies search cut into parts (`solve --split`), its
//!   leaves as instances, and their results joined.
//!
//! ```
//! use qspec::{solve::Status, sweep::Line};
//! let line = Line::parse(r#"{"walls":[[0,0]],"class_size":4,"value":8,"status":"optimal"}"#).unwrap();
//! assert_eq!((line.status, line.value, line.boards()), (Status::Optimal, Some(8), 4));
//! ```

pub mod incremental;
mod instance;
pub(crate) mod json;
mod line;
pub mod merge;
mod placements;
pub mod plan;
pub mod puzzles;
pub mod region_page;
pub mod regions;
mod run;
pub mod split;
mod walls;

pub use line::Line;
pub use plan::{n_instances, plan, Task};
pub use puzzles::Rule;
pub use run::{run, run_until, Ran};

/// Parameter values: `(name, value)`, as `-D name=value` gives them.
pub type Defines = Vec<(String, i64)>;

/// Cells by their coordinates: `[[1,4],[3,1]]`.
pub type Coords = Vec<Vec<usize>>;

/// Instances are solved in blocks of this many, each block by a fresh
/// solver, so that a block's results depend on its instances only — not on
/// the number of threads, the cut into tasks, or where a run was resumed.
pub const BLOCK: u64 = 256;

/// What every instance of a sweep is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// One wall placement per symmetry class of the board (else every one).
    pub symmetry: bool,
    /// Count the optimal solutions up to this many.
    pub optimal_count: Option<u64>,
}

/// A run of instances with the same parameter values: the model itself,
/// or placements of `walls` walls on it (every one, or a range of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The parameter values.
    pub defines: Vec<(String, i64)>,
    /// Place this many walls (`None`: the model as it is).
    pub walls: Option<usize>,
    /// Which placements (all when `None`).
    pub range: Option<Range>,
    /// Leaves of one search (clique or armies) cut by `qspec solve
    /// --split`, each an instance of its own.
    pub split: Option<split::Split>,
}

/// A range of placements: `count` of them from the `first`-th (counted in
/// the enumeration's order), the first being the subset of rank `rank`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The index of the first placement.
    pub first: u64,
    /// How many.
    pub count: u64,
    /// The rank of the first placement's subset (where to start).
    pub rank: u64,
}
