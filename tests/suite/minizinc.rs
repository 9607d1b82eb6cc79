//! The MiniZinc writer without MiniZinc (the real solver runs in
//! `tests/suite/heavy/external_minizinc.rs`): names that are MiniZinc identifiers,
//! constraints written natively, an output item that prints exactly what
//! `qspec solve` prints for every board (checked by evaluating it), files
//! byte-identical across runs and gzipped by `.gz`; and the picture reader
//! shared with `--start`, which takes the whole output of `qspec solve`
//! (fixed pieces `*`, forbidden cells `x`).

use crate::common;

use common::{qspec, stderr, stdout, Rng};

use qspec::draw::{self, Layout};
use qspec::emit::{write_format, write_mzn, EmitOptions, Provenance};
use qspec::instance::{load_source, Instance};
use qspec::model::{Constraint, Model, Objective, Rel, Sense, Var};
use qspec::options::Format;
use qspec::Placement;
use std::collections::HashMap;
use std::io::Read;

/// MiniZinc's keywords: no variable may be called so.
const KEYWORDS: &[&str] = &[
    "ann",
    "annotation",
    "any",
    "array",
    "bool",
    "case",
    "constraint",
    "default",
    "diff",
    "div",
    "else",
    "elseif",
    "endif",
    "enum",
    "false",
    "float",
    "function",
    "if",
    "in",
    "include",
    "int",
    "intersect",
    "let",
    "list",
    "maximize",
    "minimize",
    "mod",
    "not",
    "of",
    "op",
    "opt",
    "output",
    "par",
    "predicate",
    "record",
    "satisfy",
    "set",
    "solve",
    "string",
    "subset",
    "superset",
    "symdiff",
    "test",
    "then",
    "true",
    "tuple",
    "type",
    "union",
    "var",
    "where",
    "xor",
];

fn mzn(model: &Model, layout: &Layout) -> String {
    let mut bytes = Vec::new();
    write_mzn(&mut bytes, model, &Provenance::default(), layout).unwrap();
    String::from_utf8(bytes).unwrap()
}

fn no_layout() -> Layout {
    Layout {
        lines: Vec::new(),
        letters: Vec::new(),
    }
}

/// The names declared by `var bool: NAME;` lines.
fn declared(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("var bool: ")?.strip_suffix(';'))
        .collect()
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&name)
}

#[test]
fn names_are_identifiers_and_the_header_lists_every_rename() {
    let mut m = Model::default();
    let names = [
        "x_0_0",
        "seen_1_2_v1.m2",
        "test",
        "_a",
        "2x",
        "objective",
        "x y",
        "v_test",
    ];
    for n in names {
        m.new_var(n.into());
    }
    let v = Var::from_dimacs;
    let o = m.origin("rule no_attack");
    m.add(
        Constraint::AtMostOne((1..=8).map(|i| v(i).positive()).collect()),
        o,
    );
    m.objective = Some(Objective {
        sense: Sense::Maximize,
        terms: vec![(1, v(6).positive())],
        what: "count".into(),
    });
    let text = mzn(&m, &no_layout());
    let written = declared(&text);
    assert_eq!(written.len(), names.len(), "{text}");
    for name in &written {
        assert!(
            is_identifier(name),
            "`{name}` is not an identifier:\n{text}"
        );
    }
    let unique: std::collections::HashSet<&&str> = written.iter().collect();
    assert_eq!(unique.len(), written.len(), "{text}");
    assert_eq!(written[0], "x_0_0");
    assert_eq!(written[7], "v_test", "a valid name is kept");
    // The writer's own `objective` and the keyword `test` are renamed, and
    // the renamed `test` does not take the model's `v_test`.
    assert!(!written.contains(&"objective") && !written.contains(&"test"));
    for (index, name) in names.iter().enumerate() {
        if written[index] != *name {
            assert!(
                text.contains(&format!("% name {} = {name}\n", written[index])),
                "{name}:\n{text}"
            );
        }
    }
    assert!(
        text.contains("var int: objective = sum([v_objective]);\n"),
        "{text}"
    );
}

