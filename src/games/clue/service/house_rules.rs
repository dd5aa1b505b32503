//! Clue's house rules as the one validation of a new game asks for them
//! (`master::request::HouseRules`): read from the API's JSON or the new-game form's `clue_*`
//! fields, checked for a table's size and a turn's length. A given deal is not taken: Clue's
//! set-up is always drawn from the seed.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde_json::Value;

use crate::games::clue::service::Stored;
use crate::games::clue::settings::Settings;
use crate::games::clue::setup::{MAX_PLAYERS, MIN_PLAYERS};
use crate::lang::{Lang, Said};
use crate::master::request::HouseRules;
use crate::store::Ruleset;

/// Clue's house rules.
pub struct ClueRules;

/// Its fields of the new-game form.
#[derive(askama::Template)]
#[template(path = "games/clue/new_game_rules.html")]
struct RulesForm {
    t: Lang,
    turn_hours: String,
    idle_turns: String,
    board: bool,
}

/// The one `ClueRules`.
pub static RULES: ClueRules = ClueRules;

/// The guests, in the rules' order.
fn guests() -> impl Iterator<Item = crate::games::clue::cards::Card> {
    crate::games::clue::cards::Card::all()
        .filter(|c| c.kind() == crate::games::clue::cards::Kind::Guest)
}

fn settings(rules: &Value) -> Settings {
    serde_json::from_value(rules.clone()).unwrap_or_default()
}

impl HouseRules for ClueRules {
    fn ruleset(&self) -> Ruleset {
        crate::games::clue::RULESET
    }

    fn aliases(&self) -> &'static [&'static str] {
        crate::games::Game::aliases(&crate::games::clue::CLUE)
    }

    fn title(&self) -> &'static str {
        crate::games::Game::title(&crate::games::clue::CLUE)
    }

    fn players(&self) -> RangeInclusive<usize> {
        MIN_PLAYERS..=MAX_PLAYERS
    }

    fn choices(&self, t: crate::lang::Lang) -> Vec<(String, String)> {
        guests().map(|c| (c.name(), t.clue_card(c))).collect()
    }

    fn choice_label(&self, t: crate::lang::Lang) -> String {
        t.t("clue-your-guest")
    }

    fn read_choice(&self, written: &str) -> Result<String, Said> {
        crate::games::clue::cards::Card::parse(written)
            .filter(|c| c.kind() == crate::games::clue::cards::Kind::Guest)
            .map(|c| c.name())
            .ok_or_else(|| crate::said!("error-clue-not-a-guest", piece = written))
    }

    fn read(&self, given: Option<&Value>) -> Result<Value, Said> {
        crate::master::house_rules::read_as::<Settings>(given)
    }

    fn fits(&self, rules: &Value, players: usize) -> Result<(), Said> {
        let settings = settings(rules);
        settings
            .check(players)
            .map_err(|e| Said::text(e.to_string()))
    }

    fn turn_seconds(&self, rules: &Value) -> Option<i64> {
        Some(settings(rules).turn_hours as i64 * 3600)
    }

    fn check_deal(
        &self,
        _names: &[String],
        _rules: &Value,
        _deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String> {
        Err("a game of Clue is always dealt from its seed: give a seed, not a deal".into())
    }

    fn reserved_name(&self, name: &str) -> bool {
        Stored::is_reserved(name)
    }

    fn label(&self, t: Lang) -> String {
        t.t("clue-ruleset")
    }

    fn hint(&self, t: Lang) -> Option<String> {
        Some(t.t("clue-ruleset-hint"))
    }

    fn form(&self, t: Lang, value: &dyn Fn(&str) -> String) -> String {
        let form = RulesForm {
            t,
            turn_hours: value("clue_turn_hours"),
            idle_turns: value("clue_idle_turns"),
            board: value("clue_no_board").is_empty(),
        };
        askama::Template::render(&form).expect("the house rules' form renders")
    }

    fn read_form(
        &self,
        field: &dyn Fn(&str) -> String,
        assistant: bool,
    ) -> Result<Value, Vec<Said>> {
        let mut clue = Settings::default();
        let mut problems = Vec::new();
        for key in ["turn_hours", "idle_turns"] {
            let value = field(&format!("clue_{key}"));
            if !value.is_empty() {
                if let Err(e) = clue.set(key, &value) {
                    problems.push(Said::text(e));
                }
            }
        }
        clue.board = field("clue_no_board") != "on";
        clue.assistant = assistant;
        match problems.is_empty() {
            true => serde_json::to_value(clue).map_err(|e| vec![Said::text(e.to_string())]),
            false => Err(problems),
        }
    }
}
