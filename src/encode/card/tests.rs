//! Every counter, every output need, checked exhaustively on small sizes
//! (including moduli of the modulo totalizer that the default never picks).

use super::*;
use crate::encode::testutil::assert_exact;
use crate::encode::ClauseArena;

fn inputs(n: usize) -> Vec<Lit> {
    (1..=n as i32).map(Lit::from_dimacs).collect()
}

fn counters() -> Vec<(String, Box<dyn UnaryCounter>)> {
    let mut all: Vec<(String, Box<dyn UnaryCounter>)> = vec![
        ("seqcounter".into(), Box::new(seqcounter::SeqCounter)),
        ("cardnet".into(), Box::new(cardnet::CardNet)),
        ("sortnet".into(), Box::new(sortnet::SortNet)),
        (
            "mtotalizer".into(),
            Box::new(mtotalizer::MTotalizer { modulus: None }),
        ),
    ];
    for p in 1..=4 {
        all.push((
            format!("mtotalizer p={p}"),
            Box::new(mtotalizer::MTotalizer { modulus: Some(p) }),
        ));
    }
    all
}

/// Enforces the counter's outputs with the given polarity and checks the
/// result is exactly "at least j" / "fewer than j".
fn check_need(name: &str, counter: &dyn UnaryCounter, n: usize, need: Need) {
    let mut arena = ClauseArena::new();
    let mut vars = VarAlloc::after(n as u32);
    let t = counter.count(&inputs(n), need, &mut vars, &mut arena);
    let count = |v: &[bool]| v.iter().filter(|&&b| b).count();
    if let (Some(j), Some(o)) = (need.up, t.up) {
        let mut a = arena.clone();
        a.add_clause(&[!o]);
        assert_exact(&a, n, |v| count(v) < j, &format!("{name} n={n} up={j}"));
    }
    if let (Some(j), Some(o)) = (need.down, t.down) {
        let mut a = arena.clone();
        a.add_clause(&[o]);
        assert_exact(&a, n, |v| count(v) >= j, &format!("{name} n={n} down={j}"));
    }
    assert_eq!(need.up.is_some(), t.up.is_some(), "{name}: up output");
    assert_eq!(need.down.is_some(), t.down.is_some(), "{name}: down output");
    // Without enforcement the structure never restricts the inputs.
    assert_exact(
        &arena,
        n,
        |_| true,
        &format!("{name} n={n} structure {need:?}"),
    );
}

#[test]
fn every_counter_counts_exactly_in_each_direction() {
    for (name, counter) in counters() {
        for n in 1..=9 {
            for j in 1..=n {
                check_need(
                    &name,
                    counter.as_ref(),
                    n,
                    Need {
                        up: Some(j),
                        down: None,
                    },
                );
                check_need(
                    &name,
                    counter.as_ref(),
                    n,
                    Need {
                        up: None,
                        down: Some(j),
                    },
                );
                if j < n {
                    check_need(
                        &name,
                        counter.as_ref(),
                        n,
                        Need {
                            up: Some(j + 1),
                            down: Some(j),
                        },
                    );
                }
            }
        }
    }
}

#[test]
fn cheaper_side_counts_the_shorter_way() {
    let x = inputs(10);
    let (lits, rel, k) = cheaper_side(x.clone(), Rel::Ge, 9);
    assert_eq!((rel, k), (Rel::Le, 1));
    assert_eq!(lits[0], !x[0]);
    assert_eq!(cheaper_side(x.clone(), Rel::Le, 3).1, Rel::Le);
    assert_eq!(cheaper_side(x.clone(), Rel::Le, 8).1, Rel::Ge);
    assert_eq!(cheaper_side(x, Rel::Eq, 7).2, 3);
}
