//! The novice: plausible but careless. It sometimes misses a round, guesses only cards it is
//! plainly sure of (and forgets some of those), and asks random questions for random bids.

use rand::rngs::ChaCha20Rng;

use crate::games::stream::below;

use crate::games::deck::matching;
use crate::games::polysleuth::rules::Card;

use super::knowledge::Knowledge;
use super::questions::{trait_sets, Candidate};
use super::seat::Seat;
use super::text;

/// Whether a draw of `0..100` falls below `percent`: drawn with `below`, so no library's
/// sampling method can change a computer's choices.
fn chance(rng: &mut ChaCha20Rng, percent: u64) -> bool {
    below(rng, 100) < percent
}

/// One of `0..n`, drawn as `chance` is.
fn pick(rng: &mut ChaCha20Rng, n: usize) -> usize {
    below(rng, n as u64) as usize
}

pub fn turn(seat: &Seat, rng: &mut ChaCha20Rng) -> Option<String> {
    if chance(rng, 15) {
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
            if chance(rng, 70) {
                lines.push(text::guess(seat, lines.len() + 1, card, place));
            }
        }
    }
    let others: Vec<usize> = seat.others().collect();
    let sets = trait_sets();
    let mut eyes = seat.eyes[seat.me];
    let asks = if chance(rng, 30) { 2 } else { 1 };
    for n in 1..=asks {
        let target = others[pick(rng, others.len())];
        let traits = sets[pick(rng, sets.len())].clone();
        if matching(&traits).is_empty() {
            continue;
        }
        let bid = pick(rng, eyes.min(8) as usize + 1) as u32;
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
