//! The document's model solved from the editor: a code lens on its `board`
//! line and the command it runs, the embedded engines within
//! [`TIME_LIMIT`], the verdict and the board as `qspec solve` prints them.
//! The server answers nothing else meanwhile (it has one thread), so the
//! limit is short.

use std::time::{Duration, Instant};

use lsp_types::{CodeLens, Command};
use qspec::instance::LoadOptions;
use qspec::service::show_answer;
use qspec::solve::SolveOptions;

use super::text;

/// The command a lens runs.
pub const SOLVE: &str = "qspec.solve";

/// How long a solve from the editor may take.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The lens on the document's `board` line, when its model loads.
pub fn lenses(uri: &str, text: &str) -> Vec<CodeLens> {
    if qspec::language::load_with_warnings("m.qspec", text, &[]).is_err() {
        return Vec::new();
    }
    let Some(at) = text
        .lines()
        .scan(0, |offset, line| {
            let start = *offset;
            *offset += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, line)| line.trim_start().starts_with("board"))
        .map(|(start, line)| (start, start + line.len()))
    else {
        return Vec::new();
    };
    vec![CodeLens {
        range: text::range(text, at.0, at.1),
        command: Some(Command {
            title: format!("solve (at most {} s)", TIME_LIMIT.as_secs()),
            command: SOLVE.to_string(),
            arguments: Some(vec![serde_json::json!(uri)]),
        }),
        data: None,
    }]
}

/// The model of `text` solved within [`TIME_LIMIT`]: what `qspec solve`
/// prints of its verdict and board, or the error.
pub fn solve(name: &str, text: &str) -> String {
    let instance = match qspec::load_source(name, text, &[], &LoadOptions::default()) {
        Ok(instance) => instance,
        Err(e) => return e.to_string(),
    };
    let options = SolveOptions {
        deadline: Some(Instant::now() + TIME_LIMIT),
        ..SolveOptions::default()
    };
    match qspec::solve::solve(&instance, &options, &mut |_| {}) {
        Ok(answer) => show_answer(&instance, &answer, &[]).text,
        Err(e) => e.to_string(),
    }
}
