//! The readers on small hand-made answers: every status, the spellings
//! real solvers use, and the malformed answers each must refuse with a
//! line number (the real solvers' outputs are tested in `tests/suite/verify.rs`).

use super::*;

fn read(text: &str) -> std::result::Result<SolverAnswer, String> {
    read_as(text, None)
}

fn read_as(text: &str, form: Option<Form>) -> std::result::Result<SolverAnswer, String> {
    let opts = ReadOptions { form, kept_ids: 4 };
    read_answer(&mut text.as_bytes(), "answer.txt", opts).map_err(|e| e.to_string())
}

fn ids(answer: &SolverAnswer) -> Vec<Option<bool>> {
    match &answer.values {
        Values::ById(v) => v.values.clone(),
        other => panic!("not by id: {other:?}"),
    }
}

fn names(answer: &SolverAnswer) -> Vec<(String, f64)> {
    match &answer.values {
        Values::ByName(v) => v.iter().map(|n| (n.name.clone(), n.value)).collect(),
        other => panic!("not by name: {other:?}"),
    }
}

fn error(text: &str) -> String {
    read(text).expect_err("should be refused")
}

const T: Option<bool> = Some(true);
const F: Option<bool> = Some(false);

#[test]
fn sat_output_with_wrapped_v_lines() {
    let a = read("c hello\ns SATISFIABLE\nv 1 -2\nv 3 -4 5 0\n").unwrap();
    assert_eq!(a.form, Form::Sat);
    assert_eq!(a.status, AnswerStatus::Satisfiable);
    assert_eq!(ids(&a), vec![T, F, T, F]);
    let Values::ById(v) = &a.values else {
        unreachable!()
    };
    assert_eq!(v.highest, Some((5, 4)));
}

#[test]
fn comments_between_v_lines_do_not_cut_the_list() {
    let a = read("s SATISFIABLE\nv 1 -2\nc progress\nv 3 -4 0\n").unwrap();
    assert_eq!(ids(&a), vec![T, F, T, F]);
}

#[test]
fn sat_unsat_and_unknown_hold_no_values() {
    for (text, status) in [
        ("s UNSATISFIABLE\n", AnswerStatus::Unsatisfiable),
        ("c timeout\ns UNKNOWN\n", AnswerStatus::Unknown),
        ("c nothing decided\n", AnswerStatus::Unknown),
    ] {
        let a = read(text).unwrap();
        assert_eq!(a.status, status, "{text}");
        assert_eq!(a.values, Values::None);
    }
}

#[test]
fn sat_output_must_close_its_v_list() {
    let e = error("s SATISFIABLE\nv 1 -2\nv 3\n");
    assert!(e.contains("answer.txt:3:"), "{e}");
    assert!(e.contains("without the closing 0"), "{e}");
}

#[test]
fn satisfiable_without_values_is_refused() {
    let e = error("s SATISFIABLE\n");
    assert!(
        e.contains("answer.txt:1:") && e.contains("no v line"),
        "{e}"
    );
}

#[test]
fn literals_after_the_zero_and_bad_literals_are_refused() {
    assert!(error("s SATISFIABLE\nv 1 0 2\n").contains("after the 0"));
    assert!(error("s SATISFIABLE\nv 1 two 0\n").contains("`two` is not a literal"));
    assert!(error("s SATISFIABLE\nv 1 -0 0\n").contains("numbered from 1"));
    assert!(error("s SATISFIABLE\nv 99999999999 0\n").contains("beyond any variable"));
    assert!(error("s SATISFIABLE\nv 1 -1 0\n").contains("variable 1 is given both values"));
    assert!(error("s MAYBE\n").contains("`s MAYBE` is not a status"));
    assert!(error("s SATISFIABLE\nhello\n").contains("answer.txt:2:"));
    assert!(error("o 1.5\n").contains("not an integer"));
}

#[test]
fn maxsat_positional_string() {
    let a = read("o 3\no 2\ns OPTIMUM FOUND\nv 0110\n").unwrap();
    assert_eq!(a.form, Form::MaxSat);
    assert_eq!(a.status, AnswerStatus::Optimal);
    assert_eq!(a.objective.as_ref().unwrap().text, "2");
    assert_eq!(ids(&a), vec![F, T, T, F]);
}

#[test]
fn maxsat_literals_need_no_zero_and_the_last_list_counts() {
    let a = read("v 1 2 0\no 5\nv -1 -2 3\no 4\ns OPTIMUM FOUND\n").unwrap();
    assert_eq!(a.form, Form::MaxSat);
    assert_eq!(ids(&a), vec![F, F, T, None]);
    assert_eq!(a.objective.unwrap().text, "4");
}

