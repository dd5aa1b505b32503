//! A game's house rules as its pages and mails list them, in the reader's language: each
//! setting's name and value.

use crate::games::polysleuth::rules::{QuestionPayment, Settings};
use crate::lang::Lang;
use crate::store::SeatingRow;

/// `(name, value)` for every setting, in the order RULES.md gives them, then the two of the
/// table the game was seated at (`seating`: none for a game made with its players, where
/// nobody may be away and no standby takes a seat by itself).
pub fn settings(
    lang: Lang,
    s: &Settings,
    players: usize,
    seating: Option<&SeatingRow>,
) -> Vec<(String, String)> {
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
        (
            "max_absence",
            match seating.map_or(0, |s| s.max_absence) {
                0 => lang.t("setting-absence-none"),
                rounds => lang.t1("setting-absence-rounds", "rounds", rounds),
            },
        ),
        (
            "auto_standby",
            lang.t(if seating.is_some_and(|s| s.auto_standby) {
                "setting-standby-on"
            } else {
                "setting-standby-off"
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
            E::MaxSharedPairTooSmall { limit, hand, least } => said!(
                "settings-max-shared-pair-small",
                limit = *limit,
                hand = *hand,
                least = *least
            ),
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
            let rows = super::settings(lang, &s, 4, None);
            assert_eq!(rows.len(), 12);
            for (name, _) in &rows {
                assert!(!name.contains('_'), "{lang:?}: {name}");
            }
        }
        let en = super::settings(Lang::En, &s, 4, None);
        assert_eq!(en[0], ("Private Eyes at the start".into(), "30".into()));
        assert!(en[10].1.starts_with("none"), "{:?}", en[10]);
        let fr = super::settings(Lang::Fr, &s, 4, None);
        assert_eq!(fr[0].0, "Détectives privés au départ");
        // A table where a player may be away and a standby takes an idle seat says so.
        let seating = crate::store::SeatingRow {
            game_id: 1,
            min_players: 4,
            max_players: 4,
            start_at: None,
            max_absence: 3,
            auto_standby: true,
        };
        let en = super::settings(Lang::En, &s, 4, Some(&seating));
        assert_eq!(en[10].1, "3 rounds at a time");
        assert!(en[11].1.starts_with("on"), "{:?}", en[11]);
    }
}
