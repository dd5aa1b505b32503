//! Classic Sleuth's table: how the game master's core reaches this game's use cases
//! (`master::table::Table`). Each answer is one of this folder's functions.

use async_trait::async_trait;
use serde_json::Value;

use crate::games::sleuth::rules::Settings;
use crate::lang::{Lang, Said};
use crate::master::gm::GmAction;
use crate::master::request::{GameRequest, HouseRules};
use crate::master::table::{CorePage, Seated, Table};
use crate::master::{Master, MasterError, Result};
use crate::model::Created;
use crate::store::{GameRow, PlayerRow, Ruleset, Tx};

/// Classic Sleuth's table.
pub struct ClassicTable;

/// The one table of classic Sleuth.
pub static TABLE: ClassicTable = ClassicTable;

#[async_trait]
impl Table for ClassicTable {
    fn ruleset(&self) -> Ruleset {
        crate::games::sleuth::RULESET
    }

    async fn create(&self, master: &Master, req: GameRequest) -> Result<Created> {
        master.create_classic(req).await
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
        let settings = serde_json::from_value(rules)
            .map_err(|e| MasterError::Corrupt(format!("game {}: its house rules: {e}", game.id)))?;
        master
            .start_formed_classic(tx, game, settings, seed, seats)
            .await
    }

    async fn after_start(&self, master: &Master, game_id: i64) {
        if let Err(e) = master.classic_change(game_id, None, |_, _, _| Ok(())).await {
            tracing::error!(game = game_id, error = %e, "a computer's first turn failed");
        }
    }

    async fn gm_action(&self, master: &Master, game: GameRow, action: GmAction) -> Result<Said> {
        master.classic_gm(game, action).await
    }

    async fn mail(
        &self,
        master: &Master,
        player: &PlayerRow,
        game: &GameRow,
        text: &str,
        _inbound: i64,
    ) -> Result<bool> {
        crate::games::sleuth::door::handle(master, player, game, text).await
    }

    /// Its computer players play at once, in each change (`service::classic_change`).
    async fn tick(&self, master: &Master, _computers: &crate::level::Timing) -> Result<usize> {
        use crate::master::part_of_tick as part;
        let passed = part("passing classic turns", master.classic_due().await);
        if passed > 0 {
            tracing::info!(turns = passed, "classic turns passed at their deadline");
        }
        let reminded = part("classic reminders", master.classic_reminders().await);
        let digests = part("classic digests", master.classic_digests().await);
        Ok(passed + reminded + digests)
    }

    async fn record(&self, master: &Master, game: &GameRow) -> Result<Value> {
        master.classic_record(game)
    }

    fn describe_rules(&self, rules: &Value, t: Lang) -> Vec<(String, String)> {
        let settings: Settings = serde_json::from_value(rules.clone()).unwrap_or_default();
        std::iter::once((t.t("new-ruleset"), t.t("classic-ruleset")))
            .chain(
                settings
                    .lines()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v)),
            )
            .collect()
    }

    fn house_rules(&self) -> Option<&'static dyn HouseRules> {
        Some(&super::house_rules::RULES)
    }

    fn page(&self, page: &CorePage) -> Option<String> {
        Some(page.under("/classic"))
    }
}
