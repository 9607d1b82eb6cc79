//! Names of variables and rows in LP and MPS files.
//!
//! A name is `[A-Za-z_][A-Za-z0-9_.]*`, at most 100 characters, never
//! starting with `e`/`E` (CPLEX LP reads `e1` as an exponent) and never an
//! LP keyword (`end`, `free`, `st`, `bin`, ...). Model names that already
//! obey this are kept; any other is sanitised (bad characters become `_`,
//! a `_` is put in front when the first character is not allowed) and made
//! unique, and the file's header lists every such renaming.
//!
//! Rows are named after their constraint and origin: `r12_no_attack` for
//! constraint 12 of `rule no_attack`, `r12_no_attack_2` for the second row
//! of a constraint that became several rows.

use std::borrow::Cow;
use std::collections::HashSet;

use super::linear::Row;
use crate::model::{Model, Var};

/// The longest name written.
pub(crate) const MAX_NAME: usize = 100;

/// Words that LP readers take for section or bound keywords.
const LP_KEYWORDS: &[&str] = &[
    "max", "maximize", "maximise", "maximum", "min", "minimize", "minimise", "minimum", "st",
    "s.t.", "st.", "subject", "such", "bound", "bounds", "bin", "binary", "binaries", "gen",
    "general", "generals", "int", "integer", "integers", "semi", "semis", "sos", "free", "inf",
    "infinity", "lazy", "user",
];

/// The names an LP or MPS file uses for the model's variables and rows.
pub(crate) struct SolverNames<'m> {
    vars: Vec<Cow<'m, str>>,
    /// Per origin, the fragment used in row names.
    origins: Vec<String>,
}

impl<'m> SolverNames<'m> {
    pub(crate) fn of(model: &'m Model) -> SolverNames<'m> {
        SolverNames {
            vars: var_names(&model.names),
            origins: model.origins.iter().map(|o| origin_fragment(o)).collect(),
        }
    }

    pub(crate) fn var(&self, var: Var) -> &str {
        &self.vars[var.index()]
    }

    /// `(new name, model name)` for every variable written under another
    /// name than the model's.
    pub(crate) fn renamed<'a>(
        &'a self,
        model: &'a Model,
    ) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.vars
            .iter()
            .zip(&model.names)
            .filter(|(new, old)| new.as_ref() != old.as_str())
            .map(|(new, old)| (new.as_ref(), old.as_str()))
    }

    /// Puts the name of `row` into `buf`.
    pub(crate) fn row(&self, row: &Row<'_>, buf: &mut String) {
        buf.clear();
        buf.push('r');
        buf.push_str(itoa::Buffer::new().format(row.constraint));
        let mut suffix = String::new();
        if row.parts > 1 {
            suffix.push('_');
            suffix.push_str(itoa::Buffer::new().format(row.part + 1));
        }
        let fragment = self
            .origins
            .get(usize::from(row.origin))
            .map_or("", String::as_str);
        if !fragment.is_empty() {
            let room = MAX_NAME.saturating_sub(buf.len() + 1 + suffix.len());
            buf.push('_');
            buf.push_str(&fragment[..fragment.len().min(room)]);
        }
        buf.push_str(&suffix);
    }
}

/// Whether `name` can be written as it is.
pub(crate) fn is_valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphabetic() || first == '_')
        && !matches!(first, 'e' | 'E')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && name.len() <= MAX_NAME
        && !is_keyword(name)
}

fn is_keyword(name: &str) -> bool {
    LP_KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// Every variable's name: the model's where valid and not taken, else a
/// sanitised, unique one. Valid model names are reserved first, so a
/// renamed variable never takes the name of another.
fn var_names(model_names: &[String]) -> Vec<Cow<'_, str>> {
    let mut taken: HashSet<&str> = HashSet::with_capacity(model_names.len());
    let keep: Vec<bool> = model_names
        .iter()
        .map(|name| is_valid_name(name) && taken.insert(name.as_str()))
        .collect();
    let mut invented: HashSet<String> = HashSet::new();
    model_names
        .iter()
        .zip(keep)
        .enumerate()
        .map(|(index, (name, keep))| {
            if keep {
                return Cow::Borrowed(name.as_str());
            }
            let fresh = unique_name(&sanitise(name), index + 1, |candidate| {
                taken.contains(candidate) || invented.contains(candidate)
            });
            invented.insert(fresh.clone());
            Cow::Owned(fresh)
        })
        .collect()
}

/// `base`, or `base_<id>`, `base_<id>_2`, ... (shortened to fit), the first
/// that is not taken.
fn unique_name(base: &str, id: usize, is_taken: impl Fn(&str) -> bool) -> String {
    if !is_taken(base) {
        return base.to_string();
    }
    (1..)
        .map(|attempt| {
            let mut suffix = format!("_{id}");
            if attempt > 1 {
                suffix.push_str(&format!("_{attempt}"));
            }
            let room = MAX_NAME - suffix.len();
            format!("{}{suffix}", &base[..base.len().min(room)])
        })
        .find(|candidate| !is_taken(candidate))
        .expect("some suffix is free")
}

/// `name` made valid: characters outside `[A-Za-z0-9_.]` become `_`, a
/// `_` goes in front unless it starts with an allowed letter (or when it
/// is a keyword), and it is cut to 100 characters.
fn sanitise(name: &str) -> String {
    let mut clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let first_ok = clean
        .chars()
        .next()
        .is_some_and(|c| (c.is_ascii_alphabetic() && !matches!(c, 'e' | 'E')) || c == '_');
    if !first_ok || is_keyword(&clean) {
        clean.insert(0, '_');
    }
    clean.truncate(MAX_NAME);
    clean
}

/// The part of a row name that comes from the origin: `rule no_attack` →
/// `no_attack`, `hint cliques` → `hint_cliques`.
fn origin_fragment(origin: &str) -> String {
    let origin = origin.strip_prefix("rule ").unwrap_or(origin);
    origin
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
