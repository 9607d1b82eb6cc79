//! Line-by-line reading of an answer with one reused buffer, line numbers,
//! and one line of look-ahead (for telling the form from the first line).

use super::ReadError;
use std::io::BufRead;

/// The lines of an answer, numbered from 1, without their line ends.
pub(crate) struct LineReader<'a> {
    input: &'a mut dyn BufRead,
    buf: Vec<u8>,
    number: usize,
    /// The buffer holds line `number`, peeked at but not yet consumed.
    pending: bool,
}

impl<'a> LineReader<'a> {
    pub(crate) fn new(input: &'a mut dyn BufRead) -> LineReader<'a> {
        LineReader {
            input,
            buf: Vec::new(),
            number: 0,
            pending: false,
        }
    }

    /// The next line and its number, or `None` at the end.
    pub(crate) fn next_line(&mut self) -> Result<Option<(usize, &str)>, ReadError> {
        if self.pending {
            self.pending = false;
        } else if !self.fill()? {
            return Ok(None);
        }
        self.text().map(Some)
    }

    /// The next non-blank line, left to be read again by `next_line`.
    pub(crate) fn peek_non_blank(&mut self) -> Result<Option<(usize, &str)>, ReadError> {
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
    fn fill(&mut self) -> Result<bool, ReadError> {
        self.buf.clear();
        let n = self
            .input
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| ReadError::new(self.number + 1, format!("cannot read the answer: {e}")))?;
        if n == 0 {
            return Ok(false);
        }
        self.number += 1;
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(true)
    }

    fn text(&self) -> Result<(usize, &str), ReadError> {
        std::str::from_utf8(&self.buf)
            .map(|t| (self.number, t))
            .map_err(|_| {
                ReadError::new(
                    self.number,
                    "this line is not text (not UTF-8): is this a solver's answer?",
                )
            })
    }
}
