//! The settings a user gives, as library messages name them: on the
//! command line a flag, in Python a keyword (or, where the package keeps
//! qspec's default, the limit in words). A message made in the library
//! holds a setting's mark ([`Setting::mark`], [`Setting::set_to`]), never
//! a flag; each reader has it said its own way ([`said`]): `--engine
//! kissat` on the command line, `engine="kissat"` in Python, both from the
//! setting's flag ([`super::flags`]).

use std::borrow::Cow;

use super::flags::{self, Flag, Python};

/// A setting a message may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The at-most-one encoding.
    Amo,
    /// The cardinality encoding.
    Card,
    /// The model's parameters (`-D n=8`; keywords of `qspec.load`).
    Defines,
    /// The engine.
    Engine,
    /// A file's format.
    Format,
    /// The compiled file an answer is mapped through.
    Map,
    /// The largest file written.
    MaxBytes,
    /// The most clauses encoded.
    MaxClauses,
    /// The most memory used.
    MaxMemory,
    /// Solutions counted at the optimum.
    Optimal,
    /// How attacks along rays are encoded.
    Rays,
    /// Solutions counted by class.
    UpToSymmetry,
}

/// Who reads a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The `qspec` command line.
    CommandLine,
    /// The Python package.
    Python,
}

const ALL: [Setting; 12] = [
    Setting::Amo,
    Setting::Card,
    Setting::Defines,
    Setting::Engine,
    Setting::Format,
    Setting::Map,
    Setting::MaxBytes,
    Setting::MaxClauses,
    Setting::MaxMemory,
    Setting::Optimal,
    Setting::Rays,
    Setting::UpToSymmetry,
];

/// Where a mark starts, where its value starts, and where it ends:
/// characters of Unicode's private use area, which no message holds.
const OPEN: char = '\u{E000}';
const VALUE: char = '\u{E001}';
const CLOSE: char = '\u{E002}';

impl Setting {
    /// The setting as a message names it, to be said by [`said`].
    pub fn mark(self) -> String {
        format!("{OPEN}{}{CLOSE}", self.flag().spelled())
    }

    /// The setting given `value`, as a message names it: `--engine
    /// kissat`, `engine="kissat"`.
    pub fn set_to(self, value: &str) -> String {
        format!("{OPEN}{}{VALUE}{value}{CLOSE}", self.flag().spelled())
    }

    /// Its flag on the command line.
    pub fn flag(self) -> &'static Flag {
        match self {
            Setting::Amo => &flags::AMO,
            Setting::Card => &flags::CARD,
            Setting::Defines => &flags::DEFINE,
            Setting::Engine => &flags::ENGINE,
            Setting::Format => &flags::FORMAT,
            Setting::Map => &flags::MAP,
            Setting::MaxBytes => &flags::MAX_BYTES,
            Setting::MaxClauses => &flags::MAX_CLAUSES,
            Setting::MaxMemory => &flags::MAX_MEMORY,
            Setting::Optimal => &flags::OPTIMAL,
            Setting::Rays => &flags::RAYS,
            Setting::UpToSymmetry => &flags::UP_TO_SYMMETRY,
        }
    }

    /// How `reader` says it, given `value` or not.
    fn said(self, value: Option<&str>, reader: Reader) -> String {
        let flag = self.flag();
        match reader {
            Reader::CommandLine => match (value, flag.long) {
                (Some(value), _) => format!("{} {value}", flag.spelled()),
                (None, None) => format!("{} values", flag.spelled()),
                (None, Some(_)) => flag.spelled(),
            },
            Reader::Python => match (flag.python, value) {
                (Python::Keyword(keyword), Some(value)) => format!("{keyword}=\"{value}\""),
                (Python::Keyword(keyword), None) if flag.is_switch() => format!("{keyword}=True"),
                (Python::Keyword(keyword), None) => format!("{keyword}="),
                (Python::Negated(keyword), _) => format!("{keyword}=False"),
                (Python::Named(name), _) => name.to_string(),
                (Python::Absent, _) => flag.spelled(),
            },
        }
    }

    fn by_flag(spelled: &str) -> Option<Setting> {
        ALL.into_iter().find(|s| s.flag().spelled() == spelled)
    }
}

/// `text` with every setting's mark said as `reader` says it.
pub fn said(text: &str, reader: Reader) -> Cow<'_, str> {
    if !text.contains(OPEN) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let mark = &rest[start + OPEN.len_utf8()..];
        let Some(end) = mark.find(CLOSE) else {
            out.push_str(&rest[start..]);
            return Cow::Owned(out);
        };
        let (flag, value) = match mark[..end].split_once(VALUE) {
            Some((flag, value)) => (flag, Some(value)),
            None => (&mark[..end], None),
        };
        match Setting::by_flag(flag) {
            Some(setting) => out.push_str(&setting.said(value, reader)),
            None => out.push_str(flag),
        }
        rest = &mark[end + CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reader_says_a_setting_its_own_way() {
        let text = format!(
            "use {} or {}, not {} ({})",
            Setting::Engine.set_to("auto"),
            Setting::Engine.set_to("kissat"),
            Setting::UpToSymmetry.mark(),
            Setting::MaxMemory.mark()
        );
        assert_eq!(
            said(&text, Reader::CommandLine),
            "use --engine auto or --engine kissat, not --up-to-symmetry (--max-memory)"
        );
        assert_eq!(
            said(&text, Reader::Python),
            "use engine=\"auto\" or engine=\"kissat\", not up_to_symmetry=True (qspec's memory limit)"
        );
        assert_eq!(said("no marks", Reader::Python), "no marks");
    }

    #[test]
    fn every_setting_is_said_without_a_flag_to_python() {
        for setting in ALL {
            let python = said(&setting.mark(), Reader::Python).into_owned();
            assert!(!python.contains("--"), "{python}");
            assert!(said(&setting.mark(), Reader::CommandLine).starts_with('-'));
        }
    }
}
