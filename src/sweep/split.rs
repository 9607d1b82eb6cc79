//! One search cut into parts as the tasks of a sweep (`qspec solve MODEL
//! --split K`): the clique search's or the armies search's. Each task
//! holds one part, a run of leaves of the search ([`Split`]); `sweep run`
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
use std::fmt::Write;

use super::json::Object;
use super::line::Line;
use super::{Options, Part};
use crate::error::{Error, Result};
use crate::solve::armies::split as armies;
use crate::solve::clique::split::{Fingerprint, Node, Plan};
use crate::solve::Status;

/// A part of a plan: leaves `first..first + len()` of `leaves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The index of its first leaf in the plan.
    pub first: usize,
    /// The leaves of the whole plan.
    pub leaves: usize,
    /// The search prunes without the board's symmetries.
    pub no_symmetry: bool,
    /// Its leaves, of the search they cut.
    pub cut: Cut,
}

/// The leaves of a part, of one search or the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Nodes of the clique search.
    Clique {
        /// What the plan was made for.
        fingerprint: Fingerprint,
        /// The leaves.
        nodes: Vec<Node>,
        /// The nodes the plan estimated for each leaf (exact where its
        /// probe finished; empty in a plan written without them).
        estimates: Vec<u64>,
    },
    /// Colourings of the first lines of the armies search.
    Armies {
        /// What the plan was made for.
        fingerprint: armies::Fingerprint,
        /// The lines each leaf colours.
        depth: usize,
        /// The leaves, line 0 the highest bit.
        colourings: Vec<u64>,
    },
}

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
    /// The parts of the clique search's `plan`.
    pub fn of_clique(plan: &Plan, no_symmetry: bool) -> Vec<Split> {
        let part = |range: &std::ops::Range<usize>| Split {
            first: range.start,
            leaves: plan.nodes.len(),
            no_symmetry,
            cut: Cut::Clique {
                fingerprint: plan.fingerprint,
                nodes: plan.nodes[range.clone()].to_vec(),
                estimates: plan.estimates[range.clone()].to_vec(),
            },
        };
        plan.parts.iter().map(part).collect()
    }

    /// The parts of the armies search's `cut`.
    pub fn of_armies(cut: &armies::Cut, no_symmetry: bool) -> Vec<Split> {
        let part = |range: &std::ops::Range<usize>| Split {
            first: range.start,
            leaves: cut.leaves.len(),
            no_symmetry,
            cut: Cut::Armies {
                fingerprint: cut.fingerprint,
                depth: cut.depth,
                colourings: cut.leaves[range.clone()].to_vec(),
            },
        };
        cut.parts.iter().map(part).collect()
    }

    /// Its leaves.
    pub fn len(&self) -> usize {
        match &self.cut {
            Cut::Clique { nodes, .. } => nodes.len(),
            Cut::Armies { colourings, .. } => colourings.len(),
        }
    }

    /// Whether it has no leaves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its JSON (an object, no newline).
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        if let Cut::Armies { .. } = self.cut {
            out.push_str("\"search\":\"armies\",");
        }
        let _ = write!(out, "\"first\":{},\"leaves\":{}", self.first, self.leaves);
        match &self.cut {
            Cut::Clique {
                fingerprint: f,
                nodes,
                estimates,
            } => {
                let _ = write!(
                    out,
                    ",\"cells\":{},\"pairs\":{},\"symmetries\":{}",
                    f.cells, f.pairs, f.symmetries
                );
                self.no_symmetry_json(&mut out);
                out.push_str(",\"nodes\":[");
                for (i, node) in nodes.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    let chosen: Vec<String> = node.chosen.iter().map(ToString::to_string).collect();
                    let _ = write!(
                        out,
                        "{{\"chosen\":[{}],\"candidates\":\"{}\"",
                        chosen.join(","),
                        hex(&node.candidates)
                    );
                    if let Some(estimate) = estimates.get(i) {
                        let _ = write!(out, ",\"estimate\":{estimate}");
                    }
                    out.push('}');
                }
                out.push(']');
            }
            Cut::Armies {
                fingerprint: f,
                depth,
                colourings,
            } => {
                let _ = write!(
                    out,
                    ",\"cells\":{},\"lines\":{},\"symmetries\":{}",
                    f.cells, f.lines, f.symmetries
                );
                self.no_symmetry_json(&mut out);
                let colourings: Vec<String> = colourings.iter().map(ToString::to_string).collect();
                let _ = write!(
                    out,
                    ",\"depth\":{depth},\"colourings\":[{}]",
                    colourings.join(",")
                );
            }
        }
        out.push('}');
        out
    }

    fn no_symmetry_json(&self, out: &mut String) {
        if self.no_symmetry {
            out.push_str(",\"no_symmetry\":true");
        }
    }

    /// The split written by [`Split::to_json`].
    pub fn parse(o: &Object) -> std::result::Result<Split, String> {
        let size = |key: &str| -> std::result::Result<usize, String> {
            usize::try_from(o.uint(key)?).map_err(|_| format!("`{key}` is too large"))
        };
        let cut = match o.has("search") {
            false => parse_clique(o)?,
            true => match o.str("search")? {
                "armies" => Cut::Armies {
                    fingerprint: armies::Fingerprint {
                        cells: size("cells")?,
                        lines: size("lines")?,
                        symmetries: size("symmetries")?,
                    },
                    depth: size("depth")?,
                    colourings: o.uints("colourings")?,
                },
                other => return Err(format!("`search` is \"{other}\", not \"armies\"")),
            },
        };
        let split = Split {
            first: size("first")?,
            leaves: size("leaves")?,
            no_symmetry: o.has("no_symmetry") && o.bool("no_symmetry")?,
            cut,
        };
        if split.first + split.len() > split.leaves {
            return Err("its leaves go past `leaves`".to_string());
        }
        Ok(split)
    }
}

