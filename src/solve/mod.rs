//! Solving: the embedded engines, so that `qspec solve` works with nothing
//! installed — CaDiCaL ([`embedded`]) and Kissat ([`kissat`]) behind one
//! interface ([`oracle`]), alone or as a portfolio ([`portfolio`]) — and the
//! optimiser on top of them ([`optimize`]: a clique-cover estimate
//! ([`cover`], [`cost`]), cores, descent by jumps, bounds shared between
//! engines ([`shared`])); any other solver by its command
//! line ([`external`]); for models that ask for the most pieces no two of
//! which attack, a branch and bound over the conflict graph instead
//! ([`clique`]); for models that fill every row to its limit (no three in
//! line), a search row by row ([`rows`]); every engine behind one trait, handed out in one place
//! ([`Engine`], [`registry`]), the engine for each model by default
//! ([`auto`]); warm starts ([`warm_start`]).
//!
//! ```
//! use qspec::solve::{solve, SolveOptions, Status};
//! use qspec::EngineChoice;
//! let kings = qspec::load_source("k.qspec", "board 6 x 6\npiece king\nrule no_attack\nmaximize count\n", &[], &Default::default())?;
//! let mut better = Vec::new();
//! let opts = SolveOptions { engine: EngineChoice::Cadical, ..SolveOptions::default() };
//! let answer = solve(&kings, &opts, &mut |value: i64| better.push(value))?;
//! assert_eq!((answer.status, answer.objective), (Status::Optimal, Some(9)));
//! assert_eq!(better.last(), Some(&9));
//! # Ok::<(), qspec::Error>(())
//! ```

pub mod armies;
mod ascent;
pub(crate) mod auto;
mod ceiling;
pub mod clique;
pub(crate) mod cost;
mod cover;
pub(crate) mod driver;
pub(crate) mod embedded;
mod engine;
pub mod every;
pub mod external;
mod interface;
mod kissat;
mod optimize;
mod oracle;
pub mod parts;
mod portfolio;
mod registry;
pub mod rows;
mod shared;
mod steps;
pub(crate) mod warm_start;

pub use ceiling::solve;
pub use embedded::Embedded;
pub use engine::{Chosen, Engine};
pub use external::known_solvers;
pub use interface::{Answer, Report, SolveOptions, Status};
pub use oracle::{Outcome, Stop};
pub use registry::{chosen, cut_by, cutters, named, refuse_split, solve_model};
pub use warm_start::{start_paths, Start};

use crate::encode::encode_model;
use crate::error::Result;
use crate::model::{Lit, Model, Var};
use crate::options::Encodings;

/// The values of every variable of `model` for a board an engine found
/// without the model's clauses: the first of `images` (each the piece
/// variables set, sorted; the other `pieces` unset) that extends to a
/// solution. An engine gives its board and then the board's images, since
/// a hint (`break_symmetry`) may keep only one board of a class. `search`
/// names the engine in the error when none extends.
pub(crate) fn complete_board(
    model: &Model,
    encodings: &Encodings,
    pieces: &[Var],
    images: impl IntoIterator<Item = Vec<Var>>,
    search: &str,
) -> Result<Vec<bool>> {
    for image in images {
        let start: Vec<Lit> = pieces
            .iter()
            .map(|v| match image.binary_search(v) {
                Ok(_) => v.positive(),
                Err(_) => v.negative(),
            })
            .collect();
        if let Some(values) = complete_start(model, encodings, &start)? {
            return Ok(values);
        }
    }
    Err(crate::error::Error::internal(format!(
        "{search}'s board does not extend to a solution of the model (please report this)"
    )))
}

/// The values of the model's named variables in a solution that agrees
/// with `start` (found by CaDiCaL with `start` as assumptions), or `None`
/// when no solution does.
pub fn complete_start(
    model: &Model,
    encodings: &Encodings,
    start: &[Lit],
) -> Result<Option<Vec<bool>>> {
    let mut solver = Embedded::new();
    let vars = encode_model(model, encodings, &mut solver);
    solver.reserve_vars(vars.n_vars());
    Ok(match solver.solve(start)? {
        Outcome::Sat(values) => Some(values[..model.n_vars() as usize].to_vec()),
        _ => None,
    })
}
