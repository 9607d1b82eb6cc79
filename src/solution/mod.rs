//! The way back: solver answers → placements → a verdict and a picture.
//!
//! [`read`] parses a solver's answer (its form told from the content);
//! [`map`] brings its values onto the model's variables; [`decode`] maps
//! variable names to cells; [`verify`] judges a placement from the board
//! geometry alone; [`objective`] checks the objective a solver reports;
//! [`check`] does all of it for the `verify` command.

pub mod check;
pub mod decode;
pub mod map;
pub mod objective;
pub mod read;
pub mod render;
pub mod verify;

pub use verify::{is_solution, verify, Placement, Violation};
