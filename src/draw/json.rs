//! A board as JSON, the one vocabulary of every JSON line qspec prints
//! (`solve --json`, `count --jsonl`, `sweep`): `walls` (the walls a solver
//! chose, or a sweep placed), `class_size`, `value`, `status` and `cells`
//! (the pieces), in that order, each a field only when it says something.
//! Written by serde_json, compact: the same input gives the same bytes;
//! read back by [`BoardJson::from_line`] (`verify --answer-format json`).
//! Any line of JSON is read back field by field by [`Object`], with a
//! message naming the field that is wrong.
//!
//! ```
//! use qspec::draw::json::{cell_list, BoardJson};
//! let line = BoardJson { value: Some(8), cells: Some(vec![vec![0, 3], vec![1, 1]]), ..Default::default() };
//! assert_eq!(line.to_line(), r#"{"value":8,"cells":[[0,3],[1,1]]}"#);
//! let board = qspec::Board::new(&[2, 2], false, &[]);
//! assert_eq!(cell_list(&board, &[false, true, true, false]), vec![vec![0, 1], vec![1, 0]]);
//! ```

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::{Board, Placement};
use crate::language::Spec;

/// One board's JSON object; absent fields are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardJson {
    /// The solution's number in an enumeration, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u64>,
    /// The walls chosen or placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walls: Option<Vec<Vec<usize>>>,
    /// The boards of its symmetry class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_size: Option<u64>,
    /// The objective's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// How the solve ended: `optimal`, `satisfiable`, `unsatisfiable`,
    /// `feasible` (not proven optimal) or `unknown`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    /// The number of optimal solutions (a sweep that counts them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal_count: Option<u64>,
    /// The pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<Vec<usize>>>,
    /// Each piece's kind, by name, in the order of `cells` (a model of
    /// several kinds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<String>>,
    /// The parameters' values, by name (a sweep).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defines: Option<std::collections::BTreeMap<String, i64>>,
    /// A leaf of a clique search cut into parts (`solve --split`): its
    /// index, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<u64>,
    /// The leaves of the whole cut search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaves: Option<u64>,
    /// The nodes the clique search took (a leaf's, or a joined search's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched: Option<u64>,
    /// Whether every rule holds, checked from the board geometry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    /// The rules the board breaks, in words (when not verified).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<String>>,
}

/// Every `status` a board's JSON may have (a solve's, `solve::Status`).
pub const STATUSES: [&str; 5] = [
    "optimal",
    "satisfiable",
    "unsatisfiable",
    "feasible",
    "unknown",
];

impl BoardJson {
    /// The object on one line, without the newline.
    pub fn to_line(&self) -> String {
        to_line(self)
    }

    /// The object `text` holds, as [`to_line`](Self::to_line) writes it;
    /// fields it does not know are an error, as is a `status` not in
    /// [`STATUSES`].
    ///
    /// ```
    /// use qspec::draw::json::BoardJson;
    /// let line = r#"{"value":8,"status":"optimal","cells":[[0,3],[1,1]]}"#;
    /// let board = BoardJson::from_line(line).unwrap();
    /// assert_eq!((board.value, board.status), (Some(8), Some("optimal")));
    /// assert_eq!(board.to_line(), line);
    /// assert!(BoardJson::from_line(r#"{"cels":[]}"#).unwrap_err().contains("unknown field `cels`"));
    /// ```
    pub fn from_line(text: &str) -> Result<BoardJson, String> {
        let read: Read = serde_json::from_str(text)
            .map_err(|e| format!("not a board's JSON line as qspec writes it: {e}"))?;
        let status = match read.status {
            None => None,
            Some(s) => Some(STATUSES.into_iter().find(|k| *k == s).ok_or_else(|| {
                format!("`{s}` is not a status (one of {})", STATUSES.join(", "))
            })?),
        };
        Ok(BoardJson {
            number: read.number,
            walls: read.walls,
            class_size: read.class_size,
            value: read.value,
            status,
            optimal_count: read.optimal_count,
            cells: read.cells,
            kinds: read.kinds,
            defines: read.defines,
            leaf: read.leaf,
            leaves: read.leaves,
            searched: read.searched,
            verified: read.verified,
            problems: read.problems,
        })
    }
}

/// [`BoardJson`] as read: the same fields, the status as any text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Read {
    number: Option<u64>,
    walls: Option<Vec<Vec<usize>>>,
    class_size: Option<u64>,
    value: Option<i64>,
    status: Option<String>,
    optimal_count: Option<u64>,
    cells: Option<Vec<Vec<usize>>>,
    kinds: Option<Vec<String>>,
    defines: Option<std::collections::BTreeMap<String, i64>>,
    leaf: Option<u64>,
    leaves: Option<u64>,
    searched: Option<u64>,
    verified: Option<bool>,
    problems: Option<Vec<String>>,
}

/// Any of qspec's JSON objects on one line, compact.
pub fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("qspec's JSON objects serialise")
}

