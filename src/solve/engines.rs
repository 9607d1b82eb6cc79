//! Which engine solves a model: [`solve_model`] hands it to the one
//! `--engine` names — the SAT engines ([`super::portfolio`]), the clique
//! search ([`super::clique`]) or the choice of `auto` ([`super::auto`]).

use super::interface::{Answer, Report, SolveOptions};
use super::{auto, clique, portfolio};
use crate::error::Result;
use crate::model::Model;
use crate::options::Engine;

/// Solves `model` with the engine of `opts`, reporting every better
/// objective value as it is found.
pub fn solve_model(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    match opts.engine {
        Engine::Clique => clique::solve(model, opts, report),
        Engine::Auto => auto::solve(model, opts, report),
        Engine::Cadical | Engine::Kissat | Engine::Portfolio => {
            portfolio::solve_sat(model, opts, report)
        }
    }
}
