//! What every game's `polysleuth simulate` shares: the seats' levels read from `--seats` and
//! turned round from game to game, the limits on `--games` and `--jobs`, every core at work
//! with a progress bar on a terminal, and the answer printed or refused. A game brings only how
//! to play one game from the run's seed and its number, and how to sum the results up; each
//! game is drawn from those two alone, so the result does not depend on the number of workers.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};

use crate::level::Level;

/// The seats' names in a simulated game, in seat order.
pub const NAMES: [&str; 7] = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"];

/// The first `n` seats' names.
pub fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

/// The options every game's `simulate` takes; a game's own command flattens them in.
#[derive(clap::Args)]
pub struct Args {
    /// Players per game.
    #[arg(long)]
    pub players: usize,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The level of each seat, e.g. detective,novice,novice (one name: every seat). Levels
    /// turn round the seats from game to game.
    #[arg(long)]
    pub seats: String,
    /// A house rule as KEY=VALUE (the game's section of the help page lists them).
    #[arg(long = "setting")]
    pub settings: Vec<String>,
    /// The run's seed: the same seed gives the same result.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print every game and the summary as JSON instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A run of a game's simulation, as its command line gives it: `S` is the game's house rules.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Plan<S> {
    pub players: usize,
    pub games: u64,
    /// The level of each seat in the first game; game `i` turns them round by `i` seats.
    pub seats: Vec<Level>,
    pub settings: S,
    pub seed: u64,
    #[serde(skip)]
    pub jobs: usize,
}

impl Args {
    /// The run these options ask for, the house rules read by `settings` from `--setting`.
    pub fn plan<S>(
        &self,
        settings: impl FnOnce(&[String]) -> Result<S, String>,
    ) -> Result<Plan<S>, String> {
        Ok(Plan {
            players: self.players,
            games: self.games,
            seats: self.levels()?,
            settings: settings(&self.settings)?,
            seed: self.seed,
            jobs: self.workers(),
        })
    }

    /// The first game's levels, one per seat.
    pub fn levels(&self) -> Result<Vec<Level>, String> {
        seats(&self.seats, self.players)
    }

    /// The workers: `--jobs`, or every core.
    pub fn workers(&self) -> usize {
        jobs_or_cores(self.jobs)
    }
}

/// What a run prints: everything as JSON (`plan`, `summary`, `games`), or the game's table.
pub fn printed<P: serde::Serialize, S: serde::Serialize, G: serde::Serialize>(
    json: bool,
    plan: &P,
    summary: &S,
    games: &[G],
    table: impl FnOnce() -> String,
) -> String {
    match json {
        true => serde_json::to_string_pretty(&serde_json::json!({
            "plan": plan,
            "summary": summary,
            "games": games,
        }))
        .expect("results serialise"),
        false => table(),
    }
}

/// Reads `novice,detective,…`: one level per seat, or one for every seat.
pub fn seats(text: &str, players: usize) -> Result<Vec<Level>, String> {
    let levels: Vec<Level> = text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(Level::parse)
        .collect::<Result<_, _>>()?;
    match levels.len() {
        1 => Ok(vec![levels[0]; players]),
        n if n == players => Ok(levels),
        n => Err(format!(
            "--seats names {n} levels for {players} players; name one level for every seat, or one for all"
        )),
    }
}

/// The levels seated in game `index`: the first game's seats turned round by `index`, so a
/// level's results do not depend on where it sits.
pub fn levels_of(seats: &[Level], index: u64) -> Vec<Level> {
    let n = seats.len();
    (0..n).map(|s| seats[(s + index as usize) % n]).collect()
}

/// `--jobs`, or every core.
pub fn jobs_or_cores(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The limits every game's run keeps.
pub fn check(games: u64, jobs: usize) -> Result<(), String> {
    if games == 0 || games > 10_000_000 {
        return Err(format!(
            "--games {games}: play 1 to 10,000,000 games in one run"
        ));
    }
    if jobs == 0 || jobs > 256 {
        return Err(format!("--jobs {jobs}: use 1 to 256 workers"));
    }
    Ok(())
}

/// Plays games `0..games` on `jobs` workers, with a progress bar when standard error is a
/// terminal; the results come back in the games' order.
pub fn run<R: Send>(
    games: u64,
    jobs: usize,
    play: &(dyn Fn(u64) -> Result<R, String> + Sync),
) -> Result<Vec<R>, String> {
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} (about {eta} left)",
            )
            .expect("a fixed template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let results = on_workers(games, jobs, play, &|| bar.inc(1));
    bar.finish_and_clear();
    results
}

