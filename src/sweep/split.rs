//! One search cut into parts as the tasks of a sweep (`qspec solve MODEL
//! --split K`), whichever engine cut it ([`crate::solve::parts`]). Each
//! task holds one part, a run of leaves of the search ([`Split`]); `sweep run`
//! searches each leaf as one instance (one result line each, so that a
//! killed task resumes at its first leaf not done), and `sweep merge`
//! joins the leaves of an instance ([`Joined`]): the best value found in
//! any, and "none" or "optimal" only when every leaf of the plan is there
//! and says so.
//!
//! ```text
//! {"task":3,"model":"q.qspec",...,"parts":[{"defines":{"n":7},"split":{"first":40,"leaves":517,"cells":343,"pairs":8673,"symmetries":48,"nodes":[{"chosen":[171,3],"candidates":"00ff...","estimate":5120}]}}],"source":"..."}
//! {"task":0,"model":"p.qspec",...,"parts":[{"defines":{"n":16},"split":{"search":"armies","first":0,"leaves":1040,"cells":256,"lines":77,"symmetries":16,"depth":13,"colourings":[8191,8175]}}],"source":"..."}
//! ```

use std::collections::BTreeMap;

use super::json::Object;
use super::line::Line;
use super::{Options, Part};
use crate::error::{Error, Result};
use crate::solve::parts::{same_leaves, Cutting, Leaves};
use crate::solve::Status;

/// A part of a plan: leaves `first..first + len()` of `leaves`.
#[derive(Debug)]
pub struct Split {
    /// The index of its first leaf in the plan.
    pub first: usize,
    /// The leaves of the whole plan.
    pub leaves: usize,
    /// The search prunes without the board's symmetries.
    pub no_symmetry: bool,
    /// Its leaves, of the search that cut them.
    pub cut: Box<dyn Leaves>,
}

impl Clone for Split {
    fn clone(&self) -> Split {
        Split {
            cut: self.cut.boxed(),
            ..*self
        }
    }
}

impl PartialEq for Split {
    fn eq(&self, other: &Split) -> bool {
        (self.first, self.leaves, self.no_symmetry)
            == (other.first, other.leaves, other.no_symmetry)
            && same_leaves(self.cut.as_ref(), other.cut.as_ref())
    }
}

impl Eq for Split {}

/// The tasks of one search cut into `splits`, for the model `name` (text
/// `source`) with `defines`: one per part.
pub fn tasks(
    splits: Vec<Split>,
    name: &str,
    source: &str,
    defines: &[(String, i64)],
    auto_hints: bool,
) -> Vec<super::Task> {
    splits
        .into_iter()
        .enumerate()
        .map(|(index, split)| super::Task {
            index,
            model: name.to_string(),
            source: source.to_string(),
            options: Options {
                symmetry: false,
                optimal_count: None,
            },
            auto_hints,
            parts: vec![Part {
                defines: defines.to_vec(),
                walls: None,
                range: None,
                split: Some(split),
            }],
        })
        .collect()
}

impl Split {
    /// The parts of a search's plan.
    pub fn of(cutting: Cutting, no_symmetry: bool) -> Vec<Split> {
        let leaves = cutting.leaves;
        cutting
            .parts
            .into_iter()
            .map(|(first, cut)| Split {
                first,
                leaves,
                no_symmetry,
                cut,
            })
            .collect()
    }

    /// Its leaves.
    pub fn len(&self) -> usize {
        self.cut.len()
    }

