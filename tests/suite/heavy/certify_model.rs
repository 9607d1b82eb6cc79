//! `solve --certify=model`: claims refuted end to end from the model's OPB
//! file with a VeriPB proof (certified encodings, then CaDiCaL's steps),
//! checked by `veripb`; and `verify --proof` with a VeriPB proof. These run
//! `veripb` (`cargo install --locked veripb`; a missing one fails them), so
//! they are behind `--features external-solvers`.

use crate::common;

use common::{qspec, stdout, write_text as model, Rng};

use std::path::{Path, PathBuf};

use qspec::certify::{Checker, VERIPB};

/// Nine non-attacking queens on 8x8: impossible.
const NINE_QUEENS: &str = "board 8 x 8\npiece queen\nrule no_attack\ncount == 9\n";

/// The most queens on 4^3 (7), the clique search's claim in these tests.
const CUBE_4_MAX: &str = "board 4^3\npiece queen\nrule no_attack\nmaximize count\n";

fn checker() -> Checker {
    Checker::find(VERIPB).expect("veripb is installed (cargo install --locked veripb)")
}

/// `qspec solve ARGS --certify=model [--proof-dir DIR]`: output and exit code.
fn solve_certified(args: &[&str], kept: Option<&Path>) -> (String, Option<i32>) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--certify=model");
    let dir = kept.map(|d| d.to_string_lossy().into_owned());
    if let Some(dir) = &dir {
        all.extend(["--proof-dir", dir]);
    }
    let out = qspec(&all);
    (stdout(&out), out.status.code())
}

/// `qspec solve ARGS --certify=model` prints `line` and exits with `code`.
fn assert_certified(args: &[&str], line: &str, code: i32) -> String {
    let (text, exit) = solve_certified(args, None);
    assert!(text.contains(line), "{text}");
    assert_eq!(exit, Some(code), "{text}");
    text
}

/// Nine queens on 8x8 certified with the files kept in `dir/kept`: the
/// output, the model, the OPB file and the proof.
fn nine_queens_kept(dir: &Path) -> (String, String, PathBuf, PathBuf) {
    let file = model(dir, "q9.qspec", NINE_QUEENS);
    let kept = dir.join("kept");
    // A SAT engine: its claims are refuted through certified encodings
    // (the clique search's own proof is tested below).
    let (text, code) = solve_certified(&[&file, "--engine", "kissat"], Some(&kept));
    assert_eq!(code, Some(20), "{text}");
    (text, file, kept.join("q9.opb"), kept.join("q9.pbp"))
}

/// The number of constraints VeriPB reads from an OPB file: an equality
/// is two.
fn opb_constraints(opb: &Path) -> usize {
    std::fs::read_to_string(opb)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('*') && !l.starts_with("min:") && l.ends_with(';'))
        .map(|l| if l.contains(" = ") { 2 } else { 1 })
        .sum()
}

#[test]
fn nine_queens_on_8x8_are_certified_end_to_end_and_the_files_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _, opb, proof) = nine_queens_kept(dir.path());
    assert!(
        text.contains(
            "c certified: no solution (end to end from the OPB file, checked by veripb in "
        ),
        "{text}"
    );
    assert!(
        text.contains(&format!("OPB {}, proof {}", opb.display(), proof.display())),
        "{text}"
    );
    assert!(
        text.contains("pairwise at-most-ones, 1 totalizer"),
        "{text}"
    );
    assert!(checker().check(&opb, &proof, None).unwrap().verified);
}

/// qspec writes the proof's header itself (through pigeons): the version
/// line, then `f N` with N the OPB file's constraints as VeriPB counts them
/// (`count == 9` is two), and the conclusion at the end.
#[test]
fn the_proof_header_counts_the_opb_files_constraints() {
    let dir = tempfile::tempdir().unwrap();
    let (_, _, opb, proof) = nine_queens_kept(dir.path());
    let text = std::fs::read_to_string(&proof).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("pseudo-Boolean proof version 2.0"));
    let n = opb_constraints(&opb);
    assert_eq!(lines.next(), Some(format!("f {n}").as_str()));
    let opb_text = std::fs::read_to_string(&opb).unwrap();
    assert_eq!(opb_text.lines().filter(|l| l.contains(" = ")).count(), 1);
    let tail: Vec<&str> = text.lines().rev().take(3).collect();
    assert_eq!(tail[0], "end pseudo-Boolean proof");
    assert!(tail[1].starts_with("conclusion UNSAT : "), "{}", tail[1]);
    assert_eq!(tail[2], "output NONE");
}

