//! Errors at a place in a text: a [`Diagnostic`] on a span of a `.qspec`
//! file, rendered like rustc — `file:line:column`, the source line, and a
//! caret under the offending text ([`SpecErrors`]), its lines read as the
//! grammar reads them ([`source_lines`]: `\n`, `\r\n` or a lone `\r`); and a
//! [`LineError`] on a line of a solver's answer or a compiled file, read
//! with the numbered [`LineReader`].
//!
//! ```
//! use qspec::diag::{Diagnostic, Span, SpecErrors};
//! let source = "board 8 x 8\npiece quen\n".to_string();
//! let errors = SpecErrors {
//!     file: "q.qspec".into(),
//!     errors: vec![Diagnostic::new(Span::new(18, 22), "unknown piece `quen`").with_help("did you mean `queen`?")],
//!     source,
//! };
//! let shown = errors.to_string();
//! assert!(shown.contains("q.qspec:2:7") && shown.contains("^^^^"));
//! ```

mod lines;
mod render;
mod source_lines;
pub(crate) mod suggest;

pub use lines::{LineError, LineReader};
pub use render::line_col;
pub use source_lines::{line_at, source_lines, SourceLine, SourceLines};

use std::fmt;

/// Byte offsets `start..end` into the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    /// The model is refused.
    #[default]
    Error,
    /// The model is accepted, but is probably not what was meant.
    Warning,
    /// Where something another message speaks of comes from (the `board`
    /// line of a refused size).
    Note,
}

/// One error (or warning) about a span of the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
    /// A hint on how to fix it, shown under the caret.
    pub help: Option<String>,
    /// An error or a warning.
    pub level: Level,
    /// The model is refused for its size (a board of more cells than qspec
    /// takes, a file over its size), not for a mistake.
    pub limit: bool,
}

impl Diagnostic {
    /// An error about `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            help: None,
            level: Level::Error,
            limit: false,
        }
    }

    /// A warning about `span`: the model is accepted all the same.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Warning,
            ..Diagnostic::new(span, message)
        }
    }

    /// A note about `span`, for a message given elsewhere.
    pub fn note(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Note,
            ..Diagnostic::new(span, message)
        }
    }

    /// An error that belongs to no place in the file (a `-D` override, say).
    pub fn unplaced(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Span::new(usize::MAX, usize::MAX), message)
    }

    /// Whether the error belongs to no place in the file.
    pub fn is_unplaced(&self) -> bool {
        self.span.start == usize::MAX
    }

    /// The error with a hint on how to fix it.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// The error, as a refusal for size ([`Diagnostic::limit`]).
    pub fn for_size(mut self) -> Diagnostic {
        self.limit = true;
        self
    }
}

/// The span of the first line of `source` whose statement starts with
/// `keyword` (`board`, `piece`), from the keyword to the line's end without
/// its comment; `None` when no line does.
pub fn statement_span(source: &str, keyword: &str) -> Option<Span> {
    source_lines(source).find_map(|line| {
        let text = line.text.split('#').next().unwrap_or("").trim_end();
        let indent = text.len() - text.trim_start().len();
        let first = text
            .trim_start()
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .next();
        (first == Some(keyword)).then(|| Span::new(line.start + indent, line.start + text.len()))
    })
}

/// All the errors (or all the warnings) found in one file, with what is
/// needed to show them.
#[derive(Clone, Debug)]
pub struct SpecErrors {
    /// The file, as given on the command line.
    pub file: String,
    /// Its text.
    pub source: String,
    /// Every error found, in order.
    pub errors: Vec<Diagnostic>,
}

impl SpecErrors {
    /// Whether the model is refused for its size only.
    pub fn for_size(&self) -> bool {
        self.errors
            .iter()
            .filter(|d| d.level == Level::Error)
            .all(|d| d.limit)
            && self.errors.iter().any(|d| d.limit)
    }
}

impl fmt::Display for SpecErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            render::render_one(f, &self.file, &self.source, d)?;
        }
        let errors = self
            .errors
            .iter()
            .filter(|d| d.level == Level::Error)
            .count();
        if errors > 1 {
            writeln!(f, "\n{errors} errors in {}", self.file)?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecErrors {}

/// A count with its noun, for messages: `plural(1, "leaf", "leaves")` is
/// "1 leaf", `plural(3, "leaf", "leaves")` "3 leaves".
///
/// ```
/// assert_eq!(qspec::diag::plural(1u32, "part", "parts"), "1 part");
/// assert_eq!(qspec::diag::plural(0u64, "leaf", "leaves"), "0 leaves");
/// ```
pub fn plural(n: impl Into<u128>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// A count for messages, in groups of three: 1234567 → "1,234,567".
pub fn thousands(n: u64) -> String {
    thousands_wide(u128::from(n))
}

/// A byte count for people: `12 KB`, `320 MB`, `1.5 GB`, `917,390 GB`.
pub fn bytes(n: u64) -> String {
    bytes_of_log10((n.max(1) as f64).log10())
}

/// [`bytes`] of a count given by its logarithm, which may be past any
/// integer type (the memory a board of 2^124 cells would take): `1.4 x
/// 10^30 GB`.
pub fn bytes_of_log10(log10: f64) -> String {
    let n = 10f64.powf(log10);
    if log10 >= 21.0 {
        let exponent = (log10 - 9.0).floor();
        format!(
            "{:.1} x 10^{exponent} GB",
            10f64.powf(log10 - 9.0 - exponent)
        )
    } else if n >= 1e12 {
        format!("{} GB", thousands((n / 1e9).round() as u64))
    } else if n >= 1e9 {
        format!("{:.1} GB", n / 1e9)
    } else if n >= 1e6 {
        format!("{:.0} MB", n / 1e6)
    } else {
        format!("{:.0} KB", (n / 1e3).max(1.0))
    }
}

/// [`thousands`] of a number past `u64` (a board's cells, a product of
/// sides).
pub fn thousands_wide(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// At most 60 characters of `text`, for messages that quote an input.
///
/// ```
/// assert_eq!(qspec::diag::excerpt("8 pieces"), "8 pieces");
/// assert_eq!(qspec::diag::excerpt(&"x".repeat(70)).len(), 63);
/// ```
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}...")
    }
}
