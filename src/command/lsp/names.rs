//! The document's own names and fixes: where a parameter or a kind is
//! declared (go to definition), every place it is used (rename), and the
//! "did you mean" of a diagnostic as a quick fix.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, Location, Position, TextEdit, Uri, WorkspaceEdit,
};
use qspec::board::BUILTIN_PIECES;
use qspec::language::{load_with_warnings, words, HINTS, STATEMENTS};

use super::text;

/// What a declared name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Declared {
    Parameter,
    Kind,
}

impl Declared {
    /// The keyword that declares such a name.
    fn keyword(self) -> &'static str {
        match self {
            Declared::Parameter => "param",
            Declared::Kind => "piece",
        }
    }
}

/// The name at `position` when the document declares it, and what it is.
fn declared_at(text: &str, position: Position) -> Option<(String, Declared)> {
    let (_, word) = text::word_at(text, text::offset(text, position))?;
    let (spec, _) = load_with_warnings("m.qspec", text, &[]).ok()?;
    if spec.params.iter().any(|(n, _)| n == word) {
        return Some((word.to_string(), Declared::Parameter));
    }
    spec.kinds
        .iter()
        .any(|k| k.name == word)
        .then(|| (word.to_string(), Declared::Kind))
}

/// Every place the code says `name` (not in comments or pictures).
fn uses(text: &str, name: &str) -> Vec<(usize, usize)> {
    let start = text.len() - text.trim_start_matches('\u{FEFF}').len();
    words(&text[start..])
        .unwrap_or_default()
        .into_iter()
        .map(|s| (s.start + start, s.end + start))
        .filter(|&(a, b)| &text[a..b] == name)
        .collect()
}

/// Where the name at `position` is declared: its `param` or `piece`
/// statement.
pub fn definition(uri: &Uri, text: &str, position: Position) -> Option<Location> {
    let (name, what) = declared_at(text, position)?;
    let (start, end) = uses(text, &name)
        .into_iter()
        .find(|&(start, _)| text[..start].split_whitespace().last() == Some(what.keyword()))?;
    Some(Location::new(uri.clone(), text::range(text, start, end)))
}

/// Every use of the name at `position` renamed `new_name`; why not, when
/// it cannot be.
pub fn rename(
    uri: &Uri,
    text: &str,
    position: Position,
    new_name: &str,
) -> Result<WorkspaceEdit, String> {
    let (name, what) = declared_at(text, position)
        .ok_or("only a parameter or a kind the model declares can be renamed")?;
    let identifier = new_name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && new_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    let reserved = STATEMENTS.contains(&new_name) || HINTS.contains(&new_name);
    if !identifier || reserved {
        return Err(format!("`{new_name}` is not a name a model can give"));
    }
    if what == Declared::Kind && BUILTIN_PIECES.contains(&name.as_str()) {
        return Err(format!(
            "`piece {name}` names the kind after the piece it moves as; write `piece {new_name} {name}` to rename it"
        ));
    }
    let edits = uses(text, &name)
        .into_iter()
        .map(|(start, end)| TextEdit {
            range: text::range(text, start, end),
            new_text: new_name.to_string(),
        })
        .collect();
    Ok(WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    })
}

/// The quick fixes of `diagnostics`: each "did you mean `X`" as the edit
/// that writes `X` in the place of the mistake.
pub fn quick_fixes(uri: &Uri, diagnostics: &[Diagnostic]) -> Vec<CodeAction> {
    diagnostics
        .iter()
        .filter(|d| d.source.as_deref() == Some("qspec"))
        .filter_map(|d| {
            let after = d.message.split("did you mean `").nth(1)?;
            let fix = &after[..after.find('`')?];
            Some(CodeAction {
                title: format!("write `{fix}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(
                        uri.clone(),
                        vec![TextEdit {
                            range: d.range,
                            new_text: fix.to_string(),
                        }],
                    )])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            })
        })
        .collect()
}