#[test]
fn the_optimum_of_5_cubed_is_certified_by_refuting_one_more() {
    // A SAT engine's claim: certified encodings and CaDiCaL's proof (the
    // clique search's own is tested below).
    assert_certified(
        &["models/queens-3d-5.qspec", "--engine", "kissat"],
        "c certified: count >= 14 is impossible, so count = 13 is optimal (end to end from the OPB file, checked by veripb",
        0,
    );
}

/// A domination bound (8x8: four queens do not dominate the board) at
/// both levels; its OPB file has clause rows and auxiliary variables.
#[test]
fn a_domination_bound_is_certified_at_both_levels() {
    let domination = ["models/queen-domination.qspec", "-D", "m=4"];
    let text = assert_certified(
        &domination,
        "c certified: no solution (end to end from the OPB file, checked by veripb",
        20,
    );
    assert!(text.contains(" clauses, "), "{text}");
    let mut cnf = vec!["solve"];
    cnf.extend_from_slice(&domination);
    cnf.push("--certify");
    let out = qspec(&cnf);
    let text = stdout(&out);
    assert!(
        text.contains("c certified: no solution (checked by rate"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(20));
}

/// Attack counts: the OPB rows have coefficients other than 1 (reified
/// counts), encoded by certified generalised totalizers. The automatic
/// `hint lines` is in the OPB file, so the claim assumes it.
#[test]
fn weighted_rows_are_certified_through_generalised_totalizers() {
    let text = assert_certified(
        &[
            "models/queens-attacking-exactly-k-max.qspec",
            "-D",
            "n=5",
            "-D",
            "k=2",
        ],
        "c certified: count >= 9 is impossible, so count = 8 is optimal, assuming `hint lines (automatic)` (implied) (end to end",
        0,
    );
    assert!(text.contains(" generalised totalizers: "), "{text}");
}

#[test]
fn hints_restrict_or_qualify_the_certified_claim() {
    let dir = tempfile::tempdir().unwrap();
    let hinted = format!("{NINE_QUEENS}hint symmetric rot90\nhint lines\n");
    let file = model(dir.path(), "q9h.qspec", &hinted);
    assert_certified(
        &[&file],
        "c certified: no solution, under `hint symmetric rot90`, assuming `hint lines` (implied) (end to end from the OPB file, checked by veripb",
        20,
    );
}

/// The proof's lines; `(first, last)` indices of CaDiCaL's steps (the
/// `rup` steps with hints after the last `red`/`pol` step of the encodings).
fn solver_steps(lines: &[String]) -> (usize, usize) {
    let encodings_end = lines
        .iter()
        .rposition(|l| l.starts_with("red ") || l.starts_with("pol "))
        .expect("the totalizer's derivation");
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("rup "))
        .expect("the empty clause");
    assert!(last > encodings_end + 2, "CaDiCaL made too few steps");
    (encodings_end + 1, last)
}

/// Writes `lines` as `name` in `dir`; `qspec verify` of an UNSAT answer of
/// `model` with it as the proof of `opb`: its output and exit code.
fn verify_with(
    dir: &Path,
    model: &str,
    opb: &Path,
    lines: &[String],
    name: &str,
) -> (String, Option<i32>) {
    let proof = dir.join(name);
    std::fs::write(&proof, lines.join("\n") + "\n").unwrap();
    let answer = dir.join("unsat.out");
    std::fs::write(&answer, "s UNSATISFIABLE\n").unwrap();
    let out = qspec(&[
        "verify",
        model,
        answer.to_str().unwrap(),
        "--map",
        opb.to_str().unwrap(),
        "--proof",
        proof.to_str().unwrap(),
    ]);
    (stdout(&out), out.status.code())
}

