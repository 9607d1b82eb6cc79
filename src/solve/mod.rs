//! Solving: the embedded CaDiCaL ([`embedded`]), so that `qspec solve`
//! works with nothing installed.

pub mod embedded;
pub mod optimize;

pub use embedded::{Embedded, Outcome};
