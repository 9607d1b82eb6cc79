//! qspec-results-check: the independent route of docs/results.md. It
//! shares no code with qspec: its own board, moves, symmetries and searches,
//! written from the problems' definitions, no dependency.
//!
//!   check armies N M [--list] [--part I/K]
//!                                  peaceable armies: M white and M black
//!                                  queens on N x N, no queen on a line with
//!                                  one of the other colour: boards, and
//!                                  classes under the square's 8 symmetries
//!                                  and the swap of colours (--list: each
//!                                  class's least image as a JSON line,
//!                                  {"white": [[r,c],...], "black": [...],
//!                                  "class_size": k}, as peaceable.py
//!                                  lists, for compare_armies.py; --part:
//!                                  only part I of K, 0 <= I < K, the
//!                                  colourings of the first lines dealt out
//!                                  in turn, for a sweep: the boards of the
//!                                  K parts together are the whole's)
//!   check armies-torus N M         peaceable armies on the N x N torus
//!                                  (every line wraps round the edges): a
//!                                  board of M white and M black queens,
//!                                  drawn, or none
//!   check attacks N K M [--list]   placements of M queens on N x N, each
//!                                  attacking exactly K others: solutions,
//!                                  classes under the square's 8 symmetries
//!                                  (--list: each class's canonical board)
//!   check attacks-max N K M        the same for M, M+1, ... up to the line
//!                                  identity's bound 2(6N-2)/(8-K): M is the
//!                                  maximum when it has solutions and every
//!                                  larger count has none
//!   check blocked N WALLS [--list] every placement of WALLS walls on N x N,
//!                                  one per class under the 8 symmetries: the
//!                                  most non-attacking queens (rays stop at
//!                                  walls), as a table of values by classes
//!                                  and boards (--list: each class's least
//!                                  placement and its value, a line each)
//!   check boards N K M FILE [--classes] [--cubes LOG]
//!                                  every board of qspec's --jsonl listing
//!                                  (classes of M queens on N x N, each
//!                                  attacking exactly K others) checked one
//!                                  by one: valid, one per class, the class
//!                                  size its orbit's; the boards they hold
//!                                  (--classes: then each class's least
//!                                  image, cell indices r * N + c, sorted:
//!                                  the same text from any correct list;
//!                                  --cubes: the list's boards cube by cube
//!                                  against each cube queens_k.py's d4 count
//!                                  has in LOG, so far as it has them)
//!   check cube N D M [--list]      placements of M non-attacking queens on
//!                                  the board N^D: solutions, and classes under
//!                                  its 2^D D! symmetries (--list: each class's
//!                                  least placement, as JSON cells, and its size)
//!   check lines N [--list] [--part I/K]
//!                                  no three in line: 2N points on N x N, no
//!                                  three on a line of any slope: solutions,
//!                                  classes under the square's 8 symmetries
//!                                  (--list: each class's least board, a line
//!                                  each, rows of `.` and `Q` split by ` / `;
//!                                  --part: only part I of K, 0 <= I < K, the
//!                                  nodes with 3 rows filled dealt out in
//!                                  turn, for a sweep: the solutions, classes
//!                                  and nodes of the K parts sum to the
//!                                  whole's)

mod armies;
mod attacks;
mod blocked;
mod boards;
mod cube;
mod lines;
mod square;
mod torus;

use std::time::Instant;

fn number(args: &[String], i: usize, what: &str) -> usize {
    args.get(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| usage(&format!("{what} must be a number")))
}

/// `--part I/K` (0 <= I < K), or the whole: (0, 1).
fn part_of(args: &[String]) -> (usize, usize) {
    let Some(at) = args.iter().position(|a| a == "--part") else {
        return (0, 1);
    };
    let parsed = args.get(at + 1).and_then(|v| {
        let (i, k) = v.split_once('/')?;
        Some((i.parse::<usize>().ok()?, k.parse::<usize>().ok()?))
    });
    match parsed {
        Some((i, k)) if i < k => (i, k),
        _ => usage("--part takes I/K with 0 <= I < K, as --part 3/64"),
    }
}

