//! The armies search cut into parts for other processes (`qspec solve
//! MODEL --split K`, as the tasks of a sweep): the leaves are the
//! colourings of the first lines at which both armies may still reach the
//! size searched for ([`plan`]), each searched on its own from there
//! ([`solve_leaf`]). A leaf is searched as the whole search would search
//! below it, so "none" in every leaf is "none" for the model, and the
//! largest armies of the leaves are the model's.
//!
//! The leaves are dealt out in turn (leaf `i` of the search's order to
//! part `i mod K`), so each part is a sample of the whole search: the
//! search's cost is uneven along its order, and a part of neighbouring
//! leaves would hold one region's. Timing one part and multiplying by `K`
//! estimates the whole.

use super::run::Start;
use super::search::{Plan, Walker};
use crate::diag::plural;
use crate::draw::json::Object;
use crate::error::{Error, Result};
use crate::model::Model;
use crate::solve::interface::{Answer, SolveOptions};
use crate::solve::parts::{Cuts, Cutting, Leaves, Opened};

/// The most leaves a plan makes per part (the leaves are the colourings
/// of the first lines, so they come in steps of about 2).
const LEAVES_PER_PART: usize = 16;

/// The most lines a plan colours: the leaves are numbers of that many
/// bits, and a leaf of fewer lines is split out on its own threads.
const MOST_DEPTH: usize = 40;

/// What a plan was made for, checked before a part is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// The board's cells.
    pub cells: usize,
    /// The lines the search colours one by one.
    pub lines: usize,
    /// The symmetries of the lex-leader test, the identity counted.
    pub symmetries: usize,
}

/// The armies search cut into parts.
#[derive(Clone, Debug)]
pub struct Cut {
    /// The lines each leaf colours.
    pub depth: usize,
    /// The leaves, each the colours of the first `depth` lines (line 0 the
    /// highest bit), part after part.
    pub leaves: Vec<u64>,
    /// Each part's leaves.
    pub parts: Vec<std::ops::Range<usize>>,
    /// What the plan was made for.
    pub fingerprint: Fingerprint,
}

pub use super::Setup;

impl Setup {
    /// What a plan of this model is made for.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            cells: self.problem.n_cells(),
            lines: self.plan.n_lines(),
            symmetries: self.plan.group_order(),
        }
    }

    /// `Err` unless a plan made for `fingerprint` fits this model.
    pub fn check(&self, fingerprint: Fingerprint) -> Result<()> {
        let made_for = self.fingerprint();
        if made_for == fingerprint {
            return Ok(());
        }
        Err(Error::usage(format!(
            "the plan was made for another armies search ({} cells, {} lines, {} symmetries) than this model's ({} cells, {} lines, {} symmetries)",
            fingerprint.cells, fingerprint.lines, fingerprint.symmetries,
            made_for.cells, made_for.lines, made_for.symmetries
        )))
    }
}

/// The armies search of `model` cut into at least `parts` parts: the
/// colourings of the first lines that may reach the size, of the fewest
/// lines that give [`LEAVES_PER_PART`] leaves a part.
pub fn plan(model: &Model, no_symmetry: bool, parts: usize) -> Result<Cut> {
    let setup = Setup::new(model, no_symmetry)?;
    let parts = parts.max(1);
    let target = setup.problem.size.unwrap_or(1);
    let most = setup.plan.n_lines().min(MOST_DEPTH);
    let mut depth = 0;
    let mut leaves = vec![0u64];
    while leaves.len() < LEAVES_PER_PART * parts && depth < most {
        depth += 1;
        leaves = viable_at(&setup.plan, depth, target);
    }
    if leaves.is_empty() {
        return Err(Error::usage(format!(
            "the armies search needs no split: no colouring of the first {depth} lines lets both armies reach {target}, so there are none (`qspec solve` says so)"
        )));
    }
    let parts = parts.min(leaves.len());
    let mut dealt = Vec::with_capacity(leaves.len());
    let mut ranges = Vec::with_capacity(parts);
    for part in 0..parts {
        let first = dealt.len();
        dealt.extend(leaves.iter().skip(part).step_by(parts));
        ranges.push(first..dealt.len());
    }
    Ok(Cut {
        depth,
        leaves: dealt,
        parts: ranges,
        fingerprint: setup.fingerprint(),
    })
}

/// The colourings of the first `depth` lines, in the search's order, at
/// which both armies may still reach `target`.
fn viable_at(plan: &Plan, depth: usize, target: u32) -> Vec<u64> {
    fn go(
        walker: &mut Walker,
        at: usize,
        depth: usize,
        target: u32,
        colours: u64,
        out: &mut Vec<u64>,
    ) {
        if at == depth {
            out.push(colours);
            return;
        }
        for first in [true, false] {
            let mark = walker.trail.len();
            walker.colour(at, first);
            if walker.viable(at + 1, target) {
                go(
                    walker,
                    at + 1,
                    depth,
                    target,
                    colours << 1 | u64::from(first),
                    out,
                );
            }
            walker.undo(mark);
        }
    }
    let mut walker = Walker::new(plan);
    let mut out = Vec::new();
    if walker.reach(target) {
        go(&mut walker, 0, depth, target, 0, &mut out);
    }
    out
}

