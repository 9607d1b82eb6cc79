//! qspec's errors as Python exceptions. The classes live in the Python
//! package (`qspec/__init__.py`, so that they can inherit from both
//! `QspecError` and the builtin they behave like); each kind of
//! [`qspec::Error`] maps to one:
//!
//! * the model file (`Spec`) → `ModelError`, with `file`, `line`, `column`
//!   and `message` of the first diagnostic, `str(e)` the rendered carets;
//! * too large for the limits → `LimitError` (a `ModelError`), also a
//!   model file whose only errors are its size (a board of more cells
//!   than qspec takes);
//! * a malformed answer → `AnswerError`;
//! * contradicting arguments, or what this model cannot do → `UsageError`;
//! * a file → `QspecFileError` (an `OSError`);
//! * a solver's failure, or qspec's own check → `SolveError`.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use qspec::options::Reader;
use qspec::Error;

/// The Python exception for `error`.
pub fn to_py(error: Error) -> PyErr {
    Python::attach(|py| build(py, &error).unwrap_or_else(|e| e))
}

fn build(py: Python<'_>, error: &Error) -> PyResult<PyErr> {
    let kind = match error {
        Error::Spec(errors) if errors.for_size() => "LimitError",
        Error::Spec(_) => "ModelError",
        Error::TooLarge { .. } => "LimitError",
        Error::Text { .. } => "AnswerError",
        Error::Unsupported { .. } | Error::Usage { .. } => "UsageError",
        Error::Io { .. } => "QspecFileError",
        Error::Solver { .. } | Error::Internal { .. } => "SolveError",
    };
    let class = py.import("qspec")?.getattr(kind)?;
    let value = match error {
        // As Python's own `OSError(errno, strerror, filename)`: `e.errno`,
        // `e.filename`; `str(e)` is qspec's message (the class says so).
        Error::Io { path, source, .. } => class.call1((
            source.raw_os_error(),
            error.said_to(Reader::Python),
            path.display().to_string(),
        ))?,
        _ => class.call1((error.said_to(Reader::Python),))?,
    };
    match error {
        Error::Spec(errors) => {
            let first = errors.errors.first();
            let place = first.map(|d| qspec::diag::line_col(&errors.source, d.span.start));
            value.setattr("file", errors.file.as_str())?;
            value.setattr("line", place.map(|p| p.0))?;
            value.setattr("column", place.map(|p| p.1))?;
            value.setattr("message", first.map(|d| d.message.as_str()))?;
        }
        Error::Text { file, error } => {
            value.setattr("file", file.as_str())?;
            value.setattr("line", error.line)?;
            value.setattr("message", error.message.as_str())?;
        }
        _ => {}
    }
    Ok(PyErr::from_value(value))
}

/// A result's error as a Python exception.
pub trait OrRaise<T> {
    /// The value, or the exception for the error.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for qspec::Result<T> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// A panic of the worker thread, as an exception (never a crash).
pub fn panicked() -> PyErr {
    PyRuntimeError::new_err("qspec failed unexpectedly (a bug in qspec: please report it)")
}
