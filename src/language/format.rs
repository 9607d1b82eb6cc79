//! `qspec fmt`: the one layout of the language. Each line of the file
//! stays a line, in order, so that comments stay where they stand; within
//! a line the code is spaced one way, read token by token from the parse
//! (one space between words; none inside a tuple's parentheses, around its
//! commas, around `^` or after a unary minus; `a; b`), a comment after code
//! two spaces after it, a block's inner lines (a picture's rows, a
//! multi-line piece) indented two spaces, a picture's cells one space
//! apart; blank lines at most one in a row, none at the ends; `\n` line
//! ends and one at the end of the file.
//!
//! A file that does not parse is not formatted: [`format`] gives the
//! parser's error. The formatted text is parsed again and must hold the
//! same tokens and cells as the original, else [`format`] refuses with an
//! internal error rather than give a text that means something else.

use pest::iterators::Pair;
use pest::Parser;

use super::parse::grammar::{QspecParser, Rule};
use super::parse::{self, on_parser_stack};
use crate::diag::{Diagnostic, Span};

/// The file's text in the language's one layout, or the error that keeps
/// it from being formatted.
pub fn format(source: &str) -> Result<String, Diagnostic> {
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    parse::parse(source)?;
    let layout = on_parser_stack(|| Layout::of(source));
    let text = layout.render(source);
    let again = on_parser_stack(|| Layout::of(&text));
    if again.meaning(&text) != layout.meaning(source) {
        return Err(Diagnostic::new(
            Span::new(0, 0),
            "internal error: the formatted text would not hold the same tokens; the file is left as it is",
        ));
    }
    Ok(text)
}

/// Where every word of the code stands (names, keywords, numbers; not
/// the cells of pictures or the words of comments), as byte ranges, in
/// order; `None` when the text does not parse. What an editor renames or
/// goes to.
pub fn words(source: &str) -> Option<Vec<Span>> {
    parse::parse(source).ok()?;
    let layout = on_parser_stack(|| Layout::of(source));
    Some(
        layout
            .tokens
            .iter()
            .filter(|t| t.kind == Kind::Word)
            .map(|t| Span::new(t.start, t.end))
            .collect(),
    )
}

/// What a token is, for its spacing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A keyword, a name, a number, a comparison, `x`.
    Word,
    /// A binary operator other than `^`.
    Operator,
    /// `^`: a power or a cube's exponent, written tight.
    Power,
    /// A unary minus.
    Minus,
    /// `(`, `)`, `,`, `=`, `{`, `}`, `;`.
    Punct(char),
}

/// A token: where it stands, and its kind.
#[derive(Clone, Copy, Debug)]
struct Token {
    start: usize,
    end: usize,
    kind: Kind,
}

/// A picture (`board ... { }`, `regions { }`): where its braces stand and
/// its cells.
#[derive(Debug)]
struct Picture {
    open: usize,
    close: usize,
    cells: Vec<usize>,
}

/// A comment: where its `#` stands, and its end.
#[derive(Clone, Copy, Debug)]
struct Comment {
    start: usize,
    end: usize,
}

/// The file read for its layout: the tokens of the code, the pictures and
/// the comments, each in the order of the text.
#[derive(Debug, Default)]
struct Layout {
    tokens: Vec<Token>,
    pictures: Vec<Picture>,
    comments: Vec<Comment>,
}

