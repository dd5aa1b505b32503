//! The games this service runs, each in a folder of its own, and the one registry the rest of
//! the service finds them through (`ALL`, `named`, `of_input`).
//!
//! A game is one object (`Game`), as in boardgame.io: the core asks it, never the other way
//! round. Each folder holds everything that is that game's: its pure engine (`rules/`), its
//! record (`replay`, `verify`), and, as the reshaping goes on, its computer players, pages,
//! letters and commands. What the two Sleuth-deck games share — the 36 cards, their traits and
//! names — is `deck`.

use serde_json::Value;

pub mod clue;
pub mod deck;
pub mod house_text;
pub mod names;
pub use names::valid_name;
pub mod polysleuth;
pub mod sherlock;
pub mod simulate;
pub mod sleuth;
pub mod stream;
pub mod typography;

/// How a game's time passes, which decides what the core's clock does for it: the three
/// shapes of Board Game Arena's states that a play-by-message table needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Every player acts at once until a deadline, then the round closes (Polysleuth):
    /// BGA's `multipleactiveplayer`.
    Rounds,
    /// One seat acts at a time, in seat order, each turn with its deadline; another seat may
    /// act out of turn when the rules allow it (classic Sleuth's accusations, Clue's refuter):
    /// BGA's `activeplayer`.
    Turns,
    /// One player, or two in alternate turns, with no deadline (Sherlock Solitaire).
    Untimed,
}

/// What a record shows when it does not check out.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Mismatch {
    /// The record cannot be read at all.
    #[error("{0}")]
    Unreadable(String),
    /// The record reads, but something in it does not hold.
    #[error("{0}")]
    Differs(String),
}

impl Mismatch {
    /// A record's field that must be there (not null), or why the record cannot be read.
    pub fn need<'a>(record: &'a Value, key: &str) -> Result<&'a Value, Mismatch> {
        record.get(key).filter(|v| !v.is_null()).ok_or_else(|| {
            Mismatch::Unreadable(format!(
                "the record has no \"{key}\"; a finished game's record.json has it"
            ))
        })
    }
}

/// A game as the service knows it. Adding a game is one folder that implements this, and one
/// line in `ALL`.
pub trait Game: Sync {
    /// Its name in the API, on the command line and in records (`"ruleset"`).
    fn name(&self) -> &'static str;
    /// Its name for people (`Polysleuth`, `classic Sleuth`).
    fn title(&self) -> &'static str;
    /// Other names the command line and the API accept for it.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// How its time passes.
    fn clock(&self) -> Clock;
    /// Whether a replay input or a record (its `"ruleset"`) is this game's.
    fn reads(&self, input: &Value) -> bool {
        input.get("ruleset").and_then(Value::as_str) == Some(self.name())
    }
    /// `polysleuth replay`: the whole game run by the engine alone, in the game's JSON
    /// contract; the error is one sentence fit for standard error.
    fn replay(&self, input: &str) -> Result<Value, String>;
    /// `polysleuth verify`: a finished game's record checked against its commitment and its
    /// moves replayed.
    fn verify(&self, record: &Value, text: &str) -> Result<(), Mismatch>;
    /// `polysleuth deduce`: one player's sheet after a round (or a turn), from a replay input,
    /// as JSON; the error is one sentence fit for standard error.
    fn deduce(
        &self,
        input: &str,
        player: Option<&str>,
        round: Option<usize>,
        budget: &crate::deduce::Budget,
    ) -> Result<Value, String> {
        let _ = (input, player, round, budget);
        Err(format!(
            "{} has no deduce command: its replay input asks for sheets itself",
            self.name()
        ))
    }
    /// Its name for people in the reader's language (the help page's heading, the front
    /// page's list of games).
    fn title_in(&self, t: crate::lang::Lang) -> String {
        let _ = t;
        self.title().to_string()
    }
    /// How to play it, for the help page (HTML, escaped by its own template), in the reader's
    /// language.
    fn help(&self, t: crate::lang::Lang) -> String;
    /// Its whole rules for players, in the project's own words (Markdown, one file per
    /// language under `docs/src/players/`, the book's own pages): the site shows them at
    /// `/rules/NAME`, and every page and mail of the game links them. None: no page yet.
    fn rules(&self, t: crate::lang::Lang) -> Option<&'static str> {
        let _ = t;
        None
    }
    /// `polysleuth simulate` for this game, with the arguments after the game's name: games
    /// between its computer players, a summary printed. None when it has no such command.
    fn simulate(&self, args: &[String]) -> Option<std::process::ExitCode> {
        let _ = args;
        None
    }
    /// Its house rules from the command line's `KEY=VALUE` pairs, as the JSON its settings
    /// read from.
    fn settings_from_pairs(&self, pairs: &[String]) -> Result<Value, String>;
    /// Its own pages and API routes, with whatever they share on one server: asked once per
    /// server, the answer configures each of its workers. None when the core's pages serve it.
    fn web(&self) -> Option<WebRoutes> {
        None
    }
    /// The prefixes of its own routes whose paths carry a secret after them: the request log
    /// shows only the route and the id there.
    fn secret_routes(&self) -> &'static [&'static str] {
        &[]
    }
    /// Its service side, as the game master's core asks it (`master::table::Table`). None while
    /// the core runs the game itself (Polysleuth, until it moves into its folder).
    fn table(&self) -> Option<&'static dyn crate::master::table::Table> {
        None
    }
}

