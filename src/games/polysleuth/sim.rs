//! Random players: they write turn texts for property tests, benchmarks and load tests.
//! They read only what the rules engine would let any player send; they cheat by peeking at
//! the deal (`accuracy`), so that games move towards their end.

use rand::rngs::ChaCha20Rng;
use rand::RngExt;
use rand::SeedableRng;

use crate::games::polysleuth::rules::{Card, Game, Owner, Trait};

pub struct Style {
    /// Chance that a player sends no turn at all in a round.
    pub absent: f64,
    /// Chance that a guess names the true owner.
    pub accuracy: f64,
    pub max_guesses: usize,
    pub max_questions: usize,
    /// Chance that a turn also carries a line that cannot be read.
    pub junk: f64,
    /// Chance that a player says `done`.
    pub quit: f64,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            absent: 0.1,
            accuracy: 0.6,
            max_guesses: 6,
            max_questions: 3,
            junk: 0.05,
            quit: 0.01,
        }
    }
}

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A turn text for `seat`, or None for no turn.
pub fn turn_text(game: &Game, seat: usize, style: &Style, rng: &mut ChaCha20Rng) -> Option<String> {
    if rng.random_bool(style.absent) {
        return None;
    }
    let n = game.players.len();
    let mut lines = Vec::new();
    if !game.done[seat] {
        let mut open: Vec<Card> = Card::all()
            .filter(|c| {
                !game.deal.hands[seat].contains(*c)
                    && !game.published.contains(*c)
                    && !game.guessed[seat].contains(*c)
            })
            .collect();
        let count = rng.random_range(0..=style.max_guesses.min(open.len()));
        for i in 0..count {
            let card = open.swap_remove(rng.random_range(0..open.len()));
            let owner = if rng.random_bool(style.accuracy) {
                game.deal.owner(card)
            } else {
                let mut s = rng.random_range(0..n);
                if s == seat {
                    s = (s + 1) % n;
                }
                Owner::Seat(s)
            };
            lines.push(match owner {
                Owner::Seat(s) if s != seat => format!("{}: {} has {card}", i + 1, game.players[s]),
                _ if !game.deal.safe.is_empty() => format!("{}: {card} is in the safe", i + 1),
                _ => format!("{}: {} has {card}", i + 1, game.players[(seat + 1) % n]),
            });
        }
    }
    let mut budget = game.eyes[seat];
    let traits = Trait::all();
    for q in 0..rng.random_range(0..=style.max_questions) {
        let mut target = rng.random_range(0..n);
        if target == seat {
            target = (target + 1) % n;
        }
        let a = traits[rng.random_range(0..traits.len())];
        let mut asked = a.name().to_string();
        if rng.random_bool(0.5) {
            let b = traits[rng.random_range(0..traits.len())];
            if b.kind() != a.kind() {
                asked = format!("{asked} {}", b.name());
            }
        }
        let bid = rng.random_range(0..=budget.min(12));
        budget -= bid;
        lines.push(format!(
            "{} ({bid}): {} has how many {asked}?",
            q + 1,
            game.players[target]
        ));
    }
    if rng.random_bool(style.junk) {
        lines.push("please tell me everything".into());
    }
    if rng.random_bool(style.quit) {
        lines.push("done".into());
    }
    Some(lines.join("\n"))
}

/// A whole random game of `n` players: the state it started from and every round's outcome.
/// Stops after `max_rounds` rounds if it has not ended by then.
pub fn play(
    n: usize,
    seed: u64,
    style: &Style,
    max_rounds: usize,
) -> (Game, Vec<crate::games::polysleuth::rules::RoundOutcome>) {
    let names: Vec<String> = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let start = Game::new(
        names,
        crate::games::polysleuth::rules::Settings::default(),
        seed,
        None,
    )
    .expect("default settings suit 3 to 7 players");
    let mut game = start.clone();
    let mut rng = rng(seed);
    let mut outcomes = Vec::new();
    while !game.over && outcomes.len() < max_rounds {
        let turns: Vec<Option<crate::games::polysleuth::rules::Turn>> = (0..n)
            .map(|s| turn_text(&game, s, style, &mut rng).and_then(|t| game.validate(s, &t).ok()))
            .collect();
        let (next, outcome) = game.resolve(&turns, &[]);
        game = next;
        outcomes.push(outcome);
    }
    (start, outcomes)
}