#[test]
fn constraints_are_written_as_minizinc_says_them() {
    let mut m = Model::default();
    for n in ["a", "b", "c", "d"] {
        m.new_var(n.into());
    }
    let v = Var::from_dimacs;
    let (a, b, c, d) = (v(1), v(2), v(3), v(4));
    let o = m.origin("rule attacks");
    let h = m.origin("hint lines");
    m.add(Constraint::Clause(vec![a.positive(), b.negative()]), o);
    m.add(Constraint::Clause(vec![]), o);
    m.add(
        Constraint::AtMostOne(vec![a.positive(), b.positive(), a.positive()]),
        o,
    );
    m.add(
        Constraint::Card {
            lits: vec![b.positive(), c.negative()],
            rel: Rel::Eq,
            k: 1,
            guard: Some(a.negative()),
        },
        h,
    );
    m.add(
        Constraint::Card {
            lits: vec![],
            rel: Rel::Ge,
            k: 0,
            guard: None,
        },
        h,
    );
    m.add(
        Constraint::Linear {
            terms: vec![(2, a.positive()), (-3, b.negative())],
            rel: Rel::Ge,
            rhs: -1,
        },
        o,
    );
    m.add(
        Constraint::OrDef {
            def: d.positive(),
            lits: vec![c.positive(), a.negative()],
        },
        o,
    );
    m.add(
        Constraint::OrDef {
            def: d.negative(),
            lits: vec![],
        },
        o,
    );
    m.objective = Some(Objective {
        sense: Sense::Minimize,
        terms: vec![(2, a.positive()), (1, b.negative())],
        what: "walls".into(),
    });
    let text = mzn(&m, &no_layout());
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('%')).collect();
    let expected = [
        "var bool: a;",
        "var bool: b;",
        "var bool: c;",
        "var bool: d;",
        "var int: objective = 2 * bool2int(a) + 1 * bool2int(not b);",
        "",
        "constraint clause([a], [b]);",
        "constraint false;",
        "constraint sum([a, b]) <= 1;",
        "constraint not a -> (sum([not c, b]) = 1);",
        "constraint 0 >= 0;",
        "constraint 2 * bool2int(a) - 3 * bool2int(not b) >= -1;",
        "constraint d <-> exists([not a, c]);",
        "constraint not d <-> false;",
        "",
        "solve minimize objective;",
        "",
        "output [",
        "  \"walls = \", show(objective), \"\\n\",",
        "];",
    ];
    assert_eq!(body, expected, "{text}");
    // A comment names the origin wherever it changes.
    let comments: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("% rule") || l.starts_with("% hint"))
        .collect();
    assert_eq!(
        comments,
        ["% rule attacks", "% hint lines", "% rule attacks"],
        "{text}"
    );
    assert!(
        text.contains("% objective: minimize walls = objective\n"),
        "{text}"
    );
}

// ------------------------------------------------- the output item, evaluated

/// One element of the output item: text, or a chain of `fix(var)` tests.
enum Element {
    Text(String),
    Choice(Vec<(String, String)>, String),
}

/// A MiniZinc string literal at the start of `s`, and the rest.
fn literal(s: &str) -> (String, &str) {
    let s = s.strip_prefix('"').expect("a string");
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, &s[i + 1..]),
            '\\' => match chars.next().unwrap().1 {
                'n' => out.push('\n'),
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    panic!("unclosed string");
}

/// The elements of the output item of `text` (its `count = ` line aside).
fn output_item(text: &str) -> Vec<Element> {
    let item = &text[text.find("\noutput [\n").expect("an output item") + 10..];
    let mut elements = Vec::new();
    for line in item.lines().take_while(|l| *l != "];") {
        let mut rest = line.trim_start();
        while !rest.is_empty() {
            if rest.starts_with('"') {
                let (s, after) = literal(rest);
                elements.push(Element::Text(s));
                rest = after;
            } else if let Some(after) = rest.strip_prefix("show(objective)") {
                elements.push(Element::Text("<objective>".into()));
                rest = after;
            } else {
                let mut branches = Vec::new();
                while let Some(after) = rest
                    .strip_prefix("if fix(")
                    .or_else(|| rest.strip_prefix("elseif fix("))
                {
                    let (var, after) = after.split_once(") then ").unwrap();
                    let (shown, after) = literal(after);
                    branches.push((var.to_string(), shown));
                    rest = after.trim_start();
                }
                let (otherwise, after) = literal(rest.strip_prefix("else ").expect("else"));
                rest = after.strip_prefix(" endif").expect("endif");
                elements.push(Element::Choice(branches, otherwise));
            }
            rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
        }
    }
    elements
}

/// What MiniZinc prints for the output item under `values`.
fn evaluate(elements: &[Element], values: &HashMap<String, bool>) -> String {
    let mut out = String::new();
    for e in elements {
        match e {
            Element::Text(t) => out.push_str(t),
            Element::Choice(branches, otherwise) => {
                let shown = branches
                    .iter()
                    .find(|(var, _)| values[var])
                    .map_or(otherwise, |(_, s)| s);
                out.push_str(shown);
            }
        }
    }
    out
}

fn loaded(source: &str) -> Instance {
    load_source("m.qspec", source, &[], &Default::default()).unwrap()
}

