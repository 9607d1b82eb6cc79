//! The document's model solved and counted from the editor: two code
//! lenses on its `board` line and the commands they run, the embedded
//! engines within a time limit ([`time_limit`]) — the verdict and the board as `qspec
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

/// How long a lens' command may take, unless the editor says otherwise
/// ([`time_limit`]).
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The most seconds an editor may give a lens' command.
const MOST_SECONDS: f64 = 600.0;

/// How long a lens' command may take: the editor's `initializationOptions`
/// `{"lensSeconds": S}` (more than 0, at most 600), else [`TIME_LIMIT`].
pub fn time_limit(initialize: &serde_json::Value) -> Duration {
    initialize["initializationOptions"]["lensSeconds"]
        .as_f64()
        .filter(|&s| s > 0.0 && s <= MOST_SECONDS)
        .map_or(TIME_LIMIT, Duration::from_secs_f64)
}

/// The lenses on the document's `board` line, when its model loads.
pub fn lenses(uri: &str, text: &str, limit: Duration) -> Vec<CodeLens> {
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
            title: format!("{what} (at most {} s)", limit.as_secs_f64()),
            command: command.to_string(),
            arguments: Some(vec![serde_json::json!(uri)]),
        }),
        data: None,
    };
    vec![lens("solve", SOLVE), lens("count", COUNT)]
}

/// The model of `text` counted up to symmetry within `limit`: what
/// `qspec count --up-to-symmetry` prints of the count (`at least` when
/// the limit stopped it), or the error.
pub fn count(name: &str, text: &str, limit: Duration) -> String {
    within_limit(name, text, limit, counted)
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

/// The model of `text` solved within `limit`: what `qspec solve`
/// prints of its verdict and board, or the error.
pub fn solve(name: &str, text: &str, limit: Duration) -> String {
    within_limit(name, text, limit, |instance, options| {
        let answer = qspec::solve::solve(instance, options, &mut |_| {})?;
        Ok(show_answer(instance, &answer, &[]).text)
    })
}

/// `work` on the model of `text`, its engines stopped after `limit`: its
/// text, or the error (loading included).
fn within_limit(
    name: &str,
    text: &str,
    limit: Duration,
    work: impl FnOnce(&Instance, &SolveOptions) -> Result<String>,
) -> String {
    let instance = match qspec::load_source(name, text, &[], &LoadOptions::default()) {
        Ok(instance) => instance,
        Err(e) => return e.to_string(),
    };
    let options = SolveOptions {
        deadline: Some(Instant::now() + limit),
        ..SolveOptions::default()
    };
    work(&instance, &options).unwrap_or_else(|e| e.to_string())
}
