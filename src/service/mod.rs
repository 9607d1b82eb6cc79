//! What the command line and the Python package both ask of the library,
//! typed values in and out, nothing printed: who lists a model's solutions
//! ([`listing`]), the size of a model's encodings ([`stats`]), an answer
//! shown as `qspec solve` shows it ([`shown`]), a solver's answer judged
//! ([`verdict`]), one model solved again and again under assumptions
//! ([`session`]). The binary's `command` layer turns requests into these and
//! prints them; the Python package calls them too.

pub mod listing;
pub mod session;
pub mod shown;
pub mod stats;
pub mod verdict;

pub use shown::{show_answer, Shown};
pub use stats::{stats_json, stats_table};
pub use verdict::{verify_answer, verify_text, Verdict};
