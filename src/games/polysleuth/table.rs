//! Polysleuth's table: how the game master's core reaches this game's use cases
//! (`master::table::Table`). Each answer here is one of the functions of `service/` and the
//! folder's other use cases, so that the core asks Polysleuth as it asks every game.

use async_trait::async_trait;
use serde_json::Value;

use super::rules::Settings;
use crate::lang::{Lang, Said};
use crate::master::gm::GmAction;
use crate::master::house_rules::HouseRules;
use crate::master::request::GameRequest;
use crate::master::table::{CorePage, Kept, Seated, Table};
use crate::master::{Master, MasterError, Result};
use crate::model::Created;
use crate::site::Site;
use crate::store::{GameRow, PlayerRow, Ruleset, Tx};

/// Polysleuth's table.
pub struct PolysleuthTable;

/// The one table of Polysleuth.
pub static TABLE: PolysleuthTable = PolysleuthTable;

#[async_trait]
impl Table for PolysleuthTable {
    fn ruleset(&self) -> Ruleset {
        Ruleset::POLYSLEUTH
    }

    /// Its parsed states, decoded records and the writer's rounds.
    fn keep(&self, site: &Site, web_confirm_after: i64) -> Option<Kept> {
        Some(super::service::keep(site, web_confirm_after))
    }

    /// The Information Sheets, worked out after every round.
    fn serve(&self, master: &Master) -> Vec<futures_util::future::BoxFuture<'static, ()>> {
        vec![Box::pin(super::service::sheets::run(master.clone()))]
    }

    async fn create(&self, master: &Master, req: GameRequest) -> Result<Created> {
        master.create_polysleuth(req).await
    }

    async fn start_formed(
        &self,
        master: &Master,
        tx: &mut Tx,
        game: &GameRow,
        rules: Value,
        seed: u64,
        seats: &[Seated],
    ) -> Result<Said> {
        let settings: Settings = serde_json::from_value(rules)
            .map_err(|e| MasterError::Corrupt(format!("game {}: its house rules: {e}", game.id)))?;
        master
            .start_formed_polysleuth(tx, game, settings, seed, seats)
            .await
    }

    /// Polysleuth's computer players wait for the scheduler.
    async fn after_start(&self, _master: &Master, _game_id: i64) {}

    async fn gm_action(&self, master: &Master, game: GameRow, action: GmAction) -> Result<Said> {
        master.polysleuth_gm(game, action).await
    }

    async fn mail(
        &self,
        master: &Master,
        player: &PlayerRow,
        game: &GameRow,
        text: &str,
        inbound: i64,
    ) -> Result<bool> {
        super::door::polysleuth_mail(master, player.clone(), game, text, inbound).await
    }

    /// Computer players whose time has come play first, so no round closes without them;
    /// then rounds past their deadline, or whose players are all ready, close; idle players'
    /// seats go to standbys; players with no turn are reminded.
    async fn tick(&self, master: &Master, computers: &crate::level::Timing) -> Result<usize> {
        use crate::master::part_of_tick as part;
        let owed = super::service::computers::play_owed(master, computers).await;
        let played = part("computer players' turns", owed);
        // One time for both: no round falls due between its computers' pass and its closing.
        let now = crate::clock::now();
        let due = super::service::computers::play_due(master, computers, now).await;
        let played = played + part("due games' computer players", due);
        let closed = part("closing due rounds", master.resolve_due_at(now).await);
        if closed > 0 {
            tracing::info!(rounds = closed, "due rounds resolved");
        }
        let given = part("giving idle seats", master.hand_idle_seats().await);
        if given > 0 {
            tracing::info!(seats = given, "idle players' seats given to standbys");
        }
        let reminded = part("reminders", master.send_reminders().await);
        Ok(played + closed + given + reminded)
    }

    async fn record(&self, master: &Master, game: &GameRow) -> Result<Value> {
        master.polysleuth_record(game).await
    }

    /// Its pages are at the service's historic paths themselves (its `web` routes).
    fn page(&self, _page: &CorePage) -> Option<String> {
        None
    }

    fn describe_rules(&self, rules: &Value, _t: Lang) -> Vec<(String, String)> {
        let settings: Settings = serde_json::from_value(rules.clone()).unwrap_or_default();
        settings.describe(crate::games::polysleuth::rules::settings::MAX_PLAYERS)
    }

    fn help_letter(&self, site: &Site, t: Lang) -> Option<crate::mail::Letter> {
        Some(super::letters::help(site, t))
    }

    fn house_rules(&self) -> Option<&'static dyn HouseRules> {
        Some(&super::house_rules::RULES)
    }
}
