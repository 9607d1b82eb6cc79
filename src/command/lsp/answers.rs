//! What the language server answers, each from the library as the command
//! line has it: the diagnostics of a document, the hover at a place, the
//! words that may come, and the document in `qspec fmt`'s layout.

use std::collections::BTreeMap;

use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic, DiagnosticSeverity, Hover, HoverContents,
    MarkupContent, MarkupKind, Position, TextEdit,
};
use qspec::board::sets::Scope;
use qspec::board::{builtin, moves, Piece, BUILTIN_PIECES};
use qspec::diag::{thousands, Level};
use qspec::instance::{LoadOptions, Source};
use qspec::language::{format, load_with_warnings, Spec, HINTS, STATEMENTS};
use qspec::options::{AmoEncoding, CardEncoding, Choice, RayEncoding};

use super::text;

/// The language reference, whose sections the hover shows.
const REFERENCE: &str = include_str!("../../../docs/language.md");

/// The file name messages give for the document at `uri`.
pub fn name_of(uri: &str) -> &str {
    uri.rsplit('/').next().unwrap_or(uri)
}

/// The bytes a byte-order mark takes at the start of `text` (the library
/// reads the text without it).
fn mark_of(text: &str) -> usize {
    if text.starts_with('\u{FEFF}') {
        '\u{FEFF}'.len_utf8()
    } else {
        0
    }
}

/// The errors and warnings of the document, as `qspec` says them: each at
/// its place, its help after its message.
pub fn diagnostics(uri: &str, text: &str) -> Vec<Diagnostic> {
    let found = match load_with_warnings(name_of(uri), text, &[]) {
        Ok((_, warnings)) => warnings.errors,
        Err(errors) => errors.errors,
    };
    let shift = mark_of(text);
    found
        .into_iter()
        .map(|d| Diagnostic {
            range: text::range(text, d.span.start + shift, d.span.end + shift),
            severity: Some(match d.level {
                Level::Error => DiagnosticSeverity::ERROR,
                Level::Warning => DiagnosticSeverity::WARNING,
                Level::Note => DiagnosticSeverity::INFORMATION,
            }),
            source: Some("qspec".to_string()),
            message: match &d.help {
                Some(help) => format!("{}\nhelp: {help}", d.message),
                None => d.message.clone(),
            },
            ..Diagnostic::default()
        })
        .collect()
}

/// What the word at `position` is: a statement's meaning (from the
/// language reference), a piece's moves, a parameter's value; on a
/// `board`, `rule` or `count` line, the model's estimated size too.
pub fn hover(uri: &str, text: &str, position: Position) -> Option<Hover> {
    let at = text::offset(text, position);
    let (start, word) = text::word_at(text, at)?;
    let line = text::line_at(text, at);
    let spec = load_with_warnings(name_of(uri), text, &[])
        .ok()
        .map(|(spec, _)| spec);
    let mut parts: Vec<String> = Vec::new();
    if let Some(spec) = &spec {
        if let Some((_, value)) = spec.params.iter().find(|(n, _)| n == word) {
            parts.push(format!("`param {word} = {value}`"));
        }
        if let Some(kind) = spec.kinds.iter().find(|k| k.name == word) {
            parts.push(format!(
                "kind `{word}`, drawn `{}`: {}",
                kind.letter,
                moves_of(&kind.piece)
            ));
        }
    }
    if BUILTIN_PIECES.contains(&word) {
        let dims = spec.as_ref().map_or(2, |s| s.dims.len().max(1));
        if let Some(piece) = builtin(word, dims) {
            parts.push(format!("`{word}`: {}", moves_of(&piece)));
        }
    }
    let before = text[..start].split_whitespace().last();
    if let Some(section) = reference(word, before) {
        parts.push(section);
    }
    let first = line.split_whitespace().next();
    if matches!(first, Some("board" | "rule" | "count")) && first == Some(word) {
        if let Some(size) = estimate(uri, text) {
            parts.push(size);
        }
    }
    (!parts.is_empty()).then(|| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: Some(text::range(text, start, start + word.len())),
    })
}

