//! The error anything in qspec can end with, by kind, so that a caller (the
//! command line, the Python package) tells them apart without reading the
//! text: the model file is wrong ([`Error::Spec`], every diagnostic with
//! its place), a line of a text qspec read is wrong ([`Error::Text`]), a
//! model is too large for the limits ([`Error::TooLarge`]), what was asked
//! cannot be done with this model ([`Error::Unsupported`]), the arguments
//! contradict each other or the files they name ([`Error::Usage`]), a file
//! could not be read or written ([`Error::Io`]), a solver failed
//! ([`Error::Solver`]), or qspec caught its own mistake
//! ([`Error::Internal`]).
//!
//! `Display` is the message alone (a model's diagnostics are rendered like
//! rustc's, each with its own `error:`); whoever prints it adds `error: `
//! once ([`Error::report`]). [`Error::exit_code`] is 2 for bad input and 1
//! for the rest.
//!
//! ```
//! let error = qspec::load_source("q.qspec", "board 8 x 8\nrule no_attak\n", &[], &Default::default()).unwrap_err();
//! assert!(matches!(error, qspec::Error::Spec(_)));
//! assert_eq!(error.exit_code(), 2);
//! let huge = qspec::load_source("q.qspec", "board 4400 x 4400\nrule no_attack\n", &[], &Default::default());
//! assert!(matches!(huge, Err(qspec::Error::TooLarge { .. })));
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::diag::{LineError, SpecErrors};
use crate::options::{said, Reader};

/// Why something failed.
#[derive(Debug)]
pub enum Error {
    /// The model file is wrong: every diagnostic, each with its place.
    Spec(SpecErrors),
    /// A line of a text qspec read (a solver's answer, a compiled file's
    /// header, a sweep's result file) is not what it should be.
    Text {
        /// The file, as given.
        file: String,
        /// The line and what is wrong there.
        error: LineError,
    },
    /// Building, encoding or writing the model would take more than a limit
    /// allows (estimated before anything large is built).
    TooLarge {
        /// The estimate and the limit it is over.
        message: String,
        /// What would fit instead.
        help: String,
        /// Where the size comes from in the model file (the `board` and
        /// `piece` lines), as notes with a caret; none when unknown.
        places: Option<Box<crate::diag::SpecErrors>>,
    },
    /// What was asked cannot be done with this model: a format that cannot
    /// hold its objective, an engine that cannot take it, a count at the
    /// optimum of a model without objective.
    Unsupported {
        /// What cannot be done, and why.
        message: String,
        /// What to do instead.
        help: Option<String>,
    },
    /// The arguments contradict each other or the files they name.
    Usage {
        /// What is wrong.
        message: String,
        /// How to put it right.
        help: Option<String>,
    },
    /// A file could not be read (bad input) or written (a failure).
    Io {
        /// What was being done: `cannot read the answer `, `cannot write `.
        action: String,
        /// The file.
        path: PathBuf,
        /// Whether the file was an input (exit 2) or an output (exit 1).
        input: bool,
        /// The operating system's reason.
        source: io::Error,
    },
    /// A solver (embedded or external) or a proof checker failed.
    Solver {
        /// What failed.
        message: String,
        /// More lines: the solver's last output, say.
        detail: Option<String>,
    },
    /// qspec's own check caught a mistake of qspec's (a board the geometry
    /// rejects, say): nothing wrong is reported as a result.
    Internal {
        /// What was caught.
        message: String,
        /// More lines: the board, say.
        detail: Option<String>,
    },
}

impl Error {
    /// Arguments that contradict each other or the files they name.
    pub fn usage(message: impl Into<String>) -> Error {
        Error::Usage {
            message: message.into(),
            help: None,
        }
    }

    /// [`Error::usage`], with how to put it right.
    pub fn usage_with_help(message: impl Into<String>, help: impl Into<String>) -> Error {
        Error::Usage {
            message: message.into(),
            help: Some(help.into()),
        }
    }

