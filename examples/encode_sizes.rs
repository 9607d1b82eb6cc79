//! Sizes and speed of the clausal encodings, for choosing the defaults and
//! checking the large-constraint budget. Run in release mode:
//!
//! ```text
//! cargo run --release --example encode_sizes -- amo     # AMO sizes per n
//! cargo run --release --example encode_sizes -- card    # card sizes per (n, k, rel)
//! cargo run --release --example encode_sizes -- big     # n = 27000, k = 500 timings
//! ```

use std::time::Instant;

use qspec::encode::{encode_constraint, encode_model, ClauseArena, ClauseCounter, ClauseSink};
use qspec::model::{Constraint, Lit, Model, Rel, VarAlloc};
use qspec::options::{AmoEncoding, CardEncoding, Encodings};

fn inputs(n: usize) -> Vec<Lit> {
    (1..=n as i32).map(Lit::from_dimacs).collect()
}

/// (clauses, aux vars, literals) of one constraint.
fn size(c: &Constraint, enc: Encodings, n: usize) -> (u64, u32, u64) {
    let mut counter = ClauseCounter::default();
    let mut vars = VarAlloc::after(n as u32);
    encode_constraint(c, &enc, &mut vars, &mut counter);
    (counter.clauses, vars.n_vars() - n as u32, counter.literals)
}

fn amo_table() {
    print!("{:>4}", "n");
    for e in AmoEncoding::ALL {
        print!(" {:>22}", e.name());
    }
    println!("   (clauses/vars/lits)");
    for n in (2..=16).chain([20, 24, 30, 40, 60]) {
        print!("{n:>4}");
        let c = Constraint::AtMostOne(inputs(n));
        for e in AmoEncoding::ALL {
            let (cl, v, l) = size(
                &c,
                Encodings {
                    amo: Some(e),
                    card: None,
                },
                n,
            );
            print!(" {:>22}", format!("{cl}/{v}/{l}"));
        }
        println!();
    }
}

/// For each n, the encodings with the fewest clauses + aux vars.
fn amo_best() {
    for n in 2..=80 {
        let c = Constraint::AtMostOne(inputs(n));
        let costs: Vec<(u64, &str)> = AmoEncoding::ALL
            .into_iter()
            .map(|e| {
                let (cl, v, _) = size(
                    &c,
                    Encodings {
                        amo: Some(e),
                        card: None,
                    },
                    n,
                );
                (cl + u64::from(v), e.name())
            })
            .collect();
        let best = costs.iter().map(|c| c.0).min().unwrap();
        let winners: Vec<String> = costs
            .iter()
            .filter(|c| c.0 == best)
            .map(|c| c.1.to_string())
            .collect();
        let auto = size(&c, Encodings::default(), n);
        println!(
            "n={n:>3} best clauses+vars {best:>4} by {:<22} auto {}",
            winners.join(","),
            auto.0 + u64::from(auto.1)
        );
    }
}

fn card_table() {
    print!("{:>6} {:>5} {:>3}", "n", "k", "rel");
    for e in CardEncoding::ALL {
        print!(" {:>18}", e.name());
    }
    println!("   (clauses/vars)");
    let rels = [(Rel::Le, "<="), (Rel::Ge, ">="), (Rel::Eq, "=")];
    for n in [8, 16, 32, 64, 128, 256, 1024, 4096] {
        for k in [1, 2, 3, 4, 6, 8, 16, 32, 64, 128, 512] {
            if 2 * k > n {
                continue;
            }
            for (rel, sym) in rels {
                let c = Constraint::Card {
                    lits: inputs(n),
                    rel,
                    k: k as u32,
                    guard: None,
                };
                print!("{n:>6} {k:>5} {sym:>3}");
                for e in CardEncoding::ALL {
                    let (cl, v, _) = size(
                        &c,
                        Encodings {
                            amo: None,
                            card: Some(e),
                        },
                        n,
                    );
                    print!(" {:>18}", format!("{cl}/{v}"));
                }
                let (cl, v, _) = size(&c, Encodings::default(), n);
                println!("   auto {cl}/{v}");
            }
        }
    }
}

/// Clauses + aux vars of seqcounter, totalizer and cardnet per counting
/// range `m` (k + 1 for <=, k for >=), to place the automatic choice.
fn crossover() {
    let contenders = [
        CardEncoding::SeqCounter,
        CardEncoding::Totalizer,
        CardEncoding::CardNet,
    ];
    for n in [256, 1024, 4096] {
        for m in (2..=8).chain((12..=128).step_by(4)).filter(|&m| 2 * m < n) {
            let mut line = format!("n={n:>5} m={m:>4}");
            for (rel, k, sym) in [(Rel::Le, m - 1, "<="), (Rel::Ge, m, ">=")] {
                let c = Constraint::Card {
                    lits: inputs(n),
                    rel,
                    k: k as u32,
                    guard: None,
                };
                let costs: Vec<String> = contenders
                    .iter()
                    .map(|&e| {
                        let (cl, v, _) = size(
                            &c,
                            Encodings {
                                amo: None,
                                card: Some(e),
                            },
                            n,
                        );
                        format!("{}={}", e.name(), cl + u64::from(v))
                    })
                    .collect();
                line += &format!("   {sym} {}", costs.join(" "));
            }
            println!("{line}");
        }
    }
}

