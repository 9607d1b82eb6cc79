//! Parsing of argument values: the library's named choices (their names and
//! one-line descriptions come from [`qspec::options::Choice`]), `-D`
//! definitions, sizes with units, numbers of walls.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use qspec::options::Choice;

/// A parser of the values of `T`, listing each with its description in
/// `--help` as clap's own enums do.
pub fn choice<T: Choice + Clone + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::all()
        .iter()
        .map(|c| PossibleValue::new(c.name()).help(c.about()));
    PossibleValuesParser::new(values)
        .map(|name| T::named(&name).expect("clap let through only the listed names"))
}

/// `NAME=VALUE`: `-D n=10`.
pub fn parse_define(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE (e.g. -D n=10)"))?;
    let several = value.contains("..") || value.contains(',');
    if several && parse_define_range(s).is_ok() {
        return Err(format!(
            "`{value}` is several values: one run takes one; `qspec sweep MODEL -D {s}` runs the model for each"
        ));
    }
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("`{value}` is not an integer (in -D {s})"))?;
    Ok((name.trim().to_string(), value))
}

/// `4G`, `500M`, `64K`, `1.5G` or a plain number of bytes (for the
/// `--max-bytes` and `--max-memory` flags).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, scale) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let scale = match c.to_ascii_uppercase() {
                'K' => 1e3,
                'M' => 1e6,
                'G' => 1e9,
                'T' => 1e12,
                _ => {
                    return Err(format!(
                        "`{text}`: a size is a number with K, M, G or T, e.g. 4G"
                    ))
                }
            };
            (&t[..i], scale)
        }
        _ => (t, 1.0),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}`: a size is a number with K, M, G or T, e.g. 4G"))?;
    if !(value >= 0.0 && value.is_finite()) {
        return Err(format!("`{text}` is not a size"));
    }
    Ok((value * scale).min(u64::MAX as f64) as u64)
}

/// `NAME=VALUES`: `n=8`, `n=4..12`, `k=1,2,5`, `k=1..3,7`.
pub fn parse_define_range(s: &str) -> Result<(String, Vec<i64>), String> {
    let (name, values) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUES (e.g. -D n=4..12)"))?;
    let mut out = Vec::new();
    for item in values.split(',') {
        let item = item.trim();
        let bad = || format!("`{item}` is not an integer or a range A..B (in -D {s})");
        match item.split_once("..") {
            Some((a, b)) => {
                let a: i64 = a.trim().parse().map_err(|_| bad())?;
                let b: i64 = b.trim().parse().map_err(|_| bad())?;
                if a > b {
                    return Err(format!("the range {item} is empty (in -D {s})"));
                }
                if b - a >= 1_000_000 {
                    return Err(format!("the range {item} is too long (in -D {s})"));
                }
                out.extend(a..=b);
            }
            None => out.push(item.parse().map_err(|_| bad())?),
        }
    }
    Ok((name.trim().to_string(), out))
}

/// Numbers of walls: `--walls 3` or `--walls 2..4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallCounts(pub Vec<usize>);

/// `K` or `K1..K2`: the numbers of walls.
pub fn parse_walls(s: &str) -> Result<WallCounts, String> {
    let bad = || format!("`{s}` is not a number of walls K or a range K1..K2");
    match s.split_once("..") {
        Some((a, b)) => {
            let a: usize = a.trim().parse().map_err(|_| bad())?;
            let b: usize = b.trim().parse().map_err(|_| bad())?;
            if a > b {
                return Err(format!("the range {s} is empty"));
            }
            Ok(WallCounts((a..=b).collect()))
        }
        None => Ok(WallCounts(vec![s.trim().parse().map_err(|_| bad())?])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_where_one_value_is_taken_points_to_sweep() {
        let e = parse_define("n=4..8").unwrap_err();
        assert!(e.contains("qspec sweep MODEL -D n=4..8"), "{e}");
        let e = parse_define("k=1,2").unwrap_err();
        assert!(e.contains("qspec sweep"), "{e}");
        assert_eq!(parse_define("n=8"), Ok(("n".into(), 8)));
        assert!(parse_define("n=x").unwrap_err().contains("not an integer"));
    }

    #[test]
    fn sizes_read_with_units() {
        assert_eq!(parse_size("4G"), Ok(4_000_000_000));
        assert_eq!(parse_size("1.5m"), Ok(1_500_000));
        assert_eq!(parse_size("123"), Ok(123));
        assert!(parse_size("4X").is_err());
        assert!(parse_size("-1").is_err());
    }

    #[test]
    fn defines_take_values_ranges_and_lists() {
        assert_eq!(parse_define("n=8"), Ok(("n".into(), 8)));
        assert!(parse_define("n").is_err());
        assert_eq!(parse_define_range("n=8"), Ok(("n".into(), vec![8])));
        assert_eq!(
            parse_define_range("n=4..6,9"),
            Ok(("n".into(), vec![4, 5, 6, 9]))
        );
        assert!(parse_define_range("n=6..4").is_err());
        assert!(parse_define_range("n=x").is_err());
        assert!(parse_define_range("n").is_err());
        assert_eq!(parse_walls("2..4"), Ok(WallCounts(vec![2, 3, 4])));
        assert_eq!(parse_walls("3"), Ok(WallCounts(vec![3])));
        assert!(parse_walls("4..2").is_err());
    }
}
