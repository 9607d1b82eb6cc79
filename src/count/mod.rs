//! Counting and listing solutions: every solution of an instance on the
//! incremental CaDiCaL ([`enumerate`]), projected on the board's decision
//! variables, each verified from the geometry before it is counted. With
//! `optimal`, the optimum is found first ([`optimum`]) and the solutions at
//! it are listed; with classes ([`classes`]), one canonical representative
//! per symmetry class is listed (the lex-leader constraints of `hint
//! break_symmetry`) with its class size computed from the geometry
//! ([`crate::board::orbit`]), so that the number of solutions is the sum of
//! the class sizes. Or the clique search finds them all at once
//! ([`Solutions::by_engine`], for `rule no_attack` models: every class under
//! the board's symmetries, spread into its members as they are handed out,
//! or with classes counted its canonical member alone, each then verified
//! as CaDiCaL's are; `found.rs` hands them out), or the row search does
//! (for models whose count fills every row: no three in line). Or an external model counter
//! counts them ([`counter`]: d4, Ganak), classes by Burnside's lemma.
//!
//! ```
//! use qspec::count::{Solutions, Tally};
//! use qspec::instance::{load_source, LoadOptions};
//! let queens = load_source("8.qspec", "board 8 x 8\nrule no_attack\ncount == 8\n", &[], &LoadOptions::default())?;
//! let orbits = qspec::count::classes(&queens, true)?;
//! let mut solutions = Solutions::new(&queens, None, orbits, &Default::default(), None, None)?;
//! while let Some(_representative) = solutions.next_solution()? {}
//! assert_eq!(solutions.tally(), Tally { found: 12, raw: 92 });
//! # Ok::<(), qspec::Error>(())
//! ```

mod checked;
mod classes;
pub mod complete;
pub mod counter;
mod cubes;
mod enumerate;
mod found;
mod source;
mod split;

use crate::answer::decode::placement_of_cells;
use checked::{check_solution, class_size, decision_cells};
pub use classes::{classes, classes_for, classes_within};
pub use counter::{Counted, Counter};
use cubes::Staged;
pub use enumerate::{Enumerator, Next};
use found::Found;
use source::Supplier;
pub use split::{SPLIT_AFTER, SPLIT_FROM};

use std::borrow::Cow;
use std::time::Instant;

use crate::answer::decode::CellVar;
use crate::board::orbit::Orbits;
pub use crate::board::symmetry::CLASS_LIMIT;
use crate::board::Placement;
use crate::error::Result;
use crate::instance::Instance;
use crate::language::{Hint, HintSpec, Spec};
use crate::lower::GROUP_LIMIT;
use crate::model::{Model, Rel};
use crate::options::Encodings;
use crate::solve;
use crate::solve::{Engine, Report, SolveOptions, Status, Stop};

/// The solutions found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found (class representatives when classes are counted).
    pub found: u64,
    /// The solutions they stand for (the sum of the class sizes).
    pub raw: u64,
}

impl Tally {
    /// One more solution, standing for `class_size` solutions (itself
    /// alone when classes are not counted).
    pub fn add(&mut self, class_size: Option<u64>) {
        self.found += 1;
        self.raw += class_size.unwrap_or(1);
    }
}

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every solution was found.
    Complete,
    /// The limit was reached, and there are more.
    Limit,
    /// The deadline came first.
    Timeout,
    /// Ctrl-C, SIGTERM or the caller's stop flag came first.
    Interrupted,
    /// The clique search found more classes than it keeps at once
    /// ([`COLLECT_LIMIT`](crate::solve::every::COLLECT_LIMIT)),
    /// and CaDiCaL cannot list them instead (their group is too large).
    Capacity,
}

impl End {
    /// A stop by the deadline or by a signal, whichever it was.
    pub fn stopped() -> End {
        if crate::interrupt::interrupted() {
            End::Interrupted
        } else {
            End::Timeout
        }
    }

