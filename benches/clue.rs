//! Clue: whole games between computer players (a master, detectives, a novice), 3 to 6
//! players, board on, and with the `ask_refuter` house rule. Prints, by player count, the
//! turns a game lasts, how many games a second one core plays, and the Detective Notebook (a
//! player's page, with the page's budget) for every seat after every turn of every game: its
//! percentiles (50th, 90th, 99th and the slowest) and the share worked out exactly.
//!
//! cargo bench --bench clue            (GAMES=12 games per player count)

use std::time::{Duration, Instant};

use polysleuth::games::clue::computer;
use polysleuth::games::clue::notebook::{Budget, Method, Notebook, SeatView};
use polysleuth::games::clue::service::Stored;
use polysleuth::games::clue::settings::Settings;
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

fn levels(n: usize, g: u64) -> Vec<Option<Level>> {
    let mix = [
        Level::Master,
        Level::Detective,
        Level::Novice,
        Level::Detective,
    ];
    (0..n)
        .map(|s| Some(mix[(s + g as usize) % mix.len()]))
        .collect()
}

fn game(n: usize, g: u64, ask_refuter: bool) -> Stored {
    let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
    let settings = Settings {
        ask_refuter,
        ..Settings::default()
    };
    Stored::new(
        names,
        &[],
        settings,
        500 + g * 11 + n as u64,
        format!("bench-{g}"),
    )
    .expect("a game")
}

fn main() {
    let games = env("GAMES", 12);
    println!("| players | house rules | games | turns per game | games a second | notebooks | p50 ms | p90 ms | p99 ms | max ms | exact |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for ask_refuter in [false, true] {
        for n in 3..=6 {
            // The engine's pace: whole games, computer players' notebooks included.
            let t = Instant::now();
            let mut turns = 0u64;
            for g in 0..games {
                let mut s = game(n, g, ask_refuter);
                computer::play(&mut s, &levels(n, g));
                turns += s.turn_no as u64;
            }
            let rate = games as f64 / t.elapsed().as_secs_f64();
            // Every seat's notebook after every turn of the same games, as its page builds it.
            let (mut times, mut exact) = (Vec::new(), 0usize);
            for g in 0..games {
                let mut s = game(n, g, ask_refuter);
                let levels = levels(n, g);
                while !s.over() {
                    let before = s.turn_no;
                    // One line at a time, so every state a page may show is seen.
                    let Some(seat) = s.current() else { break };
                    let asked = s.game.asked.clone();
                    let (who, line) = match asked {
                        Some((refuter, cards)) => (
                            refuter,
                            format!("show {}", computer::show_choice(&s, refuter, &cards).name()),
                        ),
                        None => (
                            seat,
                            computer::next_line(&s, seat, levels[seat].expect("a computer")),
                        ),
                    };
                    if s.act(who, &line).refused.is_some() {
                        s.act(who, "done");
                    }
                    if s.turn_no == before && !s.over() {
                        continue;
                    }
                    let events: Vec<_> = s.log.iter().flat_map(|l| l.events.clone()).collect();
                    for v in 0..n {
                        let view =
                            SeatView::new(&s.game.private_view(v), &s.game.public_view(), &events);
                        let t = Instant::now();
                        let book = Notebook::build(&view, &Budget::default(), 7);
                        times.push(t.elapsed());
                        exact += (book.method == Method::Exact) as usize;
                    }
                }
            }
            times.sort();
            println!(
                "| {n} | {} | {games} | {:.1} | {:.0} | {} | {} | {} | {} | {} | {:.1}% |",
                if ask_refuter {
                    "ask_refuter"
                } else {
                    "defaults"
                },
                turns as f64 / games as f64,
                rate,
                times.len(),
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.9)),
                ms(percentile(&times, 0.99)),
                ms(*times.last().unwrap()),
                100.0 * exact as f64 / times.len().max(1) as f64,
            );
        }
    }
}
