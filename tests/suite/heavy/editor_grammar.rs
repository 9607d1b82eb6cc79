//! The VS Code extension (editors/vscode/): its grammar's assertions
//! (`tests/*.qspec`, vscode-tmgrammar-test), every model of models/
//! tokenized as VS Code would (`tests/models.js`), and its client
//! (`tests/client.js`: it starts this build's `qspec lsp`, which answers
//! the client library's own transport), through the package's own `npm
//! test`. `.ci/run` installs the package's pinned tools with `npm ci`.

use std::process::Command;

use crate::common;

#[test]
fn the_grammar_highlights_its_tests_and_every_model() {
    let dir = common::root().join("editors/vscode");
    assert!(
        dir.join("node_modules/vscode-tmgrammar-test").is_dir(),
        "editors/vscode/node_modules is missing: run `npm ci` in editors/vscode (as .ci/run does)"
    );
    let out = Command::new("npm")
        .args(["test", "--silent"])
        .env("QSPEC", env!("CARGO_BIN_EXE_qspec"))
        .current_dir(&dir)
        .output()
        .expect("npm runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    let models = std::fs::read_dir(common::root().join("models"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "qspec")
        })
        .count();
    assert!(
        text.contains(&format!("highlighted {models} models")),
        "{text}"
    );
    assert!(
        text.contains("tests/pictures.qspec run successfuly"),
        "{text}"
    );
    assert!(
        text.contains("lsp for .qspec documents; its server answered"),
        "{text}"
    );
}