/// The kind of each piece of `placement`, by name, in cell order, for a
/// model of several kinds (`None` for one kind).
pub fn kind_list(spec: &Spec, placement: &Placement) -> Option<Vec<String>> {
    spec.has_kinds().then(|| {
        (0..placement.pieces.len())
            .filter(|&c| placement.pieces[c])
            .map(|c| spec.kinds[placement.kinds[c]].name.clone())
            .collect()
    })
}

/// The coordinates of the cells of `board` whose flag is set, in cell
/// order.
pub fn cell_list(board: &Board, flags: &[bool]) -> Vec<Vec<usize>> {
    (0..board.n_cells())
        .filter(|&c| flags[c])
        .map(|c| board.coords(c))
        .collect()
}
/// A JSON object read from one line, and its fields read with messages.
pub struct Object {
    map: Map<String, Value>,
}

impl Object {
    /// The object on `line`, or what is wrong with it.
    pub fn parse(line: &str) -> std::result::Result<Object, String> {
        match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(map)) => Ok(Object { map }),
            Ok(_) => Err("not a JSON object".to_string()),
            Err(e) => Err(format!("not JSON: {e}")),
        }
    }

    /// Whether the object has `key` (and it is not null).
    pub fn has(&self, key: &str) -> bool {
        self.map.get(key).is_some_and(|v| !v.is_null())
    }

    fn get(&self, key: &str) -> std::result::Result<&Value, String> {
        self.map
            .get(key)
            .filter(|v| !v.is_null())
            .ok_or_else(|| format!("no `{key}`"))
    }

    /// A non-negative integer.
    pub fn uint(&self, key: &str) -> std::result::Result<u64, String> {
        self.get(key)?
            .as_u64()
            .ok_or_else(|| format!("`{key}` is not a non-negative integer"))
    }

    /// An integer, if present.
    pub fn opt_int(&self, key: &str) -> std::result::Result<Option<i64>, String> {
        if !self.has(key) {
            return Ok(None);
        }
        self.get(key)?
            .as_i64()
            .map(Some)
            .ok_or_else(|| format!("`{key}` is not an integer"))
    }

    /// A non-negative integer, if present.
    pub fn opt_uint(&self, key: &str) -> std::result::Result<Option<u64>, String> {
        if self.has(key) {
            self.uint(key).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A string.
    pub fn str(&self, key: &str) -> std::result::Result<&str, String> {
        self.get(key)?
            .as_str()
            .ok_or_else(|| format!("`{key}` is not a string"))
    }

    /// A Boolean.
    pub fn bool(&self, key: &str) -> std::result::Result<bool, String> {
        self.get(key)?
            .as_bool()
            .ok_or_else(|| format!("`{key}` is not true or false"))
    }

    /// A list of cells, if present.
    pub fn opt_cells(&self, key: &str) -> std::result::Result<Option<Vec<Vec<usize>>>, String> {
        if !self.has(key) {
            return Ok(None);
        }
        cells_of(self.get(key)?)
            .map(Some)
            .ok_or_else(|| format!("`{key}` is not a list of cells like [[1,4],[3,1]]"))
    }

    /// Parameter values (an empty list when absent).
    pub fn defines(&self, key: &str) -> std::result::Result<Vec<(String, i64)>, String> {
        if !self.has(key) {
            return Ok(Vec::new());
        }
        defines_of(self.get(key)?).ok_or_else(|| {
            format!("`{key}` is not an object of integer parameters like {{\"n\":8}}")
        })
    }

    /// A list of non-negative integers.
    pub fn uints(&self, key: &str) -> std::result::Result<Vec<u64>, String> {
        self.get(key)?
            .as_array()
            .and_then(|list| list.iter().map(Value::as_u64).collect())
            .ok_or_else(|| format!("`{key}` is not a list of non-negative integers"))
    }

    /// An object.
    pub fn object(&self, key: &str) -> std::result::Result<Object, String> {
        match self.get(key)? {
            Value::Object(map) => Ok(Object { map: map.clone() }),
            _ => Err(format!("`{key}` is not an object")),
        }
    }

    /// A list of objects.
    pub fn objects(&self, key: &str) -> std::result::Result<Vec<Object>, String> {
        let list = self
            .get(key)?
            .as_array()
            .ok_or_else(|| format!("`{key}` is not a list"))?;
        list.iter()
            .map(|v| match v {
                Value::Object(map) => Ok(Object { map: map.clone() }),
                _ => Err(format!("`{key}` holds something that is not an object")),
            })
            .collect()
    }
}

/// Parameter values from a JSON object, by name.
fn defines_of(value: &Value) -> Option<Vec<(String, i64)>> {
    value
        .as_object()?
        .iter()
        .map(|(k, v)| Some((k.clone(), v.as_i64()?)))
        .collect()
}

fn cells_of(value: &Value) -> Option<Vec<Vec<usize>>> {
    value
        .as_array()?
        .iter()
        .map(|cell| {
            cell.as_array()?
                .iter()
                .map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
                .collect()
        })
        .collect()
}
