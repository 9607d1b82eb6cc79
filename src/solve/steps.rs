//! A step of a search that decides its model rebuilt with a bound
//! (`count >= v`): the step's board carried back to the model's own
//! variables, and a report that keeps the step's progress to itself. The
//! ceiling ([`super::ceiling`]) steps down from the model's bound, the
//! climb ([`super::ascent`]) up past each board found.

use std::collections::HashMap;

use super::interface::Report;
use crate::model::Model;

/// `values` of `from`'s variables as values of `to`'s, matched by name
/// (the board's variables are named alike in both; an auxiliary of `to`
/// that `from` lacks is false).
pub(super) fn carried_over(from: &Model, values: &[bool], to: &Model) -> Vec<bool> {
    let by_name: HashMap<&str, bool> = from
        .names
        .iter()
        .map(String::as_str)
        .zip(values.iter().copied())
        .collect();
    to.names
        .iter()
        .map(|name| by_name.get(name.as_str()).copied().unwrap_or(false))
        .collect()
}

/// A report that keeps the steps' progress to itself.
pub(super) struct Quiet;

impl Report for Quiet {
    fn improved(&mut self, _value: i64) {}
}
