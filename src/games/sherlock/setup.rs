//! A game of Sherlock Solitaire as it is made (RULES-SHERLOCK §1): its detectives, its case and
//! level, the house rules, and the deck shuffled from the seed, with the canonical text the
//! fairness commitment hashes with the salt. Every reshuffle later comes from `play_stream`,
//! keyed by the salt and the seed, so the commitment binds it too.

use rand::rngs::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::cards::Card;
use crate::games::stream::{below, commitment_of, stream};

/// A detective, with an ability for each pair of numbers (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detective {
    Holmes,
    Watson,
}

/// A case, and what solves it (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Case {
    /// The introduction: four sets in the Office, one of each number; never completed.
    ValleyOfFear,
    /// Sets completed cover the numbers the level asks.
    FinalProblem,
}

/// How a game is played: who, which case at which level, and the house rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// One detective, or two who take turns (the first plays first).
    pub detectives: Vec<Detective>,
    pub case: Case,
    /// 1, 2 or 3.
    pub level: u8,
    /// House rule `advanced`: each reshuffle of an empty deck gives a wound.
    pub advanced: bool,
    /// House rule `turn_hours`: a turn's deadline (none by default).
    pub turn_hours: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            detectives: vec![Detective::Holmes],
            case: Case::ValleyOfFear,
            level: 1,
            advanced: false,
            turn_hours: None,
        }
    }
}

impl Settings {
    /// Whether these settings can be played; the error says what to change.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=2).contains(&self.detectives.len()) {
            return Err(format!(
                "a game has one detective or two, not {}",
                self.detectives.len()
            ));
        }
        if self.detectives.len() == 2 && self.detectives[0] == self.detectives[1] {
            return Err("two detectives are Holmes and Watson, one each".into());
        }
        if !(1..=3).contains(&self.level) {
            return Err(format!("the level is 1, 2 or 3, not {}", self.level));
        }
        if let Some(h) = self.turn_hours.filter(|h| !(1..=720).contains(h)) {
            return Err(format!("turn_hours must be between 1 and 720, not {h}"));
        }
        Ok(())
    }

    /// The last turn the case allows at this level (the clock of §4).
    pub fn turn_limit(&self) -> u32 {
        let limits = match self.case {
            Case::ValleyOfFear => [6, 9, 12],
            Case::FinalProblem => [11, 13, 16],
        };
        limits[(self.level.clamp(1, 3) - 1) as usize]
    }
}

/// A shuffle by Fisher–Yates on the stream, so no library's method can change it.
pub fn shuffle<T>(items: &mut [T], rng: &mut ChaCha20Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The deck as `seed` shuffles it, its top card first.
pub fn deck(seed: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = Card::all().collect();
    shuffle(&mut cards, &mut stream("sherlock/deck", seed, 0));
    cards
}

/// The text the commitment hashes: the deck's order, top first, by face and card number
/// (`3#17`), then the seed; each line ending with a newline.
pub fn canonical_text(deck: &[Card], seed: u64) -> String {
    let cards: Vec<String> = deck
        .iter()
        .map(|c| format!("{}#{}", c.face(), c.0))
        .collect();
    format!("deck: {}\nseed: {seed}\n", cards.join(", "))
}

/// The fairness commitment of a deck and seed under `salt`.
pub fn commitment(deck: &[Card], seed: u64, salt: &str) -> String {
    commitment_of(&canonical_text(deck, seed), salt)
}

/// The stream every reshuffle comes from: keyed by the salt and the seed.
pub fn play_stream(salt: &str, seed: u64) -> ChaCha20Rng {
    stream(&format!("sherlock/play/{salt}"), seed, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_shuffles_every_card_once_and_the_same_seed_the_same_way() {
        let a = deck(7);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, Card::all().collect::<Vec<_>>());
        assert_eq!(a, deck(7));
        assert_ne!(a, deck(8));
        let text = canonical_text(&a, 7);
        assert!(text.starts_with("deck: ") && text.ends_with("seed: 7\n"));
        assert_ne!(commitment(&a, 7, "s1"), commitment(&a, 7, "s2"));
    }

    #[test]
    fn the_clock_and_the_settings_are_checked() {
        let mut s = Settings::default();
        assert_eq!(s.turn_limit(), 6);
        s.case = Case::FinalProblem;
        s.level = 3;
        assert_eq!(s.turn_limit(), 16);
        assert!(s.check().is_ok());
        s.level = 4;
        assert!(s.check().unwrap_err().contains("1, 2 or 3"));
        s.level = 1;
        s.detectives = vec![Detective::Holmes, Detective::Holmes];
        assert!(s.check().unwrap_err().contains("one each"));
        s.detectives = vec![];
        assert!(s.check().unwrap_err().contains("one detective or two"));
    }
}