#[test]
fn forced_maxsat_reads_a_one_character_string() {
    let a = read_as("s OPTIMUM FOUND\nv 1\n", Some(Form::MaxSat)).unwrap();
    assert_eq!(ids(&a), vec![T, None, None, None]);
}

#[test]
fn pb_output_with_x_literals() {
    let a = read("o -1\no -2\ns OPTIMUM FOUND\nv -x1 x2\nv x3 -x4\n").unwrap();
    assert_eq!(a.form, Form::Pb);
    assert_eq!(ids(&a), vec![F, T, T, F]);
    assert!(error("s SATISFIABLE\nv x1 -2\n").contains("mixes"));
}

#[test]
fn ids_above_the_kept_ones_are_only_remembered_as_highest() {
    let a = read("s SATISFIABLE\nv 1 -7 0\n").unwrap();
    assert_eq!(ids(&a), vec![T, None, None, None]);
    let Values::ById(v) = &a.values else {
        unreachable!()
    };
    assert_eq!(v.highest, Some((7, 2)));
}

#[test]
fn minisat_result_file() {
    let a = read("SAT\n1 -2 3 -4 0\n").unwrap();
    assert_eq!(a.form, Form::MiniSat);
    assert_eq!(ids(&a), vec![T, F, T, F]);
    assert_eq!(read("UNSAT\n").unwrap().status, AnswerStatus::Unsatisfiable);
    assert_eq!(read("INDET\n").unwrap().status, AnswerStatus::Unknown);
    assert!(error("SAT\n1 -2 3\n").contains("does not end with 0"));
    assert!(error("SAT\n").contains("does not end with 0"));
    assert!(error("UNSAT\n1 0\n").contains("after UNSAT"));
}

#[test]
fn scip_solution_with_and_without_status() {
    let text = "solution status: optimal solution found\nobjective value:  2\nx_0_0   1 \t(obj:1)\nx_1_1   0.9999999 \t(obj:1)\n";
    let a = read(text).unwrap();
    assert_eq!((a.form, a.status), (Form::Scip, AnswerStatus::Optimal));
    assert_eq!(a.objective.unwrap().text, "2");
    assert_eq!(
        names(&read(text).unwrap()),
        vec![("x_0_0".into(), 1.0), ("x_1_1".into(), 0.9999999)]
    );
    let a = read("objective value: 1\nx_0_0 1 (obj:1)\n").unwrap();
    assert_eq!(a.status, AnswerStatus::Satisfiable);
    let a = read("solution status: infeasible\nno solution available\n").unwrap();
    assert_eq!(a.status, AnswerStatus::Unsatisfiable);
    let a = read("solution status: time limit reached\nno solution available\n").unwrap();
    assert_eq!(a.status, AnswerStatus::Unknown);
    assert!(error("objective value: 1\nx_0_0 one\n").contains("`one` is not a number"));
    assert!(error("objective value: 1\nx_0_0 1 2 3\n").contains("answer.txt:2:"));
}

#[test]
fn gurobi_solution() {
    let a = read("# Solution for model qspec\n# Objective value = 1.0000000000000000e+00\nx_0_0 1\nx_0_1 0\n").unwrap();
    assert_eq!(
        (a.form, a.status),
        (Form::Gurobi, AnswerStatus::Satisfiable)
    );
    assert_eq!(a.objective.unwrap().text, "1.0000000000000000e+00");
    assert!(error("# Objective value = 1\nx_0_0\n").contains("answer.txt:2:"));
}

#[test]
fn highs_solution() {
    let text = "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 2\nx_0_0 1\nx_0_1 0\n# Rows 1\nr0 1\n";
    let a = read(text).unwrap();
    assert_eq!((a.form, a.status), (Form::Highs, AnswerStatus::Optimal));
    assert_eq!(
        names(&a),
        vec![("x_0_0".into(), 1.0), ("x_0_1".into(), 0.0)]
    );
    let limit = text.replace("Optimal", "Time limit reached");
    assert_eq!(read(&limit).unwrap().status, AnswerStatus::Satisfiable);
    let none = "Model status\nInfeasible\n\n# Primal solution values\nNone\n";
    assert_eq!(read(none).unwrap().status, AnswerStatus::Unsatisfiable);
    let truncated = "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 3\nx_0_0 1\n";
    assert!(error(truncated).contains("after 1 of its 3 columns"));
    // HiGHS 1.16 states the bound and the gap after the objective.
    let bounded = text.replace(
        "Objective 1\n",
        "Objective 1\nObjective_bound 1\nMIP_rel_gap 0\n",
    );
    assert_eq!(names(&read(&bounded).unwrap()).len(), 2);
    let stray = text.replace("Objective 1\n", "Objective 1\nnot a line\n");
    assert!(error(&stray).contains("expected `# Columns <count>`"));
}

