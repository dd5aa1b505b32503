//! A computer player's level, as a game master seats one (`computer:LEVEL`): every game's
//! computer players play at one of these, each game by its own means, and when (`Timing`).

use std::time::Duration;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Novice,
    Detective,
    Master,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Novice, Level::Detective, Level::Master];

    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Detective => "detective",
            Level::Master => "master",
        }
    }

    /// Reads a level's name; the error lists the levels there are.
    pub fn parse(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                format!(
                    "\"{}\" is not a computer player's level; use novice, detective or master",
                    text.trim()
                )
            })
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// When computer players play.
#[derive(Clone, Debug)]
pub struct Timing {
    /// How long after its round opens a computer player sends its turn.
    pub after: Duration,
    /// The longest a turn may take to work out; past it the turn is sent empty.
    pub budget: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            after: Duration::from_secs(60),
            budget: Duration::from_secs(20),
        }
    }
}
