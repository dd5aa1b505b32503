//! `polysleuth simulate --ruleset sleuth`: whole games of classic Sleuth between computer
//! players, with no database, on every core (the harness every game shares is
//! `games::simulate`). Computer seats play exactly as at a table of the service
//! (`computer::play_moves`), one turn at a time so every seat may accuse between turns.

use std::process::ExitCode;

use rand::RngExt;
use serde::Serialize;

use super::computer::play_moves;
use super::rules::{Settings, Sleuth};
use crate::games::simulate::{self, percent};
use crate::games::stream::stream;
use crate::level::Level;

/// A game still running after this many turns is stopped and counted as unfinished.
pub const TURN_CAP: u32 = 1000;

/// A run: players, games, levels, house rules, seed, workers.
pub type Plan = simulate::Plan<Settings>;

#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub game: u64,
    /// The level in each seat; seat 0 takes the first turn.
    pub levels: Vec<Level>,
    pub turns: u32,
    /// Whether the game ended by the rules (false: stopped at the turn cap).
    pub ended: bool,
    pub winners: Vec<usize>,
    /// Wrong accusations, by seat.
    pub wrong: Vec<u32>,
}

/// Plays game `index` of the plan to its end.
pub fn play(plan: &Plan, index: u64) -> Result<GameResult, String> {
    let n = plan.players;
    let game_seed: u64 = stream("simulate-sleuth", plan.seed, index).random();
    let mut game = Sleuth::new(
        simulate::names(n),
        plan.settings.clone(),
        game_seed,
        format!("simulate-{index}"),
        None,
        None,
    )
    .map_err(|e| e.to_string())?;
    let levels = simulate::levels_of(&plan.seats, index);
    let seated: Vec<Option<Level>> = levels.iter().copied().map(Some).collect();
    while !game.over && game.turn < TURN_CAP {
        let before = (game.turn, game.log.len());
        play_moves(&mut game, &seated, before.1, 1);
        if (game.turn, game.log.len()) == before {
            break;
        }
    }
    let mut wrong = vec![0u32; n];
    for a in game.accusations.iter().filter(|a| !a.correct) {
        wrong[a.seat] += 1;
    }
    Ok(GameResult {
        game: index,
        levels,
        turns: game.turn,
        ended: game.over,
        winners: game.winners.clone(),
        wrong,
    })
}

/// How each level did, and the first seat.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub games: u64,
    pub unfinished: u64,
    pub mean_turns: f64,
    pub levels: Vec<simulate::LevelLine>,
    /// Games won by the seat that takes the first turn.
    pub first_seat_wins: u64,
}

pub fn summarize(games: &[GameResult]) -> Summary {
    let levels = simulate::tally(games.iter().flat_map(|g| {
        (g.levels.iter().enumerate())
            .map(|(seat, level)| (*level, g.winners.contains(&seat), g.wrong[seat] as u64))
    }));
    Summary {
        games: games.len() as u64,
        unfinished: games.iter().filter(|g| !g.ended).count() as u64,
        mean_turns: games.iter().map(|g| g.turns as f64).sum::<f64>() / games.len().max(1) as f64,
        levels,
        first_seat_wins: games.iter().filter(|g| g.winners.contains(&0)).count() as u64,
    }
}

/// The summary as a table.
pub fn table(plan: &Plan, s: &Summary) -> String {
    let mut out = format!(
        "classic Sleuth, {} players, {} games, seed {}: {:.1} turns a game, {} stopped at {} turns\n\n",
        plan.players, s.games, plan.seed, s.mean_turns, s.unfinished, TURN_CAP
    );
    out.push_str(&simulate::level_table(&s.levels));
    out.push_str(&format!(
        "\nthe seat that plays first won {} of the games ({} for an even share)",
        percent(s.first_seat_wins, s.games),
        percent(1, plan.players as u64),
    ));
    out
}

/// Runs the plan and returns what to print: the summary table, or everything as JSON.
pub fn run(plan: &Plan, json: bool) -> Result<String, String> {
    plan.settings
        .check(plan.players)
        .map_err(|e| e.to_string())?;
    simulate::check(plan.games, plan.jobs)?;
    let games = simulate::run(plan.games, plan.jobs, &|i| play(plan, i))?;
    let summary = summarize(&games);
    Ok(simulate::printed(json, plan, &summary, &games, || {
        table(plan, &summary)
    }))
}

/// `polysleuth simulate --ruleset sleuth`'s command line.
#[derive(clap::Parser)]
#[command(
    name = "polysleuth simulate --ruleset sleuth",
    about = "Play games of classic Sleuth between computer players, with no database, and print who won how often."
)]
struct Command {
    #[command(flatten)]
    args: simulate::Args,
}

/// Reads the command line and runs it.
pub fn main_from(args: &[String]) -> ExitCode {
    let c = match simulate::parse::<Command>(args) {
        Ok(c) => c.args,
        Err(status) => return status,
    };
    let plan = c.plan(Settings::from_pairs);
    simulate::finish(plan.and_then(|plan| run(&plan, c.json)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(games: u64, jobs: usize) -> Plan {
        Plan {
            players: 4,
            games,
            seats: vec![Level::Master, Level::Novice, Level::Novice, Level::Novice],
            settings: Settings::default(),
            seed: 3,
            jobs,
        }
    }

    #[test]
    fn computer_games_of_classic_sleuth_end_with_a_winner_and_the_same_seed_gives_the_same_games() {
        let a = simulate::on_workers(6, 1, &|i| play(&plan(6, 1), i), &|| {}).unwrap();
        let b = simulate::on_workers(6, 2, &|i| play(&plan(6, 2), i), &|| {}).unwrap();
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
        for g in &a {
            assert!(g.ended, "game {} ended by the rules", g.game);
            assert!(!g.winners.is_empty() || g.wrong.iter().all(|&w| w > 0));
            assert_eq!(g.levels, simulate::levels_of(&plan(6, 1).seats, g.game));
        }
        let s = summarize(&a);
        assert_eq!(s.levels.iter().map(|l| l.seats).sum::<u64>(), 6 * 4);
        assert_eq!(
            s.levels.iter().map(|l| l.wins).sum::<u64>(),
            a.iter().map(|g| g.winners.len() as u64).sum::<u64>()
        );
    }
}
