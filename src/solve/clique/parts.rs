//! The clique search cut into parts ([`crate::solve::parts`]): a plan's
//! nodes ([`super::split::plan`]) dealt out as the leaves of parts, written
//! to a task's JSON and read back, and searched one by one
//! ([`super::split::solve_node`]).
//!
//! ```text
//! "split":{"first":40,"leaves":517,"cells":343,"pairs":8673,"symmetries":48,"nodes":[{"chosen":[171,3],"candidates":"00ff...","estimate":5120}]}
//! ```

use std::fmt::Write;
use std::time::Instant;

use super::setup::Setup;
use super::split::{check, plan, solve_node, Fingerprint, Node};
use crate::diag::plural;
use crate::draw::json::Object;
use crate::error::Result;
use crate::model::Model;
use crate::solve::interface::{Answer, SolveOptions};
use crate::solve::parts::{Cuts, Cutting, Leaves, Opened};

/// The clique search's capability of being cut into parts.
pub struct CliqueCuts;

impl Cuts for CliqueCuts {
    fn search(&self) -> Option<&'static str> {
        None
    }

    fn cut(
        &self,
        model: &Model,
        no_symmetry: bool,
        parts: usize,
        threads: usize,
    ) -> Result<Cutting> {
        super::applies(model)?;
        let started = Instant::now();
        let plan = plan(model, no_symmetry, parts, threads)?;
        let part = |range: &std::ops::Range<usize>| -> (usize, Box<dyn Leaves>) {
            let leaves = CliqueLeaves {
                fingerprint: plan.fingerprint,
                nodes: plan.nodes[range.clone()].to_vec(),
                estimates: plan.estimates[range.clone()].to_vec(),
            };
            (range.start, Box::new(leaves))
        };
        let mut sizes: Vec<u64> = plan
            .parts
            .iter()
            .map(|r| plan.estimates[r.clone()].iter().sum())
            .collect();
        sizes.sort_unstable();
        let total: u64 = sizes.iter().sum();
        let mut notes = vec![format!(
            "c split: {} of {} in {:.2} s; estimated nodes {total} in all, per part {} to {} (median {})",
            plural(plan.parts.len() as u64, "part", "parts"),
            plural(plan.nodes.len() as u64, "leaf", "leaves"),
            started.elapsed().as_secs_f64(),
            sizes.first().copied().unwrap_or(0),
            sizes.last().copied().unwrap_or(0),
            sizes[sizes.len() / 2],
        )];
        if let Some(rate) = plan.rate {
            notes.push(format!(
                "c split: some {} of work (at the probes' {:.0} nodes a second a thread; estimates run low: (7,3) and (8,3) took 1.2 and 1.3 times theirs)",
                work(total as f64 / rate),
                rate
            ));
        }
        Ok(Cutting {
            parts: plan.parts.iter().map(part).collect(),
            leaves: plan.nodes.len(),
            notes,
        })
    }

    fn read(&self, o: &Object) -> std::result::Result<Box<dyn Leaves>, String> {
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
                        .map(|v| {
                            usize::try_from(v).map_err(|_| "a vertex is too large".to_string())
                        })
                        .collect::<std::result::Result<_, String>>()?,
                    candidates: unhex(n.str("candidates")?, fingerprint.cells)?,
                })
            })
            .collect::<std::result::Result<Vec<Node>, String>>()?;
        Ok(Box::new(CliqueLeaves {
            fingerprint,
            nodes,
            estimates,
        }))
    }
}

/// A part's nodes of the clique search.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CliqueLeaves {
    /// What the plan was made for.
    fingerprint: Fingerprint,
    /// The leaves.
    nodes: Vec<Node>,
    /// The nodes the plan estimated for each leaf (exact where its probe
    /// finished; empty in a plan written without them).
    estimates: Vec<u64>,
}

impl Leaves for CliqueLeaves {
    fn search(&self) -> Option<&'static str> {
        None
    }

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn write_fields(&self, no_symmetry: bool, out: &mut String) {
        let f = &self.fingerprint;
        let _ = write!(
            out,
            ",\"cells\":{},\"pairs\":{},\"symmetries\":{}",
            f.cells, f.pairs, f.symmetries
        );
        if no_symmetry {
            out.push_str(",\"no_symmetry\":true");
        }
        out.push_str(",\"nodes\":[");
        for (i, node) in self.nodes.iter().enumerate() {
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
            if let Some(estimate) = self.estimates.get(i) {
                let _ = write!(out, ",\"estimate\":{estimate}");
            }
            out.push('}');
        }
        out.push(']');
    }

    fn boxed(&self) -> Box<dyn Leaves> {
        Box::new(self.clone())
    }

    fn open(&self, model: &Model, no_symmetry: bool) -> Result<Box<dyn Opened>> {
        let setup = Setup::new(model, no_symmetry)?;
        check(&setup, self.fingerprint)?;
        Ok(Box::new(OpenNodes {
            setup,
            nodes: self.nodes.clone(),
        }))
    }
}

/// A part's nodes with the model read for the search.
struct OpenNodes {
    setup: Setup,
    nodes: Vec<Node>,
}

impl Opened for OpenNodes {
    fn maximises(&self) -> bool {
        self.setup.problem.maximise
    }

    fn solve(&self, model: &Model, opts: &SolveOptions, index: usize) -> Result<(Answer, u64)> {
        solve_node(&self.setup, model, opts, &self.nodes[index])
    }
}

/// `seconds` of one thread's work, in the unit that reads best.
fn work(seconds: f64) -> String {
    if seconds < 10.0 {
        format!("{seconds:.1} core-seconds")
    } else if seconds < 120.0 {
        format!("{seconds:.0} core-seconds")
    } else if seconds < 2.0 * 3600.0 {
        format!("{:.0} core-minutes", seconds / 60.0)
    } else {
        format!("{:.1} core-hours", seconds / 3600.0)
    }
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
