//! A game's house rules as its pages and mails list them, in the reader's language: each
//! setting's name and value.

use super::Lang;
use crate::rules::{QuestionPayment, Settings};

/// `(name, value)` for every setting, in the order RULES.md gives them.
pub fn settings(lang: Lang, s: &Settings, players: usize) -> Vec<(String, String)> {
    let n = |v: Option<u32>, none: &str| v.map(|v| v.to_string()).unwrap_or_else(|| lang.t(none));
    let rows = [
        ("starting_eyes", s.starting_eyes.to_string()),
        ("income", s.income.to_string()),
        ("one_trait_markup", s.one_trait_markup.to_string()),
        (
            "question_payment",
            lang.t(match s.question_payment {
                QuestionPayment::Winner => "setting-payment-winner",
                QuestionPayment::All => "setting-payment-all",
            }),
        ),
        ("safe_size", s.safe_size_for(players).to_string()),
        ("hand_size", s.hand_size_for(players).to_string()),
        ("max_rounds", n(s.max_rounds, "setting-none")),
        ("idle_rounds", n(s.idle_rounds, "setting-never")),
        (
            "max_shared_pair",
            n(
                s.max_shared_pair.map(|k| k as u32),
                "setting-no-restriction",
            ),
        ),
        (
            "assistant",
            lang.t(if s.assistant {
                "setting-assistant-on"
            } else {
                "setting-assistant-off"
            }),
        ),
    ];
    rows.into_iter()
        .map(|(key, value)| (lang.t1("setting-name", "key", key), value))
        .collect()
}
