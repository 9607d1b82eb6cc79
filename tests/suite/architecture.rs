//! The house rules of `src/`, checked from the code itself so that CI
//! needs nothing outside the repository:
//!
//! * the top-level modules form no cycle through `crate::` paths (the
//!   pipeline flows one way; the same reading as the project's
//!   `modgraph.py`: every `crate::NAME` and `use crate::{A, B}` outside
//!   `#[cfg(test)]` code, comments included);
//! * no two files import each other in a loop, inside a folder or across
//!   folders (a folder's `mod.rs` handing its children's names on is not an
//!   import of them);
//! * no file holds more than 600 lines before its tests;
//! * the library names no clap type: the command line is the binary's;
//! * a variable's cell is parsed from its name only where answers are read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

/// Every `.rs` file under `src/`, as (path relative to `src/`, text
/// before its `#[cfg(test)] mod`).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    walk(&src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).expect("a source file is UTF-8");
            let rel = p.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
            (rel, before_tests(&text).to_string())
        })
        .collect()
}

/// The text before a `#[cfg(test)]` module.
fn before_tests(text: &str) -> &str {
    let mut from = 0;
    while let Some(at) = text[from..].find("#[cfg(test)]") {
        let start = from + at;
        let rest = text[start + "#[cfg(test)]".len()..].trim_start();
        if rest.starts_with("mod ") {
            return &text[..start];
        }
        from = start + 1;
    }
    text
}

/// The top-level module a file belongs to (`None`: `lib.rs`, `main.rs`).
fn top_module(rel: &str) -> Option<String> {
    let first = rel.split('/').next().unwrap();
    match first {
        "lib.rs" | "main.rs" => None,
        _ => Some(first.trim_end_matches(".rs").to_string()),
    }
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// Every `crate::NAME` of `text`, and the names of `use crate::{A, B}`.
fn crate_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() {
                    names.insert(name.to_string());
                }
            }
        } else {
            let name = ident(after);
            if !name.is_empty() {
                names.insert(name.to_string());
            }
        }
        rest = after;
    }
    names
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, text) in sources() {
        let Some(top) = top_module(&rel) else {
            continue;
        };
        let targets = edges.entry(top.clone()).or_default();
        for name in crate_names(&text) {
            if name != top {
                targets.insert(name);
            }
        }
    }
    let cycles = cycles(&edges);
    assert!(
        cycles.is_empty(),
        "top-level modules in a cycle: {cycles:?}"
    );
}

/// The rule holds for the Python package's Rust too (`python/src/`).
#[test]
fn no_file_is_over_600_lines_before_its_tests() {
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/src");
    let python_files = fs::read_dir(&python)
        .expect("python/src/ is readable")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = fs::read_to_string(&p).expect("a source file is UTF-8");
            let name = p.strip_prefix(&python).unwrap().to_string_lossy();
            (
                format!("python/src/{name}"),
                before_tests(&text).to_string(),
            )
        });
    let big: Vec<(String, usize)> = sources()
        .into_iter()
        .chain(python_files)
        .map(|(rel, text)| (rel, text.matches('\n').count()))
        .filter(|(_, n)| *n > MAX_LINES)
        .collect();
    assert!(big.is_empty(), "files over {MAX_LINES} lines: {big:?}");
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let files: BTreeSet<String> = sources().into_iter().map(|(rel, _)| rel).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, text) in sources() {
        if rel == "main.rs" || rel.starts_with("cli/") {
            continue;
        }
        let module = module_path(&rel);
        let targets = edges.entry(rel.clone()).or_default();
        for path in imported_paths(&text, &module) {
            let Some(target) = file_of(&path, &files) else {
                continue;
            };
            let facade = rel.ends_with("mod.rs") && is_inside(&target, &rel);
            if target != rel && !facade && rel != "lib.rs" {
                targets.insert(target);
            }
        }
    }
    let cycles = cycles(&edges);
    assert!(
        cycles.is_empty(),
        "files that import each other: {cycles:?}"
    );
}

#[test]
fn the_library_names_no_clap_type() {
    let users: Vec<String> = sources()
        .into_iter()
        .filter(|(rel, _)| rel != "main.rs" && !rel.starts_with("cli/"))
        .filter(|(_, text)| text.contains("clap::") || text.contains("use clap"))
        .map(|(rel, _)| rel)
        .collect();
    assert!(users.is_empty(), "library files naming clap: {users:?}");
}

/// A variable's cell is read from the model's cell table
/// (`model::Decisions`); a name is parsed only where qspec reads a file or
/// another solver's answer (`answer/`), and `model/names.rs` says how.
#[test]
fn names_are_parsed_for_cells_only_where_answers_are_read() {
    let parsers: Vec<String> = sources()
        .into_iter()
        .filter(|(rel, _)| rel != "model/names.rs" && !rel.starts_with("answer/"))
        .filter(|(_, text)| text.contains("parse_cell") || text.contains("cell_var("))
        .map(|(rel, _)| rel)
        .collect();
    assert!(
        parsers.is_empty(),
        "files that parse a variable's name for its cell instead of reading model.cells: {parsers:?}"
    );
}

