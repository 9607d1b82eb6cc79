//! Names of variables and rows in LP, MPS and MiniZinc files.
//!
//! Each dialect has its rules ([`Rules`]): in CPLEX LP and MPS ([`LP`]) a
//! name is `[A-Za-z_][A-Za-z0-9_.]*`, at most 100 characters, never
//! starting with `e`/`E` (CPLEX LP reads `e1` as an exponent) and never an
//! LP keyword (`end`, `free`, `st`, `bin`, ...); in lp_solve's dialect
//! ([`LP_SOLVE`], as OR-tools reads it) `[A-Za-z_][A-Za-z0-9_]*`, never
//! starting with `int`, `bin` or `inf` in any case (OR-tools' tokenizer
//! takes those for its keywords wherever a name starts with them); in
//! MiniZinc ([`MZN`]) `[A-Za-z][A-Za-z0-9_]*`, never a keyword nor a name
//! the writer uses itself. Model names that already obey the rules are
//! kept; any other is sanitised (bad characters become `_`, a prefix goes
//! in front when the first character is not allowed or the name is
//! reserved) and made unique, and the file's header lists every such
//! renaming.
//!
//! Rows are named after their constraint and origin: `r12_no_attack` for
//! constraint 12 of `rule no_attack`, `r12_no_attack_2` for the second row
//! of a constraint that became several rows.

use std::borrow::Cow;
use std::collections::HashSet;

use super::linear::Row;
use crate::model::{Model, Var};

/// The longest name written in an LP or MPS file.
pub(crate) const MAX_NAME: usize = 100;

/// What a dialect allows in a name.
pub(crate) struct Rules {
    /// Allowed after the first character (ASCII letters and digits are).
    pub(crate) inner: &'static [char],
    /// Allowed as the first character (ASCII letters are, but `banned_first`).
    pub(crate) first: &'static [char],
    /// ASCII letters not allowed first.
    pub(crate) banned_first: &'static [char],
    /// Prefixes (any case) no name may start with.
    pub(crate) banned_prefixes: &'static [&'static str],
    /// Reserved words (any case, or exactly when `case_sensitive`).
    pub(crate) keywords: &'static [&'static str],
    /// Whether keywords are reserved only as written.
    pub(crate) case_sensitive: bool,
    /// What goes in front of a name that may not start as it does.
    pub(crate) prefix: &'static str,
    /// The longest name.
    pub(crate) max: usize,
}

/// Words that LP readers take for section or bound keywords.
const LP_KEYWORDS: &[&str] = &[
    "max", "maximize", "maximise", "maximum", "min", "minimize", "minimise", "minimum", "st",
    "s.t.", "st.", "subject", "such", "bound", "bounds", "bin", "binary", "binaries", "gen",
    "general", "generals", "int", "integer", "integers", "semi", "semis", "sos", "free", "inf",
    "infinity", "lazy", "user",
];

/// lp_solve's section keywords besides LP's.
const LP_SOLVE_KEYWORDS: &[&str] = &[
    "max", "maximize", "maximise", "min", "minimize", "minimise", "bin", "int", "sec", "sin",
    "free", "inf", "infinity",
];

/// MiniZinc's keywords (2.6, and those later versions reserve), and the
/// names the MiniZinc writer uses itself.
const MZN_KEYWORDS: &[&str] = &[
    "ann",
    "annotation",
    "any",
    "array",
    "bool",
    "case",
    "constraint",
    "default",
    "diff",
    "div",
    "else",
    "elseif",
    "endif",
    "enum",
    "false",
    "float",
    "function",
    "if",
    "in",
    "include",
    "int",
    "intersect",
    "let",
    "list",
    "maximize",
    "minimize",
    "mod",
    "not",
    "of",
    "op",
    "opt",
    "output",
    "par",
    "predicate",
    "record",
    "satisfy",
    "set",
    "solve",
    "string",
    "subset",
    "superset",
    "symdiff",
    "test",
    "then",
    "true",
    "tuple",
    "type",
    "union",
    "var",
    "where",
    "xor",
    "sum",
    "exists",
    "clause",
    "bool2int",
    "fix",
    "show",
    "objective",
];

/// CPLEX LP and MPS.
pub(crate) const LP: Rules = Rules {
    inner: &['_', '.'],
    first: &['_'],
    banned_first: &['e', 'E'],
    banned_prefixes: &[],
    keywords: LP_KEYWORDS,
    case_sensitive: false,
    prefix: "_",
    max: MAX_NAME,
};

