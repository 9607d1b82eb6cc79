//! The objective a solver reports, checked against the one recomputed from
//! the answer's values, in the terms of the file the solver read. How each
//! format's reported value maps back is that format's own contract
//! ([`crate::emit::objective_map`]); here it is only applied:
//!
//! * MaxSAT (`o`): the cost of the falsified soft clauses (WCNF);
//! * PB (`o`): the value of the OPB `min:` line;
//! * LP family: the objective row (LP or MPS; when the file is unknown,
//!   either is accepted);
//! * MiniZinc: the objective itself, as the output item prints it;
//! * qspec's JSON line: the objective itself, its `value` (a picture
//!   reports none: qspec prints the board's own).
//!
//! A model without objective should report 0 (an empty cost, `obj: 0 x`).

use super::read::{Form, Reported};
use crate::emit::{objective_maps, ObjectiveMap};
use crate::model::{Model, Objective};
use crate::options::Format;

/// The reported objective, what it means, and a mismatch if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectiveCheck {
    /// `52 (the MaxSAT cost of the soft clauses)`.
    pub reported: String,
    /// A violation-style line when the reported value is not the recomputed one.
    pub mismatch: Option<String>,
}

/// Checks `reported` (from an answer of `form` to a file of `file`'s
/// format, if known, whose header states the map `stated`) against `values`
/// of the model's variables. `None` for forms that report no objective.
pub fn check_objective(
    model: &Model,
    form: Form,
    file: Option<Format>,
    stated: Option<ObjectiveMap>,
    values: &[bool],
    reported: &Reported,
) -> Option<ObjectiveCheck> {
    let (meaning, expected) = expectation(model, form, file, stated, values)?;
    let reported_text = format!("{} ({meaning})", reported.text);
    let matches = expected.iter().any(|&e| same_value(&reported.text, e));
    let mismatch = (!matches).then(|| {
        let shown: Vec<String> = expected.iter().map(i128::to_string).collect();
        let board = match &model.objective {
            Some(o) => format!(
                "the board's {} = {} makes it {}",
                o.what,
                objective_value(o, values),
                shown.join(" or ")
            ),
            None => "the model has no objective, so it should be 0".to_string(),
        };
        format!(
            "objective: the solver reports {} on line {} ({meaning}), but {board}",
            reported.text, reported.line
        )
    });
    Some(ObjectiveCheck {
        reported: reported_text,
        mismatch,
    })
}

/// What the reported value means, and the values it may rightly have.
/// `stated` is the map the compiled file's header states, if known.
fn expectation(
    model: &Model,
    form: Form,
    file: Option<Format>,
    stated: Option<ObjectiveMap>,
    values: &[bool],
) -> Option<(&'static str, Vec<i128>)> {
    let formats: &[Format] = match (form, file) {
        (Form::Sat | Form::MiniSat | Form::Picture, _) => return None,
        (Form::MaxSat, _) => &[Format::Wcnf],
        (Form::Pb, _) => &[Format::Opb],
        // Both report the objective itself, as MiniZinc's output does.
        (Form::MiniZinc | Form::Json, _) => &[Format::Mzn],
        (_, Some(Format::Mps)) => &[Format::Mps],
        (_, None) => &[Format::Lp, Format::Mps],
        _ => &[Format::Lp],
    };
    let Some(objective) = &model.objective else {
        return Some((meaning_without_objective(form), vec![0]));
    };
    let value = objective_value(objective, values);
    let maps: Vec<ObjectiveMap> = match stated {
        Some(map) => vec![map],
        None => formats
            .iter()
            .flat_map(|&f| objective_maps(f, model))
            .collect(),
    };
    let mut expected: Vec<i128> = maps.iter().map(|m| m.reported(value)).collect();
    expected.dedup();
    let negated = maps.iter().any(|m| m.negated);
    let meaning = match formats {
        [Format::Wcnf] => "the MaxSAT cost of the soft clauses",
        [Format::Opb] => "the value of the OPB min: line",
        [Format::Mzn] if form == Form::Json => "the objective, the JSON line's value",
        [Format::Mzn] => "the objective, as the MiniZinc model's output prints it",
        [Format::Mps] if stated.is_some() && negated => {
            "the negated objective row of the MPS file (--mps-negate)"
        }
        [Format::Mps] if negated => {
            "the objective row (negated if the MPS file was written with --mps-negate)"
        }
        [_, _] if negated => "the objective row; negated in an MPS file written with --mps-negate",
        _ => "the objective row",
    };
    Some((meaning, expected))
}

