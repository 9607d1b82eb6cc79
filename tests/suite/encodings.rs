//! Every encoding against the constraint it encodes.
//!
//! The check is semantic and exhaustive: for every assignment of the
//! constraint's variables (and its guard), the clauses must be satisfiable
//! under that assignment (as CaDiCaL assumptions) exactly when the
//! constraint holds. Snapshots at the end pin one small instance of each
//! encoding as DIMACS text (in the top-level `snapshots/` folder).

use crate::common;

use common::snapshot;

use qspec::encode::{encode_constraint, encode_model, ClauseArena, ClauseCounter, ClauseSink};
use qspec::model::{Constraint, Lit, Model, Rel, Var, VarAlloc};
use qspec::options::{AmoEncoding, CardEncoding, Encodings};
use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::Lit as RsLit;
use rustsat_cadical::CaDiCaL;

const RELS: [Rel; 3] = [Rel::Le, Rel::Ge, Rel::Eq];

fn lit(n: i32) -> Lit {
    Lit::from_dimacs(n)
}

fn lits(ns: &[i32]) -> Vec<Lit> {
    ns.iter().map(|&n| lit(n)).collect()
}

/// Positive literals of variables `1..=n`.
fn first_vars(n: usize) -> Vec<Lit> {
    (1..=n as i32).map(lit).collect()
}

fn amo_only(e: AmoEncoding) -> Encodings {
    Encodings {
        amo: Some(e),
        card: None,
    }
}

fn card_only(e: CardEncoding) -> Encodings {
    Encodings {
        amo: None,
        card: Some(e),
    }
}

/// The clauses of `c` (auxiliary variables after `n_vars`).
fn encode(c: &Constraint, enc: Encodings, n_vars: u32) -> ClauseArena {
    let mut arena = ClauseArena::new();
    let mut vars = VarAlloc::after(n_vars);
    encode_constraint(c, &enc, &mut vars, &mut arena);
    arena
}

fn solver_for(arena: &ClauseArena) -> CaDiCaL<'static, 'static> {
    let mut solver = CaDiCaL::default();
    for clause in arena.iter() {
        let clause: Vec<RsLit> = clause
            .iter()
            .map(|&l| RsLit::from_ipasir(l).unwrap())
            .collect();
        solver.add_clause_ref(&clause[..]).unwrap();
    }
    solver
}

fn sat_under(solver: &mut CaDiCaL, assumptions: &[i32]) -> bool {
    let assumptions: Vec<RsLit> = assumptions
        .iter()
        .map(|&l| RsLit::from_ipasir(l).unwrap())
        .collect();
    solver.solve_assumps(&assumptions).unwrap() == SolverResult::Sat
}

/// Full assignments of variables `1..=n_vars`: bit `i` of the mask is the
/// value of variable `i + 1`.
fn assignment(mask: u32, n_vars: u32) -> Vec<i32> {
    (1..=n_vars as i32)
        .map(|v| if mask & (1 << (v - 1)) != 0 { v } else { -v })
        .collect()
}

/// Asserts: under each full assignment of variables `1..=n_vars`, the
/// clauses of `c` are satisfiable iff `holds` (and `c.holds`) says so.
fn assert_exact(
    c: &Constraint,
    enc: Encodings,
    n_vars: u32,
    holds: impl Fn(u32) -> bool,
    what: &str,
) {
    let arena = encode(c, enc, n_vars);
    let mut solver = solver_for(&arena);
    for mask in 0..(1u32 << n_vars) {
        let value = |v: Var| mask & (1 << v.index()) != 0;
        let expected = holds(mask);
        assert_eq!(
            c.holds(&value),
            expected,
            "{what}: the test's oracle disagrees with Constraint::holds"
        );
        let sat = sat_under(&mut solver, &assignment(mask, n_vars));
        assert_eq!(
            sat,
            expected,
            "{what} ({}): assignment {:?}",
            qspec::encode::describe(&enc),
            assignment(mask, n_vars)
        );
    }
}

