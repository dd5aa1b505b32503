//! The novice: plausible but careless. It sometimes misses a round, guesses only cards it is
//! plainly sure of (and forgets some of those), and asks random questions for random bids.

use rand::rngs::ChaCha20Rng;
use rand::RngExt;

use crate::games::deck::matching;
use crate::games::polysleuth::rules::Card;

use super::knowledge::Knowledge;
use super::questions::{trait_sets, Candidate};
use super::seat::Seat;
use super::text;

pub fn turn(seat: &Seat, rng: &mut ChaCha20Rng) -> Option<String> {
    if rng.random_bool(0.15) {
        return None;
    }
    let mut lines = Vec::new();
    if !seat.done[seat.me] {
        let k = Knowledge::glance(seat);
        for card in Card::all() {
            let Some(place) = k.known[card.index()] else {
                continue;
            };
            if place == seat.me || seat.guessed.contains(card) || seat.published.contains(card) {
                continue;
            }
            if rng.random_bool(0.7) {
                lines.push(text::guess(seat, lines.len() + 1, card, place));
            }
        }
    }
    let others: Vec<usize> = seat.others().collect();
    let sets = trait_sets();
    let mut eyes = seat.eyes[seat.me];
    let asks = if rng.random_bool(0.3) { 2 } else { 1 };
    for n in 1..=asks {
        let target = others[rng.random_range(0..others.len())];
        let traits = sets[rng.random_range(0..sets.len())].clone();
        if matching(&traits).is_empty() {
            continue;
        }
        let bid = rng.random_range(0..=eyes.min(8));
        eyes -= bid;
        let q = Candidate {
            target,
            traits,
            info: 0.0,
            private: false,
        };
        lines.push(text::question(seat, n, &q, bid));
    }
    Some(lines.join("\n"))
}