/// How a piece moves, in words.
fn moves_of(piece: &Piece) -> String {
    let m = moves(piece);
    let vectors = |vs: &[Vec<i64>]| -> String {
        vs.iter()
            .map(|v| {
                let parts: Vec<String> = v.iter().map(i64::to_string).collect();
                format!("({})", parts.join(","))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (m.riders.is_empty(), m.leapers.is_empty()) {
        (false, true) => format!("rides along {}", vectors(&m.riders)),
        (true, false) => format!("leaps by {}", vectors(&m.leapers)),
        (false, false) => format!(
            "rides along {}; leaps by {}",
            vectors(&m.riders),
            vectors(&m.leapers)
        ),
        (true, true) => "does not move".to_string(),
    }
}

/// The model's size as every command estimates it before building.
fn estimate(uri: &str, text: &str) -> Option<String> {
    let source = Source {
        name: name_of(uri).to_string(),
        text: text.to_string(),
        options: LoadOptions::default(),
    };
    let checked = source.check(&[]).ok()?;
    let e = checked.estimate;
    Some(format!(
        "the model, estimated before building: {} ({} variables, {} constraints, {} literals)",
        e.shape(),
        thousands(e.variables),
        thousands(e.constraints),
        thousands(e.literals)
    ))
}

/// The language reference's section on `word` (after `before`: `count
/// per` is the scopes' section), its heading and first paragraphs.
fn reference(word: &str, before: Option<&str>) -> Option<String> {
    let key = match (before, word) {
        (Some("count"), "per" | "in") => format!("count {word}"),
        _ => word.to_string(),
    };
    sections().get(key.as_str()).cloned()
}

/// Each statement's section of the reference, by its keyword (and `count
/// per`, `count in`): the first section that names it in its heading.
fn sections() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for section in REFERENCE.split("\n### ").skip(1) {
        let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
        let prose: Vec<&str> = body
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .take_while(|p| !p.starts_with("```"))
            .take(2)
            .collect();
        let shown = format!("**{heading}**\n\n{}", prose.join("\n\n"));
        for code in heading.split('`').skip(1).step_by(2) {
            let mut words = code.split_whitespace();
            let Some(first) = words.next() else { continue };
            out.entry(first.to_string())
                .or_insert_with(|| shown.clone());
            if let Some(second) = words.next() {
                out.entry(format!("{first} {second}"))
                    .or_insert_with(|| shown.clone());
            }
        }
    }
    out
}

/// The words that may come anywhere in the document: statement keywords,
/// the words statements take, pieces, the kinds and parameters it
/// declares, scopes, encodings and hints; sorted, each once.
pub fn completion(uri: &str, text: &str) -> Vec<CompletionItem> {
    let mut words: BTreeMap<String, (CompletionItemKind, &str)> = BTreeMap::new();
    let mut add = |word: &str, kind: CompletionItemKind, detail: &'static str| {
        words.entry(word.to_string()).or_insert((kind, detail));
    };
    for w in STATEMENTS {
        add(w, CompletionItemKind::KEYWORD, "statement");
    }
    for w in [
        "free",
        "per",
        "in",
        "drawn",
        "rider",
        "leaper",
        "no_attack",
        "attacks",
        "dominate",
        "amo",
        "card",
        "rays",
        "x",
    ] {
        add(w, CompletionItemKind::KEYWORD, "keyword");
    }
    for w in BUILTIN_PIECES {
        add(w, CompletionItemKind::CLASS, "piece");
    }
    for w in Scope::PER_WORDS {
        add(w, CompletionItemKind::ENUM_MEMBER, "scope (count per ...)");
    }
    for w in AmoEncoding::all().iter().map(|e| e.name()) {
        add(w, CompletionItemKind::VALUE, "at-most-one encoding");
    }
    for w in CardEncoding::all().iter().map(|e| e.name()) {
        add(w, CompletionItemKind::VALUE, "cardinality encoding");
    }
    for w in RayEncoding::all().iter().map(|e| e.name()) {
        add(w, CompletionItemKind::VALUE, "ray encoding");
    }
    for w in HINTS {
        add(w, CompletionItemKind::FUNCTION, "hint");
    }
    if let Ok((spec, _)) = load_with_warnings(name_of(uri), text, &[]) {
        declared(&spec, &mut add);
    }
    words
        .into_iter()
        .map(|(label, (kind, detail))| CompletionItem {
            label,
            kind: Some(kind),
            detail: Some(detail.to_string()),
            ..CompletionItem::default()
        })
        .collect()
}

/// The kinds and parameters `spec` declares.
fn declared(spec: &Spec, add: &mut impl FnMut(&str, CompletionItemKind, &'static str)) {
    for kind in &spec.kinds {
        add(&kind.name, CompletionItemKind::VARIABLE, "kind");
    }
    for (name, _) in &spec.params {
        add(name, CompletionItemKind::CONSTANT, "parameter");
    }
}

/// The document in `qspec fmt`'s layout, as one edit (none when it is in
/// the layout already; `None` when it does not parse).
pub fn formatting(text: &str) -> Option<Vec<TextEdit>> {
    let formatted = format(text).ok()?;
    if formatted == text {
        return Some(Vec::new());
    }
    Some(vec![TextEdit {
        range: text::range(text, 0, text.len()),
        new_text: formatted,
    }])
}
