//! One instance's result, as one JSON line:
//!
//! ```text
//! {"walls":[[1,4],[3,1]],"class_size":8,"value":10,"status":"optimal","optimal_count":1,"cells":[[0,2],...],"defines":{"n":8}}
//! ```
//!
//! `walls` and `class_size` only in a wall sweep (`class_size` only when
//! placements are taken one per symmetry class), `value` only with an
//! objective, `optimal_count` only when asked for, `cells` only when
//! one was found, `defines` only with parameters. No timings: the same
//! tasks give byte-identical lines.

use super::json::Object;
use crate::draw::json::BoardJson;
use crate::solve::Status;

/// One instance's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The parameter values of the instance.
    pub defines: Vec<(String, i64)>,
    /// The placed walls (a wall sweep), ascending.
    pub walls: Option<Vec<Vec<usize>>>,
    /// The number of boards of the placement's symmetry class (a wall sweep
    /// one placement per class).
    pub class_size: Option<usize>,
    /// How it ended.
    pub status: Status,
    /// The objective value (the optimum when `status` is optimal).
    pub value: Option<i64>,
    /// The number of optimal solutions (of solutions, without objective),
    /// up to the limit asked for.
    pub optimal_count: Option<u64>,
    /// The pieces of the solution found.
    pub solution: Option<Vec<Vec<usize>>>,
    /// A leaf of a clique search cut into parts: its index and the
    /// leaves of the whole search.
    pub leaf: Option<(usize, usize)>,
    /// The nodes the clique search took (a leaf's, or a joined
    /// instance's).
    pub searched: Option<u64>,
}

impl Line {
    /// The line's JSON (no newline), in the vocabulary of every board
    /// qspec prints as JSON ([`BoardJson`]).
    pub fn to_json(&self) -> String {
        BoardJson {
            walls: self.walls.clone(),
            class_size: self.class_size.map(|s| s as u64),
            value: self.value,
            status: Some(self.status.name()),
            optimal_count: self.optimal_count,
            cells: self.solution.clone(),
            defines: (!self.defines.is_empty()).then(|| self.defines.iter().cloned().collect()),
            leaf: self.leaf.map(|(leaf, _)| leaf as u64),
            leaves: self.leaf.map(|(_, leaves)| leaves as u64),
            searched: self.searched,
            ..BoardJson::default()
        }
        .to_line()
    }

    /// The line written by [`Line::to_json`], or what is wrong with it.
    pub fn parse(text: &str) -> std::result::Result<Line, String> {
        let o = Object::parse(text)?;
        let status = o.str("status")?;
        let status =
            Status::from_name(status).ok_or_else(|| format!("unknown status `{status}`"))?;
        let class_size = o
            .opt_uint("class_size")?
            .map(|s| usize::try_from(s).map_err(|_| "`class_size` is too large".to_string()))
            .transpose()?;
        let mut walls = o.opt_cells("walls")?;
        if let Some(w) = walls.as_mut() {
            w.sort();
        }
        let size = |key: &str| -> std::result::Result<usize, String> {
            usize::try_from(o.uint(key)?).map_err(|_| format!("`{key}` is too large"))
        };
        let leaf = match o.has("leaf") {
            true => Some((size("leaf")?, size("leaves")?)),
            false => None,
        };
        Ok(Line {
            defines: o.defines("defines")?,
            walls,
            class_size,
            status,
            value: o.opt_int("value")?,
            optimal_count: o.opt_uint("optimal_count")?,
            // `solution`: the key before qspec 0.2's one vocabulary.
            solution: match o.opt_cells("cells")? {
                Some(cells) => Some(cells),
                None => o.opt_cells("solution")?,
            },
            leaf,
            searched: o.opt_uint("searched")?,
        })
    }

    /// The number of boards the line stands for.
    pub fn boards(&self) -> u64 {
        self.class_size.unwrap_or(1) as u64
    }

    /// The number of walls placed (0 outside a wall sweep).
    pub fn n_walls(&self) -> usize {
        self.walls.as_ref().map_or(0, Vec::len)
    }

    /// Whether the instance has exactly one optimal solution (proven).
    pub fn is_unique(&self) -> bool {
        self.status.is_final() && self.solution.is_some() && self.optimal_count == Some(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let line = Line {
            defines: vec![("n".into(), 8)],
            walls: Some(vec![vec![1, 4], vec![3, 1]]),
            class_size: Some(8),
            status: Status::Optimal,
            value: Some(10),
            optimal_count: Some(1),
            solution: Some(vec![vec![0, 2], vec![1, 5]]),
            leaf: None,
            searched: None,
        };
        let text = line.to_json();
        assert_eq!(
            text,
            r#"{"walls":[[1,4],[3,1]],"class_size":8,"value":10,"status":"optimal","optimal_count":1,"cells":[[0,2],[1,5]],"defines":{"n":8}}"#
        );
        assert_eq!(Line::parse(&text).unwrap(), line);
        let old = text.replace("\"cells\"", "\"solution\"");
        assert_eq!(
            Line::parse(&old).unwrap(),
            line,
            "lines of earlier versions"
        );
        assert!(line.is_unique());
        let bare = Line {
            defines: vec![],
            walls: None,
            class_size: None,
            status: Status::Unsatisfiable,
            value: None,
            optimal_count: None,
            solution: None,
            leaf: None,
            searched: None,
        };
        assert_eq!(bare.to_json(), r#"{"status":"unsatisfiable"}"#);
        let leaf = Line {
            leaf: Some((3, 64)),
            searched: Some(1200),
            ..bare.clone()
        };
        assert_eq!(
            leaf.to_json(),
            r#"{"status":"unsatisfiable","leaf":3,"leaves":64,"searched":1200}"#
        );
        assert_eq!(Line::parse(&leaf.to_json()).unwrap(), leaf);
        assert_eq!(Line::parse(&bare.to_json()).unwrap(), bare);
        assert!(Line::parse(r#"{"status":"maybe"}"#).is_err());
        assert!(Line::parse(r#"{"value":3}"#).is_err());
    }
}
