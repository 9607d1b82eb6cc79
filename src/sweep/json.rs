//! The JSON of sweeps: written by serde_json in a fixed key order (the
//! same input gives byte-identical lines; result lines in the vocabulary
//! of [`crate::draw::json`]), read back through `serde_json`'s values with
//! a message naming the field that is wrong.

use std::collections::BTreeMap;

use crate::draw::json::to_line;
pub use crate::draw::json::Object;

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
