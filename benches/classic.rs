//! Classic Sleuth: whole games between detective computer players, 3 to 7 players. Prints, by
//! player count, the turns a game lasts, the time a move takes in the engine, and the
//! Information Sheet (a player's page, with the page's budget) at every turn of the first games:
//! its percentiles (50th, 90th, 99th and the slowest) and the share worked out exactly.
//!
//! cargo bench --bench classic            (GAMES=6 games per player count, PLAYERS=5 for one)

use std::time::{Duration, Instant};

use polysleuth::deduce::{Method, Sheet};
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

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let games = env("GAMES", 6);
    println!("| players | games | turns per game | move µs (p50) | sheet p50 ms | sheet p90 ms | sheet p99 ms | sheet max ms | exact |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let only = env("PLAYERS", 0) as usize;
    for n in (3..=7).filter(|&n| only == 0 || n == only) {
        let (mut turns, mut moves, mut sheets, mut exact) = (0u64, Vec::new(), Vec::new(), 0);
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
                let t = Instant::now();
                if game.act(seat, &text).is_err() {
                    game.act(seat, fallback(&game)).expect("a turn goes on");
                }
                moves.push(t.elapsed());
                if g < 2 {
                    let view = game.view_of(seat).expect("a view");
                    let t = Instant::now();
                    let sheet = Sheet::compute(&view, &page_budget());
                    sheets.push(t.elapsed());
                    exact += (sheet.method == Method::Exact) as usize;
                }
            }
            turns += game.turn as u64;
        }
        moves.sort();
        sheets.sort();
        println!(
            "| {n} | {games} | {:.1} | {:.0} | {} | {} | {} | {} | {:.1}% |",
            turns as f64 / games as f64,
            percentile(&moves, 0.5).as_secs_f64() * 1e6,
            ms(percentile(&sheets, 0.5)),
            ms(percentile(&sheets, 0.9)),
            ms(percentile(&sheets, 0.99)),
            ms(*sheets.last().unwrap()),
            100.0 * exact as f64 / sheets.len().max(1) as f64,
        );
    }
}
