//! Polysleuth: Sid Sackson's *Sleuth* played in simultaneous rounds. `rules/` is its engine,
//! pure; `replay` runs a whole game through it in the replay JSON contract, and `verify` checks
//! a finished game's record; `assistant` its view for the Information Sheet; `computer/` its
//! computer players, `simulate/` games between them, `sim` random players for tests and
//! benchmarks; `words/` and `letters` its sentences and mail; `house_rules` its house rules;
//! `service/` its use cases and `web/` its pages; `table` how the core reaches them.

pub mod assistant;
#[cfg(test)]
mod assistant_tests;
pub mod computer;
mod create;
mod door;
mod formed;
pub mod house_rules;
pub mod letters;
mod record;
pub mod replay;
pub mod rules;
pub mod service;
pub mod sim;
pub mod simulate;
pub mod table;
pub mod verify;
pub mod web;
pub mod words;

use serde_json::Value;

use super::{Clock, Game, Mismatch};

/// How to play Polysleuth, for the help page.
#[derive(askama::Template)]
#[template(path = "games/polysleuth/help.html")]
struct Help {
    t: crate::lang::Lang,
}

/// Polysleuth, as the registry knows it.
pub struct Polysleuth;

/// The one Polysleuth object of `games::ALL`.
pub static POLYSLEUTH: Polysleuth = Polysleuth;

impl Game for Polysleuth {
    fn name(&self) -> &'static str {
        crate::store::Ruleset::POLYSLEUTH.as_str()
    }

    fn title(&self) -> &'static str {
        "Polysleuth"
    }

    fn clock(&self) -> Clock {
        Clock::Rounds
    }

    fn web(&self) -> Option<super::WebRoutes> {
        Some(web::routes())
    }

    fn rules(&self, t: crate::lang::Lang) -> Option<&'static str> {
        Some(match t {
            crate::lang::Lang::En => include_str!("../../../docs/src/players/polysleuth.md"),
            crate::lang::Lang::Fr => include_str!("../../../docs/src/players/polysleuth.fr.md"),
        })
    }

    fn help(&self, t: crate::lang::Lang) -> String {
        askama::Template::render(&Help { t }).expect("the help renders")
    }

    fn simulate(&self, args: &[String]) -> Option<std::process::ExitCode> {
        Some(simulate::cli::main_from(args))
    }

    /// The replay contract's inputs name no ruleset: those are Polysleuth's.
    fn reads(&self, input: &Value) -> bool {
        matches!(
            input.get("ruleset").and_then(Value::as_str),
            None | Some("polysleuth")
        )
    }

    fn replay(&self, input: &str) -> Result<Value, String> {
        replay::run(input).map_err(|e| e.0)
    }

    fn verify(&self, record: &Value, text: &str) -> Result<(), Mismatch> {
        verify::verify(record, text)
    }

    fn deduce(
        &self,
        input: &str,
        player: Option<&str>,
        round: Option<usize>,
        budget: &crate::deduce::Budget,
    ) -> Result<Value, String> {
        let sheet = replay::deduce(input, player, round, budget).map_err(|e| e.0)?;
        serde_json::to_value(sheet).map_err(|e| e.to_string())
    }

    fn table(&self) -> Option<&'static dyn crate::master::table::Table> {
        Some(&table::TABLE)
    }

    fn settings_from_pairs(&self, pairs: &[String]) -> Result<Value, String> {
        let settings = crate::games::polysleuth::simulate::cli::settings(pairs)?;
        serde_json::to_value(settings).map_err(|e| e.to_string())
    }
}
