//! The one place that hands engines out ([`chosen`]): the engine
//! `--engine` names, or the one `auto` picks for the model
//! ([`super::auto`]). A new engine is its type ([`super::engine::Engine`]), one arm here
//! and its name among the [`EngineChoice`]s.

use super::engine::Chosen;
use super::interface::{Answer, Report, SolveOptions};
use super::{armies, auto, clique, portfolio, rows};
use crate::error::Result;
use crate::model::Model;
use crate::options::EngineChoice;

/// The engine `choice` names, or `auto`'s pick for `model` solved with
/// `opts`.
pub fn chosen(choice: EngineChoice, model: &Model, opts: &SolveOptions) -> Chosen {
    match choice {
        EngineChoice::Auto => auto::choose(model, opts),
        EngineChoice::Cadical => Chosen::named(&portfolio::CADICAL),
        EngineChoice::Kissat => Chosen::named(&portfolio::KISSAT),
        EngineChoice::Portfolio => Chosen::named(&portfolio::PORTFOLIO),
        EngineChoice::Clique => Chosen::named(&clique::CLIQUE),
        EngineChoice::Rows => Chosen::named(&rows::ROWS),
        EngineChoice::Armies => Chosen::named(&armies::ARMIES),
    }
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
