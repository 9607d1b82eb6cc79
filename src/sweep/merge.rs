//! Merging result lines: per parameter values and number of walls, the
//! histogram of values over the instances (classes) and over the boards
//! they stand for (weighted by class size), the optimum and its instances,
//! and the instances with a unique optimum — as a table or as JSON. The
//! order of the lines read does not matter; an instance given twice is an
//! error.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

use super::json;
use super::line::Line;
use super::split::Joined;
use super::{Coords, Defines};
use crate::diag::plural;
use crate::draw::histogram::{histogram_svg, Series};
use crate::error::{Error, Result};
use crate::solve::Status;

/// Instances of one parameter combination and number of walls.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// The parameter values.
    pub defines: Vec<(String, i64)>,
    /// The number of walls placed (`None`: not a wall sweep).
    pub walls: Option<usize>,
    /// Whether instances are symmetry classes (their lines have a class size).
    pub classes: bool,
    /// One row per value of the solved instances (`None`: a model without
    /// objective).
    pub rows: BTreeMap<Option<i64>, Row>,
    /// Instances without any solution.
    pub infeasible: Row,
    /// Instances not solved to the end (timeouts, `unknown`).
    pub unfinished: Row,
    /// The best value and its instances.
    pub optimum: Option<(i64, Vec<Line>)>,
    /// Whether optimal solutions were counted (in every line).
    pub counted: bool,
    /// The nodes the clique search took, where the lines say (the leaves
    /// of a plan).
    pub searched: Option<u64>,
}

/// Instances and the boards they stand for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// Instances (classes).
    pub instances: u64,
    /// Boards (the instances weighted by class size).
    pub boards: u64,
    /// Instances with exactly one optimal solution.
    pub unique_instances: u64,
    /// Boards with exactly one optimal solution.
    pub unique_boards: u64,
}

impl Row {
    fn add(&mut self, line: &Line) {
        self.instances += 1;
        self.boards += line.boards();
        if line.is_unique() {
            self.unique_instances += 1;
            self.unique_boards += line.boards();
        }
    }

    fn plus(self, other: Row) -> Row {
        Row {
            instances: self.instances + other.instances,
            boards: self.boards + other.boards,
            unique_instances: self.unique_instances + other.unique_instances,
            unique_boards: self.unique_boards + other.unique_boards,
        }
    }
}

impl Group {
    /// Every instance of the group.
    pub fn total(&self) -> Row {
        self.rows
            .values()
            .fold(self.unfinished.plus(self.infeasible), |acc, row| {
                acc.plus(*row)
            })
    }
}

/// The merge of result lines.
#[derive(Debug, Default)]
pub struct Summary {
    groups: BTreeMap<(Defines, Option<usize>), Group>,
    seen: HashSet<(Defines, Option<Coords>)>,
    /// Leaves of clique searches cut into parts, joined at [`Summary::settle`].
    leaves: Joined,
}

impl Summary {
    /// An empty merge.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Adds one instance's line (or a leaf's, joined with the instance's
    /// other leaves at [`Summary::settle`]); an error if the instance was
    /// added before.
    pub fn add(&mut self, line: &Line) -> Result<()> {
        if line.leaf.is_some() {
            return self.leaves.add(line);
        }
        let mut defines = line.defines.clone();
        defines.sort();
        if !self.seen.insert((defines.clone(), line.walls.clone())) {
            return Err(Error::usage(format!(
                "the instance {} is in the results twice (overlapping result files?)",
                describe(line)
            )));
        }
        let walls = line.walls.as_ref().map(Vec::len);
        let first = !self.groups.contains_key(&(defines.clone(), walls));
        let group = self
            .groups
            .entry((defines.clone(), walls))
            .or_insert_with(|| Group {
                defines,
                walls,
                ..Group::default()
            });
        if first {
            group.classes = line.class_size.is_some();
            group.counted = line.optimal_count.is_some();
        }
        group.counted &= line.optimal_count.is_some();
        if let Some(nodes) = line.searched {
            *group.searched.get_or_insert(0) += nodes;
        }
        match line.status {
            Status::Optimal | Status::Satisfiable => {
                group.rows.entry(line.value).or_default().add(line);
            }
            Status::Unsatisfiable => group.infeasible.add(line),
            Status::Feasible | Status::Unknown => group.unfinished.add(line),
        }
        if let (Status::Optimal, Some(v)) = (line.status, line.value) {
            match &mut group.optimum {
                Some((best, lines)) if *best == v => lines.push(line.clone()),
                Some((best, _)) if *best > v => {}
                _ => group.optimum = Some((v, vec![line.clone()])),
            }
        }
        Ok(())
    }