    /// What came first: `the timeout`, `the interrupt`.
    pub fn cause(self) -> &'static str {
        match self {
            End::Complete => "the end",
            End::Limit => "the limit",
            End::Timeout => "the timeout",
            End::Interrupted => "the interrupt",
            End::Capacity => "the most classes the clique search keeps",
        }
    }

    /// The exit code `qspec count` ends with (`qspec count --help`).
    pub fn exit_code(self) -> u8 {
        match self {
            End::Complete => 0,
            End::Limit => 10,
            End::Timeout | End::Capacity => 1,
            End::Interrupted => 130,
        }
    }
}

/// The optimum the solutions of an optimisation are counted at, or why
/// there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimum {
    /// The objective's optimal value, proven.
    At(i64),
    /// The model has no solution at all.
    NoSolution,
    /// The search stopped before proving one (the best value found, if any).
    Unproven(Option<i64>),
}

/// The optimum of `instance`, found as `solve` finds it (the engine of
/// `opts`), its progress told to `report`.
pub fn optimum(
    instance: &Instance,
    opts: &SolveOptions,
    report: &mut dyn Report,
) -> Result<Optimum> {
    let answer = solve::solve(instance, opts, report)?;
    Ok(match (answer.status, answer.objective) {
        (Status::Optimal, Some(value)) => Optimum::At(value),
        (Status::Unsatisfiable, _) => Optimum::NoSolution,
        (_, best) => Optimum::Unproven(best),
    })
}

/// One solution, verified from the geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Its number, counted from 1 in the order found.
    pub number: u64,
    /// The board.
    pub placement: Placement,
    /// The size of its symmetry class, when classes are counted (it is then
    /// the class's canonical member).
    pub class_size: Option<u64>,
}

/// The solutions of an instance, one at a time, each verified (and, with
/// classes, checked canonical and given its class size) before it is
/// returned.
pub struct Solutions<'a> {
    target: Cow<'a, Instance>,
    orbits: Option<Orbits>,
    source: Supplier,
    decisions: Vec<(usize, CellVar)>,
    limit: Option<u64>,
    tally: Tally,
    end: Option<End>,
}

