//! Options as Python passes them: names (`amo="ladder"`, `engine="clique"`,
//! `"cnf"`), seconds, parameter values. A wrong name is a `UsageError`
//! listing the right ones.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use qspec::options::{AmoEncoding, CardEncoding, Choice, Encodings};
use qspec::{Error, Instance};

use crate::errors::to_py;

/// The choice called `name` (`what` names the keyword in messages).
pub fn choice<T: Choice>(what: &str, name: &str) -> PyResult<T> {
    T::named(name).ok_or_else(|| {
        let names: Vec<&str> = T::all().iter().map(|c| c.name()).collect();
        to_py(Error::usage(format!(
            "{what}={name:?} is not one of {}",
            names.join(", ")
        )))
    })
}

/// The choice called `name`, if one is named.
pub fn maybe<T: Choice>(what: &str, name: Option<&str>) -> PyResult<Option<T>> {
    name.map(|n| choice(what, n)).transpose()
}

/// The encodings in force: `amo` and `card` as given, else the file's,
/// else automatic.
pub fn encodings(
    instance: &Instance,
    amo: Option<&str>,
    card: Option<&str>,
) -> PyResult<Encodings> {
    Ok(instance.encodings(
        maybe::<AmoEncoding>("amo", amo)?,
        maybe::<CardEncoding>("card", card)?,
    ))
}

/// The deadline `timeout` seconds from now.
pub fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    match timeout {
        Some(s) if !(s >= 0.0 && s.is_finite()) => Err(to_py(Error::usage(format!(
            "timeout={s} is not a number of seconds"
        )))),
        Some(s) => Ok(Some(Instant::now() + Duration::from_secs_f64(s.min(1e9)))),
        None => Ok(None),
    }
}

/// `-D` values from keyword arguments, in name order.
pub fn defines(values: Option<BTreeMap<String, i64>>) -> Vec<(String, i64)> {
    values.unwrap_or_default().into_iter().collect()
}
