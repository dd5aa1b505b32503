//! Computer players: three levels that write turns from one seat's view, as a person would,
//! and are checked and resolved like anyone's. Pure, like the rules and the assistant: the
//! seat's view and a random stream in, a turn's text out.

pub mod bids;
pub mod detective;
pub mod knowledge;
pub mod master;
pub mod novice;
pub mod questions;
pub mod seat;
pub mod text;

use rand::rngs::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use crate::rules::Card;

pub use knowledge::Knowledge;
pub use seat::Seat;

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

    /// The seat's turn for this round, or None when the player misses it. Computer players
    /// are always ready, so they never hold a round open.
    pub fn turn(self, seat: &Seat, rng: &mut ChaCha20Rng) -> Option<String> {
        let text = match self {
            Level::Novice => novice::turn(seat, rng)?,
            Level::Detective => detective::turn(seat),
            Level::Master => master::turn(seat),
        };
        Some(if text.is_empty() {
            "ready".to_string()
        } else {
            format!("{text}\nready")
        })
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A guess line for every card the seat knows for certain and has not guessed yet.
pub fn certain_guesses(seat: &Seat, k: &Knowledge) -> Vec<String> {
    if seat.done[seat.me] {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for card in Card::all() {
        let Some(place) = k.known[card.index()] else { continue };
        if place != seat.me && !seat.guessed.contains(card) && !seat.published.contains(card) {
            lines.push(text::guess(seat, lines.len() + 1, card, place));
        }
    }
    lines
}