/// What the reported value of a model without objective means.
fn meaning_without_objective(form: Form) -> &'static str {
    match form {
        Form::MaxSat => "the MaxSAT cost",
        Form::Pb => "the value of the OPB min: line",
        _ => "the objective row",
    }
}

/// `sum(coef * lit)` under `values`.
pub fn objective_value(objective: &Objective, values: &[bool]) -> i128 {
    objective
        .terms
        .iter()
        .filter(|(_, l)| l.eval(values[l.var().index()]))
        .map(|&(c, _)| i128::from(c))
        .sum()
}

/// Whether the text `reported` is `expected`: exactly for integers, within
/// 1e-6 (relative beyond 1) for decimals.
fn same_value(reported: &str, expected: i128) -> bool {
    if let Ok(r) = reported.parse::<i128>() {
        return r == expected;
    }
    match reported.parse::<f64>() {
        Ok(r) => {
            let e = expected as f64;
            (r - e).abs() <= 1e-6 * e.abs().max(1.0)
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Sense, Var};

    /// maximize 2 a + 3 !b - c (a, b, c = variables 1, 2, 3).
    fn model(sense: Sense) -> Model {
        let mut m = Model::default();
        for n in ["a", "b", "c"] {
            m.new_var(n.into());
        }
        let v = |id| Var::from_dimacs(id);
        m.objective = Some(Objective {
            sense,
            terms: vec![
                (2, v(1).positive()),
                (3, v(2).negative()),
                (-1, v(3).positive()),
            ],
            what: "weight".into(),
        });
        m
    }

    fn check(
        m: &Model,
        form: Form,
        file: Option<Format>,
        values: &[bool],
        text: &str,
    ) -> Option<String> {
        let reported = Reported {
            text: text.into(),
            line: 1,
        };
        check_objective(m, form, file, None, values, &reported)
            .unwrap()
            .mismatch
    }

    #[test]
    fn each_form_reports_the_objective_in_its_own_terms() {
        let max = model(Sense::Maximize);
        // a = 1, b = 1, c = 1: value 2 + 0 - 1 = 1; offset 3 (from 3 !b).
        let values = [true, true, true];
        // Soft clauses a (2), !b (3), !c (1): !b and !c are false: cost 4.
        assert_eq!(check(&max, Form::MaxSat, None, &values, "4"), None);
        assert!(check(&max, Form::MaxSat, None, &values, "3").is_some());
        // OPB min: -(2a - 3b - c) = -(1 - 3) = 2.
        assert_eq!(check(&max, Form::Pb, None, &values, "2"), None);
        // LP row 2a - 3b - c = -2; MPS minimises its negation, 2.
        assert_eq!(
            check(&max, Form::Cbc, Some(Format::Lp), &values, "-2.0000000"),
            None
        );
        assert_eq!(
            check(&max, Form::Highs, Some(Format::Mps), &values, "2"),
            None
        );
        assert!(check(&max, Form::Highs, Some(Format::Lp), &values, "2").is_some());
        assert_eq!(check(&max, Form::Scip, None, &values, "2"), None);
        assert_eq!(check(&max, Form::Scip, None, &values, "-2"), None);
        let min = model(Sense::Minimize);
        // Minimising: soft clauses !a (2), b (3), c (1); !a is false: cost 2.
        assert_eq!(check(&min, Form::MaxSat, None, &values, "2"), None);
        assert_eq!(check(&min, Form::Pb, None, &values, "-2"), None);
        assert_eq!(check(&min, Form::Gurobi, None, &values, "-2"), None);
    }

    #[test]
    fn a_model_without_objective_reports_zero() {
        let mut m = Model::default();
        m.new_var("a".into());
        let reported = |t: &str| Reported {
            text: t.into(),
            line: 2,
        };
        let ok = check_objective(&m, Form::Highs, None, None, &[true], &reported("0")).unwrap();
        assert_eq!(ok.mismatch, None);
        let bad = check_objective(&m, Form::MaxSat, None, None, &[true], &reported("3")).unwrap();
        assert!(bad.mismatch.unwrap().contains("the model has no objective"));
        assert!(check_objective(&m, Form::Sat, None, None, &[true], &reported("0")).is_none());
    }
}
