//! Sherlock Solitaire's table: how the game master's core reaches this game's use cases
//! (`master::table::Table`). Each answer is one of this folder's functions.

use async_trait::async_trait;
use serde_json::Value;

use crate::games::sherlock::setup::Settings;
use crate::lang::{Lang, Said};
use crate::master::gm::GmAction;
use crate::master::request::{GameRequest, HouseRules};
use crate::master::table::{CorePage, Seated, Table};
use crate::master::{Master, MasterError, Result};
use crate::model::Created;
use crate::store::{GameRow, PlayerRow, Ruleset, Tx};

/// Sherlock Solitaire's table.
pub struct SherlockTable;

/// The one table of Sherlock Solitaire.
pub static TABLE: SherlockTable = SherlockTable;

#[async_trait]
impl Table for SherlockTable {
    fn ruleset(&self) -> Ruleset {
        crate::games::sherlock::RULESET
    }

    async fn create(&self, master: &Master, req: GameRequest) -> Result<Created> {
        master.create_sherlock(req).await
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
            .start_formed_sherlock(tx, game, settings, seed, seats)
            .await
    }

    /// A computer detective on the first turn plays at once.
    async fn after_start(&self, master: &Master, game_id: i64) {
        if let Err(e) = master.sherlock_change(game_id, |_, _| Ok(())).await {
            tracing::error!(game = game_id, error = %e, "a computer's first turn failed");
        }
    }

    async fn gm_action(&self, master: &Master, game: GameRow, action: GmAction) -> Result<Said> {
        master.sherlock_gm(game, action).await
    }

    async fn mail(
        &self,
        master: &Master,
        player: &PlayerRow,
        game: &GameRow,
        text: &str,
        _inbound: i64,
    ) -> Result<bool> {
        crate::games::sherlock::door::handle(master, player, game, text).await
    }

    async fn tick(&self, master: &Master, _computers: &crate::level::Timing) -> Result<usize> {
        use crate::master::part_of_tick as part;
        let closed = part("ending daily cases", master.daily_close().await);
        if closed > 0 {
            tracing::info!(games = closed, "daily cases ended with their day");
        }
        let passed = part("ending Sherlock turns", master.sherlock_due().await);
        if passed > 0 {
            tracing::info!(turns = passed, "Sherlock turns ended at their deadline");
        }
        Ok(passed)
    }

    async fn record(&self, master: &Master, game: &GameRow) -> Result<Value> {
        master.sherlock_record(game)
    }

    fn describe_rules(&self, rules: &Value, t: Lang) -> Vec<(String, String)> {
        let settings: Settings = serde_json::from_value(rules.clone()).unwrap_or_default();
        std::iter::once((t.t("new-ruleset"), t.t("sherlock-ruleset")))
            .chain(crate::games::sherlock::words::settings_lines(t, &settings))
            .collect()
    }

    fn house_rules(&self) -> Option<&'static dyn HouseRules> {
        Some(&super::house_rules::RULES)
    }

    fn page(&self, page: &CorePage) -> Option<String> {
        Some(page.under("/sherlock"))
    }
}