/// Asserts exactness against `Constraint::holds` alone.
fn assert_exact_by_model(c: &Constraint, enc: Encodings, n_vars: u32, what: &str) {
    let holds = |mask: u32| c.holds(&|v: Var| mask & (1 << v.index()) != 0);
    assert_exact(c, enc, n_vars, holds, what);
}

fn ones(mask: u32, n: usize) -> u32 {
    (mask & ((1u32 << n) - 1)).count_ones()
}

// ---------------------------------------------------------------- AMO --

#[test]
fn amo_every_encoding_is_exact_up_to_8() {
    for e in AmoEncoding::ALL {
        for n in 0..=8 {
            let c = Constraint::AtMostOne(first_vars(n));
            assert_exact(
                &c,
                amo_only(e),
                n as u32,
                |m| m.count_ones() <= 1,
                &format!("amo {} n={n}", e.name()),
            );
        }
    }
}

/// For larger n: every assignment with at most one true literal is
/// satisfiable, and every pair of true literals alone is unsatisfiable
/// (so every assignment with two or more is).
#[test]
fn amo_every_encoding_is_exact_up_to_20() {
    for e in AmoEncoding::ALL.into_iter().map(Some).chain([None]) {
        let enc = Encodings { amo: e, card: None };
        for n in [9, 12, 16, 20] {
            let arena = encode(&Constraint::AtMostOne(first_vars(n)), enc, n as u32);
            let mut solver = solver_for(&arena);
            let all_false: Vec<i32> = (1..=n as i32).map(|v| -v).collect();
            assert!(
                sat_under(&mut solver, &all_false),
                "amo {e:?} n={n}: none true"
            );
            for i in 0..n {
                let mut one = all_false.clone();
                one[i] = -one[i];
                assert!(
                    sat_under(&mut solver, &one),
                    "amo {e:?} n={n}: only x{} true",
                    i + 1
                );
                for j in i + 1..n {
                    let pair = [i as i32 + 1, j as i32 + 1];
                    assert!(
                        !sat_under(&mut solver, &pair),
                        "amo {e:?} n={n}: x{} and x{} true",
                        i + 1,
                        j + 1
                    );
                }
            }
        }
    }
}

#[test]
fn amo_with_duplicate_and_complementary_literals() {
    let cases: [&[i32]; 6] = [
        &[1, 1],
        &[1, 2, 1, 3, 2],
        &[1, -1],
        &[1, -1, 2, 3],
        &[1, 2, -1, 3, -2],
        &[-1, -2, -1, 3],
    ];
    for e in AmoEncoding::ALL {
        for case in cases {
            let c = Constraint::AtMostOne(lits(case));
            assert_exact_by_model(
                &c,
                amo_only(e),
                3,
                &format!("amo {} over {case:?}", e.name()),
            );
        }
    }
}

// --------------------------------------------------------------- Card --

/// Every relation, every bound `0..=n+1`, plain and reified (guard is
/// variable `n + 1`), every assignment.
fn assert_card_exact_up_to_8(enc: Encodings) {
    for n in 0..=8usize {
        for k in 0..=n as u32 + 1 {
            for rel in RELS {
                let plain = Constraint::Card {
                    lits: first_vars(n),
                    rel,
                    k,
                    guard: None,
                };
                let what = format!("sum of {n} {} {k}", rel.symbol());
                assert_exact(
                    &plain,
                    enc,
                    n as u32,
                    |m| rel.holds(ones(m, n).into(), k.into()),
                    &what,
                );

                let guard = lit(n as i32 + 1);
                let reified = Constraint::Card {
                    lits: first_vars(n),
                    rel,
                    k,
                    guard: Some(guard),
                };
                let guard_on = |m: u32| m & (1 << n) != 0;
                let holds = |m: u32| !guard_on(m) || rel.holds(ones(m, n).into(), k.into());
                assert_exact(
                    &reified,
                    enc,
                    n as u32 + 1,
                    holds,
                    &format!("x{} -> {what}", n + 1),
                );
            }
        }
    }
}

