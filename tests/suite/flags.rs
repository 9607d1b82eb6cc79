//! The flags' one definition (`src/options/flags.rs`) against what is
//! written elsewhere: the Python binding's keywords and the stub's, and
//! the table of flags in docs/commands.md, which is made from it (run with
//! `QSPEC_BLESS=1` to write it again after changing a flag). The command
//! line's arguments are checked against it where they are dressed from it
//! (`src/cli/flags.rs`).

use std::collections::BTreeSet;

use qspec::options::flags::{Fallback, Flag, Python, FLAGS};

use crate::common;

/// The Python keywords that are no flag's: what only the package says
/// (the model's path or text, its name, an answer's text, a session's
/// cells and kind, a progress callback, the parameters as keywords).
const PYTHON_ONLY: &[&str] = &[
    "path", "text", "name", "answer", "model", "cells", "kind", "smallest", "progress", "params",
    "params_", "_exc",
];

/// The keywords of every `#[pyo3(signature = (...))]` in the binding.
fn binding_keywords() -> BTreeSet<String> {
    let mut keywords = BTreeSet::new();
    let dir = common::root().join("python/src");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for signature in text.split("signature = (").skip(1) {
            let inner = &signature[..signature.find("))]").expect("a signature ends")];
            for parameter in inner.split(',') {
                let name = parameter
                    .split('=')
                    .next()
                    .unwrap()
                    .trim()
                    .trim_start_matches('*');
                if !name.is_empty() {
                    keywords.insert(name.to_string());
                }
            }
        }
    }
    keywords
}

/// The parameters of every `def` in the stub.
fn stub_parameters() -> BTreeSet<String> {
    let stub = std::fs::read_to_string(common::root().join("python/qspec/__init__.pyi")).unwrap();
    let mut parameters = BTreeSet::new();
    for def in stub.split("def ").skip(1) {
        let open = def.find('(').unwrap();
        let close = def.find(") ->").unwrap_or(def.len());
        let inner = &def[open + 1..close];
        for parameter in inner.split(',') {
            let Some((name, _)) = parameter.split_once(':') else {
                continue;
            };
            let name = name.trim().trim_start_matches('*');
            if name.chars().all(|c| c.is_alphanumeric() || c == '_') && !name.is_empty() {
                parameters.insert(name.to_string());
            }
        }
    }
    parameters
}

fn python_keyword(flag: &Flag) -> Option<&'static str> {
    match flag.python {
        Python::Keyword(keyword) | Python::Negated(keyword) => Some(keyword),
        Python::Named(_) | Python::Absent => None,
    }
}

#[test]
fn python_takes_each_flag_by_the_keyword_its_flag_names() {
    let binding = binding_keywords();
    let stub = stub_parameters();
    let flags: BTreeSet<&str> = FLAGS.iter().filter_map(python_keyword).collect();
    for keyword in &flags {
        assert!(
            binding.contains(*keyword),
            "the binding takes no `{keyword}`"
        );
        assert!(stub.contains(*keyword), "the stub says no `{keyword}`");
    }
    for keyword in &binding {
        let name = keyword.trim_end_matches('_');
        assert!(
            flags.contains(keyword.as_str()) || PYTHON_ONLY.contains(&keyword.as_str()),
            "the binding's `{keyword}` is no flag's keyword (src/options/flags.rs) nor Python's own (PYTHON_ONLY)"
        );
        assert!(
            stub.contains(name) || keyword.starts_with('_'),
            "the stub says no `{keyword}`"
        );
    }
}

/// The table of flags as docs/commands.md shows it.
fn table() -> String {
    let mut out = String::from(
        "| Flag | Commands | Default | Python | What it does |\n|---|---|---|---|---|\n",
    );
    for flag in FLAGS.iter().filter(|f| !f.hidden) {
        let mut names = Vec::new();
        if let (Some(short), Some(_)) = (flag.short, flag.long) {
            names.push(format!("`-{short}`"));
        }
        let value = flag.value.map(|v| format!(" {v}")).unwrap_or_default();
        names.push(format!("`{}{value}`", flag.spelled()));
        if let Some(alias) = flag.alias {
            names.push(format!("`--{alias}`"));
        }
        let default = match flag.default {
            Fallback::None => String::new(),
            Fallback::Value(value) => format!("`{value}`"),
            Fallback::Means(words) => words.to_string(),
        };
        let python = match flag.python {
            Python::Keyword(k) if flag.is_switch() => format!("`{k}=True`"),
            Python::Keyword(k) => format!("`{k}=`"),
            Python::Negated(k) => format!("`{k}=False`"),
            Python::Named(_) | Python::Absent => String::new(),
        };
        out.push_str(&format!(
            "| {} | {} | {default} | {python} | {} |\n",
            names.join(", "),
            flag.commands.join(", "),
            flag.help.replace('|', "\\|")
        ));
    }
    out
}

const BEGIN: &str = "<!-- flags: made from src/options/flags.rs by tests/suite/flags.rs -->\n";
const END: &str = "<!-- end of flags -->";

#[test]
fn the_docs_table_of_flags_is_made_from_their_definitions() {
    let path = common::root().join("docs/commands.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let start = page
        .find(BEGIN)
        .expect("docs/commands.md has the table of flags")
        + BEGIN.len();
    let end = page[start..].find(END).expect("the table ends") + start;
    let made = table();
    if page[start..end] != made {
        if std::env::var_os("QSPEC_BLESS").is_some() {
            let page = format!("{}{made}{}", &page[..start], &page[end..]);
            std::fs::write(&path, page).unwrap();
        } else {
            panic!(
                "docs/commands.md's table of flags is not the definitions' (QSPEC_BLESS=1 cargo test --test suite flags:: writes it):\n{made}"
            );
        }
    }
}
