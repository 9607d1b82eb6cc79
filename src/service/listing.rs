//! Who lists a model's solutions, decided once for the command line and
//! the Python package: the engine asked for (or auto's pick), where it
//! lists this model's solutions itself (the clique search, the row
//! search), else the embedded CaDiCaL. The group whose classes are counted
//! is settled with that choice, since an engine that lists takes larger
//! groups than CaDiCaL's lex-leader constraints do, so a group too large is
//! refused before any search.

use std::borrow::Cow;

use crate::board::orbit::Orbits;
use crate::count::{self, Solutions};
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::language::Spec;
use crate::lower::GROUP_LIMIT;
use crate::options::Setting;
use crate::solve::{Engine, SolveOptions, Stop};

/// Who lists the solutions of one model, and the classes they are counted
/// in.
#[derive(Clone)]
pub struct Lister {
    /// The engine that lists them itself (else CaDiCaL).
    engine: Option<&'static dyn Engine>,
    /// The engine `--engine` named, if any (to say why it does not list).
    asked: Option<&'static dyn Engine>,
    classes: Option<Orbits>,
}

impl std::fmt::Debug for Lister {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lister")
            .field("engine", &self.engine.map(|e| e.name()))
            .field("asked", &self.asked.map(|e| e.name()))
            .field("classes", &self.classes)
            .finish()
    }
}

/// The solutions a [`Lister`] hands out, with what a reader should be
/// told about how they are found (a fallback from the clique search to
/// CaDiCaL, and why).
pub struct Listed<'a> {
    /// The solutions, one at a time, each verified.
    pub solutions: Solutions<'a>,
    /// Notes on who lists them, one sentence each.
    pub notes: Vec<String>,
}

impl Lister {
    /// Who lists the solutions of `instance` run with `opts` (at its
    /// optimum when `optimal`), and the group whose classes are counted
    /// when `up_to_symmetry` is asked (or the model's own `hint
    /// break_symmetry` implies one): an error when that group is too large
    /// for whoever lists.
    pub fn new(
        instance: &Instance,
        opts: &SolveOptions,
        optimal: bool,
        up_to_symmetry: bool,
    ) -> Result<Lister> {
        let engine = count::lister_for(&instance.model, opts, optimal);
        Ok(Lister {
            engine,
            asked: crate::solve::named(opts.engine),
            classes: count::classes_for(instance, up_to_symmetry, engine.is_some())?,
        })
    }

    /// What lists the solutions, when an engine does it itself (`the
    /// clique search`, `the row search`); `None`: CaDiCaL.
    pub fn by_engine(&self) -> Option<&'static str> {
        self.engine.map(|e| e.lister())
    }

    /// The proof search of the engine that lists, if it has one (for
    /// `count --certify`).
    pub fn refutes(&self) -> Option<&'static dyn crate::proof::Refutes> {
        self.engine.and_then(|e| e.refutes())
    }

    /// The group whose classes are counted, if any.
    pub fn classes(&self) -> Option<&Orbits> {
        self.classes.as_ref()
    }

    /// The solutions of `instance` at `optimum` (when given), up to
    /// `limit` of them, until `stop`: by the engine when it lists them
    /// (telling `searched` its nodes so far), else by CaDiCaL, with a
    /// note where the clique search was asked for or an engine gave up.
    pub fn list<'a>(
        &self,
        instance: Cow<'a, Instance>,
        optimum: Option<i64>,
        limit: Option<u64>,
        stop: &Stop,
        opts: &SolveOptions,
        searched: &mut dyn FnMut(u64),
    ) -> Result<Listed<'a>> {
        let threads = opts.threads();
        let mut notes = Vec::new();
        if let Some(engine) = self.engine {
            let found = Solutions::by_engine(
                engine,
                instance.clone(),
                optimum,
                self.classes.clone(),
                limit,
                stop,
                threads,
                searched,
            )?;
            if let Some(solutions) = found {
                return Ok(Listed { solutions, notes });
            }
            notes.push(format!(
                "{} found more than {} classes, more than it keeps at once: every solution with the embedded CaDiCaL, one at a time",
                engine.lister(),
                crate::solve::every::COLLECT_LIMIT
            ));
        } else if let Some((asked, why)) = self
            .asked
            .and_then(|e| Some((e, e.why_not_listed(&instance.model)?)))
        {
            notes.push(format!(
                "{} does not list this model's solutions, so the embedded CaDiCaL does ({why})",
                asked.lister()
            ));
        }
        self.refuse_large_groups()?;
        let solutions = Solutions::listing(
            instance,
            optimum,
            self.classes.clone(),
            &opts.encodings,
            limit,
            stop,
            threads,
        )?;
        Ok(Listed { solutions, notes })
    }

    /// CaDiCaL lists one solution per class under a lex-leader constraint
    /// per symmetry, so only groups of at most [`GROUP_LIMIT`] elements.
    fn refuse_large_groups(&self) -> Result<()> {
        match &self.classes {
            Some(orbits) if orbits.order() as u128 > GROUP_LIMIT => Err(Error::unsupported(format!(
                "{}: the board's symmetry group has more than {GROUP_LIMIT} elements, too many for CaDiCaL's listing of one solution per class",
                Setting::UpToSymmetry.mark()
            ))),
            _ => Ok(()),
        }
    }
}

/// Counting at the optimum needs an objective: an error naming the model
/// when `spec` has none.
pub fn needs_objective(spec: &Spec) -> Result<()> {
    if spec.objective.is_some() {
        return Ok(());
    }
    Err(Error::unsupported_with_help(
        format!(
            "{} counts the solutions at the optimum, but {} has no objective",
            Setting::Optimal.mark(),
            spec.file
        ),
        format!(
            "add `maximize count`, `minimize count` or `minimize walls` to the model, or count without {}",
            Setting::Optimal.mark()
        ),
    ))
}