#[test]
fn cbc_solution_and_its_statuses() {
    let a = read("Optimal - objective value 2.00000000\n      0 x_0_0     1    1\n      3 x_1_1     1    1\n").unwrap();
    assert_eq!((a.form, a.status), (Form::Cbc, AnswerStatus::Optimal));
    assert_eq!(names(&a).len(), 2);
    let rows_then_columns =
        "Optimal - objective value 1\n 0 r0 1 -0\n 1 r1 8 0\n 0 x_0_0 1 1\n 1 x_0_1 0 1\n";
    assert_eq!(
        names(&read(rows_then_columns).unwrap()),
        vec![("x_0_0".into(), 1.0), ("x_0_1".into(), 0.0)]
    );
    let flagged = read("Stopped on time - objective value 1\n** 0 x_0_0 1 1\n").unwrap();
    assert_eq!(flagged.status, AnswerStatus::Satisfiable);
    for (first, status) in [
        (
            "Integer infeasible - objective value 0",
            AnswerStatus::Unsatisfiable,
        ),
        (
            "Infeasible - objective value 0",
            AnswerStatus::Unsatisfiable,
        ),
        (
            "Stopped on time (no integer solution - continuous used) - objective value 3",
            AnswerStatus::Unknown,
        ),
    ] {
        let a = read(&format!("{first}\n 0 x_0_0 0.5 0\n")).unwrap();
        assert_eq!((a.status, a.values), (status, Values::None), "{first}");
    }
    assert!(error("Optimal - objective value 1\n0 x_0_0 1\n").contains("answer.txt:2:"));
}

#[test]
fn glpk_printable_solution_with_a_long_name() {
    let text = "Problem:    \nRows:       1\nColumns:    2\nStatus:     INTEGER OPTIMAL\nObjective:  obj = 1 (MAXimum)\n\n   No.   Row name        Activity     Lower bound   Upper bound\n------ ------------    ------------- ------------- -------------\n     1 r0                          1                           1\n\n   No. Column name       Activity     Lower bound   Upper bound\n------ ------------    ------------- ------------- -------------\n     1 x_0_0        *              1             0             1\n     2 a_name_longer_than_twelve\n                    *              0             0             1\n\nIntegrality feasibility conditions:\n";
    let a = read(text).unwrap();
    assert_eq!((a.form, a.status), (Form::Glpk, AnswerStatus::Optimal));
    assert_eq!(a.objective.unwrap().text, "1");
    assert_eq!(
        names(&read(text).unwrap()),
        vec![
            ("x_0_0".into(), 1.0),
            ("a_name_longer_than_twelve".into(), 0.0)
        ]
    );
    let empty = "Problem:\nStatus:     INTEGER EMPTY\nObjective:  obj = 0 (MINimum)\n";
    assert_eq!(read(empty).unwrap().status, AnswerStatus::Unsatisfiable);
}

#[test]
fn detection_refuses_what_no_solver_writes() {
    let e = error("hello world\n");
    assert!(
        e.contains("answer.txt:1:") && e.contains("--answer-format"),
        "{e}"
    );
    assert!(error("").contains("empty"));
    assert!(error("\n\n").contains("empty"));
    let e = read_answer(
        &mut &[0xffu8, 0xfe, b'\n'][..],
        "answer.txt",
        ReadOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("not UTF-8"), "{e}");
}

#[test]
fn forced_form_reads_with_that_reader() {
    let e = read_as("s SATISFIABLE\nv 1 0\n", Some(Form::Scip)).unwrap_err();
    assert!(e.contains("answer.txt:1:"), "{e}");
    assert_eq!(Form::from_name("HiGHS"), Some(Form::Highs));
    assert!(Form::ALL
        .iter()
        .all(|f| Form::from_name(f.name()) == Some(*f)));
}

#[test]
fn carriage_returns_are_line_ends() {
    let a = read("s SATISFIABLE\r\nv 1 -2 0\r\n").unwrap();
    assert_eq!(ids(&a)[..2], [T, F]);
}
