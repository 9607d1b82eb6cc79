//! Counting with an external model counter instead of enumerating: the
//! instance's CNF (with its projection line, `c p show <the board's
//! decision variables> 0`) handed to d4 or Ganak through their Python
//! packages (`pip install d4solver`, `pip install pyganak`; qspec writes
//! its runner `counters.py` into a work directory and runs it with
//! `python3`), the number read back. A counter never lists solutions, so
//! it reaches where enumeration cannot: 8x8 kings without a count bound
//! have 1,355,115,601 solutions.
//!
//! Classes up to symmetry come from Burnside's lemma: the number of
//! classes is the average, over the board's symmetry group, of the number
//! of solutions each symmetry fixes — each a projected count of the model
//! with that symmetry imposed (`hint symmetric g`), the identity's being
//! the number of solutions. With several kinds the group is the board's
//! symmetries times the renamings of interchangeable kinds, and a symmetry
//! fixes a solution when it carries each piece onto a piece of its kind's
//! image.

use std::path::Path;
use std::time::Instant;

use crate::board::symmetry::SignedPerm;
use crate::error::{Error, Result};
use crate::files::TempDir;
use crate::instance::Instance;
use crate::language::{Hint, HintSpec};
use crate::lower::{kind_symmetry_group, symmetry_group, GROUP_LIMIT};
use crate::model::HintKind;
use crate::options::{Encodings, Format, Setting};
use crate::solve::external::run_child;

crate::options::choices! {
    /// A model counter qspec runs.
    pub enum Counter {
        D4 = "d4": "d4 (pip install d4solver): a compiler to d-DNNF, projected on the file's `c p show` line",
        Ganak = "ganak": "Ganak (pip install pyganak): projected counting with the board's variables as its sampling set",
    }
}

/// qspec's runner for the counters (see the module doc).
const RUNNER: &str = include_str!("counters.py");

/// A count by a counter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counted {
    /// The solutions, projected on the board's decision variables.
    pub solutions: u128,
    /// The classes under the group of this order (Burnside), when asked.
    pub classes: Option<(u128, usize)>,
    /// Seconds the counter took in all.
    pub seconds: f64,
}

/// The number of solutions of `instance` (projected on its decision
/// variables) by `counter`, on the CNF with `encodings`.
pub fn count(
    instance: &Instance,
    counter: Counter,
    encodings: &Encodings,
    deadline: Option<Instant>,
) -> Result<u128> {
    let dir = TempDir::new().map_err(Error::no_temporary)?;
    let cnf = dir.path().join("model.cnf");
    crate::files::write_file(&cnf, false, |out| {
        instance
            .write_to(out, Format::Cnf, encodings, &Default::default())
            .map(|_| ())
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))
    })?;
    run(counter, &cnf, dir.path(), deadline)
}

/// Runs the counter on the CNF file `cnf` in `dir`.
fn run(counter: Counter, cnf: &Path, dir: &Path, deadline: Option<Instant>) -> Result<u128> {
    let runner = dir.join("counters.py");
    std::fs::write(&runner, RUNNER).map_err(|e| Error::unwritable("cannot write ", &runner, e))?;
    let (out, err) = (dir.join("count.out"), dir.join("count.err"));
    let argv = [
        "python3".to_string(),
        runner.display().to_string(),
        counter.name().to_string(),
        cnf.display().to_string(),
    ];
    let result = run_child(&argv, &out, &err, deadline, false)?;
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    if result.timed_out {
        return Err(Error::solver(format!(
            "{} was stopped before it finished the count",
            counter.name()
        )));
    }
    if let Some(missing) = stdout.lines().find_map(|l| l.strip_prefix("missing: ")) {
        // Exit 1, as for a solver or a checker that is not installed.
        return Err(Error::Solver {
            message: format!("the model counter {} is not installed", counter.name()),
            detail: Some(format!(
                "  = help: {missing} (qspec runs it through its Python package)"
            )),
        });
    }
    let count = stdout
        .lines()
        .find_map(|l| l.strip_prefix("s mc "))
        .and_then(|n| n.trim().parse::<u128>().ok());
    count.ok_or_else(|| {
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        let last: Vec<&str> = stderr.lines().rev().take(8).collect();
        Error::Solver {
            message: format!("{} gave no count (`s mc N`)", counter.name()),
            detail: Some(last.into_iter().rev().collect::<Vec<_>>().join("\n")),
        }
    })
}

