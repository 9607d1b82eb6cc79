//! The one place that hands engines out ([`chosen`]): the engine
//! `--engine` names, or the one `auto` picks for the model
//! ([`super::auto`]). A new engine is its type ([`super::engine::Engine`]), one arm here
//! and its name among the [`EngineChoice`]s.

use super::engine::{Chosen, Engine};
use super::interface::{Answer, Report, SolveOptions};
use super::parts::Cuts;
use super::{armies, auto, clique, portfolio, rows};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::options::EngineChoice;

/// The engine `choice` names, or `auto`'s pick for `model` solved with
/// `opts`.
pub fn chosen(choice: EngineChoice, model: &Model, opts: &SolveOptions) -> Chosen {
    match named(choice) {
        Some(engine) => Chosen::named(engine),
        None => auto::choose(model, opts),
    }
}

/// The engine `choice` names; `None` for `auto`, whose pick depends on the
/// model.
pub fn named(choice: EngineChoice) -> Option<&'static dyn Engine> {
    match choice {
        EngineChoice::Auto => None,
        EngineChoice::Cadical => Some(&portfolio::CADICAL),
        EngineChoice::Kissat => Some(&portfolio::KISSAT),
        EngineChoice::Portfolio => Some(&portfolio::PORTFOLIO),
        EngineChoice::Clique => Some(&clique::CLIQUE),
        EngineChoice::Rows => Some(&rows::ROWS),
        EngineChoice::Armies => Some(&armies::ARMIES),
    }
}

/// The engines whose searches cut into parts, to read a part's leaves
/// back by the search that cut them.
pub fn cutters() -> Vec<&'static dyn Cuts> {
    [&clique::CLIQUE as &dyn Engine, &armies::ARMIES]
        .into_iter()
        .filter_map(Engine::cuts)
        .collect()
}

/// Refuses `--split` with an engine named that does not cut its search,
/// before the model is read.
pub fn refuse_split(choice: EngineChoice) -> Result<()> {
    match named(choice) {
        Some(engine) if engine.cuts().is_none() => Err(Error::usage(format!(
            "--split cuts the clique search or the armies search, not {choice}"
        ))),
        _ => Ok(()),
    }
}

/// The search `--split` cuts for `model`: the engine's `choice` names, or
/// auto's pick where it cuts, else the clique search's (which says why it
/// cannot take the model).
pub fn cut_by(
    choice: EngineChoice,
    model: &Model,
    opts: &SolveOptions,
) -> Result<&'static dyn Cuts> {
    refuse_split(choice)?;
    let engine = chosen(choice, model, opts).engine;
    Ok(engine.cuts().unwrap_or(&super::clique::parts::CliqueCuts))
}

/// Solves `model` with the engine of `opts`, reporting every better
/// objective value as it is found.
pub fn solve_model(model: &Model, opts: &SolveOptions, report: &mut dyn Report) -> Result<Answer> {
    chosen(opts.engine, model, opts)
        .engine
        .solve(model, opts, report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every choice but `auto` is the engine of its own name.
    #[test]
    fn each_named_choice_gives_the_engine_of_that_name() {
        let model = crate::load_source(
            "k.qspec",
            "board 4 x 4\npiece king\nrule no_attack\nmaximize count\n",
            &[],
            &Default::default(),
        )
        .unwrap();
        let opts = SolveOptions::default();
        for &choice in <EngineChoice as crate::options::Choice>::all() {
            let chosen = chosen(choice, &model.model, &opts);
            match choice {
                EngineChoice::Auto => assert!(chosen.why.is_some()),
                _ => {
                    assert_eq!(chosen.engine.name(), choice.name());
                    assert!(chosen.why.is_none());
                }
            }
        }
    }
}
