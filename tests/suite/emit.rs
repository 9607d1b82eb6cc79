//! Tests of the output formats on small hand-built models: exact headers
//! and counts, the rules each format's readers impose (line lengths, names,
//! no `~`, `min:` first, every binary used), determinism, gzip and the
//! atomic output file, and a semantic check: the rows written in OPB, LP
//! and MPS, read back by tiny parsers below, accept exactly the
//! assignments that satisfy the model (all 2^n of them are tried), and
//! their objectives agree with the model's up to the stated offset.

use std::collections::HashMap;
use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use qspec::draw::Layout;
use qspec::emit::{
    check_format, write_cnf, write_format, write_lp, write_lp_as, write_mps, write_mps_as,
    write_opb, write_wcnf, Clauses, EmitOptions, Provenance,
};
use qspec::encode::{ClauseArena, ClauseSink};
use qspec::files::Output;
use qspec::model::{Constraint, Lit, Model, Objective, Rel, Sense, Var};
use qspec::options::{Format, LpDialect};

use crate::common;

use common::{queens_board, queens_clauses};

// ---------------------------------------------------------------- models

fn all_cells(cells: &[Vec<Var>]) -> Vec<Lit> {
    cells.iter().flatten().map(|v| v.positive()).collect()
}

/// 4×4 queens with `count >= 4`.
fn queens_card(n: usize) -> Model {
    let (mut model, cells) = queens_board(n);
    let count = model.origin("count");
    model.add(
        Constraint::Card {
            lits: all_cells(&cells),
            rel: Rel::Ge,
            k: n as u32,
            guard: None,
        },
        count,
    );
    model
}

/// n×n queens with `maximize count`.
fn queens_max(n: usize) -> Model {
    let (mut model, cells) = queens_board(n);
    model.objective = Some(Objective {
        sense: Sense::Maximize,
        terms: all_cells(&cells).into_iter().map(|l| (1, l)).collect(),
        what: "count".into(),
    });
    model
}

/// 4×4 queens with reified cardinalities on three guard variables,
/// including negated guards, `=`, `k > n`, `k = n` and `k = 0`, on lines
/// and on sets that the at-most-ones do not already bound (so a loose
/// big-M shows).
fn queens_reified() -> Model {
    let (mut model, cells) = queens_board(4);
    let g = model.new_var("g_full".into());
    let h = model.new_var("h_sparse".into());
    let f = model.new_var("f_never".into());
    let origin = model.origin("hint guards");
    let row = |r: usize| cells[r].iter().map(|v| v.positive()).collect::<Vec<_>>();
    let col = |c: usize| {
        cells
            .iter()
            .map(|row| row[c].positive())
            .collect::<Vec<_>>()
    };
    let card = |lits, rel, k, guard| Constraint::Card {
        lits,
        rel,
        k,
        guard: Some(guard),
    };
    let mut rows_0_1 = row(0);
    rows_0_1.extend(row(1));
    model.add(card(row(0), Rel::Eq, 1, g.positive()), origin);
    model.add(card(all_cells(&cells), Rel::Ge, 4, g.positive()), origin);
    model.add(card(col(3), Rel::Le, 4, g.negative()), origin);
    model.add(card(col(1), Rel::Ge, 1, h.negative()), origin);
    model.add(card(row(3), Rel::Le, 0, h.positive()), origin);
    model.add(card(all_cells(&cells), Rel::Le, 2, h.positive()), origin);
    model.add(card(rows_0_1, Rel::Eq, 2, h.positive()), origin);
    model.add(card(row(2), Rel::Eq, 1, h.negative()), origin);
    model.add(card(col(2), Rel::Ge, 5, f.positive()), origin);
    model
}

/// 4×4 queens with OR definitions, linear constraints with negative
/// coefficients over negated literals, clauses with duplicate and
/// complementary literals, and a minimisation objective with negative
/// coefficients.
fn queens_mixed() -> Model {
    let (mut model, cells) = queens_board(4);
    let d = model.new_var("seen_0".into());
    let e = model.new_var("seen_diag".into());
    let defs = model.origin("rule seen");
    let linear = model.origin("rule weights");
    let x = |r: usize, c: usize| cells[r][c];
    model.add(
        Constraint::OrDef {
            def: d.positive(),
            lits: cells[0].iter().map(|v| v.positive()).collect(),
        },
        defs,
    );
    model.add(
        Constraint::OrDef {
            def: e.negative(),
            lits: vec![x(0, 0).negative(), x(1, 1).positive(), x(1, 1).positive()],
        },
        defs,
    );
    model.add(
        Constraint::Linear {
            terms: vec![
                (3, x(0, 0).positive()),
                (-2, x(1, 1).negative()),
                (1, x(2, 2).positive()),
                (-4, x(3, 3).positive()),
                (2, x(0, 0).negative()),
            ],
            rel: Rel::Ge,
            rhs: -3,
        },
        linear,
    );
    model.add(
        Constraint::Linear {
            terms: vec![
                (2, x(1, 0).positive()),
                (-2, x(2, 0).negative()),
                (1, d.positive()),
            ],
            rel: Rel::Eq,
            rhs: 1,
        },
        linear,
    );
    model.add(
        Constraint::Linear {
            terms: vec![
                (5, x(3, 0).positive()),
                (5, x(3, 0).positive()),
                (-7, e.negative()),
            ],
            rel: Rel::Le,
            rhs: 3,
        },
        linear,
    );
    model.add(
        Constraint::Clause(vec![
            x(3, 1).positive(),
            x(3, 1).positive(),
            x(3, 2).negative(),
        ]),
        linear,
    );
    // Always true (x or not x), and an at-most-one with a negated literal.
    model.add(
        Constraint::Clause(vec![x(2, 3).positive(), x(2, 3).negative()]),
        linear,
    );
    model.add(
        Constraint::AtMostOne(vec![x(1, 2).positive(), x(0, 1).negative()]),
        linear,
    );
    model.objective = Some(Objective {
        sense: Sense::Minimize,
        terms: vec![
            (2, d.positive()),
            (-3, x(0, 0).negative()),
            (4, e.negative()),
            (-1, x(3, 3).positive()),
        ],
        what: "weight".into(),
    });
    model
}

fn provenance() -> Provenance {
    Provenance {
        source: "models/queens.qspec".into(),
        params: vec![("n".into(), 4), ("k".into(), -2)],
        encodings: "amo=pairwise card=totalizer".into(),
    }
}

// ---------------------------------------------------------------- writing

fn text(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
    let mut bytes = Vec::new();
    write(&mut bytes).expect("writing to memory succeeds");
    String::from_utf8(bytes).expect("output is UTF-8")
}

fn opb(model: &Model) -> String {
    text(|w| write_opb(w, model, &provenance()))
}

fn lp(model: &Model) -> String {
    text(|w| write_lp(w, model, &provenance()))
}

fn mps(model: &Model) -> String {
    text(|w| write_mps(w, model, &provenance()))
}

