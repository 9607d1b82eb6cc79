//! The way back from a solver: its answer read ([`read`], the form told
//! from the content), its values brought onto the model's variables
//! ([`map`]), the variable names decoded to cells ([`decode`]), the three
//! done for one file with the reported objective checked ([`mapped`],
//! [`objective`]); a board's picture read back ([`picture`]: qspec's own
//! and MiniZinc's answers, the whole board; warm starts, placed in the
//! corner); and a board given in a file (a picture or an answer) as a warm
//! start ([`board_file`]). The verdict is the verifier's
//! (the `verify` module), the picture the drawer's (the `draw` module).

pub(crate) mod board_file;
pub mod decode;
pub(crate) mod map;
mod mapped;
pub(crate) mod objective;
pub(crate) mod picture;
pub mod read;

pub use map::Mapped;
pub use mapped::{objective_check, placement_of, read_mapped, read_mapped_text, MappedAnswer};
pub use objective::objective_value;
