//! The command's face: reading `--seats` and `--setting`, a progress bar on a terminal (none
//! when piped), and the summary as a table or the whole result as JSON.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use super::summary::{summarize, table};
use super::Plan;
use crate::computer::Level;
use crate::rules::Settings;

/// Reads `novice,detective,…`: one level per seat.
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
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(plan.games);
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
    let games = super::run(plan, &|| bar.inc(1))?;
    bar.finish_and_clear();
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