fn cnf(model: &Model, arena: &ClauseArena, n_vars: u32) -> String {
    text(|w| write_cnf(w, model, &provenance(), arena, n_vars))
}

fn wcnf(model: &Model, arena: &ClauseArena, n_vars: u32, legacy: bool) -> String {
    let opts = EmitOptions {
        wcnf_legacy: legacy,
        ..EmitOptions::default()
    };
    text(|w| write_wcnf(w, model, &provenance(), arena, n_vars, &opts))
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

// ------------------------------------------------------------ formats

#[test]
fn format_names_and_extensions() {
    for format in Format::ALL {
        assert_eq!(Format::from_name(format.name()), Some(format));
        assert_eq!(format.to_string(), format.name());
    }
    let cases = [
        ("a/queens.cnf", Some((Format::Cnf, false))),
        ("queens.dimacs", Some((Format::Cnf, false))),
        ("queens.cnf.gz", Some((Format::Cnf, true))),
        ("queens.wcnf", Some((Format::Wcnf, false))),
        ("queens.opb.gz", Some((Format::Opb, true))),
        ("queens.pb", Some((Format::Opb, false))),
        ("queens.lp", Some((Format::Lp, false))),
        ("queens.MPS.GZ", Some((Format::Mps, true))),
        ("queens.txt", None),
        ("queens.gz", None),
        ("cnf", None),
    ];
    for (path, expected) in cases {
        assert_eq!(Format::from_path(Path::new(path)), expected, "{path}");
    }
    assert!(Format::Cnf.is_clausal() && Format::Wcnf.is_clausal());
    assert!(!Format::Lp.is_clausal());
}

#[test]
fn cnf_refuses_an_objective_with_advice() {
    let model = queens_max(4);
    let message = check_format(&model, Format::Cnf).unwrap_err().to_string();
    assert!(message.contains("maximize count"), "{message}");
    assert!(
        message.contains("WCNF") && message.contains("OPB"),
        "{message}"
    );
    assert!(message.contains("count >= N"), "{message}");
    for format in [Format::Wcnf, Format::Opb, Format::Lp, Format::Mps] {
        assert_eq!(check_format(&model, format), Ok(()));
    }
    let arena = ClauseArena::new();
    let error = write_cnf(&mut Vec::new(), &model, &provenance(), &arena, 16).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
}

#[test]
fn lp_and_mps_refuse_a_model_without_variables() {
    let model = Model::default();
    assert!(check_format(&model, Format::Lp).is_err());
    assert!(check_format(&model, Format::Mps).is_err());
    assert!(write_lp(&mut Vec::new(), &model, &provenance()).is_err());
    assert_eq!(check_format(&model, Format::Opb), Ok(()));
    assert!(opb(&model).starts_with("* #variable= 0 #constraint= 0\n"));
}

// ------------------------------------------------------------ CNF / WCNF

#[test]
fn cnf_header_counts_and_variable_map() {
    let model = queens_card(4);
    let arena = queens_clauses(&model, 4);
    let n_vars = 20; // 16 named + 4 pretend auxiliary variables
    let out = cnf(&model, &arena, n_vars);
    let lines = lines(&out);
    assert_eq!(lines[0], format!("c qspec {}", env!("CARGO_PKG_VERSION")));
    for expected in [
        "c source: models/queens.qspec",
        "c param n = 4",
        "c param k = -2",
        "c encodings: amo=pairwise card=totalizer",
        "c model variables: 16",
        "c auxiliary variables: 4",
        "c constraints: 19",
        "c constraints from rule no_attack: 18",
        "c constraints from count: 1",
        "c var 1 x_0_0",
        "c var 16 x_3_3",
        "c p show 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 0",
    ] {
        assert!(lines.contains(&expected), "missing {expected:?} in\n{out}");
    }
    let p_lines: Vec<&&str> = lines.iter().filter(|l| l.starts_with("p ")).collect();
    assert_eq!(p_lines, [&format!("p cnf 20 {}", arena.n_clauses())]);
    let p_index = lines.iter().position(|l| l.starts_with("p ")).unwrap();
    assert!(lines[..p_index].iter().all(|l| l.starts_with("c ")));
    let body = &lines[p_index + 1..];
    assert_eq!(body.len() as u64, arena.n_clauses());
    for (line, clause) in body.iter().zip(arena.iter()) {
        let mut expected: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
        expected.push("0".into());
        assert_eq!(*line, expected.join(" "));
    }
}

#[test]
fn cnf_projection_is_one_line_of_the_decision_variables() {
    let mut model = queens_card(12);
    let out = cnf(&model, &ClauseArena::new(), 144);
    let shows: Vec<&str> = out.lines().filter(|l| l.starts_with("c p show")).collect();
    assert_eq!(shows.len(), 1);
    let numbers: Vec<u32> = shows[0][8..]
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(numbers.last(), Some(&0));
    assert_eq!(
        numbers[..numbers.len() - 1],
        (1..=144).collect::<Vec<u32>>()
    );
    // Named auxiliary variables after the decisions are not projected on.
    model.decisions = Some(100);
    let out = cnf(&model, &ClauseArena::new(), 144);
    let show = out.lines().find(|l| l.starts_with("c p show")).unwrap();
    assert!(show.ends_with(" 99 100 0"), "{show}");
}

#[test]
fn cnf_rejects_wrong_variable_counts() {
    let model = queens_card(4);
    let mut arena = queens_clauses(&model, 4);
    assert!(write_cnf(&mut Vec::new(), &model, &provenance(), &arena, 15).is_err());
    arena.add_clause(&[Lit::from_dimacs(-21)]);
    let error = write_cnf(&mut Vec::new(), &model, &provenance(), &arena, 20).unwrap_err();
    assert!(error.to_string().contains("21"), "{error}");
    assert!(write_cnf(&mut Vec::new(), &model, &provenance(), &arena, 21).is_ok());
}

#[test]
fn empty_cnf_is_well_formed() {
    let model = Model::default();
    let out = cnf(&model, &ClauseArena::new(), 0);
    assert!(out.ends_with("p cnf 0 0\n"), "{out}");
}

/// A WCNF clause read back: its weight (`None` for `h`) and literals.
type WcnfClause = (Option<u64>, Vec<i32>);

/// The p-line (if any) and the clauses of a WCNF file.
fn parse_wcnf(text: &str) -> (Option<String>, Vec<WcnfClause>) {
    let mut p_line = None;
    let mut clauses = Vec::new();
    for line in text.lines() {
        if line.starts_with("c") {
            continue;
        }
        if line.starts_with("p ") {
            p_line = Some(line.to_string());
            continue;
        }
        let mut tokens = line.split_whitespace();
        let first = tokens.next().unwrap();
        let weight = if first == "h" {
            None
        } else {
            Some(first.parse().unwrap())
        };
        let lits: Vec<i32> = tokens.map(|t| t.parse().unwrap()).collect();
        assert_eq!(lits.last(), Some(&0), "{line}");
        clauses.push((weight, lits[..lits.len() - 1].to_vec()));
    }
    (p_line, clauses)
}

/// The value `best` in a `c objective: ... = best - cost` or
/// `... = cost + best` line.
fn wcnf_value_of_cost(text: &str, cost: u64) -> i64 {
    let line = text
        .lines()
        .find(|l| l.starts_with("c objective: "))
        .expect("objective line");
    let expression = line.split(" = ").nth(1).unwrap();
    evaluate_affine(expression, "cost", cost as i64)
}

/// Evaluates `symbol`, `-symbol`, `symbol + 3`, `symbol - 3`, `3 - symbol`.
fn evaluate_affine(expression: &str, symbol: &str, value: i64) -> i64 {
    let tokens: Vec<&str> = expression.split_whitespace().collect();
    let minus_symbol = format!("-{symbol}");
    match tokens.as_slice() {
        [s] if *s == symbol => value,
        [s] if *s == minus_symbol => -value,
        [s, "+", k] if *s == symbol => value + k.parse::<i64>().unwrap(),
        [s, "-", k] if *s == symbol => value - k.parse::<i64>().unwrap(),
        [k, "-", s] if *s == symbol => k.parse::<i64>().unwrap() - value,
        _ => panic!("unexpected objective expression {expression:?}"),
    }
}

fn objective_value(model: &Model, values: &[bool]) -> i64 {
    let objective = model.objective.as_ref().unwrap();
    objective
        .terms
        .iter()
        .filter(|(_, l)| l.eval(values[l.var().index()]))
        .map(|(c, _)| c)
        .sum()
}

#[test]
fn wcnf_2022_soft_clauses_map_back_to_the_objective() {
    for model in [queens_max(4), queens_mixed()] {
        let arena = queens_clauses(&model, 4);
        let n_vars = model.n_vars();
        let out = wcnf(&model, &arena, n_vars, false);
        assert!(
            !out.lines().any(|l| l.starts_with("p ")),
            "no p-line in 2022 format"
        );
        assert!(out.contains("c soft clauses: "));
        let (_, clauses) = parse_wcnf(&out);
        let hard: Vec<&Vec<i32>> = clauses
            .iter()
            .filter(|c| c.0.is_none())
            .map(|c| &c.1)
            .collect();
        assert_eq!(hard.len() as u64, arena.n_clauses());
        let soft: Vec<(u64, i32)> = clauses
            .iter()
            .filter_map(|(w, lits)| w.map(|w| (w, lits[0])))
            .collect();
        assert!(soft.iter().all(|&(w, _)| w > 0));
        // Every assignment: objective value == stated function of the cost.
        let n = model.n_vars() as usize;
        for bits in 0..(1u64 << n) {
            let values: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let cost: u64 = soft
                .iter()
                .filter(|&&(_, lit)| {
                    !Lit::from_dimacs(lit).eval(values[lit.unsigned_abs() as usize - 1])
                })
                .map(|&(w, _)| w)
                .sum();
            assert_eq!(
                objective_value(&model, &values),
                wcnf_value_of_cost(&out, cost)
            );
        }
    }
}

#[test]
fn wcnf_maximize_count_header() {
    let model = queens_max(4);
    let out = wcnf(&model, &queens_clauses(&model, 4), 16, false);
    assert!(
        out.contains("c objective: maximize count = 16 - cost\n"),
        "{out}"
    );
    assert!(out.contains("\n1 1 0\n"), "soft clause (x1) weight 1");
}

#[test]
fn wcnf_legacy_has_top_weight() {
    let model = queens_mixed();
    let arena = queens_clauses(&model, 4);
    let out = wcnf(&model, &arena, 20, true);
    let (p_line, clauses) = parse_wcnf(&out);
    let soft_total: u64 = 2 + 3 + 4 + 1;
    let top = soft_total + 1;
    let n_soft = 4;
    assert_eq!(
        p_line.as_deref(),
        Some(format!("p wcnf 20 {} {top}", arena.n_clauses() + n_soft).as_str())
    );
    let hard = clauses.iter().filter(|c| c.0 == Some(top)).count() as u64;
    assert_eq!(hard, arena.n_clauses());
    assert_eq!(clauses.len() as u64, arena.n_clauses() + n_soft);
    let p_index = out.lines().position(|l| l.starts_with("p ")).unwrap();
    assert!(out.lines().take(p_index).all(|l| l.starts_with("c ")));
}

#[test]
fn wcnf_without_objective_is_hard_only() {
    let model = queens_card(4);
    let arena = queens_clauses(&model, 4);
    let (_, clauses) = parse_wcnf(&wcnf(&model, &arena, 16, false));
    assert!(clauses.iter().all(|c| c.0.is_none()));
    let legacy = wcnf(&model, &arena, 16, true);
    assert!(legacy.contains(&format!("p wcnf 16 {} 1\n", arena.n_clauses())));
}

// ------------------------------------------------------------ OPB

#[test]
fn opb_layout() {
    for model in all_models() {
        let out = opb(&model);
        let lines = lines(&out);
        let statements: Vec<&&str> = lines.iter().filter(|l| !l.starts_with('*')).collect();
        let header = format!(
            "* #variable= {} #constraint= {}",
            model.n_vars(),
            statements.iter().filter(|l| !l.starts_with("min:")).count()
        );
        assert_eq!(lines[0], header);
        assert!(!out.contains('~'));
        if model.objective.is_some() {
            // sat4j ignores an objective that a comment precedes.
            assert!(lines[1].starts_with("min: "), "{}", lines[1]);
            assert!(lines[2..].iter().all(|l| !l.starts_with("min:")));
        } else {
            assert!(!out.contains("min:"));
        }
        for statement in statements {
            assert!(statement.ends_with(" ;"), "{statement}");
            if !statement.starts_with("min:") {
                assert!(
                    statement.contains(" >= ") || statement.contains(" = "),
                    "{statement}"
                );
                assert!(!statement.contains("<="), "{statement}");
            }
        }
        assert!(lines.contains(&"* var 1 x_0_0"));
        assert!(lines.contains(&"* model variables: 16") || model.n_vars() != 16);
        assert!(lines.contains(&"* constraints from rule no_attack: 18"));
        assert!(lines.contains(&"* source: models/queens.qspec"));
    }
}

#[test]
fn opb_maximize_is_negated_with_its_offset_stated() {
    let out = opb(&queens_max(4));
    assert!(out.lines().nth(1).unwrap().starts_with("min: -1 x1 -1 x2 "));
    assert!(
        out.contains("* objective: maximize count = -(value of min:)\n"),
        "{out}"
    );
}

#[test]
fn opb_reified_cards_use_tight_big_m() {
    let (mut model, cells) = queens_board(4);
    let g = model.new_var("g".into());
    let origin = model.origin("hint");
    let lits: Vec<Lit> = cells[0].iter().map(|v| v.positive()).collect();
    model.constraints.clear();
    for rel in [Rel::Le, Rel::Ge] {
        model.add(
            Constraint::Card {
                lits: lits.clone(),
                rel,
                k: 1,
                guard: Some(g.positive()),
            },
            origin,
        );
    }
    let out = opb(&model);
    // g -> sum <= 1 : sum + 3 g <= 4, written negated.
    assert!(
        out.contains("\n-1 x1 -1 x2 -1 x3 -1 x4 -3 x17 >= -4 ;\n"),
        "{out}"
    );
    // g -> sum >= 1 : sum - 1 g >= 0.
    assert!(
        out.contains("\n+1 x1 +1 x2 +1 x3 +1 x4 -1 x17 >= 0 ;\n"),
        "{out}"
    );
}

// ------------------------------------------------------------ LP

fn is_lp_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first = chars.next().unwrap();
    (first.is_ascii_alphabetic() || first == '_')
        && first != 'e'
        && first != 'E'
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && name.len() <= 100
}