/// `verify --proof` certifies the kept proof, and says NOT certified, with
/// veripb's reason, when a step of CaDiCaL's is deleted or a literal of a
/// derived clause flipped.
#[test]
fn a_corrupted_proof_is_rejected_and_verify_says_not_certified() {
    let dir = tempfile::tempdir().unwrap();
    let (_, file, opb, proof) = nine_queens_kept(dir.path());
    let lines: Vec<String> = std::fs::read_to_string(&proof)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let (text, code) = verify_with(dir.path(), &file, &opb, &lines, "good.pbp");
    assert!(
        text.contains("proof: certified: the OPB file ") && text.contains("checked by veripb"),
        "{text}"
    );
    assert_eq!(code, Some(0), "{text}");

    let (first, last) = solver_steps(&lines);
    let mut deleted = lines.clone();
    deleted.remove((first + last) / 2);
    let (text, code) = verify_with(dir.path(), &file, &opb, &deleted, "deleted.pbp");
    assert!(
        text.contains("proof: NOT certified: veripb rejected the proof: exit code 1"),
        "{text}"
    );
    assert_eq!(code, Some(1), "{text}");

    // The first pairwise clause, `~x1 ~x2`, from the first at-most-one row.
    let mut flipped = lines.clone();
    let at = flipped
        .iter()
        .position(|l| l.starts_with("rup 1 ~x"))
        .expect("a pairwise clause");
    flipped[at] = flipped[at].replacen("1 ~x", "1 x", 1);
    let (text, code) = verify_with(dir.path(), &file, &opb, &flipped, "flipped.pbp");
    assert!(
        text.contains("proof: NOT certified: veripb rejected the proof: ")
            && text.contains("reverse unit propagation"),
        "{text}"
    );
    assert_eq!(code, Some(1), "{text}");
}

#[test]
fn a_proof_of_another_opb_file_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let (_, _, _, proof) = nine_queens_kept(dir.path());
    let ten = model(dir.path(), "q10.qspec", &NINE_QUEENS.replace('9', "10"));
    let other = dir.path().join("q10.opb");
    assert!(qspec(&["compile", &ten, "-o", other.to_str().unwrap()])
        .status
        .success());
    let checked = checker().check(&other, &proof, None).unwrap();
    assert!(!checked.verified);
    assert!(!checked.detail.is_empty());
    // A file with the same number of constraints but other rules: eight
    // rooks' rows (ranks and files) instead of the queens' diagonals.
    let rooks = model(
        dir.path(),
        "r9.qspec",
        "board 8 x 8\npiece rook\nrule no_attack\ncount == 9\n",
    );
    let rooks_opb = dir.path().join("r9.opb");
    assert!(
        qspec(&["compile", &rooks, "-o", rooks_opb.to_str().unwrap()])
            .status
            .success()
    );
    assert!(!checker().check(&rooks_opb, &proof, None).unwrap().verified);
}

/// `count == 8` on 3x3: the equality's `>=` half says "at most one cell
/// empty", so the equality is split, each half cited by its own id (the
/// `>=` half first, as VeriPB numbers them).
#[test]
fn an_equality_with_an_at_most_one_half_is_split_and_certified() {
    let dir = tempfile::tempdir().unwrap();
    let file = model(
        dir.path(),
        "e8.qspec",
        "board 3 x 3\npiece queen\nrule no_attack\ncount == 8\n",
    );
    let text = assert_certified(
        &[&file, "--engine", "kissat"],
        "c certified: no solution (end to end from the OPB file, checked by veripb",
        20,
    );
    assert!(
        text.contains("(1 clause, 13 pairwise at-most-ones, 0 totalizers"),
        "{text}"
    );
}

