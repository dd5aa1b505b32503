//! A game's house rules as its pages and mails list them, in the reader's language: each
//! setting's name and value.

use crate::games::polysleuth::rules::{QuestionPayment, Settings};
use crate::lang::Lang;

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

/// A Polysleuth house rule that does not fit, as a message for the reader's language.
impl From<&crate::games::polysleuth::rules::settings::SettingsError> for crate::lang::Said {
    fn from(e: &crate::games::polysleuth::rules::settings::SettingsError) -> Self {
        use crate::games::polysleuth::rules::settings::SettingsError as E;
        use crate::said;
        match e {
            E::PlayerCount(n) => said!("settings-player-count", count = *n),
            E::SafeSize {
                size,
                players,
                min,
                options,
            } => said!(
                "settings-safe-size",
                size = *size,
                players = *players,
                min = *min,
                options = options.as_str()
            ),
            E::MaxSharedPair => said!("settings-max-shared-pair"),
            E::MaxRounds => said!("settings-max-rounds"),
            E::IdleRounds => said!("settings-idle-rounds"),
            E::TooLarge { name, value, max } => {
                said!(
                    "settings-too-large",
                    name = *name,
                    value = *value,
                    max = *max
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::{Lang, Said};

    #[test]
    fn a_house_rule_that_does_not_fit_is_told_in_the_readers_language() {
        let e = crate::games::polysleuth::rules::Settings::default()
            .check(9)
            .unwrap_err();
        assert_eq!(Lang::En.said(&Said::from(&e)), e.to_string());
        assert!(Lang::Fr.said(&Said::from(&e)).contains("pas 9"));
    }

    #[test]
    fn house_rules_are_listed_in_words_of_each_language_never_by_their_keys() {
        let s = crate::games::polysleuth::rules::Settings::default();
        for lang in [Lang::En, Lang::Fr] {
            let rows = super::settings(lang, &s, 4);
            assert_eq!(rows.len(), 10);
            for (name, _) in &rows {
                assert!(!name.contains('_'), "{lang:?}: {name}");
            }
        }
        let en = super::settings(Lang::En, &s, 4);
        assert_eq!(en[0], ("Private Eyes at the start".into(), "30".into()));
        let fr = super::settings(Lang::Fr, &s, 4);
        assert_eq!(fr[0].0, "Détectives privés au départ");
    }
}
