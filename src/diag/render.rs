//! Rendering a [`Diagnostic`] like rustc: `file:line:column` (the column
//! counted in characters), the source line, and carets under the offending
//! characters, placed by their width on a terminal. Any text is safe: an
//! offset inside a character counts as that character, and characters a
//! terminal would not show as one visible column are shown as U+FFFD.

use super::source_lines::line_at;
use super::{Diagnostic, Level};
use std::fmt;

/// `at` moved back to the start of the character it falls in.
pub(super) fn char_start(source: &str, at: usize) -> usize {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// 1-based line and column (in characters, as rustc counts) of byte offset
/// `at`, lines ended as the grammar ends them ([`super::source_lines`]); an
/// offset inside a character counts as that character.
pub fn line_col(source: &str, at: usize) -> (usize, usize) {
    let at = char_start(source, at);
    let (number, line) = line_at(source, at);
    let col = source[line.start..at].chars().count() + 1;
    (number, col)
}

/// Columns a character takes on a terminal: 2 for wide East Asian
/// characters (full-width forms, CJK, emoji), 0 for combining marks and
/// zero-width characters, else 1.
fn width(c: char) -> usize {
    match c as u32 {
        0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// How a character of the source is echoed: a tab as it is; a control
/// character, a line or paragraph separator, a byte-order mark, a
/// zero-width or a direction-changing character as U+FFFD.
fn shown(c: char) -> char {
    let invisible = c.is_control()
        || matches!(c as u32, 0x2028 | 0x2029 | 0xFEFF | 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069);
    match c {
        '\t' => c,
        _ if invisible => '\u{FFFD}',
        _ => c,
    }
}

fn columns(text: &str) -> usize {
    text.chars().map(|c| width(shown(c))).sum()
}

/// The longest source line echoed whole, in characters; a longer one (a
/// binary file, a generated model) is cut to [`WINDOW`] characters around
/// the error, each cut marked `…`.
const LONGEST_ECHO: usize = 120;
/// How much of a long line is echoed.
const WINDOW: usize = 100;
/// Characters of a long line echoed before the error.
const BEFORE: usize = 40;

/// The characters `begin..end` of a line that are echoed.
struct Window {
    begin: usize,
    end: usize,
    len: usize,
}

impl Window {
    /// The window of `text` (a line) around its character `at`.
    fn around(text: &str, at: usize) -> Window {
        let len = text.chars().count();
        if len <= LONGEST_ECHO {
            return Window {
                begin: 0,
                end: len,
                len,
            };
        }
        let begin = at.saturating_sub(BEFORE).min(len.saturating_sub(WINDOW));
        Window {
            begin,
            end: (begin + WINDOW).min(len),
            len,
        }
    }

    fn chars<'t>(&self, text: &'t str, from: usize) -> impl Iterator<Item = char> + 't {
        let to = self.end;
        text.chars().skip(from).take(to.saturating_sub(from))
    }

    /// The line as echoed.
    fn echoed(&self, text: &str) -> String {
        let cut_before = if self.begin > 0 { "…" } else { "" };
        let cut_after = if self.end < self.len { "…" } else { "" };
        let shown: String = self.chars(text, self.begin).map(shown).collect();
        format!("{cut_before}{shown}{cut_after}")
    }

    /// The blanks under the echoed line up to its character `at`.
    fn lead(&self, text: &str, at: usize) -> String {
        let cut = if self.begin > 0 { " " } else { "" };
        let blanks: String = self
            .chars(text, self.begin)
            .take(at.saturating_sub(self.begin))
            .map(|c| match c {
                '\t' => "\t".to_string(),
                c => " ".repeat(width(shown(c))),
            })
            .collect();
        format!("{cut}{blanks}")
    }

    /// The columns echoed from character `at` on.
    fn columns_from(&self, text: &str, at: usize) -> usize {
        self.chars(text, at).map(|c| width(shown(c))).sum()
    }
}

pub(super) fn render_one(
    f: &mut fmt::Formatter<'_>,
    file: &str,
    source: &str,
    d: &Diagnostic,
) -> fmt::Result {
    let label = match d.level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    };
    if d.is_unplaced() {
        writeln!(f, "{label}: {}", d.message)?;
        // Given beside the file (`-D`, a keyword argument in Python).
        writeln!(f, " --> given with the model {file}")?;
        if let Some(help) = &d.help {
            writeln!(f, "  = help: {help}")?;
        }
        return Ok(());
    }
    let start = char_start(source, d.span.start);
    let (line, col) = line_col(source, start);
    let (_, shown_line) = line_at(source, start);
    let text = shown_line.text;
    // A span may start inside the line end of `\r\n` (on its `\n`).
    let line_end = shown_line.end().max(start);
    let mut end = char_start(source, d.span.end.clamp(start, line_end));
    if end < d.span.end.min(line_end) {
        // The span ends inside a character: cover all of it.
        end += source[end..].chars().next().map_or(0, char::len_utf8);
    }
    let n_carets = columns(&source[start..end.min(shown_line.end()).max(start)]).max(1);
    let pad = " ".repeat(line.to_string().len());
    writeln!(f, "{label}: {}", d.message)?;
    writeln!(f, "{pad}--> {file}:{line}:{col}")?;
    writeln!(f, "{pad} |")?;
    let window = Window::around(text, col - 1);
    writeln!(f, "{line} | {}", window.echoed(text))?;
    let lead = window.lead(text, col - 1);
    let n_carets = n_carets.min(window.columns_from(text, col - 1).max(1));
    writeln!(f, "{pad} | {lead}{}", "^".repeat(n_carets))?;
    if let Some(help) = &d.help {
        writeln!(f, "{pad} = help: {help}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Diagnostic, Span, SpecErrors};

    fn render(source: &str, start: usize, end: usize) -> String {
        SpecErrors {
            file: "m.qspec".into(),
            source: source.into(),
            errors: vec![Diagnostic::new(Span::new(start, end), "bad")],
        }
        .to_string()
    }

    #[test]
    fn columns_count_characters_and_carets_sit_under_them() {
        // `é` is two bytes: the error at byte 20 (inside it) is column 9.
        let source = "board 8 x 8\npiece quéen\n";
        let r = render(source, 20, 21);
        assert!(r.contains("m.qspec:2:9"), "{r}");
        assert!(r.contains("2 | piece quéen\n  |         ^\n"), "{r}");
        // A full-width digit takes two columns.
        let r = render("board ８ x 8\n", 6, 7);
        assert!(r.contains("1 | board ８ x 8\n  |       ^^\n"), "{r}");
        // Invisible characters are shown, so the caret is right.
        let r = render("board 8 x 8\u{2028}piece\n", 11, 12);
        assert!(
            r.contains("board 8 x 8\u{FFFD}piece\n  |            ^\n"),
            "{r}"
        );
    }

    #[test]
    fn a_long_line_is_echoed_around_the_error_only() {
        let mut source = "x".repeat(5000);
        source.replace_range(3000..3001, "!");
        let r = render(&source, 3000, 3001);
        let echoed = r.lines().nth(3).unwrap();
        assert_eq!(echoed.chars().count(), "1 | ".len() + 1 + 100 + 1, "{r}");
        assert!(
            echoed.starts_with("1 | …x") && echoed.ends_with("x…"),
            "{r}"
        );
        // The caret stays under the `!`.
        let caret = r.lines().nth(4).unwrap();
        let bang = echoed.chars().position(|c| c == '!').unwrap();
        assert_eq!(caret.chars().position(|c| c == '^'), Some(bang), "{r}");
        assert_eq!(caret.matches('^').count(), 1);
        // Near the start: no cut before; a short line is echoed whole.
        let r = render(&source, 2, 3);
        assert!(r.lines().nth(3).unwrap().starts_with("1 | xxx"), "{r}");
        let r = render("board 8 x 8\n", 6, 7);
        assert!(r.contains("1 | board 8 x 8\n"), "{r}");
    }

    #[test]
    fn any_offset_and_line_end_is_safe() {
        let source = "a\u{85}b\r\n\tx é\u{FEFF}";
        for start in 0..=source.len() + 2 {
            for end in start..=source.len() + 2 {
                let _ = render(source, start, end);
            }
        }
        let r = render("a\r\n\tbad\r\n", 4, 7);
        assert!(r.contains("2 | \tbad\n  | \t^^^\n"), "{r}");
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_as_in_the_grammar() {
        use super::line_col;
        let old_mac = "# c\rboard 5 x 5\rpiece rook\r";
        assert_eq!(line_col(old_mac, 0), (1, 1));
        assert_eq!(line_col(old_mac, 4), (2, 1));
        assert_eq!(line_col(old_mac, 10), (2, 7));
        assert_eq!(line_col(old_mac, 16), (3, 1));
        assert_eq!(line_col(old_mac, old_mac.len()), (4, 1));
        // Mixed: `\r\n` is one line end, `\n\r` two.
        let mixed = "a\r\nbc\rd\n\re";
        let places: Vec<(usize, usize)> = (0..=mixed.len()).map(|at| line_col(mixed, at)).collect();
        assert_eq!(
            places,
            [
                (1, 1),
                (1, 2),
                (1, 3),
                (2, 1),
                (2, 2),
                (2, 3),
                (3, 1),
                (3, 2),
                (4, 1),
                (5, 1),
                (5, 2)
            ]
        );
        // The line echoed is the one line, the caret under the error.
        let r = render(old_mac, 10, 11);
        assert!(r.contains("m.qspec:2:7"), "{r}");
        assert!(r.contains("2 | board 5 x 5\n  |       ^\n"), "{r}");
        let r = render(mixed, 4, 6);
        assert!(r.contains("m.qspec:2:2\n  |\n2 | bc\n  |  ^\n"), "{r}");
    }
}
