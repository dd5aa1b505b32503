//! The house rules of RULES.md, each with its default.

use serde::{Deserialize, Serialize};

pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuestionPayment {
    /// Only the asker of an answered question pays.
    Winner,
    /// Every placed question costs its eyes.
    All,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub starting_eyes: u32,
    pub income: u32,
    pub one_trait_markup: u32,
    pub question_payment: QuestionPayment,
    /// `None`: the default, 36 mod N.
    pub safe_size: Option<usize>,
    pub max_rounds: Option<u32>,
    /// `None`: players are never marked done for sending nothing.
    pub idle_rounds: Option<u32>,
    pub max_shared_pair: Option<usize>,
    /// The Information Sheet assistant: each player's page shows what they can deduce.
    pub assistant: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            starting_eyes: 30,
            income: 12,
            one_trait_markup: 2,
            question_payment: QuestionPayment::Winner,
            safe_size: None,
            max_rounds: None,
            idle_rounds: Some(3),
            max_shared_pair: None,
            assistant: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("a game needs 3 to 7 players, not {0}")]
    PlayerCount(usize),
    #[error("safe_size {size} does not work with {players} players: it must be at least {min} and leave a number of cards that {players} players can share evenly (possible: {options})")]
    SafeSize {
        size: usize,
        players: usize,
        min: usize,
        options: String,
    },
    #[error("max_shared_pair must be at least 1 (a player holding any card holds one card of each of its trait pairs)")]
    MaxSharedPair,
    #[error("max_shared_pair = {limit} cannot be met: a hand of {hand} cards holds at least {least} cards of one number and gem (there are 9 such pairs); use {least} or more")]
    MaxSharedPairTooSmall {
        limit: usize,
        hand: usize,
        least: usize,
    },
    #[error("max_rounds must be at least 1")]
    MaxRounds,
    #[error("idle_rounds must be at least 1, or null to never mark idle players done")]
    IdleRounds,
    #[error("{name} {value} is too large: at most {max}")]
    TooLarge {
        name: &'static str,
        value: u64,
        max: u64,
    },
}

/// The largest value of each numeric house rule: far beyond any sensible game, and small
/// enough that no balance, bid total or round count can overflow.
pub const LIMITS: [(&str, u64); 5] = [
    ("starting_eyes", 100_000),
    ("income", 100_000),
    ("one_trait_markup", 10_000),
    ("max_rounds", 10_000),
    ("idle_rounds", 1_000),
];

impl Settings {
    /// Safe size in force for `players` players.
    pub fn safe_size_for(&self, players: usize) -> usize {
        self.safe_size.unwrap_or(36 % players.max(1))
    }

    pub fn hand_size_for(&self, players: usize) -> usize {
        (36 - self.safe_size_for(players).min(36)) / players.max(1)
    }

    /// Every safe size RULES.md §2 allows for this many players.
    pub fn possible_safe_sizes(players: usize) -> Vec<usize> {
        (36 % players..36)
            .filter(|s| (36 - s) % players == 0)
            .collect()
    }