/// The solutions of `instance` and, with `classes`, its classes under the
/// board's symmetry group by Burnside's lemma (a count per symmetry).
pub fn count_classes(
    instance: &Instance,
    counter: Counter,
    encodings: &Encodings,
    classes: bool,
    deadline: Option<Instant>,
) -> Result<Counted> {
    let started = Instant::now();
    let solutions = count(instance, counter, encodings, deadline)?;
    let classes = if classes {
        Some(burnside(instance, counter, encodings, solutions, deadline)?)
    } else {
        None
    };
    Ok(Counted {
        solutions,
        classes,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The classes of `instance`'s solutions (there are `solutions`) under the
/// board's group, and the group's order: the average of the solutions each
/// symmetry fixes.
fn burnside(
    instance: &Instance,
    counter: Counter,
    encodings: &Encodings,
    solutions: u128,
    deadline: Option<Instant>,
) -> Result<(u128, usize)> {
    let fixing = fixing_hints(instance)?;
    let mut fixed = solutions;
    for hint in &fixing {
        let mut spec = instance.spec.clone();
        spec.hints.push(hint.clone());
        let invariant = instance.with_spec(spec)?;
        fixed += count(&invariant, counter, encodings, deadline)?;
    }
    let order = fixing.len() as u128 + 1;
    if !fixed.is_multiple_of(order) {
        return Err(Error::internal(format!(
            "Burnside's sum of fixed solutions, {fixed}, is no multiple of the group's order {order}: the counts disagree with each other"
        )));
    }
    Ok((fixed / order, fixing.len() + 1))
}

/// A hint for each symmetry of the group but the identity, keeping the
/// solutions it fixes.
fn fixing_hints(instance: &Instance) -> Result<Vec<Hint>> {
    if !instance.spec.has_kinds() {
        let group = group_of(instance)?;
        return Ok(group
            .into_iter()
            .filter(|g| !g.is_identity())
            .map(|g| Hint {
                text: format!("hint symmetric {} (Burnside)", g.name()),
                kind: HintSpec::Symmetric(vec![g]),
            })
            .collect());
    }
    one_per_class(instance)?;
    let group = kind_symmetry_group(&instance.spec, &instance.board, GROUP_LIMIT)
        .map_err(|_| too_large("the group of the board's symmetries and the kinds' renamings"))?;
    Ok(group
        .into_iter()
        .filter(|g| !g.is_identity())
        .map(|g| Hint {
            text: format!(
                "hint symmetric {} renaming kinds {:?} (Burnside)",
                g.board.name(),
                g.kinds
            ),
            kind: HintSpec::SymmetricKinds {
                board: g.board,
                kinds: g.kinds,
            },
        })
        .collect())
}

/// The board's symmetry group, when Burnside's lemma applies: a group that
/// can be listed, and a solution set closed under it (no hint that keeps
/// one solution per class).
fn group_of(instance: &Instance) -> Result<Vec<SignedPerm>> {
    one_per_class(instance)?;
    symmetry_group(&instance.spec, &instance.board)
        .map_err(|_| too_large("the board's symmetry group"))
}

/// Refuses a model whose hint keeps one solution per class: Burnside's
/// lemma needs every solution.
fn one_per_class(instance: &Instance) -> Result<()> {
    if let Some(h) = instance
        .model
        .hints
        .iter()
        .find(|h| matches!(h.kind, HintKind::OnePerClass(_)))
    {
        return Err(Error::unsupported(format!(
            "classes by Burnside's lemma need every solution, and `{}` keeps one per class",
            h.hint
        )));
    }
    Ok(())
}

/// The refusal of a group too large to list.
fn too_large(what: &str) -> Error {
    Error::unsupported(format!(
        "{}: {what} has more than {GROUP_LIMIT} elements, too many for Burnside's lemma",
        Setting::UpToSymmetry.mark()
    ))
}