#[test]
fn card_totalizer_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::Totalizer));
}

#[test]
fn card_seqcounter_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::SeqCounter));
}

#[test]
fn card_cardnet_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::CardNet));
}

#[test]
fn card_sortnet_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::SortNet));
}

#[test]
fn card_adder_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::Adder));
}

#[test]
fn card_mtotalizer_is_exact() {
    assert_card_exact_up_to_8(card_only(CardEncoding::MTotalizer));
}

#[test]
fn card_automatic_choice_is_exact() {
    assert_card_exact_up_to_8(Encodings::default());
}

/// Two sizes more, plain only, every encoding and the automatic choice.
#[test]
fn card_every_encoding_is_exact_for_9_and_10() {
    for enc in CardEncoding::ALL
        .map(card_only)
        .into_iter()
        .chain([Encodings::default()])
    {
        for n in [9usize, 10] {
            for k in 0..=n as u32 + 1 {
                for rel in RELS {
                    let c = Constraint::Card {
                        lits: first_vars(n),
                        rel,
                        k,
                        guard: None,
                    };
                    let what = format!("sum of {n} {} {k}", rel.symbol());
                    assert_exact(
                        &c,
                        enc,
                        n as u32,
                        |m| rel.holds(ones(m, n).into(), k.into()),
                        &what,
                    );
                }
            }
        }
    }
}

