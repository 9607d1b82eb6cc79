//! LP files in lp_solve's dialect (`compile --lp-dialect lp_solve`) read by
//! the readers that take it: OR-tools' LP reader
//! (`model_builder.Model().import_from_lp_string`), solved there by CP-SAT
//! and by SCIP through model_builder's solvers, and lp_solve 5.5 itself.
//! Every optimum must be the embedded engine's, an impossible model
//! infeasible, and every board the solvers give (written as a Gurobi
//! `.sol` file) must pass `qspec verify`.
//!
//! Only with `--features external-solvers`; needs `pip install ortools`
//! and `apt-get install -y lp-solve`. A missing reader fails the tests.

use crate::common;

use common::{qspec, stderr, stdout};

use std::path::Path;
use std::process::Command;

/// Loads the LP file argv[1] in OR-tools' LP reader, solves it with the
/// model_builder solver argv[2], prints the status, and writes the
/// solution as a Gurobi `.sol` file to argv[3].
const ORTOOLS: &str = "\
import sys
from ortools.linear_solver.python import model_builder as mb
m = mb.Model()
if not m.import_from_lp_string(open(sys.argv[1]).read()):
    sys.exit('OR-tools rejects the LP file')
s = mb.Solver(sys.argv[2])
status = s.solve(m)
print(status.name)
if status in (mb.SolveStatus.OPTIMAL, mb.SolveStatus.FEASIBLE):
    with open(sys.argv[3], 'w') as out:
        out.write('# Objective value = %d\\n' % round(s.objective_value))
        for v in m.get_variables():
            out.write('%s %d\\n' % (v.name, round(s.value(v))))
";

/// Models with an objective, their optimum, and models without a solution.
const OPTIMA: &[(&[&str], i64)] = &[
    (&["models/blocked-8x8-two-walls.qspec"], 10),
    (&["models/knights.qspec", "-D", "n=6"], 18),
    (
        &[
            "models/queens-attacking-exactly-k-max.qspec",
            "-D",
            "n=6",
            "-D",
            "k=2",
        ],
        10,
    ),
    (&["models/queens-attacking-at-most-k.qspec"], 13),
    (
        &["models/blocked-least-walls.qspec", "-D", "n=6", "-D", "m=8"],
        3,
    ),
];
const IMPOSSIBLE: &[&str] = &["models/modular-queens.qspec", "-D", "n=4"];

/// `qspec compile ARGS --lp-dialect lp_solve -o DIR/NAME`.
fn compile(args: &[&str], dir: &Path, name: &str) -> String {
    let path = dir.join(name).display().to_string();
    let mut all = vec!["compile"];
    all.extend(args);
    all.extend(["--lp-dialect", "lp_solve", "-o", &path]);
    let out = qspec(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    path
}

/// The embedded engine's optimum of the model.
fn embedded_optimum(args: &[&str]) -> i64 {
    let mut all = vec!["solve"];
    all.extend(args);
    let shown = stdout(&qspec(&all));
    shown
        .lines()
        .find_map(|l| {
            let rest = l
                .strip_prefix("count = ")
                .or_else(|| l.strip_prefix("walls = "))?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .unwrap_or_else(|| panic!("{args:?}: no optimum in {shown}"))
}

/// `qspec verify MODEL SOL` passes.
fn verifies(args: &[&str], sol: &str, expected: i64) {
    let mut all = vec!["verify", args[0], sol];
    all.extend(&args[1..]);
    let out = qspec(&all);
    let text = stdout(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {text}{}",
        stderr(&out)
    );
    assert!(
        text.contains(&format!("solver objective: {expected} (")),
        "{text}"
    );
}

fn ortools(file: &str, solver: &str, sol: &str) -> String {
    let out = Command::new("python3")
        .args(["-c", ORTOOLS, file, solver, sol])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "OR-tools ({solver}) on {file}: {}{} (pip install ortools)",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn or_tools_reads_the_lp_solve_dialect_and_finds_the_optima() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (args, optimum)) in OPTIMA.iter().enumerate() {
        assert_eq!(embedded_optimum(args), *optimum, "{args:?}");
        let file = compile(args, dir.path(), &format!("m{i}.lp"));
        for solver in ["sat", "scip"] {
            let sol = dir
                .path()
                .join(format!("m{i}.{solver}.sol"))
                .display()
                .to_string();
            assert_eq!(ortools(&file, solver, &sol), "OPTIMAL", "{args:?} {solver}");
            verifies(args, &sol, *optimum);
        }
    }
    let file = compile(IMPOSSIBLE, dir.path(), "impossible.lp");
    let sol = dir.path().join("impossible.sol").display().to_string();
    for solver in ["sat", "scip"] {
        assert_eq!(ortools(&file, solver, &sol), "INFEASIBLE", "{solver}");
    }
}

/// lp_solve's `-S3` output as a Gurobi `.sol` file: the objective, then
/// the variables' values.
fn lp_solve_sol(output: &str) -> String {
    let objective = output
        .lines()
        .find_map(|l| l.strip_prefix("Value of objective function:"))
        .expect("an objective line")
        .trim()
        .parse::<f64>()
        .unwrap();
    let mut sol = format!("# Objective value = {}\n", objective.round() as i64);
    let values = output
        .split("Actual values of the variables:\n")
        .nth(1)
        .expect("the variables");
    for line in values
        .lines()
        .take_while(|l| !l.starts_with("Actual values"))
    {
        if !line.trim().is_empty() {
            sol.push_str(line);
            sol.push('\n');
        }
    }
    sol
}

#[test]
fn lp_solve_reads_the_lp_solve_dialect_and_finds_the_optima() {
    let dir = tempfile::tempdir().unwrap();
    let run = |file: &str| {
        let out = Command::new("lp_solve")
            .args(["-S3", file])
            .output()
            .expect("lp_solve runs (apt-get install -y lp-solve)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    for (i, (args, optimum)) in OPTIMA.iter().enumerate() {
        let file = compile(args, dir.path(), &format!("m{i}.lp"));
        let output = run(&file);
        assert!(!output.contains("error"), "{args:?}: {output}");
        let sol = dir.path().join(format!("m{i}.sol"));
        std::fs::write(&sol, lp_solve_sol(&output)).unwrap();
        verifies(args, sol.to_str().unwrap(), *optimum);
    }
    let file = compile(IMPOSSIBLE, dir.path(), "impossible.lp");
    assert!(run(&file).contains("This problem is infeasible"));
}
