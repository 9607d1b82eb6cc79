//! The `certify` tests that need the external suite.

use crate::certify::NINE_QUEENS;
use crate::common::{qspec, stdout, write_text as model};

use qspec::certify::{Checker, RATE};
use std::path::{Path, PathBuf};
use std::process::Command;

fn checker() -> Checker {
    Checker::find(RATE).expect("rate is installed (cargo install --locked rate)")
}

/// `qspec solve ARGS --certify`: its output and exit code.
fn solve_certified(args: &[&str]) -> (String, Option<i32>) {
    let all: Vec<&str> = ["solve"]
        .iter()
        .chain(args)
        .chain(&["--certify"])
        .copied()
        .collect();
    let out = qspec(&all);
    (stdout(&out), out.status.code())
}

/// `qspec solve ARGS --certify` prints `line` and exits with `code`.
fn assert_certified(args: &[&str], line: &str, code: i32) {
    let (text, exit) = solve_certified(args);
    assert!(text.contains(line), "{text}");
    assert_eq!(exit, Some(code), "{text}");
}

#[test]
fn nine_queens_on_8x8_are_certified_impossible_and_the_files_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (text, cnf, proof) = nine_queens_kept(dir.path());
    assert!(
        text.contains("\nc certified: no solution (checked by rate in "),
        "{text}"
    );
    assert!(text.contains("s UNSATISFIABLE"), "{text}");
    assert!(text.contains(&format!("CNF {}, proof {}", cnf.display(), proof.display())));
    assert!(checker().check(&cnf, &proof, None).unwrap().verified);
}

#[test]
fn the_optimum_of_5_cubed_is_certified_by_refuting_one_more() {
    for engine in ["cadical", "kissat"] {
        let (text, code) = solve_certified(&["models/queens-3d-5.qspec", "--engine", engine]);
        assert!(
            text.contains(
                "c certified: count >= 14 is impossible, so count = 13 is optimal (checked by rate"
            ),
            "{text}"
        );
        assert!(text.contains("CNF temporary)"), "{text}");
        assert_eq!(code, Some(0), "{text}");
    }
}

#[test]
fn a_minimum_is_certified_by_refuting_one_less() {
    let least_walls = "models/blocked-least-walls.qspec";
    assert_certified(
        &[least_walls, "-D", "n=5", "-D", "m=6"],
        "c certified: walls <= 2 is impossible, so walls = 3 is optimal",
        0,
    );
    assert_certified(
        &[least_walls, "-D", "m=8"],
        "c certified: walls = 0 cannot be improved",
        0,
    );
}

/// With the automatic `hint lines`, Q_3(8) >= 19 compiles to a CNF with
/// the empty clause (on which rate 0.3.0 panics): no solution on its face.
#[test]
fn a_cnf_with_the_empty_clause_needs_no_checker() {
    let q3 = "models/queens-attacking-exactly-k.qspec";
    assert_certified(
        &[q3, "-D", "k=3", "-D", "m=19"],
        "c certified: no solution, assuming `hint lines (automatic)` (implied) (the CNF holds the empty clause: nothing for a checker to check; CNF temporary)",
        20,
    );
}

#[test]
fn hints_restrict_or_qualify_the_certified_claim() {
    let dir = tempfile::tempdir().unwrap();
    let hinted = format!("{NINE_QUEENS}hint symmetric rot90\nhint lines\n");
    let file = model(dir.path(), "q9h.qspec", &hinted);
    let (text, _) = solve_certified(&[&file]);
    assert!(
        text.contains(
            "c certified: no solution, under `hint symmetric rot90`, assuming `hint lines` (implied) (checked by rate"
        ),
        "{text}"
    );
}