#[test]
fn lp_layout_names_and_line_lengths() {
    let mut models = all_models();
    models.push(queens_card(24)); // a 576-term row to break
    for model in models {
        let out = lp(&model);
        for line in out.lines() {
            assert!(line.len() <= 255, "line of {} characters", line.len());
        }
        let sections: Vec<&str> = out
            .lines()
            .filter(|l| !l.starts_with([' ', '\\']))
            .collect();
        let sense = if model
            .objective
            .as_ref()
            .is_some_and(|o| o.sense == Sense::Maximize)
        {
            "Maximize"
        } else {
            "Minimize"
        };
        assert_eq!(sections, [sense, "Subject To", "Binaries", "End"]);
        let parsed = parse_lp(&out);
        for (name, _) in &parsed.rows {
            assert!(is_lp_name(name), "row name {name}");
        }
        for name in &parsed.binaries {
            assert!(is_lp_name(name), "variable name {name}");
        }
        // Every declared binary appears in a row or the objective.
        let mut appearing: Vec<&String> = parsed.objective.iter().map(|(_, n)| n).collect();
        appearing.extend(
            parsed
                .rows
                .iter()
                .flat_map(|(_, r)| r.terms.iter().map(|(_, n)| n)),
        );
        for name in &parsed.binaries {
            assert!(appearing.contains(&name), "{name} appears nowhere");
        }
        assert_eq!(parsed.binaries, model.names);
        assert!(!parsed.objective.is_empty());
        let header_lines: Vec<&str> = out.lines().take_while(|l| l.starts_with('\\')).collect();
        assert!(header_lines.contains(&format!("\\ qspec {}", env!("CARGO_PKG_VERSION")).as_str()));
        assert!(header_lines.contains(&"\\ param n = 4"));
    }
}

