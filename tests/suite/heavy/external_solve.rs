//! The way back through real solvers: every small model in `models/` is
//! compiled to every format, solved by a real solver (CaDiCaL, Kissat and
//! MiniSat on CNF, clasp on OPB and legacy WCNF, CBC, HiGHS, SCIP and
//! Gurobi on LP and MPS), and the solver's own answer file is checked by
//! `qspec verify` against the model's known answer; then `qspec solve
//! --solver` runs end to end, and the MIP starts of `compile --start` are
//! handed to Gurobi, SCIP and HiGHS.
//!
//! Only with `--features external-solvers`. A missing solver fails its
//! test, it is never skipped:
//!
//! ```text
//! apt-get install -y cadical minisat cryptominisat coinor-cbc glpk-utils clasp sat4j
//! pip install highspy pyscipopt gurobipy passagemath-kissat
//! ```
//!
//! Gurobi runs through qspec's runner `src/solve/external/gurobi_cl.py`
//! (gurobipy's wheel has a size-limited licence, no `gurobi_cl`); Kissat is
//! `kissat` on the PATH, else the binary passagemath-kissat installs.

use crate::common;

use common::{qspec, root};

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const APT: &str =
    "apt-get install -y cadical minisat cryptominisat coinor-cbc glpk-utils clasp sat4j";
const PIP: &str = "pip install highspy pyscipopt gurobipy passagemath-kissat";

/// qspec's Gurobi runner, which takes gurobi_cl's command line.
const GUROBI_RUNNER: &str = "src/solve/external/gurobi_cl.py";

/// The kissat program: `kissat` on the PATH, else the one passagemath-kissat
/// installs under its `sage_wheels/bin`.
fn kissat() -> String {
    let on_path = Command::new("kissat").arg("--version").output();
    if on_path.is_ok_and(|o| o.status.success()) {
        return "kissat".into();
    }
    let dir = crate::common::sage_wheels_bin()
        .unwrap_or_else(|| panic!("no kissat on the PATH nor from passagemath-kissat (`{PIP}`)"));
    dir.join("kissat").display().to_string()
}

/// What a model's header says its answer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// A decision problem with a solution.
    Solvable,
    /// No solution exists.
    Impossible,
    /// `maximize count`, whose optimum is this.
    Maximum(u32),
}

struct Case {
    model: &'static str,
    defines: &'static [&'static str],
    known: Known,
    /// The words of the model's `# Known answer` line that say so.
    header_says: &'static str,
    /// Small enough for clasp (OPB, WCNF) within the suite's time (clasp
    /// takes about 35 s to prove the 5^3 bounds).
    clasp: bool,
}

impl Case {
    const fn new(
        model: &'static str,
        defines: &'static [&'static str],
        known: Known,
        header_says: &'static str,
    ) -> Case {
        Case {
            model,
            defines,
            known,
            header_says,
            clasp: true,
        }
    }
}

/// Every model small enough for the suite (8x8 boards, 5^3, 4^3, the
/// modular and blocked boards), with the answer its header states.
const CASES: &[Case] = &[
    Case::new(
        "eight-queens",
        &[],
        Known::Solvable,
        "solvable; 92 solutions",
    ),
    Case::new(
        "n-queens",
        &[],
        Known::Solvable,
        "solvable for every n except 2 and 3",
    ),
    Case::new(
        "modular-queens",
        &[],
        Known::Solvable,
        "n = 5, 7, 11, 13 yes",
    ),
    Case::new(
        "modular-queens",
        &["n=4"],
        Known::Impossible,
        "4, 6, 8, 9, 10, 12 no",
    ),
    Case::new(
        "blocked-8x8-two-walls",
        &[],
        Known::Maximum(10),
        "10 queens",
    ),
    Case::new(
        "blocked-8x8-three-walls",
        &[],
        Known::Maximum(11),
        "11 queens",
    ),
    Case::new("bishops", &[], Known::Maximum(14), "(14 on 8x8)"),
    Case::new("kings", &[], Known::Maximum(16), "(16 on 8x8)"),
    Case::new("knights", &[], Known::Maximum(32), "(32 on 8x8)"),
    Case::new("rooks", &[], Known::Maximum(8), "(8 on 8x8)"),
    Case::new("queens-nd", &[], Known::Solvable, "(4,3) 7"),
    Case::new(
        "no-three-in-line",
        &[],
        Known::Solvable,
        "solvable for every n <= 60",
    ),
    Case::new(
        "queens-regions",
        &[],
        Known::Solvable,
        "exactly one solution",
    ),
    Case::new("star-battle", &[], Known::Solvable, "exactly one solution"),
    // n = 4: with its lex-leader rows, n = 6 is past Gurobi's size-limited licence.
    Case::new(
        "peaceable-queens",
        &["n=4"],
        Known::Maximum(2),
        "0, 0, 1, 2, 4, 5",
    ),
    Case::new("queens-and-knights", &[], Known::Maximum(2), "0, 0, 2, 3"),
    Case {
        clasp: false,
        ..Case::new("queens-3d-5", &[], Known::Maximum(13), "13")
    },
    Case {
        clasp: false,
        ..Case::new(
            "queens-3d-5-inf",
            &[],
            Known::Impossible,
            "impossible (UNSAT)",
        )
    },
];