    /// What was asked cannot be done with this model.
    pub fn unsupported(message: impl Into<String>) -> Error {
        Error::Unsupported {
            message: message.into(),
            help: None,
        }
    }

    /// [`Error::unsupported`], with what to do instead.
    pub fn unsupported_with_help(message: impl Into<String>, help: impl Into<String>) -> Error {
        Error::Unsupported {
            message: message.into(),
            help: Some(help.into()),
        }
    }

    /// A limit the model would break, and what would fit.
    pub fn too_large(message: impl Into<String>, help: impl Into<String>) -> Error {
        Error::TooLarge {
            message: message.into(),
            help: help.into(),
            places: None,
        }
    }

    /// A refusal of size with the places in the model file its size comes
    /// from; any other error as it is.
    pub fn with_places(self, places: crate::diag::SpecErrors) -> Error {
        match self {
            Error::TooLarge { message, help, .. } if !places.errors.is_empty() => Error::TooLarge {
                message,
                help,
                places: Some(Box::new(places)),
            },
            other => other,
        }
    }

    /// A solver failed.
    pub fn solver(message: impl Into<String>) -> Error {
        Error::Solver {
            message: message.into(),
            detail: None,
        }
    }

    /// qspec caught its own mistake.
    pub fn internal(message: impl Into<String>) -> Error {
        Error::Internal {
            message: message.into(),
            detail: None,
        }
    }

    /// A malformed line of the text `file`.
    pub fn text(file: impl Into<String>, error: LineError) -> Error {
        Error::Text {
            file: file.into(),
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

    /// A temporary directory that could not be made.
    pub fn no_temporary(source: io::Error) -> Error {
        Error::unwritable(
            "cannot make a temporary directory in ",
            &std::env::temp_dir(),
            source,
        )
    }

    /// Whether the error is a write to a reader that went away (a closed
    /// pipe), which a command-line tool ends on quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// Whether the error is about the input (the model, an answer, the
    /// arguments), not a failure while working.
    pub fn is_bad_input(&self) -> bool {
        match self {
            Error::Spec(_)
            | Error::Text { .. }
            | Error::TooLarge { .. }
            | Error::Unsupported { .. }
            | Error::Usage { .. } => true,
            Error::Io { input, .. } => *input,
            Error::Solver { .. } | Error::Internal { .. } => false,
        }
    }

    /// The process exit code: 2 for bad input, 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        if self.is_bad_input() {
            2
        } else {
            1
        }
    }

    /// The error as a command line prints it: `error: ` and the message
    /// (a model's diagnostics carry their own).
    pub fn report(&self) -> String {
        match self {
            Error::Spec(_) => self.to_string(),
            _ => format!("error: {self}"),
        }
    }
}

impl Error {
    /// The message as `reader` reads it: the settings it names said as
    /// flags on the command line, as keywords in Python
    /// ([`crate::options::Setting`]). `Display` is the command line's.
    pub fn said_to(&self, reader: Reader) -> String {
        said(&Marked(self).to_string(), reader).into_owned()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said_to(Reader::CommandLine))
    }
}

/// The message with the marks of the settings it names.
struct Marked<'a>(&'a Error);

