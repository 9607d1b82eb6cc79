//! The written files, read and solved by real solvers: LP and MPS by HiGHS
//! (highspy), SCIP (pyscipopt), Gurobi (gurobipy), CBC and GLPK; CNF by
//! CaDiCaL and MiniSat; OPB by clasp and sat4j; legacy WCNF by clasp and
//! sat4j's MaxSAT solver.
//!
//! A maximisation in MPS carries `OBJSENSE MAX`: HiGHS, SCIP and Gurobi
//! report the objective itself (+8 for eight queens), and so does CBC told
//! `max` (it ignores `OBJSENSE`); GLPK, which rejects `OBJSENSE`, reads the
//! negated form (`--mps-negate`) and reports -8. The tests below pin both
//! readers' limits, so a version that lifts them shows up.
//!
//! Only with `--features external-solvers`. A solver that is missing fails
//! its test (with the command that installs it), it is never skipped:
//!
//! ```text
//! apt-get install -y cadical minisat coinor-cbc glpk-utils clasp sat4j
//! pip install highspy pyscipopt gurobipy
//! ```

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output as ProcessOutput};

use qspec::emit::{
    write_cnf, write_lp, write_mps, write_mps_as, write_opb, write_wcnf, EmitOptions, Provenance,
};
use qspec::files::Output;
use qspec::model::{Constraint, Model, Objective, Sense, Var};

use crate::common;

use common::{queens_board, queens_clauses};

const APT: &str = "apt-get install -y cadical minisat coinor-cbc glpk-utils clasp sat4j";
const PIP: &str = "pip install highspy pyscipopt gurobipy";
const SAT4J_PB: &str = "/usr/share/java/org.sat4j.pb.jar";
const SAT4J_MAXSAT: &str = "/usr/share/java/org.ow2.sat4j.maxsat.jar";

// ---------------------------------------------------------------- models

/// n×n queens: one at-most-one per line; `maximize count` if asked.
fn queens(n: usize, maximize: bool) -> Model {
    let (mut model, _) = queens_board(n);
    if maximize {
        model.objective = Some(Objective {
            sense: Sense::Maximize,
            terms: (1..=(n * n) as u32)
                .map(|id| (1, Var::from_dimacs(id).positive()))
                .collect(),
            what: "count".into(),
        });
    }
    model
}

/// Ten variables with names that readers trip over (one letter, keywords,
/// `e1`, spaces, a leading digit, a long name), weights 1..=10, and
/// at-most-one on the pairs (0,1), (2,3), ...: the optimum takes the
/// heavier of each pair, 2 + 4 + 6 + 8 + 10 = 30.
fn awkward_names() -> Model {
    let names = [
        "a",
        "ab",
        "e",
        "end",
        "free",
        "x y",
        "2x",
        "a.b",
        "E1",
        "a_name_well_past_eight_characters",
    ];
    let mut model = Model::default();
    let vars: Vec<Var> = names.iter().map(|n| model.new_var(n.to_string())).collect();
    let origin = model.origin("rule pairs");
    for pair in vars.chunks(2) {
        model.add(
            Constraint::AtMostOne(pair.iter().map(|v| v.positive()).collect()),
            origin,
        );
    }
    model.objective = Some(Objective {
        sense: Sense::Maximize,
        terms: vars
            .iter()
            .zip(1..)
            .map(|(v, w)| (w, v.positive()))
            .collect(),
        what: "weight".into(),
    });
    model
}

/// No constraints at all; maximize `2 a + 3 !b + c`, optimum 6, written as
/// `2 a - 3 b + c` plus 3.
fn no_constraints() -> Model {
    let mut model = Model::default();
    let a = model.new_var("a".into());
    let b = model.new_var("b".into());
    let c = model.new_var("c".into());
    model.objective = Some(Objective {
        sense: Sense::Maximize,
        terms: vec![(2, a.positive()), (3, b.negative()), (1, c.positive())],
        what: "weight".into(),
    });
    model
}

fn provenance() -> Provenance {
    Provenance {
        source: "tests/suite/heavy/external_formats.rs".into(),
        params: vec![("n".into(), 8)],
        encodings: "amo=pairwise".into(),
    }
}

// ---------------------------------------------------------------- files