/// lp_solve's LP format, as lp_solve and OR-tools read it.
pub(crate) const LP_SOLVE: Rules = Rules {
    inner: &['_'],
    first: &['_'],
    banned_first: &[],
    banned_prefixes: &["int", "bin", "inf"],
    keywords: LP_SOLVE_KEYWORDS,
    case_sensitive: false,
    prefix: "_",
    max: MAX_NAME,
};

/// MiniZinc.
pub(crate) const MZN: Rules = Rules {
    inner: &['_'],
    first: &[],
    banned_first: &[],
    banned_prefixes: &[],
    keywords: MZN_KEYWORDS,
    case_sensitive: true,
    prefix: "v_",
    max: usize::MAX,
};

/// The names an LP, MPS or MiniZinc file uses for the model's variables
/// and rows.
pub(crate) struct SolverNames<'m> {
    vars: Vec<Cow<'m, str>>,
    /// Per origin, the fragment used in row names.
    origins: Vec<String>,
}

impl<'m> SolverNames<'m> {
    /// The names of CPLEX LP and MPS.
    pub(crate) fn of(model: &'m Model) -> SolverNames<'m> {
        SolverNames::with(model, &LP)
    }

    /// The names under `rules`.
    pub(crate) fn with(model: &'m Model, rules: &Rules) -> SolverNames<'m> {
        SolverNames {
            vars: var_names(&model.names, rules),
            origins: (0..model.origins.len())
                .map(|i| origin_fragment(model.origin_text(i as crate::model::OriginId)))
                .collect(),
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

/// Whether `name` can be written as it is under `rules`.
pub(crate) fn is_valid_name(name: &str, rules: &Rules) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    rules.may_start(first)
        && chars.all(|c| rules.may_follow(c))
        && name.len() <= rules.max
        && !rules.is_reserved(name)
}

impl Rules {
    fn may_start(&self, c: char) -> bool {
        (c.is_ascii_alphabetic() || self.first.contains(&c)) && !self.banned_first.contains(&c)
    }

    fn may_follow(&self, c: char) -> bool {
        c.is_ascii_alphanumeric() || self.inner.contains(&c)
    }

    /// A keyword, or a name with a banned prefix.
    fn is_reserved(&self, name: &str) -> bool {
        let keyword = |k: &&str| {
            if self.case_sensitive {
                *k == name
            } else {
                k.eq_ignore_ascii_case(name)
            }
        };
        let prefixed = |p: &&str| {
            name.get(..p.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(p))
        };
        self.keywords.iter().any(keyword) || self.banned_prefixes.iter().any(prefixed)
    }
}

/// Every variable's name: the model's where valid and not taken, else a
/// sanitised, unique one. Valid model names are reserved first, so a
/// renamed variable never takes the name of another.
fn var_names<'n>(model_names: &'n [String], rules: &Rules) -> Vec<Cow<'n, str>> {
    let mut taken: HashSet<&str> = HashSet::with_capacity(model_names.len());
    let keep: Vec<bool> = model_names
        .iter()
        .map(|name| is_valid_name(name, rules) && taken.insert(name.as_str()))
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
            let fresh = unique_name(&sanitise(name, rules), index + 1, rules.max, |candidate| {
                taken.contains(candidate) || invented.contains(candidate)
            });
            invented.insert(fresh.clone());
            Cow::Owned(fresh)
        })
        .collect()
}

/// `base`, or `base_<id>`, `base_<id>_2`, ... (shortened to `max`), the
/// first that is not taken.
fn unique_name(base: &str, id: usize, max: usize, is_taken: impl Fn(&str) -> bool) -> String {
    if !is_taken(base) {
        return base.to_string();
    }
    (1..)
        .map(|attempt| {
            let mut suffix = format!("_{id}");
            if attempt > 1 {
                suffix.push_str(&format!("_{attempt}"));
            }
            let room = max.saturating_sub(suffix.len());
            format!("{}{suffix}", &base[..base.len().min(room)])
        })
        .find(|candidate| !is_taken(candidate))
        .expect("some suffix is free")
}

/// `name` made valid under `rules`: characters not allowed become `_`, the
/// prefix goes in front unless it starts with an allowed character (or
/// when it is reserved), and it is cut to the longest name.
fn sanitise(name: &str, rules: &Rules) -> String {
    let mut clean: String = name
        .chars()
        .map(|c| if rules.may_follow(c) { c } else { '_' })
        .collect();
    let first_ok = clean.chars().next().is_some_and(|c| rules.may_start(c));
    if !first_ok || rules.is_reserved(&clean) {
        clean.insert_str(0, rules.prefix);
    }
    if clean.len() > rules.max {
        clean.truncate(rules.max);
    }
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
