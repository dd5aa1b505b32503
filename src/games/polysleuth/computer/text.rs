//! Turn lines written as a person writes them, so a computer player's turn goes through the
//! same reader and checks as anyone's.

use crate::games::polysleuth::rules::{Card, Trait};

use super::questions::Candidate;
use super::seat::Seat;

/// A guess line: the card in a player's hand or in the safe.
pub fn guess(seat: &Seat, number: usize, card: Card, place: usize) -> String {
    if place < seat.players.len() {
        format!("{number}: {} has {card}", seat.players[place])
    } else {
        format!("{number}: {card} is in the safe")
    }
}

/// A question line with its bid.
pub fn question(seat: &Seat, number: usize, q: &Candidate, eyes: u32) -> String {
    format!(
        "{number} ({eyes}): {} has how many {}?",
        seat.players[q.target],
        asked(&q.traits)
    )
}

/// Traits as a person asks for them: "Reds", "Red Twos", "Red Diamonds".
fn asked(traits: &[Trait]) -> String {
    match traits {
        [one] => one.prose_plural(),
        [a, b] => {
            // The number comes last, else the gem: "Red Twos", "Red Diamonds".
            let rank = |t: &Trait| match t {
                Trait::Colour(_) => 0,
                Trait::Gem(_) => 1,
                Trait::Number(_) => 2,
            };
            let (first, last) = if rank(a) > rank(b) { (b, a) } else { (a, b) };
            let first = match first {
                Trait::Number(_) => first.prose_plural(),
                _ => first.name().to_string(),
            };
            format!("{first} {}", last.prose_plural())
        }
        _ => String::new(),
    }
}
