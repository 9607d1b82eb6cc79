//! A model's text kept to be loaded for any parameter values: the family
//! of a sweep (`-D n=4..12`), each combination one [`Instance`].

use std::io::Read;
use std::path::Path;

use super::{check_source, load_source, Checked, Instance, LoadOptions, MAX_SOURCE_BYTES};
use crate::diag::{source_lines, Diagnostic, Span, SpecErrors};
use crate::error::{Error, Result};

/// A model's text and how to load it.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file's name, as messages show it.
    pub name: String,
    /// Its text.
    pub text: String,
    /// How it is loaded.
    pub options: LoadOptions,
}

impl Source {
    /// The model file at `path`: at most [`MAX_SOURCE_BYTES`] bytes of UTF-8.
    pub fn read(path: &Path, options: LoadOptions) -> Result<Source> {
        let name = path.display().to_string();
        let text = read_model_text(path, &name)?;
        Ok(Source {
            name,
            text,
            options,
        })
    }

    /// The model with these `-D name=value` overrides.
    pub fn load(&self, overrides: &[(String, i64)]) -> Result<Instance> {
        load_source(&self.name, &self.text, overrides, &self.options)
    }

    /// The model with these overrides checked and estimated, not built.
    pub fn check(&self, overrides: &[(String, i64)]) -> Result<Checked> {
        check_source(&self.name, &self.text, overrides, &self.options)
    }
}

/// The text of the model file: at most [`MAX_SOURCE_BYTES`] bytes of UTF-8.
fn read_model_text(path: &Path, name: &str) -> Result<String> {
    let file = std::fs::File::open(path).map_err(|e| Error::unreadable("", path, e))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let e = std::io::Error::new(std::io::ErrorKind::InvalidInput, "it is a directory");
        return Err(Error::unreadable("", path, e));
    }
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    model_text_from(file, size, path, name)
}

/// The text of a model file, or of standard input for `-`, as
/// [`Source::read`] reads it: at most [`MAX_SOURCE_BYTES`] bytes of UTF-8.
pub fn read_text(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        return model_text_from(std::io::stdin().lock(), None, path, "<standard input>");
    }
    read_model_text(path, &path.display().to_string())
}

/// At most [`MAX_SOURCE_BYTES`] bytes of UTF-8 from `input` (`size`: the
/// file's, when the file system knows it).
fn model_text_from(input: impl Read, size: Option<u64>, path: &Path, name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    input
        .take(MAX_SOURCE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::unreadable("", path, e))?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(too_large(name, &bytes, size));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Error::Spec(SpecErrors {
            file: name.to_string(),
            errors: vec![Diagnostic::new(
                Span::new(at, at + 1),
                format!("the file is not UTF-8 text: byte {at} is not part of any character"),
            )
            .with_help("a .qspec file is plain text; save it as UTF-8")],
            source: printable(e.as_bytes()),
        })
    })
}

/// A file over [`MAX_SOURCE_BYTES`]: its size from the file system (a
/// pipe's is only known to be larger), its first line for the caret.
fn too_large(name: &str, bytes: &[u8], size: Option<u64>) -> Error {
    let size = match size {
        Some(n) => format!("{} bytes", crate::diag::thousands(n)),
        None => format!(
            "more than {} bytes",
            crate::diag::thousands(MAX_SOURCE_BYTES as u64)
        ),
    };
    let head = printable(&bytes[..bytes.len().min(200)]);
    let first = source_lines(&head).next().map_or("", |line| line.text);
    Error::Spec(SpecErrors {
        file: name.to_string(),
        errors: vec![crate::language::syntax::file_too_large(&size)],
        source: first.to_string(),
    })
}

/// `bytes` as a terminal may show them: printable ASCII, line ends (`\r`
/// too, so that lines are numbered as the grammar numbers them) and tabs as
/// they are, every other byte a `.` (so that a binary file shown beside a
/// caret cannot move the cursor or change the colours, and byte offsets
/// stay offsets).
fn printable(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            b'\n' | b'\r' | b'\t' | 0x20..=0x7e => b as char,
            _ => '.',
        })
        .collect()
}
