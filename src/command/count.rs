//! `qspec count` and `qspec solve --all`: every solution of a model on the
//! incremental CaDiCaL ([`crate::solve::Embedded::enumerate`]), projected on the
//! board's decision variables, each verified from the geometry before it
//! is counted or printed. `--optimal` first finds the optimum with the
//! optimiser and then enumerates the solutions at it; `--up-to-symmetry`
//! enumerates one canonical representative per class (the lex-leader
//! constraints of `hint break_symmetry`) and sums the class sizes computed
//! from the geometry ([`crate::board::orbit`]). What is printed is in
//! [`super::tally`].

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::progress::Progress;
use super::solve::Printer;
use super::tally::{Listing, Scope, Totals};
use super::{EncodingRequest, ModelRequest};
use crate::board::orbit::Orbits;
use crate::count::{self, Counter, End, Optimum, Solutions};
use crate::error::{Error, Result};
use crate::instance::{Instance, Target};
use crate::lower::GROUP_LIMIT;
use crate::options::{CertifyLevel, Encodings, EngineChoice};
use crate::solve::{SolveOptions, Stop};

/// The flags `count` and `solve --all` share.
#[derive(Clone, Debug, Default)]
pub struct CountFlags {
    /// Stop after this many solutions (classes, with `up_to_symmetry`).
    pub limit: Option<u64>,
    /// With an objective: find the optimum first, then count only the
    /// solutions at it.
    pub optimal: bool,
    /// Count classes under the board's symmetry group.
    pub up_to_symmetry: bool,
    /// Print JSON lines.
    pub jsonl: bool,
}

/// What the command line asks of `count` (or of `solve --all`).
#[derive(Clone, Debug)]
pub struct CountRequest {
    /// The model and how to load it.
    pub model: ModelRequest,
    /// Encodings asked for on the command line.
    pub encodings: EncodingRequest,
    /// The engine that finds the optimum for `--optimal`.
    pub engine: EngineChoice,
    /// Stop after this many seconds.
    pub timeout: Option<f64>,
    /// Threads of the clique search, when it finds the optimum.
    pub threads: Option<usize>,
    /// `--limit`, `--optimal`, `--up-to-symmetry`, `--jsonl`.
    pub flags: CountFlags,
    /// Print every solution as it is found (`solve --all`).
    pub all: bool,
    /// Count with this model counter instead of enumerating.
    pub counter: Option<Counter>,
    /// Prove the count complete (`--certify[=cnf|model]`).
    pub certify: Option<CertifyLevel>,
    /// Keep the certificate's input file and proof here (`--proof-dir`).
    pub proof_dir: Option<PathBuf>,
}

/// Runs `count` (or `solve --all`), printing to `out`; the exit code as
/// `qspec count --help` lists them.
pub fn run(req: &CountRequest, out: &mut dyn Write) -> Result<u8> {
    if let (Some(_), true) = (req.counter, req.all || req.flags.limit.is_some()) {
        return Err(Error::usage_with_help(
            "a model counter counts without listing the solutions",
            "leave out --counter to list them (solve --all) or to stop at --limit",
        ));
    }
    let loaded = req.model.load_checked(|checked| {
        if req.flags.optimal && checked.spec.objective.is_none() {
            return Err(Error::unsupported_with_help(
                format!(
                    "--optimal counts the solutions at the optimum, but {} has no objective",
                    checked.spec.file
                ),
                "add `maximize count`, `minimize count` or `minimize walls` to the model, or count without --optimal",
            ));
        }
        Ok(())
    })?;
    let encodings = req.encodings.resolve(&loaded);
    loaded.check_output(&encodings, Target::Embedded, &req.model.limits)?;
    // Which engine lists, decided once: the clique search needs no
    // constraint per symmetry, so it takes larger groups.
    let by_clique = req.counter.is_none()
        && count::listed_by_clique(&loaded.model, &options(req), req.flags.optimal);
    let classes = count::classes_for(&loaded, req.flags.up_to_symmetry, by_clique)?;
    let deadline = req
        .timeout
        .map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
    let mut counting = Counting {
        req,
        loaded: &loaded,
        encodings,
        stop: Stop::new(deadline),
        listing: Listing {
            counter: req.counter,
            ..Listing::new(out, req.flags.jsonl)
        },
        by_clique,
    };
    crate::interrupt::set_graceful(true);
    let result = counting.run(classes);
    crate::interrupt::set_graceful(false);
    result
}

/// The options `req` runs the engines with (its engine and threads).
fn options(req: &CountRequest) -> SolveOptions {
    SolveOptions {
        engine: req.engine,
        threads: req.threads,
        ..SolveOptions::default()
    }
}

/// One count in progress.
struct Counting<'a> {
    req: &'a CountRequest,
    loaded: &'a Instance,
    encodings: Encodings,
    stop: Stop,
    listing: Listing<'a>,
    /// Whether the clique search lists the solutions
    /// ([`count::listed_by_clique`]), else CaDiCaL.
    by_clique: bool,
}

