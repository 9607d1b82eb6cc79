//! `qspec count` and `qspec solve --all`: every solution of a model on the
//! incremental CaDiCaL ([`crate::solve::enumerate`]), projected on the
//! board's decision variables, each verified from the geometry before it
//! is counted or printed. `--optimal` first finds the optimum with the
//! optimiser and then enumerates the solutions at it; `--up-to-symmetry`
//! enumerates one canonical representative per class (the lex-leader
//! constraints of `hint break_symmetry`) and sums the class sizes computed
//! from the geometry ([`crate::board::orbit`]). What is printed is in
//! [`super::tally`].

use std::io::Write;
use std::time::{Duration, Instant};

use super::solve::Printer;
use super::tally::{End, Listing, Scope, Tally};
use super::{EncodingRequest, ModelRequest};
use crate::answer::decode::{cell_var, CellVar};
use crate::board::orbit::{code, Orbits};
use crate::board::symmetry::normalises;
use crate::board::Placement;
use crate::draw::board as render;
use crate::error::{Error, Result};
use crate::instance::guard::check_output;
use crate::instance::{Instance, Target};
use crate::language::{Hint, HintSpec, Spec, Target as Counted};
use crate::lower::{symmetry_group, GROUP_LIMIT};
use crate::model::Rel;
use crate::options::{Encodings, Engine};
use crate::solve::ceiling::optimise;
use crate::solve::{Enumerator, Next, SolveOptions, Status, Stop};
use crate::verify::verify;

/// The flags `count` and `solve --all` share.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EnumerateArgs {
    /// Stop after N solutions (N classes with --up-to-symmetry); if there are more, say "at least N" and exit 10
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// With an objective: find the optimum first, then count only the solutions at it
    #[arg(long)]
    pub optimal: bool,
    /// Count classes under the board's symmetry group (one canonical representative each) and the solutions in them
    #[arg(long)]
    pub up_to_symmetry: bool,
    /// Print JSON lines: one object per solution (solve --all), then one summary object
    #[arg(long)]
    pub jsonl: bool,
}

impl EnumerateArgs {
    /// The first of these flags given, by its name (`solve` takes them
    /// only with `--all`).
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.limit.is_some(), "--limit"),
            (self.optimal, "--optimal"),
            (self.up_to_symmetry, "--up-to-symmetry"),
            (self.jsonl, "--jsonl"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }
}

/// What the command line asks of `count` (or of `solve --all`).
#[derive(Clone, Debug)]
pub struct CountRequest {
    /// The model and how to load it.
    pub model: ModelRequest,
    /// Encodings asked for on the command line.
    pub encodings: EncodingRequest,
    /// The engine that finds the optimum for `--optimal`.
    pub engine: Engine,
    /// Stop after this many seconds.
    pub timeout: Option<f64>,
    /// `--limit`, `--optimal`, `--up-to-symmetry`, `--jsonl`.
    pub flags: EnumerateArgs,
    /// Print every solution as it is found (`solve --all`).
    pub all: bool,
}

