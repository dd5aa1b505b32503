//! A finished game's record (`/games/{id}/record.json`), as its game writes it
//! (`Table::record`). It is published only once the game is over: until then it would tell the
//! deal and every turn.

use serde_json::Value;

use super::{Master, MasterError, Result};
use crate::store::GameStatus;

impl Master {
    /// The record of a finished game.
    pub async fn record(&self, game_id: i64) -> Result<Value> {
        let row = self.public_game(game_id).await?;
        if row.status != GameStatus::Over {
            return Err(MasterError::NotFound(crate::said!(
                "error-record-not-yet",
                game = game_id
            )));
        }
        self.table(row.ruleset)?.record(self, &row).await
    }
}

/// Who gave a game's deal, as its record says: `operator` when the seed or the deal was given
/// on the command line, `service` when the service drew the seed itself.
pub fn deal_given_by(row: &crate::store::GameRow) -> &'static str {
    match row.operator_deal {
        true => "operator",
        false => "service",
    }
}