/// Searches the leaf `colours` (of a plan of `setup` checked by
/// [`Setup::check`], `depth` lines): the largest armies below it, or armies
/// of the size the model fixes, or none; and the nodes it took.
pub fn solve_leaf(
    setup: &Setup,
    model: &Model,
    opts: &SolveOptions,
    depth: usize,
    colours: u64,
) -> Result<(Answer, u64)> {
    if depth > setup.plan.n_lines().min(MOST_DEPTH) || (depth < 64 && colours >> depth != 0) {
        return Err(Error::usage("a leaf of the plan does not fit the model"));
    }
    let outcome = setup.search(Start { colours, depth }, opts);
    Ok((setup.answer(model, opts, &outcome)?, outcome.nodes))
}

/// The armies search's capability of being cut into parts
/// ([`crate::solve::parts`]): a part's leaves are colourings of the first
/// `depth` lines, named `"search":"armies"` in a task's JSON.
pub struct ArmiesCuts;

impl Cuts for ArmiesCuts {
    fn search(&self) -> Option<&'static str> {
        Some("armies")
    }

    fn cut(
        &self,
        model: &Model,
        no_symmetry: bool,
        parts: usize,
        _threads: usize,
    ) -> Result<Cutting> {
        let started = std::time::Instant::now();
        let cut = plan(model, no_symmetry, parts)?;
        let part = |range: &std::ops::Range<usize>| -> (usize, Box<dyn Leaves>) {
            let leaves = Colourings {
                fingerprint: cut.fingerprint,
                depth: cut.depth,
                colourings: cut.leaves[range.clone()].to_vec(),
            };
            (range.start, Box::new(leaves))
        };
        let note = format!(
            "c split: {} of {} (the colourings of the first {} that may reach the size) in {:.2} s; leaf i goes to part i mod {}, so each part samples the whole search: one part's time times {} estimates it",
            plural(cut.parts.len() as u64, "part", "parts"),
            plural(cut.leaves.len() as u64, "leaf", "leaves"),
            plural(cut.depth as u64, "line", "lines"),
            started.elapsed().as_secs_f64(),
            cut.parts.len(),
            cut.parts.len(),
        );
        Ok(Cutting {
            parts: cut.parts.iter().map(part).collect(),
            leaves: cut.leaves.len(),
            notes: vec![note],
        })
    }

    fn read(&self, o: &Object) -> std::result::Result<Box<dyn Leaves>, String> {
        let size = |key: &str| -> std::result::Result<usize, String> {
            usize::try_from(o.uint(key)?).map_err(|_| format!("`{key}` is too large"))
        };
        Ok(Box::new(Colourings {
            fingerprint: Fingerprint {
                cells: size("cells")?,
                lines: size("lines")?,
                symmetries: size("symmetries")?,
            },
            depth: size("depth")?,
            colourings: o.uints("colourings")?,
        }))
    }
}

/// A part's colourings of the first lines of the armies search.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Colourings {
    /// What the plan was made for.
    fingerprint: Fingerprint,
    /// The lines each leaf colours.
    depth: usize,
    /// The leaves, line 0 the highest bit.
    colourings: Vec<u64>,
}

impl Leaves for Colourings {
    fn search(&self) -> Option<&'static str> {
        Some("armies")
    }

    fn len(&self) -> usize {
        self.colourings.len()
    }

    fn write_fields(&self, no_symmetry: bool, out: &mut String) {
        use std::fmt::Write;
        let f = &self.fingerprint;
        let _ = write!(
            out,
            ",\"cells\":{},\"lines\":{},\"symmetries\":{}",
            f.cells, f.lines, f.symmetries
        );
        if no_symmetry {
            out.push_str(",\"no_symmetry\":true");
        }
        let colourings: Vec<String> = self.colourings.iter().map(ToString::to_string).collect();
        let _ = write!(
            out,
            ",\"depth\":{},\"colourings\":[{}]",
            self.depth,
            colourings.join(",")
        );
    }

    fn boxed(&self) -> Box<dyn Leaves> {
        Box::new(self.clone())
    }

    fn open(&self, model: &Model, no_symmetry: bool) -> Result<Box<dyn Opened>> {
        let setup = Setup::new(model, no_symmetry)?;
        setup.check(self.fingerprint)?;
        Ok(Box::new(OpenColourings {
            setup,
            depth: self.depth,
            colourings: self.colourings.clone(),
        }))
    }
}

/// A part's colourings with the model read for the search.
struct OpenColourings {
    setup: Setup,
    depth: usize,
    colourings: Vec<u64>,
}

impl Opened for OpenColourings {
    fn maximises(&self) -> bool {
        self.setup.maximises()
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, index: usize) -> Result<(Answer, u64)> {
        solve_leaf(&self.setup, model, opts, self.depth, self.colourings[index])
    }
}
