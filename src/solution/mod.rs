//! The way back: solver answers → placements → a verdict and a picture.
//!
//! [`decode`] maps variable names to cells; [`verify`] judges a placement
//! from the board geometry alone.

pub mod decode;
pub mod render;
pub mod verify;

pub use verify::{is_solution, verify, Placement, Violation};
