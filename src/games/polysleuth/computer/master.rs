//! The master: plays to win on points. Points for a card shrink with every player who has
//! guessed it right before, and are shared with those who guess it in the same round, so it
//! guesses a card as soon as it is likely enough rather than certain — sooner for a card in
//! the safe, which every player is racing for. It prefers questions whose answer only it
//! sees (two traits), and bids just above what the most eager rival could reach, spending
//! where it expects to win (in games of four or more; in three-player games it bids as the
//! detective does).

use crate::games::polysleuth::rules::{Card, QuestionPayment};

use super::bids;
use super::knowledge::Knowledge;
use super::questions::{best_per_target, candidates};
use super::seat::Seat;
use super::text;

/// How likely a card must be in a player's hand, or in the safe, before the master guesses.
const SURE_ENOUGH: f64 = 0.8;
const SURE_ENOUGH_SAFE: f64 = 0.7;
/// How much a public answer is worth to the master beside a private one: the others learn
/// the count too.
const PUBLIC_SHARE: f64 = 0.6;

pub fn turn(seat: &Seat) -> String {
    let k = Knowledge::deduce(seat);
    let mut lines = Vec::new();
    if !seat.done[seat.me] {
        for card in Card::all() {
            if seat.hand.contains(card)
                || seat.guessed.contains(card)
                || seat.published.contains(card)
            {
                continue;
            }
            let (place, p) = k.best(card);
            let enough = if Some(place) == seat.safe() {
                SURE_ENOUGH_SAFE
            } else {
                SURE_ENOUGH
            };
            if place != seat.me && p >= enough {
                lines.push(text::guess(seat, lines.len() + 1, card, place));
            }
        }
    }
    let cands = candidates(seat, &k);
    let value = |c: &super::questions::Candidate| {
        if c.private {
            c.info
        } else {
            c.info * PUBLIC_SHARE
        }
    };
    let mut chosen: Vec<(f64, super::questions::Candidate, u32)> = best_per_target(&cands, value)
        .into_iter()
        .filter(|q| value(q) >= 0.3)
        .map(|q| {
            let want = if seat.players.len() > 3 {
                bids::rival_weight(seat, q.target) + 1
            } else {
                // With one rival per target, outbidding it costs more than it brings
                // (measured by `simulate`: 19 % of three-player games won that way, 37 % so).
                bids::usual_weight(seat, q.target).ceil() as u64 + 1
            };
            let bid = bids::bid_for(seat, q.traits.len(), want);
            (value(&q) / (bid as f64 + 1.0), q, bid)
        })
        .collect();
    chosen.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut eyes = seat.eyes[seat.me];
    let all_pay = seat.settings.question_payment == QuestionPayment::All;
    let mut n = 0;
    for (_, q, bid) in chosen {
        if bid > eyes {
            // With nothing else to ask, spend what is left on the best question.
            if n == 0 && !all_pay {
                n += 1;
                lines.push(text::question(seat, n, &q, eyes));
                eyes = 0;
            }
            continue;
        }
        eyes -= bid;
        n += 1;
        lines.push(text::question(seat, n, &q, bid));
    }
    lines.join("\n")
}
