//! The `bulletins` and `reports` tables: each round's public bulletin and every player's
//! private report, as the rules engine wrote them (JSON).

use super::{Store, StoreError};

/// A stored bulletin: its round, its JSON, and when it was published.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BulletinRow {
    pub round: i64,
    pub body: String,
    pub published_at: i64,
}

/// A stored private report: its round and its JSON.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ReportRow {
    pub round: i64,
    pub body: String,
}

impl Store {
    /// Every bulletin of a game, newest first.
    pub async fn bulletins(&self, game_id: i64) -> Result<Vec<BulletinRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body, created_at AS published_at FROM bulletins WHERE game_id = $1 ORDER BY round DESC",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn bulletin(
        &self,
        game_id: i64,
        round: i64,
    ) -> Result<Option<BulletinRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body, created_at AS published_at FROM bulletins WHERE game_id = $1 AND round = $2",
        )
        .bind(game_id)
        .bind(round)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// One player's private reports, oldest first.
    pub async fn reports(&self, game_id: i64, seat: i64) -> Result<Vec<ReportRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body FROM reports WHERE game_id = $1 AND seat = $2 ORDER BY round",
        )
        .bind(game_id)
        .bind(seat)
        .fetch_all(&self.pool)
        .await?)
    }
}