#[test]
fn lp_row_names_come_from_origins() {
    let out = lp(&queens_card(4));
    assert!(
        out.contains("\n r0_no_attack: + 1 x_0_0 + 1 x_0_1 + 1 x_0_2 + 1 x_0_3 <= 1\n"),
        "{out}"
    );
    assert!(out.contains("\n r18_count: + 1 x_0_0"), "{out}");
    let reified = lp(&queens_reified());
    assert!(reified.contains(" r18_hint_guards_1: "), "{reified}");
    assert!(reified.contains(" r18_hint_guards_2: "), "{reified}");
}

#[test]
fn lp_objective_is_never_empty() {
    let (model, _) = queens_board(2);
    let out = lp(&model);
    // 2×2: every cell is in some line, so only the placeholder is needed.
    assert!(out.contains("Minimize\n obj: + 0 x_0_0\n"), "{out}");
    let mut model = queens_card(2);
    let lonely = model.new_var("lonely".into());
    let out = lp(&model);
    assert!(
        out.contains(&format!("Minimize\n obj: + 0 {}\n", model.name(lonely))),
        "{out}"
    );
}

#[test]
fn lp_renames_names_readers_reject() {
    let mut model = Model::default();
    let names = [
        "x_1", "end", "e1", "E_x", "2x", "a b", "x_1", "free", "_e1", "",
    ];
    let vars: Vec<Var> = names.iter().map(|n| model.new_var(n.to_string())).collect();
    let long = model.new_var("y".repeat(150));
    let origin = model.origin("rule e-mail: ünïcode");
    let mut lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
    lits.push(long.positive());
    model.add(Constraint::AtMostOne(lits), origin);
    let out = lp(&model);
    let parsed = parse_lp(&out);
    let mut seen = std::collections::HashSet::new();
    for name in &parsed.binaries {
        assert!(is_lp_name(name), "{name}");
        assert!(seen.insert(name), "{name} twice");
        assert!(!["end", "free"].contains(&name.to_ascii_lowercase().as_str()));
    }
    assert_eq!(parsed.binaries[0], "x_1", "a valid name is kept");
    assert_eq!(parsed.binaries[8], "_e1", "a valid name is kept");
    assert!(out.contains("\\ name _end = end\n"), "{out}");
    let (row_name, _) = &parsed.rows[0];
    assert!(is_lp_name(row_name), "{row_name}");
    // The rename comment of the 150-character name is cut, not too long.
    assert!(out.lines().all(|l| l.len() <= 255));
    let mps_out = mps(&model);
    for line in mps_out.lines().filter(|l| l.starts_with(" UP ")) {
        assert!(
            is_lp_name(line.split_whitespace().nth(2).unwrap()),
            "{line}"
        );
    }
}

#[test]
fn unnamed_variables_are_an_error_not_a_panic() {
    let (mut model, _) = queens_board(2);
    let origin = model.origin("broken");
    model.add(Constraint::Clause(vec![Lit::from_dimacs(-5)]), origin);
    for write in [write_opb, write_lp, write_mps] {
        let error = write(&mut Vec::new(), &model, &provenance()).unwrap_err();
        assert!(error.to_string().contains("variable 5"), "{error}");
    }
    let mut model = queens_max(2);
    let objective = model.objective.as_mut().unwrap();
    objective.terms.push((1, Lit::from_dimacs(9)));
    let arena = ClauseArena::new();
    let error = write_wcnf(
        &mut Vec::new(),
        &model,
        &provenance(),
        &arena,
        4,
        &EmitOptions::default(),
    );
    assert!(error.unwrap_err().to_string().contains("variable 9"));
}

#[test]
fn lp_refuses_numbers_beyond_doubles() {
    let (mut model, cells) = queens_board(2);
    let origin = model.origin("big");
    model.add(
        Constraint::Linear {
            terms: vec![((1 << 53) + 1, cells[0][0].positive())],
            rel: Rel::Le,
            rhs: 1,
        },
        origin,
    );
    assert!(write_lp(&mut Vec::new(), &model, &provenance()).is_err());
    assert!(write_mps(&mut Vec::new(), &model, &provenance()).is_err());
    assert!(write_opb(&mut Vec::new(), &model, &provenance()).is_ok());
}

// ------------------------------------------------------------ MPS

