//! Edits of a model's text that leave every other statement as written,
//! on the line it was written on: a region puzzle's model is the model
//! with its `regions` picture drawn anew (and, for puzzles of another
//! size, its board), so that it is checked, counted and judged exactly as
//! the file a user pastes the regions into.

use super::ast::StmtKind;
use super::parse;
use crate::diag::Diagnostic;

/// `source` with the regions `rows` (one string a row, cells separated by
/// spaces: `"a a b"`) as its `regions { ... }` picture, and its board
/// statement made `board R x C` when `board` is given. The model's own
/// picture, if any, is blanked out line for line and the new one written
/// at the end, so that every other statement keeps its line and column
/// (an error in the edited text points where it points in the file).
pub fn with_regions(
    source: &str,
    rows: &[String],
    board: Option<&[usize]>,
) -> Result<String, Diagnostic> {
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    let stmts = parse::parse(source)?;
    // (start, end, replacement), applied from the end of the text.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for stmt in &stmts {
        let (start, end) = (stmt.span.start, stmt.span.end);
        match &stmt.kind {
            StmtKind::Regions(_) => {
                let lines = source[start..end].matches('\n').count();
                edits.push((start, end, "\n".repeat(lines)));
            }
            StmtKind::Board { .. } => {
                if let Some(dims) = board {
                    let shape = crate::board::show_dims(dims);
                    edits.push((start, end, format!("board {shape}")));
                }
            }
            _ => {}
        }
    }
    edits.sort_by_key(|&(start, ..)| std::cmp::Reverse(start));
    let mut text = source.to_string();
    for (start, end, replacement) in edits {
        text.replace_range(start..end, &replacement);
    }
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str("regions {\n");
    for row in rows {
        text.push_str("  ");
        text.push_str(row);
        text.push('\n');
    }
    text.push_str("}\n");
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_is_drawn_anew_and_every_other_line_stays() {
        let model = "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece rook  # a comment\ncount per region == 1\n";
        let rows = ["a a".to_string(), "b b".to_string()];
        let text = with_regions(model, &rows, None).unwrap();
        assert_eq!(
            text,
            "board 2 x 2\n\n\n\n\npiece rook  # a comment\ncount per region == 1\nregions {\n  a a\n  b b\n}\n"
        );
        let spec = crate::language::load("p.qspec", &text, &[]).unwrap();
        assert_eq!(spec.regions.unwrap().of(1), Some('a'));
    }

    #[test]
    fn a_model_without_regions_gains_them_and_a_board_another_size() {
        let model = "param n = 8\nboard n x n\ncount per region == 1";
        let rows = ["a".to_string()];
        let text = with_regions(model, &rows, Some(&[1, 1])).unwrap();
        assert_eq!(
            text,
            "param n = 8\nboard 1 x 1\ncount per region == 1\nregions {\n  a\n}\n"
        );
    }
}
