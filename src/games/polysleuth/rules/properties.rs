//! Property tests over random games and random text.

use proptest::prelude::*;

use crate::games::polysleuth::rules::{Card, Game, QuestionPayment, Settings, Turn};
use crate::games::polysleuth::sim::{self, Style};

fn setup(players: usize, seed: u64, max_rounds: Option<u32>, all_pay: bool) -> Game {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let settings = Settings {
        max_rounds,
        question_payment: if all_pay {
            QuestionPayment::All
        } else {
            QuestionPayment::Winner
        },
        ..Settings::default()
    };
    Game::new(names, settings, seed, None).unwrap()
}

/// Plays until the end or `limit` rounds; returns every (state before, turns, outcome).
fn play(
    mut game: Game,
    seed: u64,
    limit: u32,
) -> Vec<(
    Game,
    Vec<Option<Turn>>,
    crate::games::polysleuth::rules::RoundOutcome,
)> {
    let mut rng = sim::rng(seed);
    let style = Style::default();
    let mut log = Vec::new();
    while !game.over && game.round <= limit {
        let turns: Vec<Option<Turn>> = (0..game.players.len())
            .map(|s| {
                sim::turn_text(&game, s, &style, &mut rng).and_then(|t| game.validate(s, &t).ok())
            })
            .collect();
        let (next, out) = game.resolve(&turns, &[]);
        log.push((game, turns, out));
        game = next;
    }
    log
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_the_rules(players in 3usize..=7, seed in any::<u64>(), max_rounds in 1u32..12, all_pay in any::<bool>()) {
        let game = setup(players, seed, Some(max_rounds), all_pay);
        let log = play(game.clone(), seed, 1000);
        // Replays are deterministic.
        let again = play(game, seed, 1000);
        prop_assert_eq!(log.iter().map(|l| &l.2).collect::<Vec<_>>(), again.iter().map(|l| &l.2).collect::<Vec<_>>());
        // A game always ends by max_rounds.
        let (last_state, _, last) = log.last().unwrap();
        prop_assert!(last.bulletin.game_over);
        prop_assert!(last_state.round <= max_rounds);
        let n = players as u32;
        for (before, turns, out) in &log {
            // Each target answers at most one question.
            let mut targets: Vec<&str> = out.bulletin.answers.iter().map(|a| a.target.as_str()).collect();
            targets.sort();
            let count = targets.len();
            targets.dedup();
            prop_assert_eq!(targets.len(), count);
            // Eyes: what was paid never exceeds what a player had.
            for (seat, s) in out.bulletin.standings.iter().enumerate() {
                let bid: u32 = turns[seat].as_ref().map(|t| t.questions.iter().map(|q| q.eyes).sum()).unwrap_or(0);
                prop_assert!(bid <= before.eyes[seat]);
                prop_assert!(s.eyes + bid >= before.eyes[seat] + before.settings.income);
            }
            // Published cards are never guessable again.
            for p in &out.bulletin.published {
                let card = Card::parse(&p.card).unwrap();
                for seat in 0..players {
                    let text = format!("1: P{} has {card}", (seat + 1) % players);
                    if let Some((after, ..)) = log.iter().find(|l| l.0.round == before.round + 1) {
                        prop_assert!(after.validate(seat, &text).is_err());
                    }
                }
            }
        }
        // Points handed out for a card are the sum of N, N−1, … over its right guessers.
        let end = &log.last().unwrap().0;
        let (final_state, _) = end.resolve(&log.last().unwrap().1, &[]);
        let mut expected = 0u32;
        for card in Card::all() {
            let k = final_state.right.iter().filter(|r| r.contains(card)).count() as u32;
            expected += (0..k).map(|i| 2 * (n - i)).sum::<u32>();
        }
        prop_assert_eq!(final_state.half_points.iter().sum::<u32>(), expected);
    }

    #[test]
    fn the_turn_reader_never_panics(text in "\\PC*") {
        let _ = crate::games::polysleuth::rules::turn::parse(&text);
        let game = setup(4, 1, None, false);
        let _ = game.validate(0, &text);
    }

    #[test]
    fn the_turn_reader_never_panics_on_near_misses(
        lines in proptest::collection::vec("[0-9]{0,3} ?(\\([0-9a-z-]{0,4}\\))?:? ?(P[0-5]|safe|the safe)? (has|has how many|is in the safe|how many|does|have)? ?(1|2|3|red|blue|pearl|opal|diamant|paire|,|;| )*\\??", 0..8)
    ) {
        let text = lines.join("\n");
        let game = setup(4, 2, None, false);
        if let Ok(turn) = game.validate(1, &text) {
            let (_, out) = game.resolve(&[None, Some(turn), None, None], &[]);
            prop_assert_eq!(out.bulletin.round, 1);
        }
    }
}