    /// Whether it has no leaves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its JSON (an object, no newline).
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        if let Some(search) = self.cut.search() {
            out.push_str(&format!("\"search\":\"{search}\","));
        }
        out.push_str(&format!(
            "\"first\":{},\"leaves\":{}",
            self.first, self.leaves
        ));
        self.cut.write_fields(self.no_symmetry, &mut out);
        out.push('}');
        out
    }

    /// The split written by [`Split::to_json`], read by the search that
    /// cut it.
    pub fn parse(o: &Object) -> std::result::Result<Split, String> {
        let size = |key: &str| -> std::result::Result<usize, String> {
            usize::try_from(o.uint(key)?).map_err(|_| format!("`{key}` is too large"))
        };
        let named = match o.has("search") {
            true => Some(o.str("search")?),
            false => None,
        };
        let cutters = crate::solve::cutters();
        let Some(cutter) = cutters.iter().find(|c| c.search() == named) else {
            let known: Vec<String> = cutters
                .iter()
                .filter_map(|c| c.search())
                .map(|s| format!("\"{s}\""))
                .collect();
            return Err(format!(
                "`search` is \"{}\", not {}",
                named.unwrap_or_default(),
                known.join(" or ")
            ));
        };
        let split = Split {
            first: size("first")?,
            leaves: size("leaves")?,
            no_symmetry: o.has("no_symmetry") && o.bool("no_symmetry")?,
            cut: cutter.read(o)?,
        };
        if split.first + split.len() > split.leaves {
            return Err("its leaves go past `leaves`".to_string());
        }
        Ok(split)
    }
}

/// The leaves of instances cut into parts, read so far, to join into one
/// line per instance.
#[derive(Debug, Default)]
pub struct Joined {
    instances: BTreeMap<Vec<(String, i64)>, LeafLines>,
}

#[derive(Debug, Default)]
struct LeafLines {
    total: usize,
    lines: BTreeMap<usize, Line>,
}

impl Joined {
    /// Takes `line`, a leaf's result; an error if the leaf was read before
    /// or belongs to a plan of another size.
    pub fn add(&mut self, line: &Line) -> Result<()> {
        let (leaf, total) = line.leaf.expect("a leaf's line");
        let mut defines = line.defines.clone();
        defines.sort();
        let leaves = self.instances.entry(defines).or_default();
        if leaves.total != 0 && leaves.total != total {
            return Err(Error::usage(format!(
                "leaves of plans of {} and of {total} leaves for the same instance",
                leaves.total
            )));
        }
        leaves.total = total;
        if leaves.lines.insert(leaf, line.clone()).is_some() {
            return Err(Error::usage(format!(
                "leaf {leaf} of an instance is in the results twice (overlapping result files?)"
            )));
        }
        Ok(())
    }

    /// One line per instance: the best set of its leaves (the earliest
    /// leaf's among equals); solved ("optimal", "none") only when every
    /// leaf is there and solved.
    pub fn lines(self) -> Vec<Line> {
        self.instances
            .into_values()
            .map(|leaves| {
                let complete = leaves.lines.len() == leaves.total
                    && leaves.lines.values().all(|l| l.status.is_final());
                let searched = leaves.lines.values().filter_map(|l| l.searched).sum();
                let found = leaves.lines.values().filter(|l| l.solution.is_some()).fold(
                    None::<&Line>,
                    |best, l| match best {
                        Some(b) if b.value >= l.value => Some(b),
                        _ => Some(l),
                    },
                );
                let first = leaves.lines.values().next().expect("a leaf was read");
                let deciding = first.value.is_none() && found.is_none_or(|f| f.value.is_none());
                let status = match (found, complete, deciding) {
                    (Some(_), _, true) => Status::Satisfiable,
                    (Some(_), true, false) => Status::Optimal,
                    (Some(_), false, false) => Status::Feasible,
                    (None, true, _) => Status::Unsatisfiable,
                    (None, false, _) => Status::Unknown,
                };
                Line {
                    defines: first.defines.clone(),
                    walls: None,
                    class_size: None,
                    status,
                    value: found.and_then(|f| f.value),
                    optimal_count: None,
                    solution: found.and_then(|f| f.solution.clone()),
                    leaf: None,
                    searched: Some(searched),
                }
            })
            .collect()
    }
}
