//! The `sheets` table: each player's Information Sheet as last worked out.

use super::{Store, StoreError};

impl Store {
    /// A player's stored Information Sheet: the last round it covers, and its JSON.
    pub async fn sheet(
        &self,
        game_id: i64,
        seat: i64,
    ) -> Result<Option<(i64, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT round, body FROM sheets WHERE game_id = $1 AND seat = $2")
                .bind(game_id)
                .bind(seat)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Stores a sheet unless one for a later round is there already (instances may race).
    pub async fn put_sheet(
        &self,
        game_id: i64,
        seat: i64,
        round: i64,
        body: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO sheets (game_id, seat, round, body, computed_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, seat) DO UPDATE SET round = excluded.round, body = excluded.body,
             computed_at = excluded.computed_at WHERE sheets.round < excluded.round",
        )
        .bind(game_id)
        .bind(seat)
        .bind(round)
        .bind(body)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Games with a resolved round that some player's sheet does not cover yet.
    pub async fn games_needing_sheets(&self, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT b.game_id FROM bulletins b JOIN players p ON p.game_id = b.game_id
             LEFT JOIN sheets s ON s.game_id = p.game_id AND s.seat = p.seat
             GROUP BY b.game_id HAVING MAX(b.round) > MIN(COALESCE(s.round, 0))
             ORDER BY b.game_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }
}
