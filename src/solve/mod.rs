//! Solving: the embedded CaDiCaL ([`embedded`]), so that `qspec solve`
//! works with nothing installed; any other solver by its command line
//! ([`external`]).

pub mod embedded;
pub mod external;
pub mod optimize;

pub use embedded::{Embedded, Outcome};