impl fmt::Display for Marked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_help = |f: &mut fmt::Formatter<'_>, message: &str, help: Option<&str>| {
            write!(f, "{message}")?;
            if let Some(help) = help {
                write!(f, "\n  = help: {help}")?;
            }
            Ok(())
        };
        let with_detail = |f: &mut fmt::Formatter<'_>, message: &str, detail: Option<&str>| {
            write!(f, "{message}")?;
            if let Some(detail) = detail {
                write!(f, "\n{detail}")?;
            }
            Ok(())
        };
        match self.0 {
            Error::Spec(errors) => write!(f, "{}", errors.to_string().trim_end()),
            Error::Text { file, error } => {
                match error.line {
                    0 => write!(f, "{file}: {}", error.message)?,
                    n => write!(f, "{file}:{n}: {}", error.message)?,
                }
                if let Some(help) = &error.help {
                    write!(f, "\n  = help: {help}")?;
                }
                Ok(())
            }
            Error::TooLarge {
                message,
                help,
                places,
            } => {
                write!(f, "{message}")?;
                if let Some(places) = places {
                    write!(f, "\n{}", places.to_string().trim_end())?;
                }
                write!(f, "\n  = help: {help}")
            }
            Error::Unsupported { message, help } | Error::Usage { message, help } => {
                with_help(f, message, help.as_deref())
            }
            Error::Io {
                action,
                path,
                source,
                ..
            } => write!(f, "{action}{}: {}", path.display(), plain(source)),
            Error::Solver { message, detail } | Error::Internal { message, detail } => {
                with_detail(f, message, detail.as_deref())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<SpecErrors> for Error {
    fn from(e: SpecErrors) -> Error {
        Error::Spec(e)
    }
}

/// A result whose error is an [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// The operating system's reason in qspec's words: `no such file or
/// directory`, not `No such file or directory (os error 2)` (also inside a
/// message that quotes one). Only the system's own words change: a name
/// that starts with a capital keeps it.
pub fn plain(error: &io::Error) -> String {
    let mut text = error.to_string();
    while let Some(at) = text.find(" (os error ") {
        let end = text[at..].find(')').map_or(text.len(), |e| at + e + 1);
        text.replace_range(at..end, "");
        // The system's words start after the last `: ` before them.
        let start = text[..at].rfind(": ").map_or(0, |s| s + 2);
        if let Some(first) = text[start..].chars().next() {
            let lower: String = first.to_lowercase().collect();
            text.replace_range(start..start + first.len_utf8(), &lower);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_reports_error_once_and_has_its_exit_code() {
        let e = Error::usage_with_help("bad", "do this");
        assert_eq!(e.to_string(), "bad\n  = help: do this");
        assert_eq!(e.report(), "error: bad\n  = help: do this");
        assert_eq!(e.exit_code(), 2);
        let e = Error::text("ans.txt", LineError::new(3, "not a literal"));
        assert_eq!(e.report(), "error: ans.txt:3: not a literal");
        let e = Error::text("ans.txt", LineError::new(0, "empty"));
        assert_eq!(e.report(), "error: ans.txt: empty");
        let missing = || io::Error::new(io::ErrorKind::NotFound, "gone");
        let e = Error::unreadable("the answer ", Path::new("a"), missing());
        assert_eq!(e.report(), "error: cannot read the answer a: gone");
        assert_eq!(e.exit_code(), 2);
        assert!(std::error::Error::source(&e).is_some());
        let e = Error::unwritable("cannot write ", Path::new("b"), missing());
        assert_eq!(e.report(), "error: cannot write b: gone");
        assert_eq!(e.exit_code(), 1);
        let e = Error::solver("the solver crashed");
        assert_eq!(e.report(), "error: the solver crashed");
        assert_eq!(e.exit_code(), 1);
        let e = Error::too_large("too big", "smaller");
        assert_eq!(
            (e.report().as_str(), e.exit_code()),
            ("error: too big\n  = help: smaller", 2)
        );
        assert_eq!(Error::unsupported("no").exit_code(), 2);
        assert_eq!(Error::internal("bug").exit_code(), 1);
    }

    #[test]
    fn the_systems_reasons_are_plain_words() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(plain(&e), "no such file or directory");
        let nested = io::Error::new(
            io::ErrorKind::NotFound,
            format!("cannot create a file in Q: {e}"),
        );
        assert_eq!(
            plain(&nested),
            "cannot create a file in Q: no such file or directory"
        );
        let own = io::Error::other("Q.cnf is read-only");
        assert_eq!(plain(&own), "Q.cnf is read-only");
    }
}
