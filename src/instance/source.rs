//! A model's text kept to be loaded for any parameter values: the family
//! of a sweep (`-D n=4..12`), each combination one [`Instance`].

use std::io::Read;
use std::path::Path;

use super::{check_source, load_source, Checked, Instance, LoadOptions, MAX_SOURCE_BYTES};
use crate::diag::{Diagnostic, Span, SpecErrors};
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
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::unreadable("", path, e))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let lossy_at = String::from_utf8_lossy(&e.as_bytes()[..at]).len();
        Error::Spec(SpecErrors {
            file: name.to_string(),
            errors: vec![Diagnostic::new(
                Span::new(lossy_at, lossy_at + 1),
                format!("the file is not UTF-8 text: byte {at} is not part of any character"),
            )
            .with_help("a .qspec file is plain text; save it as UTF-8")],
            source: text,
        })
    })
}