/// A random row over `n` variables: coefficients in -5..=5, any relation.
fn random_row(rng: &mut Rng, n: u32) -> qspec::certify::veripb::PbRow {
    use qspec::model::{Rel, Var};
    let mut terms = Vec::new();
    for id in 1..=n {
        if rng.below(3) > 0 {
            let coef = rng.between(-5, 5);
            if coef != 0 {
                terms.push((coef, Var::from_dimacs(id)));
            }
        }
    }
    if terms.is_empty() {
        terms.push((1, Var::from_dimacs(1)));
    }
    let sum: i64 = terms.iter().map(|(c, _)| c.abs()).sum();
    let rel = [Rel::Ge, Rel::Le, Rel::Eq][rng.below(3) as usize];
    qspec::certify::veripb::PbRow {
        terms,
        rel,
        rhs: rng.between(-sum / 2, sum / 2 + 1),
    }
}

/// The rows as an OPB file (`<=` negated into `>=`, as qspec writes them).
fn write_opb(path: &Path, rows: &[qspec::certify::veripb::PbRow], n: u32) {
    use qspec::model::Rel;
    let mut text = format!("* #variable= {n} #constraint= {}\n", rows.len());
    for row in rows {
        let sign = if row.rel == Rel::Le { -1 } else { 1 };
        for (coef, var) in &row.terms {
            text += &format!("{:+} x{} ", sign * coef, var.id());
        }
        let symbol = if row.rel == Rel::Eq { "=" } else { ">=" };
        text += &format!("{symbol} {} ;\n", sign * row.rhs);
    }
    std::fs::write(path, text).unwrap();
}

fn holds(row: &qspec::certify::veripb::PbRow, values: &[bool]) -> bool {
    use qspec::model::Rel;
    let lhs: i64 = row
        .terms
        .iter()
        .map(|(c, v)| if values[v.index()] { *c } else { 0 })
        .sum();
    match row.rel {
        Rel::Ge => lhs >= row.rhs,
        Rel::Le => lhs <= row.rhs,
        Rel::Eq => lhs == row.rhs,
    }
}

/// Random files of a few rows over a few variables: every refutation's
/// proof is accepted by veripb, and every solution satisfies the rows.
#[test]
fn random_rows_are_refuted_with_proofs_veripb_accepts() {
    use qspec::certify::veripb::refute_rows;
    use qspec::solve::{Outcome, Stop};
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut refuted, mut solved) = (0, 0);
    for case in 0..400 {
        let n = 2 + rng.below(6) as u32;
        let rows: Vec<_> = (0..2 + rng.below(5))
            .map(|_| random_row(&mut rng, n))
            .collect();
        let opb = dir.path().join(format!("r{case}.opb"));
        let proof = dir.path().join(format!("r{case}.pbp"));
        write_opb(&opb, &rows, n);
        let refutation = refute_rows(&rows, n, &proof, &Stop::new(None)).unwrap();
        match refutation.outcome {
            Outcome::Unsat => {
                refuted += 1;
                let checked = checker().check(&opb, &proof, None).unwrap();
                assert!(
                    checked.verified,
                    "case {case}: {rows:?}: {}",
                    checked.detail
                );
            }
            Outcome::Sat(values) => {
                solved += 1;
                assert!(
                    rows.iter().all(|r| holds(r, &values)),
                    "case {case}: {rows:?}"
                );
            }
            Outcome::Unknown => panic!("case {case} stopped"),
        }
    }
    assert!(
        refuted >= 50 && solved >= 50,
        "{refuted} refuted, {solved} solved"
    );
}

