//! The house rules of classic Sleuth (RULES-SLEUTH.md), each with its default, and the
//! sizes of hands and of the table that follow from the number of players.

use serde::{Deserialize, Serialize};

pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 7;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Cards set aside unseen: 1, or 2–3 with 3 or 4 players (the seed's "additional
    /// missing gems").
    pub missing_gems: usize,
    /// How long a turn lasts.
    pub turn_hours: u32,
    /// Two-element questions answer with the count only; no card is shown.
    pub supersleuth: bool,
    /// A turn may hold two questions to two players, one of one element and one of two.
    pub two_questions: bool,
    /// How many correct accusations end the game (the seed's "playing for second").
    pub winners: usize,
    /// Turns in a row a player may let pass before they are skipped.
    pub idle_turns: u32,
    /// The Information Sheet assistant on each player's page.
    pub assistant: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            missing_gems: 1,
            turn_hours: 24,
            supersleuth: false,
            two_questions: false,
            winners: 1,
            idle_turns: 3,
            assistant: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("classic Sleuth needs 3 to 7 players, not {0}")]
    PlayerCount(usize),
    #[error("missing_gems = {0} is allowed only with 3 or 4 players and must be 1, 2 or 3; with {1} players use 1")]
    MissingGems(usize, usize),
    #[error("turn_hours must be between 1 and 720, not {0}")]
    TurnHours(u32),
    #[error("winners must be at least 1 and fewer than the {1} players, not {0}")]
    Winners(usize, usize),
    #[error("idle_turns must be at least 1, not {0}")]
    IdleTurns(u32),
}

impl Settings {
    pub fn check(&self, players: usize) -> Result<(), SettingsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SettingsError::PlayerCount(players));
        }
        let missing_ok = match self.missing_gems {
            1 => true,
            2 | 3 => players <= 4,
            _ => false,
        };
        if !missing_ok {
            return Err(SettingsError::MissingGems(self.missing_gems, players));
        }
        if !(1..=720).contains(&self.turn_hours) {
            return Err(SettingsError::TurnHours(self.turn_hours));
        }
        if self.winners == 0 || self.winners >= players {
            return Err(SettingsError::Winners(self.winners, players));
        }
        if self.idle_turns == 0 {
            return Err(SettingsError::IdleTurns(self.idle_turns));
        }
        Ok(())
    }

    /// Cards in each hand, per the seed.
    pub fn hand_size(players: usize) -> usize {
        match players {
            3 => 11,
            4 => 8,
            5 => 7,
            _ => 5,
        }
    }

    /// Cards on the table: what is left once the missing gems and the hands are out.
    pub fn table_size(&self, players: usize) -> usize {
        36 - self.missing_gems - players * Settings::hand_size(players)
    }

    /// The house rules as `key = value` lines, for the opening bulletin.
    pub fn lines(&self) -> Vec<(&'static str, String)> {
        vec![
            ("missing_gems", self.missing_gems.to_string()),
            ("turn_hours", self.turn_hours.to_string()),
            ("supersleuth", on_off(self.supersleuth)),
            ("two_questions", on_off(self.two_questions)),
            ("winners", self.winners.to_string()),
            ("idle_turns", self.idle_turns.to_string()),
            ("assistant", on_off(self.assistant)),
        ]
    }

    /// Sets one house rule from `key=value` text, as `--setting` and the forms give it.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        use crate::games::house_text::{on_off, whole};
        let number = || whole(key, value);
        let flag = || on_off(key, value);
        match key.trim() {
            "missing_gems" => self.missing_gems = number()? as usize,
            "turn_hours" => self.turn_hours = number()?,
            "supersleuth" => self.supersleuth = flag()?,
            "two_questions" => self.two_questions = flag()?,
            "winners" => self.winners = number()? as usize,
            "idle_turns" => self.idle_turns = number()?,
            "assistant" => self.assistant = flag()?,
            other => {
                return Err(format!(
                "\"{other}\" is not a house rule of classic Sleuth; the rules are missing_gems, turn_hours, supersleuth, two_questions, winners, idle_turns and assistant"
            ))
            }
        }
        Ok(())
    }
}

impl Settings {
    /// House rules from `key=value` texts, as `--setting` gives them.
    pub fn from_pairs(pairs: &[String]) -> Result<Settings, String> {
        let mut s = Settings::default();
        for pair in pairs {
            let (k, v) = crate::games::house_text::pair(pair)?;
            s.set(k, v)?;
        }
        Ok(s)
    }
}

use crate::games::house_text::on_off_text as on_off;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_what_the_seed_says_with_one_missing_gem() {
        let s = Settings::default();
        let table: Vec<usize> = (3..=7).map(|n| s.table_size(n)).collect();
        assert_eq!(table, vec![2, 3, 0, 5, 0]);
    }

    #[test]
    fn extra_missing_gems_are_for_three_or_four_players_only() {
        let mut s = Settings {
            missing_gems: 3,
            ..Settings::default()
        };
        assert!(s.check(4).is_ok());
        assert_eq!(s.table_size(4), 1);
        assert_eq!(s.check(5), Err(SettingsError::MissingGems(3, 5)));
        s.missing_gems = 4;
        assert!(s.check(3).is_err());
    }

    #[test]
    fn a_house_rule_is_set_from_text_and_a_bad_one_is_named() {
        let mut s = Settings::default();
        s.set("supersleuth", "on").unwrap();
        s.set("winners", "2").unwrap();
        assert!(s.supersleuth);
        assert_eq!(s.winners, 2);
        assert!(s
            .set("income", "3")
            .unwrap_err()
            .contains("not a house rule"));
        assert!(s
            .set("winners", "many")
            .unwrap_err()
            .contains("whole number"));
    }
}
