//! The document's model solved and counted from the editor: two code
//! lenses on its `board` line and the commands they run, the embedded
//! engines within [`TIME_LIMIT`] — the verdict and the board as `qspec
//! solve` prints them, the count as `qspec count --up-to-symmetry` prints
//! it. Each runs on a thread of its own while the server answers the
//! editor's other requests; the limit keeps a forgotten one short.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use lsp_types::{CodeLens, Command};
use qspec::count::End;
use qspec::error::Result;
use qspec::instance::{Instance, LoadOptions};
use qspec::service::listing::Lister;
use qspec::service::show_answer;
use qspec::solve::{SolveOptions, Stop};

use super::super::tally::{Listing, Tallied, KINDS_GROUP};
use super::text;

/// The command of the lens that solves.
pub const SOLVE: &str = "qspec.solve";

/// The command of the lens that counts.
pub const COUNT: &str = "qspec.count";

/// How long a solve from the editor may take.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The lenses on the document's `board` line, when its model loads.
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
    let lens = |what: &str, command: &str| CodeLens {
        range: text::range(text, at.0, at.1),
        command: Some(Command {
            title: format!("{what} (at most {} s)", TIME_LIMIT.as_secs()),
            command: command.to_string(),
            arguments: Some(vec![serde_json::json!(uri)]),
        }),
        data: None,
    };
    vec![lens("solve", SOLVE), lens("count", COUNT)]
}

/// The model of `text` counted up to symmetry within [`TIME_LIMIT`]: what
/// `qspec count --up-to-symmetry` prints of the count (`at least` when
/// the limit stopped it), or the error.
pub fn count(name: &str, text: &str) -> String {
    within_limit(name, text, counted)
}

fn counted(instance: &Instance, options: &SolveOptions) -> Result<String> {
    let lister = Lister::new(instance, options, false, true)?;
    let stop = Stop::new(options.deadline);
    let mut listed = lister.list(
        Cow::Borrowed(instance),
        None,
        None,
        &stop,
        options,
        &mut |_| {},
    )?;
    let solutions = &mut listed.solutions;
    let scope = Tallied::of(
        instance,
        solutions.target(),
        None,
        lister.classes().is_some(),
    );
    while solutions.next_solution()?.is_some() {}
    let end = solutions.end().unwrap_or(End::Complete);
    let mut out = Vec::new();
    let mut listing = Listing::new(&mut out, false);
    if instance.spec.has_kinds() {
        listing.group_name = KINDS_GROUP;
    }
    listing.summary(
        &solutions.tally().into(),
        end,
        &scope,
        None,
        solutions.group_order(),
    )?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The model of `text` solved within [`TIME_LIMIT`]: what `qspec solve`
/// prints of its verdict and board, or the error.
pub fn solve(name: &str, text: &str) -> String {
    within_limit(name, text, |instance, options| {
        let answer = qspec::solve::solve(instance, options, &mut |_| {})?;
        Ok(show_answer(instance, &answer, &[]).text)
    })
}

/// `work` on the model of `text`, its engines stopped at [`TIME_LIMIT`]:
/// its text, or the error (loading included).
fn within_limit(
    name: &str,
    text: &str,
    work: impl FnOnce(&Instance, &SolveOptions) -> Result<String>,
) -> String {
    let instance = match qspec::load_source(name, text, &[], &LoadOptions::default()) {
        Ok(instance) => instance,
        Err(e) => return e.to_string(),
    };
    let options = SolveOptions {
        deadline: Some(Instant::now() + TIME_LIMIT),
        ..SolveOptions::default()
    };
    work(&instance, &options).unwrap_or_else(|e| e.to_string())
}
