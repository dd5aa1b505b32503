//! Rules engine benchmarks: one heavy 7-player round, and whole random games replayed.
//! Run: `cargo bench --bench rules`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use polysleuth::games::polysleuth::rules::{Card, Game, Settings, Turn};
use polysleuth::games::polysleuth::sim::{self, Style};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("Player{i}")).collect()
}

/// Every player guesses 30 cards and asks 30 questions.
fn heavy_round() -> (Game, Vec<String>) {
    let game = Game::new(names(7), Settings::default(), 11, None).unwrap();
    let traits = [
        "Red",
        "Blue Pearl",
        "2",
        "Opal",
        "Green 3",
        "Yellow Diamond",
    ];
    let texts = (0..7)
        .map(|seat| {
            let mut lines = Vec::new();
            let open = Card::all().filter(|c| !game.deal.hands[seat].contains(*c));
            for (i, card) in open.take(30).enumerate() {
                let who = &game.players[(seat + 1 + i % 6) % 7];
                lines.push(format!("{}: {who} has {card}", i + 1));
            }
            for q in 0..30 {
                let who = &game.players[(seat + 1 + q % 6) % 7];
                lines.push(format!(
                    "{} (1): {who} has how many {}?",
                    q + 1,
                    traits[q % traits.len()]
                ));
            }
            lines.join("\n")
        })
        .collect();
    (game, texts)
}

/// A whole random game, recorded as the texts each round received.
fn recorded_game(seed: u64) -> (Game, Vec<Vec<Option<String>>>) {
    let n = 3 + (seed % 5) as usize;
    let start = Game::new(names(n), Settings::default(), seed, None).unwrap();
    let mut game = start.clone();
    let mut rng = sim::rng(seed);
    let style = Style::default();
    let mut rounds = Vec::new();
    while !game.over {
        let texts: Vec<Option<String>> = (0..n)
            .map(|s| sim::turn_text(&game, s, &style, &mut rng))
            .collect();
        game = replay_round(&game, &texts);
        rounds.push(texts);
    }
    (start, rounds)
}

fn replay_round(game: &Game, texts: &[Option<String>]) -> Game {
    let turns: Vec<Option<Turn>> = texts
        .iter()
        .enumerate()
        .map(|(s, t)| t.as_ref().and_then(|t| game.validate(s, t).ok()))
        .collect();
    game.resolve(&turns, &[]).0
}

fn benches(c: &mut Criterion) {
    let (game, texts) = heavy_round();
    let mut g = c.benchmark_group("heavy 7-player round");
    g.bench_function("validate 7 turns of 60 lines", |b| {
        b.iter(|| {
            for (s, t) in texts.iter().enumerate() {
                black_box(game.validate(s, t).unwrap());
            }
        })
    });
    let turns: Vec<Option<Turn>> = texts
        .iter()
        .enumerate()
        .map(|(s, t)| Some(game.validate(s, t).unwrap()))
        .collect();
    g.bench_function("resolve", |b| {
        b.iter(|| black_box(game.resolve(&turns, &[])))
    });
    g.finish();

    let games: Vec<_> = (0..64).map(recorded_game).collect();
    let rounds: usize = games.iter().map(|g| g.1.len()).sum();
    eprintln!(
        "random games: 64 games, {:.1} rounds on average",
        rounds as f64 / 64.0
    );
    let mut g = c.benchmark_group("complete random games");
    g.throughput(Throughput::Elements(games.len() as u64));
    g.bench_function("replay 64 games", |b| {
        b.iter(|| {
            for (start, rounds) in &games {
                let mut game = start.clone();
                for texts in rounds {
                    game = replay_round(&game, texts);
                }
                assert!(game.over);
            }
        })
    });
    g.finish();
}

criterion_group!(rules, benches);
criterion_main!(rules);