#[test]
fn mps_layout() {
    for model in all_models() {
        let out = mps(&model);
        let sections: Vec<&str> = out.lines().filter(|l| !l.starts_with([' ', '*'])).collect();
        let maximises = model
            .objective
            .as_ref()
            .is_some_and(|o| o.sense == Sense::Maximize);
        let mut expected = vec!["NAME qspec", "ROWS", "COLUMNS", "RHS", "BOUNDS", "ENDATA"];
        if maximises {
            expected.insert(1, "OBJSENSE");
        }
        assert_eq!(sections, expected);
        assert_eq!(out.contains("OBJSENSE\n    MAX\n"), maximises);
        // Each column's entries are contiguous.
        let columns: Vec<&str> = section(&out, "COLUMNS")
            .filter(|l| !l.contains("MARKER"))
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        let mut finished = std::collections::HashSet::new();
        for pair in columns.windows(2) {
            if pair[0] != pair[1] {
                assert!(finished.insert(pair[0]), "column {} split", pair[0]);
            }
        }
        let parsed = parse_mps(&out);
        assert_eq!(parsed.columns, model.names, "every column listed, in order");
        assert!(out.contains("* qspec "));
    }
    let out = mps(&queens_max(4));
    assert!(out.contains("* objective: maximize count = obj\n"), "{out}");
    assert!(out.contains("\n    x_0_0     obj       1\n"), "{out}");
    let negated = text(|w| write_mps_as(w, &queens_max(4), &provenance(), true));
    assert!(
        negated.contains("* objective: maximize count = -obj\n"),
        "{negated}"
    );
    assert!(
        negated.contains("\n    x_0_0     obj       -1\n"),
        "{negated}"
    );
    assert!(!negated.contains("OBJSENSE"));
}

/// CBC reads a short MPS line as fixed MPS: fields of short names must
/// start at the fixed columns 2, 5, 15 and 25 as well.
#[test]
fn mps_fields_sit_at_fixed_columns_when_names_are_short() {
    let mut model = Model::default();
    let a = model.new_var("a".into());
    let b = model.new_var("bb".into());
    let origin = model.origin("");
    model.add(Constraint::Clause(vec![a.positive(), b.positive()]), origin);
    let out = mps(&model);
    for expected in [
        " N  obj\n",
        " G  r0\n",
        "\n    a         r0        1\n",
        "\n    RHS       r0        1\n",
        "\n UP BND       a         1\n",
        "\n UP BND       bb        1\n",
    ] {
        assert!(out.contains(expected), "{expected:?} in\n{out}");
    }
    let long = mps(&queens_card(4));
    assert!(long.contains("\n    x_0_0     r18_count 1\n"), "{long}");
    assert!(long.contains("\n    RHS       r10_no_attack 1\n"), "{long}");
}

fn section<'a>(text: &'a str, name: &str) -> impl Iterator<Item = &'a str> + 'a {
    let name = name.to_string();
    text.lines()
        .skip_while(move |l| *l != name)
        .skip(1)
        .take_while(|l| l.starts_with(' '))
}

// ------------------------------------------------------------ semantics

fn all_models() -> Vec<Model> {
    vec![
        queens_card(4),
        queens_max(4),
        queens_reified(),
        queens_mixed(),
    ]
}

/// A row read back from a file, over variable indices.
#[derive(Clone, Debug)]
struct ParsedRow {
    terms: Vec<(i64, String)>,
    rel: Rel,
    rhs: i64,
}

/// A problem read back from a file: rows and objective over variable
/// names.
struct Parsed {
    objective: Vec<(i64, String)>,
    rows: Vec<(String, ParsedRow)>,
    binaries: Vec<String>,
}

fn parse_opb(text: &str) -> Parsed {
    let mut objective = Vec::new();
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('*')) {
        let statement = line.strip_suffix(" ;").expect("statement ends with ;");
        if let Some(terms) = statement.strip_prefix("min:") {
            objective = opb_terms(terms.split_whitespace().collect::<Vec<_>>().as_slice());
            continue;
        }
        let tokens: Vec<&str> = statement.split_whitespace().collect();
        let (rel_at, rel) = tokens
            .iter()
            .enumerate()
            .find_map(|(i, t)| match *t {
                ">=" => Some((i, Rel::Ge)),
                "=" => Some((i, Rel::Eq)),
                _ => None,
            })
            .expect("relation");
        assert_eq!(rel_at + 2, tokens.len());
        let row = ParsedRow {
            terms: opb_terms(&tokens[..rel_at]),
            rel,
            rhs: tokens[rel_at + 1].parse().unwrap(),
        };
        rows.push((String::new(), row));
    }
    Parsed {
        objective,
        rows,
        binaries: Vec::new(),
    }
}

fn opb_terms(tokens: &[&str]) -> Vec<(i64, String)> {
    assert_eq!(tokens.len() % 2, 0);
    tokens
        .chunks(2)
        .map(|pair| {
            assert!(
                pair[0].starts_with(['+', '-']),
                "signed coefficient {}",
                pair[0]
            );
            let id: usize = pair[1].strip_prefix('x').unwrap().parse().unwrap();
            (pair[0].parse().unwrap(), format!("#{id}"))
        })
        .collect()
}

fn parse_lp(text: &str) -> Parsed {
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('\\')).collect();
    let mut objective = Vec::new();
    let mut rows = Vec::new();
    let mut binaries = Vec::new();
    let mut section = "";
    let mut tokens: Vec<&str> = Vec::new();
    let flush =
        |section: &str, tokens: &mut Vec<&str>, objective: &mut Vec<_>, rows: &mut Vec<_>| {
            if tokens.is_empty() {
                return;
            }
            let name = tokens[0]
                .strip_suffix(':')
                .expect("named statement")
                .to_string();
            if section == "objective" {
                *objective = lp_terms(&tokens[1..]);
            } else {
                let n = tokens.len();
                let rel = match tokens[n - 2] {
                    "<=" => Rel::Le,
                    ">=" => Rel::Ge,
                    "=" => Rel::Eq,
                    other => panic!("relation {other}"),
                };
                let row = ParsedRow {
                    terms: lp_terms(&tokens[1..n - 2]),
                    rel,
                    rhs: tokens[n - 1].parse().unwrap(),
                };
                rows.push((name, row));
            }
            tokens.clear();
        };
    for line in body {
        match line {
            "Maximize" | "Minimize" => section = "objective",
            "Subject To" => {
                flush(section, &mut tokens, &mut objective, &mut rows);
                section = "rows";
            }
            "Binaries" => {
                flush(section, &mut tokens, &mut objective, &mut rows);
                section = "binaries";
            }
            "End" => section = "end",
            _ if section == "binaries" => {
                binaries.extend(line.split_whitespace().map(String::from))
            }
            _ => {
                let line_tokens: Vec<&str> = line.split_whitespace().collect();
                if line_tokens[0].ends_with(':') {
                    flush(section, &mut tokens, &mut objective, &mut rows);
                }
                tokens.extend(line_tokens);
            }
        }
    }
    assert_eq!(section, "end");
    Parsed {
        objective,
        rows,
        binaries,
    }
}