/// Writes a file through [`Output`] (so gzip and the rename are exercised
/// too) and returns its path.
fn write_file(
    dir: &Path,
    name: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> PathBuf {
    let path = dir.join(name);
    let mut output = Output::create(&path).expect("create output");
    write(&mut output).expect("write");
    output.commit().expect("commit");
    path
}

fn lp_file(dir: &Path, name: &str, model: &Model) -> PathBuf {
    write_file(dir, name, |w| write_lp(w, model, &provenance()))
}

fn mps_file(dir: &Path, name: &str, model: &Model) -> PathBuf {
    write_file(dir, name, |w| write_mps(w, model, &provenance()))
}

/// MPS with a maximisation written as the minimisation of its negation.
fn negated_mps_file(dir: &Path, name: &str, model: &Model) -> PathBuf {
    write_file(dir, name, |w| write_mps_as(w, model, &provenance(), true))
}

// ---------------------------------------------------------------- solvers

/// Runs a solver; a solver that cannot be started fails the test.
fn run(command: &mut Command) -> ProcessOutput {
    let program = command.get_program().to_string_lossy().into_owned();
    command.output().unwrap_or_else(|e| {
        panic!("cannot run {program} ({e}); install the solvers with `{APT}` and `{PIP}`")
    })
}

fn stdout_of(output: &ProcessOutput) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn describe(output: &ProcessOutput) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Solves a file with a Python solver binding and returns the objective.
fn python_solve(which: &str, path: &Path) -> f64 {
    let script = match which {
        "highs" => {
            "import sys, highspy\n\
             h = highspy.Highs()\n\
             h.setOptionValue('output_flag', False)\n\
             assert h.readModel(sys.argv[1]) == highspy.HighsStatus.kOk, 'read failed'\n\
             h.run()\n\
             assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal, h.modelStatusToString(h.getModelStatus())\n\
             print('objective', h.getInfo().objective_function_value)\n"
        }
        "scip" => {
            "import sys, pyscipopt\n\
             m = pyscipopt.Model()\n\
             m.hideOutput()\n\
             m.readProblem(sys.argv[1])\n\
             m.optimize()\n\
             assert m.getStatus() == 'optimal', m.getStatus()\n\
             print('objective', m.getObjVal())\n"
        }
        "gurobi" => {
            "import sys, gurobipy as gp\n\
             env = gp.Env(params={'OutputFlag': 0})\n\
             m = gp.read(sys.argv[1], env=env)\n\
             m.optimize()\n\
             assert m.Status == gp.GRB.OPTIMAL, m.Status\n\
             print('objective', m.ObjVal)\n"
        }
        other => panic!("unknown solver {other}"),
    };
    let output = run(Command::new("python3").arg("-c").arg(script).arg(path));
    assert!(
        output.status.success(),
        "{which} on {}: {}",
        path.display(),
        describe(&output)
    );
    // The bindings may print banners of their own (highspy 1.16 prints its
    // copyright on construction): the value is on the line marked for it.
    let stdout = stdout_of(&output);
    let value = stdout
        .lines()
        .find_map(|l| l.strip_prefix("objective "))
        .unwrap_or_else(|| panic!("{which} printed no objective: {stdout:?}"));
    parse_number(value.trim())
}

fn parse_number(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("not a number: {text:?}"))
}

/// `cbc <file> [max] solve quit`, the objective from `Objective value:`;
/// `max` for MPS, as `qspec solve --solver cbc` does (every test model
/// maximises).
fn cbc_solve(path: &Path) -> f64 {
    let max = path.extension().is_some_and(|e| e == "mps");
    cbc_objective(path, max)
}

fn cbc_objective(path: &Path, max: bool) -> f64 {
    let output = run(Command::new("cbc")
        .arg(path)
        .args(max.then_some("max"))
        .args(["solve", "quit"]));
    let text = stdout_of(&output);
    assert!(
        !text.contains("errors on input"),
        "cbc rejected {}: {text}",
        path.display()
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("Objective value:"))
        .unwrap_or_else(|| {
            panic!(
                "cbc found no optimum for {}: {}",
                path.display(),
                describe(&output)
            )
        });
    parse_number(line["Objective value:".len()..].trim())
}

