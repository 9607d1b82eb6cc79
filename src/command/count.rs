//! `qspec count` and `qspec solve --all`: every solution of a model on the
//! incremental CaDiCaL ([`qspec::solve::Embedded::enumerate`]), projected on the
//! board's decision variables, each verified from the geometry before it
//! is counted or printed. `--optimal` first finds the optimum with the
//! optimiser and then enumerates the solutions at it; `--up-to-symmetry`
//! enumerates one canonical representative per class (the lex-leader
//! constraints of `hint break_symmetry`) and sums the class sizes computed
//! from the geometry ([`qspec::board::orbit`]). What is printed is in
//! [`super::tally`].

use std::borrow::Cow;
use std::io::Write;
use std::time::{Duration, Instant};

use super::progress::Progress;
use super::solve::Printer;
use super::tally::{Listing, Tallied, Totals, BOARD_GROUP, KINDS_GROUP};
use super::{CertifyRequest, EncodingRequest, ModelRequest};
use qspec::board::orbit::Orbits;
use qspec::count::{self, Counter, End, Optimum, Solutions};
use qspec::error::{Error, Result};
use qspec::instance::{Destination, Instance};
use qspec::lower::GROUP_LIMIT;
use qspec::options::{said, Encodings, Reader};
use qspec::service::listing::Lister;
use qspec::solve::{SolveOptions, Stop};

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
    /// How the engines run, as the command line sets it: the engine that
    /// finds the optimum for `--optimal` (and lists, where it lists), its
    /// threads; the encodings and the deadline are filled in once the
    /// model is loaded.
    pub tuning: SolveOptions,
    /// Stop after this many seconds.
    pub timeout: Option<f64>,
    /// `--limit`, `--optimal`, `--up-to-symmetry`, `--jsonl`.
    pub flags: CountFlags,
    /// Print every solution as it is found (`solve --all`).
    pub all: bool,
    /// Count with this model counter instead of enumerating.
    pub counter: Option<Counter>,
    /// `--certify[=cnf|model]`, `--proof-dir`, `--elaborate`.
    pub certify: Option<CertifyRequest>,
}

/// Runs `count` (or `solve --all`), printing to `out`; the exit code as
/// `qspec count --help` lists them.
pub fn run(req: &CountRequest, out: &mut dyn Write) -> Result<u8> {
    if let Some(certify) = &req.certify {
        certify.check()?;
    }
    if let (Some(_), true) = (req.counter, req.all || req.flags.limit.is_some()) {
        return Err(Error::usage_with_help(
            "a model counter counts without listing the solutions",
            "leave out --counter to list them (solve --all) or to stop at --limit",
        ));
    }
    let loaded = req.model.load_checked(|checked| match req.flags.optimal {
        true => qspec::service::listing::needs_objective(&checked.spec),
        false => Ok(()),
    })?;
    let encodings = req.encodings.resolve(&loaded);
    loaded.check_output(&encodings, Destination::Embedded, &req.model.limits)?;
    let lister = match req.counter {
        None => Some(Lister::new(
            &loaded,
            &req.tuning,
            req.flags.optimal,
            req.flags.up_to_symmetry,
        )?),
        // A model counter lists nothing: classes by Burnside's lemma.
        Some(_) => None,
    };
    let classes = match &lister {
        Some(lister) => lister.classes().cloned(),
        None => count::classes(&loaded, req.flags.up_to_symmetry)?,
    };
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
            group_name: match loaded.spec.has_kinds() {
                true => KINDS_GROUP,
                false => BOARD_GROUP,
            },
            ..Listing::new(out, req.flags.jsonl)
        },
        lister,
    };
    qspec::interrupt::set_graceful(true);
    let result = counting.run(classes);
    qspec::interrupt::set_graceful(false);
    result
}

