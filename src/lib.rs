//! qspec: compile declarative chess-placement problems to solver formats,
//! and bring solver answers back as verified boards.
//!
//! The pipeline, one module a stage, data flowing one way:
//!
//! ```text
//!  text ─spec─▶ Spec ─board─▶ Board ─build─▶ Model ─encode/emit─▶ file
//!  answer ─solution::read─▶ values ─map/decode─▶ Placement ─verify─▶ verdict
//! ```
//!
//! * [`spec`] parses and checks a `.qspec` file into a [`Spec`];
//! * [`board`] is the geometry: cells, lines, rays, pieces' moves;
//! * [`build`] turns a spec on its board into the solver-neutral [`Model`];
//! * [`encode`] writes cardinality and at-most-one constraints as clauses;
//! * [`emit`] writes CNF, WCNF, OPB, LP and MPS (and reads their headers back);
//! * [`solution`] reads solver answers, decodes and verifies boards;
//! * [`solve`] runs the embedded Kissat or CaDiCaL, or an external solver;
//! * [`command`] is what the `qspec` commands do and print.
//!
//! Everyone may import the leaves: [`options`] (the encodings, ray modes and
//! formats a user chooses), [`model`], [`diag`] (errors at a place in a
//! text), [`error`] and [`interrupt`] (signals, and the temporary files
//! that must not outlive the process).
//!
//! ```
//! let loaded = qspec::load_source("queens.qspec", "board 4 x 4\nrule no_attack\ncount == 4\n", &[], &Default::default())?;
//! let answer = qspec::solve_embedded(&loaded.model, &Default::default(), None, &mut |_| {})?;
//! assert_eq!(answer.status, qspec::solve::Status::Satisfiable);
//! # Ok::<(), qspec::Error>(())
//! ```

#![warn(missing_docs)]

pub mod answer;
pub mod board;
pub mod certify;
pub mod command;
pub mod count;
pub mod diag;
pub mod draw;
pub mod emit;
pub mod encode;
pub mod error;
pub mod files;
pub mod instance;
pub mod interrupt;
pub mod language;
pub mod lower;
pub mod model;
pub mod options;
pub mod solve;
pub mod sweep;
pub mod verify;

pub use board::Board;
pub use board::Placement;
pub use error::{Error, Result};
pub use instance::{load_file, load_source, Instance, LoadOptions};
pub use language::Spec;
pub use model::Model;
pub use options::{AmoEncoding, CardEncoding, Encodings, Format, RayEncoding};
pub use solve::solve_embedded;
pub use verify::verify;
