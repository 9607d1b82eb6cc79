//! The lines of a model's text, read exactly as the grammar reads them:
//! `\r\n`, `\n` and a lone `\r` each end a line (pest's `NEWLINE`, which
//! ends comments and statements). Every place that splits a model into
//! lines — the nesting pre-check, the syntax errors' statement, the
//! `file:line:column` of a message and the line it echoes — reads them
//! here, so that a file with old-Mac `\r` endings or mixed endings is
//! checked, numbered and shown as the parser sees it.
//!
//! Line numbers count from 1; offsets stay byte offsets into the text.

/// One line of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine<'t> {
    /// The byte offset of the line's first character.
    pub start: usize,
    /// The line, without its line end.
    pub text: &'t str,
    /// Its line end: `"\n"`, `"\r\n"`, `"\r"`, or `""` for the last line.
    pub ending: &'t str,
}

impl SourceLine<'_> {
    /// The byte offset just past the line's text, where its line end is.
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// The lines of `text`. As with `str::split`, a text with n line ends has
/// n + 1 lines, the last one empty when the text ends with a line end: every
/// byte offset, the text's end too, is on exactly one line.
///
/// ```
/// use qspec::diag::source_lines;
/// let lines: Vec<&str> = source_lines("a\r\nb\rc\n").map(|l| l.text).collect();
/// assert_eq!(lines, ["a", "b", "c", ""]);
/// ```
pub fn source_lines(text: &str) -> SourceLines<'_> {
    SourceLines {
        text,
        next: Some(0),
    }
}

/// The iterator of [`source_lines`].
#[derive(Clone, Debug)]
pub struct SourceLines<'t> {
    text: &'t str,
    /// Where the next line starts; `None` once the last one is given.
    next: Option<usize>,
}

impl<'t> Iterator for SourceLines<'t> {
    type Item = SourceLine<'t>;

    fn next(&mut self) -> Option<SourceLine<'t>> {
        let start = self.next?;
        let rest = &self.text[start..];
        let Some(at) = rest.find(['\n', '\r']) else {
            self.next = None;
            return Some(SourceLine {
                start,
                text: rest,
                ending: "",
            });
        };
        let ending_len = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
        self.next = Some(start + at + ending_len);
        Some(SourceLine {
            start,
            text: &rest[..at],
            ending: &rest[at..at + ending_len],
        })
    }
}

/// The 1-based number of the line that holds byte offset `at` (an offset
/// inside a line end belongs to the line it ends; one past the text, to the
/// last line), and that line.
pub fn line_at(text: &str, at: usize) -> (usize, SourceLine<'_>) {
    let mut lines = source_lines(text).enumerate();
    let (mut index, mut found) = lines.next().expect("a text has at least one line");
    for (i, line) in lines {
        if line.start > at {
            break;
        }
        (index, found) = (i, line);
    }
    (index + 1, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line as (start, text, ending).
    fn split(text: &str) -> Vec<(usize, &str, &str)> {
        source_lines(text)
            .map(|l| (l.start, l.text, l.ending))
            .collect()
    }

    #[test]
    fn each_ending_ends_a_line() {
        assert_eq!(
            split("ab\ncd\n"),
            [(0, "ab", "\n"), (3, "cd", "\n"), (6, "", "")]
        );
        assert_eq!(
            split("ab\r\ncd\r\n"),
            [(0, "ab", "\r\n"), (4, "cd", "\r\n"), (8, "", "")]
        );
        assert_eq!(
            split("ab\rcd\r"),
            [(0, "ab", "\r"), (3, "cd", "\r"), (6, "", "")]
        );
    }

    #[test]
    fn mixed_endings_are_read_one_by_one() {
        // `\n\r` is two line ends (`\n`, then a lone `\r`), `\r\r\n` two as well.
        assert_eq!(
            split("a\r\nb\rc\nd\n\re\r\r\nf"),
            [
                (0, "a", "\r\n"),
                (3, "b", "\r"),
                (5, "c", "\n"),
                (7, "d", "\n"),
                (9, "", "\r"),
                (10, "e", "\r"),
                (12, "", "\r\n"),
                (14, "f", ""),
            ]
        );
    }

    #[test]
    fn the_last_line_may_have_no_ending_and_lines_may_be_empty() {
        assert_eq!(split("ab"), [(0, "ab", "")]);
        assert_eq!(split(""), [(0, "", "")]);
        assert_eq!(split("\n\n"), [(0, "", "\n"), (1, "", "\n"), (2, "", "")]);
        assert_eq!(split("\r\r"), [(0, "", "\r"), (1, "", "\r"), (2, "", "")]);
        // Other Unicode line breaks are not line ends for the grammar.
        assert_eq!(split("a\u{2028}b\u{85}c"), [(0, "a\u{2028}b\u{85}c", "")]);
    }

    #[test]
    fn the_lines_cover_the_text() {
        let text = "x\r\ny\rz\n\r\r\nw";
        let rebuilt: String = source_lines(text)
            .map(|l| format!("{}{}", l.text, l.ending))
            .collect();
        assert_eq!(rebuilt, text);
    }

    #[test]
    fn every_offset_is_on_the_line_that_holds_it() {
        let text = "ab\rcd\r\nef";
        let numbers: Vec<usize> = (0..=text.len() + 1).map(|at| line_at(text, at).0).collect();
        // a b \r | c d \r \n | e f (end) (past the end)
        assert_eq!(numbers, [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
        assert_eq!(line_at(text, 5).1.text, "cd");
        assert_eq!(line_at("", 0), (1, source_lines("").next().unwrap()));
    }
}