    /// Joins the leaves read into one line per instance and adds those.
    pub fn settle(&mut self) -> Result<()> {
        for line in std::mem::take(&mut self.leaves).lines() {
            self.add(&line)?;
        }
        Ok(())
    }

    /// The groups, by parameter values and then number of walls.
    pub fn groups(&self) -> impl Iterator<Item = &Group> {
        self.groups.values()
    }

    /// The merge as a table.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let groups: Vec<&Group> = self.groups().collect();
        if groups.iter().all(|g| g.walls.is_none()) && !groups.is_empty() {
            self.parameter_table(&mut out);
            return out;
        }
        for g in groups {
            group_table(g, &mut out);
        }
        out
    }

    /// A sweep of parameters without walls: one row per combination.
    fn parameter_table(&self, out: &mut String) {
        let n = self.groups.len();
        let _ = writeln!(out, "{}", plural(n as u64, "instance", "instances"));
        for g in self.groups() {
            let label = group_rows(g)
                .into_iter()
                .map(|(label, _)| label)
                .collect::<Vec<_>>()
                .join(" ");
            let unique = if g.counted {
                format!("  unique: {}", g.total().unique_instances == 1)
            } else {
                String::new()
            };
            let name = if g.defines.is_empty() {
                "the model".to_string()
            } else {
                describe_defines(&g.defines)
            };
            let searched = g
                .searched
                .map_or(String::new(), |n| format!("  ({n} nodes searched)"));
            let _ = writeln!(out, "{name}: {label}{unique}{searched}");
        }
    }

    /// The value histogram as an SVG bar chart: one group of bars per
    /// value; a series per number of walls (and parameter values) and
    /// count (classes, boards), and one for the instances without walls.
    pub fn histogram_svg(&self) -> String {
        let values: std::collections::BTreeSet<i64> = self
            .groups()
            .flat_map(|g| g.rows.keys().flatten().copied())
            .collect();
        let labels: Vec<String> = values.iter().map(ToString::to_string).collect();
        let count = |groups: &[&Group], boards: bool| -> Vec<u64> {
            values
                .iter()
                .map(|v| {
                    groups
                        .iter()
                        .filter_map(|g| g.rows.get(&Some(*v)))
                        .map(|r| if boards { r.boards } else { r.instances })
                        .sum()
                })
                .collect()
        };
        let mut series = Vec::new();
        let plain: Vec<&Group> = self.groups().filter(|g| g.walls.is_none()).collect();
        if !plain.is_empty() {
            series.push(Series {
                name: "instances".to_string(),
                counts: count(&plain, false),
            });
        }
        for g in self.groups().filter(|g| g.walls.is_some()) {
            let mut name = walls_label(g.walls.unwrap_or(0));
            if !g.defines.is_empty() {
                name = format!("{}, {name}", describe_defines(&g.defines));
            }
            if g.classes {
                series.push(Series {
                    name: format!("{name}: classes"),
                    counts: count(&[g], false),
                });
            }
            series.push(Series {
                name: format!("{name}: boards"),
                counts: count(&[g], true),
            });
        }
        histogram_svg("Values over the sweep", "value", &labels, &series)
    }

    /// The merge as JSON (one object, no newline).
    pub fn json(&self) -> String {
        let groups: Vec<String> = self.groups().map(group_json).collect();
        format!("{{\"groups\":[{}]}}", groups.join(","))
    }
}

