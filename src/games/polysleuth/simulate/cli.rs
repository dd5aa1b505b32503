//! The command's face: reading `--seats` and `--setting`, a progress bar on a terminal (none
//! when piped), and the summary as a table or the whole result as JSON.

use std::process::ExitCode;

use super::summary::{summarize, table};
use super::Plan;
use crate::games::polysleuth::rules::Settings;

pub use crate::games::simulate::seats;

/// Reads `KEY=VALUE` house rules (RULES.md) into settings.
pub fn settings(pairs: &[String]) -> Result<Settings, String> {
    let mut map = serde_json::Map::new();
    for s in pairs {
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| format!("--setting {s}: write KEY=VALUE, e.g. max_rounds=10"))?;
        let value = serde_json::from_str(v.trim())
            .unwrap_or_else(|_| serde_json::Value::String(v.trim().into()));
        map.insert(k.trim().to_string(), value);
    }
    serde_json::from_value(serde_json::Value::Object(map))
        .map_err(|e| format!("the settings are not valid: {e}"))
}

/// Runs the plan and returns what to print: the summary table, or everything as JSON.
pub fn run(plan: &Plan, json: bool) -> Result<String, String> {
    plan.settings
        .check(plan.players)
        .map_err(|e| e.to_string())?;
    crate::games::simulate::check(plan.games, plan.jobs)?;
    let games = crate::games::simulate::run(plan.games, plan.jobs, &|i| super::play(plan, i))?;
    let summary = summarize(plan, &games);
    Ok(if json {
        serde_json::to_string_pretty(&serde_json::json!({
            "plan": plan,
            "summary": summary,
            "games": games,
        }))
        .expect("results serialise")
    } else {
        table(plan, &summary)
    })
}

/// `polysleuth simulate`'s command line for Polysleuth.
#[derive(clap::Parser)]
#[command(
    name = "polysleuth simulate",
    about = "Play games of Polysleuth between computer players, with no database, and print who won how often."
)]
struct Command {
    #[command(flatten)]
    args: Args,
}

/// Reads `polysleuth simulate`'s arguments for Polysleuth and runs it; clap answers `--help`
/// and malformed flags itself (status 2).
pub fn main_from(args: &[String]) -> ExitCode {
    match crate::games::simulate::parse::<Command>(args) {
        Ok(c) => main(c.args),
        Err(status) => status,
    }
}

/// `polysleuth simulate`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Players per game (3 to 7).
    #[arg(long)]
    players: usize,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The level of each seat, e.g. detective,novice,novice,novice (one name: every seat).
    /// Levels turn round the seats from game to game.
    #[arg(long)]
    seats: String,
    /// A house rule, e.g. --setting question_payment=all (see RULES.md).
    #[arg(long = "setting")]
    settings: Vec<String>,
    /// The run's seed: the same seed gives the same result.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print every game and the summary as JSON instead of the table.
    #[arg(long)]
    json: bool,
}

/// Runs the command: the summary on standard output, or one message on standard error and
/// status 2.
pub fn main(args: Args) -> ExitCode {
    let plan = (|| {
        Ok::<_, String>(Plan {
            players: args.players,
            games: args.games,
            seats: seats(&args.seats, args.players)?,
            settings: settings(&args.settings)?,
            seed: args.seed,
            jobs: crate::games::simulate::jobs_or_cores(args.jobs),
        })
    })();
    crate::games::simulate::finish(plan.and_then(|plan| run(&plan, args.json)))
}