/// Engines are handed out in one place (`solve/registry.rs`: `chosen`,
/// `named`, `cut_by`): no other file matches on or compares the engine a
/// user chose (an arm per engine would send a new engine silently to a
/// wildcard), names an engine by its value or its static, or compares
/// engines by name — what a caller needs of an engine is a capability it
/// asks of it (`Engine::takes`, `refuses_spec`, `lists`, `cuts`,
/// `why_not_listed`). `solve/auto.rs` composes engines (the race); each
/// engine's own folder names itself. A sweep names no engine: a part's
/// leaves are read and searched by the search that cut them.
#[test]
fn engines_are_handed_out_in_one_place() {
    let choices = [
        "EngineChoice::Cadical",
        "EngineChoice::Kissat",
        "EngineChoice::Portfolio",
        "EngineChoice::Clique",
        "EngineChoice::Rows",
        "EngineChoice::Armies",
    ];
    let statics = [
        "::CLIQUE",
        "::ARMIES",
        "::ROWS",
        "::KISSAT",
        "::CADICAL",
        "::PORTFOLIO",
        "::RACE",
    ];
    let offenders =
        files_with_a_code_line(&["solve/registry.rs", "solve/auto.rs", "options/"], |l| {
            choices.iter().any(|c| l.contains(c))
                || statics.iter().any(|s| l.contains(s))
                || (l.contains("EngineChoice::") && l.contains("=>"))
                || l.contains("engine == EngineChoice")
                || l.contains("engine != EngineChoice")
                || (l.contains(".name()")
                    && (l.contains("==") || l.contains("!="))
                    && l.contains("engine"))
        });
    assert!(
        offenders.is_empty(),
        "files that decide on engines outside solve/registry.rs: {offenders:?}"
    );
    let engines = ["clique", "armies", "rows", "portfolio"];
    let sweep_naming: Vec<String> = sources()
        .into_iter()
        .filter(|(rel, _)| rel.starts_with("sweep/"))
        .filter(|(_, text)| {
            before_tests(text)
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .any(|l| engines.iter().any(|e| l.contains(&format!("solve::{e}"))))
        })
        .map(|(rel, _)| rel)
        .collect();
    assert!(
        sweep_naming.is_empty(),
        "sweep files that name an engine: {sweep_naming:?}"
    );
}

/// Threads start in one place, `src/threads.rs` (work side by side while
/// the caller watches, a larger stack, a worker that outlives the call):
/// every other file asks it, so that stacks, names and panics are
/// handled alike. The searches' tasks, nodes, stop and first answer go
/// through one driver, `solve/driver.rs`.
#[test]
fn threads_start_in_one_place() {
    let starts = [
        "thread::scope",
        "thread::spawn",
        "thread::Builder",
        "spawn_scoped",
    ];
    let offenders =
        files_with_a_code_line(&["threads.rs"], |l| starts.iter().any(|s| l.contains(s)));
    assert!(
        offenders.is_empty(),
        "files that start threads outside src/threads.rs: {offenders:?}"
    );
}

/// The command line (`cli/`: flags; `command/`: requests and printing)
/// is the binary's: the library declares neither, so no library module and
/// no Python code can call up into them, and the binary reaches the
/// library through its public face alone.
#[test]
fn the_command_line_is_the_binarys_alone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let main = fs::read_to_string(src.join("main.rs")).unwrap();
    for module in ["cli", "command"] {
        let declared = |text: &str| {
            text.lines()
                .any(|l| l.trim_start_matches("pub ").trim() == format!("mod {module};"))
        };
        assert!(!declared(&lib), "lib.rs declares `{module}`");
        assert!(declared(&main), "main.rs does not declare `{module}`");
    }
    let callers: Vec<String> = sources()
        .into_iter()
        .filter(|(rel, _)| {
            !["cli/", "command/", "main.rs"]
                .iter()
                .any(|p| rel.starts_with(p))
        })
        .filter(|(_, text)| {
            let names = crate_names(text);
            names.contains("command") || names.contains("cli")
        })
        .map(|(rel, _)| rel)
        .collect();
    assert!(
        callers.is_empty(),
        "library files that name the command line: {callers:?}"
    );
}

/// Library messages name a setting by its mark (`options::Setting`), which
/// the command line says as a flag and Python as a keyword: no flag of a
/// setting Python has is written out in the library. (`solve/external/`
/// runs other solvers, which only the command line reaches; a hint's note
/// `hint break_symmetry (--up-to-symmetry)` is printed by `count` alone.)
#[test]
fn library_messages_name_settings_not_flags() {
    let flags = [
        "--max-memory",
        "--max-clauses",
        "--max-bytes",
        "--up-to-symmetry:",
        "without --up-to-symmetry",
        "--engine ",
        "--map",
        "--rays",
        "-D values",
        "--optimal ",
        "with --optimal",
    ];
    let offenders =
        files_with_a_code_line(&["cli/", "command/", "options/", "solve/external/"], |l| {
            flags.iter().any(|f| l.contains(f))
        });
    assert!(
        offenders.is_empty(),
        "library files that write a flag into a message instead of a Setting's mark: {offenders:?}"
    );
}

