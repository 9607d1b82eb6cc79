//! The way back: solver answers → placements → a verdict and a picture.
//!
//! [`read`] parses a solver's answer (its form told from the content);
//! [`map`] brings its values onto the model's variables; [`decode`] maps
//! variable names to cells; [`answer`] does the three for one file and
//! checks the objective the solver reported ([`objective`]); [`verify`]
//! judges a placement from the board geometry alone; [`render`] draws it;
//! [`start`] reads a board given as a warm start; [`page`] writes a
//! playable HTML page of boards and [`histogram`] an SVG bar chart.

pub mod answer;
pub mod decode;
pub mod histogram;
pub mod map;
pub mod objective;
pub mod page;
pub mod read;
pub mod render;
pub mod start;
pub mod verify;

pub use answer::{objective_check, placement_of, read_mapped, MappedAnswer};
pub use verify::{is_solution, verify, Placement, Violation};