impl<'a> Counting<'a> {
    fn run(&mut self, classes: Option<Orbits>) -> Result<u8> {
        let how = match (self.req.counter, self.by_clique) {
            (Some(c), _) => format!("counted by {} on the CNF", c.name()),
            (None, true) => "every solution by the clique search".into(),
            (None, false) => "every solution with the embedded CaDiCaL".into(),
        };
        self.listing.comment(&format!(
            "qspec {}: {}, {how}, {}",
            env!("CARGO_PKG_VERSION"),
            self.loaded.spec.file,
            crate::encode::describe_short(&self.encodings)
        ))?;
        if self.req.encodings.verbose {
            self.listing.comment(&format!(
                "encodings: {}",
                crate::encode::describe(&self.encodings)
            ))?;
        }
        let optimum = if self.req.flags.optimal {
            match self.optimum()? {
                Optimum::At(value) => Some(value),
                Optimum::NoSolution => return self.no_solution_at_all(),
                Optimum::Unproven(best) => return self.unproven(best),
            }
        } else {
            None
        };
        if let Some(counter) = self.req.counter {
            return self.count_with(counter, optimum, classes.is_some());
        }
        let counts_classes = classes.is_some();
        let mut solutions = self.solutions(optimum, classes.clone())?;
        for hint in &solutions.target().model.hints {
            self.listing.comment(&hint.describe())?;
        }
        if let Some(found_by) = solutions.found_by() {
            self.listing.comment(&found_by)?;
        }
        let scope = Scope::of(self.loaded, solutions.target(), optimum, counts_classes);
        let bar = Progress::counter(if counts_classes {
            "classes"
        } else {
            "solutions"
        });
        let mut listed = Vec::new();
        while let Some(solution) = solutions.next_solution()? {
            bar.step();
            if self.req.all {
                self.listing.solution(
                    self.loaded,
                    &solution.placement,
                    solution.number,
                    solution.class_size,
                )?;
            }
            if self.req.certify.is_some() {
                listed.push(solution.placement);
            }
        }
        drop(bar);
        let end = solutions.end().unwrap_or(End::Complete);
        if end == End::Capacity {
            self.listing.comment(&format!(
                "CaDiCaL cannot take over: it lists one solution per class under a group of at most {GROUP_LIMIT} elements, and this board's has {}",
                solutions.group_order().unwrap_or_default()
            ))?;
        }
        let mut exit = end.exit_code();
        if let Some(level) = self.req.certify {
            let certified = self.certify(level, end, optimum, classes.as_ref(), &listed)?;
            if certified == Some(false) {
                exit = 1;
            }
        }
        self.listing.summary(
            &solutions.tally().into(),
            end,
            &scope,
            self.req.flags.limit,
            solutions.group_order(),
        )?;
        Ok(exit)
    }

    /// `--certify`: a complete count's claim that no solution was missed
    /// ([`count::complete`]) refuted with a proof and the proof checked;
    /// its lines printed as comments (on standard error with --jsonl, whose
    /// summary then says `"certified"`). Whether it was certified (`None`:
    /// the count did not finish, so there is nothing to certify).
    fn certify(
        &mut self,
        level: CertifyLevel,
        end: End,
        optimum: Option<i64>,
        classes: Option<&Orbits>,
        listed: &[crate::board::Placement],
    ) -> Result<Option<bool>> {
        let certificate = if end == End::Complete {
            let status = Progress::status();
            status.say("certifying: every solution listed excluded, the rest refuted with a proof");
            let claim = count::complete::claim(self.loaded, optimum, classes, listed)?;
            let bound = claim.bound.as_ref().map(|(b, o)| (b.as_str(), o.as_str()));
            let certificate = crate::certify::certify_count(
                self.loaded,
                &self.encodings,
                claim.model,
                claim.excluded,
                bound,
                level,
                self.req.proof_dir.as_deref(),
            )?;
            drop(status);
            certificate
        } else {
            crate::certify::Certificate::nothing(&format!(
                "nothing to certify: the count stopped at {} before it was complete",
                end.cause()
            ))
        };
        if self.listing.jsonl {
            eprint!("{}", certificate.lines);
        } else {
            super::print(self.listing.out, &certificate.lines)?;
        }
        self.listing.certified = certificate.certified;
        Ok(certificate.certified)
    }