impl Layout {
    /// The layout of `source`, which parses.
    fn of(source: &str) -> Layout {
        let mut layout = Layout::default();
        let Ok(mut pairs) = QspecParser::parse(Rule::file, source) else {
            return layout;
        };
        let file = pairs.next().expect("the file rule always produces a pair");
        // The pairs that are tokens (no inner pairs), the pictures whole.
        let mut taken: Vec<(usize, usize)> = Vec::new();
        let mut skip_to = 0;
        for pair in file.into_inner().flatten() {
            let span = pair.as_span();
            if span.start() < skip_to || span.start() == span.end() {
                continue;
            }
            if matches!(pair.as_rule(), Rule::picture | Rule::region_picture) {
                layout.pictures.push(picture(&pair));
                taken.push((span.start(), span.end()));
                skip_to = span.end();
            } else if pair.clone().into_inner().next().is_none() {
                layout.tokens.push(Token {
                    start: span.start(),
                    end: span.end(),
                    kind: kind_of(pair.as_rule()),
                });
                taken.push((span.start(), span.end()));
            }
        }
        // Between them: literal punctuation and words (`attacks`), and
        // comments.
        let mut at = 0;
        for (start, end) in taken.clone() {
            layout.read_gap(source, at, start);
            at = end;
        }
        layout.read_gap(source, at, source.len());
        layout.tokens.sort_by_key(|t| t.start);
        layout
    }

    /// Reads the text between two tokens: punctuation, literal words,
    /// comments (whitespace and line ends are the layout's own).
    fn read_gap(&mut self, source: &str, from: usize, to: usize) {
        let text = &source[from..to];
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let start = from + i;
            match c {
                c if c.is_whitespace() => {}
                '#' => {
                    let end = text[i..].find(['\n', '\r']).map_or(to, |j| from + i + j);
                    self.comments.push(Comment { start, end });
                    while chars.peek().is_some_and(|&(j, _)| from + j < end) {
                        chars.next();
                    }
                }
                c if c.is_alphanumeric() || c == '_' => {
                    let mut end = start + c.len_utf8();
                    while let Some(&(j, d)) = chars.peek() {
                        if !(d.is_alphanumeric() || d == '_') {
                            break;
                        }
                        end = from + j + d.len_utf8();
                        chars.next();
                    }
                    self.tokens.push(Token {
                        start,
                        end,
                        kind: Kind::Word,
                    });
                }
                '^' => self.tokens.push(Token {
                    start,
                    end: start + 1,
                    kind: Kind::Power,
                }),
                c => self.tokens.push(Token {
                    start,
                    end: start + c.len_utf8(),
                    kind: Kind::Punct(c),
                }),
            }
        }
    }

    /// What the layout may not change: every token's text and kind, every
    /// picture's cells, every comment's text, in order.
    fn meaning<'a>(&self, source: &'a str) -> Vec<(Option<Kind>, &'a str)> {
        let mut out: Vec<(usize, Option<Kind>, &str)> = Vec::new();
        for t in &self.tokens {
            out.push((t.start, Some(t.kind), &source[t.start..t.end]));
        }
        for p in &self.pictures {
            out.push((p.open, None, "{"));
            for &c in &p.cells {
                out.push((c, None, &source[c..c + 1]));
            }
            out.push((p.close, None, "}"));
        }
        for c in &self.comments {
            out.push((c.start, None, source[c.start..c.end].trim_end()));
        }
        out.sort_by_key(|x| x.0);
        out.into_iter().map(|(_, k, s)| (k, s)).collect()
    }

    /// The formatted text.
    fn render(&self, source: &str) -> String {
        let lines = Lines::of(source);
        let mut out: Vec<String> = vec![String::new(); lines.count()];
        let mut tokens_by_line: Vec<Vec<Token>> = vec![Vec::new(); lines.count()];
        for t in &self.tokens {
            tokens_by_line[lines.of_offset(t.start)].push(*t);
        }
        let mut comment_of: Vec<Option<&str>> = vec![None; lines.count()];
        for c in &self.comments {
            comment_of[lines.of_offset(c.start)] = Some(source[c.start..c.end].trim_end());
        }
        // Picture rows are written by the picture; its brace lines by the
        // code around it with the braces as tokens.
        let mut in_picture = vec![false; lines.count()];
        for p in &self.pictures {
            let (open, close) = (lines.of_offset(p.open), lines.of_offset(p.close));
            tokens_by_line[open].push(Token {
                start: p.open,
                end: p.open + 1,
                kind: Kind::Punct('{'),
            });
            tokens_by_line[close].insert(
                0,
                Token {
                    start: p.close,
                    end: p.close + 1,
                    kind: Kind::Punct('}'),
                },
            );
            tokens_by_line[open].sort_by_key(|t| t.start);
            let opened = lines.text(source, open);
            let after = &opened[p.open + 1 - lines.start(open)..];
            comment_of[open] = comment_in(after);
            for (row, line) in out.iter_mut().enumerate().take(close).skip(open + 1) {
                in_picture[row] = true;
                *line = picture_row(source, &lines, row, &p.cells);
            }
        }
        let mut depth = 0usize;
        for (row, line) in out.iter_mut().enumerate() {
            if in_picture[row] {
                continue;
            }
            let tokens = &tokens_by_line[row];
            let closes_first = tokens.first().is_some_and(|t| t.kind == Kind::Punct('}'));
            let indent = if closes_first {
                depth.saturating_sub(1)
            } else {
                depth
            };
            let code = spaced(source, tokens);
            *line = match (code.is_empty(), comment_of[row]) {
                (true, None) => String::new(),
                (true, Some(c)) => format!("{}{c}", "  ".repeat(indent)),
                (false, None) => format!("{}{code}", "  ".repeat(indent)),
                (false, Some(c)) => format!("{}{code}  {c}", "  ".repeat(indent)),
            };
            for t in tokens {
                match t.kind {
                    Kind::Punct('{') if !self.opens_picture(t.start) => depth += 1,
                    Kind::Punct('}') if !self.closes_picture(t.start) => {
                        depth = depth.saturating_sub(1)
                    }
                    _ => {}
                }
            }
        }
        joined(&out, &in_picture)
    }

    fn opens_picture(&self, at: usize) -> bool {
        self.pictures.iter().any(|p| p.open == at)
    }

    fn closes_picture(&self, at: usize) -> bool {
        self.pictures.iter().any(|p| p.close == at)
    }
}