fn model_path(case: &Case) -> String {
    format!("models/{}.qspec", case.model)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn with_defines<'a>(mut args: Vec<&'a str>, case: &'a Case) -> Vec<&'a str> {
    for d in case.defines {
        args.extend(["-D", d]);
    }
    args
}

/// Compiles `case` into `dir` as `format` (legacy WCNF, which clasp reads).
fn compile(case: &Case, dir: &Path, format: &str) -> PathBuf {
    let path = dir.join(format!(
        "{}-{}.{format}",
        case.model,
        case.defines.join("-")
    ));
    let path_s = path.display().to_string();
    let model = model_path(case);
    let mut args = with_defines(vec!["compile", &model, "-o", &path_s], case);
    if format == "wcnf" {
        args.push("--wcnf-legacy");
    }
    let out = qspec(&args);
    assert!(
        out.status.success(),
        "compile {path_s}: {}",
        text(&out.stderr)
    );
    path
}

/// Runs a solver with its standard output into `stdout` (if given); a
/// solver that cannot be started fails the test.
fn run(program: &str, args: &[&str], stdout: Option<&Path>) -> Output {
    let mut command = Command::new(program);
    command.args(args).current_dir(root());
    if let Some(path) = stdout {
        command.stdout(Stdio::from(File::create(path).unwrap()));
    }
    command.output().unwrap_or_else(|e| {
        panic!("cannot run {program} ({e}); install the solvers with `{APT}` and `{PIP}`")
    })
}

const HIGHS: &str = "\
import sys, highspy
h = highspy.Highs()
h.setOptionValue('output_flag', False)
assert h.readModel(sys.argv[1]) == highspy.HighsStatus.kOk, 'read failed'
h.run()
h.writeSolution(sys.argv[2], 0)
";

/// SCIP through PySCIPOpt, written like the `scip` shell's `write
/// solution`: the status line, then the best solution if there is one.
const SCIP: &str = "\
import sys, pyscipopt
m = pyscipopt.Model()
m.hideOutput()
m.readProblem(sys.argv[1])
m.optimize()
words = {'optimal': 'optimal solution found', 'infeasible': 'infeasible'}
status = m.getStatus()
if m.getNSols() > 0:
    m.writeBestSol(sys.argv[2] + '.best')
    best = open(sys.argv[2] + '.best').read()
else:
    best = 'no solution available\\n'
open(sys.argv[2], 'w').write('solution status: ' + words.get(status, status) + '\\n' + best)
";

/// Whether `file` is MPS with `OBJSENSE MAX`.
fn maximises_in_mps(file: &Path) -> bool {
    file.extension().is_some_and(|e| e == "mps")
        && fs::read_to_string(file).is_ok_and(|t| t.contains("\nOBJSENSE\n    MAX\n"))
}

/// Solves `file` with `solver`, returning the answer file it wrote.
fn solve(solver: &str, file: &Path) -> PathBuf {
    // Gurobi tells a result file's kind by its extension.
    let ending = if solver == "gurobi" { "sol" } else { "answer" };
    let answer = file.with_extension(format!(
        "{}.{solver}.{ending}",
        file.extension().unwrap().to_str().unwrap()
    ));
    let f = file.to_str().unwrap();
    let a = answer.to_str().unwrap();
    let out = match solver {
        "cadical" => run("cadical", &[f], Some(&answer)),
        "kissat" => run(&kissat(), &[f], Some(&answer)),
        "gurobi" => run(
            "python3",
            &[GUROBI_RUNNER, "Threads=1", &format!("ResultFile={a}"), f],
            None,
        ),
        "minisat" => run("minisat", &["-verb=0", f, a], None),
        "clasp" => run("clasp", &["--opt-strategy=usc", f], Some(&answer)),
        // CBC ignores OBJSENSE: told `max`, as `qspec solve` tells it.
        "cbc" if maximises_in_mps(file) => run("cbc", &[f, "max", "solve", "solu", a], None),
        "cbc" => run("cbc", &[f, "solve", "solu", a], None),
        "highs" => run("python3", &["-c", HIGHS, f, a], None),
        "scip" => run("python3", &["-c", SCIP, f, a], None),
        other => panic!("no such solver {other}"),
    };
    assert!(
        answer.exists(),
        "{solver} on {f} wrote no answer: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    answer
}

/// `qspec verify` on a solver's answer, mapped through the compiled file;
/// checks the verdict against what the model's header says.
fn check_answer(case: &Case, file: &Path, solver: &str) {
    let answer = solve(solver, file);
    let model = model_path(case);
    let args = with_defines(
        vec![
            "verify",
            &model,
            answer.to_str().unwrap(),
            "--map",
            file.to_str().unwrap(),
        ],
        case,
    );
    let out = qspec(&args);
    let shown = format!("{}{}", text(&out.stdout), text(&out.stderr));
    let what = format!("{solver} on {}", file.display());
    match case.known {
        Known::Impossible => {
            assert_eq!(out.status.code(), Some(1), "{what}: {shown}");
            assert!(
                shown.contains("the solver says none exists"),
                "{what}: {shown}"
            );
        }
        Known::Solvable => {
            assert_eq!(out.status.code(), Some(0), "{what}: {shown}");
            assert!(
                shown.contains("verified: every rule holds"),
                "{what}: {shown}"
            );
        }
        Known::Maximum(n) => {
            assert_eq!(out.status.code(), Some(0), "{what}: {shown}");
            // `count = n`, or `count white = n` for an objective of one kind.
            let stated = shown
                .lines()
                .any(|l| l.starts_with("count") && l.ends_with(&format!(" = {n}")));
            assert!(stated, "{what}: {shown}");
            // A Gurobi .sol file does not say whether it is optimal.
            if solver != "gurobi" {
                assert!(shown.contains("claimed optimal"), "{what}: {shown}");
            }
        }
    }
}

fn has_objective(case: &Case) -> bool {
    matches!(case.known, Known::Maximum(_))
}

#[test]
fn the_table_matches_the_models_headers() {
    for case in CASES {
        let source = fs::read_to_string(root().join(model_path(case))).unwrap();
        let known = source
            .lines()
            .find(|l| l.starts_with("# Known answer"))
            .unwrap_or_else(|| panic!("{}: no `# Known answer` line", case.model));
        assert!(
            known.contains(case.header_says),
            "{}: the header says `{known}`, the table `{}`",
            case.model,
            case.header_says
        );
    }
}

#[test]
fn sat_solvers_answer_cnf() {
    let dir = tempfile::tempdir().unwrap();
    for case in CASES.iter().filter(|c| !has_objective(c)) {
        let cnf = compile(case, dir.path(), "cnf");
        check_answer(case, &cnf, "cadical");
        check_answer(case, &cnf, "kissat");
        check_answer(case, &cnf, "minisat");
    }
}

#[test]
fn clasp_answers_opb_and_wcnf() {
    let dir = tempfile::tempdir().unwrap();
    for case in CASES.iter().filter(|c| c.clasp) {
        for format in ["opb", "wcnf"] {
            let file = compile(case, dir.path(), format);
            check_answer(case, &file, "clasp");
        }
    }
}

fn mip_solver_answers(solver: &str) {
    let dir = tempfile::tempdir().unwrap();
    for case in CASES {
        for format in ["lp", "mps"] {
            let file = compile(case, dir.path(), format);
            check_answer(case, &file, solver);
        }
    }
}

#[test]
fn cbc_answers_lp_and_mps() {
    mip_solver_answers("cbc");
}

#[test]
fn highs_answers_lp_and_mps() {
    mip_solver_answers("highs");
}

#[test]
fn scip_answers_lp_and_mps() {
    mip_solver_answers("scip");
}

/// Gurobi's own `.sol` files; infeasible models leave none, which the
/// verifier reports as no solution.
#[test]
fn gurobi_answers_lp_and_mps() {
    let dir = tempfile::tempdir().unwrap();
    for case in CASES.iter().filter(|c| c.known != Known::Impossible) {
        for format in ["lp", "mps"] {
            let file = compile(case, dir.path(), format);
            check_answer(case, &file, "gurobi");
        }
    }
}

// ------------------------------------------------------- qspec solve --solver

/// `qspec solve MODEL --solver CMD [more]`.
fn solve_with(model: &str, solver: &str, more: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["solve", model, "--solver", solver];
    args.extend(more);
    let out = qspec(&args);
    (
        out.status.code(),
        format!("{}{}", text(&out.stdout), text(&out.stderr)),
    )
}

#[test]
fn solve_with_cadical_end_to_end() {
    let (code, shown) = solve_with("models/eight-queens.qspec", "cadical", &[]);
    assert_eq!(code, Some(10), "{shown}");
    assert!(shown.contains("c answer: SAT solver output"), "{shown}");
    assert!(shown.contains("s SATISFIABLE\n8 pieces\n"), "{shown}");
    assert!(shown.contains("verified: every rule holds"), "{shown}");
    let (code, shown) = solve_with("models/modular-queens.qspec", "cadical", &["-D", "n=4"]);
    assert_eq!(code, Some(20), "{shown}");
    assert!(shown.contains("s UNSATISFIABLE"), "{shown}");
}

#[test]
fn solve_with_cbc_end_to_end() {
    for format in ["lp", "mps"] {
        let (code, shown) = solve_with(
            "models/blocked-8x8-two-walls.qspec",
            "cbc",
            &["--format", format],
        );
        assert_eq!(code, Some(0), "{format}: {shown}");
        assert!(shown.contains("c answer: CBC solution file"), "{shown}");
        assert!(
            shown.contains("s OPTIMUM FOUND\ncount = 10 (proven optimal)"),
            "{shown}"
        );
        assert!(shown.contains("verified: every rule holds"), "{shown}");
    }
    let (code, shown) = solve_with("models/queens-3d-5-inf.qspec", "cbc", &[]);
    assert_eq!(code, Some(20), "{shown}");
}

#[test]
fn solve_with_the_other_known_solvers() {
    let blocked = "models/blocked-8x8-two-walls.qspec";
    for solver in [
        "clasp",
        "glpsol",
        "java -jar /usr/share/java/org.sat4j.pb.jar",
        "java -jar /usr/share/java/org.ow2.sat4j.maxsat.jar",
    ] {
        let (code, shown) = solve_with(blocked, solver, &[]);
        assert_eq!(code, Some(0), "{solver}: {shown}");
        assert!(
            shown.contains("count = 10 (proven optimal)"),
            "{solver}: {shown}"
        );
    }
    let (code, shown) = solve_with(blocked, "clasp", &["--format", "wcnf"]);
    assert_eq!(code, Some(0), "clasp wcnf: {shown}");
    for solver in ["minisat", "cryptominisat5"] {
        let (code, shown) = solve_with("models/eight-queens.qspec", solver, &[]);
        assert_eq!(code, Some(10), "{solver}: {shown}");
        assert!(
            shown.contains("verified: every rule holds"),
            "{solver}: {shown}"
        );
    }
}

#[test]
fn a_sat_solver_refuses_an_objective() {
    let (code, shown) = solve_with("models/kings.qspec", "cadical", &[]);
    assert_eq!(code, Some(2), "{shown}");
    assert!(
        shown.contains("cadical is a SAT solver: it reads CNF, which cannot hold the objective `maximize count`"),
        "{shown}"
    );
    assert!(shown.contains("--format wcnf"), "{shown}");
}

#[test]
fn solve_with_kissat_end_to_end() {
    let kissat = kissat();
    let (code, shown) = solve_with("models/eight-queens.qspec", &kissat, &[]);
    assert_eq!(code, Some(10), "{shown}");
    assert!(shown.contains("c answer: SAT solver output"), "{shown}");
    assert!(shown.contains("verified: every rule holds"), "{shown}");
    let (code, shown) = solve_with("models/modular-queens.qspec", &kissat, &["-D", "n=4"]);
    assert_eq!(code, Some(20), "{shown}");
}

#[test]
fn solve_with_gurobi_end_to_end() {
    let blocked = "models/blocked-8x8-two-walls.qspec";
    for format in ["lp", "mps"] {
        let (code, shown) = solve_with(blocked, "gurobi Threads=1", &["--format", format]);
        assert_eq!(code, Some(0), "{format}: {shown}");
        assert!(
            shown.contains("gurobi_cl.py Threads=1 ResultFile="),
            "{shown}"
        );
        assert!(shown.contains("c answer: Gurobi solution file"), "{shown}");
        assert!(
            shown.contains("s OPTIMUM FOUND\ncount = 10 (proven optimal)"),
            "{format}: {shown}"
        );
    }
    let (code, shown) = solve_with("models/queens-3d-5-inf.qspec", "gurobi", &[]);
    assert_eq!(code, Some(20), "{shown}");
}

/// `solve --start` hands each MIP solver its start file.
#[test]
fn solve_with_a_start_hands_it_to_gurobi() {
    let dir = tempfile::tempdir().unwrap();
    let blocked = "models/blocked-8x8-two-walls.qspec";
    let board = dir.path().join("board.txt");
    let out = qspec(&["solve", blocked]);
    fs::write(&board, &out.stdout).unwrap();
    let start = board.to_str().unwrap();
    let (code, shown) = solve_with(blocked, "gurobi", &["--start", start]);
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("c start: 10 pieces from"), "{shown}");
    assert!(shown.contains("InputFile="), "{shown}");
    let (code, shown) = solve_with(blocked, "cbc", &["--start", start]);
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains("c cbc takes no warm start from qspec"),
        "{shown}"
    );
}