    /// The solutions at `optimum` (one per class of `classes`): by the
    /// clique search when it lists them (`by_clique`), else by
    /// CaDiCaL, said so when the clique search was asked for.
    fn solutions(
        &mut self,
        optimum: Option<i64>,
        classes: Option<Orbits>,
    ) -> Result<Solutions<'a>> {
        if self.by_clique {
            let status = Progress::status();
            status.say("every solution by the clique search".to_string());
            let threads = self.solve_options().threads();
            let mut searched = |nodes: u64| {
                status.say(format!(
                    "every solution by the clique search: {nodes} nodes"
                ));
            };
            let found = Solutions::by_clique(
                Cow::Borrowed(self.loaded),
                optimum,
                classes.clone(),
                self.req.flags.limit,
                &self.stop,
                threads,
                &mut searched,
            )?;
            drop(status);
            if let Some(found) = found {
                return Ok(found);
            }
            self.listing.comment(&format!(
                "the clique search found more than {} classes, more than it keeps at once: every solution with the embedded CaDiCaL, one at a time",
                crate::solve::clique::shared::COLLECT_LIMIT
            ))?;
        } else if self.req.engine == EngineChoice::Clique {
            let why = match crate::solve::clique::applies(&self.loaded.model) {
                Err(refused) => refused
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string(),
                Ok(()) => {
                    "it lists those of a count bounded from below, or at the optimum with --optimal"
                        .into()
                }
            };
            self.listing.comment(&format!(
                "the clique search does not list this model's solutions, so the embedded CaDiCaL does ({why})"
            ))?;
        }
        self.by_cadical(optimum, classes)
    }

    /// The solutions by CaDiCaL: one per class under the lex-leader
    /// constraints of a group of at most [`GROUP_LIMIT`] elements.
    fn by_cadical(&self, optimum: Option<i64>, classes: Option<Orbits>) -> Result<Solutions<'a>> {
        if classes
            .as_ref()
            .is_some_and(|o| o.order() as u128 > GROUP_LIMIT)
        {
            return Err(Error::unsupported(format!(
                "--up-to-symmetry: the board's symmetry group has more than {GROUP_LIMIT} elements, too many for CaDiCaL's listing of one solution per class"
            )));
        }
        let limit = self.req.flags.limit;
        Solutions::with_stop(
            self.loaded,
            optimum,
            classes,
            &self.encodings,
            limit,
            &self.stop,
            self.solve_options().threads(),
        )
    }

    /// The count by a model counter: of the solutions at `optimum` (when
    /// given), and of their classes by Burnside's lemma.
    fn count_with(&mut self, counter: Counter, optimum: Option<i64>, classes: bool) -> Result<u8> {
        let target = count::target(Cow::Borrowed(self.loaded), optimum, false)?;
        for hint in &target.model.hints {
            self.listing.comment(&hint.describe())?;
        }
        let status = Progress::status();
        status.say(format!("counting with {}", counter.name()));
        let counted = count::counter::count_classes(
            &target,
            counter,
            &self.encodings,
            classes,
            self.stop.deadline,
        )?;
        drop(status);
        self.listing.comment(&format!(
            "{} counted in {:.2} s, projected on the {} board variables (the CNF's `c p show` line)",
            counter.name(),
            counted.seconds,
            target.model.n_decisions()
        ))?;
        if let Some((_, order)) = counted.classes {
            self.listing.comment(&format!(
                "classes by Burnside's lemma: the average over the {order} symmetries of the solutions each fixes ({} counts)",
                order
            ))?;
        }
        let scope = Scope::of(self.loaded, &target, optimum, false);
        let totals = Totals {
            found: counted.classes.map_or(counted.solutions, |(c, _)| c),
            raw: counted.solutions,
        };
        let order = counted.classes.map(|(_, o)| o);
        self.listing
            .summary(&totals, End::Complete, &scope, None, order)?;
        Ok(End::Complete.exit_code())
    }

    /// The optimum, by the optimiser (`--engine`), its progress printed
    /// as `solve` prints it.
    fn optimum(&mut self) -> Result<Optimum> {
        let opts = self.solve_options();
        let optimum = {
            let mut sink = std::io::sink();
            let out: &mut dyn Write = if self.listing.jsonl {
                &mut sink
            } else {
                &mut *self.listing.out
            };
            let mut printer = Printer::new(out, self.loaded);
            let optimum = count::optimum(self.loaded, &opts, &mut printer)?;
            printer.failed?;
            optimum
        };
        if let Optimum::At(value) = optimum {
            let what = self
                .loaded
                .model
                .objective
                .as_ref()
                .map_or("objective", |o| o.what.as_str());
            let engine = crate::solve::chosen(self.req.engine, &self.loaded.model, &opts)
                .engine
                .name();
            self.listing.comment(&format!(
                "optimum: {what} = {value} (proven by {engine}); now every solution with {what} = {value}"
            ))?;
        }
        Ok(optimum)
    }

    /// The options the engines run with.
    fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            encodings: self.encodings,
            deadline: self.stop.deadline,
            ..options(self.req)
        }
    }

    /// The model has no solution, so none at the optimum either.
    fn no_solution_at_all(&mut self) -> Result<u8> {
        self.listing.comment("the model has no solution (proven)")?;
        let scope = Scope::of(self.loaded, self.loaded, None, false);
        self.listing
            .summary(&Totals::default(), End::Complete, &scope, None, None)?;
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
}
