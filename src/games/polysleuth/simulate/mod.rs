//! `polysleuth simulate`: whole games between computer players, with no database, on every
//! core. Each game is drawn from the run's seed and its number alone, so the same seed gives
//! the same result whatever the number of workers. The levels turn round the seats from one
//! game to the next, so a level's results do not depend on where it sits.

pub mod cli;
pub mod summary;

use rand::RngExt;
use serde::Serialize;

use crate::deduce::view::View;
use crate::games::polysleuth::assistant::{of_seat, Told};
use crate::games::polysleuth::computer::seat::{wins_of, Win};
use crate::games::polysleuth::computer::{Level, Seat};
use crate::games::polysleuth::rules::deal::stream;
use crate::games::polysleuth::rules::{Game, Settings};

/// A game still running after this many rounds is stopped and scored as it stands.
pub const ROUND_CAP: u32 = 300;

#[derive(Clone, Debug, Serialize)]
pub struct Plan {
    pub players: usize,
    pub games: u64,
    /// The level of each seat in the first game; game `i` turns them round by `i` seats.
    pub seats: Vec<Level>,
    pub settings: Settings,
    pub seed: u64,
    #[serde(skip)]
    pub jobs: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub game: u64,
    /// The level in each seat.
    pub levels: Vec<Level>,
    pub rounds: u32,
    /// Whether every card was published (false: stopped at the round cap).
    pub ended: bool,
    pub winners: Vec<usize>,
    pub points: Vec<f64>,
    pub eyes_spent: Vec<u32>,
    pub answered: Vec<u32>,
}

/// The levels seated in game `index`.
pub fn levels_of(plan: &Plan, index: u64) -> Vec<Level> {
    crate::games::simulate::levels_of(&plan.seats, index)
}

/// Plays game `index` of the plan to its end.
pub fn play(plan: &Plan, index: u64) -> Result<GameResult, String> {
    let n = plan.players;
    let mut draw = stream("simulate", plan.seed, index);
    let game_seed: u64 = draw.random();
    let mut bots = stream("simulate-players", plan.seed, index);
    let levels = levels_of(plan, index);
    let names = crate::games::simulate::names(n);
    let mut game =
        Game::new(names, plan.settings.clone(), game_seed, None).map_err(|e| e.to_string())?;
    let mut views: Vec<View> = (0..n)
        .map(|s| of_seat(&game, s, [], []).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut wins: Vec<Win> = Vec::new();
    let mut eyes_spent = vec![0u32; n];
    let mut answered = vec![0u32; n];
    while !game.over && game.round <= ROUND_CAP {
        let turns: Vec<_> = (0..n)
            .map(|s| {
                let seat = Seat::from_view(&game, s, views[s].clone(), wins.clone());
                crate::games::polysleuth::computer::turn(levels[s], &seat, &mut bots)
                    .and_then(|text| game.validate(s, &text).ok())
            })
            .collect();
        let (next, outcome) = game.resolve(&turns, &[]);
        for s in 0..n {
            eyes_spent[s] += (game.eyes[s] + game.settings.income).saturating_sub(next.eyes[s]);
            views[s]
                .add_bulletin(&outcome.bulletin)
                .and_then(|_| views[s].add_report(outcome.bulletin.round, &outcome.private[s]))
                .map_err(|e| e.to_string())?;
        }
        for w in wins_of(&game, &outcome.bulletin) {
            answered[w.asker] += 1;
            wins.push(w);
        }
        game = next;
    }
    let ended = game.over;
    let best = *game.half_points.iter().max().unwrap_or(&0);
    Ok(GameResult {
        game: index,
        levels,
        rounds: game.round - 1,
        ended,
        winners: (0..n).filter(|&s| game.half_points[s] == best).collect(),
        points: game.half_points.iter().map(|&h| h as f64 / 2.0).collect(),
        eyes_spent,
        answered,
    })
}

/// Plays every game of the plan on `plan.jobs` workers; `tick` is called after each game.
pub fn run(plan: &Plan, tick: &(dyn Fn() + Sync)) -> Result<Vec<GameResult>, String> {
    crate::games::simulate::on_workers(plan.games, plan.jobs, &|i| play(plan, i), tick)
}