fn usage(why: &str) -> ! {
    eprintln!("error: {why}\nusage: check armies N M [--list] [--part I/K] | armies-torus N M | attacks N K M [--list] | attacks-max N K M | boards N K M FILE [--classes] [--cubes LOG] | blocked N WALLS | cube N D M [--list] | lines N [--list] [--part I/K]");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    match args.first().map(String::as_str) {
        Some("armies") => {
            let (n, m) = (number(&args, 1, "N"), number(&args, 2, "M"));
            let (part, parts) = part_of(&args);
            let found = armies::find_part(n, m, part, parts);
            let which = if parts > 1 {
                format!(" part {part}/{parts}")
            } else {
                String::new()
            };
            println!(
                "# armies n={n} m={m}{which}: {} boards, {} classes, {} nodes, {:.2} s",
                found.boards,
                found.classes.len(),
                found.nodes,
                started.elapsed().as_secs_f64()
            );
            if args.iter().any(|a| a == "--list") {
                for class in &found.classes {
                    let points = |cells: &[usize]| -> String {
                        let p: Vec<String> = cells
                            .iter()
                            .map(|c| format!("[{},{}]", c / n, c % n))
                            .collect();
                        p.join(",")
                    };
                    println!(
                        "{{\"white\": [{}], \"black\": [{}], \"class_size\": {}}}",
                        points(&class[..m]),
                        points(&class[m..]),
                        armies::orbit(n, m, class)
                    );
                }
            }
        }
        Some("armies-torus") => {
            let (n, m) = (number(&args, 1, "N"), number(&args, 2, "M"));
            let found = torus::find(n, m);
            let what = match &found.board {
                Some((w, b)) => {
                    assert!(torus::peaceful(n, w, b), "the board found is not peaceful");
                    "a board"
                }
                None => "none",
            };
            println!(
                "# armies-torus n={n} m={m}: {what}, {} nodes, {:.2} s",
                found.nodes,
                started.elapsed().as_secs_f64()
            );
            if let Some((w, b)) = &found.board {
                println!("{}", draw_armies(n, w, b));
            }
        }
        Some("attacks") => {
            let (n, k, m) = (
                number(&args, 1, "N"),
                number(&args, 2, "K"),
                number(&args, 3, "M"),
            );
            let list = args.iter().any(|a| a == "--list");
            let mut boards = Vec::new();
            let c = attacks::count(n, k as u32, m, &mut |q| {
                if list && square::class_of(n, q).0 {
                    boards.push(q.to_vec());
                }
            });
            println!(
                "attacks n={n} k={k} m={m}: {} solutions, {} classes (class sizes sum to {}), {} nodes, {:.2} s",
                c.solutions,
                c.classes,
                c.class_sizes,
                c.nodes,
                started.elapsed().as_secs_f64()
            );
            for b in boards {
                println!("{}", draw(n, &b));
            }
        }
        Some("attacks-max") => {
            let (n, k, m) = (
                number(&args, 1, "N"),
                number(&args, 2, "K"),
                number(&args, 3, "M"),
            );
            let bound = 2 * (6 * n - 2) / (8 - k);
            for size in m..=bound {
                let t = Instant::now();
                let c = attacks::count(n, k as u32, size, &mut |_| {});
                println!(
                    "attacks n={n} k={k} m={size}: {} solutions, {} classes, {} nodes, {:.2} s",
                    c.solutions,
                    c.classes,
                    c.nodes,
                    t.elapsed().as_secs_f64()
                );
            }
            println!("(no placement has more than {bound} queens: the line identity k m = 8 m - 2 N, N <= 6n - 2 lines)");
        }
        Some("boards") => {
            let (n, k, m) = (
                number(&args, 1, "N"),
                number(&args, 2, "K"),
                number(&args, 3, "M"),
            );
            let path = args.get(4).unwrap_or_else(|| usage("which FILE?"));
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| usage(&format!("{path}: {e}")));
            match boards::check(n, k as u32, m, &text) {
                Ok(c) => {
                    eprintln!(
                        "boards n={n} k={k} m={m}: {} classes, each valid and in a class of its own; {} boards in them; classes of 8, 4, 2, 1 boards: {:?}; {:.2} s",
                        c.classes,
                        c.boards,
                        c.by_size,
                        started.elapsed().as_secs_f64()
                    );
                    if let Some(at) = args.iter().position(|a| a == "--cubes") {
                        let log = args
                            .get(at + 1)
                            .unwrap_or_else(|| usage("--cubes: which LOG?"));
                        let text = std::fs::read_to_string(log)
                            .unwrap_or_else(|e| usage(&format!("{log}: {e}")));
                        let boards::CubeLog { split, counted } = boards::read_cube_log(n, &text)
                            .unwrap_or_else(|e| usage(&format!("{log}: {e}")));
                        let listed = boards::per_cube(n, &c.least, &split);
                        let differ: Vec<String> = counted
                            .iter()
                            .filter(|&&(cube, count)| listed[cube] != count)
                            .map(|&(cube, count)| {
                                format!("cube {cube}: the log {count}, the list {}", listed[cube])
                            })
                            .collect();
                        let boards_counted: u64 = counted.iter().map(|&(_, count)| count).sum();
                        eprintln!(
                            "cubes: {} of 256 counted in {log} ({boards_counted} boards), {} equal to the list's, {} not",
                            counted.len(),
                            counted.len() - differ.len(),
                            differ.len()
                        );
                        for d in &differ {
                            eprintln!("  {d}");
                        }
                        if !differ.is_empty() {
                            std::process::exit(1);
                        }
                    }
                    if args.iter().any(|a| a == "--classes") {
                        for cells in &c.least {
                            let line: Vec<String> = cells.iter().map(usize::to_string).collect();
                            println!("{}", line.join(" "));
                        }
                    }
                }
                Err(problem) => {
                    eprintln!("boards: {problem}");
                    std::process::exit(1);
                }
            }
        }
        Some("blocked") => {
            let (n, walls) = (number(&args, 1, "N"), number(&args, 2, "WALLS"));
            let list = args.iter().any(|a| a == "--list");
            let table = blocked::table(n, walls, &mut |w, value| {
                if list {
                    let cells: Vec<String> =
                        w.iter().map(|c| format!("({},{})", c / n, c % n)).collect();
                    println!("{} {value}", cells.join(" "));
                }
            });
            println!(
                "blocked n={n} walls={walls}: {} classes, {} boards, {:.2} s",
                table.classes(),
                table.boards(),
                started.elapsed().as_secs_f64()
            );
            println!("value classes boards");
            for (value, (classes, boards)) in &table.by_value {
                println!("{value:>5} {classes:>7} {boards:>6}");
            }
        }
        Some("cube") => {
            let (n, d, m) = (
                number(&args, 1, "N"),
                number(&args, 2, "D"),
                number(&args, 3, "M"),
            );
            let c = cube::count_listing(n, d, m, args.iter().any(|a| a == "--list"));
            for (cells, size) in &c.listed {
                println!("{{\"class_size\":{size},\"cells\":{cells:?}}}");
            }
            println!(
                "cube n={n} d={d} m={m}: {} solutions, {} classes (class sizes sum to {}), {} nodes, {:.2} s",
                c.solutions,
                c.classes,
                c.class_sizes,
                c.nodes,
                started.elapsed().as_secs_f64()
            );
        }
        Some("lines") => {
            let n = number(&args, 1, "N");
            let list = args.iter().any(|a| a == "--list");
            let (part, parts) = part_of(&args);
            let mut boards = Vec::new();
            let c = lines::count_part(n, part, parts, &mut |cells| {
                if list {
                    boards.push(cells.to_vec());
                }
            });
            let which = if parts > 1 {
                format!(" part {part}/{parts}")
            } else {
                String::new()
            };
            println!(
                "lines n={n}{which}: {} solutions, {} classes (class sizes sum to {}), {} nodes, {:.2} s",
                c.solutions,
                c.classes,
                c.class_sizes,
                c.nodes,
                started.elapsed().as_secs_f64()
            );
            for cells in &boards {
                println!("{}", draw(n, cells));
            }
        }
        _ => usage("which check?"),
    }
}

/// Two armies as rows of `.`, `W` and `B`, one line, rows separated by
/// ` / `.
fn draw_armies(n: usize, white: &[usize], black: &[usize]) -> String {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match r * n + c {
                    x if white.contains(&x) => 'W',
                    x if black.contains(&x) => 'B',
                    _ => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A board as rows of `.` and `Q`, one line, rows separated by ` / `.
fn draw(n: usize, queens: &[usize]) -> String {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    if queens.contains(&(r * n + c)) {
                        'Q'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" / ")
}
