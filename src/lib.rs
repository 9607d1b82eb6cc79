//! qspec: compile declarative chess-placement problems to solver formats,
//! solve them, and bring solver answers back as verified boards.
//!
//! The pipeline, one module a stage, data flowing one way:
//!
//! ```text
//!  text ─language─▶ Spec ─board─▶ Board ─lower─▶ Model ─encode/emit─▶ file
//!  answer ─answer::read─▶ values ─map/decode─▶ Placement ─verify─▶ verdict
//! ```
//!
//! * [`language`] parses and checks a `.qspec` file into a [`Spec`];
//! * [`board`] is the geometry: cells, lines, rays, pieces' moves,
//!   symmetries, and the [`Placement`] of pieces on a board;
//! * [`lower`] turns a spec on its board into the solver-neutral [`Model`];
//! * [`instance`] loads a file through the three, with the size guard, and
//!   compiles it: an [`Instance`] is where a library user starts;
//! * [`encode`] writes cardinality and at-most-one constraints as clauses;
//! * [`emit`] writes CNF, WCNF, OPB, LP (CPLEX or lp_solve), MPS and MiniZinc
//!   (and reads their headers back);
//! * [`solve`] runs the embedded engines (Kissat, CaDiCaL, the clique search);
//! * [`count`] lists and counts solutions, up to symmetry;
//! * [`certify`] proves "no solution" and optima with checked proofs;
//! * [`answer`] reads solver answers and maps them onto the model;
//! * [`verify`] judges a placement from the geometry alone, [`draw`] draws it;
//! * [`sweep`] runs a model over families of instances;
//! * [`snapshot`] snapshot-tests compiled instances (`qspec.toml`);
//! * [`service`] is what the command line and the Python package both ask
//!   (who lists solutions, an answer shown, a solver's answer judged, a
//!   model's sizes), typed values in and out, nothing printed.
//!
//! The command line is the `qspec` binary's own (`src/cli/`: its flags;
//! `src/command/`: what each command does and prints), over this library's
//! public face: nothing here calls up into it.
//!
//! Everyone may import the leaves: [`options`] (the encodings, ray modes,
//! engines and formats a user chooses), [`model`], [`diag`] (errors at a
//! place in a text), [`error`], [`files`] (files in and out) and
//! [`interrupt`] (signals, and the temporary files that must not outlive
//! the process).
//!
//! ```
//! let queens = qspec::load_source("queens.qspec", "board 5^3\nrule no_attack\nmaximize count\n", &[], &Default::default())?;
//! let answer = qspec::solve::solve(&queens, &Default::default(), &mut |_| {})?;
//! assert_eq!(answer.status, qspec::solve::Status::Optimal);
//! assert_eq!(answer.objective, Some(13));
//! # Ok::<(), qspec::Error>(())
//! ```

#![deny(missing_docs)]

pub mod answer;
pub mod board;
pub mod certify;
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
pub mod proof;
mod random;
pub mod service;
pub mod snapshot;
pub mod solve;
pub mod sweep;
pub mod threads;
pub mod verify;

pub use board::{Board, Placement};
pub use error::{Error, Result};
pub use instance::{load_file, load_source, Instance, LoadOptions};
pub use language::Spec;
pub use model::Model;
pub use options::{AmoEncoding, CardEncoding, Encodings, EngineChoice, Format, RayEncoding};
pub use verify::verify;
