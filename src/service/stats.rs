//! The size of a model's encodings as `qspec stats` and the Python
//! package's `Model.stats()` give it: a table or JSON.

use std::fmt::Write as _;

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

/// `s` as a JSON string.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The JSON `qspec stats --json` prints: the model's size and one object per
/// encoding choice, the first being the chosen one.
pub fn stats_json(loaded: &Instance, rows: &[EncodingStats]) -> String {
    let origins: Vec<String> = loaded
        .model
        .constraints_by_origin()
        .iter()
        .map(|(o, n)| format!("{}: {n}", json_string(o)))
        .collect();
    let choices: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "    {{\"amo\": {}, \"card\": {}, \"chosen\": {}, \"variables\": {}, \"clauses\": {}, \"literals\": {}, \"estimated\": {}}}",
                json_string(&r.amo),
                json_string(&r.card),
                i == 0,
                r.variables,
                r.clauses,
                r.literals,
                r.estimated
            )
        })
        .collect();
    let hints: Vec<String> = loaded
        .model
        .hints
        .iter()
        .map(|h| {
            let (kind, note) = match &h.kind {
                HintKind::Implied => ("implied", ""),
                HintKind::ImpliedIf(condition) => ("implied_if", condition.as_str()),
                HintKind::Restricting(kept) => ("restricting", kept.as_str()),
                HintKind::OnePerClass(kept) => ("one_per_class", kept.as_str()),
            };
            format!(
                "{{\"hint\": {}, \"kind\": {}, \"note\": {}}}",
                json_string(&h.hint),
                json_string(kind),
                json_string(note)
            )
        })
        .collect();
    format!(
        "{{\n  \"file\": {},\n  \"board_variables\": {},\n  \"constraints\": {{{}}},\n  \"hints\": [{}],\n  \"encodings\": [\n{}\n  ]\n}}\n",
        json_string(&loaded.spec.file),
        loaded.model.n_vars(),
        origins.join(", "),
        hints.join(", "),
        choices.join(",\n")
    )
}
