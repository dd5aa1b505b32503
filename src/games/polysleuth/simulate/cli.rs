//! The command's face: reading `--seats` and `--setting`, a progress bar on a terminal (none
//! when piped), and the summary as a table or the whole result as JSON.

use std::process::ExitCode;

use super::summary::{summarize, table};
use super::Plan;
use crate::games::polysleuth::rules::Settings;

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
    Ok(crate::games::simulate::printed(
        json,
        plan,
        &summary,
        &games,
        || table(plan, &summary),
    ))
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

/// `polysleuth simulate`'s arguments: those every game's simulation takes.
pub use crate::games::simulate::Args;

/// Runs the command: the summary on standard output, or one message on standard error and
/// status 2.
pub fn main(args: Args) -> ExitCode {
    let plan = (|| {
        Ok::<_, String>(Plan {
            players: args.players,
            games: args.games,
            seats: args.levels()?,
            settings: settings(&args.settings)?,
            seed: args.seed,
            jobs: args.workers(),
        })
    })();
    crate::games::simulate::finish(plan.and_then(|plan| run(&plan, args.json)))
}
