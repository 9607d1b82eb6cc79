//! Where the solutions of a count come from: CaDiCaL one at a time
//! ([`Staged`]: on a large model, past its first solutions, one solver
//! per cube on several threads), or an engine's (the clique search, the
//! row search), found all at once and handed out one at a time ([`Found`],
//! in `found.rs`).

use super::cubes::Staged;
use super::found::Found;
use super::Next;
use crate::error::Result;

/// Where the solutions come from.
pub(super) enum Supplier {
    /// CaDiCaL, one at a time.
    Solver(Staged),
    /// Found all at once by an engine that lists them itself.
    Found(Found),
}

impl Supplier {
    pub(super) fn next_solution(&mut self) -> Result<Next> {
        match self {
            Supplier::Solver(enumerator) => enumerator.next_solution(),
            Supplier::Found(found) => Ok(match found.next_set() {
                Some(set) => Next::Solution(found.values(&set)),
                None if found.complete => Next::Exhausted,
                None if found.overflowed => Next::Full,
                None => Next::Stopped,
            }),
        }
    }
}
