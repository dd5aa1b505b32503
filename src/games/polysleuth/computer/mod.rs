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

use crate::games::polysleuth::rules::Card;

pub use knowledge::Knowledge;
pub use seat::Seat;

pub use crate::level::Level;

/// The seat's turn for this round, or None when the player misses it. Computer players
/// are always ready, so they never hold a round open.
pub fn turn(level: Level, seat: &Seat, rng: &mut ChaCha20Rng) -> Option<String> {
    let text = match level {
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

/// A guess line for every card the seat knows for certain and has not guessed yet.
pub fn certain_guesses(seat: &Seat, k: &Knowledge) -> Vec<String> {
    if seat.done[seat.me] {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for card in Card::all() {
        let Some(place) = k.known[card.index()] else {
            continue;
        };
        if place != seat.me && !seat.guessed.contains(card) && !seat.published.contains(card) {
            lines.push(text::guess(seat, lines.len() + 1, card, place));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::{propagate, sample::find_deal};
    use crate::games::polysleuth::assistant::of_recorded;
    use crate::games::polysleuth::rules::deal::stream;
    use crate::games::polysleuth::rules::{CardSet, Deal, Game, Settings};
    use crate::games::polysleuth::sim;

    /// A game after `rounds` rounds of random play, with every round's outcome.
    fn played(
        seed: u64,
        rounds: usize,
    ) -> (
        Game,
        Game,
        Vec<crate::games::polysleuth::rules::RoundOutcome>,
    ) {
        let names: Vec<String> = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let start = Game::new(names, Settings::default(), seed, None).unwrap();
        let mut game = start.clone();
        let mut rng = sim::rng(seed);
        let mut outcomes = Vec::new();
        for _ in 0..rounds {
            let turns: Vec<_> = (0..5)
                .map(|s| {
                    sim::turn_text(&game, s, &sim::Style::default(), &mut rng)
                        .and_then(|t| game.validate(s, &t).ok())
                })
                .collect();
            let (next, outcome) = game.resolve(&turns, &[]);
            game = next;
            outcomes.push(outcome);
        }
        (start, game, outcomes)
    }

    fn seat_of(
        game: &Game,
        outcomes: &[crate::games::polysleuth::rules::RoundOutcome],
        seat: usize,
    ) -> Seat {
        let bulletins: Vec<&crate::games::polysleuth::rules::Bulletin> =
            outcomes.iter().map(|o| &o.bulletin).collect();
        Seat::of(
            game,
            seat,
            &bulletins,
            outcomes
                .iter()
                .map(|o| (o.bulletin.round, &o.private[seat])),
        )
        .unwrap()
    }

    #[test]
    fn two_deals_a_seat_cannot_tell_apart_give_every_level_the_same_turn() {
        let (start, game, outcomes) = played(5, 3);
        let view = of_recorded(&start, &outcomes, 0, 3).unwrap();
        let d = propagate(&view).unwrap();
        // Another deal that fits everything seat 0 knows, found by the assistant's sampler.
        let other = (0..50)
            .find_map(|i| {
                let mut nodes = 100_000;
                let places = find_deal(&view, &d, &mut stream("test", 9, i), &mut nodes)?;
                let mut hands = vec![CardSet::EMPTY; 5];
                let mut safe = CardSet::EMPTY;
                for (k, &l) in places.iter().enumerate() {
                    let card = crate::games::polysleuth::rules::Card::from_index(k);
                    match hands.get_mut(l as usize) {
                        Some(hand) => hand.insert(card),
                        None => safe.insert(card),
                    }
                }
                let deal = Deal { hands, safe };
                (deal != game.deal).then_some(deal)
            })
            .expect("seat 0 cannot yet tell every card's place");
        assert_eq!(other.hands[0], game.deal.hands[0]);
        let mut twin = game.clone();
        twin.deal = other;

        let seen = seat_of(&game, &outcomes, 0);
        assert_eq!(seen, seat_of(&twin, &outcomes, 0));
        for level in Level::ALL {
            let turn = |g: &Game| turn(level, &seat_of(g, &outcomes, 0), &mut stream("bot", 1, 4));
            let here = turn(&game);
            assert_eq!(
                here,
                turn(&twin),
                "{level} played differently on another deal"
            );
            if level != Level::Novice {
                assert!(here.is_some_and(|t| t.ends_with("ready")));
            }
        }
    }

    #[test]
    fn every_level_writes_turns_the_rules_accept_all_game_long() {
        for level in Level::ALL {
            let (_, mut game, mut outcomes) = played(8, 0);
            let mut rng = stream("bot", 2, 0);
            while !game.over && game.round < 60 {
                let turns: Vec<_> = (0..5)
                    .map(|s| {
                        let text = turn(level, &seat_of(&game, &outcomes, s), &mut rng)?;
                        Some(game.validate(s, &text).unwrap_or_else(|e| {
                            panic!("{level} wrote a turn the rules refuse: {e:?}\n{text}")
                        }))
                    })
                    .collect();
                let (next, outcome) = game.resolve(&turns, &[]);
                game = next;
                outcomes.push(outcome);
            }
            assert!(game.over, "{level}s did not finish a game in 60 rounds");
        }
    }

    #[test]
    fn a_seat_given_to_a_new_player_is_still_read_under_its_old_name() {
        let (_, mut game, outcomes) = played(6, 3);
        let old = game.players[1].clone();
        game.seat_new_player(1, "Zed");
        // The bulletins and reports so far name the old player: every seat still reads them.
        for s in 0..5 {
            let seat = seat_of(&game, &outcomes, s);
            assert_eq!(seat.players[1], "Zed");
            assert_eq!(seat.view.location(&old), Ok(1));
        }
        assert!(turn(
            Level::Detective,
            &seat_of(&game, &outcomes, 1),
            &mut stream("bot", 3, 4)
        )
        .is_some_and(|t| t.ends_with("ready")));
    }

    #[test]
    fn levels_are_read_by_name_and_an_unknown_one_is_named_back() {
        assert_eq!(Level::parse(" Detective"), Ok(Level::Detective));
        let e = Level::parse("expert").unwrap_err();
        assert!(
            e.contains("\"expert\"") && e.contains("novice, detective or master"),
            "{e}"
        );
    }
}
