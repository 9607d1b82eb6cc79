//! qspec: compile declarative chess-placement problems to solver formats,
//! and bring solver answers back as verified boards.
//!
//! The pipeline, one module a stage: [`spec`] (parse, check) → [`board`]
//! (geometry) → [`model`] (solver-neutral constraints) → [`encode`] (clausal
//! encodings) → [`emit`] (one writer per format); and back: [`solution`]
//! (read, verify, render), with [`solve`] driving solvers.

pub mod board;
pub mod compile;
pub mod emit;
pub mod encode;
pub mod error;
pub mod model;
pub mod report;
pub mod solution;
pub mod solve;
pub mod spec;