/// The source files, but those under the paths `outside`, with a line of
/// code (not a comment, not in the tests) for which `hit` holds.
fn files_with_a_code_line(outside: &[&str], hit: impl Fn(&str) -> bool) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|(rel, _)| !outside.iter().any(|o| rel.starts_with(o)))
        .filter(|(_, text)| {
            before_tests(text)
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .any(&hit)
        })
        .map(|(rel, _)| rel)
        .collect()
}

/// The module path of a file: `solve/clique/mod.rs` → `[solve, clique]`.
fn module_path(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    let last = parts.pop().unwrap();
    if last != "mod.rs" && last != "lib.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// Whether `file` lies in the folder of the `mod.rs` file `module`.
fn is_inside(file: &str, module: &str) -> bool {
    let folder = module.trim_end_matches("mod.rs");
    file.starts_with(folder)
}

/// The module paths a file names: `crate::a::b::c`, `super::x`,
/// `self::x` and their `use` groups, each resolved from `module`.
fn imported_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for (start, base) in [
        ("crate::", Vec::new()),
        ("super::", module[..module.len().saturating_sub(1)].to_vec()),
        ("self::", module.to_vec()),
    ] {
        let mut rest = code.as_str();
        while let Some(at) = rest.find(start) {
            let preceded = rest[..at].chars().next_back();
            let after = &rest[at + start.len()..];
            rest = after;
            if preceded.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for tail in path_tails(after) {
                let mut path = base.clone();
                path.extend(tail);
                out.push(path);
            }
        }
    }
    out
}

/// The paths that begin `text`: `a::b::c` → `[[a, b, c]]`; `a::{b, c::d}`
/// → `[[a, b], [a, c, d]]`; `super::super::x` is followed upwards by the
/// caller only once (enough for this code base).
fn path_tails(text: &str) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut rest = text;
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            return inner
                .split(',')
                .map(|item| {
                    let mut path = prefix.clone();
                    path.extend(
                        item.trim()
                            .split("::")
                            .map(ident)
                            .take_while(|s| !s.is_empty())
                            .map(str::to_string),
                    );
                    path
                })
                .collect();
        }
        let name = ident(rest);
        if name.is_empty() {
            return vec![prefix];
        }
        prefix.push(name.to_string());
        rest = &rest[name.len()..];
        match rest.strip_prefix("::") {
            Some(next) => rest = next,
            None => return vec![prefix],
        }
    }
}

/// The deepest file a module path reaches (`[solve, clique, search, X]` →
/// `solve/clique/search.rs`).
fn file_of(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let joined = path[..n].join("/");
        [format!("{joined}.rs"), format!("{joined}/mod.rs")]
            .into_iter()
            .find(|f| files.contains(f))
    })
}

/// The strongly connected components of more than one node (Tarjan).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on.insert(v);
        let targets: Vec<&'a str> = s
            .edges
            .get(v)
            .map(|t| t.iter().map(String::as_str).collect())
            .unwrap_or_default();
        for w in targets {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    let nodes: BTreeSet<&str> = edges
        .iter()
        .flat_map(|(a, bs)| std::iter::once(a.as_str()).chain(bs.iter().map(String::as_str)))
        .collect();
    for v in nodes {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

#[test]
fn the_checks_see_a_cycle_when_there_is_one() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("a".into()).or_default().insert("b".into());
    edges.entry("b".into()).or_default().insert("c".into());
    assert!(cycles(&edges).is_empty());
    edges.entry("c".into()).or_default().insert("a".into());
    assert_eq!(cycles(&edges), vec![vec!["a", "b", "c"]]);
    assert_eq!(
        path_tails("a::{b, c::d};"),
        vec![vec!["a", "b"], vec!["a", "c", "d"]]
    );
    let names = crate_names("use crate::{x, y::z};\nlet q = crate::w::f();");
    assert_eq!(names.into_iter().collect::<Vec<_>>(), ["w", "x", "y"]);
    assert_eq!(before_tests("a\n#[cfg(test)]\nmod tests {}\n"), "a\n");
}

/// A new piece is one file: every built-in piece (its name, moves and
/// letter) is written in `board/piece.rs` alone, and the rest of the code
/// asks it. (The queen is named once more, as the piece of a model that
/// names none.)
#[test]
fn a_piece_is_written_in_one_file() {
    for name in qspec::board::BUILTIN_PIECES {
        if name == "queen" {
            continue;
        }
        let literal = format!("\"{name}\"");
        let offenders = files_with_a_code_line(&["board/piece.rs"], |l| l.contains(&literal));
        assert!(
            offenders.is_empty(),
            "files that name the piece {literal} outside board/piece.rs: {offenders:?}"
        );
    }
}
