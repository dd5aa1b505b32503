//! Clue's table: how the game master's core reaches this game's use cases
//! (`master::table::Table`). Each answer is one of this folder's functions.

use async_trait::async_trait;
use serde_json::Value;

use crate::games::clue::settings::Settings;
use crate::lang::{Lang, Said};
use crate::master::gm::GmAction;
use crate::master::request::{GameRequest, HouseRules};
use crate::master::table::{CorePage, Seated, Table};
use crate::master::{Master, MasterError, Result};
use crate::model::Created;
use crate::store::{GameRow, PlayerRow, Ruleset, Tx};

/// Clue's table.
pub struct ClueTable;

/// The one table of Clue.
pub static TABLE: ClueTable = ClueTable;

#[async_trait]
impl Table for ClueTable {
    fn ruleset(&self) -> Ruleset {
        crate::games::clue::RULESET
    }

    async fn create(&self, master: &Master, req: GameRequest) -> Result<Created> {
        master.create_clue(req).await
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
            .start_formed_clue(tx, game, settings, seed, seats)
            .await
    }

    /// A computer the roll-off sent first plays at once.
    async fn after_start(&self, master: &Master, game_id: i64) {
        if let Err(e) = master.clue_change(game_id, |_, _, _| Ok(())).await {
            tracing::error!(game = game_id, error = %e, "a computer's first turn failed");
        }
    }

    async fn gm_action(&self, master: &Master, game: GameRow, action: GmAction) -> Result<Said> {
        master.clue_gm(game, action).await
    }

    async fn mail(
        &self,
        master: &Master,
        player: &PlayerRow,
        game: &GameRow,
        text: &str,
        _inbound: i64,
    ) -> Result<bool> {
        crate::games::clue::door::handle(master, player, game, text).await
    }

    async fn tick(&self, master: &Master, _computers: &crate::level::Timing) -> Result<usize> {
        let passed = master.clue_due().await?;
        if passed > 0 {
            tracing::info!(turns = passed, "Clue turns passed at their deadline");
        }
        Ok(passed)
    }

    async fn record(&self, master: &Master, game: &GameRow) -> Result<Value> {
        master.clue_record(game)
    }

    fn describe_rules(&self, rules: &Value, t: Lang) -> Vec<(String, String)> {
        let settings: Settings = serde_json::from_value(rules.clone()).unwrap_or_default();
        std::iter::once((t.t("new-ruleset"), t.t("clue-ruleset")))
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
        Some(page.under("/clue"))
    }
}