fn compiled(instance: &Instance) -> String {
    let mut bytes = Vec::new();
    let opts = EmitOptions::default();
    instance
        .write_to(&mut bytes, Format::Mzn, &Default::default(), &opts)
        .unwrap();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn the_output_item_prints_what_qspec_solve_prints() {
    let models = [
        "board 3 x 4\nwall (1,1)\nrule no_attack\nmaximize count\n",
        "board 3 x 3\nwalls free\nrule no_attack\ncount >= 2\nminimize walls\n",
        "board 2 x 2 x 3\npiece knight\nrule attacks <= 1\nfix (0,0,0)\nforbid (1,1,2)\n",
        "board 5\nwall (2)\npiece rook\nrule dominate\n",
        "board 2 x 2 x 2 x 2\nrule no_attack\ncount == 2\n",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for source in models {
        let instance = loaded(source);
        let text = compiled(&instance);
        let elements = output_item(&text);
        let board = &instance.board;
        for _ in 0..40 {
            let mut p = Placement::empty(board.n_cells());
            for c in 0..board.n_cells() {
                match rng.below(4) {
                    0 => p.pieces[c] = true,
                    1 if instance.spec.free_walls => p.chosen_walls[c] = true,
                    _ => {}
                }
            }
            let values: HashMap<String, bool> = instance
                .model
                .names
                .iter()
                .map(|name| {
                    let cell = qspec::answer::decode::cell_var(board, name);
                    let value = match cell {
                        Some(qspec::answer::decode::CellVar::Piece(c)) => p.pieces[c],
                        Some(qspec::answer::decode::CellVar::Wall(c)) => p.chosen_walls[c],
                        Some(qspec::answer::decode::CellVar::KindPiece { kind, cell }) => {
                            p.pieces[cell] && p.kinds[cell] == kind
                        }
                        None => false,
                    };
                    (name.clone(), value)
                })
                .collect();
            let objective = match &instance.model.objective {
                Some(o) => format!("{} = <objective>\n", o.what),
                None => String::new(),
            };
            let expected = objective + &draw::text(&instance.spec, board, &p);
            assert_eq!(evaluate(&elements, &values), expected, "{source}\n{text}");
        }
    }
}

#[test]
fn compiled_files_are_byte_identical_and_gzipped_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    for name in ["a.mzn", "b.mzn", "c.mzn.gz"] {
        let out = qspec(&[
            "compile",
            "models/queens-attacking-exactly-k.qspec",
            "-D",
            "n=5",
            "-o",
            &path(name),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stderr(&out).contains("(mzn)"), "{}", stderr(&out));
    }
    let a = std::fs::read(path("a.mzn")).unwrap();
    assert_eq!(a, std::fs::read(path("b.mzn")).unwrap());
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path("c.mzn.gz")).unwrap())
        .read_to_end(&mut unzipped)
        .unwrap();
    assert_eq!(a, unzipped);
    let text = String::from_utf8(a).unwrap();
    assert!(text.starts_with("% qspec "), "{text}");
    assert!(text.contains("\nsolve satisfy;\n"), "{text}");
    // `-f mzn` to standard output writes the same text.
    let out = qspec(&[
        "compile",
        "models/queens-attacking-exactly-k.qspec",
        "-D",
        "n=5",
        "-f",
        "mzn",
    ]);
    assert_eq!(stdout(&out), text);
}

#[test]
fn a_model_the_writer_cannot_hold_is_refused_before_a_byte() {
    let mut m = Model::default();
    m.new_var("x_0_0".into());
    let o = m.origin("rule no_attack");
    m.add(
        Constraint::Clause(vec![
            Var::from_dimacs(1).positive(),
            Var::from_dimacs(5).positive(),
        ]),
        o,
    );
    let mut bytes = Vec::new();
    let e = write_mzn(&mut bytes, &m, &Provenance::default(), &no_layout()).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
    assert!(e.to_string().contains("mentions variable 5"), "{e}");
    assert!(bytes.is_empty());
    // Through write_format, MiniZinc needs the board's layout.
    let e = write_format(
        &mut bytes,
        Format::Mzn,
        &Model::default(),
        &Provenance::default(),
        None,
        None,
        &EmitOptions::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("layout"), "{e}");
}

#[test]
fn lp_dialect_applies_to_lp_files_only() {
    let dir = tempfile::tempdir().unwrap();
    let mps = dir.path().join("q.mps");
    let out = qspec(&[
        "compile",
        "models/eight-queens.qspec",
        "-o",
        mps.to_str().unwrap(),
        "--lp-dialect",
        "lp_solve",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--lp-dialect lp_solve is about LP files"));
    assert!(!mps.exists());
}

// ------------------------------------------------- pictures, as --start reads them

#[test]
fn the_whole_output_of_qspec_solve_is_a_start_fixed_pieces_included() {
    let dir = tempfile::tempdir().unwrap();
    let model = "models/queens-completion.qspec";
    let first = qspec(&["solve", model]);
    let shown = stdout(&first);
    assert!(shown.contains("* "), "fixed pieces are drawn `*`: {shown}");
    let start = dir.path().join("start.txt");
    std::fs::write(&start, &shown).unwrap();
    let again = qspec(&["solve", model, "--start", start.to_str().unwrap()]);
    let text = stdout(&again);
    assert_eq!(again.status.code(), Some(10), "{text}{}", stderr(&again));
    assert!(text.contains("c start: 10 pieces"), "{text}");
    assert!(text.contains("verified: every rule holds"), "{text}");
}
