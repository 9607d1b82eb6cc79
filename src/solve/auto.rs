//! `--engine auto`, the default: the engine a model gets, from what it
//! asks ([`choose`]), measured on every case of `bench/solve.sh` and
//! `bench/hints.sh`:
//!
//! * the clique search for the models it takes on boards of three or more
//!   dimensions: there the lines bound the count far above the optimum (25
//!   against 13 on 5^3, 49 against 32 on 7^3), and closing that gap is
//!   what a SAT solver is slow at and the clique search's bound is made
//!   for ((6,3) >= 22: 0.1 s against Kissat's 12 s);
//! * on two dimensions the lines' bound is usually the optimum (n queens,
//!   rooks, bishops; kings and knights by the cover), which the SAT
//!   optimiser tries first and proves at once (knights on 60x60: 0.03 s,
//!   the clique search 1.6 s); but asked for a count (`count >= m`), the
//!   clique search may refute what SAT cannot, and SAT hits a full
//!   placement the clique search may not (30 queens on 30x30): both side
//!   by side ([`Race`]), the first to finish answering;
//! * the row search for the models it takes (a count that fills every row
//!   to its limit under limits on sets of cells: no three in line), which
//!   lists their solutions where CaDiCaL, asked for one board a class at
//!   a time, stops near n = 10;
//! * the armies search for the models it takes (two armies that may not
//!   attack each other along lines, of equal size, maximised or of a
//!   given size: peaceable queens), where the SAT route's proof of the optimum took 36 minutes
//!   at n = 11 against seconds;
//! * elsewhere the SAT solvers, both on two threads (the portfolio): which
//!   is faster varies from model to model and from run to run (fewest
//!   walls on 8x8: CaDiCaL 0.12 s, Kissat 0.58 s; the seeds' Q_3(19):
//!   Kissat 2.4 s, CaDiCaL 12 s; Q_3(24): CaDiCaL 1.4 s, Kissat 5.0 s); on
//!   one thread CaDiCaL for an objective (incremental steps), Kissat for a
//!   decision (one hard call).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use super::engine::{Chosen, Engine};
use super::interface::{Answer, Report, SolveOptions, Status};
use super::{armies, clique, portfolio, rows};
use crate::error::Result;
use crate::model::{Decision, Model};
use crate::threads::{side_by_side, Job, DEEP_STACK};

/// The engine `auto` picks for `model` solved with `opts`, and why.
pub fn choose(model: &Model, opts: &SolveOptions) -> Chosen {
    let pick = |engine: &'static dyn Engine, why| Chosen {
        engine,
        why: Some(why),
    };
    let apart = clique::read(model).ok().map(|p| Apart::of(model, &p));
    if let Some(apart) = apart {
        let deciding = model.objective.is_none();
        if dimensions(model) >= 3 {
            let why = match deciding {
                true => DECIDED_IN_3D,
                false => MAXIMISED_IN_3D,
            };
            return pick(&clique::CLIQUE, why[apart as usize]);
        }
        if deciding && opts.threads() >= 2 {
            return pick(&RACE, DECIDED_IN_2D[apart as usize]);
        }
    }
    if armies::applies(model).is_ok() {
        return pick(
            &armies::ARMIES,
            "two armies kept apart along lines, of equal size, maximised or of a given size",
        );
    }
    if rows::applies(model).is_ok() {
        return pick(
            &rows::ROWS,
            "every row filled to its limit under limits on sets of cells",
        );
    }
    // SAT: which of the two is faster varies from model to model and run
    // to run (the seeds' Q_3(n): Kissat 2.4 s against CaDiCaL's 12 s at
    // n = 19, 5.0 s against 1.4 s at n = 24), so both, when there are two
    // threads; else CaDiCaL's incremental steps for an objective, Kissat
    // for one hard call.
    let engine: &'static dyn Engine = match (opts.threads() >= 2, model.objective.is_some()) {
        (true, _) => &portfolio::PORTFOLIO,
        (false, true) => &portfolio::CADICAL,
        (false, false) => &portfolio::KISSAT,
    };
    pick(
        engine,
        match (&model.objective, apart) {
            (Some(_), Some(apart)) => MAXIMISED_IN_2D[apart as usize],
            (Some(_), None) => "an objective the clique search does not take",
            (None, _) => "a decision the clique search does not take",
        },
    )
}

/// How a model the clique search takes keeps its pieces apart, as the
/// note `c engine: ...` says it: by `rule no_attack`, by other statements
/// that forbid two cells together (`count per row <= 1`), or not at all
/// (points, as in a model of counts alone).
#[derive(Clone, Copy)]
enum Apart {
    NoAttack,
    Pairs,
    Free,
}

impl Apart {
    fn of(model: &Model, problem: &clique::problem::Problem) -> Apart {
        let origins = 0..model.origins.len() as crate::model::OriginId;
        if origins
            .into_iter()
            .any(|o| model.origin_text(o) == "rule no_attack")
        {
            Apart::NoAttack
        } else if problem.conflicts.iter().any(|c| !c.is_empty()) {
            Apart::Pairs
        } else {
            Apart::Free
        }
    }
}

