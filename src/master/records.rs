//! Reading the record: the bulletins of a game and a player's private reports, decoded from
//! their stored JSON with damage reported, never skipped.

use super::{Master, MasterError, Result};
use crate::model::StoredBulletin;
use crate::rules::view::PrivateReport;

impl Master {
    /// Stored bulletins of a game, newest first, each with the time it was published.
    pub async fn bulletins(&self, game_id: i64) -> Result<Vec<(StoredBulletin, i64)>> {
        self.store
            .bulletins(game_id)
            .await?
            .into_iter()
            .map(|row| Ok((decode("bulletin", row.round, &row.body)?, row.published_at)))
            .collect()
    }

    pub async fn bulletin(&self, game_id: i64, round: i64) -> Result<(StoredBulletin, i64)> {
        let row = self.store.bulletin(game_id, round).await?.ok_or_else(|| {
            MasterError::NotFound(format!(
                "game {game_id} has no bulletin for round {round} yet"
            ))
        })?;
        Ok((decode("bulletin", round, &row.body)?, row.published_at))
    }

    /// One player's private reports, oldest first.
    pub async fn reports(&self, game_id: i64, seat: i64) -> Result<Vec<(i64, PrivateReport)>> {
        self.store
            .reports(game_id, seat)
            .await?
            .into_iter()
            .map(|row| Ok((row.round, decode("report", row.round, &row.body)?)))
            .collect()
    }
}

fn decode<T: serde::de::DeserializeOwned>(what: &str, round: i64, body: &str) -> Result<T> {
    serde_json::from_str(body).map_err(|e| MasterError::Corrupt(format!("{what} {round}: {e}")))
}