/// `compile --start` writes MIP starts that Gurobi (.mst), SCIP (.sol) and
/// HiGHS (.highs.sol) accept as feasible solutions of value 10.
#[test]
fn mip_starts_are_accepted_by_gurobi_scip_and_highs() {
    let dir = tempfile::tempdir().unwrap();
    let blocked = "models/blocked-8x8-two-walls.qspec";
    let board = dir.path().join("board.txt");
    fs::write(&board, qspec(&["solve", blocked]).stdout).unwrap();
    let lp = dir.path().join("b.lp");
    let (lp_s, board_s) = (lp.to_str().unwrap(), board.to_str().unwrap());
    let out = qspec(&["compile", blocked, "-o", lp_s, "--start", board_s]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = |ext: &str| dir.path().join(format!("b.{ext}")).display().to_string();
    let gurobi = run(
        "python3",
        &[GUROBI_RUNNER, &format!("InputFile={}", path("mst")), lp_s],
        None,
    );
    let log = text(&gurobi.stdout);
    // Gurobi 12 says "Instance user MIP start", 13 "Loaded user MIP start".
    assert!(log.contains("user MIP start with objective 10"), "{log}");
    let check = "import sys, pyscipopt, highspy
m = pyscipopt.Model()
m.hideOutput()
m.readProblem(sys.argv[1])
s = m.readSolFile(sys.argv[2])
assert m.checkSol(s), 'SCIP: the start is not feasible'
print('scip', m.getSolObjVal(s))
h = highspy.Highs()
h.setOptionValue('output_flag', False)
h.readModel(sys.argv[1])
assert h.readSolution(sys.argv[3], 0) == highspy.HighsStatus.kOk, 'HiGHS: cannot read the start'
h.setOptionValue('output_flag', True)
h.setOptionValue('log_to_console', True)
h.run()
";
    let out = run(
        "python3",
        &["-c", check, lp_s, &path("sol"), &path("highs.sol")],
        None,
    );
    let log = text(&out.stdout);
    assert!(out.status.success(), "{log}{}", text(&out.stderr));
    assert!(log.contains("scip 10.0"), "{log}");
    // HiGHS 1.14 writes "feasible, objective value is 10", 1.16 "feasible:
    // objective value is 10".
    assert!(
        log.contains("MIP start solution is feasible") && log.contains("objective value is 10"),
        "{log}"
    );
}
