//! Pictures: a board as text or SVG ([`board`]; the text picture's lines
//! and each cell's characters are a [`Layout`], which the MiniZinc writer
//! spells as its output item), a board as one JSON object in the one
//! vocabulary of qspec's JSON output ([`json`]), a playable HTML page of
//! puzzle boards ([`page`]) and an SVG bar chart ([`histogram`]). Pure
//! functions into strings or a writer; nothing here decides anything.
//!
//! ```
//! let queens = qspec::load_source("q.qspec", "board 4 x 4\nrule no_attack\ncount == 4\n", &[], &Default::default())?;
//! let mut p = qspec::Placement::empty(16);
//! for cell in [[0, 1], [1, 3], [2, 0], [3, 2]] {
//!     p.pieces[queens.board.index(&cell)] = true;
//! }
//! assert_eq!(qspec::draw::text(&queens.spec, &queens.board, &p), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
//! assert!(qspec::draw::svg(&queens.spec, &queens.board, &p, false).starts_with("<svg"));
//! # Ok::<(), qspec::Error>(())
//! ```

mod board;
pub(crate) mod histogram;
pub mod json;
mod layout;
pub mod page;

pub use board::{pieces_line, svg, text};
pub use layout::{piece_letter, Cell, Glyphs, Layout, Line, BESIDE, LEGEND};