fn group_table(g: &Group, out: &mut String) {
    let total = g.total();
    let what = if g.classes { "classes" } else { "boards" };
    let head = match g.walls {
        Some(k) => walls_label(k),
        None => "no walls".to_string(),
    };
    let params = if g.defines.is_empty() {
        String::new()
    } else {
        format!("{}, ", describe_defines(&g.defines))
    };
    let _ = write!(out, "{params}{head}: {} {what}", total.instances);
    if g.classes {
        let _ = write!(out, " ({} boards)", total.boards);
    }
    out.push('\n');
    let mut header = format!("{:>7} {:>10}", "value", what);
    if g.classes {
        let _ = write!(header, " {:>10}", "boards");
    }
    if g.counted {
        let _ = write!(header, " {:>10}", "unique");
        if g.classes {
            let _ = write!(header, " {:>13}", "unique boards");
        }
    }
    let _ = writeln!(out, "{header}");
    for (label, r) in group_rows(g) {
        let mut row = format!("{label:>7} {:>10}", r.instances);
        if g.classes {
            let _ = write!(row, " {:>10}", r.boards);
        }
        if g.counted {
            let _ = write!(row, " {:>10}", r.unique_instances);
            if g.classes {
                let _ = write!(row, " {:>13}", r.unique_boards);
            }
        }
        let _ = writeln!(out, "{row}");
    }
    if let Some((value, lines)) = &g.optimum {
        let shown: Vec<String> = lines.iter().take(5).map(describe).collect();
        let more = if lines.len() > 5 {
            format!(" and {} more", lines.len() - 5)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "optimum {value}: {} {}: {}{more}",
            lines.len(),
            if lines.len() == 1 {
                "instance"
            } else {
                "instances"
            },
            shown.join("; ")
        );
    }
    if g.counted {
        let _ = writeln!(
            out,
            "unique optimum: {} {what}{}",
            total.unique_instances,
            if g.classes {
                format!(" ({} boards)", total.unique_boards)
            } else {
                String::new()
            }
        );
    }
    out.push('\n');
}

/// The rows of a table: one per value, then those without solution and
/// those unfinished (when there are any).
fn group_rows(g: &Group) -> Vec<(String, &Row)> {
    let mut rows: Vec<(String, &Row)> = g
        .rows
        .iter()
        .map(|(v, r)| (v.map_or("solved".to_string(), |v| v.to_string()), r))
        .collect();
    if g.infeasible.instances > 0 {
        rows.push(("none".to_string(), &g.infeasible));
    }
    if g.unfinished.instances > 0 {
        rows.push(("unfinished".to_string(), &g.unfinished));
    }
    rows
}

fn group_json(g: &Group) -> String {
    let row = |r: &Row| {
        let mut s = format!("\"instances\":{},\"boards\":{}", r.instances, r.boards);
        if g.counted {
            let _ = write!(
                s,
                ",\"unique_instances\":{},\"unique_boards\":{}",
                r.unique_instances, r.unique_boards
            );
        }
        s
    };
    let values: Vec<String> = g
        .rows
        .iter()
        .map(|(v, r)| {
            let value = v.map_or("null".to_string(), |v| v.to_string());
            format!("{{\"value\":{value},{}}}", row(r))
        })
        .collect();
    let mut fields = vec![format!("\"defines\":{}", json::defines(&g.defines))];
    if let Some(k) = g.walls {
        fields.push(format!("\"walls\":{k}"));
    }
    fields.push(format!("\"classes\":{}", g.classes));
    fields.push(row(&g.total()));
    fields.push(format!("\"values\":[{}]", values.join(",")));
    fields.push(format!("\"infeasible\":{}", g.infeasible.instances));
    fields.push(format!("\"unfinished\":{}", g.unfinished.instances));
    if let Some(nodes) = g.searched {
        fields.push(format!("\"searched\":{nodes}"));
    }
    if let Some((value, lines)) = &g.optimum {
        let lines: Vec<String> = lines.iter().map(Line::to_json).collect();
        fields.push(format!(
            "\"optimum\":{{\"value\":{value},\"instances\":[{}]}}",
            lines.join(",")
        ));
    }
    format!("{{{}}}", fields.join(","))
}

/// `1 wall`, `3 walls`.
pub fn walls_label(k: usize) -> String {
    if k == 1 {
        "1 wall".to_string()
    } else {
        format!("{k} walls")
    }
}

/// `n=8 k=2`.
pub fn describe_defines(defines: &[(String, i64)]) -> String {
    let parts: Vec<String> = defines.iter().map(|(n, v)| format!("{n}={v}")).collect();
    parts.join(" ")
}

/// An instance as a person reads it: its walls, or its parameters.
pub fn describe(line: &Line) -> String {
    match &line.walls {
        Some(walls) if walls.is_empty() => "no walls".to_string(),
        Some(walls) => walls
            .iter()
            .map(|c| crate::board::show(c))
            .collect::<Vec<_>>()
            .join(" "),
        None if line.defines.is_empty() => "the model".to_string(),
        None => describe_defines(&line.defines),
    }
}