/// Every game's table, for the game master's core (`master::Master::new`).
pub fn tables() -> &'static [&'static dyn crate::master::table::Table] {
    static TABLES: std::sync::LazyLock<Vec<&'static dyn crate::master::table::Table>> =
        std::sync::LazyLock::new(|| ALL.iter().filter_map(|g| g.table()).collect());
    &TABLES
}

/// A game's routes and their shared state, configured into each worker of one server.
pub type WebRoutes = std::sync::Arc<dyn Fn(&mut actix_web::web::ServiceConfig) + Send + Sync>;

/// Every game the service runs. The first is the default: a replay input or an API request
/// that names no ruleset is Polysleuth's, as the contracts say.
pub static ALL: [&dyn Game; 4] = [
    &polysleuth::POLYSLEUTH,
    &sleuth::SLEUTH,
    &clue::CLUE,
    &sherlock::SHERLOCK,
];

/// The game of a name or one of its aliases, in any case; the error lists the names.
pub fn named(name: &str) -> Result<&'static dyn Game, String> {
    let wanted = name.trim().to_ascii_lowercase();
    ALL.iter()
        .copied()
        .find(|g| g.name() == wanted || g.aliases().contains(&wanted.as_str()))
        .ok_or_else(|| {
            let names: Vec<String> = ALL
                .iter()
                .map(|g| match g.title().eq_ignore_ascii_case(g.name()) {
                    true => g.name().to_string(),
                    false => format!("{} ({})", g.name(), g.title()),
                })
                .collect();
            format!(
                "\"{wanted}\" is not a ruleset: use {}",
                crate::lang::words::or_list(&names)
            )
        })
}

/// The game a replay input or a record is of: the one that reads it, else the default.
pub fn of_input(input: &Value) -> &'static dyn Game {
    ALL.iter()
        .skip(1)
        .copied()
        .find(|g| g.reads(input))
        .unwrap_or(ALL[0])
}

/// The game of an input's text (the default when it is not JSON: its own reader says why).
pub fn of_text(text: &str) -> &'static dyn Game {
    serde_json::from_str::<Value>(text)
        .map(|v| of_input(&v))
        .unwrap_or(ALL[0])
}

/// Equal as JSON, numbers by value (6 == 6.0): how a record is compared with its replay.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// `polysleuth simulate`: the game named by `--ruleset` (the first game when none is), run
/// with the rest of the arguments.
pub fn simulate(mut args: Vec<String>) -> std::process::ExitCode {
    let mut name = None;
    let mut i = 0;
    while i < args.len() {
        if let Some(value) = args[i].strip_prefix("--ruleset=") {
            name = Some(value.to_string());
            args.remove(i);
        } else if args[i] == "--ruleset" && i + 1 < args.len() {
            name = Some(args.remove(i + 1));
            args.remove(i);
        } else {
            i += 1;
        }
    }
    let game = match name {
        Some(name) => match named(&name) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("polysleuth simulate: {e}");
                return std::process::ExitCode::from(2);
            }
        },
        None => ALL[0],
    };
    game.simulate(&args).unwrap_or_else(|| {
        eprintln!(
            "polysleuth simulate: {} cannot be simulated yet",
            game.name()
        );
        std::process::ExitCode::from(2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name_and_aliases_and_reads_its_own_records() {
        for game in ALL {
            assert_eq!(named(game.name()).unwrap().name(), game.name());
            assert_eq!(
                named(&game.name().to_uppercase()).unwrap().name(),
                game.name()
            );
            for alias in game.aliases() {
                assert_eq!(named(alias).unwrap().name(), game.name());
            }
            let record = serde_json::json!({"ruleset": game.name()});
            assert_eq!(of_input(&record).name(), game.name());
        }
        assert_eq!(
            named("Chess").err().unwrap(),
            "\"chess\" is not a ruleset: use polysleuth, sleuth (classic Sleuth), clue or sherlock (Sherlock Solitaire)"
        );
        assert_eq!(
            of_input(&serde_json::json!({"players": []})).name(),
            ALL[0].name()
        );
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = ALL
            .iter()
            .flat_map(|g| std::iter::once(g.name()).chain(g.aliases().iter().copied()))
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
    }
}
