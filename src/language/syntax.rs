//! Syntax errors in the user's words, and the limits that keep parsing
//! safe on any input: the file size, the nesting of parentheses, the size
//! of one expression (checked before anything recursive runs).
//!
//! A syntax error says what the statement it is in expects ("`encode amo`
//! needs an encoding name"), names an unknown word and the nearest known
//! one ("unknown statement `Board`; did you mean `board`?"), explains a
//! character that does not belong ("unexpected character '×' (U+00D7);
//! did you mean `x`?"), and points an unclosed `{` at where it was opened.

use std::borrow::Cow;

use crate::board::sets::Scope;
use crate::board::symmetry::NAMED_2D;
use crate::board::BUILTIN_PIECES;
use crate::diag::suggest::{char_name, confusable, nearest};
use crate::diag::{line_at, source_lines, Diagnostic, Span};
use crate::options::{AmoEncoding, CardEncoding};

/// The largest `.qspec` file read: room for a picture of 2000 x 2000 cells.
pub const MAX_SOURCE_BYTES: usize = 16 << 20;

/// The deepest nesting of parentheses.
pub const MAX_NESTING: usize = 32;

/// The most operators (`+ - * / % ^`, unary minus) in one expression.
pub const MAX_EXPR_OPS: usize = 256;

/// Every statement keyword.
pub const STATEMENTS: [&str; 15] = [
    "param", "board", "torus", "wall", "walls", "piece", "rule", "count", "regions", "maximize",
    "minimize", "fix", "forbid", "encode", "hint",
];

/// The hints the language knows.
pub const HINTS: [&str; 7] = [
    "lines",
    "empty_lines",
    "cliques",
    "layers",
    "subboards",
    "symmetric",
    "break_symmetry",
];

/// The refusal of a model file over [`MAX_SOURCE_BYTES`]; `size` says how
/// large it is (`17,000,013 bytes`, or only `more than ...` for a pipe).
pub fn file_too_large(size: &str) -> Diagnostic {
    Diagnostic::new(
        Span::new(0, 0),
        format!(
            "the file has {size}; qspec reads model files of at most {} MB",
            MAX_SOURCE_BYTES >> 20
        ),
    )
    .with_help("a model is a few lines: a large board is written `board 3000 x 3000`, not drawn")
    .for_size()
}

/// The size and nesting limits, checked on the raw text before parsing.
pub fn check_limits(source: &str) -> Result<(), Diagnostic> {
    if source.len() > MAX_SOURCE_BYTES {
        let size = crate::diag::thousands(source.len() as u64);
        return Err(file_too_large(&format!("{size} bytes")));
    }
    for line in source_lines(source) {
        if let Some(at) = too_deep(code_of(line.text)) {
            return Err(nested_too_deep(line.start + at));
        }
    }
    Ok(())
}

/// The refusal of parentheses nested more than [`MAX_NESTING`] deep, at
/// the `(` at offset `at`.
pub fn nested_too_deep(at: usize) -> Diagnostic {
    Diagnostic::new(
        Span::new(at, at + 1),
        format!("parentheses are nested more than {MAX_NESTING} deep"),
    )
    .with_help("write the expression with fewer parentheses, or use a param")
}