    pub fn check(&self, players: usize) -> Result<(), SettingsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SettingsError::PlayerCount(players));
        }
        let size = self.safe_size_for(players);
        let options = Self::possible_safe_sizes(players);
        if !options.contains(&size) {
            return Err(SettingsError::SafeSize {
                size,
                players,
                min: 36 % players,
                options: options
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        if self.max_shared_pair == Some(0) {
            return Err(SettingsError::MaxSharedPair);
        }
        // A hand shares its cards among the 9 pairs of a number and a gem: no deal holds at
        // most `k` of each when the hand is larger than 9k, however long it is drawn.
        let hand = self.hand_size_for(players);
        if let Some(limit) = self.max_shared_pair.filter(|k| hand > 9 * k) {
            return Err(SettingsError::MaxSharedPairTooSmall {
                limit,
                hand,
                least: hand.div_ceil(9),
            });
        }
        if self.max_rounds == Some(0) {
            return Err(SettingsError::MaxRounds);
        }
        if self.idle_rounds == Some(0) {
            return Err(SettingsError::IdleRounds);
        }
        for (name, value) in [
            ("starting_eyes", Some(self.starting_eyes)),
            ("income", Some(self.income)),
            ("one_trait_markup", Some(self.one_trait_markup)),
            ("max_rounds", self.max_rounds),
            ("idle_rounds", self.idle_rounds),
        ] {
            let max = LIMITS.iter().find(|(n, _)| *n == name).map_or(0, |l| l.1);
            if let Some(value) = value.filter(|v| u64::from(*v) > max) {
                return Err(SettingsError::TooLarge {
                    name,
                    value: value.into(),
                    max,
                });
            }
        }
        Ok(())
    }

    /// Every setting in words, for the opening bulletin.
    pub fn describe(&self, players: usize) -> Vec<(String, String)> {
        let opt = |v: Option<String>, none: &str| v.unwrap_or_else(|| none.to_string());
        vec![
            ("starting_eyes".into(), self.starting_eyes.to_string()),
            ("income".into(), self.income.to_string()),
            ("one_trait_markup".into(), self.one_trait_markup.to_string()),
            (
                "question_payment".into(),
                match self.question_payment {
                    QuestionPayment::Winner => "winner (only answered questions are paid)".into(),
                    QuestionPayment::All => "all (every placed question is paid)".into(),
                },
            ),
            ("safe_size".into(), self.safe_size_for(players).to_string()),
            ("hand_size".into(), self.hand_size_for(players).to_string()),
            (
                "max_rounds".into(),
                opt(self.max_rounds.map(|r| r.to_string()), "none"),
            ),
            (
                "idle_rounds".into(),
                opt(self.idle_rounds.map(|r| r.to_string()), "never"),
            ),
            (
                "max_shared_pair".into(),
                opt(
                    self.max_shared_pair.map(|k| k.to_string()),
                    "no restriction",
                ),
            ),
            (
                "assistant".into(),
                if self.assistant {
                    "on (each player's page shows what they can deduce, with probabilities)".into()
                } else {
                    "off (each player's sheet shows only what they were told)".into()
                },
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_sizes_follow_rules_table() {
        let s = Settings::default();
        let table = [(3, 12, 0), (4, 9, 0), (5, 7, 1), (6, 6, 0), (7, 5, 1)];
        for (n, hand, safe) in table {
            assert_eq!(
                (s.hand_size_for(n), s.safe_size_for(n)),
                (hand, safe),
                "{n} players"
            );
            assert!(s.check(n).is_ok());
        }
    }

    #[test]
    fn safe_size_house_rule() {
        let s = Settings {
            safe_size: Some(6),
            ..Settings::default()
        };
        assert_eq!(s.hand_size_for(5), 6);
        assert!(s.check(5).is_ok());
        assert!(matches!(s.check(4), Err(SettingsError::SafeSize { .. })));
        let smaller = Settings {
            safe_size: Some(0),
            ..Settings::default()
        };
        assert!(smaller.check(5).is_err(), "below 36 mod N is not allowed");
        assert_eq!(Settings::possible_safe_sizes(7), vec![1, 8, 15, 22, 29]);
    }

    #[test]
    fn a_max_shared_pair_no_hand_can_meet_is_refused_with_the_least_that_works() {
        let one = Settings {
            max_shared_pair: Some(1),
            ..Settings::default()
        };
        // Three players hold 12 cards each: 12 cards among 9 pairs of a number and a gem.
        assert_eq!(
            one.check(3),
            Err(SettingsError::MaxSharedPairTooSmall {
                limit: 1,
                hand: 12,
                least: 2
            })
        );
        // Nine cards can fall one in each pair: left to the draw's bounded effort.
        assert!(one.check(4).is_ok());
        let two = Settings {
            max_shared_pair: Some(2),
            ..Settings::default()
        };
        assert!(two.check(3).is_ok());
    }

    #[test]
    fn player_count_bounds() {
        assert_eq!(
            Settings::default().check(2),
            Err(SettingsError::PlayerCount(2))
        );
        assert_eq!(
            Settings::default().check(8),
            Err(SettingsError::PlayerCount(8))
        );
    }

    #[test]
    fn unknown_setting_is_refused() {
        let err = serde_json::from_str::<Settings>(r#"{"incom": 3}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `incom`"));
        let s: Settings = serde_json::from_str(r#"{"idle_rounds": null}"#).unwrap();
        assert_eq!(s.idle_rounds, None);
    }
}
