//! The error every command can end with: a kind (bad input with its
//! diagnostic, a malformed line of a text qspec read, a file that could not
//! be read or written, a solver that failed), its rendering — `error: ...`
//! written once, here — and its exit code: 2 for bad input, 1 for the rest.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::diag::{LineError, SpecErrors};

/// Why a command failed.
#[derive(Debug)]
pub enum Error {
    /// The model file is wrong: every diagnostic, each with its place.
    Spec(SpecErrors),
    /// A line of a text qspec read (a solver's answer, a compiled file's
    /// header) is not what it should be.
    Text {
        /// The file, as given on the command line.
        source: String,
        /// The line and what is wrong there.
        error: LineError,
    },
    /// Bad input that is no place in a file: an option, a model too large or
    /// unfit for the format asked for, an unknown solver.
    Input {
        /// What is wrong.
        message: String,
        /// How to put it right.
        help: Option<String>,
    },
    /// A file could not be read (bad input) or written (a failure).
    Io {
        /// What was being done: `cannot read the answer`, `cannot write`.
        action: String,
        /// The file.
        path: PathBuf,
        /// Whether the file was an input (exit 2) or an output (exit 1).
        input: bool,
        /// The operating system's reason.
        source: io::Error,
    },
    /// A solver failed (embedded or external), or another run-time failure.
    Failure {
        /// What failed.
        message: String,
        /// More lines: the solver's last output, say.
        detail: Option<String>,
    },
}

impl Error {
    /// Bad input without a place in a file.
    pub fn input(message: impl Into<String>) -> Error {
        Error::Input {
            message: message.into(),
            help: None,
        }
    }

    /// Bad input, with a hint on how to fix it.
    pub fn input_with_help(message: impl Into<String>, help: impl Into<String>) -> Error {
        Error::Input {
            message: message.into(),
            help: Some(help.into()),
        }
    }

    /// A run-time failure.
    pub fn failure(message: impl Into<String>) -> Error {
        Error::Failure {
            message: message.into(),
            detail: None,
        }
    }

    /// A malformed line of the text `source`.
    pub fn text(source: impl Into<String>, error: LineError) -> Error {
        Error::Text {
            source: source.into(),
            error,
        }
    }

    /// An input file that could not be read: `cannot read <what>PATH`.
    pub fn unreadable(what: &str, path: &Path, source: io::Error) -> Error {
        Error::Io {
            action: format!("cannot read {what}"),
            path: path.to_path_buf(),
            input: true,
            source,
        }
    }

    /// An output file that could not be written: `<action> PATH`.
    pub fn unwritable(action: &str, path: &Path, source: io::Error) -> Error {
        Error::Io {
            action: action.to_string(),
            path: path.to_path_buf(),
            input: false,
            source,
        }
    }

    /// Whether the error is a write to a reader that went away (a closed
    /// pipe), which a command-line tool ends on quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// The process exit code: 2 for bad input, 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Spec(_) | Error::Text { .. } | Error::Input { .. } => 2,
            Error::Io { input, .. } => {
                if *input {
                    2
                } else {
                    1
                }
            }
            Error::Failure { .. } => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Spec(errors) => write!(f, "{}", errors.to_string().trim_end()),
            Error::Text { source, error } => {
                match error.line {
                    0 => write!(f, "error: {source}: {}", error.message)?,
                    n => write!(f, "error: {source}:{n}: {}", error.message)?,
                }
                if let Some(help) = &error.help {
                    write!(f, "\n  = help: {help}")?;
                }
                Ok(())
            }
            Error::Input { message, help } => {
                write!(f, "error: {message}")?;
                if let Some(help) = help {
                    write!(f, "\n  = help: {help}")?;
                }
                Ok(())
            }
            Error::Io {
                action,
                path,
                source,
                ..
            } => write!(f, "error: {action}{}: {source}", path.display()),
            Error::Failure { message, detail } => {
                write!(f, "error: {message}")?;
                if let Some(detail) = detail {
                    write!(f, "\n{detail}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

impl From<SpecErrors> for Error {
    fn from(e: SpecErrors) -> Error {
        Error::Spec(e)
    }
}

/// A result whose error is an [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_renders_error_once_and_has_its_exit_code() {
        let e = Error::input_with_help("bad", "do this");
        assert_eq!(e.to_string(), "error: bad\n  = help: do this");
        assert_eq!(e.exit_code(), 2);
        let e = Error::text("ans.txt", LineError::new(3, "not a literal"));
        assert_eq!(e.to_string(), "error: ans.txt:3: not a literal");
        let e = Error::text("ans.txt", LineError::new(0, "empty"));
        assert_eq!(e.to_string(), "error: ans.txt: empty");
        let missing = || io::Error::new(io::ErrorKind::NotFound, "gone");
        let e = Error::unreadable("the answer ", Path::new("a"), missing());
        assert_eq!(e.to_string(), "error: cannot read the answer a: gone");
        assert_eq!(e.exit_code(), 2);
        let e = Error::unwritable("cannot write ", Path::new("b"), missing());
        assert_eq!(e.to_string(), "error: cannot write b: gone");
        assert_eq!(e.exit_code(), 1);
        let e = Error::failure("the solver crashed");
        assert_eq!(e.to_string(), "error: the solver crashed");
        assert_eq!(e.exit_code(), 1);
    }
}
