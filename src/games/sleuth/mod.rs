//! Classic Sleuth by message (RULES-SLEUTH.md): turns in seat order, accusations at any time.
//! `rules/` is its engine, pure; `replay` runs a whole game through it and `verify` checks its
//! records; `computer` its computer players; `words` its sentences in English and French;
//! `service` its use cases (each change one transaction); `letters` and `door` its mail out
//! and in; `pages` and `view` its pages and API.

pub mod computer;
pub mod door;
pub mod letters;
pub mod pages;
pub mod replay;
pub mod rules;
pub mod service;
pub mod simulate;
pub mod verify;
pub mod view;
pub mod words;

use serde_json::Value;

use super::{Clock, Game, Mismatch};

/// Classic Sleuth's name, as its rows are stored.
pub const RULESET: crate::store::Ruleset = crate::store::Ruleset::new("sleuth");

/// Classic Sleuth, as the registry knows it.
pub struct ClassicSleuth;

/// The one classic Sleuth object of `games::ALL`.
pub static SLEUTH: ClassicSleuth = ClassicSleuth;

impl Game for ClassicSleuth {
    fn name(&self) -> &'static str {
        RULESET.as_str()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["classic"]
    }

    fn title(&self) -> &'static str {
        "classic Sleuth"
    }

    fn title_in(&self, t: crate::lang::Lang) -> String {
        t.t("classic-ruleset")
    }

    fn rules(&self, t: crate::lang::Lang) -> Option<&'static str> {
        Some(match t {
            crate::lang::Lang::En => include_str!("../../../docs/src/players/sleuth.md"),
            crate::lang::Lang::Fr => include_str!("../../../docs/src/players/sleuth.fr.md"),
        })
    }

    /// Its one-line summary; the whole rules are on its rules page.
    fn help(&self, t: crate::lang::Lang) -> String {
        format!(
            "<p>{}</p>",
            crate::lang::escape_html(&t.t("classic-ruleset-hint"))
        )
    }

    fn clock(&self) -> Clock {
        Clock::Turns
    }

    fn replay(&self, input: &str) -> Result<Value, String> {
        replay::run(input)
    }

    fn verify(&self, record: &Value, _text: &str) -> Result<(), Mismatch> {
        verify::verify(record)
    }

    fn table(&self) -> Option<&'static dyn crate::master::table::Table> {
        Some(&service::TABLE)
    }

    fn secret_routes(&self) -> &'static [&'static str] {
        &["/classic/play/", "/classic/gm/", "/api/classic/play/"]
    }

    fn web(&self) -> Option<super::WebRoutes> {
        Some(pages::routes())
    }

    fn simulate(&self, args: &[String]) -> Option<std::process::ExitCode> {
        Some(simulate::main_from(args))
    }

    fn settings_from_pairs(&self, pairs: &[String]) -> Result<Value, String> {
        let settings = rules::Settings::from_pairs(pairs)?;
        serde_json::to_value(settings).map_err(|e| e.to_string())
    }
}
