//! Pictures: a board as text or SVG ([`board`]), a playable HTML page of
//! puzzle boards ([`page`]) and an SVG bar chart ([`histogram`]). Pure
//! functions into strings or a writer; nothing here decides anything.

pub mod board;
pub mod histogram;
pub mod page;

pub use board::{pieces_line, svg, text};