fn lp_terms(tokens: &[&str]) -> Vec<(i64, String)> {
    assert_eq!(tokens.len() % 3, 0, "{tokens:?}");
    tokens
        .chunks(3)
        .map(|t| {
            let magnitude: i64 = t[1].parse().unwrap();
            let coef = match t[0] {
                "+" => magnitude,
                "-" => -magnitude,
                other => panic!("sign {other}"),
            };
            (coef, t[2].to_string())
        })
        .collect()
}

struct ParsedMps {
    parsed: Parsed,
    columns: Vec<String>,
}

impl std::ops::Deref for ParsedMps {
    type Target = Parsed;
    fn deref(&self) -> &Parsed {
        &self.parsed
    }
}

fn parse_mps(text: &str) -> ParsedMps {
    let mut kinds: Vec<(String, Option<Rel>)> = Vec::new();
    let mut entries: HashMap<String, Vec<(i64, String)>> = HashMap::new();
    let mut rhs: HashMap<String, i64> = HashMap::new();
    let mut columns: Vec<String> = Vec::new();
    let mut section = "";
    for line in text.lines().filter(|l| !l.starts_with('*')) {
        if !line.starts_with(' ') {
            section = line.split_whitespace().next().unwrap();
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        match section {
            "ROWS" => {
                let rel = match t[0] {
                    "N" => None,
                    "L" => Some(Rel::Le),
                    "G" => Some(Rel::Ge),
                    "E" => Some(Rel::Eq),
                    other => panic!("row type {other}"),
                };
                kinds.push((t[1].to_string(), rel));
            }
            "COLUMNS" if t[0] == "MARKER" => {}
            "COLUMNS" => {
                assert_eq!(t.len(), 3, "{line}");
                if columns.last().map(String::as_str) != Some(t[0]) {
                    columns.push(t[0].to_string());
                }
                let value: i64 = t[2].parse().unwrap();
                entries
                    .entry(t[1].to_string())
                    .or_default()
                    .push((value, t[0].to_string()));
            }
            "RHS" => {
                rhs.insert(t[1].to_string(), t[2].parse().unwrap());
            }
            "BOUNDS" => {
                assert_eq!((t[0], t[1], t[3]), ("UP", "BND", "1"), "{line}");
            }
            "OBJSENSE" => assert_eq!(t, ["MAX"], "{line}"),
            other => panic!("unexpected section {other}"),
        }
    }
    let mut objective = Vec::new();
    let mut rows = Vec::new();
    for (name, rel) in kinds {
        let terms = entries.remove(&name).unwrap_or_default();
        match rel {
            None => objective = terms,
            Some(rel) => {
                let rhs = rhs.get(&name).copied().unwrap_or(0);
                rows.push((name, ParsedRow { terms, rel, rhs }));
            }
        }
    }
    assert!(entries.is_empty(), "entries in undeclared rows");
    ParsedMps {
        parsed: Parsed {
            objective,
            rows,
            binaries: columns.clone(),
        },
        columns,
    }
}

/// Maps the names used in a file to model variable indices: `#<id>` for
/// OPB, the model's names for LP and MPS.
fn index_of(model: &Model) -> HashMap<String, usize> {
    let mut map: HashMap<String, usize> = model
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), i))
        .collect();
    map.extend((0..model.names.len()).map(|i| (format!("#{}", i + 1), i)));
    map
}

/// A row over variable indices, ready to evaluate.
type IndexedRow = (Vec<(i64, usize)>, Rel, i64);

fn indexed(terms: &[(i64, String)], index: &HashMap<String, usize>) -> Vec<(i64, usize)> {
    terms.iter().map(|(c, name)| (*c, index[name])).collect()
}

fn value_of(terms: &[(i64, usize)], values: &[bool]) -> i64 {
    terms
        .iter()
        .filter(|(_, i)| values[*i])
        .map(|(c, _)| c)
        .sum()
}

/// Checks, over every assignment of the model's variables, that the rows
/// accept exactly the model's solutions, and that the file's objective
/// equals `sign * model objective + constant` on them.
fn check_semantics(model: &Model, parsed: &Parsed, objective_sign: i64, what: &str) {
    let index = index_of(model);
    let rows: Vec<IndexedRow> = parsed
        .rows
        .iter()
        .map(|(_, r)| (indexed(&r.terms, &index), r.rel, r.rhs))
        .collect();
    let objective = indexed(&parsed.objective, &index);
    let n = model.n_vars() as usize;
    assert!(n <= 20, "too many variables to enumerate");
    let mut n_solutions = 0u64;
    let mut offset: Option<i64> = None;
    for bits in 0..(1u64 << n) {
        let values: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        let rows_hold = rows
            .iter()
            .all(|(terms, rel, rhs)| rel.holds(value_of(terms, &values), *rhs));
        let model_holds = model.satisfied_by(&values);
        assert_eq!(rows_hold, model_holds, "{what}: assignment {bits:#b}");
        if model_holds {
            n_solutions += 1;
            if model.objective.is_some() {
                let file_value = value_of(&objective, &values);
                let difference = objective_value(model, &values) - objective_sign * file_value;
                assert_eq!(
                    *offset.get_or_insert(difference),
                    difference,
                    "{what}: objective"
                );
            }
        }
    }
    assert!(n_solutions > 0, "{what}: test model has solutions");
}

fn objective_sign(model: &Model, negated_for_max: bool) -> i64 {
    match &model.objective {
        Some(o) if o.sense == Sense::Maximize && negated_for_max => -1,
        _ => 1,
    }
}

#[test]
fn opb_rows_accept_exactly_the_models_solutions() {
    for (i, model) in all_models().iter().enumerate() {
        let parsed = parse_opb(&opb(model));
        check_semantics(
            model,
            &parsed,
            objective_sign(model, true),
            &format!("OPB model {i}"),
        );
    }
}

#[test]
fn lp_rows_accept_exactly_the_models_solutions() {
    for (i, model) in all_models().iter().enumerate() {
        let parsed = parse_lp(&lp(model));
        check_semantics(
            model,
            &parsed,
            objective_sign(model, false),
            &format!("LP model {i}"),
        );
    }
}

#[test]
fn mps_rows_accept_exactly_the_models_solutions() {
    for (i, model) in all_models().iter().enumerate() {
        let parsed = parse_mps(&mps(model));
        check_semantics(
            model,
            &parsed,
            objective_sign(model, false),
            &format!("MPS model {i}"),
        );
        let negated = text(|w| write_mps_as(w, model, &provenance(), true));
        check_semantics(
            model,
            &parse_mps(&negated),
            objective_sign(model, true),
            &format!("negated MPS model {i}"),
        );
    }
}

