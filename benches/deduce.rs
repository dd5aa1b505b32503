//! The Information Sheet assistant over views from simulated games: every player's view after
//! every round, 3 to 7 players. Prints, by player count, the percentiles of the time per view
//! and the share of views counted exactly (the rest are sampled).
//!
//! cargo bench --bench deduce            (GAMES=8 games per player count, ROUNDS=12 at most,
//!                                        PLAYERS=7 for one player count)

use std::time::{Duration, Instant};

use polysleuth::deduce::{Budget, Method, Sheet};
use polysleuth::games::polysleuth::assistant::of_recorded;
use polysleuth::games::polysleuth::sim::{self, Style};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let games = env("GAMES", 8);
    let rounds = env("ROUNDS", 12) as usize;
    let budget = Budget::default();
    println!("| players | views | exact | p50 ms | p90 ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|---|---|");
    let only = env("PLAYERS", 0) as usize;
    for n in (3..=7).filter(|&n| only == 0 || n == only) {
        let mut times = Vec::new();
        let mut exact = 0;
        for g in 0..games {
            let (start, outcomes) =
                sim::play(n, 7_000 + g * 13 + n as u64, &Style::default(), rounds);
            for r in 1..=outcomes.len() {
                for seat in 0..n {
                    let view = of_recorded(&start, &outcomes, seat, r).expect("a recorded view");
                    let t = Instant::now();
                    let sheet = Sheet::compute(&view, &budget);
                    times.push(t.elapsed());
                    assert!(sheet.contradiction.is_none(), "a true view is consistent");
                    if sheet.method == Method::Exact {
                        exact += 1;
                    }
                }
            }
        }
        times.sort();
        println!(
            "| {n} | {} | {:.1}% | {} | {} | {} | {} |",
            times.len(),
            100.0 * exact as f64 / times.len() as f64,
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.9)),
            ms(percentile(&times, 0.99)),
            ms(*times.last().expect("views"))
        );
    }
}
