//! The JSON of sweeps: written by serde_json in a fixed key order (the
//! same input gives byte-identical lines; result lines in the vocabulary
//! of [`crate::draw::json`]), read back through `serde_json`'s values with
//! a message naming the field that is wrong.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

use crate::draw::json::to_line;

/// `s` as a JSON string.
pub fn string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// Parameter values as an object, by name: `{"k":2,"n":8}` (the order
/// they are read back in).
pub fn defines(defines: &[(String, i64)]) -> String {
    let sorted: BTreeMap<&str, i64> = defines.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    to_line(&sorted)
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
pub fn defines_of(value: &Value) -> Option<Vec<(String, i64)>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_values_read_back() {
        let line = format!(
            "{{\"walls\":{},\"defines\":{},\"name\":{}}}",
            to_line(&[vec![1, 4], vec![3, 1]]),
            defines(&[("n".into(), 8), ("k".into(), -2)]),
            string("a \"b\"\n")
        );
        assert_eq!(
            line,
            r#"{"walls":[[1,4],[3,1]],"defines":{"k":-2,"n":8},"name":"a \"b\"\n"}"#
        );
        let o = Object::parse(&line).unwrap();
        assert_eq!(
            o.opt_cells("walls").unwrap(),
            Some(vec![vec![1, 4], vec![3, 1]])
        );
        assert_eq!(o.str("name").unwrap(), "a \"b\"\n");
        assert!(o.uint("name").is_err());
        assert!(o.opt_cells("nothing").unwrap().is_none());
        assert!(Object::parse("[1]").is_err());
        assert!(Object::parse("{").is_err());
    }
}
