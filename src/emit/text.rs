//! A small text buffer in front of the output stream: the writers append
//! strings and integers (formatted by `itoa`) to a fixed-size chunk that is
//! handed to the stream whenever it fills, so a file of any size streams in
//! constant memory and the stream sees few, large writes.

use std::io::{self, Write};

/// Bytes collected before they are handed to the stream.
const CHUNK: usize = 1 << 17;

/// Buffered text output over any `Write`.
pub(crate) struct TextOut<'w> {
    stream: &'w mut dyn Write,
    buf: Vec<u8>,
}

impl<'w> TextOut<'w> {
    pub(crate) fn new(stream: &'w mut dyn Write) -> TextOut<'w> {
        TextOut {
            stream,
            buf: Vec::with_capacity(CHUNK + 256),
        }
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        self.drain_if_full()
    }

    pub(crate) fn str(&mut self, text: &str) -> io::Result<()> {
        self.bytes(text.as_bytes())
    }

    pub(crate) fn int<I: itoa::Integer>(&mut self, value: I) -> io::Result<()> {
        let mut digits = itoa::Buffer::new();
        self.bytes(digits.format(value).as_bytes())
    }

    /// Appends without checking whether the chunk is full; the caller calls
    /// [`TextOut::drain_if_full`] often enough (at least every few hundred
    /// bytes). For the hot loop of the CNF writer.
    pub(crate) fn push_unchecked(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Appends one byte without checking whether the chunk is full.
    pub(crate) fn push_byte_unchecked(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    pub(crate) fn drain_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.drain()?;
        }
        Ok(())
    }

    fn drain(&mut self) -> io::Result<()> {
        self.stream.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Hands everything to the stream and flushes it.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.drain()?;
        self.stream.flush()
    }
}
