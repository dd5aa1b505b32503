//! The core's view of a game's service side (`Table`): what the game master's core asks a game
//! to do, so that it never names one. A game that sets its table here runs through it: made,
//! moved by its players' mail, acted on by its game master, timed by the scheduler, its record
//! published, its pages found. The core keeps everything games share — seats and keys, links,
//! sign-up and forming, the doors up to the player found, the outbox, languages — and hands the
//! game the rest.
//!
//! Every game is a `Table`. A game of simultaneous rounds also gives the group-commit writer
//! its `rounds::Rounds`, through what it keeps (`Kept`).

use std::any::Any;
use std::sync::Arc;

use async_trait::async_trait;
use futures_util::future::BoxFuture;
use serde_json::Value;

use super::gm::GmAction;
use super::request::{GameRequest, HouseRules};
use super::{Master, Result};
use crate::lang::{Lang, Said};
use crate::model::Created;
use crate::rounds::Rounds;
use crate::site::Site;
use crate::store::{GameRow, PlayerRow, Ruleset, Tx};

/// What a game keeps for as long as a game master runs — its caches, found again with
/// `Master::part` — and, for a game of simultaneous rounds, what the group-commit writer runs
/// for it.
pub struct Kept {
    pub part: Arc<dyn Any + Send + Sync>,
    pub rounds: Option<Arc<dyn Rounds>>,
}

/// Which of the core's pages a reader asked for, so that a game with pages of its own can say
/// where they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorePage {
    /// `/games/{id}`.
    Game(i64),
    /// `/play/{token}`.
    Player(String),
    /// `/gm/{token}`.
    GameMaster(String),
}

impl CorePage {
    /// The same page among a game's own, under `prefix` (`/clue` gives `/clue/games/{id}`).
    pub fn under(&self, prefix: &str) -> String {
        match self {
            CorePage::Game(id) => format!("{prefix}/games/{id}"),
            CorePage::Player(token) => format!("{prefix}/play/{token}"),
            CorePage::GameMaster(token) => format!("{prefix}/gm/{token}"),
        }
    }
}

/// Who sits where when a forming game starts: name, address (or `computer:LEVEL`), the
/// language they chose when joining.
pub struct Seated {
    pub name: String,
    pub address: String,
    pub language: Option<Lang>,
    /// The piece chosen when joining (a guest of Clue), as the game names it.
    pub choice: Option<String>,
}

/// A game's service side, as the core asks it.
#[async_trait]
pub trait Table: Send + Sync {
    /// The game this table is (its stored ruleset).
    fn ruleset(&self) -> Ruleset;

    /// What the game keeps while a game master runs, made once per game master: `site` is
    /// where links point, `web_confirm_after` how long a web confirmation waits for more
    /// changes (seconds). None when it keeps nothing.
    fn keep(&self, site: &Site, web_confirm_after: i64) -> Option<Kept> {
        let _ = (site, web_confirm_after);
        None
    }

    /// The tasks the game runs beside the service while `serve` runs (work it does in the
    /// background, such as the assistant's sheets).
    fn serve(&self, master: &Master) -> Vec<BoxFuture<'static, ()>> {
        let _ = master;
        Vec::new()
    }

    /// Makes a game of named players: deals and commits, stores the game and its players, and
    /// queues every welcome, in one transaction (or waits for its game master, as asked).
    async fn create(&self, master: &Master, req: GameRequest) -> Result<Created>;

    /// Starts a game formed by sign-up, in the start's transaction: deals and commits with the
    /// forming game's seed, seats and welcomes the players, tells the game master. `rules` are
    /// the game's house rules as the forming game kept them.
    async fn start_formed(
        &self,
        master: &Master,
        tx: &mut Tx,
        game: &GameRow,
        rules: Value,
        seed: u64,
        seats: &[Seated],
    ) -> Result<Said>;

    /// Moves made on their own once a formed game has started and its transaction committed
    /// (computer players whose turn came first).
    async fn after_start(&self, master: &Master, game_id: i64);

    /// A game master's action other than a new private link (the core's, for every game).
    async fn gm_action(&self, master: &Master, game: GameRow, action: GmAction) -> Result<Said>;

    /// A player's mail, the text they wrote in it (stored as inbound row `inbound`): true when
    /// carried out, false when refused whole (the answer is mailed either way).
    async fn mail(
        &self,
        master: &Master,
        player: &PlayerRow,
        game: &GameRow,
        text: &str,
        inbound: i64,
    ) -> Result<bool>;

    /// The scheduler's work for this game each tick — deadlines passed, reminders, digests,
    /// computer players whose time has come (as `computers` says) — and how many moves it
    /// made.
    async fn tick(&self, master: &Master, computers: &crate::level::Timing) -> Result<usize>;

    /// A finished game's record (`/games/{id}/record.json`).
    async fn record(&self, master: &Master, game: &GameRow) -> Result<Value>;

    /// Where a core page's reader of this game belongs, when the game draws its own pages.
    fn page(&self, page: &CorePage) -> Option<String>;

    /// The forming page's lines for this game's house rules (as the forming game keeps them),
    /// its name first.
    fn describe_rules(&self, rules: &Value, t: Lang) -> Vec<(String, String)>;

    /// How to play it by mail, for someone who asks with no key: None when it has no such
    /// letter.
    fn help_letter(&self, site: &Site, t: Lang) -> Option<crate::mail::Letter> {
        let _ = (site, t);
        None
    }

    /// Its house rules, for the one validation of a new game.
    fn house_rules(&self) -> Option<&'static dyn HouseRules>;
}

impl Master {
    /// The table of a stored game, when this service runs that game.
    pub fn table_of(&self, ruleset: Ruleset) -> Option<&'static dyn Table> {
        self.tables.iter().copied().find(|t| t.ruleset() == ruleset)
    }

    /// The table of a game, or why there is none (a game this service does not run).
    pub fn table(&self, ruleset: Ruleset) -> Result<&'static dyn Table> {
        self.table_of(ruleset).ok_or_else(|| {
            super::MasterError::Corrupt(format!(
                "the game \"{}\" is not one this service runs",
                ruleset.as_str()
            ))
        })
    }

    /// Whether a game draws its own pages: the core's pages then send its readers there.
    pub fn has_own_pages(&self, ruleset: Ruleset, page: &CorePage) -> Option<String> {
        self.table_of(ruleset).and_then(|t| t.page(page))
    }

    /// Why `name` may be no player's in any game this service runs (see
    /// `house_rules::name_problem`); None when it may be.
    pub fn name_problem(&self, name: &str) -> Option<crate::lang::Said> {
        super::house_rules::name_problem(name, &self.house_rules())
    }

    /// The house rules of every game with a table, for the one validation of a new game.
    pub fn house_rules(&self) -> Vec<&'static dyn HouseRules> {
        self.tables.iter().filter_map(|t| t.house_rules()).collect()
    }

    /// Every game's table, for the scheduler.
    pub fn tables(&self) -> &'static [&'static dyn Table] {
        self.tables
    }
}

#[cfg(test)]
mod tests {
    use super::CorePage;

    #[test]
    fn a_core_page_under_a_games_prefix_keeps_its_kind_and_its_key() {
        assert_eq!(CorePage::Game(7).under("/clue"), "/clue/games/7");
        assert_eq!(
            CorePage::Player("k1".into()).under("/sherlock"),
            "/sherlock/play/k1"
        );
        assert_eq!(
            CorePage::GameMaster("k2".into()).under("/classic"),
            "/classic/gm/k2"
        );
    }
}