/// The clique search's claims: proved by its own proof search over the
/// OPB file's rows, checked by `veripb`.
#[test]
fn the_clique_search_certifies_its_claims_with_its_own_proof() {
    let own = "by the clique search's own proof, checked by veripb";
    // Nine queens on 8x8 (auto: the clique search and Kissat): one node,
    // the eight rows cover the board.
    let dir = tempfile::tempdir().unwrap();
    let nine = model(dir.path(), "q9.qspec", NINE_QUEENS);
    let text = assert_certified(&[&nine], own, 20);
    assert!(text.contains("1 nodes, 2 VeriPB steps"), "{text}");
    // (4,4) >= 17 with the thesis' cube and star cliques: one node.
    let args: Vec<&str> = "models/queens-nd-cliques-inf.qspec -D n=4 -D d=4 -D m=17"
        .split(' ')
        .collect();
    let text = assert_certified(&args, own, 20);
    assert!(text.contains("assuming `hint cliques cube star`"), "{text}");
    // An optimum: 7 queens on 4^3, and 8 impossible.
    let cube = model(dir.path(), "c4.qspec", CUBE_4_MAX);
    let text = assert_certified(&[&cube, "--engine", "clique"], own, 0);
    assert!(
        text.contains("c certified: count >= 8 is impossible, so count = 7 is optimal"),
        "{text}"
    );
    // 5^3's optimum: the cube's 47 symmetries broken at the root by
    // dominance, one branch an orbit: 14,249 nodes (173,896 without).
    let text = assert_certified(
        &["models/queens-3d-5.qspec"],
        "c certified: count >= 14 is impossible, so count = 13 is optimal (end to end from the OPB file by the clique search's own proof, checked by veripb",
        0,
    );
    assert!(text.contains("14,249 nodes"), "{text}");
    assert!(
        text.contains("47 symmetries' lex-leader constraints on the root's branches by dominance"),
        "{text}"
    );
    // (Past its 4,000,000 nodes it gives the claim to CaDiCaL's proof:
    // `it_numbers_equalities_as_two_and_gives_up_past_its_nodes` in
    // src/solve/clique/proof/mod.rs, and the row search's short list in
    // heavy::certify_rows.)
}

#[test]
fn a_corrupted_clique_proof_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let cube = model(dir.path(), "c4.qspec", CUBE_4_MAX);
    let kept = dir.path().join("kept");
    let (text, code) = solve_certified(&[&cube, "--engine", "clique"], Some(&kept));
    assert_eq!(code, Some(0), "{text}");
    let (opb, proof) = (kept.join("c4.opb"), kept.join("c4.pbp"));
    let good = std::fs::read_to_string(&proof).unwrap();
    assert!(checker().check(&opb, &proof, None).unwrap().verified);
    // The first node's clause cut to its first piece: a claim about the
    // whole first branch, before its search is in the proof.
    let first_rup = good.lines().find(|l| l.starts_with("rup 1 ~")).unwrap();
    let first_piece = first_rup.split(" 1 ~").nth(1).unwrap();
    let first_dom = good.lines().find(|l| l.starts_with("dom ")).unwrap();
    let cases = [
        good.replacen(first_rup, &format!("rup 1 ~{first_piece} >= 1 ;"), 1),
        // One derivation changed: the first lex-leader constraint made
        // strict (a board its symmetry keeps is its own image, no smaller).
        good.replacen(first_dom, &first_dom.replacen(" >= 0 ; ", " >= 1 ; ", 1), 1),
        // A witness that is no symmetry: its first piece's image dropped.
        {
            let (head, witness) = first_dom.split_once(" ; ").unwrap();
            let (mapping, rest) = witness.split_once(" ; ").unwrap();
            let tokens: Vec<&str> = mapping.split(' ').collect();
            let fewer = format!("{head} ; {} ; {rest}", tokens[3..].join(" "));
            good.replacen(first_dom, &fewer, 1)
        },
        // The conclusion claimed before the contradiction.
        good.replacen("conclusion UNSAT : ", "conclusion UNSAT : 1", 1),
    ];
    for (i, bad) in cases.iter().enumerate() {
        assert_ne!(*bad, good);
        std::fs::write(&proof, bad).unwrap();
        let checked = checker().check(&opb, &proof, None).unwrap();
        assert!(!checked.verified, "veripb accepted case {i}:\n{bad}");
    }
}