/// The clique search's leaves, as [`Split::to_json`] wrote them.
fn parse_clique(o: &Object) -> std::result::Result<Cut, String> {
    let size = |key: &str| -> std::result::Result<usize, String> {
        usize::try_from(o.uint(key)?).map_err(|_| format!("`{key}` is too large"))
    };
    let fingerprint = Fingerprint {
        cells: size("cells")?,
        pairs: size("pairs")?,
        symmetries: size("symmetries")?,
    };
    let leaves = o.objects("nodes")?;
    let estimates = if leaves.iter().all(|n| n.has("estimate")) {
        leaves
            .iter()
            .map(|n| n.uint("estimate"))
            .collect::<std::result::Result<Vec<u64>, String>>()?
    } else {
        Vec::new()
    };
    let nodes = leaves
        .iter()
        .map(|n| {
            Ok(Node {
                chosen: n
                    .uints("chosen")?
                    .into_iter()
                    .map(|v| usize::try_from(v).map_err(|_| "a vertex is too large".to_string()))
                    .collect::<std::result::Result<_, String>>()?,
                candidates: unhex(n.str("candidates")?, fingerprint.cells)?,
            })
        })
        .collect::<std::result::Result<Vec<Node>, String>>()?;
    Ok(Cut::Clique {
        fingerprint,
        nodes,
        estimates,
    })
}

/// A set of vertices as hexadecimal digits, the first vertex the lowest
/// bit of the first digit.
fn hex(set: &[u64]) -> String {
    let mut out = String::with_capacity(set.len() * 16);
    for word in set {
        for nibble in 0..16 {
            let digit = (word >> (4 * nibble)) & 0xf;
            out.push(char::from_digit(digit as u32, 16).expect("a nibble is a hex digit"));
        }
    }
    out
}

/// The set [`hex`] wrote, over `n` vertices.
fn unhex(text: &str, n: usize) -> std::result::Result<Vec<u64>, String> {
    let words = n.div_ceil(64);
    if text.len() != words * 16 {
        return Err(format!("`candidates` does not hold {n} vertices"));
    }
    let mut out = vec![0u64; words];
    for (i, c) in text.chars().enumerate() {
        let digit = c
            .to_digit(16)
            .ok_or_else(|| "`candidates` is not hexadecimal".to_string())?;
        out[i / 16] |= u64::from(digit) << (4 * (i % 16));
    }
    Ok(out)
}

/// The leaves of instances cut into parts, read so far, to join into one
/// line per instance.
#[derive(Debug, Default)]
pub struct Joined {
    instances: BTreeMap<Vec<(String, i64)>, Leaves>,
}

#[derive(Debug, Default)]
struct Leaves {
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