/// One count in progress.
struct Counting<'a> {
    req: &'a CountRequest,
    loaded: &'a Instance,
    encodings: Encodings,
    stop: Stop,
    listing: Listing<'a>,
    /// Who lists the solutions (`None` for a model counter).
    lister: Option<Lister>,
}

impl<'a> Counting<'a> {
    fn run(&mut self, classes: Option<Orbits>) -> Result<u8> {
        let how = match (
            self.req.counter,
            self.lister.as_ref().and_then(Lister::by_engine),
        ) {
            (Some(c), _) => format!("counted by {} on the CNF", c.name()),
            (None, Some(engine)) => format!("every solution by {engine}"),
            (None, None) => "every solution with the embedded CaDiCaL".into(),
        };
        self.listing.comment(&format!(
            "qspec {}: {}, {how}, {}",
            env!("CARGO_PKG_VERSION"),
            self.loaded.spec.file,
            qspec::encode::describe_short(&self.encodings)
        ))?;
        if self.req.encodings.verbose {
            self.listing.comment(&format!(
                "encodings: {}",
                qspec::encode::describe(&self.encodings)
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
        let mut solutions = self.solutions(optimum)?;
        for hint in &solutions.target().model.hints {
            self.listing.comment(&hint.describe())?;
        }
        if let Some(found_by) = solutions.found_by() {
            self.listing.comment(&found_by)?;
        }
        let scope = Tallied::of(self.loaded, solutions.target(), optimum, counts_classes);
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
        if let Some(request) = &self.req.certify {
            let proving = request.proving(self.lister.as_ref().and_then(Lister::refutes));
            let certified = self.certify(&proving, end, optimum, classes.as_ref(), &listed)?;
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
        proving: &qspec::certify::Proving,
        end: End,
        optimum: Option<i64>,
        classes: Option<&Orbits>,
        listed: &[qspec::board::Placement],
    ) -> Result<Option<bool>> {
        let certificate = if end == End::Complete {
            let status = Progress::status();
            status.say("certifying: every solution listed excluded, the rest refuted with a proof");
            let claim = count::complete::claim(self.loaded, optimum, classes, listed)?;
            let bound = claim.bound.as_ref().map(|(b, o)| (b.as_str(), o.as_str()));
            let certificate = qspec::certify::certify_count(
                self.loaded,
                &self.encodings,
                claim.model,
                claim.excluded,
                bound,
                proving,
            )?;
            drop(status);
            certificate
        } else {
            qspec::certify::Certificate::nothing(&format!(
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

    /// The solutions at `optimum`, listed by the [`Lister`], its notes
    /// printed.
    fn solutions(&mut self, optimum: Option<i64>) -> Result<Solutions<'a>> {
        let lister = self.lister.as_ref().expect("a listing has a lister");
        let engine = lister.by_engine();
        let status = engine.map(|_| Progress::status());
        if let (Some(status), Some(engine)) = (&status, engine) {
            status.say(format!("every solution by {engine}"));
        }
        let mut searched = |nodes: u64| {
            if let (Some(status), Some(engine)) = (&status, engine) {
                status.say(format!("every solution by {engine}: {nodes} nodes"));
            }
        };
        let listed = lister.list(
            Cow::Borrowed(self.loaded),
            optimum,
            self.req.flags.limit,
            &self.stop,
            &self.solve_options(),
            &mut searched,
        )?;
        drop(status);
        for note in &listed.notes {
            self.listing.comment(&said(note, Reader::CommandLine))?;
        }
        Ok(listed.solutions)
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
        let scope = Tallied::of(self.loaded, &target, optimum, false);
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
            let engine = qspec::solve::chosen(self.req.tuning.engine, &self.loaded.model, &opts)
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
            ..self.req.tuning.clone()
        }
    }

    /// The model has no solution, so none at the optimum either.
    fn no_solution_at_all(&mut self) -> Result<u8> {
        self.listing.comment("the model has no solution (proven)")?;
        let scope = Tallied::of(self.loaded, self.loaded, None, false);
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