/// `solve --certify --proof-dir` on nine queens on 8x8: its output, and
/// the CNF and DRAT proof kept in `dir`.
fn nine_queens_kept(dir: &Path) -> (String, PathBuf, PathBuf) {
    let file = model(dir, "q9.qspec", NINE_QUEENS);
    let kept = dir.join("kept");
    let out = qspec(&[
        "solve",
        &file,
        "--certify",
        "--proof-dir",
        kept.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(20), "{}", stdout(&out));
    (stdout(&out), kept.join("q9.cnf"), kept.join("q9.drat"))
}

/// The CNF and binary DRAT proof of nine queens on 8x8.
fn nine_queens_proof(dir: &Path) -> (PathBuf, Vec<u8>) {
    let (_, cnf, proof) = nine_queens_kept(dir);
    (cnf, std::fs::read(proof).unwrap())
}

/// The proof trimmed by `rate -l` to the lemmas its check uses (text
/// DRAT), so that every lemma matters: deleting any one of them, or
/// flipping a literal of it, breaks the proof.
fn core_proof(cnf: &Path, proof: &Path, dir: &Path) -> Vec<String> {
    let core = dir.join("core.drat");
    let out = Command::new(&checker().program)
        .arg("-l")
        .args([&core, cnf, proof])
        .output()
        .expect("rate runs");
    assert!(out.status.success(), "{}", stdout(&out));
    let text = std::fs::read_to_string(core).unwrap();
    text.lines().map(str::to_string).collect()
}

fn check(cnf: &Path, lines: &[String], dir: &Path, name: &str) -> bool {
    let proof = dir.join(name);
    std::fs::write(&proof, lines.join("\n") + "\n").unwrap();
    checker().check(cnf, &proof, None).unwrap().verified
}

#[test]
fn a_corrupted_proof_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, binary) = nine_queens_proof(dir.path());
    let proof = dir.path().join("q9.drat");
    std::fs::write(&proof, &binary).unwrap();
    let core = core_proof(&cnf, &proof, dir.path());
    assert!(check(&cnf, &core, dir.path(), "core.drat"));
    let lemmas: Vec<usize> = (0..core.len())
        .filter(|&i| !core[i].starts_with('d') && core[i].trim() != "0")
        .collect();
    assert!(lemmas.len() >= 3, "{} lemmas", lemmas.len());
    let middle = lemmas[lemmas.len() / 2];
    let mut deleted = core.clone();
    deleted.remove(middle);
    assert!(!check(&cnf, &deleted, dir.path(), "deleted.drat"));
    let mut flipped = core.clone();
    let first = flipped[middle].split(' ').next().unwrap().to_string();
    let negated = (-first.parse::<i64>().unwrap()).to_string();
    flipped[middle] = flipped[middle].replacen(&first, &negated, 1);
    assert!(!check(&cnf, &flipped, dir.path(), "flipped.drat"));
    let cut = dir.path().join("cut.drat");
    std::fs::write(&cut, &binary[..binary.len() / 2]).unwrap();
    assert_rejected(&cnf, &cut);
}

/// The checker rejects `proof` for `cnf`, and says why.
fn assert_rejected(cnf: &Path, proof: &Path) {
    let checked = checker().check(cnf, proof, None).unwrap();
    assert!(!checked.verified);
    assert!(!checked.detail.is_empty());
}

/// The model of `n` queens on 8x8 in `dir`, compiled to CNF: both paths.
fn queens_cnf(dir: &Path, n: u32) -> (String, String) {
    let text = NINE_QUEENS.replace('9', &n.to_string());
    let file = model(dir, &format!("q{n}.qspec"), &text);
    let cnf = dir.join(format!("q{n}.cnf")).to_string_lossy().into_owned();
    assert!(qspec(&["compile", &file, "-o", &cnf]).status.success());
    (file, cnf)
}

#[test]
fn a_proof_of_another_cnf_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let (_, binary) = nine_queens_proof(dir.path());
    let proof = dir.path().join("q9.drat");
    std::fs::write(&proof, binary).unwrap();
    let (_, other) = queens_cnf(dir.path(), 8);
    assert_rejected(Path::new(&other), &proof);
}

/// `qspec verify --map --proof` on CaDiCaL's own answer and proof of
/// nine queens: certified; with the proof of ten queens: rejected.
#[test]
fn verify_checks_an_external_solvers_unsat_proof() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let run_cadical = |n: u32| {
        let (file, cnf) = queens_cnf(dir.path(), n);
        let proof = at(&format!("q{n}.drat"));
        let out = Command::new("cadical")
            .args([&cnf, &proof])
            .output()
            .expect("cadical runs");
        assert_eq!(out.status.code(), Some(20));
        std::fs::write(at(&format!("q{n}.out")), out.stdout).unwrap();
        (file, cnf, proof)
    };
    let (q9, cnf, proof) = run_cadical(9);
    let (_, _, other) = run_cadical(10);
    let answer = at("q9.out");
    let verify = |proof: &str| qspec(&["verify", &q9, &answer, "--map", &cnf, "--proof", proof]);
    let out = verify(&proof);
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "proof: certified: the CNF {cnf} has no solution (checked by rate in "
        )),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(0));
    let out = verify(&other);
    let text = stdout(&out);
    assert!(
        text.contains("proof: NOT certified: rate rejected the proof: "),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}
