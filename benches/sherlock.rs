//! Sherlock Solitaire: how often each solver solves each cell — detective(s), case, level —
//! within the case's clock, the mean turns and wounds, and games a second on one core (the
//! whole table on every core is `polysleuth simulate --ruleset sherlock`, whose figures the
//! book's Findings page gives).
//!
//! cargo bench --bench sherlock            (GAMES=100 games per cell and player)

use std::time::Instant;

use polysleuth::games::sherlock::game::Outcome;
use polysleuth::games::sherlock::setup::{Case, Detective, Settings};
use polysleuth::games::sherlock::solver::{next_line, planned_line, play_out, Player};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One game of a cell: won, turns, wounds.
fn play(settings: &Settings, seed: u64, player: Player) -> (bool, u32, u8) {
    let g = play_out(settings, seed, "bench", player);
    (g.outcome == Some(Outcome::Won), g.turn, g.wounds)
}

fn main() {
    let games = env("GAMES", 100);
    println!("| detectives | case | level | clock | player | won | mean turns | mean wounds | games a second |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let players: [(&str, Player); 2] = [("greedy", next_line), ("searching", planned_line)];
    for detectives in [
        vec![Detective::Holmes],
        vec![Detective::Watson],
        vec![Detective::Holmes, Detective::Watson],
    ] {
        for case in [Case::ValleyOfFear, Case::FinalProblem] {
            for level in 1..=3u8 {
                let settings = Settings {
                    detectives: detectives.clone(),
                    case,
                    level,
                    ..Settings::default()
                };
                for (name, player) in players {
                    let t = Instant::now();
                    let results: Vec<(bool, u32, u8)> =
                        (0..games).map(|s| play(&settings, s, player)).collect();
                    let rate = games as f64 / t.elapsed().as_secs_f64();
                    let won = results.iter().filter(|r| r.0).count();
                    let turns = results.iter().map(|r| r.1 as f64).sum::<f64>() / games as f64;
                    let wounds = results.iter().map(|r| r.2 as f64).sum::<f64>() / games as f64;
                    let who: Vec<&str> = detectives
                        .iter()
                        .map(|d| match d {
                            Detective::Holmes => "Holmes",
                            Detective::Watson => "Watson",
                        })
                        .collect();
                    println!(
                        "| {} | {} | {level} | {} | {name} | {:.1}% | {turns:.1} | {wounds:.2} | {rate:.0} |",
                        who.join(" + "),
                        match case {
                            Case::ValleyOfFear => "The Valley of Fear",
                            Case::FinalProblem => "The Final Problem",
                        },
                        settings.turn_limit(),
                        100.0 * won as f64 / games as f64,
                    );
                }
            }
        }
    }
}
