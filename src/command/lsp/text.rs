//! Places in a document as the protocol counts them (lines from 0,
//! characters in UTF-16 code units) and as the library counts them (byte
//! offsets into the text).

use lsp_types::{Position, Range};
use qspec::language::span_around;

/// The position of byte `offset` of `text`.
pub fn position(text: &str, offset: usize) -> Position {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[line_start..offset].chars().map(char::len_utf16).sum();
    Position::new(line as u32, character as u32)
}

/// The range of bytes `start..end` of `text`.
pub fn range(text: &str, start: usize, end: usize) -> Range {
    Range::new(position(text, start), position(text, end.max(start)))
}

/// The byte offset of `position` in `text` (the end of its line, or of the
/// text, when the position is past it).
pub fn offset(text: &str, position: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..position.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= position.character as usize {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    line_end
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The word (letters, digits, `_`) around byte `at`, with its start.
pub fn word_at(text: &str, at: usize) -> Option<(usize, &str)> {
    let (start, end) = span_around(text, at, |c| c.is_alphanumeric() || c == '_');
    (start < end).then(|| (start, &text[start..end]))
}

/// The line holding byte `at`.
pub fn line_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    &text[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_come_back() {
        let text = "board 8 × 8\npiece queen\n";
        let queen = text.find("queen").unwrap();
        assert_eq!(position(text, queen), Position::new(1, 6));
        assert_eq!(offset(text, Position::new(1, 6)), queen);
        let after = text.find("× 8").unwrap() + '×'.len_utf8();
        assert_eq!(position(text, after), Position::new(0, 9));
        assert_eq!(offset(text, Position::new(0, 9)), after);
        assert_eq!(word_at(text, queen + 2), Some((queen, "queen")));
        assert_eq!(line_at(text, queen), "piece queen");
    }
}
