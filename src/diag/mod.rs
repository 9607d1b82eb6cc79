//! Errors at a place in a text: a [`Diagnostic`] on a span of a `.qspec`
//! file, rendered like rustc — `file:line:column`, the source line, and a
//! caret under the offending text ([`SpecErrors`]); and a [`LineError`] on a
//! line of a solver's answer or a compiled file, read with the numbered
//! [`LineReader`].

mod lines;

pub use lines::{open_text, LineError, LineReader};

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

/// One error about a span of the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
    /// A hint on how to fix it, shown under the caret.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error about `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            help: None,
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
}

/// All the errors found in one file, with what is needed to show them.
#[derive(Clone, Debug)]
pub struct SpecErrors {
    /// The file, as given on the command line.
    pub file: String,
    /// Its text.
    pub source: String,
    /// Every error found, in order.
    pub errors: Vec<Diagnostic>,
}

/// 1-based line and column (in characters) of byte offset `at`.
pub fn line_col(source: &str, at: usize) -> (usize, usize) {
    let at = at.min(source.len());
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..at].chars().count() + 1;
    (line, col)
}

fn render_one(f: &mut fmt::Formatter<'_>, file: &str, source: &str, d: &Diagnostic) -> fmt::Result {
    if d.is_unplaced() {
        writeln!(f, "error: {}", d.message)?;
        writeln!(f, " --> command line (model {file})")?;
        if let Some(help) = &d.help {
            writeln!(f, "  = help: {help}")?;
        }
        return Ok(());
    }
    let (line, col) = line_col(source, d.span.start);
    let line_start = source[..d.span.start.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line_end = source[line_start..]
        .find('\n')
        .map_or(source.len(), |i| line_start + i);
    let text = source[line_start..line_end].trim_end_matches('\r');
    let width = line.to_string().len();
    let pad = " ".repeat(width);
    let end = d.span.end.clamp(d.span.start, line_end);
    let n_carets = source[d.span.start.min(source.len())..end]
        .chars()
        .count()
        .max(1);
    writeln!(f, "error: {}", d.message)?;
    writeln!(f, "{pad}--> {file}:{line}:{col}")?;
    writeln!(f, "{pad} |")?;
    writeln!(f, "{line} | {text}")?;
    let lead: String = text
        .chars()
        .take(col - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    writeln!(f, "{pad} | {lead}{}", "^".repeat(n_carets))?;
    if let Some(help) = &d.help {
        writeln!(f, "{pad} = help: {help}")?;
    }
    Ok(())
}

impl fmt::Display for SpecErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            render_one(f, &self.file, &self.source, d)?;
        }
        if self.errors.len() > 1 {
            writeln!(f, "\n{} errors in {}", self.errors.len(), self.file)?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecErrors {}
