//! What commands print for people and for machines: the `stats` table and
//! its JSON form.

use crate::compile::{EncodingStats, Loaded};
use std::fmt::Write;

/// Constraints per origin, in first-seen order: `[("rule no_attack", 46), ...]`.
pub fn constraints_by_origin(loaded: &Loaded) -> Vec<(String, usize)> {
    let m = &loaded.model;
    let mut counts = vec![0usize; m.origins.len()];
    for t in &m.constraints {
        counts[t.origin as usize] += 1;
    }
    m.origins.iter().cloned().zip(counts).collect()
}

fn model_line(loaded: &Loaded) -> String {
    let parts: Vec<String> = constraints_by_origin(loaded)
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
pub fn stats_table(loaded: &Loaded, rows: &[EncodingStats]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", loaded.spec.file, model_line(loaded));
    let _ = writeln!(
        out,
        "{:<24} {:>12} {:>12} {:>14}",
        "encoding (amo, card)", "variables", "clauses", "literals"
    );
    for (i, r) in rows.iter().enumerate() {
        let label = format!("{}, {}", r.amo, r.card);
        let mark = if i == 0 { "  <- chosen" } else { "" };
        let _ = writeln!(
            out,
            "{label:<24} {:>12} {:>12} {:>14}{mark}",
            r.variables, r.clauses, r.literals
        );
    }
    out
}

fn json_string(s: &str) -> String {
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
pub fn stats_json(loaded: &Loaded, rows: &[EncodingStats]) -> String {
    let origins: Vec<String> = constraints_by_origin(loaded)
        .iter()
        .map(|(o, n)| format!("{}: {n}", json_string(o)))
        .collect();
    let choices: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "    {{\"amo\": {}, \"card\": {}, \"chosen\": {}, \"variables\": {}, \"clauses\": {}, \"literals\": {}}}",
                json_string(&r.amo),
                json_string(&r.card),
                i == 0,
                r.variables,
                r.clauses,
                r.literals
            )
        })
        .collect();
    format!(
        "{{\n  \"file\": {},\n  \"board_variables\": {},\n  \"constraints\": {{{}}},\n  \"encodings\": [\n{}\n  ]\n}}\n",
        json_string(&loaded.spec.file),
        loaded.model.n_vars(),
        origins.join(", "),
        choices.join(",\n")
    )
}

/// What `solve` prints about an answer, the placement it shows, and the
/// exit code it ends with.
pub struct Shown {
    pub text: String,
    pub placement: Option<crate::solution::Placement>,
    pub exit_code: u8,
}

/// The verdict of a solve: status line, objective, board, and the
/// verifier's judgement of the board (from the geometry alone).
pub fn show_answer(loaded: &Loaded, answer: &crate::solve::optimize::Answer) -> Shown {
    show_answer_checked(loaded, answer, &[])
}

/// [`show_answer`], with `extra` problems found outside the board (an
/// external solver's objective that does not match its board) listed
/// after the verifier's.
pub fn show_answer_checked(
    loaded: &Loaded,
    answer: &crate::solve::optimize::Answer,
    extra: &[String],
) -> Shown {
    use crate::solve::optimize::Status;
    let mut text = String::new();
    let (line, code) = match answer.status {
        Status::Satisfiable => ("s SATISFIABLE", 10),
        Status::Unsatisfiable => ("s UNSATISFIABLE", 20),
        Status::Optimal => ("s OPTIMUM FOUND", 0),
        Status::Feasible => ("s SATISFIABLE", 10),
        Status::Unknown => ("s UNKNOWN", 1),
    };
    let _ = writeln!(text, "{line}");
    let Some(values) = &answer.values else {
        if answer.status == Status::Unknown {
            let _ = writeln!(text, "no solution found before the timeout");
        }
        return Shown {
            text,
            placement: None,
            exit_code: code,
        };
    };
    let placement = crate::solution::decode::placement(
        &loaded.board,
        loaded
            .model
            .names
            .iter()
            .map(String::as_str)
            .zip(values.iter().copied()),
    );
    if let (Some(value), Some(obj)) = (answer.objective, &loaded.model.objective) {
        let note = if answer.status == Status::Optimal {
            "proven optimal"
        } else {
            "best found before the timeout, not proven optimal"
        };
        let _ = writeln!(text, "{} = {value} ({note})", obj.what);
    }
    let _ = writeln!(
        text,
        "{}",
        crate::solution::render::pieces_line(&loaded.spec, &placement)
    );
    text.push_str(&crate::solution::render::text(
        &loaded.spec,
        &loaded.board,
        &placement,
    ));
    let violations = crate::solution::verify(&loaded.spec, &loaded.board, &placement);
    let exit_code = if violations.is_empty() && extra.is_empty() {
        let _ = writeln!(
            text,
            "verified: every rule holds (checked from the board geometry)"
        );
        code
    } else {
        let _ = writeln!(
            text,
            "VERIFICATION FAILED: the solver's answer breaks the model:"
        );
        for v in &violations {
            let _ = writeln!(text, "  {v}");
        }
        for e in extra {
            let _ = writeln!(text, "  {e}");
        }
        1
    };
    Shown {
        text,
        placement: Some(placement),
        exit_code,
    }
}