/// `glpsol --lp` or `--freemps`, the objective from the solution file's
/// `Objective:  obj = 8 (MAXimum)` line.
fn glpk_solve(path: &Path) -> f64 {
    let format = match path.extension().and_then(|e| e.to_str()) {
        Some("lp") => "--lp",
        Some("mps") => "--freemps",
        other => panic!("glpk cannot read {other:?}"),
    };
    let solution = path.with_extension("glpk.txt");
    let output = run(Command::new("glpsol")
        .arg(format)
        .arg(path)
        .arg("-o")
        .arg(&solution));
    assert!(
        output.status.success(),
        "glpsol on {}: {}",
        path.display(),
        describe(&output)
    );
    let text = fs::read_to_string(&solution).expect("glpsol solution file");
    assert!(text.contains("INTEGER OPTIMAL"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("Objective:"))
        .expect("objective line");
    let value = line
        .split('=')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    parse_number(value)
}

/// Which MPS a reader is handed for a maximisation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mps {
    /// `OBJSENSE MAX`: the reader reports the objective.
    Objsense,
    /// The negated objective (`--mps-negate`): the reader reports its negation.
    Negated,
}

/// A reader's optimum of an LP and an MPS file of `model`, which must be
/// `value` (LP and `OBJSENSE` MPS keep the sense; the negated MPS gives
/// `-value`).
fn check_mip_readers(
    solve: impl Fn(&Path) -> f64,
    model: &Model,
    stem: &str,
    value: f64,
    mps: Mps,
) {
    let dir = tempfile::tempdir().unwrap();
    let lp = lp_file(dir.path(), &format!("{stem}.lp"), model);
    assert_eq!(solve(&lp).round(), value, "{stem}.lp");
    let (file, expected) = match mps {
        Mps::Objsense => (mps_file(dir.path(), &format!("{stem}.mps"), model), value),
        Mps::Negated => (
            negated_mps_file(dir.path(), &format!("{stem}.mps"), model),
            -value,
        ),
    };
    assert_eq!(solve(&file).round(), expected, "{stem}.mps");
}

fn check_all_models(solve: impl Fn(&Path) -> f64, mps: Mps) {
    check_mip_readers(&solve, &queens(8, true), "queens8", 8.0, mps);
    check_mip_readers(&solve, &awkward_names(), "names", 30.0, mps);
    // maximize 2 a - 3 b + c (+ 3): optimum 3 without the constant.
    check_mip_readers(&solve, &no_constraints(), "empty", 3.0, mps);
}

#[test]
fn highs_reads_lp_and_mps() {
    check_all_models(|path| python_solve("highs", path), Mps::Objsense);
}

#[test]
fn scip_reads_lp_and_mps() {
    check_all_models(|path| python_solve("scip", path), Mps::Objsense);
}

#[test]
fn gurobi_reads_lp_and_mps() {
    check_all_models(|path| python_solve("gurobi", path), Mps::Objsense);
}

#[test]
fn cbc_reads_lp_and_mps() {
    check_all_models(cbc_solve, Mps::Objsense);
}

#[test]
fn glpk_reads_lp_and_negated_mps() {
    check_all_models(glpk_solve, Mps::Negated);
}

/// Why the solver table hands CBC `max` and GLPK the negated form: CBC
/// 2.10 reads `OBJSENSE MAX` but minimises, GLPK 5.0 rejects the section.
#[test]
fn cbc_ignores_objsense_and_glpk_rejects_it() {
    let dir = tempfile::tempdir().unwrap();
    let mps = mps_file(dir.path(), "q.mps", &queens(8, true));
    assert!(fs::read_to_string(&mps)
        .unwrap()
        .contains("\nOBJSENSE\n    MAX\n"));
    assert_eq!(
        cbc_objective(&mps, false).round(),
        0.0,
        "CBC minimised the count"
    );
    let glpk = run(Command::new("glpsol")
        .arg("--freemps")
        .arg(&mps)
        .arg("-o")
        .arg(dir.path().join("g.txt")));
    assert!(
        !glpk.status.success(),
        "GLPK read OBJSENSE: {}",
        describe(&glpk)
    );
}

