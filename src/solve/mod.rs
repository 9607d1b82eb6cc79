//! Solving: the embedded engines, so that `qspec solve` works with nothing
//! installed — CaDiCaL ([`embedded`]) and Kissat ([`kissat`]) behind one
//! interface ([`oracle`]), alone or as a portfolio ([`portfolio`]) — and the
//! optimiser on top of them ([`optimize`]: a clique-cover estimate
//! ([`cover`], [`cost`]), cores, descent by jumps, bounds shared between
//! engines ([`shared`])); any other solver by its command
//! line ([`external`]); for models that ask for the most pieces no two of
//! which attack, a branch and bound over the conflict graph instead
//! ([`clique`]); warm starts ([`warm_start`]).

pub mod ceiling;
pub mod clique;
pub mod cost;
pub mod cover;
pub mod embedded;
pub mod external;
mod interface;
pub mod kissat;
pub mod optimize;
pub mod oracle;
pub mod portfolio;
pub mod shared;
pub mod warm_start;

pub use embedded::Embedded;
pub use interface::{Answer, Report, SolveOptions, Status};
pub use oracle::{Outcome, Stop};
pub use portfolio::solve_model;

use std::time::Instant;

use crate::encode::encode_model;
use crate::error::Result;
use crate::model::{Lit, Model};
use crate::options::Encodings;

/// Solves `model` with the default engine, calling `on_improve` with every
/// better objective value.
pub fn solve_embedded(
    model: &Model,
    encodings: &Encodings,
    deadline: Option<Instant>,
    on_improve: &mut dyn FnMut(i64),
) -> Result<Answer> {
    let opts = SolveOptions {
        encodings: *encodings,
        deadline,
        ..SolveOptions::default()
    };
    solve_model(model, &opts, &mut |v| on_improve(v))
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