impl<'a> Solutions<'a> {
    /// The solutions of `instance` — at `optimum` when given (the
    /// objective fixed by a count bound in the encodings in force), one per
    /// class of `orbits` when given — up to `limit` of them (one more call
    /// then tells "exactly" from "at least"), until `deadline`.
    pub fn new(
        instance: &'a Instance,
        optimum: Option<i64>,
        orbits: Option<Orbits>,
        encodings: &Encodings,
        limit: Option<u64>,
        deadline: Option<Instant>,
    ) -> Result<Solutions<'a>> {
        Solutions::listing(
            Cow::Borrowed(instance),
            optimum,
            orbits,
            encodings,
            limit,
            &Stop::new(deadline),
            1,
        )
    }

    /// [`Solutions::new`] of an instance borrowed or kept (for callers
    /// that cannot hold a borrow, such as an iterator handed to Python),
    /// stopped by `stop` (its deadline or its flag), on up to `threads`
    /// threads (past [`SPLIT_AFTER`] solutions, a model of [`SPLIT_FROM`]
    /// decision variables or more is split into cubes, each listed by its
    /// own solver; the order is the same on any number of threads).
    pub fn listing(
        instance: Cow<'a, Instance>,
        optimum: Option<i64>,
        orbits: Option<Orbits>,
        encodings: &Encodings,
        limit: Option<u64>,
        stop: &Stop,
        threads: usize,
    ) -> Result<Solutions<'a>> {
        let target = target(instance, optimum, orbits.is_some())?;
        let same_size = same_size(&target.spec);
        let listing = Staged::new(
            split::SPLIT,
            &target.model,
            encodings,
            stop,
            same_size,
            threads,
        );
        let source = Supplier::Solver(listing);
        let decisions = decision_cells(&target);
        Ok(Solutions {
            target,
            orbits,
            source,
            decisions,
            limit,
            tally: Tally::default(),
            end: None,
        })
    }

    /// [`Solutions::listing`] found by `engine` on `threads` threads
    /// ([`crate::solve::Engine::every`], telling `searched` its nodes so far
    /// as it goes), when it enumerates this instance (the clique search: a
    /// `rule no_attack` model whose count is bounded from below, or fixed
    /// at `optimum`; the row search: a count that fills every row): it
    /// collects every class first and then hands out their members (with
    /// `orbits`, their canonical members). `None` when it does not take the
    /// instance, or when it finds more classes than it keeps at once and
    /// CaDiCaL can list the solutions instead (no classes are counted, or
    /// their group has at most [`GROUP_LIMIT`] elements); past that, the
    /// classes it kept are handed out and the count ends at
    /// [`End::Capacity`].
    #[allow(clippy::too_many_arguments)]
    pub fn by_engine(
        engine: &dyn Engine,
        instance: Cow<'a, Instance>,
        optimum: Option<i64>,
        orbits: Option<Orbits>,
        limit: Option<u64>,
        stop: &Stop,
        threads: usize,
        searched: &mut dyn FnMut(u64),
    ) -> Result<Option<Solutions<'a>>> {
        Solutions::by_engine_keeping(
            engine,
            instance,
            optimum,
            orbits,
            limit,
            stop,
            threads,
            searched,
            crate::solve::every::COLLECT_LIMIT,
        )
    }

    /// [`Solutions::by_engine`], the search keeping up to `keep` classes.
    #[allow(clippy::too_many_arguments)]
    fn by_engine_keeping(
        engine: &dyn Engine,
        instance: Cow<'a, Instance>,
        optimum: Option<i64>,
        orbits: Option<Orbits>,
        limit: Option<u64>,
        stop: &Stop,
        threads: usize,
        searched: &mut dyn FnMut(u64),
        keep: usize,
    ) -> Result<Option<Solutions<'a>>> {
        let target = target(instance, optimum, false)?;
        let Some(mut every) = engine.every(&target.model, threads, stop, searched, keep) else {
            return Ok(None);
        };
        // Where a stop came too, the count ends on the stop.
        every.overflowed &= !stop.now();
        let cadical_lists = orbits
            .as_ref()
            .is_none_or(|o| o.order() as u128 <= GROUP_LIMIT);
        if every.overflowed && cadical_lists {
            return Ok(None);
        }
        let found = Found::of(every, &target, orbits.as_ref());
        let decisions = decision_cells(&target);
        Ok(Some(Solutions {
            target,
            orbits,
            source: Supplier::Found(found),
            decisions,
            limit,
            tally: Tally::default(),
            end: None,
        }))
    }

    /// What found the solutions, for a note: `None` for CaDiCaL on one
    /// solver, else how CaDiCaL splits them into cubes, or the clique
    /// search's description and its nodes.
    pub fn found_by(&self) -> Option<String> {
        match &self.source {
            Supplier::Solver(listing) => listing.describe(),
            Supplier::Found(found) => Some(found.describe()),
        }
    }

    /// The instance whose solutions are enumerated: the objective fixed at
    /// the optimum, `hint break_symmetry` added for classes.
    pub fn target(&self) -> &Instance {
        &self.target
    }

    /// The group's order, when classes are counted.
    pub fn group_order(&self) -> Option<usize> {
        self.orbits.as_ref().map(Orbits::order)
    }

    /// The solutions found so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// How the enumeration ended (`None` while it goes on).
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The next solution, verified; `None` once the enumeration has ended
    /// ([`Solutions::end`] says how). A solution the geometry rejects, or a
    /// representative that is not its class's canonical member, is an
    /// internal error: nothing wrong is ever counted.
    pub fn next_solution(&mut self) -> Result<Option<Solution>> {
        if self.end.is_some() {
            return Ok(None);
        }
        if self.limit == Some(self.tally.found) {
            // One more call tells "exactly N" from "at least N".
            self.end = Some(match self.source.next_solution()? {
                Next::Exhausted => End::Complete,
                Next::Solution(_) => End::Limit,
                Next::Stopped => End::stopped(),
                Next::Full => End::Capacity,
            });
            return Ok(None);
        }
        let values = match self.source.next_solution()? {
            Next::Solution(values) => values,
            Next::Exhausted => return self.ended(End::Complete),
            Next::Stopped => return self.ended(End::stopped()),
            Next::Full => return self.ended(End::Capacity),
        };
        let placement = placement_of_cells(&self.decisions, self.target.board.n_cells(), &values);
        let number = self.tally.found + 1;
        check_solution(&self.target, &placement, number)?;
        let class_size = match &self.orbits {
            Some(orbits) => Some(class_size(&self.target, orbits, &placement, number)?),
            None => None,
        };
        self.tally.add(class_size);
        Ok(Some(Solution {
            number,
            placement,
            class_size,
        }))
    }

    fn ended(&mut self, end: End) -> Result<Option<Solution>> {
        self.end = Some(end);
        Ok(None)
    }
}