#[test]
fn mps_header_states_the_objective_map() {
    let dir = tempfile::tempdir().unwrap();
    let plain = fs::read_to_string(mps_file(dir.path(), "q.mps", &queens(8, true))).unwrap();
    assert!(
        plain.contains("* objective: maximize count = obj\n"),
        "{plain}"
    );
    let negated = negated_mps_file(dir.path(), "n.mps", &queens(8, true));
    let negated = fs::read_to_string(negated).unwrap();
    assert!(
        negated.contains("* objective: maximize count = -obj\n"),
        "{negated}"
    );
    assert!(!negated.contains("OBJSENSE"));
}

// ---------------------------------------------------------------- CNF

fn cnf_file(dir: &Path, name: &str, n: usize) -> PathBuf {
    let model = queens(n, false);
    let arena = queens_clauses(&model, n);
    let n_vars = (n * n) as u32;
    write_file(dir, name, |w| {
        write_cnf(w, &model, &provenance(), &arena, n_vars)
    })
}

/// Exit code of a SAT solver: 10 satisfiable, 20 unsatisfiable.
fn sat_exit_code(command: &mut Command) -> i32 {
    let output = run(command);
    output.status.code().expect("exit code")
}

#[test]
fn cadical_and_minisat_read_cnf() {
    let dir = tempfile::tempdir().unwrap();
    let sat = cnf_file(dir.path(), "queens8.cnf", 8);
    let unsat = cnf_file(dir.path(), "queens3.cnf", 3);
    let sat_gz = cnf_file(dir.path(), "queens8.cnf.gz", 8);
    for (path, expected) in [(&sat, 10), (&unsat, 20), (&sat_gz, 10)] {
        let cadical = sat_exit_code(Command::new("cadical").arg("-q").arg(path));
        assert_eq!(cadical, expected, "cadical on {}", path.display());
        let minisat = sat_exit_code(Command::new("minisat").arg("-verb=0").arg(path));
        assert_eq!(minisat, expected, "minisat on {}", path.display());
    }
}

// ---------------------------------------------------------------- OPB, WCNF

/// The last `o <value>` line and the `s` line of a competition-format
/// solver's output.
fn last_o_and_status(text: &str) -> (Option<i64>, String) {
    let value = text
        .lines()
        .filter_map(|l| l.strip_prefix("o "))
        .next_back()
        .map(|v| v.trim().parse().expect("o value"));
    let status = text
        .lines()
        .find_map(|l| l.strip_prefix("s "))
        .unwrap_or("no s line")
        .to_string();
    (value, status)
}

#[test]
fn clasp_and_sat4j_solve_opb() {
    let dir = tempfile::tempdir().unwrap();
    let model = queens(8, true);
    let opb = write_file(dir.path(), "queens8.opb", |w| {
        write_opb(w, &model, &provenance())
    });
    let clasp = run(Command::new("clasp").arg(&opb));
    let sat4j = run(Command::new("java").arg("-jar").arg(SAT4J_PB).arg(&opb));
    for (name, output) in [("clasp", clasp), ("sat4j", sat4j)] {
        let (value, status) = last_o_and_status(&stdout_of(&output));
        assert_eq!(status, "OPTIMUM FOUND", "{name}: {}", describe(&output));
        // maximize count = -(value of min:)
        assert_eq!(value, Some(-8), "{name}");
    }
}

#[test]
fn clasp_and_sat4j_solve_legacy_wcnf() {
    let dir = tempfile::tempdir().unwrap();
    let model = queens(8, true);
    let arena = queens_clauses(&model, 8);
    let opts = EmitOptions {
        wcnf_legacy: true,
        ..EmitOptions::default()
    };
    let wcnf = write_file(dir.path(), "queens8.wcnf", |w| {
        write_wcnf(w, &model, &provenance(), &arena, 64, &opts)
    });
    let text = fs::read_to_string(&wcnf).unwrap();
    assert!(text.contains("c objective: maximize count = 64 - cost\n"));
    let clasp = run(Command::new("clasp").arg(&wcnf));
    let sat4j = run(Command::new("java")
        .arg("-jar")
        .arg(SAT4J_MAXSAT)
        .arg(&wcnf));
    for (name, output) in [("clasp", clasp), ("sat4j", sat4j)] {
        let (cost, status) = last_o_and_status(&stdout_of(&output));
        assert_eq!(status, "OPTIMUM FOUND", "{name}: {}", describe(&output));
        assert_eq!(cost.map(|c| 64 - c), Some(8), "{name}");
    }
}
