//! A case's fingerprint, stored beside its snapshot files as
//! `DIR/<case>.fingerprint`: the model's size (variables, decision
//! variables, constraints per origin), each snapshot file's size, and the
//! case's meaning computed by the embedded engines with the case's
//! encodings — whether a solution exists, the optimum, or the number of
//! solutions projected on the board's decision variables. A changed
//! snapshot is then "encoding only" when the meaning is the same, and
//! "MEANING CHANGED" when it is not.

use std::fmt::{self, Write as _};

use serde::Deserialize;

use super::manifest::Check;
use crate::count::Solutions;
use crate::error::{Error, Result};
use crate::instance::{CompileReport, Instance};
use crate::options::{Encodings, Format};
use crate::solve::{self, SolveOptions, Status};

/// What a case means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// Whether a solution exists.
    Status(bool),
    /// The optimum (`None`: no solution at all).
    Optimum(Option<i64>),
    /// The number of solutions.
    Count(u64),
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Meaning::Status(true) => f.write_str("satisfiable"),
            Meaning::Status(false) => f.write_str("unsatisfiable"),
            Meaning::Optimum(Some(v)) => write!(f, "optimum {v}"),
            Meaning::Optimum(None) => f.write_str("no solution"),
            Meaning::Count(1) => f.write_str("1 solution"),
            Meaning::Count(n) => write!(f, "{n} solutions"),
        }
    }
}

/// The size of one snapshot file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSize {
    /// Its format.
    pub format: Format,
    /// Its variables, auxiliary ones included.
    pub variables: u64,
    /// Of them, the encodings' auxiliary variables.
    pub auxiliary: u64,
    /// Its clauses (CNF, WCNF) or constraints (OPB, LP, MPS).
    pub rows: u64,
}

impl FileSize {
    /// The size `report` states of `instance` compiled.
    pub fn of(instance: &Instance, report: &CompileReport) -> FileSize {
        FileSize {
            format: report.format,
            variables: report.variables,
            auxiliary: report
                .variables
                .saturating_sub(u64::from(instance.model.n_vars())),
            rows: report.constraints,
        }
    }

    /// `clauses` or `constraints`.
    pub fn rows_word(&self) -> &'static str {
        if self.format.is_clausal() {
            "clauses"
        } else {
            "constraints"
        }
    }
}

/// A case's fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// The model's named variables.
    pub variables: u64,
    /// Of them, the board's decision variables.
    pub decisions: u64,
    /// The model's constraints per origin, in the model's order.
    pub origins: Vec<(String, u64)>,
    /// Each snapshot file's size, in the case's order of formats.
    pub files: Vec<FileSize>,
    /// The case's meaning.
    pub meaning: Meaning,
}

/// The meaning of `instance` under `check`, computed by the embedded
/// engines with `encodings` (the clauses the CNF and WCNF files hold).
pub fn meaning(instance: &Instance, check: Check, encodings: &Encodings) -> Result<Meaning> {
    let opts = SolveOptions {
        encodings: *encodings,
        ..SolveOptions::default()
    };
    Ok(match check {
        Check::Status => {
            let mut spec = instance.spec.clone();
            spec.objective = None;
            let decision = instance.with_spec(spec)?;
            let answer = solve::solve(&decision, &opts, &mut |_| {})?;
            Meaning::Status(settled(answer.status)? == Status::Satisfiable)
        }
        Check::Optimum => {
            let answer = solve::solve(instance, &opts, &mut |_| {})?;
            match settled(answer.status)? {
                Status::Unsatisfiable => Meaning::Optimum(None),
                _ => Meaning::Optimum(answer.objective),
            }
        }
        Check::Count => {
            let mut all = Solutions::new(instance, None, None, encodings, None, None)?;
            while all.next_solution()?.is_some() {}
            Meaning::Count(all.tally().raw)
        }
    })
}

/// A verdict that settles the meaning (an interrupted solve does not).
fn settled(status: Status) -> Result<Status> {
    match status {
        Status::Unknown | Status::Feasible => Err(Error::solver(
            "the fingerprint's solve was stopped before it settled the meaning",
        )),
        other => Ok(other),
    }
}

impl Fingerprint {
    /// The fingerprint of `instance` whose files have `files` sizes.
    pub fn new(instance: &Instance, files: Vec<FileSize>, meaning: Meaning) -> Fingerprint {
        let model = &instance.model;
        Fingerprint {
            variables: u64::from(model.n_vars()),
            decisions: u64::from(model.n_decisions()),
            origins: model
                .constraints_by_origin()
                .into_iter()
                .map(|(o, n)| (o, n as u64))
                .collect(),
            files,
            meaning,
        }
    }

