//! Classic Sleuth's house rules as the one validation of a new game asks for them
//! (`master::request::HouseRules`): read from the API's JSON or the new-game form's
//! `classic_*` fields, checked for a table's size, a turn's length, a given deal checked.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde_json::Value;

use crate::games::sleuth::rules::{Settings, Sleuth};
use crate::lang::{Lang, Said};
use crate::master::request::HouseRules;
use crate::store::Ruleset;

/// Classic Sleuth's house rules.
pub struct ClassicRules;

/// Its fields of the new-game form.
#[derive(askama::Template)]
#[template(path = "games/sleuth/new_game_rules.html")]
struct RulesForm {
    t: Lang,
    missing_gems: String,
    turn_hours: String,
    winners: String,
    idle_turns: String,
    supersleuth: bool,
    two_questions: bool,
}

/// The one `ClassicRules`.
pub static RULES: ClassicRules = ClassicRules;

fn settings(rules: &Value) -> Settings {
    serde_json::from_value(rules.clone()).unwrap_or_default()
}

impl HouseRules for ClassicRules {
    fn ruleset(&self) -> Ruleset {
        crate::games::sleuth::RULESET
    }

    fn aliases(&self) -> &'static [&'static str] {
        crate::games::Game::aliases(&crate::games::sleuth::SLEUTH)
    }

    fn title(&self) -> &'static str {
        crate::games::Game::title(&crate::games::sleuth::SLEUTH)
    }

    fn players(&self) -> RangeInclusive<usize> {
        crate::games::sleuth::rules::settings::MIN_PLAYERS
            ..=crate::games::sleuth::rules::settings::MAX_PLAYERS
    }

    fn read(&self, given: Option<&Value>) -> Result<Value, Said> {
        crate::master::house_rules::read_as::<Settings>(given)
    }

    fn fits(&self, rules: &Value, players: usize) -> Result<(), Said> {
        settings(rules).check(players).map_err(|e| Said::from(&e))
    }

    fn turn_seconds(&self, rules: &Value) -> Option<i64> {
        Some(settings(rules).turn_hours as i64 * 3600)
    }

    fn check_deal(
        &self,
        names: &[String],
        rules: &Value,
        deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String> {
        let deal = crate::games::sleuth::replay::read_deal(names, deal)?;
        deal.check(names, &settings(rules))
            .map_err(|e| e.to_string())
    }

    fn reserved_name(&self, name: &str) -> bool {
        Sleuth::is_reserved(name)
    }

    fn label(&self, t: Lang) -> String {
        t.t("classic-ruleset")
    }

    fn hint(&self, t: Lang) -> Option<String> {
        Some(t.t("classic-ruleset-hint"))
    }

    fn form(&self, t: Lang, value: &dyn Fn(&str) -> String) -> String {
        let form = RulesForm {
            t,
            missing_gems: value("classic_missing_gems"),
            turn_hours: value("classic_turn_hours"),
            winners: value("classic_winners"),
            idle_turns: value("classic_idle_turns"),
            supersleuth: !value("classic_supersleuth").is_empty(),
            two_questions: !value("classic_two_questions").is_empty(),
        };
        askama::Template::render(&form).expect("the house rules' form renders")
    }

    fn read_form(
        &self,
        field: &dyn Fn(&str) -> String,
        assistant: bool,
    ) -> Result<Value, Vec<Said>> {
        let mut classic = Settings::default();
        let mut problems = Vec::new();
        for key in ["missing_gems", "turn_hours", "winners", "idle_turns"] {
            let value = field(&format!("classic_{key}"));
            if !value.is_empty() {
                if let Err(e) = classic.set(key, &value) {
                    problems.push(Said::text(e));
                }
            }
        }
        classic.supersleuth = field("classic_supersleuth") == "on";
        classic.two_questions = field("classic_two_questions") == "on";
        classic.assistant = assistant;
        match problems.is_empty() {
            true => serde_json::to_value(classic).map_err(|e| vec![Said::text(e.to_string())]),
            false => Err(problems),
        }
    }
}
