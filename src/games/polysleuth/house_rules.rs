//! Polysleuth's house rules as the one validation of a new game asks for them
//! (`master::house_rules::HouseRules`): read from the API's JSON `settings` or the new-game
//! form's fields, checked for a table's size, a given deal checked.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde_json::Value;

use super::rules::settings::{MAX_PLAYERS, MIN_PLAYERS};
use super::rules::{QuestionPayment, Settings};
use crate::lang::{Lang, Said};
use crate::master::house_rules::{form_number as number, HouseRules};
use crate::said;
use crate::store::Ruleset;

/// Polysleuth's house rules.
pub struct PolysleuthRules;

/// The one `PolysleuthRules`.
pub static RULES: PolysleuthRules = PolysleuthRules;

/// Its fields of the new-game form.
#[derive(askama::Template)]
#[template(path = "games/polysleuth/new_game_rules.html")]
struct RulesForm {
    t: Lang,
    v_starting_eyes: String,
    v_income: String,
    v_one_trait_markup: String,
    payment: String,
    v_safe_size: String,
    v_max_rounds: String,
    v_idle_rounds: String,
    v_max_shared_pair: String,
}

/// Its house rules as a game keeps them, or its defaults.
pub fn settings(rules: Option<&Value>) -> Settings {
    rules
        .and_then(|r| serde_json::from_value(r.clone()).ok())
        .unwrap_or_default()
}

impl HouseRules for PolysleuthRules {
    fn ruleset(&self) -> Ruleset {
        Ruleset::POLYSLEUTH
    }

    fn aliases(&self) -> &'static [&'static str] {
        crate::games::Game::aliases(&super::POLYSLEUTH)
    }

    fn title(&self) -> &'static str {
        crate::games::Game::title(&super::POLYSLEUTH)
    }

    fn players(&self) -> RangeInclusive<usize> {
        MIN_PLAYERS..=MAX_PLAYERS
    }

    fn read(&self, given: Option<&Value>) -> Result<Value, Said> {
        crate::master::house_rules::read_as::<Settings>(given)
    }

    fn fits(&self, rules: &Value, players: usize) -> Result<(), Said> {
        settings(Some(rules))
            .check(players)
            .map_err(|e| Said::from(&e))
    }

    /// A round lasts what the request asks.
    fn turn_seconds(&self, _rules: &Value) -> Option<i64> {
        None
    }

    fn check_deal(
        &self,
        names: &[String],
        _rules: &Value,
        deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String> {
        // The replay reader names every problem of a given deal.
        super::replay::read_deal(names, deal.clone())
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn reserved_name(&self, name: &str) -> bool {
        name.eq_ignore_ascii_case("safe")
    }

    fn label(&self, _t: Lang) -> String {
        self.title().to_string()
    }

    /// The form's own hint says what Polysleuth is.
    fn hint(&self, _t: Lang) -> Option<String> {
        None
    }

    fn form_defaults(&self) -> Vec<(&'static str, String)> {
        let s = Settings::default();
        vec![
            ("starting_eyes", s.starting_eyes.to_string()),
            ("income", s.income.to_string()),
            ("one_trait_markup", s.one_trait_markup.to_string()),
            ("question_payment", "winner".into()),
            ("idle_rounds", "3".into()),
        ]
    }

    fn form(&self, t: Lang, value: &dyn Fn(&str) -> String) -> String {
        let form = RulesForm {
            t,
            v_starting_eyes: value("starting_eyes"),
            v_income: value("income"),
            v_one_trait_markup: value("one_trait_markup"),
            payment: value("question_payment"),
            v_safe_size: value("safe_size"),
            v_max_rounds: value("max_rounds"),
            v_idle_rounds: value("idle_rounds"),
            v_max_shared_pair: value("max_shared_pair"),
        };
        askama::Template::render(&form).expect("the house rules' form renders")
    }

    fn read_form(
        &self,
        field: &dyn Fn(&str) -> String,
        assistant: bool,
    ) -> Result<Value, Vec<Said>> {
        let mut problems = Vec::new();
        let p = &mut problems;
        let d = Settings::default();
        let mut settings = Settings {
            starting_eyes: number(field, "starting_eyes", "field-starting-eyes", p)
                .unwrap_or(d.starting_eyes),
            income: number(field, "income", "field-income", p).unwrap_or(d.income),
            one_trait_markup: number(field, "one_trait_markup", "field-markup", p)
                .unwrap_or(d.one_trait_markup),
            safe_size: number(field, "safe_size", "field-safe-size", p),
            max_rounds: number(field, "max_rounds", "field-max-rounds", p),
            idle_rounds: number(field, "idle_rounds", "field-idle-rounds", p),
            max_shared_pair: number(field, "max_shared_pair", "field-deal-restriction", p),
            assistant,
            ..d
        };
        settings.question_payment = match field("question_payment").as_str() {
            "" | "winner" => QuestionPayment::Winner,
            "all" => QuestionPayment::All,
            other => {
                problems.push(said!("error-form-payment", value = other));
                QuestionPayment::Winner
            }
        };
        match problems.is_empty() {
            true => serde_json::to_value(settings).map_err(|e| vec![Said::text(e.to_string())]),
            false => Err(problems),
        }
    }
}