    /// The file's text: TOML, in a fixed order (the same fingerprint is
    /// the same bytes).
    pub fn to_text(&self, case: &str, check: Check) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# The fingerprint of the snapshot case `{case}`, written by `qspec snapshot update`."
        );
        let _ = writeln!(out, "check = \"{}\"", check.name());
        let _ = writeln!(out, "meaning = \"{}\"", self.meaning);
        match self.meaning {
            Meaning::Status(sat) => {
                let _ = writeln!(out, "satisfiable = {sat}");
            }
            Meaning::Optimum(Some(v)) => {
                let _ = writeln!(out, "optimum = {v}");
            }
            Meaning::Optimum(None) => {
                let _ = writeln!(out, "satisfiable = false");
            }
            Meaning::Count(n) => {
                let _ = writeln!(out, "solutions = {n}");
            }
        }
        let _ = writeln!(out, "\n[model]");
        let _ = writeln!(out, "variables = {}", self.variables);
        let _ = writeln!(out, "decisions = {}", self.decisions);
        let _ = writeln!(out, "\n[model.constraints]");
        for (origin, n) in &self.origins {
            let _ = writeln!(out, "{} = {n}", toml_key(origin));
        }
        for file in &self.files {
            let _ = writeln!(out, "\n[files.{}]", file.format.name());
            let _ = writeln!(out, "variables = {}", file.variables);
            let _ = writeln!(out, "auxiliary = {}", file.auxiliary);
            let _ = writeln!(out, "{} = {}", file.rows_word(), file.rows);
        }
        out
    }

    /// A fingerprint file read back (`None` when it is not one: it is then
    /// as if there were none).
    pub fn parse(text: &str) -> Option<(Fingerprint, Check)> {
        #[derive(Deserialize)]
        struct Raw {
            check: String,
            satisfiable: Option<bool>,
            optimum: Option<i64>,
            solutions: Option<u64>,
            model: RawModel,
            #[serde(default)]
            files: std::collections::BTreeMap<String, RawFile>,
        }
        #[derive(Deserialize)]
        struct RawModel {
            variables: u64,
            decisions: u64,
            #[serde(default)]
            constraints: toml::Table,
        }
        #[derive(Deserialize)]
        struct RawFile {
            variables: u64,
            auxiliary: u64,
            clauses: Option<u64>,
            constraints: Option<u64>,
        }
        let raw: Raw = toml::from_str(text).ok()?;
        let check = match raw.check.as_str() {
            "status" => Check::Status,
            "optimum" => Check::Optimum,
            "count" => Check::Count,
            _ => return None,
        };
        let meaning = match check {
            Check::Status => Meaning::Status(raw.satisfiable?),
            Check::Optimum => Meaning::Optimum(raw.optimum),
            Check::Count => Meaning::Count(raw.solutions?),
        };
        let files = raw
            .files
            .into_iter()
            .map(|(name, f)| {
                Some(FileSize {
                    format: Format::from_name(&name)?,
                    variables: f.variables,
                    auxiliary: f.auxiliary,
                    rows: f.clauses.or(f.constraints)?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let origins = raw
            .model
            .constraints
            .into_iter()
            .map(|(k, v)| Some((k, u64::try_from(v.as_integer()?).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        Some((
            Fingerprint {
                variables: raw.model.variables,
                decisions: raw.model.decisions,
                origins,
                files,
                meaning,
            },
            check,
        ))
    }
}

/// `key` as a TOML key: bare when it can be, else quoted.
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        key.to_string()
    } else {
        let escaped = key.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_reads_back_as_written() {
        let f = Fingerprint {
            variables: 64,
            decisions: 64,
            origins: vec![("rule no_attack".into(), 42), ("count".into(), 1)],
            files: vec![
                FileSize {
                    format: Format::Cnf,
                    variables: 206,
                    auxiliary: 142,
                    rows: 736,
                },
                FileSize {
                    format: Format::Lp,
                    variables: 64,
                    auxiliary: 0,
                    rows: 43,
                },
            ],
            meaning: Meaning::Count(92),
        };
        let text = f.to_text("eight-queens", Check::Count);
        let (back, check) = Fingerprint::parse(&text).unwrap();
        assert_eq!(check, Check::Count);
        assert_eq!(back.meaning, f.meaning);
        assert_eq!(back.files.len(), 2);
        assert!(back.origins.contains(&("rule no_attack".into(), 42)));
        assert_eq!(Fingerprint::parse("not toml ["), None);
        assert_eq!(Meaning::Optimum(Some(13)).to_string(), "optimum 13");
    }
}