/// Plays every game on `jobs` workers; `tick` is called after each game.
pub fn on_workers<R: Send>(
    games: u64,
    jobs: usize,
    play: &(dyn Fn(u64) -> Result<R, String> + Sync),
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<R>, String> {
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<Option<Result<R, String>>>> =
        Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = play(i);
                results.lock().expect("no worker panics holding it")[i as usize] = Some(r);
                tick();
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panics holding it")
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect()
}

/// Prints what a run gives: the summary on standard output, or one message on standard error
/// and status 2.
pub fn finish(out: Result<String, String>) -> ExitCode {
    match out {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("polysleuth simulate: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads a game's own command line, `--help` and malformed flags answered by clap (status 2).
pub fn parse<C: clap::Parser>(args: &[String]) -> Result<C, ExitCode> {
    let argv = std::iter::once("polysleuth simulate".to_string()).chain(args.iter().cloned());
    C::try_parse_from(argv).map_err(|e| {
        let _ = e.print();
        ExitCode::from(e.exit_code() as u8)
    })
}

/// How one level did over a run's games.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LevelLine {
    pub level: Level,
    /// Seats this level held over all games.
    pub seats: u64,
    pub wins: u64,
    pub wrong_accusations: u64,
}

/// Each level's seats, wins and wrong accusations over games given as, per seat, its level,
/// whether it won and its wrong accusations; by level, weakest first.
pub fn tally<'a>(seats: impl IntoIterator<Item = (Level, bool, u64)> + 'a) -> Vec<LevelLine> {
    let mut levels: Vec<LevelLine> = Vec::new();
    for (level, won, wrong) in seats {
        let at = match levels.iter().position(|l| l.level == level) {
            Some(at) => at,
            None => {
                levels.push(LevelLine {
                    level,
                    seats: 0,
                    wins: 0,
                    wrong_accusations: 0,
                });
                levels.len() - 1
            }
        };
        let line = &mut levels[at];
        line.seats += 1;
        line.wins += won as u64;
        line.wrong_accusations += wrong;
    }
    levels.sort_by_key(|l| l.level);
    levels
}

/// The levels' lines as a table.
pub fn level_table(levels: &[LevelLine]) -> String {
    let mut out = String::from(
        "| level | seats | wins | win rate | wrong accusations per game |\n|---|---|---|---|---|\n",
    );
    for l in levels {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.2} |\n",
            l.level.name(),
            l.seats,
            l.wins,
            percent(l.wins, l.seats),
            l.wrong_accusations as f64 / l.seats.max(1) as f64,
        ));
    }
    out
}

/// A share as a percentage with one decimal.
pub fn percent(part: u64, whole: u64) -> String {
    match whole {
        0 => "–".into(),
        _ => format!("{:.1}%", part as f64 * 100.0 / whole as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_level_fills_every_seat_and_a_wrong_count_is_refused() {
        assert_eq!(seats("novice", 3).unwrap(), vec![Level::Novice; 3]);
        assert_eq!(
            seats("master,novice", 2).unwrap(),
            vec![Level::Master, Level::Novice]
        );
        assert!(seats("master,novice", 3)
            .unwrap_err()
            .contains("name one level for every seat"));
    }

    #[test]
    fn the_levels_turn_round_the_seats_from_game_to_game() {
        let first = [Level::Master, Level::Novice, Level::Novice];
        assert_eq!(
            levels_of(&first, 1),
            vec![Level::Novice, Level::Novice, Level::Master]
        );
        assert_eq!(levels_of(&first, 3), first.to_vec());
    }

    #[test]
    fn results_come_back_in_the_games_order_whatever_the_workers() {
        let play = |i: u64| Ok::<u64, String>(i * i);
        let one = on_workers(50, 1, &play, &|| {}).unwrap();
        let four = on_workers(50, 4, &play, &|| {}).unwrap();
        assert_eq!(one, four);
        assert_eq!(one[7], 49);
        assert!(check(0, 1).is_err() && check(5, 0).is_err() && check(5, 2).is_ok());
    }
}
