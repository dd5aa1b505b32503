//! Sherlock Solitaire, the fourth game (one player, or two detectives in alternate turns). Its
//! cards (`cards`), the deck shuffled from the seed with its commitment and the game's
//! settings — detectives, case, level, house rules (`setup`, written as text in `settings`),
//! the turn language in English and French (`command`), and the engine (`game`): draws and the
//! redraw, the Office's sets, the Crime Scene's pairs, both detectives' abilities with their
//! choices, wounds, completed sets, reshuffles, the cases and their clocks; a whole game
//! replayed from its seed (`replay`) and a record checked (`verify`); who may see what
//! (`view`); its events in English and French (`words`); its computer players (`solver`); the
//! game as stored, with the plays a page lined up (`stored`); its use cases (`service`), mail
//! door (`door`), letters (`letters`) and pages (`pages`, worded by `page_view`).

pub mod cards;
pub mod command;
pub mod daily_pages;
pub mod day;
pub mod door;
pub mod game;
pub mod letters;
pub mod page_view;
pub mod pages;
pub mod places;
pub mod replay;
pub mod service;
pub mod settings;
pub mod setup;
pub mod simulate;
pub mod solver;
pub mod stored;
pub mod verify;
pub mod view;
pub mod words;

use serde_json::Value;

use super::{Clock, Game, Mismatch};

/// Sherlock Solitaire's name, as its rows are stored.
pub const RULESET: crate::store::Ruleset = crate::store::Ruleset::new("sherlock");

/// Sherlock Solitaire, as the registry knows it.
pub struct SherlockGame;

/// The one Sherlock Solitaire object of `games::ALL`.
pub static SHERLOCK: SherlockGame = SherlockGame;

impl Game for SherlockGame {
    fn name(&self) -> &'static str {
        RULESET.as_str()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["sherlock-solitaire", "solitaire"]
    }

    fn title(&self) -> &'static str {
        "Sherlock Solitaire"
    }

    fn title_in(&self, t: crate::lang::Lang) -> String {
        t.t("sherlock-ruleset")
    }

    fn rules(&self, t: crate::lang::Lang) -> Option<&'static str> {
        Some(match t {
            crate::lang::Lang::En => include_str!("../../../docs/src/players/sherlock.md"),
            crate::lang::Lang::Fr => include_str!("../../../docs/src/players/sherlock.fr.md"),
        })
    }

    fn help(&self, t: crate::lang::Lang) -> String {
        format!(
            "<p>{}</p><p><a href=\"/sherlock/daily\" id=\"daily-link\">{}</a></p>",
            crate::lang::escape_html(&t.t("sherlock-ruleset-hint")),
            crate::lang::escape_html(&t.t("sherlock-daily-title"))
        )
    }

    fn clock(&self) -> Clock {
        Clock::Untimed
    }

    fn replay(&self, input: &str) -> Result<Value, String> {
        let input: replay::Input = serde_json::from_str(input)
            .map_err(|e| format!("the replay input cannot be read: {e}"))?;
        replay::run(&input)
    }

    fn verify(&self, record: &Value, _text: &str) -> Result<(), Mismatch> {
        verify::verify(record)
    }

    fn table(&self) -> Option<&'static dyn crate::master::table::Table> {
        Some(&service::TABLE)
    }

    fn secret_routes(&self) -> &'static [&'static str] {
        &[
            "/sherlock/play/",
            "/sherlock/gm/",
            "/api/sherlock/play/",
            "/sherlock/daily/confirm/",
        ]
    }

    fn web(&self) -> Option<super::WebRoutes> {
        Some(pages::routes())
    }

    fn simulate(&self, args: &[String]) -> Option<std::process::ExitCode> {
        Some(simulate::main_from(args))
    }

    fn settings_from_pairs(&self, pairs: &[String]) -> Result<Value, String> {
        let settings = setup::Settings::from_pairs(pairs)?;
        serde_json::to_value(settings).map_err(|e| e.to_string())
    }
}
