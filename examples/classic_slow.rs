//! Finds the slowest classic Sleuth sheets of the classic bench's games (the same seeds) and
//! describes each view: its facts, its open cards, and each fact that still bears on open
//! cards as (place, open cards in its set).
//!
//! cargo run --release --example classic_slow     (PLAYERS=5, GAMES=2, SLOWER_MS=50;
//!     UNBOUNDED=1 also counts each view not counted exactly with no budget, DUMP=1 prints each
//!     view's places and facts as JSON, PRINT=1 prints every sampled sheet's chances)

use std::time::Instant;

#[path = "common/dump.rs"]
mod dump;

use polysleuth::deduce::{count, propagate, Method, Sheet};
use polysleuth::games::sleuth::computer::{command, fallback, ClassicSeat};
use polysleuth::games::sleuth::rules::sheet::page_budget;
use polysleuth::games::sleuth::rules::{Settings, Sleuth};
use polysleuth::level::Level;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let n = env("PLAYERS", 5) as usize;
    let games = env("GAMES", 2);
    let slower = env("SLOWER_MS", 50) as f64;
    for g in 0..games {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let mut game = Sleuth::new(
            names,
            Settings::default(),
            900 + g * 7 + n as u64,
            "bench".into(),
            None,
            None,
        )
        .expect("a game");
        while !game.over && game.turn < 400 {
            let seat = game.current.expect("someone's turn");
            let view = ClassicSeat::of(&game, seat).expect("a view");
            let text = command(&view, Level::Detective);
            if game.act(seat, &text).is_err() {
                game.act(seat, fallback(&game)).expect("a turn goes on");
            }
            let view = game.view_of(seat).expect("a view");
            let t = Instant::now();
            let sheet = Sheet::compute(&view, &page_budget());
            let ms = t.elapsed().as_secs_f64() * 1e3;
            if std::env::var("PRINT").is_ok() && sheet.method == Method::Sampled {
                let cells: Vec<f64> = sheet
                    .cards
                    .iter()
                    .flat_map(|r| r.cells.iter().map(|c| c.p))
                    .collect();
                println!("SHEET {}", serde_json::to_string(&cells).unwrap());
            }
            if ms < slower {
                continue;
            }
            let d = propagate(&view).expect("consistent");
            let open: Vec<usize> = (0..36).filter(|&k| !d.is_placed(k)).collect();
            let mut facts = Vec::new();
            for f in &view.facts {
                let bit = 1u8 << f.loc;
                let cards: Vec<usize> = f
                    .set
                    .iter()
                    .map(|c| c.index())
                    .filter(|&k| d.places[k] & bit != 0 && d.places[k] != bit)
                    .collect();
                if !cards.is_empty() && f.set.len() < 36 {
                    facts.push((f.loc, cards.len()));
                }
            }
            println!(
                "game {g} turn {} seat {seat}: {ms:.1} ms {:?}; facts {} open {} bearing {:?}",
                game.turn,
                sheet.method,
                view.facts.len(),
                open.len(),
                facts
            );
            if std::env::var("DUMP").is_ok() {
                dump::dump(&view, &d, serde_json::json!({}));
            }
            if std::env::var("UNBOUNDED").is_ok() && sheet.method != Method::Exact {
                let t = Instant::now();
                let c = count::count(&view, &d, u64::MAX).expect("counted");
                println!(
                    "    unbounded {:.1} ms, {} deals",
                    t.elapsed().as_secs_f64() * 1e3,
                    c.deals
                );
            }
        }
    }
}
