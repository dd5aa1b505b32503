//! Clue, the Swimming Pool edition, as the third game. Its board (`board`): places,
//! corridors, distances, the route a move takes and where a roll leaves a piece; its cards
//! (`cards`), read in either language; its set-up drawn from the seed (`setup`): envelope,
//! hands, spare cards, weapon tokens, roll-off and commitment; its turn language in English and
//! French (`command`); its game (`game`): moves, suggestions answered with the refuter's
//! preferences, accusations, the end; its house rules (`settings`); who may see what (`view`);
//! a whole game run from a replay input (`replay`) and a record checked (`verify`); the board's
//! picture as SVG (`picture`); the Detective Notebook (`notebook`), each seat's certainties
//! and chances worked out from its own view alone; its sentences (`words`), letters and mail
//! door; its use cases (`service`, each change one transaction) and its pages (`pages`).

pub mod board;
pub mod bulletins;
pub mod cards;
pub mod command;
pub mod computer;
pub mod door;
pub mod game;
pub mod letters;
pub mod notebook;
pub mod pages;
pub mod picture;
pub mod replay;
pub mod service;
pub mod settings;
pub mod setup;
pub mod sheet;
pub mod simulate;
pub mod stored;
pub mod verify;
pub mod view;
pub mod why;
pub mod words;

use serde_json::Value;

use super::{Clock, Game, Mismatch};

/// Clue's name, as its rows are stored.
pub const RULESET: crate::store::Ruleset = crate::store::Ruleset::new("clue");

/// Clue, as the registry knows it.
pub struct ClueGame;

/// The one Clue object of `games::ALL`.
pub static CLUE: ClueGame = ClueGame;

impl Game for ClueGame {
    fn name(&self) -> &'static str {
        RULESET.as_str()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["cluedo"]
    }

    fn title(&self) -> &'static str {
        "Clue"
    }

    fn title_in(&self, t: crate::lang::Lang) -> String {
        t.t("clue-ruleset")
    }

    fn rules(&self, t: crate::lang::Lang) -> Option<&'static str> {
        Some(match t {
            crate::lang::Lang::En => include_str!("../../../docs/src/players/clue.md"),
            crate::lang::Lang::Fr => include_str!("../../../docs/src/players/clue.fr.md"),
        })
    }

    fn help(&self, t: crate::lang::Lang) -> String {
        format!(
            "<p>{}</p>",
            crate::lang::escape_html(&t.t("clue-ruleset-hint"))
        )
    }

    fn clock(&self) -> Clock {
        Clock::Turns
    }

    fn replay(&self, input: &str) -> Result<Value, String> {
        let input: replay::Input = serde_json::from_str(input)
            .map_err(|e| format!("the replay input cannot be read: {e}"))?;
        replay::run(&input)
    }

    fn deduce(
        &self,
        input: &str,
        player: Option<&str>,
        turn: Option<usize>,
        budget: &crate::deduce::Budget,
    ) -> Result<Value, String> {
        replay::deduce(input, player, turn, budget.count)
    }

    fn verify(&self, record: &Value, _text: &str) -> Result<(), Mismatch> {
        verify::verify(record)
    }

    fn table(&self) -> Option<&'static dyn crate::master::table::Table> {
        Some(&service::TABLE)
    }

    fn secret_routes(&self) -> &'static [&'static str] {
        &["/clue/play/", "/clue/gm/", "/api/clue/play/"]
    }

    fn web(&self) -> Option<super::WebRoutes> {
        Some(pages::routes())
    }

    fn simulate(&self, args: &[String]) -> Option<std::process::ExitCode> {
        Some(simulate::main_from(args))
    }

    fn settings_from_pairs(&self, pairs: &[String]) -> Result<Value, String> {
        let settings = settings::Settings::from_pairs(pairs)?;
        serde_json::to_value(settings).map_err(|e| e.to_string())
    }
}
