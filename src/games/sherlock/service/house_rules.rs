//! Sherlock Solitaire's settings as the one validation of a new game asks for them
//! (`master::request::HouseRules`): read from the API's JSON or the new-game form's
//! `sherlock_*` fields, checked for a table of one person or one per detective. A given deal
//! is not taken: the deck is always shuffled from the seed.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde_json::Value;

use crate::games::sherlock::setup::Settings;
use crate::lang::{Lang, Said};
use crate::master::request::HouseRules;
use crate::store::Ruleset;

/// Sherlock Solitaire's settings.
pub struct SherlockRules;

/// The one `SherlockRules`.
pub static RULES: SherlockRules = SherlockRules;

/// Its fields of the new-game form.
#[derive(askama::Template)]
#[template(path = "games/sherlock/new_game_rules.html")]
struct RulesForm {
    t: Lang,
    detectives: String,
    case: String,
    level: String,
    turn_hours: String,
    advanced: bool,
}

fn settings(rules: &Value) -> Settings {
    serde_json::from_value(rules.clone()).unwrap_or_default()
}

impl HouseRules for SherlockRules {
    fn ruleset(&self) -> Ruleset {
        crate::games::sherlock::RULESET
    }

    fn aliases(&self) -> &'static [&'static str] {
        crate::games::Game::aliases(&crate::games::sherlock::SHERLOCK)
    }

    fn title(&self) -> &'static str {
        crate::games::Game::title(&crate::games::sherlock::SHERLOCK)
    }

    fn players(&self) -> RangeInclusive<usize> {
        1..=2
    }

    fn read(&self, given: Option<&Value>) -> Result<Value, Said> {
        let rules = crate::master::house_rules::read_as::<Settings>(given)?;
        settings(&rules).check().map_err(Said::text)?;
        Ok(rules)
    }

    fn fits(&self, rules: &Value, players: usize) -> Result<(), Said> {
        let s = settings(rules);
        match players == 1 || players == s.detectives.len() {
            true => Ok(()),
            false => Err(crate::said!(
                "error-sherlock-players",
                detectives = s.detectives.len(),
                players = players
            )),
        }
    }

    fn turn_seconds(&self, rules: &Value) -> Option<i64> {
        Some(super::create::turn_secs(&settings(rules)))
    }

    fn check_deal(
        &self,
        _names: &[String],
        _rules: &Value,
        _deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String> {
        Err("a game of Sherlock Solitaire is always shuffled from its seed: give a seed, not a deal"
            .into())
    }

    fn reserved_name(&self, name: &str) -> bool {
        crate::games::sherlock::command::read(name).is_ok()
    }

    fn label(&self, t: Lang) -> String {
        t.t("sherlock-ruleset")
    }

    fn hint(&self, t: Lang) -> Option<String> {
        Some(t.t("sherlock-ruleset-hint"))
    }

    fn form(&self, t: Lang, value: &dyn Fn(&str) -> String) -> String {
        let form = RulesForm {
            t,
            detectives: value("sherlock_detectives"),
            case: value("sherlock_case"),
            level: value("sherlock_level"),
            turn_hours: value("sherlock_turn_hours"),
            advanced: value("sherlock_advanced") == "on",
        };
        askama::Template::render(&form).expect("the settings' form renders")
    }

    fn read_form(
        &self,
        field: &dyn Fn(&str) -> String,
        _assistant: bool,
    ) -> Result<Value, Vec<Said>> {
        let mut s = Settings::default();
        let mut problems = Vec::new();
        for key in ["detectives", "case", "level", "turn_hours"] {
            let value = field(&format!("sherlock_{key}"));
            if !value.is_empty() {
                if let Err(e) = s.set(key, &value) {
                    problems.push(Said::text(e));
                }
            }
        }
        s.advanced = field("sherlock_advanced") == "on";
        if problems.is_empty() {
            if let Err(e) = s.check() {
                problems.push(Said::text(e));
            }
        }
        match problems.is_empty() {
            true => serde_json::to_value(s).map_err(|e| vec![Said::text(e.to_string())]),
            false => Err(problems),
        }
    }
}
