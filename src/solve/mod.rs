//! Solving: the embedded CaDiCaL ([`embedded`]), so that `qspec solve`
//! works with nothing installed, and the optimiser on top of it
//! ([`optimize`]); any other solver by its command line ([`external`]).

pub mod embedded;
pub mod external;
pub mod optimize;

pub use embedded::{Embedded, Outcome};
pub use optimize::{solve_embedded, Answer, Status};
