//! Planning a sweep: its instances in their fixed order — parameter values
//! (the cartesian product of the ranges, the first range slowest), and for
//! each the placements of walls in enumeration order — cut into tasks of
//! `chunk` instances (a multiple of [`BLOCK`], so that a task's blocks are
//! those of a run of the whole sweep and its lines the same). A task never
//! spans two parameter values or two numbers of walls of a wall sweep.
//!
//! A task is one JSON line and carries everything it needs: the model's
//! text (no file to find on a remote host), the options, and its parts
//! with the rank of each range's first placement (no enumeration to redo):
//!
//! ```text
//! {"task":3,"model":"blocked.qspec","symmetry":true,"optimal_count":2,"auto_hints":true,"parts":[{"walls":3,"first":768,"count":256,"rank":9650}],"source":"board 8 x 8\n..."}
//! ```

use super::json::{self, Object};
use super::walls::WallModel;
use super::{Options, Part, Range, BLOCK};
use crate::error::Result;
use crate::instance::Source;

/// One task of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Its number, from 0.
    pub index: usize,
    /// The model file's name, as given to `plan`.
    pub model: String,
    /// The model's text.
    pub source: String,
    /// What each instance is asked.
    pub options: Options,
    /// Whether the automatic hints are added when loading.
    pub auto_hints: bool,
    /// Its instances.
    pub parts: Vec<Part>,
}

/// The model to plan, and how tasks are cut.
pub struct Request<'a> {
    /// The numbers of walls to place (none: the model as it is).
    pub walls: &'a [usize],
    /// The model file's name.
    pub model: &'a str,
    /// Its text.
    pub source: &'a str,
    /// What each instance is asked.
    pub options: &'a Options,
    /// Whether the automatic hints are added.
    pub auto_hints: bool,
    /// Every combination of parameter values, in order.
    pub combos: &'a [Vec<(String, i64)>],
    /// Instances per task (rounded up to a multiple of [`BLOCK`] for walls).
    pub chunk: u64,
}

/// The tasks of a sweep.
pub fn plan(source: &Source, req: &Request<'_>) -> Result<Vec<Task>> {
    let mut parts_of_tasks: Vec<Vec<Part>> = Vec::new();
    if req.walls.is_empty() {
        let all = parts(req.combos, &[]);
        parts_of_tasks.extend(all.chunks(req.chunk.max(1) as usize).map(<[Part]>::to_vec));
    } else {
        let chunk = req.chunk.max(1).div_ceil(BLOCK) * BLOCK;
        for defines in req.combos {
            for &k in req.walls {
                for range in ranges(source, defines, k, req.options.symmetry, chunk)? {
                    parts_of_tasks.push(vec![Part {
                        defines: defines.clone(),
                        walls: Some(k),
                        range: Some(range),
                        split: None,
                    }]);
                }
            }
        }
    }
    Ok(parts_of_tasks
        .into_iter()
        .enumerate()
        .map(|(index, parts)| Task {
            index,
            model: req.model.to_string(),
            source: req.source.to_string(),
            options: req.options.clone(),
            auto_hints: req.auto_hints,
            parts,
        })
        .collect())
}

/// The placements of `k` walls for `defines`, cut into ranges of `chunk`.
fn ranges(
    source: &Source,
    defines: &[(String, i64)],
    k: usize,
    symmetry: bool,
    chunk: u64,
) -> Result<Vec<Range>> {
    let instance = source.load(defines)?;
    let model = WallModel::new(&instance.spec, &instance.board, symmetry)?;
    let mut out: Vec<Range> = Vec::new();
    for (i, p) in (0u64..).zip(model.placements(k)?.iter()) {
        if i % chunk == 0 {
            out.push(Range {
                first: i,
                count: 0,
                rank: p.rank,
            });
        }
        out.last_mut().expect("a range is open").count += 1;
    }
    Ok(out)
}

/// The number of instances of `parts`: a range's count, a split part's
/// leaves, a part's placements of walls (counted one by one: 0.4 s for
/// the 954,226 classes of 5 walls on 8x8), else one.
pub fn n_instances(source: &Source, options: &Options, parts: &[Part]) -> Result<u64> {
    let mut total = 0u64;
    for part in parts {
        total += match (&part.range, &part.split, part.walls) {
            (Some(range), _, _) => range.count,
            (None, Some(split), _) => split.len() as u64,
            (None, None, Some(k)) => {
                let instance = source.load(&part.defines)?;
                let model = WallModel::new(&instance.spec, &instance.board, options.symmetry)?;
                model.placements(k)?.iter().count() as u64
            }
            (None, None, None) => 1,
        };
    }
    Ok(total)
}

/// The whole sweep as parts: every combination, each with every number of
/// walls (or the model as it is when `walls` is empty).
pub fn parts(combos: &[Vec<(String, i64)>], walls: &[usize]) -> Vec<Part> {
    let part = |defines: &Vec<(String, i64)>, walls: Option<usize>| Part {
        defines: defines.clone(),
        walls,
        range: None,
        split: None,
    };
    if walls.is_empty() {
        return combos.iter().map(|d| part(d, None)).collect();
    }
    combos
        .iter()
        .flat_map(|d| walls.iter().map(move |&k| part(d, Some(k))))
        .collect()
}