/// A line without its comment. An expression never spans lines (the
/// grammar's whitespace has no line end), so nesting is counted a line at a
/// time.
fn code_of(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

/// The offset in `code` of the first `(` nested deeper than [`MAX_NESTING`].
fn too_deep(code: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in code.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The offset of the first `{` that no `}` closes (comments skipped).
fn unclosed_brace(source: &str) -> Option<usize> {
    let mut open = Vec::new();
    for line in source_lines(source) {
        for (i, c) in code_of(line.text).char_indices() {
            match c {
                '{' => open.push(line.start + i),
                '}' => {
                    open.pop();
                }
                _ => {}
            }
        }
    }
    open.first().copied()
}

/// Whether `at` is inside a `{ ... }` block.
fn in_block(source: &str, at: usize) -> bool {
    unclosed_brace(&source[..at]).is_some()
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The run of characters `is_word` takes around byte `at` of `text`, as
/// its start and end (equal when there is none).
pub fn span_around(text: &str, at: usize, is_word: impl Fn(char) -> bool) -> (usize, usize) {
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| at + i);
    (start, end)
}

/// The word around `at`: letters, digits, `_` and `-`, non-ASCII ones too.
fn word_at(source: &str, at: usize) -> (usize, &str) {
    let (start, end) = span_around(source, at, is_word_char);
    let word = source[start..end].trim_start_matches('-');
    (end - word.len(), word)
}

/// What a statement of keyword `kw` may be followed by, and its usage.
fn usage(kw: &str) -> Cow<'static, str> {
    if kw == "piece" {
        let others = BUILTIN_PIECES[1..].join(", ");
        return Cow::Owned(format!(
            "`piece {}` (or {others}), or `piece NAME {{ rider (1,0) leaper (1,2) }}`",
            BUILTIN_PIECES[0]
        ));
    }
    Cow::Borrowed(match kw {
        "param" => "`param NAME = EXPRESSION`, e.g. `param n = 8`",
        "board" => "`board 8 x 8`, `board 5^3`, `board 4 x 5 x 6`, or a picture `board 8 x 8 { ... }`",
        "torus" => "`torus` alone on its line",
        "wall" | "fix" | "forbid" => "cells in parentheses, e.g. `wall (1,3) (2,5)`",
        "walls" => "`walls free`, then bounds such as `walls <= 5`",
        "rule" => "`rule no_attack`, `rule dominate`, or `rule attacks == k` (also <=, >=, <, >)",
        "count" => "`count == N` (also <=, >=, <, >), e.g. `count >= 8`; per set: `count per row == 1` (row, column, diagonal, line, region) or `count in (0,0) (2,2) <= 1`",
        "regions" => "`regions { ... }`: a picture of the board, one letter or digit a region",
        "maximize" | "minimize" => "`maximize count`, `minimize count` or `minimize walls`",
        "encode" => "`encode amo NAME`, `encode card NAME` or `encode rays NAME`",
        "hint" => "`hint lines`, `hint empty_lines == 1`, `hint cliques cube star`, `hint layers <= 5`, `hint subboards 3 <= 4`, `hint symmetric rot180` or `hint break_symmetry`",
        _ => "one statement per line",
    })
}

/// The names that may follow `kw` as its `n`-th word (0 = the keyword's
/// first argument), to suggest the nearest one.
fn vocabulary(kw: &str, n: usize, previous: &str) -> Vec<&'static str> {
    match (kw, n) {
        ("piece", 0) => BUILTIN_PIECES.to_vec(),
        ("rule", 0) => vec!["no_attack", "dominate", "attacks"],
        ("maximize" | "minimize", 0) => vec!["count", "walls"],
        ("walls", 0) => vec!["free"],
        ("count", 0) => vec!["per", "in"],
        ("count", 1) if previous == "per" => Scope::PER_WORDS.to_vec(),
        ("encode", 0) => vec!["amo", "card", "rays"],
        ("hint", 0) => HINTS.to_vec(),
        ("hint", _) => match previous {
            "cliques" | "cube" | "star" => vec!["cube", "star"],
            _ => NAMED_2D.iter().map(|(name, _)| *name).collect(),
        },
        ("encode", 1) => match previous {
            "amo" => AmoEncoding::ALL.iter().map(|e| e.name()).collect(),
            "card" => CardEncoding::ALL.iter().map(|e| e.name()).collect(),
            _ => vec!["direct", "chain"],
        },
        _ => vec![],
    }
}

/// What is missing after the words already written on the statement's line.
fn missing(kw: &str, words: &[&str]) -> String {
    let n = words.len();
    match (kw, n) {
        ("param", 0) => "a parameter name".into(),
        ("param", 1) => "`=` and a value".into(),
        ("piece", 0) => "a piece name".into(),
        ("rule", 0) => "a rule name".into(),
        ("rule", _) | ("count", _) | ("walls", _)
            if words.last().is_some_and(|w| is_relation(w)) =>
        {
            "a number or an expression after the comparison".into()
        }
        ("rule", _) | ("count", 0) | ("walls", 0) => {
            "a comparison (==, <=, >=, <, >) and a number".into()
        }
        ("maximize" | "minimize", 0) => "what to optimise (`count` or `walls`)".into(),
        ("encode", 0) => "an encoding family (amo, card, rays) and an encoding name".into(),
        ("hint", 0) => format!("a hint ({})", HINTS.join(", ")),
        ("encode", 1) => format!(
            "the name of the {} encoding",
            match words[0] {
                "amo" => "at-most-one",
                "card" => "cardinality",
                _ => "ray",
            }
        ),
        ("board", 0) => "the board's size".into(),
        ("wall" | "fix" | "forbid", 0) => "at least one cell such as `(1,3)`".into(),
        _ => "more".into(),
    }
}

fn is_relation(word: &str) -> bool {
    matches!(word, "==" | "<=" | ">=" | "=" | "<" | ">")
}

/// The words of a statement's line before `at`, after its keyword.
fn words_between(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect()
}

