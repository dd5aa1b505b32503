//! How the searching Sherlock player's weights were set: plays every cell of one case on decks
//! no judged run plays (seeds from 1,000,001 by default), with the weights given, and prints
//! each cell's wins and their mean; with `--tune`, tries each weight a little lower and higher
//! in turn and keeps a change that wins more games on the same decks.
//!
//! cargo run --release --example sherlock_weights -- valley_of_fear [--games 300] [--tune]
//!     [--watson]   (Watson alone's cells only)
//!     [--weights 1,12]   (only those weights, tried wider)

use polysleuth::games::sherlock::game::{Game, Outcome};
use polysleuth::games::sherlock::setup::{deck, play_stream, Case, Detective, Settings};
use polysleuth::games::sherlock::solver::{choose, Weights};

/// Wins of each cell of `case` with weights `w`, game `i` on the deck of seed `first + i`.
fn wins(case: Case, only: Option<Detective>, w: Weights, games: u64, first: u64) -> Vec<u64> {
    let mut cells = Vec::new();
    let all = [
        vec![Detective::Holmes],
        vec![Detective::Watson],
        vec![Detective::Holmes, Detective::Watson],
    ];
    for detectives in all.into_iter().filter(|d| only.is_none_or(|o| *d == [o])) {
        for level in 1..=3u8 {
            cells.push(Settings {
                detectives: detectives.clone(),
                case,
                level,
                ..Settings::default()
            });
        }
    }
    let jobs: Vec<(usize, u64)> = (0..cells.len())
        .flat_map(|c| (0..games).map(move |i| (c, i)))
        .collect();
    let halves: Vec<Vec<(usize, u64)>> = vec![
        jobs.iter().copied().step_by(2).collect(),
        jobs.iter().copied().skip(1).step_by(2).collect(),
    ];
    let mut won = vec![0u64; cells.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = halves
            .iter()
            .map(|half| {
                let cells = &cells;
                scope.spawn(move || {
                    let mut won = vec![0u64; cells.len()];
                    for (c, i) in half {
                        let seed = first + i;
                        let mut rng = play_stream("weights", seed);
                        let (mut g, _) = Game::new(cells[*c].clone(), deck(seed), &mut rng);
                        while !g.over() {
                            match choose(&g, w) {
                                Some(command) => {
                                    g.play(&command, &mut rng).expect("a legal line");
                                }
                                None => {
                                    g.settle(&mut rng);
                                }
                            }
                        }
                        won[*c] += u64::from(g.outcome == Some(Outcome::Won));
                    }
                    won
                })
            })
            .collect();
        for h in handles {
            for (c, n) in h.join().expect("a worker").into_iter().enumerate() {
                won[c] += n;
            }
        }
    });
    won
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let case = match args.first().map(String::as_str) {
        Some("final_problem") => Case::FinalProblem,
        _ => Case::ValleyOfFear,
    };
    let value = |name: &str, default: u64| {
        (args.iter().position(|a| a == name))
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let games = value("--games", 300);
    let first = value("--first", 1_000_001);
    let only = match args.iter().any(|a| a == "--watson") {
        true => Some(Detective::Watson),
        false => None,
    };
    let settings = Settings {
        case,
        detectives: vec![only.unwrap_or(Detective::Holmes)],
        ..Settings::default()
    };
    let mut best = Weights::of(&settings).to_vec();
    let mut score = wins(case, only, Weights::from_slice(&best), games, first);
    println!("start {:?} total {}", score, score.iter().sum::<u64>());
    if !args.iter().any(|a| a == "--tune") {
        return;
    }
    // `--weights 1,12`: only those (by their place in `Weights::to_vec`), tried wider.
    let only_weights: Option<Vec<usize>> = (args.iter().position(|a| a == "--weights"))
        .and_then(|i| args.get(i + 1))
        .map(|list| list.split(',').filter_map(|k| k.parse().ok()).collect());
    let (indexes, factors) = match only_weights {
        Some(list) => (list, vec![0.4, 0.7, 1.4, 2.5]),
        None => ((0..best.len()).collect(), vec![0.7, 1.4]),
    };
    for round in 0..2 {
        for &k in &indexes {
            for &factor in &factors {
                let mut trial = best.clone();
                trial[k] *= factor;
                let s = wins(case, only, Weights::from_slice(&trial), games, first);
                let (a, b): (u64, u64) = (s.iter().sum(), score.iter().sum());
                println!("round {round} weight {k} x{factor}: {a} against {b}");
                if a > b + games / 50 {
                    best = trial;
                    score = s;
                    println!("  kept: {best:?}");
                    break;
                }
            }
        }
    }
    println!(
        "best {best:?} {:?} total {}",
        score,
        score.iter().sum::<u64>()
    );
}
