//! Clue's house rules (RULES-CLUE §3, §6), each with its default, checked for a table's size,
//! set from `key=value` text as the command line and the forms give them.

use serde::{Deserialize, Serialize};

use super::setup::{MAX_PLAYERS, MIN_PLAYERS};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// How long a turn lasts (a pause stops the clock).
    pub turn_hours: u32,
    /// The board is played: moves, rolls, movers and weapon tokens. Off: a turn is a
    /// suggestion naming any room but the previous one's.
    pub board: bool,
    /// A refuter holding two or three of the cards is asked which to show.
    pub ask_refuter: bool,
    /// How long such a refuter has to answer.
    pub show_hours: u32,
    /// Turns in a row a player may let pass before they are skipped.
    pub idle_turns: u32,
    /// The Detective Notebook on each player's page.
    pub assistant: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            turn_hours: 24,
            board: true,
            ask_refuter: false,
            show_hours: 12,
            idle_turns: 3,
            assistant: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("Clue needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    PlayerCount(usize),
    #[error("turn_hours must be between 1 and 720, not {0}")]
    TurnHours(u32),
    #[error("show_hours must be between 1 and 720, not {0}")]
    ShowHours(u32),
    #[error("idle_turns must be at least 1, not {0}")]
    IdleTurns(u32),
}

impl Settings {
    /// Whether these house rules suit a table of `players`.
    pub fn check(&self, players: usize) -> Result<(), SettingsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SettingsError::PlayerCount(players));
        }
        if !(1..=720).contains(&self.turn_hours) {
            return Err(SettingsError::TurnHours(self.turn_hours));
        }
        if !(1..=720).contains(&self.show_hours) {
            return Err(SettingsError::ShowHours(self.show_hours));
        }
        if self.idle_turns == 0 {
            return Err(SettingsError::IdleTurns(self.idle_turns));
        }
        Ok(())
    }

    /// The house rules as `key = value` lines, for the opening bulletin.
    pub fn lines(&self) -> Vec<(&'static str, String)> {
        let on_off = crate::games::house_text::on_off_text;
        vec![
            ("turn_hours", self.turn_hours.to_string()),
            ("board", on_off(self.board)),
            ("ask_refuter", on_off(self.ask_refuter)),
            ("show_hours", self.show_hours.to_string()),
            ("idle_turns", self.idle_turns.to_string()),
            ("assistant", on_off(self.assistant)),
        ]
    }

    /// Sets one house rule from `key=value` text.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        use crate::games::house_text::{on_off, whole};
        let number = || whole(key, value);
        let flag = || on_off(key, value);
        match key.trim() {
            "turn_hours" => self.turn_hours = number()?,
            "board" => self.board = flag()?,
            "ask_refuter" => self.ask_refuter = flag()?,
            "show_hours" => self.show_hours = number()?,
            "idle_turns" => self.idle_turns = number()?,
            "assistant" => self.assistant = flag()?,
            other => {
                let keys: Vec<&str> = self.lines().iter().map(|(k, _)| *k).collect();
                return Err(format!(
                    "\"{other}\" is not a house rule of Clue: use {}",
                    keys.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// House rules from the command line's `KEY=VALUE` pairs.
    pub fn from_pairs(pairs: &[String]) -> Result<Settings, String> {
        let mut s = Settings::default();
        for pair in pairs {
            let (k, v) = crate::games::house_text::pair(pair)?;
            s.set(k, v)?;
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_rules_and_every_house_rule_is_set_by_name() {
        let d = Settings::default();
        assert_eq!(
            (
                d.turn_hours,
                d.board,
                d.ask_refuter,
                d.show_hours,
                d.idle_turns,
                d.assistant
            ),
            (24, true, false, 12, 3, true)
        );
        let s = Settings::from_pairs(&[
            "board=off".into(),
            "ask_refuter=on".into(),
            "show_hours=6".into(),
        ])
        .unwrap();
        assert!(!s.board && s.ask_refuter && s.show_hours == 6);
        assert!(Settings::from_pairs(&["boards=off".into()])
            .unwrap_err()
            .contains("not a house rule of Clue"));
        assert!(Settings::from_pairs(&["board".into()])
            .unwrap_err()
            .contains("key=value"));
        assert!(Settings::from_pairs(&["turn_hours=soon".into()]).is_err());
    }

    #[test]
    fn a_table_of_three_to_six_with_sane_clocks_is_allowed() {
        let d = Settings::default();
        assert!(d.check(3).is_ok() && d.check(6).is_ok());
        assert_eq!(d.check(7), Err(SettingsError::PlayerCount(7)));
        assert_eq!(d.check(2), Err(SettingsError::PlayerCount(2)));
        let slow = Settings {
            turn_hours: 0,
            ..Settings::default()
        };
        assert_eq!(slow.check(4), Err(SettingsError::TurnHours(0)));
        // Stored house rules read back, unknown keys refused.
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), d);
        assert!(serde_json::from_str::<Settings>(r#"{"boards": true}"#).is_err());
    }
}
