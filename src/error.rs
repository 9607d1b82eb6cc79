//! The error every command can end with, and its exit code: 2 for bad input
//! (the file, the options, a model too large), 1 for everything else
//! (I/O, a solver that failed).

use std::fmt;

#[derive(Debug)]
pub enum Error {
    /// The user's input is wrong; the message is complete and rendered.
    Input(String),
    /// Reading or writing failed, or an external program failed.
    Failure(String),
}

impl Error {
    pub fn input(msg: impl Into<String>) -> Error {
        Error::Input(msg.into())
    }

    pub fn failure(msg: impl Into<String>) -> Error {
        Error::Failure(msg.into())
    }

    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::Failure(_) => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(m) | Error::Failure(m) => f.write_str(m.trim_end()),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::spec::SpecErrors> for Error {
    fn from(e: crate::spec::SpecErrors) -> Error {
        Error::Input(e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, Error>;
