//! The size of a model's encodings as `qspec stats` and the Python
//! package's `Model.stats()` give it: a table or JSON.

use std::fmt::Write as _;

use serde::Serialize;

use crate::encode::EncodingStats;
use crate::instance::Instance;
use crate::model::HintKind;

fn model_line(loaded: &Instance) -> String {
    let parts: Vec<String> = loaded
        .model
        .constraints_by_origin()
        .iter()
        .map(|(o, n)| format!("{o}: {n}"))
        .collect();
    format!(
        "{} board variables, {} constraints ({})",
        loaded.model.n_vars(),
        loaded.model.constraints.len(),
        parts.join(", ")
    )
}

/// The table `qspec stats` prints.
pub fn stats_table(loaded: &Instance, rows: &[EncodingStats]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", loaded.spec.file, model_line(loaded));
    for hint in &loaded.model.hints {
        let _ = writeln!(out, "{}", hint.describe());
    }
    let _ = writeln!(
        out,
        "{:<24} {:>12} {:>12} {:>14}",
        "encoding (amo, card)", "variables", "clauses", "literals"
    );
    for (i, r) in rows.iter().enumerate() {
        let label = format!("{}, {}", r.amo, r.card);
        let mark = if i == 0 { "  <- chosen" } else { "" };
        let about = |n: u64| {
            if r.estimated {
                format!("~{n}")
            } else {
                n.to_string()
            }
        };
        let _ = writeln!(
            out,
            "{label:<24} {:>12} {:>12} {:>14}{mark}",
            about(r.variables),
            about(r.clauses),
            about(r.literals)
        );
    }
    if rows.iter().any(|r| r.estimated) {
        let _ = writeln!(
            out,
            "~ estimated from the constraints' shapes: counting every row exactly would take long"
        );
    }
    out
}

/// What `qspec stats --json` says of a model.
#[derive(Serialize)]
struct StatsJson<'a> {
    file: &'a str,
    board_variables: u32,
    /// Constraints by origin, in the model's order.
    #[serde(serialize_with = "in_order")]
    constraints: Vec<(String, usize)>,
    hints: Vec<HintJson<'a>>,
    encodings: Vec<EncodingJson<'a>>,
}

/// A hint and what it does to the solutions.
#[derive(Serialize)]
struct HintJson<'a> {
    hint: &'a str,
    kind: &'static str,
    note: &'a str,
}

/// One encoding choice's size.
#[derive(Serialize)]
struct EncodingJson<'a> {
    amo: &'a str,
    card: &'a str,
    chosen: bool,
    variables: u64,
    clauses: u64,
    literals: u64,
    estimated: bool,
}

/// A list of pairs as a JSON object whose keys keep the list's order.
fn in_order<S: serde::Serializer>(pairs: &[(String, usize)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// The JSON `qspec stats --json` prints: the model's size and one object per
/// encoding choice, the first being the chosen one.
pub fn stats_json(loaded: &Instance, rows: &[EncodingStats]) -> String {
    let hints = loaded.model.hints.iter().map(|h| {
        let (kind, note) = match &h.kind {
            HintKind::Implied => ("implied", ""),
            HintKind::ImpliedIf(condition) => ("implied_if", condition.as_str()),
            HintKind::Restricting(kept) => ("restricting", kept.as_str()),
            HintKind::OnePerClass(kept) => ("one_per_class", kept.as_str()),
        };
        HintJson {
            hint: &h.hint,
            kind,
            note,
        }
    });
    let encodings = rows.iter().enumerate().map(|(i, r)| EncodingJson {
        amo: &r.amo,
        card: &r.card,
        chosen: i == 0,
        variables: r.variables,
        clauses: r.clauses,
        literals: r.literals,
        estimated: r.estimated,
    });
    let stats = StatsJson {
        file: &loaded.spec.file,
        board_variables: loaded.model.n_vars(),
        constraints: loaded.model.constraints_by_origin(),
        hints: hints.collect(),
        encodings: encodings.collect(),
    };
    let mut text = serde_json::to_string_pretty(&stats).expect("plain data serialises");
    text.push('\n');
    text
}
