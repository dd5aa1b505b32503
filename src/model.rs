//! The game master's own words, shared by every layer above the store: where a turn came
//! from, who closed a round, what creating a game gives back. Plain data with no behaviour
//! beyond naming itself, so letters, the writer and the doors can all speak of them without
//! depending on the game master.

use serde::{Deserialize, Serialize};

pub use crate::notes::Note;

/// Who or what closed a round. Kept in each stored bulletin by these names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClosedBy {
    #[serde(rename = "deadline")]
    Deadline,
    #[serde(rename = "all ready")]
    AllReady,
    #[serde(rename = "game master")]
    GameMaster,
}

impl ClosedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            ClosedBy::Deadline => "deadline",
            ClosedBy::AllReady => "all ready",
            ClosedBy::GameMaster => "game master",
        }
    }
}

impl std::fmt::Display for ClosedBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a resolved round leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The game goes on to the next round unless the rules end it.
    Continue,
    /// The game master ends the game with this round.
    End,
}

/// A seat of a new game. Its link is the player's key: it goes to that player by mail alone
/// and never into an answer to whoever created the game (it is not serialized). The command
/// line's demo and the benchmarks, which play every seat themselves, read it in process.
#[derive(Clone, Debug, Serialize)]
pub struct CreatedPlayer {
    pub name: String,
    #[serde(skip_serializing)]
    pub link: String,
}

/// What creating a game gives back to whoever created it.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    pub id: i64,
    pub public_page: String,
    pub gm_link: String,
    pub players: Vec<CreatedPlayer>,
}

/// Where a turn came from, which decides how it is confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The web page or the API. The answer shows the result at once; the mail that follows is
    /// one summary of the turn in force, sent `Planner::web_confirm_after` after the first
    /// change not yet mailed, so a player who revises a turn ten times gets one mail, not ten.
    /// A rejected change leaves the turn as it was and is not mailed.
    Web,
    /// A mail, answered by mail at once, to the registered address only: a mail from another
    /// address with a valid reply token may send a turn, but what comes back (the turn, the
    /// hand in `status`) is the player's alone. `ignored` counts the lines of prose around the
    /// turn that were not read (`mail::reply`); the answer says so.
    Mail {
        ignored: usize,
        /// The stored inbound message, marked handled in the turn's own transaction.
        inbound: Option<i64>,
    },
    /// The service's own computer player: nothing is mailed back.
    Computer,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_closed_a_round_is_stored_by_its_old_names() {
        for (by, text) in [
            (ClosedBy::Deadline, "\"deadline\""),
            (ClosedBy::AllReady, "\"all ready\""),
            (ClosedBy::GameMaster, "\"game master\""),
        ] {
            assert_eq!(serde_json::to_string(&by).unwrap(), text);
            assert_eq!(serde_json::from_str::<ClosedBy>(text).unwrap(), by);
            assert_eq!(format!("\"{by}\""), text);
        }
        assert!(serde_json::from_str::<ClosedBy>("\"someone\"").is_err());
    }
}
