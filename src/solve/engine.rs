//! The engines qspec embeds, behind one trait ([`Engine`]): CaDiCaL,
//! Kissat and both as a portfolio ([`super::portfolio`]), the clique search
//! ([`super::clique`]), the row search ([`super::rows`]), and the clique
//! search and Kissat side by side ([`super::auto`]), handed out in one
//! place ([`super::registry`]).
//!
//! Everything a caller needs to know about an engine is asked of it — its
//! name, whether it runs a SAT solver, whether it takes the model,
//! whether it lists solutions itself, cuts its search into parts or
//! proves its claims with a search of its own — so that no caller
//! matches on engines.

use std::fmt;

use super::every::Every;
use super::interface::{Answer, Report, SolveOptions};
use super::oracle::Stop;
use super::parts::Cuts;
use crate::error::Result;
use crate::language::Spec;
use crate::model::Model;
use crate::proof::Refutes;

/// An engine: what it is called, what it takes, and the solve.
pub trait Engine: Sync {
    /// Its name, as `--engine` takes it and the notes say it: `clique`.
    fn name(&self) -> &'static str;
    /// What the first comment line of `qspec solve` calls it: `embedded
    /// CaDiCaL`.
    fn title(&self) -> &'static str;
    /// Whether it searches the model's clauses with a SAT solver (so the
    /// encodings in force matter, and are said).
    fn runs_sat(&self) -> bool;
    /// What it refuses for certain, read from the checked spec before the
    /// model is built (the model, once built, decides the rest:
    /// [`Engine::takes`]): a request it cannot serve is refused in
    /// milliseconds, whatever the board.
    fn refuses_spec(&self, _spec: &Spec) -> Result<()> {
        Ok(())
    }
    /// Whether it takes `model`: `Err` says why not and what to use.
    fn takes(&self, model: &Model) -> Result<()>;
    /// Whether it lists every solution of `model` itself (at the optimum
    /// when `at_optimum`) for `qspec count` ([`Engine::every`]); else
    /// CaDiCaL lists them.
    fn lists(&self, model: &Model, at_optimum: bool) -> bool;
    /// What the notes of `qspec count` call it when it lists: `the clique
    /// search`.
    fn lister(&self) -> &'static str {
        self.name()
    }
    /// Why it does not list `model`'s solutions when it was asked for by
    /// name (`--engine clique` on a model it does not take): a note said
    /// before CaDiCaL lists them instead. `None`: nothing to say.
    fn why_not_listed(&self, _model: &Model) -> Option<String> {
        None
    }
    /// Every solution of `model` (whose count is already fixed), one
    /// member of each class under the symmetries it answers with, on
    /// `threads` threads until `stop`, telling `searched` its nodes so far;
    /// past `keep` classes it stops ([`Every::overflowed`]). `None` when it
    /// does not list the model's solutions itself.
    fn every(
        &self,
        _model: &Model,
        _threads: usize,
        _stop: &Stop,
        _searched: &mut dyn FnMut(u64),
        _keep: usize,
    ) -> Option<Every> {
        None
    }
    /// Its search cut into parts for other processes (`--split`), when it
    /// can be.
    fn cuts(&self) -> Option<&'static dyn Cuts> {
        None
    }
    /// Its own proof search for the claims its answers make
    /// (`--certify=model`), when it has one: else CaDiCaL's proof of the
    /// claim is the certificate.
    fn refutes(&self) -> Option<&'static dyn Refutes> {
        None
    }
    /// Solves `model`, reporting every better objective value as it is
    /// found.
    fn solve(&self, model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer>;
}

/// The engine for a model, and why when `auto` picked it.
#[derive(Clone, Copy)]
pub struct Chosen {
    /// The engine.
    pub engine: &'static dyn Engine,
    /// Why `auto` picked it, in a few words (`None`: it was named).
    pub why: Option<&'static str>,
}

impl Chosen {
    /// `engine`, named by the user.
    pub fn named(engine: &'static dyn Engine) -> Chosen {
        Chosen { engine, why: None }
    }
}

impl fmt::Display for Chosen {
    /// `clique (no_attack maximised on 3 or more dimensions)`: the note
    /// `c engine: ...` says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.why {
            Some(why) => write!(f, "{} ({why})", self.engine.name()),
            None => f.write_str(self.engine.name()),
        }
    }
}