/// `Model::satisfied_by` counts a repeated literal twice, but the model's
/// contract is set semantics for at-most-one and cardinalities: the
/// written rows must equal those of the model without the repetitions.
#[test]
fn duplicate_literals_count_once() {
    let with_duplicates = |duplicate: bool| {
        let (mut model, cells) = queens_board(3);
        let g = model.new_var("g".into());
        let origin = model.origin("hint");
        let twice = |lits: Vec<Lit>| {
            let mut all = lits.clone();
            if duplicate {
                all.extend(lits);
            }
            all
        };
        let row0: Vec<Lit> = cells[0].iter().map(|v| v.positive()).collect();
        model.add(Constraint::AtMostOne(twice(row0.clone())), origin);
        model.add(Constraint::Clause(twice(row0.clone())), origin);
        for (guard, k) in [(None, 1), (Some(g.positive()), 2)] {
            for rel in [Rel::Le, Rel::Ge, Rel::Eq] {
                let lits = twice(row0.clone());
                model.add(
                    Constraint::Card {
                        lits,
                        rel,
                        k,
                        guard,
                    },
                    origin,
                );
            }
        }
        model.add(
            Constraint::OrDef {
                def: g.negative(),
                lits: twice(row0),
            },
            origin,
        );
        model
    };
    let (plain, doubled) = (with_duplicates(false), with_duplicates(true));
    assert_eq!(opb(&doubled), opb(&plain));
    assert_eq!(lp(&doubled), lp(&plain));
    assert_eq!(mps(&doubled), mps(&plain));
    check_semantics(&plain, &parse_opb(&opb(&plain)), 1, "deduplicated model");
}

#[test]
fn stated_objective_offsets_are_right() {
    // minimize 2 d - 3 !x00 + 4 !e - x33 = 2 d + 3 x00 - 4 e - x33 + 1
    let model = queens_mixed();
    assert!(opb(&model).contains("* objective: minimize weight = (value of min:) + 1\n"));
    assert!(lp(&model).contains("\\ objective: minimize weight = obj + 1\n"));
    assert!(mps(&model).contains("* objective: minimize weight = obj + 1\n"));
    let out = wcnf(&model, &ClauseArena::new(), 20, false);
    assert!(
        out.contains("c objective: minimize weight = cost - 4\n"),
        "{out}"
    );
}

#[test]
fn infeasible_constraints_stay_infeasible() {
    let (mut model, _) = queens_board(2);
    let origin = model.origin("impossible");
    model.add(Constraint::Clause(Vec::new()), origin);
    let parsed = parse_opb(&opb(&model));
    assert!(parsed
        .rows
        .iter()
        .any(|(_, r)| r.terms == [(0, "#1".to_string())] && r.rhs == 1));
    let lp_rows = parse_lp(&lp(&model)).rows;
    assert!(lp_rows
        .iter()
        .any(|(_, r)| r.terms == [(0, "x_0_0".to_string())]));
    let mps_out = mps(&model);
    assert!(mps_out.contains(" G  r6_impossible\n"), "{mps_out}");
    let index = index_of(&model);
    let parsed = parse_mps(&mps_out);
    for bits in 0..16u64 {
        let values: Vec<bool> = (0..4).map(|i| bits >> i & 1 == 1).collect();
        let holds = parsed.rows.iter().all(|(_, r)| {
            r.rel
                .holds(value_of(&indexed(&r.terms, &index), &values), r.rhs)
        });
        assert!(!holds);
    }
}

#[test]
fn line_breaks_in_names_stay_inside_comments() {
    let mut model = Model::default();
    let a = model.new_var("x\ny".into());
    let b = model.new_var("z\r\nw".into());
    let origin = model.origin("rule a\nb");
    model.add(
        Constraint::AtMostOne(vec![a.positive(), b.positive()]),
        origin,
    );
    let mut prov = provenance();
    prov.source = "evil\nname.qspec".into();
    prov.params = vec![("n\nm".into(), 1)];
    let write = |f: &dyn Fn(&mut Vec<u8>) -> io::Result<()>| text(f);
    let arena = ClauseArena::new();
    let cnf_out = write(&|w| write_cnf(w, &model, &prov, &arena, 2));
    assert!(
        cnf_out
            .lines()
            .all(|l| l.starts_with("c ") || l.starts_with("p ")),
        "{cnf_out}"
    );
    let opb_out = write(&|w| write_opb(w, &model, &prov));
    assert!(
        opb_out
            .lines()
            .all(|l| l.starts_with('*') || l.ends_with(" ;")),
        "{opb_out}"
    );
    let lp_out = write(&|w| write_lp(w, &model, &prov));
    let lp_header: Vec<&str> = lp_out.lines().take_while(|l| *l != "Minimize").collect();
    assert!(lp_header.iter().all(|l| l.starts_with('\\')), "{lp_out}");
    let mps_out = write(&|w| write_mps(w, &model, &prov));
    let mps_header: Vec<&str> = mps_out.lines().take_while(|l| *l != "NAME qspec").collect();
    assert!(mps_header.iter().all(|l| l.starts_with('*')), "{mps_out}");
    assert!(parse_lp(&lp_out).binaries.iter().all(|n| is_lp_name(n)));
}

// ------------------------------------------------------------ determinism

#[test]
fn output_is_identical_across_runs() {
    let model = queens_mixed();
    let arena = queens_clauses(&model, 4);
    let queens = qspec::load_source(
        "q.qspec",
        "board 4 x 4\nrule no_attack\n",
        &[],
        &Default::default(),
    )
    .unwrap();
    let layout = Layout::of(&queens.spec, &queens.board);
    for format in Format::ALL {
        let model = if format == Format::Cnf {
            queens_reified()
        } else {
            model.clone()
        };
        let write = || {
            text(|w| {
                let clauses = Clauses {
                    arena: &arena,
                    n_vars: 20,
                };
                write_format(
                    w,
                    format,
                    &model,
                    &provenance(),
                    Some(clauses),
                    Some(&layout),
                    &EmitOptions::default(),
                )
            })
        };
        let first = write();
        assert!(!first.is_empty());
        assert_eq!(first, write(), "{format}");
    }
}

#[test]
fn write_format_needs_clauses_for_cnf() {
    let model = queens_card(4);
    let error = write_format(
        &mut Vec::new(),
        Format::Cnf,
        &model,
        &provenance(),
        None,
        None,
        &EmitOptions::default(),
    )
    .unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
}

// ------------------------------------------------------------ output files

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn commit_renames_the_temporary_file_over_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("queens.lp");
    let mut output = Output::create(&target).unwrap();
    assert!(!output.is_gzip());
    write_lp(&mut output, &queens_card(4), &provenance()).unwrap();
    assert!(!target.exists(), "nothing at the target before commit");
    assert_eq!(dir_entries(dir.path()).len(), 1, "one temporary file");
    output.commit().unwrap();
    assert_eq!(dir_entries(dir.path()), ["queens.lp"]);
    assert_eq!(fs::read_to_string(&target).unwrap(), lp(&queens_card(4)));
}

#[test]
fn a_dropped_output_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("queens.cnf");
    let mut output = Output::create(&target).unwrap();
    // The write fails (objective in CNF): the caller drops the output.
    let result = write_cnf(
        &mut output,
        &queens_max(4),
        &provenance(),
        &ClauseArena::new(),
        16,
    );
    assert!(result.is_err());
    output.write_all(b"partial").unwrap();
    drop(output);
    assert!(dir_entries(dir.path()).is_empty());
}