/// The lines: blank runs kept to one (within a picture each blank row
/// is kept: it is a row), none at the ends, each ended by `\n`.
fn joined(lines: &[String], in_picture: &[bool]) -> String {
    let mut out = String::new();
    let mut blank_pending = false;
    let mut any = false;
    for (line, &picture) in lines.iter().zip(in_picture) {
        if line.is_empty() && !picture {
            blank_pending = any;
            continue;
        }
        if blank_pending {
            out.push('\n');
            blank_pending = false;
        }
        out.push_str(line);
        out.push('\n');
        any = true;
    }
    out
}

/// A picture's row: its cells one space apart, two spaces in, and its
/// comment two spaces after them.
fn picture_row(source: &str, lines: &Lines, row: usize, cells: &[usize]) -> String {
    let start = lines.start(row);
    let text = lines.text(source, row);
    let here: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| c >= start && c < start + text.len())
        .collect();
    let rest_from = here.last().map_or(0, |&c| c + 1 - start);
    let comment = comment_in(&text[rest_from..]);
    let cells: Vec<&str> = here.iter().map(|&c| &source[c..c + 1]).collect();
    match (cells.is_empty(), comment) {
        (true, None) => String::new(),
        (true, Some(c)) => format!("  {c}"),
        (false, None) => format!("  {}", cells.join(" ")),
        (false, Some(c)) => format!("  {}  {c}", cells.join(" ")),
    }
}

/// The comment the text holds after its code, if any.
fn comment_in(text: &str) -> Option<&str> {
    let rest = text.trim();
    rest.starts_with('#').then_some(rest)
}

/// The tokens of one line, spaced.
fn spaced(source: &str, tokens: &[Token]) -> String {
    let mut out = String::new();
    let mut before: Option<Kind> = None;
    for t in tokens {
        if let Some(b) = before {
            if space_between(b, t.kind) {
                out.push(' ');
            }
        }
        out.push_str(&source[t.start..t.end]);
        before = Some(t.kind);
    }
    out
}