/// The engine that lists the solutions of `model` rather than CaDiCaL
/// ([`Solutions::by_engine`]), the engines run with `opts`: the one asked
/// for (or auto's pick: the clique search on boards of three or more
/// dimensions, the row search where it applies), when the model is one it
/// lists — at its optimum when `at_optimum`.
pub fn lister_for(
    model: &Model,
    opts: &SolveOptions,
    at_optimum: bool,
) -> Option<&'static dyn Engine> {
    let engine = crate::solve::chosen(opts.engine, model, opts).engine;
    engine.lists(model, at_optimum).then_some(engine)
}

/// The instance whose solutions are counted: `instance` with its
/// objective fixed at `optimum` (when given), and `hint break_symmetry`
/// added when `classes` are enumerated and it lacks it.
pub fn target(
    instance: Cow<'_, Instance>,
    optimum: Option<i64>,
    classes: bool,
) -> Result<Cow<'_, Instance>> {
    let spec = target_spec(&instance.spec, optimum, classes);
    Ok(if spec == instance.spec {
        instance
    } else {
        Cow::Owned(instance.with_spec(spec)?)
    })
}

/// The spec whose solutions are enumerated: the objective fixed at
/// `optimum` (a bound `count == v` or `walls == v`, objective removed),
/// and `hint break_symmetry` when classes are counted and the model lacks
/// it.
fn target_spec(spec: &Spec, optimum: Option<i64>, classes: bool) -> Spec {
    let mut spec = spec.clone();
    if let (Some(value), Some(objective)) = (optimum, spec.objective.take()) {
        let value = u32::try_from(value).expect("an optimum is a count");
        spec.bound_objective(objective, Rel::Eq, value);
    }
    if classes && !spec.hints.iter().any(|h| h.kind == HintSpec::BreakSymmetry) {
        spec.hints.push(Hint {
            kind: HintSpec::BreakSymmetry,
            text: "hint break_symmetry (--up-to-symmetry)".into(),
        });
    }
    spec
}

/// Whether every solution of `spec` sets the same number of decision
/// variables: its pieces pinned by its count bounds (`count == v`, the
/// optimum's among them), and its walls too under `walls free`.
fn same_size(spec: &Spec) -> bool {
    pinned(&spec.counts()) && (!spec.free_walls || pinned(&spec.wall_bounds()))
}

/// Whether `bounds` leave a single value.
fn pinned(bounds: &[(Rel, u32)]) -> bool {
    let (mut lo, mut hi) = (0, u32::MAX);
    for &(rel, k) in bounds {
        if matches!(rel, Rel::Ge | Rel::Eq) {
            lo = lo.max(k);
        }
        if matches!(rel, Rel::Le | Rel::Eq) {
            hi = hi.min(k);
        }
    }
    lo == hi
}