#[test]
fn an_existing_target_survives_a_failed_compile() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("queens.opb.gz");
    fs::write(&target, b"previous contents").unwrap();
    let mut output = Output::create(&target).unwrap();
    output.write_all(b"half a file").unwrap();
    drop(output);
    assert_eq!(fs::read(&target).unwrap(), b"previous contents");
    assert_eq!(dir_entries(dir.path()), ["queens.opb.gz"]);
    // And a committed one replaces it.
    let mut output = Output::create(&target).unwrap();
    write_opb(&mut output, &queens_max(4), &provenance()).unwrap();
    output.commit().unwrap();
    assert_eq!(gunzip(&target), opb(&queens_max(4)));
}

fn gunzip(path: &Path) -> String {
    let mut decoder = flate2::read::GzDecoder::new(fs::File::open(path).unwrap());
    let mut text = String::new();
    decoder.read_to_string(&mut text).unwrap();
    text
}

#[test]
fn gzip_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let model = queens_card(8);
    let arena = queens_clauses(&model, 8);
    let target = dir.path().join("queens.cnf.gz");
    let mut output = Output::create(&target).unwrap();
    assert!(output.is_gzip());
    write_cnf(&mut output, &model, &provenance(), &arena, 64).unwrap();
    output.commit().unwrap();
    let bytes = fs::read(&target).unwrap();
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip magic");
    assert_eq!(gunzip(&target), cnf(&model, &arena, 64));
}

#[test]
fn a_missing_directory_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing").join("queens.lp");
    let error = Output::create(&target).err().expect("cannot create");
    assert!(error.to_string().contains("missing"), "{error}");
}

#[test]
fn an_empty_output_commits_an_empty_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("empty.lp");
    let output = Output::create(&target).unwrap();
    output.commit().unwrap();
    assert_eq!(fs::read(&target).unwrap(), b"");
}

// ------------------------------------------------------- LP, lp_solve's dialect

fn lp_solve(model: &Model) -> String {
    text(|w| write_lp_as(w, model, &provenance(), LpDialect::LpSolve))
}

/// An lp_solve-dialect file read back: `;`-ended statements, the objective
/// first (`max:`/`min:`, an optional constant), labelled rows, one `bin`
/// list. Returns the problem and the objective's constant.
fn parse_lp_solve(text: &str) -> (Parsed, i64) {
    let mut statements = text.split(';').map(str::trim).filter(|s| !s.is_empty());
    let objective = statements.next().expect("an objective");
    let tokens: Vec<&str> = objective.split_whitespace().collect();
    assert!(matches!(tokens[0], "max:" | "min:"), "{objective}");
    let (constant, terms) = match tokens.get(1) {
        Some(t) if t.parse::<i64>().is_ok() => (t.parse().unwrap(), &tokens[2..]),
        _ => (0, &tokens[1..]),
    };
    let objective = lp_terms(terms);
    let mut rows = Vec::new();
    let mut binaries = Vec::new();
    for statement in statements {
        if let Some(list) = statement.strip_prefix("bin ") {
            binaries = list.split(',').map(|n| n.trim().to_string()).collect();
            continue;
        }
        let tokens: Vec<&str> = statement.split_whitespace().collect();
        let name = tokens[0].strip_suffix(':').expect("a labelled row");
        let n = tokens.len();
        let rel = match tokens[n - 2] {
            "<=" => Rel::Le,
            ">=" => Rel::Ge,
            "=" => Rel::Eq,
            other => panic!("relation {other}"),
        };
        let row = ParsedRow {
            terms: lp_terms(&tokens[1..n - 2]),
            rel,
            rhs: tokens[n - 1].parse().unwrap(),
        };
        rows.push((name.to_string(), row));
    }
    let parsed = Parsed {
        objective,
        rows,
        binaries,
    };
    (parsed, constant)
}

#[test]
fn lp_solve_rows_accept_exactly_the_models_solutions() {
    for (i, model) in all_models().iter().enumerate() {
        let text = lp_solve(model);
        let (parsed, _) = parse_lp_solve(&text);
        check_semantics(model, &parsed, 1, &format!("lp_solve model {i}"));
        let names: Vec<&String> = parsed.rows.iter().map(|(n, _)| n).collect();
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "labels are unique");
        assert_eq!(parsed.binaries.len(), model.n_vars() as usize);
        assert_eq!(text, lp_solve(model), "byte-identical");
    }
}

#[test]
fn lp_solve_files_have_no_comments_and_only_names_or_tools_reads() {
    let mut model = queens_max(4);
    // Names OR-tools' tokenizer would take for its keywords, or that
    // lp_solve and OR-tools do not allow.
    for name in ["int_3", "Bin", "inf_1", "seen_1_2_v1.m2", "2x", "end"] {
        let var = model.new_var(name.into());
        let origin = model.origin("test");
        model.add(Constraint::Clause(vec![var.negative()]), origin);
    }
    let text = lp_solve(&model);
    for comment in ["/*", "//", "\\", "#", "%"] {
        assert!(!text.contains(comment), "{comment} in\n{text}");
    }
    assert!(text.lines().all(|l| l.len() <= 255));
    let (parsed, _) = parse_lp_solve(&text);
    for name in &parsed.binaries {
        let lower = name.to_ascii_lowercase();
        assert!(
            !["int", "bin", "inf"].iter().any(|p| lower.starts_with(p)),
            "{name}"
        );
        let mut chars = name.chars();
        assert!(chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_'));
        assert!(
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "{name}"
        );
    }
    assert!(parsed.binaries.contains(&"_int_3".to_string()), "{text}");
    assert!(
        parsed.binaries.contains(&"seen_1_2_v1_m2".to_string()),
        "{text}"
    );
    assert!(parsed.binaries.contains(&"end".to_string()), "{text}");
}

#[test]
fn lp_solve_writes_the_objectives_constant() {
    // maximize 2 a + 3 !b = 3 + 2 a - 3 b: no header states an offset.
    let mut model = Model::default();
    let a = model.new_var("a".into());
    let b = model.new_var("b".into());
    model.objective = Some(Objective {
        sense: Sense::Maximize,
        terms: vec![(2, a.positive()), (3, b.negative())],
        what: "count".into(),
    });
    let text = lp_solve(&model);
    assert!(text.starts_with("max: 3 + 2 a - 3 b;\n"), "{text}");
    let (parsed, constant) = parse_lp_solve(&text);
    assert_eq!(constant, 3);
    assert_eq!(parsed.binaries, ["a", "b"]);
    let empty = write_lp_as(
        &mut Vec::new(),
        &Model::default(),
        &provenance(),
        LpDialect::LpSolve,
    );
    assert_eq!(empty.unwrap_err().kind(), io::ErrorKind::InvalidInput);
}