/// The armies search's claims: refuted by its own search, its branching on
/// lines and its knapsack written as it goes, its symmetry pruning
/// justified by dominance; `veripb` checks the proofs end to end.
#[test]
fn the_armies_search_certifies_its_claims_with_its_own_proof() {
    let own = "by the armies search's own proof, checked by veripb";
    // OEIS A250000: 1, 1, 2, 4, 5, 7, 9 for n = 2..8.
    for (n, most) in [(3, 1), (4, 2), (5, 4), (6, 5), (7, 7), (8, 9)] {
        let define = format!("n={n}");
        let args = [
            "models/peaceable-queens.qspec",
            "-D",
            &define,
            "--engine",
            "armies",
        ];
        let claim = format!(
            "c certified: count white >= {} is impossible, so count white = {most} is optimal",
            most + 1
        );
        let text = assert_certified(&args, &claim, 0);
        assert!(text.contains(own), "{n}: {text}");
        assert!(
            text.contains("symmetries' lex-leader constraint by dominance"),
            "{n}: {text}"
        );
    }
    // On the torus (OEIS A279405: 2, 4, 4, 8 for n = 5..8), whose
    // symmetries include the translations.
    for (n, most) in [(5, 2), (6, 4), (8, 8)] {
        let define = format!("n={n}");
        let args = ["models/peaceable-queens-torus.qspec", "-D", &define];
        let claim = format!("so count white = {most} is optimal");
        let text = assert_certified(&args, &claim, 0);
        assert!(text.contains(own), "{n}: {text}");
    }
}

#[test]
fn a_corrupted_armies_proof_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let args = [
        "models/peaceable-queens.qspec",
        "-D",
        "n=6",
        "--engine",
        "armies",
    ];
    let (text, code) = solve_certified(&args, Some(&kept));
    assert_eq!(code, Some(0), "{text}");
    let (opb, proof) = (
        kept.join("peaceable-queens.opb"),
        kept.join("peaceable-queens.pbp"),
    );
    let good = std::fs::read_to_string(&proof).unwrap();
    assert!(checker().check(&opb, &proof, None).unwrap().verified);
    let first_leaf = good
        .lines()
        .find(|l| l.starts_with("rup 1 ") && l.matches(" 1 ").count() >= 2)
        .unwrap();
    let first_literal = &first_leaf[4..4 + first_leaf[4..].find(" 1 ").unwrap()];
    let first_cut = good
        .lines()
        .find(|l| l.starts_with("pol ") && l.contains(" k"))
        .unwrap();
    let first_dom = good.lines().find(|l| l.starts_with("dom ")).unwrap();
    let cases = [
        // One branch removed: the first node's clause cut to its first
        // line's colour, a claim about the whole branch before its search.
        good.replacen(first_leaf, &format!("rup {first_literal} >= 1 ;"), 1),
        // One derivation changed: the first knapsack cut without its count
        // rows (from the file's first row instead).
        {
            let (_, rest) = first_cut.split_once(' ').unwrap();
            let (_, tail) = rest.split_once(' ').unwrap();
            good.replacen(first_cut, &format!("pol 1 {tail}"), 1)
        },
        // The swap of the armies as a witness that keeps the armies.
        good.replacen(first_dom, &first_dom.replace("-> ~k", "-> k"), 1),
        // The conclusion claimed before the contradiction.
        good.replacen("conclusion UNSAT : ", "conclusion UNSAT : 1", 1),
    ];
    for (i, bad) in cases.iter().enumerate() {
        assert_ne!(*bad, good, "case {i} changed nothing");
        std::fs::write(&proof, bad).unwrap();
        let checked = checker().check(&opb, &proof, None).unwrap();
        assert!(!checked.verified, "veripb accepted case {i}");
    }
}

/// `--elaborate` keeps the kernel proof veripb elaborates as it checks
/// (VeriPB 3's kernel format, what CakePB reads), which veripb accepts in
/// its turn.
#[test]
fn the_elaborated_kernel_proof_is_kept_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let kept_arg = kept.to_string_lossy().into_owned();
    let args = [
        "solve",
        "models/peaceable-queens.qspec",
        "-D",
        "n=5",
        "--certify=model",
        "--proof-dir",
        &kept_arg,
        "--elaborate",
    ];
    let out = qspec(&args);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let kernel = kept.join("peaceable-queens.kernel.pbp");
    assert!(
        text.contains(&format!("kernel proof {}", kernel.display())),
        "{text}"
    );
    let written = std::fs::read_to_string(&kernel).unwrap();
    assert!(
        written.starts_with("pseudo-Boolean proof version 3.0"),
        "{written}"
    );
    let opb = kept.join("peaceable-queens.opb");
    assert!(checker().check(&opb, &kernel, None).unwrap().verified);
}