/// Why `auto` picks the clique search for a decision on 3 or more
/// dimensions, by [`Apart`].
const DECIDED_IN_3D: [&str; 3] = [
    "a no_attack count bound on 3 or more dimensions",
    "a count bound on cells that exclude each other in pairs, on 3 or more dimensions",
    "a count bound with no two cells excluding each other, on 3 or more dimensions",
];
/// ... for an objective on 3 or more dimensions.
const MAXIMISED_IN_3D: [&str; 3] = [
    "no_attack maximised on 3 or more dimensions",
    "a count maximised on cells that exclude each other in pairs, on 3 or more dimensions",
    "a count maximised with no two cells excluding each other, on 3 or more dimensions",
];
/// Why `auto` runs the clique search and Kissat side by side.
const DECIDED_IN_2D: [&str; 3] = [
    "a no_attack count bound on 2 dimensions",
    "a count bound on cells that exclude each other in pairs, on 2 dimensions",
    "a count bound with no two cells excluding each other, on 2 dimensions",
];
/// Why `auto` runs SAT on an objective the clique search takes.
const MAXIMISED_IN_2D: [&str; 3] = [
    "no_attack maximised on 2 dimensions: the lines' bound first",
    "a count maximised on cells that exclude each other in pairs, on 2 dimensions: the lines' bound first",
    "a count maximised with no two cells excluding each other, on 2 dimensions: the lines' bound first",
];

/// The number of coordinates of the counted cells (0 when they are not
/// cells of a board).
fn dimensions(model: &Model) -> usize {
    let Some(var) = model
        .objective
        .as_ref()
        .and_then(|o| o.terms.first().map(|&(_, l)| l.var()))
        .or_else(|| (model.n_decisions() > 0).then(|| crate::model::Var::from_dimacs(1)))
    else {
        return 0;
    };
    match model.cells.of(var) {
        Some(Decision::Piece { cell, .. }) => cell.len(),
        _ => 0,
    }
}

/// The clique search and Kissat side by side on two threads; the first
/// to finish answers and stops the other.
pub struct Race;

/// `auto`'s race ([`Race`]).
pub static RACE: Race = Race;

impl Engine for Race {
    fn name(&self) -> &'static str {
        "clique and kissat side by side"
    }

    fn title(&self) -> &'static str {
        "embedded clique search and Kissat, side by side"
    }

    fn runs_sat(&self) -> bool {
        true
    }

    fn refutes(&self) -> Option<&'static dyn crate::proof::Refutes> {
        clique::CLIQUE.refutes()
    }

    fn takes(&self, model: &Model) -> Result<()> {
        clique::applies(model)
    }

    fn lists(&self, _model: &Model, _at_optimum: bool) -> bool {
        false
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
        race(model, opts, report)
    }
}

/// What an engine of the race tells the calling thread.
enum Event {
    Note(String),
    Better(i64),
    Done(usize, Result<Answer>),
}

/// A report that sends to the calling thread.
struct Relay(mpsc::Sender<Event>);

impl Report for Relay {
    fn improved(&mut self, value: i64) {
        let _ = self.0.send(Event::Better(value));
    }

    fn note(&mut self, text: &str) {
        let _ = self.0.send(Event::Note(text.to_string()));
    }
}

/// The nodes the clique search is given alone, on one thread, before the
/// race: what it settles within them (the eight queens: 13 nodes) gets the
/// same answer on every run; a few tenths of a second where it does not.
const FIRST_TRY_NODES: u64 = 20_000;

/// The clique search alone for its first nodes (a deterministic answer
/// for the easy models), then the clique search (on all threads but one)
/// and Kissat, each on a thread of its own: the first that finishes
/// answers and stops the other; stopped both (the deadline, a stop), the
/// better answer.
fn race(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    if let Some(answer) = clique::solve_within(model, opts, FIRST_TRY_NODES, report)? {
        return Ok(answer);
    }
    let engines: [&dyn Engine; 2] = [&clique::CLIQUE, &portfolio::KISSAT];
    let stops = [
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    ];
    let (tx, rx) = mpsc::channel();
    let mut results: [Option<Result<Answer>>; 2] = [None, None];
    let mut winner = None;
    let jobs = engines
        .iter()
        .enumerate()
        .map(|(i, &engine)| {
            let engine_opts = SolveOptions {
                cancel: Some(Arc::clone(&stops[i])),
                threads: Some(opts.threads().saturating_sub(1).max(1)),
                ..opts.clone()
            };
            let tx = tx.clone();
            Job::new(engine.name(), move || {
                let mut relay = Relay(tx.clone());
                let result = engine.solve(model, &engine_opts, &mut relay);
                let _ = tx.send(Event::Done(i, result));
            })
        })
        .collect();
    drop(tx);
    side_by_side(DEEP_STACK, jobs, || {
        let mut best: Option<i64> = None;
        loop {
            let event = match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => {
                    if opts
                        .cancel
                        .as_ref()
                        .is_some_and(|c| c.load(Ordering::Relaxed))
                    {
                        stops.iter().for_each(|s| s.store(true, Ordering::Relaxed));
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            match event {
                Event::Note(text) => report.note(&text),
                Event::Better(value) => {
                    if best.is_none_or(|b| value > b) {
                        best = Some(value);
                        report.improved(value);
                    }
                }
                Event::Done(i, result) => {
                    let finished = matches!(
                        &result,
                        Ok(a) if matches!(a.status, Status::Optimal | Status::Satisfiable | Status::Unsatisfiable)
                    );
                    if finished && winner.is_none() {
                        winner = Some(i);
                        report.note(&format!("{} finished first", engines[i].name()));
                        stops.iter().for_each(|s| s.store(true, Ordering::Relaxed));
                    }
                    results[i] = Some(result);
                }
            }
        }
    });
    if let Some(i) = winner {
        return results[i].take().expect("the winner answered");
    }
    // Both stopped: an error first, else the better answer.
    let [a, b] = results.map(|r| r.expect("every engine answers"));
    let (a, b) = (a?, b?);
    let rank = |x: &Answer| (x.values.is_some(), x.objective.unwrap_or(i64::MIN));
    Ok(if rank(&b) > rank(&a) { b } else { a })
}