/// Every combination of the values of `ranges`, the first one slowest.
pub fn product(ranges: &[(String, Vec<i64>)]) -> Vec<Vec<(String, i64)>> {
    let mut out: Vec<Vec<(String, i64)>> = vec![Vec::new()];
    for (name, values) in ranges {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                values.iter().map(move |&v| {
                    let mut combo = prefix.clone();
                    combo.push((name.clone(), v));
                    combo
                })
            })
            .collect();
    }
    out
}

impl Task {
    /// The task's JSON line (no newline).
    pub fn to_json(&self) -> String {
        let mut fields = vec![
            format!("\"task\":{}", self.index),
            format!("\"model\":{}", json::string(&self.model)),
        ];
        fields.push(format!("\"symmetry\":{}", self.options.symmetry));
        if let Some(limit) = self.options.optimal_count {
            fields.push(format!("\"optimal_count\":{limit}"));
        }
        fields.push(format!("\"auto_hints\":{}", self.auto_hints));
        let parts: Vec<String> = self.parts.iter().map(part_json).collect();
        fields.push(format!("\"parts\":[{}]", parts.join(",")));
        fields.push(format!("\"source\":{}", json::string(&self.source)));
        format!("{{{}}}", fields.join(","))
    }

    /// The task written by [`Task::to_json`], or what is wrong with it.
    pub fn parse(text: &str) -> std::result::Result<Task, String> {
        let o = Object::parse(text)?;
        let options = Options {
            symmetry: o.bool("symmetry")?,
            optimal_count: o.opt_uint("optimal_count")?,
        };
        let parts = o
            .objects("parts")?
            .iter()
            .map(parse_part)
            .collect::<std::result::Result<Vec<Part>, String>>()?;
        Ok(Task {
            index: usize::try_from(o.uint("task")?).map_err(|_| "`task` is too large")?,
            model: o.str("model")?.to_string(),
            source: o.str("source")?.to_string(),
            options,
            auto_hints: o.bool("auto_hints")?,
            parts,
        })
    }
}

fn part_json(part: &Part) -> String {
    let mut fields = Vec::new();
    if !part.defines.is_empty() {
        fields.push(format!("\"defines\":{}", json::defines(&part.defines)));
    }
    if let Some(k) = part.walls {
        fields.push(format!("\"walls\":{k}"));
    }
    if let Some(r) = part.range {
        fields.push(format!("\"first\":{}", r.first));
        fields.push(format!("\"count\":{}", r.count));
        fields.push(format!("\"rank\":{}", r.rank));
    }
    if let Some(split) = &part.split {
        fields.push(format!("\"split\":{}", split.to_json()));
    }
    format!("{{{}}}", fields.join(","))
}

fn parse_part(o: &Object) -> std::result::Result<Part, String> {
    let walls = o
        .opt_uint("walls")?
        .map(|k| usize::try_from(k).map_err(|_| "`walls` is too large".to_string()))
        .transpose()?;
    let range = if walls.is_some() {
        Some(Range {
            first: o.uint("first")?,
            count: o.uint("count")?,
            rank: o.uint("rank")?,
        })
    } else {
        None
    };
    let split = match o.has("split") {
        true => Some(super::split::Split::parse(&o.object("split")?)?),
        false => None,
    };
    Ok(Part {
        defines: o.defines("defines")?,
        walls,
        range,
        split,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_varies_the_last_range_fastest() {
        let combos = product(&[("n".into(), vec![4, 5]), ("k".into(), vec![1, 2, 3])]);
        assert_eq!(combos.len(), 6);
        assert_eq!(combos[0], vec![("n".into(), 4), ("k".into(), 1)]);
        assert_eq!(combos[1], vec![("n".into(), 4), ("k".into(), 2)]);
        assert_eq!(combos[5], vec![("n".into(), 5), ("k".into(), 3)]);
        assert_eq!(product(&[]), vec![Vec::<(String, i64)>::new()]);
    }

    #[test]
    fn a_task_reads_back_as_written() {
        let task = Task {
            index: 3,
            model: "m.qspec".into(),
            source: "board 8 x 8\npiece queen # \"q\"\n".into(),
            options: Options {
                symmetry: true,
                optimal_count: Some(2),
            },
            auto_hints: true,
            parts: vec![Part {
                defines: vec![("n".into(), 8)],
                walls: Some(3),
                range: Some(Range {
                    first: 768,
                    count: 256,
                    rank: 9650,
                }),
                split: None,
            }],
        };
        let text = task.to_json();
        assert!(text.starts_with(r#"{"task":3,"model":"m.qspec","symmetry":true,"optimal_count":2,"auto_hints":true,"parts":[{"defines":{"n":8},"walls":3,"first":768,"count":256,"rank":9650}],"source":"#));
        assert_eq!(Task::parse(&text).unwrap(), task);
        let params = Task {
            options: Options {
                symmetry: false,
                optimal_count: None,
            },
            parts: vec![Part {
                defines: vec![("n".into(), 4)],
                walls: None,
                range: None,
                split: None,
            }],
            ..task
        };
        assert_eq!(Task::parse(&params.to_json()).unwrap(), params);
        assert!(Task::parse(r#"{"task":0}"#).is_err());
    }
}
