//! Line-by-line reading of a text qspec reads back (a solver's answer, a
//! compiled file's header) with one reused buffer, line numbers, and one
//! line of look-ahead; and the [`LineError`] every complaint about such a
//! line is.

use std::io::BufRead;

/// A complaint about a line: the line (1-based; 0 for the end of the text)
/// and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line, counted from 1; 0 for the text as a whole.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
    /// How to put it right.
    pub help: Option<String>,
}

impl LineError {
    /// A complaint about line `line`.
    pub fn new(line: usize, message: impl Into<String>) -> LineError {
        LineError {
            line,
            message: message.into(),
            help: None,
        }
    }

    /// The complaint with a hint on how to fix it.
    pub fn with_help(mut self, help: impl Into<String>) -> LineError {
        self.help = Some(help.into());
        self
    }
}

/// The lines of a text, numbered from 1, without their line ends.
pub struct LineReader<'a> {
    input: &'a mut dyn BufRead,
    /// What the text is, for messages: `the answer`, `the compiled file`.
    what: &'static str,
    buf: Vec<u8>,
    number: usize,
    /// The buffer holds line `number`, peeked at but not yet consumed.
    pending: bool,
}

impl<'a> LineReader<'a> {
    /// The lines of `input`, a solver's answer.
    pub fn new(input: &'a mut dyn BufRead) -> LineReader<'a> {
        LineReader::named(input, "the answer")
    }

    /// The lines of `input`, called `what` in messages.
    pub fn named(input: &'a mut dyn BufRead, what: &'static str) -> LineReader<'a> {
        LineReader {
            input,
            what,
            buf: Vec::new(),
            number: 0,
            pending: false,
        }
    }

    /// The next line and its number, or `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, LineError> {
        if self.pending {
            self.pending = false;
        } else if !self.fill()? {
            return Ok(None);
        }
        self.text().map(Some)
    }

    /// The next non-blank line, left to be read again by `next_line`.
    pub fn peek_non_blank(&mut self) -> Result<Option<(usize, &str)>, LineError> {
        loop {
            if !self.pending {
                if !self.fill()? {
                    return Ok(None);
                }
                self.pending = true;
            }
            if self.text()?.1.trim().is_empty() {
                self.pending = false;
                continue;
            }
            return self.text().map(Some);
        }
    }

    /// Reads the next line into the buffer; false at the end.
    fn fill(&mut self) -> Result<bool, LineError> {
        self.buf.clear();
        let n = self.input.read_until(b'\n', &mut self.buf).map_err(|e| {
            LineError::new(self.number + 1, format!("cannot read {}: {e}", self.what))
        })?;
        if n == 0 {
            return Ok(false);
        }
        self.number += 1;
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(true)
    }

    fn text(&self) -> Result<(usize, &str), LineError> {
        std::str::from_utf8(&self.buf)
            .map(|t| (self.number, t))
            .map_err(|_| {
                let expected = match self.what {
                    "the answer" => "a solver's answer",
                    _ => "a file qspec compiled",
                };
                LineError::new(
                    self.number,
                    format!("this line is not text (not UTF-8): is this {expected}?"),
                )
            })
    }
}
