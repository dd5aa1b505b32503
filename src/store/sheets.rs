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

    /// A stored sheet with the one before it: (round, body, previous body).
    pub async fn sheet_with_previous(
        &self,
        game_id: i64,
        seat: i64,
    ) -> Result<Option<(i64, String, Option<String>)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body, previous FROM sheets WHERE game_id = $1 AND seat = $2",
        )
        .bind(game_id)
        .bind(seat)
        .fetch_optional(&self.pool)
        .await?)
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
             computed_at = excluded.computed_at, previous = sheets.body WHERE sheets.round < excluded.round",
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

    /// Games with a resolved round that some player's sheet does not cover yet (marked by
    /// each resolution, `advance_round`), as (game id, the round they were marked at).
    pub async fn games_needing_sheets(&self, limit: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, round FROM games WHERE sheets_behind = 1 ORDER BY id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Every sheet of a game covers its last resolved round: unmarked, unless a round was
    /// resolved since `round` was read (then the mark stays for the next pass).
    pub async fn sheets_done(&self, game_id: i64, round: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET sheets_behind = 0 WHERE id = $1 AND round = $2")
            .bind(game_id)
            .bind(round)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