fn big() {
    let n = 27_000;
    for rel in [Rel::Ge, Rel::Le, Rel::Eq] {
        let c = Constraint::Card {
            lits: inputs(n),
            rel,
            k: 500,
            guard: None,
        };
        for e in CardEncoding::ALL {
            let mut arena = ClauseArena::new();
            let mut vars = VarAlloc::after(n as u32);
            let start = Instant::now();
            encode_constraint(
                &c,
                &Encodings {
                    amo: None,
                    card: Some(e),
                },
                &mut vars,
                &mut arena,
            );
            let took = start.elapsed();
            println!(
                "n={n} k=500 {:<2} {:<10} {:>9} clauses {:>9} aux vars {:>10} lits {:>8.1} ms",
                rel.symbol(),
                e.name(),
                arena.iter().count(),
                vars.n_vars() - n as u32,
                arena.raw().len() - arena.iter().count(),
                took.as_secs_f64() * 1e3
            );
        }
    }
    queens_like_amos();
}

/// About the AMOs of a 30x30x30 queens model: every line of the cube along
/// the 13 directions, ~20,000 AMOs with ~351,000 literals, with ladder.
fn queens_like_amos() {
    let side = 30i32;
    let id = |x: i32, y: i32, z: i32| Lit::from_dimacs(1 + x + side * (y + side * z));
    let dirs: Vec<(i32, i32, i32)> = (-1..=1)
        .flat_map(|a| (-1..=1).flat_map(move |b| (-1..=1).map(move |c| (a, b, c))))
        .filter(|&d| d > (0, 0, 0))
        .collect();
    let inside = |x: i32, y: i32, z: i32| {
        (0..side).contains(&x) && (0..side).contains(&y) && (0..side).contains(&z)
    };
    let mut amos = Vec::new();
    for &(dx, dy, dz) in &dirs {
        for x in 0..side {
            for y in 0..side {
                for z in 0..side {
                    if inside(x - dx, y - dy, z - dz) {
                        continue; // not the start of a line
                    }
                    let mut line = Vec::new();
                    let (mut a, mut b, mut c) = (x, y, z);
                    while inside(a, b, c) {
                        line.push(id(a, b, c));
                        (a, b, c) = (a + dx, b + dy, c + dz);
                    }
                    if line.len() >= 2 {
                        amos.push(Constraint::AtMostOne(line));
                    }
                }
            }
        }
    }
    let n_lits: usize = amos
        .iter()
        .map(|c| match c {
            Constraint::AtMostOne(l) => l.len(),
            _ => 0,
        })
        .sum();
    let mut model = Model::default();
    for i in 0..side * side * side {
        model.new_var(format!("q{i}"));
    }
    let origin = model.origin("bench");
    for c in amos {
        model.add(c, origin);
    }
    let all = inputs((side * side * side) as usize);
    model.add(
        Constraint::Card {
            lits: all,
            rel: Rel::Ge,
            k: 500,
            guard: None,
        },
        origin,
    );
    println!(
        "queens-like model: {} AMOs over {n_lits} literals, plus sum of 27000 >= 500",
        model.constraints.len() - 1
    );

    let ladder_cardnet = Encodings {
        amo: Some(AmoEncoding::Ladder),
        card: Some(CardEncoding::CardNet),
    };
    for enc in [ladder_cardnet, Encodings::default()] {
        let start = Instant::now();
        let mut arena = ClauseArena::new();
        let vars = encode_model(&model, &enc, &mut arena);
        let encoded = start.elapsed();
        let text = dimacs_text(&arena, vars.n_vars());
        let total = start.elapsed();
        println!(
            "  {}: {} vars, {} clauses, {:.1} MB of DIMACS; encode {:.1} ms, encode + write {:.1} ms",
            qspec::encode::describe(&enc),
            vars.n_vars(),
            arena.n_clauses(),
            text.len() as f64 / 1e6,
            encoded.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3
        );
    }
}

/// The arena as DIMACS text (the way a CNF writer would produce it).
fn dimacs_text(arena: &ClauseArena, n_vars: u32) -> Vec<u8> {
    let mut text = Vec::with_capacity(arena.raw().len() * 7);
    text.extend_from_slice(format!("p cnf {n_vars} {}\n", arena.n_clauses()).as_bytes());
    let mut buf = itoa::Buffer::new();
    for &l in arena.raw() {
        text.extend_from_slice(buf.format(l).as_bytes());
        text.push(if l == 0 { b'\n' } else { b' ' });
    }
    text
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("amo") => amo_table(),
        Some("amo-best") => amo_best(),
        Some("card") => card_table(),
        Some("big") => big(),
        Some("crossover") => crossover(),
        _ => eprintln!("usage: encode_sizes amo|amo-best|card|crossover|big"),
    }
}
