//! `polysleuth simulate --ruleset clue`: whole games of Clue between computer players, with no
//! database, on every core (the harness every game shares is `games::simulate`). Computer
//! seats play exactly as at a table of the service (`computer::play`), every roll and card
//! drawn from each game's own seed.

use std::process::ExitCode;

use rand::Rng;
use serde::Serialize;

use super::computer;
use super::service::Stored;
use super::settings::Settings;
use crate::games::simulate::{self, percent};
use crate::games::stream::stream;
use crate::level::Level;

/// A game still running after this many turns is stopped and counted as unfinished.
pub const TURN_CAP: u32 = 2000;

/// A run: players, games, levels, house rules, seed, workers.
pub type Plan = simulate::Plan<Settings>;

#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub game: u64,
    /// The level in each seat.
    pub levels: Vec<Level>,
    /// The seat the roll-off sent first.
    pub first: usize,
    pub turns: u32,
    /// Whether the game ended by the rules (false: stopped at the turn cap).
    pub ended: bool,
    pub winner: Option<usize>,
    /// The seats out after a wrong accusation.
    pub out: Vec<bool>,
}

/// Plays game `index` of the plan to its end.
pub fn play(plan: &Plan, index: u64) -> Result<GameResult, String> {
    let game_seed: u64 = stream("simulate-clue", plan.seed, index).next_u64();
    let mut game = Stored::new(
        simulate::names(plan.players),
        &[],
        plan.settings.clone(),
        game_seed,
        format!("simulate-{index}"),
    )?;
    let levels = simulate::levels_of(&plan.seats, index);
    let seated: Vec<Option<Level>> = levels.iter().copied().map(Some).collect();
    let first = game.game.turn;
    while !game.over() && game.turn_no < TURN_CAP {
        let before = game.turn_no;
        computer::play(&mut game, &seated);
        if game.turn_no == before && !game.over() {
            return Err(format!("game {index}: a computer seat could not play"));
        }
    }
    Ok(GameResult {
        game: index,
        levels,
        first,
        turns: game.turn_no,
        ended: game.over(),
        winner: game.game.winner,
        out: game.game.out.clone(),
    })
}

/// How each level did, and the first player.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub games: u64,
    pub unfinished: u64,
    pub mean_turns: f64,
    pub levels: Vec<simulate::LevelLine>,
    /// Games won by the player the roll-off sent first.
    pub first_player_wins: u64,
}

pub fn summarize(games: &[GameResult]) -> Summary {
    let levels = simulate::tally(games.iter().flat_map(|g| {
        (g.levels.iter().enumerate())
            .map(|(seat, level)| (*level, g.winner == Some(seat), g.out[seat] as u64))
    }));
    Summary {
        games: games.len() as u64,
        unfinished: games.iter().filter(|g| !g.ended).count() as u64,
        mean_turns: games.iter().map(|g| g.turns as f64).sum::<f64>() / games.len().max(1) as f64,
        levels,
        first_player_wins: games.iter().filter(|g| g.winner == Some(g.first)).count() as u64,
    }
}

/// The summary as a table.
pub fn table(plan: &Plan, s: &Summary) -> String {
    let board = match plan.settings.board {
        true => "board on",
        false => "board off",
    };
    let mut out = format!(
        "Clue, {} players, {board}, {} games, seed {}: {:.1} turns a game, {} stopped at {} turns\n\n",
        plan.players, s.games, plan.seed, s.mean_turns, s.unfinished, TURN_CAP
    );
    out.push_str(&simulate::level_table(&s.levels));
    out.push_str(&format!(
        "\nthe player the roll-off sent first won {} of the games ({} for an even share)",
        percent(s.first_player_wins, s.games),
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

/// `polysleuth simulate --ruleset clue`'s command line.
#[derive(clap::Parser)]
#[command(
    name = "polysleuth simulate --ruleset clue",
    about = "Play games of Clue between computer players, with no database, and print who won how often."
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

    fn plan(games: u64, jobs: usize, board: bool) -> Plan {
        Plan {
            players: 4,
            games,
            seats: vec![
                Level::Master,
                Level::Detective,
                Level::Novice,
                Level::Novice,
            ],
            settings: Settings {
                board,
                ..Settings::default()
            },
            seed: 3,
            jobs,
        }
    }

    #[test]
    fn computer_games_of_clue_end_with_a_winner_and_the_same_seed_gives_the_same_games() {
        for board in [true, false] {
            let a = simulate::on_workers(6, 1, &|i| play(&plan(6, 1, board), i), &|| {}).unwrap();
            let b = simulate::on_workers(6, 2, &|i| play(&plan(6, 2, board), i), &|| {}).unwrap();
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap()
            );
            for g in &a {
                assert!(
                    g.ended && g.winner.is_some(),
                    "game {} ended with a winner",
                    g.game
                );
                assert_eq!(
                    g.levels,
                    simulate::levels_of(&plan(6, 1, board).seats, g.game)
                );
            }
            let s = summarize(&a);
            assert_eq!(s.levels.iter().map(|l| l.seats).sum::<u64>(), 6 * 4);
            assert_eq!(s.levels.iter().map(|l| l.wins).sum::<u64>(), 6);
            assert!(table(&plan(6, 1, board), &s).contains("| master |"));
        }
    }
}
