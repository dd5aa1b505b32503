//! Finds the slowest Polysleuth sheets of the deduce bench's games and times an exact count of
//! each with no budget, to see how far the counter is from counting them all.
//!
//! cargo run --release --example deduce_slow     (PLAYERS=7, GAMES=8, SLOWER_MS=50; GAME, ROUND
//!                                                and SEAT pick one view; DUMP=1 prints each
//!                                                view's places and facts as JSON instead;
//!                                                REPEAT=5 reports the fastest of five counts)

use std::time::Instant;

#[path = "common/dump.rs"]
mod dump;

use polysleuth::deduce::{count, propagate, Budget, Sheet};
use polysleuth::games::polysleuth::assistant::of_recorded;
use polysleuth::games::polysleuth::sim::{self, Style};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether `value` is the one the variable picks (any, when it is not set).
fn picked(name: &str, value: u64) -> bool {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .is_none_or(|v: u64| v == value)
}

fn main() {
    let n = env("PLAYERS", 7) as usize;
    let games = env("GAMES", 8);
    let slower = env("SLOWER_MS", 50) as f64;
    for g in 0..games {
        let (start, outcomes) = sim::play(n, 7_000 + g * 13 + n as u64, &Style::default(), 12);
        for r in 1..=outcomes.len() {
            if !picked("GAME", g) || !picked("ROUND", r as u64) {
                continue;
            }
            for seat in 0..n {
                if !picked("SEAT", seat as u64) {
                    continue;
                }
                let view = of_recorded(&start, &outcomes, seat, r).expect("a view");
                let t = Instant::now();
                let sheet = Sheet::compute(&view, &Budget::default());
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if ms < slower {
                    continue;
                }
                let d = propagate(&view).expect("consistent");
                if std::env::var("DUMP").is_ok() {
                    dump::dump(&view, &d, serde_json::json!({"ms": ms}));
                    continue;
                }
                let open = (0..36).filter(|&k| !d.is_placed(k)).count();
                // The fastest of REPEAT counts: the least disturbed by whatever else runs.
                let mut fastest = f64::INFINITY;
                let mut deals = 0;
                for _ in 0..env("REPEAT", 1).max(1) {
                    let t = Instant::now();
                    deals = count::count(&view, &d, u64::MAX).expect("counted").deals;
                    fastest = fastest.min(t.elapsed().as_secs_f64() * 1e3);
                }
                println!(
                    "game {g} round {r} seat {seat}: {ms:.1} ms {:?}; facts {} open {open}; unbounded count {fastest:.1} ms, {deals} deals",
                    sheet.method,
                    view.facts.len(),
                );
            }
        }
    }
}