/// A syntax error at `at` in the user's words; `expected` is what the
/// grammar wanted there, already in words (the fallback).
pub fn explain(source: &str, at: usize, expected: &str) -> Diagnostic {
    let at = at.min(source.len());
    if let Some(open) = unclosed_brace(source).filter(|&o| o < at) {
        return Diagnostic::new(Span::new(open, open + 1), "this `{` is never closed").with_help(
            "a board picture ends with `}` on a line of its own; a piece body with `}`",
        );
    }
    if let Some(c) = source[at..]
        .chars()
        .next()
        .filter(|c| !c.is_ascii() || c.is_ascii_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return unexpected_character(source, at, c);
    }
    if in_block(source, at) {
        return Diagnostic::new(
            span_at(source, at),
            format!("syntax error: expected {expected}"),
        );
    }
    let line_start = statement_start(source, at);
    let before = &source[line_start..at];
    let first = line_start + (before.len() - before.trim_start().len());
    let in_word = source[at..].starts_with(is_word_char);
    let (word_start, word) = if in_word {
        word_at(source, at)
    } else {
        (at, "")
    };
    let span = Span::new(word_start, word_start + word.len().max(1));
    let words = words_between(before);
    let Some((&kw, args)) = words.split_first().filter(|_| word_start > first) else {
        // At the statement's first word.
        return unknown_statement(source, at, word, span);
    };
    let rest = code_of(statement_rest(source, at)).trim();
    let words_before_word: Vec<&str> = words_between(&source[line_start..word_start]);
    let n_args = words_before_word.len().saturating_sub(1);
    let known = vocabulary(kw, n_args, words_before_word.last().copied().unwrap_or(""));
    let misspelt = !known.is_empty() && !known.contains(&word);
    if !word.is_empty() && (word_start < at || misspelt) {
        let thing = match kw {
            "piece" => "piece",
            "rule" => "rule",
            "maximize" | "minimize" => "objective",
            "encode" if n_args == 0 => "encoding family",
            "encode" => "encoding",
            _ => "word",
        };
        let mut d = Diagnostic::new(span, format!("unknown {thing} `{word}`"));
        d = match nearest(word, &known) {
            Some(best) => d.with_help(format!("did you mean `{best}`?")),
            None => d.with_help(format!("write {}", usage(kw))),
        };
        return d;
    }
    if rest.is_empty() {
        return Diagnostic::new(
            Span::new(at, at),
            format!(
                "`{}` is incomplete: expected {}",
                before.trim(),
                missing(kw, args)
            ),
        )
        .with_help(format!("write {}", usage(kw)));
    }
    let token: String = rest
        .split_whitespace()
        .next()
        .unwrap_or(rest)
        .chars()
        .take(20)
        .collect();
    let expected = expected.replace("the end of the file", "the end of the statement");
    Diagnostic::new(
        span_at(source, at),
        format!("unexpected `{token}`: expected {expected}"),
    )
    .with_help(format!("write {}", usage(kw)))
}

/// Where the statement that holds `at` starts: its line's start, or just
/// past the last `;` between that and `at`.
fn statement_start(source: &str, at: usize) -> usize {
    let (_, line) = line_at(source, at);
    source[line.start..at]
        .rfind(';')
        .map_or(line.start, |i| line.start + i + 1)
}

/// The statement that holds `at`, from `at` to its line's end or its `;`.
fn statement_rest(source: &str, at: usize) -> &str {
    let (_, line) = line_at(source, at);
    let rest = &source[at..line.end().max(at)];
    rest.split(';').next().unwrap_or("")
}

/// The first word of a statement is not a keyword.
fn unknown_statement(source: &str, at: usize, word: &str, span: Span) -> Diagnostic {
    if word.is_empty() {
        let token: String = source[at..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(20)
            .collect();
        return Diagnostic::new(
            span_at(source, at),
            format!("unexpected `{token}`: expected a statement"),
        )
        .with_help(format!("statements: {}", STATEMENTS.join(", ")));
    }
    let d = Diagnostic::new(span, format!("unknown statement `{word}`"));
    match nearest(word, &STATEMENTS) {
        Some(best) => d.with_help(format!("did you mean `{best}`?")),
        None => d.with_help(format!("statements: {}", STATEMENTS.join(", "))),
    }
}

/// A character that does not belong, and the ASCII it may stand for.
fn unexpected_character(source: &str, at: usize, c: char) -> Diagnostic {
    let code = format!("U+{:04X}", c as u32);
    let what = match char_name(c) {
        Some(name) => format!("{code} ({name})"),
        None if c.is_control() => code,
        None => format!("'{c}' ({code})"),
    };
    let mut d = Diagnostic::new(span_at(source, at), format!("unexpected character {what}"));
    if let Some(help) = confusable(c) {
        return d.with_help(help);
    }
    if c.is_alphabetic() {
        let (_, word) = word_at(source, at);
        let mut known: Vec<&str> = STATEMENTS.to_vec();
        known.extend(BUILTIN_PIECES);
        known.extend(["no_attack", "dominate", "attacks", "count", "walls", "free"]);
        d = match nearest(word, &known) {
            Some(best) => d.with_help(format!(
                "names are ASCII letters, digits and `_`: did you mean `{best}`?"
            )),
            None => d.with_help("names are ASCII letters, digits and `_`"),
        };
    }
    d
}

/// The one character at `at`.
fn span_at(source: &str, at: usize) -> Span {
    let len = source[at..].chars().next().map_or(0, char::len_utf8);
    Span::new(at, at + len.max(1))
}
