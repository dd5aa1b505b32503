//! The detective: uses the Information Sheet assistant. It guesses every card it knows for
//! certain, asks each player the question whose answer it expects to teach it most, and bids
//! what such questions have usually needed, while its Private Eyes last.

use crate::games::polysleuth::rules::Card;

use super::bids;
use super::knowledge::Knowledge;
use super::questions::{best_per_target, candidates};
use super::seat::Seat;
use super::{certain_guesses, text};

/// Questions expected to teach less than this are not worth a line.
const LEAST_BITS: f64 = 0.3;

pub fn turn(seat: &Seat) -> String {
    let k = Knowledge::deduce(seat);
    let mut lines = certain_guesses(seat, &k);
    let cands = candidates(seat, &k);
    let mut eyes = seat.eyes[seat.me];
    let mut n = 0;
    if lines.is_empty() && !seat.done[seat.me] && cands.iter().all(|c| c.info < LEAST_BITS) {
        // Nothing left to learn by asking: guess the likeliest open card where it most
        // likely is, so the game goes on.
        if let Some((card, place)) = likeliest_open(seat, &k) {
            lines.push(text::guess(seat, 1, card, place));
        }
    }
    for q in best_per_target(&cands, |c| c.info) {
        if q.info < LEAST_BITS || eyes == 0 {
            break;
        }
        let want = bids::usual_weight(seat, q.target).ceil() as u64 + 1;
        let bid = bids::bid_for(seat, q.traits.len(), want).min(eyes);
        eyes -= bid;
        n += 1;
        lines.push(text::question(seat, n, &q, bid));
    }
    lines.join("\n")
}

/// The open card the seat is surest of, and where, among those it may still guess.
pub fn likeliest_open(seat: &Seat, k: &Knowledge) -> Option<(Card, usize)> {
    Card::all()
        .filter(|&c| {
            !seat.hand.contains(c) && !seat.guessed.contains(c) && !seat.published.contains(c)
        })
        .map(|c| (c, k.best(c)))
        .filter(|(_, (place, _))| *place != seat.me)
        .max_by(|a, b| a.1 .1.total_cmp(&b.1 .1))
        .map(|(c, (place, _))| (c, place))
}