/// `qspec count --help`.
pub fn count_help() -> String {
    "Count the solutions of a model: every one is found by the embedded CaDiCaL
(incremental: each solution is excluded by a clause over the board's decision
variables — the cells, then the walls chosen with `walls free` — so auxiliary
variables never make one board count twice) and verified from the board
geometry before it is counted. `qspec solve MODEL --all` takes the same flags
and prints every solution as it is found.

  qspec count models/eight-queens.qspec                    # 92 solutions
  qspec count models/eight-queens.qspec --up-to-symmetry   # 12 classes, 92
  qspec count models/n-queens.qspec -D n=10 --up-to-symmetry   # 92, 724
  qspec count models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=3 \\
      --optimal --up-to-symmetry                          # OEIS A051759: 307
  qspec count models/blocked-least-walls.qspec -D m=16 --optimal \\
      --up-to-symmetry                                    # 1 class, 2 boards
  qspec solve models/eight-queens.qspec --all --limit 3    # three boards
  qspec solve models/eight-queens.qspec --all --jsonl      # one JSON a line

A model with an objective: --optimal finds the optimum first (with --engine,
as `solve` does), then counts the solutions at it (the objective fixed to the
optimum by a cardinality constraint in the encodings in force); without
--optimal every feasible solution is counted, whatever its value, and the
output says so.

--up-to-symmetry counts classes under the board's symmetry group as given
(the group of `hint break_symmetry`: the box's rotations and reflections that
keep walls, fixed and forbidden cells in place; with `walls free` they act on
pieces and walls together). One representative per class is enumerated — the
least one, under the lex-leader constraints of `hint break_symmetry` — and
each is checked to be its class's canonical member from the geometry, and its
class size (the orbit) computed there: the number of solutions is the sum of
the class sizes. A model with `hint break_symmetry` is counted this way
anyway. Boxes whose group is too large to list (over 1024 symmetries) are
refused. A restricting hint is reported with every count (\"under hint
symmetric rot90\"); with --up-to-symmetry, `hint symmetric` must be normal
in the board's group (rot90, rot180: yes; mirror_rows on a square: no, its
solutions are not closed under the group). Implied hints, the automatic
`hint lines` included, never change a count.

Output: `c` comment lines, then the count (`92 solutions`; `12 classes under
the board's symmetry group of order 8` and `92 solutions (the sum of the class
sizes)`; `at least N ...` when stopped). --jsonl prints JSON lines instead:
with --all one object per solution ({\"solution\": 1, \"cells\": [[0,3],...],
\"walls\": [...], \"value\": 8 or null, \"class_size\": 8 or null}), and last
a summary ({\"solutions\": 92, \"classes\": 12, \"complete\": true, ...}).

Exit codes:
    0  complete: every solution was found (also when there is none)
   10  stopped by --limit N, and there are more (\"at least N\")
    1  stopped by --timeout (\"at least N (timeout)\"), or the optimum
       of --optimal not proven before it; or an error
    2  bad input (--optimal without an objective, among others)
  130  interrupted by Ctrl-C or SIGTERM (\"at least N (interrupted)\")"
        .to_string()
}

/// Runs `count` (or `solve --all`), printing to `out`; the exit code as
/// [`count_help`] lists them.
pub fn run(req: &CountRequest, out: &mut dyn Write) -> Result<u8> {
    let loaded = req.model.load()?;
    if req.flags.optimal && loaded.model.objective.is_none() {
        return Err(Error::input_with_help(
            format!(
                "--optimal counts the solutions at the optimum, but {} has no objective",
                loaded.spec.file
            ),
            "add `maximize count`, `minimize count` or `minimize walls` to the model, or count without --optimal",
        ));
    }
    let encodings = req.encodings.resolve(&loaded);
    check_output(
        &loaded.model,
        &encodings,
        Target::Embedded,
        loaded.estimate.bytes,
        &req.model.limits,
    )?;
    let classes = classes(req, &loaded)?;
    let deadline = req
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
    let mut counting = Counting {
        req,
        loaded: &loaded,
        encodings,
        stop: Stop::new(deadline),
        listing: Listing::new(out, req.flags.jsonl),
    };
    crate::interrupt::set_graceful(true);
    let result = counting.run(classes.as_ref());
    crate::interrupt::set_graceful(false);
    result
}

/// The group whose classes are counted, if any: asked for with
/// `--up-to-symmetry`, or implied by the model's own `hint break_symmetry`
/// when its group can be listed and every `hint symmetric` keeps classes
/// whole.
fn classes(req: &CountRequest, loaded: &Instance) -> Result<Option<Orbits>> {
    let asked = req.flags.up_to_symmetry;
    let hinted = loaded
        .spec
        .hints
        .iter()
        .any(|h| h.kind == HintSpec::BreakSymmetry);
    if !asked && !hinted {
        return Ok(None);
    }
    let group = match symmetry_group(&loaded.spec, &loaded.board) {
        Ok(group) => group,
        Err(_) if asked => {
            return Err(Error::input_with_help(
                format!(
                    "--up-to-symmetry: the board's symmetry group has more than {GROUP_LIMIT} elements, too many to list and to compute class sizes with"
                ),
                "count every solution (without --up-to-symmetry), or add `hint break_symmetry` to count under it (at least one solution per class)",
            ))
        }
        Err(_) => return Ok(None),
    };
    for hint in &loaded.spec.hints {
        if let HintSpec::Symmetric(maps) = &hint.kind {
            if !normalises(&group, maps, GROUP_LIMIT as usize) {
                if !asked {
                    return Ok(None);
                }
                return Err(Error::input_with_help(
                    format!(
                        "--up-to-symmetry: the solutions of `{}` are not closed under the board's symmetry group (a board symmetry carries some of them onto boards the hint excludes), so their classes cannot be counted",
                        hint.text
                    ),
                    "count without --up-to-symmetry, or use a symmetry every board symmetry conjugates into its own group (rot90, rot180)",
                ));
            }
        }
    }
    Ok(Some(Orbits::new(&loaded.board, &group)))
}

/// One count in progress.
struct Counting<'a> {
    req: &'a CountRequest,
    loaded: &'a Instance,
    encodings: Encodings,
    stop: Stop,
    listing: Listing<'a>,
}

/// The optimum `--optimal` found, or why there is none.
enum Optimum {
    /// The objective's optimal value.
    At(i64),
    /// The model has no solution at all.
    NoSolution,
    /// The search stopped before proving one.
    Unproven(Option<i64>),
}

impl Counting<'_> {
    fn run(&mut self, classes: Option<&Orbits>) -> Result<u8> {
        self.listing.comment(&format!(
            "qspec {}: {}, every solution with the embedded CaDiCaL ({})",
            env!("CARGO_PKG_VERSION"),
            self.loaded.spec.file,
            crate::encode::describe(&self.encodings)
        ))?;
        let optimum = if self.req.flags.optimal {
            match self.optimum()? {
                Optimum::At(value) => Some(value),
                Optimum::NoSolution => return self.no_solution_at_all(),
                Optimum::Unproven(best) => return self.unproven(best),
            }
        } else {
            None
        };
        let spec = self.target_spec(optimum, classes.is_some());
        let owned;
        let target = if spec == self.loaded.spec {
            self.loaded
        } else {
            owned = self.loaded.with_spec(spec)?;
            &owned
        };
        for hint in &target.model.hints {
            self.listing.comment(&hint.describe())?;
        }
        let scope = Scope::of(self.loaded, target, optimum, classes.is_some());
        let (tally, end) = self.enumerate(target, classes)?;
        self.listing.summary(
            &tally,
            end,
            &scope,
            self.req.flags.limit,
            classes.map(Orbits::order),
        )?;
        Ok(end.exit_code())
    }

    /// The optimum, by the optimiser (`--engine`), its progress printed
    /// as `solve` prints it.
    fn optimum(&mut self) -> Result<Optimum> {
        let opts = SolveOptions {
            encodings: self.encodings,
            engine: self.req.engine,
            deadline: self.stop.deadline,
            start: Vec::new(),
        };
        let answer = {
            let mut sink = std::io::sink();
            let out: &mut dyn Write = if self.listing.jsonl {
                &mut sink
            } else {
                &mut *self.listing.out
            };
            let mut printer = Printer::new(out);
            let answer = optimise(self.loaded, &opts, &mut printer)?;
            printer.failed?;
            answer
        };
        let what = self
            .loaded
            .model
            .objective
            .as_ref()
            .map_or("objective", |o| o.what.as_str());
        Ok(match (answer.status, answer.objective) {
            (Status::Optimal, Some(value)) => {
                self.listing.comment(&format!(
                    "optimum: {what} = {value} (proven by {}); now every solution with {what} = {value}",
                    self.req.engine.name()
                ))?;
                Optimum::At(value)
            }
            (Status::Unsatisfiable, _) => Optimum::NoSolution,
            (_, best) => Optimum::Unproven(best),
        })
    }

    /// The model has no solution, so none at the optimum either.
    fn no_solution_at_all(&mut self) -> Result<u8> {
        self.listing.comment("the model has no solution (proven)")?;
        let scope = Scope::of(self.loaded, self.loaded, None, false);
        self.listing
            .summary(&Tally::default(), End::Complete, &scope, None, None)?;
        Ok(End::Complete.exit_code())
    }

    /// The optimum was not proven before the timeout or the interrupt:
    /// nothing is counted.
    fn unproven(&mut self, best: Option<i64>) -> Result<u8> {
        let end = End::stopped();
        let best = best.map_or(String::new(), |b| format!(" (best found: {b})"));
        self.listing.comment(&format!(
            "no optimum proven before {}{best}: the solutions at it are not counted",
            end.cause()
        ))?;
        self.listing.unknown(end)?;
        Ok(end.exit_code())
    }

    /// The spec whose solutions are enumerated: the objective fixed at
    /// `optimum` (a bound `count == v` or `walls == v`, objective removed),
    /// and `hint break_symmetry` when classes are counted and the model
    /// lacks it.
    fn target_spec(&self, optimum: Option<i64>, classes: bool) -> Spec {
        let mut spec = self.loaded.spec.clone();
        if let (Some(value), Some(objective)) = (optimum, spec.objective.take()) {
            let bound = (
                Rel::Eq,
                u32::try_from(value).expect("an optimum is a count"),
            );
            match objective.target {
                Counted::Count => spec.count.push(bound),
                Counted::Walls => spec.wall_bounds.push(bound),
            }
        }
        if classes && !spec.hints.iter().any(|h| h.kind == HintSpec::BreakSymmetry) {
            spec.hints.push(Hint {
                kind: HintSpec::BreakSymmetry,
                text: "hint break_symmetry (--up-to-symmetry)".into(),
            });
        }
        spec
    }

    /// Every solution of `target` (a canonical representative of every
    /// class with `classes`), verified, tallied and, with `--all`, shown.
    fn enumerate(&mut self, target: &Instance, classes: Option<&Orbits>) -> Result<(Tally, End)> {
        let mut enumerator = Enumerator::new(&target.model, &self.encodings, &self.stop);
        let decisions = decision_cells(target);
        let mut tally = Tally::default();
        loop {
            if self.req.flags.limit == Some(tally.found) {
                // One more call tells "exactly N" from "at least N".
                return Ok(match enumerator.next_solution()? {
                    Next::Exhausted => (tally, End::Complete),
                    Next::Solution(_) => (tally, End::Limit),
                    Next::Stopped => (tally, End::stopped()),
                });
            }
            let values = match enumerator.next_solution()? {
                Next::Solution(values) => values,
                Next::Exhausted => return Ok((tally, End::Complete)),
                Next::Stopped => return Ok((tally, End::stopped())),
            };
            let placement = placement(&decisions, target.board.n_cells(), &values);
            let number = tally.found + 1;
            check_solution(target, &placement, number)?;
            let class_size = match classes {
                Some(orbits) => Some(class_size(target, orbits, &placement, number)?),
                None => None,
            };
            tally.add(class_size);
            if self.req.all {
                self.listing
                    .solution(self.loaded, &placement, number, class_size)?;
            }
        }
    }
}

/// The cell of every decision variable that decides one (its index in
/// the model's values, and what it decides).
fn decision_cells(target: &Instance) -> Vec<(usize, CellVar)> {
    let model = &target.model;
    (0..model.n_decisions() as usize)
        .filter_map(|i| cell_var(&target.board, &model.names[i]).map(|cell| (i, cell)))
        .collect()
}

/// The board of a solution's values.
fn placement(decisions: &[(usize, CellVar)], n_cells: usize, values: &[bool]) -> Placement {
    let mut p = Placement::empty(n_cells);
    for &(i, cell) in decisions {
        match cell {
            CellVar::Piece(c) => p.pieces[c] = values[i],
            CellVar::Wall(c) => p.chosen_walls[c] = values[i],
        }
    }
    p
}

/// A solution the geometry rejects is a bug of the encodings: nothing
/// wrong is counted.
fn check_solution(target: &Instance, placement: &Placement, number: u64) -> Result<()> {
    let problems = verify(&target.spec, &target.board, placement);
    if problems.is_empty() {
        return Ok(());
    }
    let mut detail = render::text(&target.spec, &target.board, placement);
    for p in problems {
        detail.push_str(&format!("  {p}\n"));
    }
    Err(Error::Failure {
        message: format!(
            "internal error: solution {number} breaks the model (checked from the board geometry); nothing is counted"
        ),
        detail: Some(detail.trim_end().to_string()),
    })
}

/// The size of the class of a representative, which must be the
/// canonical member of its class (else the lex-leader constraints and the
/// orbit order disagree: a bug, and no count is printed).
fn class_size(
    target: &Instance,
    orbits: &Orbits,
    placement: &Placement,
    number: u64,
) -> Result<u64> {
    let board = &target.board;
    let content: Vec<u8> = (0..board.n_cells())
        .map(|c| {
            code(
                placement.pieces[c],
                board.is_wall(c) || placement.chosen_walls[c],
            )
        })
        .collect();
    if !orbits.is_canonical(&content) {
        return Err(Error::Failure {
            message: format!(
                "internal error: representative {number} is not the canonical member of its symmetry class; no count is printed"
            ),
            detail: Some(
                render::text(&target.spec, board, placement)
                    .trim_end()
                    .to_string(),
            ),
        });
    }
    Ok(orbits.class_size(&content) as u64)
}