/// Bounds beyond the exhaustive sweep's reach: a few larger sizes, checked
/// on the assignments right at the bound (k - 1, k, k + 1 true literals,
/// in a few positions).
#[test]
fn card_every_encoding_is_exact_at_the_bound_for_larger_n() {
    for e in CardEncoding::ALL {
        for (n, k) in [(13, 6), (17, 3), (20, 11), (24, 20)] {
            for rel in RELS {
                let c = Constraint::Card {
                    lits: first_vars(n),
                    rel,
                    k: k as u32,
                    guard: None,
                };
                let mut solver = solver_for(&encode(&c, card_only(e), n as u32));
                for true_count in [k - 1, k, k + 1] {
                    for shift in [0, n / 3, n - 1] {
                        let assumptions: Vec<i32> = (0..n)
                            .map(|i| {
                                if (i + n - shift) % n < true_count {
                                    i as i32 + 1
                                } else {
                                    -(i as i32 + 1)
                                }
                            })
                            .collect();
                        let expected = rel.holds(true_count as i64, k as i64);
                        let what = format!(
                            "{} sum of {n} {} {k} with {true_count} true",
                            e.name(),
                            rel.symbol()
                        );
                        assert_eq!(sat_under(&mut solver, &assumptions), expected, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn card_with_duplicate_negated_and_complementary_literals() {
    let cases: [&[i32]; 5] = [
        &[1, 1, 2, 3],
        &[1, -2, 3, -2, 4],
        &[1, -1, 2, 3, 4],
        &[1, -1, 2, -2, 3],
        &[-1, -2, -3, -4, 1],
    ];
    for enc in CardEncoding::ALL
        .map(card_only)
        .into_iter()
        .chain([Encodings::default()])
    {
        for case in cases {
            for k in 0..=5 {
                for rel in RELS {
                    for guard in [None, Some(lit(5))] {
                        let c = Constraint::Card {
                            lits: lits(case),
                            rel,
                            k,
                            guard,
                        };
                        let what = format!("{guard:?} -> {case:?} {} {k}", rel.symbol());
                        assert_exact_by_model(&c, enc, 5, &what);
                    }
                }
            }
        }
    }
}

#[test]
fn holds_reads_amo_and_card_literal_lists_as_sets() {
    let x1_true = |v: Var| v.id() == 1;
    assert!(Constraint::AtMostOne(lits(&[1, 1, 2])).holds(&x1_true));
    assert!(!Constraint::AtMostOne(lits(&[1, -1, 2, 3])).holds(&|v: Var| v.id() == 3));
    assert!(Constraint::AtMostOne(lits(&[1, -1, 2, 3])).holds(&|_| false));
    let card = |ns: &[i32], rel, k| Constraint::Card {
        lits: lits(ns),
        rel,
        k,
        guard: None,
    };
    assert!(card(&[1, 1, 1], Rel::Le, 1).holds(&x1_true));
    assert!(!card(&[1, 1, 2], Rel::Ge, 2).holds(&x1_true));
    assert!(card(&[1, -1], Rel::Eq, 1).holds(&x1_true));
    assert!(card(&[1, -1], Rel::Eq, 1).holds(&|_| false));
    assert!(card(&[2, -2, 3, -3], Rel::Eq, 2).holds(&x1_true));
}

// ------------------------------------------------------------- Linear --

/// A small deterministic generator (64-bit LCG) for test cases.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.next((hi - lo + 1) as u64) as i64
    }
}

#[test]
fn linear_with_mixed_signs_is_exact() {
    let mut rng = Lcg(2024);
    for case in 0..300 {
        let n_vars = rng.range(1, 6) as u32;
        let n_terms = rng.range(1, 8) as usize;
        let terms: Vec<(i64, Lit)> = (0..n_terms)
            .map(|_| {
                let v = rng.range(1, n_vars.into()) as i32;
                let coef = rng.range(-7, 7);
                (coef, if rng.next(2) == 0 { lit(v) } else { lit(-v) })
            })
            .collect();
        let rel = RELS[rng.next(3) as usize];
        let rhs = rng.range(-12, 12);
        let c = Constraint::Linear {
            terms: terms.clone(),
            rel,
            rhs,
        };
        for enc in [
            Encodings::default(),
            card_only(CardEncoding::Adder),
            card_only(CardEncoding::CardNet),
        ] {
            let what = format!("case {case}: {terms:?} {} {rhs}", rel.symbol());
            assert_exact_by_model(&c, enc, n_vars, &what);
        }
    }
}

#[test]
fn linear_with_large_weights_is_exact() {
    let terms = vec![
        (1000, lit(1)),
        (-999, lit(2)),
        (500, lit(-3)),
        (250, lit(4)),
        (-1, lit(5)),
        (3, lit(6)),
    ];
    for rel in RELS {
        for rhs in [-1000, -500, -1, 0, 1, 249, 250, 251, 752, 1001, 1753] {
            let c = Constraint::Linear {
                terms: terms.clone(),
                rel,
                rhs,
            };
            for enc in [Encodings::default(), card_only(CardEncoding::Adder)] {
                assert_exact_by_model(&c, enc, 6, &format!("weights {} {rhs}", rel.symbol()));
            }
        }
    }
}

// ------------------------------------------------------ Clause, OrDef --

#[test]
fn clause_and_or_definition_are_exact() {
    let clause = Constraint::Clause(lits(&[1, -2, 3]));
    assert_exact_by_model(&clause, Encodings::default(), 3, "clause");
    let or_def = Constraint::OrDef {
        def: lit(4),
        lits: lits(&[1, -2, 3]),
    };
    assert_exact_by_model(&or_def, Encodings::default(), 4, "or-def");
    assert_eq!(encode(&or_def, Encodings::default(), 4).n_clauses(), 4);
    let empty_or = Constraint::OrDef {
        def: lit(-1),
        lits: vec![],
    };
    assert_exact_by_model(&empty_or, Encodings::default(), 1, "or-def of nothing");
}

// -------------------------------------------------------------- Model --

/// A small model: the model's constraints hold under an assignment of its
/// named variables iff the CNF is satisfiable under it.
#[test]
fn encode_model_numbers_aux_vars_after_the_named_ones() {
    let mut model = Model::default();
    let x: Vec<Lit> = (0..6)
        .map(|i| model.new_var(format!("x{i}")).positive())
        .collect();
    let origin = model.origin("test");
    model.add(Constraint::AtMostOne(x[..5].to_vec()), origin);
    model.add(
        Constraint::Card {
            lits: x[1..].to_vec(),
            rel: Rel::Ge,
            k: 2,
            guard: Some(x[0]),
        },
        origin,
    );
    model.add(
        Constraint::Linear {
            terms: vec![(2, x[1]), (-3, x[2]), (1, x[3])],
            rel: Rel::Le,
            rhs: 1,
        },
        origin,
    );
    model.add(
        Constraint::OrDef {
            def: x[5],
            lits: vec![x[3], x[4]],
        },
        origin,
    );

    for enc in [
        Encodings::default(),
        Encodings {
            amo: Some(AmoEncoding::Ladder),
            card: Some(CardEncoding::CardNet),
        },
    ] {
        let mut arena = ClauseArena::new();
        let vars = encode_model(&model, &enc, &mut arena);
        let max_used = arena.raw().iter().map(|l| l.unsigned_abs()).max().unwrap();
        assert!(vars.n_vars() >= max_used, "every variable used is counted");
        assert!(
            vars.n_vars() > model.n_vars(),
            "auxiliary variables were added"
        );
        let mut solver = solver_for(&arena);
        for mask in 0..(1u32 << model.n_vars()) {
            let values: Vec<bool> = (0..model.n_vars()).map(|i| mask & (1 << i) != 0).collect();
            let sat = sat_under(&mut solver, &assignment(mask, model.n_vars()));
            assert_eq!(
                sat,
                model.satisfied_by(&values),
                "{}: {values:?}",
                qspec::encode::describe(&enc)
            );
        }
    }
}

// ----------------------------------------------------------- Defaults --

/// The clauses `enc` writes for `c`.
fn raw(c: &Constraint, enc: Encodings, n_vars: u32) -> Vec<i32> {
    encode(c, enc, n_vars).raw().to_vec()
}

#[test]
fn defaults_pick_sane_encodings() {
    let auto = Encodings::default();
    let amo = |n: usize| Constraint::AtMostOne(first_vars(n));
    assert_eq!(
        raw(&amo(5), auto, 5),
        raw(&amo(5), amo_only(AmoEncoding::Pairwise), 5)
    );
    assert_eq!(
        raw(&amo(12), auto, 12),
        raw(&amo(12), amo_only(AmoEncoding::Commander), 12)
    );
    assert_eq!(
        raw(&amo(40), auto, 40),
        raw(&amo(40), amo_only(AmoEncoding::Product), 40)
    );

    let card = |n: usize, rel: Rel, k: u32| Constraint::Card {
        lits: first_vars(n),
        rel,
        k,
        guard: None,
    };
    let cases = [
        (card(100, Rel::Le, 1), CardEncoding::SeqCounter),
        (card(100, Rel::Le, 10), CardEncoding::Totalizer),
        (card(100, Rel::Ge, 95), CardEncoding::Totalizer), // <= 5 on the negations
        (card(2000, Rel::Ge, 100), CardEncoding::CardNet),
    ];
    for (c, expected) in cases {
        assert_eq!(
            raw(&c, auto, 2000),
            raw(&c, card_only(expected), 2000),
            "{c:?} should use {expected:?}"
        );
    }

    // The automatic choice is never far from the smallest arc-consistent
    // option, and far below the quadratic ones on a large bound.
    let big = card(2000, Rel::Ge, 100);
    let size = |enc: Encodings| {
        let mut counter = ClauseCounter::default();
        encode_constraint(&big, &enc, &mut VarAlloc::after(2000), &mut counter);
        counter.clauses
    };
    assert!(size(auto) * 3 < size(card_only(CardEncoding::SeqCounter)));
    assert!(size(auto) < size(card_only(CardEncoding::Totalizer)));
}

#[test]
fn names_round_trip_and_describe_mentions_the_choice() {
    for e in AmoEncoding::ALL {
        assert_eq!(e.name().parse::<AmoEncoding>().ok(), Some(e));
    }
    for e in CardEncoding::ALL {
        assert_eq!(e.name().parse::<CardEncoding>().ok(), Some(e));
    }
    assert_eq!("totalizer".parse::<AmoEncoding>().ok(), None);
    assert_eq!("Ladder".parse::<CardEncoding>().ok(), None);
    let names: Vec<&str> = CardEncoding::ALL.iter().map(|e| e.name()).collect();
    assert_eq!(
        names,
        [
            "totalizer",
            "seqcounter",
            "cardnet",
            "sortnet",
            "adder",
            "mtotalizer"
        ]
    );
    let names: Vec<&str> = AmoEncoding::ALL.iter().map(|e| e.name()).collect();
    assert_eq!(
        names,
        [
            "pairwise",
            "ladder",
            "bitwise",
            "commander",
            "bimander",
            "product"
        ]
    );

    let chosen = Encodings {
        amo: Some(AmoEncoding::Ladder),
        card: Some(CardEncoding::CardNet),
    };
    assert_eq!(qspec::encode::describe(&chosen), "amo=ladder card=cardnet");
    let auto = qspec::encode::describe(&Encodings::default());
    assert!(
        auto.starts_with("amo=auto (") && auto.contains(" card=auto ("),
        "{auto}"
    );
    assert!(!auto.contains('\n'));
}

// ---------------------------------------------------------- Snapshots --

/// DIMACS text of one constraint over variables `1..=n_vars`, with a
/// comment saying what it is.
fn dimacs(title: &str, c: &Constraint, enc: Encodings, n_vars: u32) -> String {
    let mut arena = ClauseArena::new();
    let mut vars = VarAlloc::after(n_vars);
    encode_constraint(c, &enc, &mut vars, &mut arena);
    let mut text = format!("c {title}\np cnf {} {}\n", vars.n_vars(), arena.n_clauses());
    for clause in arena.iter() {
        for l in clause {
            text += &format!("{l} ");
        }
        text += "0\n";
    }
    text
}

#[test]
fn snapshots_of_each_amo_encoding() {
    for e in AmoEncoding::ALL {
        let title = format!("at most one of x1..x5, {}", e.name());
        snapshot(
            &format!("encode_amo_{}_5", e.name()),
            &dimacs(
                &title,
                &Constraint::AtMostOne(first_vars(5)),
                amo_only(e),
                5,
            ),
        );
    }
}

#[test]
fn snapshots_of_each_card_encoding() {
    for e in CardEncoding::ALL {
        for (rel, tag) in [(Rel::Le, "le"), (Rel::Ge, "ge"), (Rel::Eq, "eq")] {
            let c = Constraint::Card {
                lits: first_vars(5),
                rel,
                k: 2,
                guard: None,
            };
            let title = format!("sum of x1..x5 {} 2, {}", rel.symbol(), e.name());
            snapshot(
                &format!("encode_card_{}_5_{tag}_2", e.name()),
                &dimacs(&title, &c, card_only(e), 5),
            );
        }
        let c = Constraint::Card {
            lits: first_vars(5),
            rel: Rel::Eq,
            k: 2,
            guard: Some(lit(6)),
        };
        let title = format!("x6 -> sum of x1..x5 = 2, {}", e.name());
        snapshot(
            &format!("encode_card_{}_5_eq_2_reified", e.name()),
            &dimacs(&title, &c, card_only(e), 6),
        );
    }
}

#[test]
fn snapshot_of_a_linear_constraint() {
    let c = Constraint::Linear {
        terms: vec![(3, lit(1)), (-2, lit(2)), (2, lit(3)), (1, lit(-4))],
        rel: Rel::Le,
        rhs: 2,
    };
    let title = "3 x1 - 2 x2 + 2 x3 + !x4 <= 2, generalized totalizer";
    snapshot(
        "encode_linear_gte_4",
        &dimacs(title, &c, Encodings::default(), 4),
    );
}
