//! An answer as `qspec solve` prints it and the Python package's results
//! show it: the status, the value, the board and the verifier's
//! judgement, with the caveats of the hints in force.

use std::fmt::Write as _;

use crate::answer;
use crate::board::Placement;
use crate::draw as render;
use crate::draw::json::{cell_list, kind_list, BoardJson};
use crate::instance::Instance;
use crate::model::{HintKind, HintNote};
use crate::solve::{Answer, Status};

/// What a command prints about an answer, the placement it shows, and the
/// exit code it ends with.
pub struct Shown {
    /// The text for standard output.
    pub text: String,
    /// The board shown, if any.
    pub placement: Option<Placement>,
    /// The exit code.
    pub exit_code: u8,
    /// The same verdict as one JSON object (`solve --json`).
    pub json: BoardJson,
}

/// The verdict of a solve: status line, objective, board, and the
/// verifier's judgement of the board, with `extra` problems found outside
/// the board (an external solver's objective that does not match it)
/// listed after the verifier's.
pub fn show_answer(loaded: &Instance, answer: &Answer, extra: &[String]) -> Shown {
    let mut text = String::new();
    let (line, code) = match answer.status {
        Status::Satisfiable => ("s SATISFIABLE", 10),
        Status::Unsatisfiable => ("s UNSATISFIABLE", 20),
        Status::Optimal => ("s OPTIMUM FOUND", 0),
        Status::Feasible => ("s SATISFIABLE", 10),
        Status::Unknown => ("s UNKNOWN", 1),
    };
    let _ = writeln!(text, "{line}");
    for caveat in hint_caveats(&loaded.model.hints, answer.status) {
        let _ = writeln!(text, "{caveat}");
    }
    let Some(values) = &answer.values else {
        if answer.status == Status::Unknown {
            let why = if crate::interrupt::interrupted() {
                "the interrupt"
            } else {
                "the timeout"
            };
            let _ = writeln!(text, "no solution found before {why}");
        }
        return Shown {
            text,
            placement: None,
            exit_code: code,
            json: BoardJson {
                status: Some(answer.status.name()),
                ..BoardJson::default()
            },
        };
    };
    let placement = answer::decode::placement_of(&loaded.model, &loaded.board, values);
    if let (Some(value), Some(obj)) = (answer.objective, &loaded.model.objective) {
        let restricted = !loaded.model.hints.iter().all(HintNote::keeps_verdicts);
        let note = match answer.status {
            Status::Optimal if restricted => "proven optimal under the restricting hints",
            Status::Optimal => "proven optimal",
            _ if crate::interrupt::interrupted() => {
                "best found before the interrupt, not proven optimal"
            }
            _ => "best found before the timeout, not proven optimal",
        };
        let _ = writeln!(text, "{} = {value} ({note})", obj.what);
    }
    let _ = writeln!(text, "{}", render::pieces_line(&loaded.spec, &placement));
    text.push_str(&render::text(&loaded.spec, &loaded.board, &placement));
    let mut problems = violations(loaded, &placement);
    problems.extend(extra.iter().cloned());
    verdict_lines(&problems, &mut text);
    let exit_code = if problems.is_empty() { code } else { 1 };
    let json = BoardJson {
        walls: loaded
            .spec
            .free_walls
            .then(|| cell_list(&loaded.board, &placement.chosen_walls)),
        value: answer.objective,
        status: Some(answer.status.name()),
        cells: Some(cell_list(&loaded.board, &placement.pieces)),
        kinds: kind_list(&loaded.spec, &placement),
        verified: Some(problems.is_empty()),
        problems: (!problems.is_empty()).then_some(problems),
        ..BoardJson::default()
    };
    Shown {
        text,
        placement: Some(placement),
        exit_code,
        json,
    }
}

/// What a verdict means under the model's hints: a proof of impossibility
/// or optimality holds under a restricting hint only for the restricted
/// model, and under an "implied if" hint only if its condition holds.
pub fn hint_caveats(hints: &[HintNote], status: Status) -> Vec<String> {
    let claim = match status {
        Status::Unsatisfiable => "no solution",
        Status::Optimal => "optimal",
        Status::Satisfiable | Status::Feasible | Status::Unknown => return Vec::new(),
    };
    hints
        .iter()
        .filter_map(|h| match &h.kind {
            HintKind::Implied => None,
            HintKind::ImpliedIf(condition) => Some(format!(
                "c {claim} assuming {condition} (`{}`)",
                h.hint
            )),
            HintKind::OnePerClass(_) => Some(format!(
                "c {claim}: this holds without `{}` too (it keeps a solution in every symmetry class)",
                h.hint
            )),
            HintKind::Restricting(kept) => Some(format!(
                "c {claim} with the restricting `{}` ({kept}): this is not a claim about the model without it",
                h.hint
            )),
        })
        .collect()
}

/// Every rule `placement` breaks, in words.
pub fn violations(loaded: &Instance, placement: &Placement) -> Vec<String> {
    crate::verify::verify(&loaded.spec, &loaded.board, placement)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// `verified: ...`, or the failure and one line per problem.
pub fn verdict_lines(problems: &[String], text: &mut String) {
    if problems.is_empty() {
        let _ = writeln!(
            text,
            "verified: every rule holds (checked from the board geometry)"
        );
    } else {
        let _ = writeln!(
            text,
            "VERIFICATION FAILED: the solver's answer breaks the model:"
        );
        for p in problems {
            let _ = writeln!(text, "  {p}");
        }
    }
}