/// Whether a space stands between two tokens.
fn space_between(before: Kind, after: Kind) -> bool {
    !matches!(after, Kind::Punct(',' | ')' | ';') | Kind::Power)
        && !matches!(before, Kind::Punct('(' | ',') | Kind::Minus | Kind::Power)
}

/// The kind of a token the parser names.
fn kind_of(rule: Rule) -> Kind {
    match rule {
        Rule::add | Rule::sub | Rule::mul | Rule::div | Rule::rem => Kind::Operator,
        Rule::pow => Kind::Power,
        Rule::neg => Kind::Minus,
        _ => Kind::Word,
    }
}

/// A picture's braces and cells.
fn picture(pair: &Pair<'_, Rule>) -> Picture {
    let span = pair.as_span();
    let cells = pair
        .clone()
        .into_inner()
        .flatten()
        .filter(|p| matches!(p.as_rule(), Rule::pic_cell | Rule::region_cell))
        .map(|p| p.as_span().start())
        .collect();
    Picture {
        open: span.start(),
        close: span.end() - 1,
        cells,
    }
}

/// Where each line of the text starts (a line ends at `\n`, `\r\n` or
/// `\r`).
struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    fn of(source: &str) -> Lines {
        let bytes = source.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 2;
                    continue;
                }
                b'\n' | b'\r' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        Lines {
            starts,
            len: source.len(),
        }
    }

    fn count(&self) -> usize {
        self.starts.len()
    }

    fn start(&self, line: usize) -> usize {
        self.starts[line]
    }

    /// The line `offset` stands on.
    fn of_offset(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The text of `line`, without its line end.
    fn text<'a>(&self, source: &'a str, line: usize) -> &'a str {
        let end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        source[self.starts[line]..end].trim_end_matches(['\n', '\r'])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formatted(text: &str) -> String {
        format(text).unwrap_or_else(|d| panic!("{}: {text}", d.message))
    }

    #[test]
    fn code_is_spaced_one_way() {
        assert_eq!(
            formatted("board   8x8\npiece    queen # the piece\nrule no_attack;count>=  8\n"),
            "board 8 x 8\npiece queen  # the piece\nrule no_attack; count >= 8\n"
        );
        assert_eq!(
            formatted("param n=2*( n-1 )\nboard n ^ 3\nwall ( 1 , 2 )(0,3)\nhint symmetric rot90 ( 2 , - 1 )\n"),
            "param n = 2 * (n - 1)\nboard n^3\nwall (1,2) (0,3)\nhint symmetric rot90 (2,-1)\n"
        );
    }

    #[test]
    fn pictures_and_blocks_are_laid_out_and_comments_stay() {
        let text = "\n\n# a model\nboard 3 x 3 {   # the board\n..#\n. ..\n. Q .    # the last row\n  }\n\n\n\npiece camel {\nleaper (1,3)   # far\n}\nregions {\naab\n # a comment\nabb\nccc\n}\n\n";
        assert_eq!(
            formatted(text),
            "# a model\nboard 3 x 3 {  # the board\n  . . #\n  . . .\n  . Q .  # the last row\n}\n\npiece camel {\n  leaper (1,3)  # far\n}\nregions {\n  a a b\n  # a comment\n  a b b\n  c c c\n}\n"
        );
    }

    #[test]
    fn formatting_twice_changes_nothing_and_a_broken_file_is_refused() {
        let text = "board 8 x 8\r\npiece queen\r\n\r\n\r\nrule no_attack\r\ncount == 8";
        let once = formatted(text);
        assert_eq!(
            once,
            "board 8 x 8\npiece queen\n\nrule no_attack\ncount == 8\n"
        );
        assert_eq!(formatted(&once), once);
        assert!(format("board 8 x\n").is_err());
    }
}
