//! Filling a database fast, for benchmarks and load tests only: copies of one game (with its
//! players, turns, bulletins, reports, sheets and mail) and delivered mail, written by a few
//! statements instead of one game at a time. The copies share their template's player keys,
//! so one key opens any copy's seat (with that copy's player id).

use super::{Store, StoreError};

/// `n(i)` for i in 1..=$2, as both databases write it.
const SERIES: &str = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)";

impl Store {
    /// Makes `copies` copies of game `template`; returns the new games' ids, in order.
    pub async fn copy_game(&self, template: i64, copies: i64) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.write().await?;
        let (before,): (i64,) = sqlx::query_as("SELECT COALESCE(MAX(id), 0) FROM games")
            .fetch_one(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "{SERIES} INSERT INTO games (name, listed, status, round, state, salt, commitment, gm_email,
               gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, remaining, close_at, gm_notes,
               gm_done, created_at, reminder_hours, reminders_sent, sheets_behind)
             SELECT g.name, g.listed, g.status, g.round, g.state, g.salt, g.commitment, g.gm_email,
               g.gm_key_hash, g.round_seconds, g.grace_seconds, g.time_zone, g.deadline, g.remaining, g.close_at,
               g.gm_notes, g.gm_done, g.created_at, g.reminder_hours, g.reminders_sent, g.sheets_behind
             FROM n, games g WHERE g.id = $1 ORDER BY n.i"
        ))
        .bind(template)
        .bind(copies)
        .execute(&mut *tx)
        .await?;
        for (table, columns) in [
            ("players", "seat, name, email, key_hash, key_version"),
            ("turns", "round, seat, text, ready, revision, updated_at"),
            ("bulletins", "round, body, created_at"),
            ("reports", "round, seat, body"),
            ("sheets", "seat, round, body, computed_at"),
            // Its mail, but for the web confirmation's merge key, which is one game's own.
            (
                "outbox",
                "recipient, subject, body, created_at, next_attempt_at, reply_to, attempts",
            ),
        ] {
            let copied: Vec<String> = columns.split(", ").map(|c| format!("t.{c}")).collect();
            let copied = copied.join(", ");
            sqlx::query(&format!(
                "INSERT INTO {table} (game_id, {columns}) SELECT g.id, {copied}
                 FROM {table} t, games g WHERE t.game_id = $1 AND g.id > $2 ORDER BY g.id"
            ))
            .bind(template)
            .bind(before)
            .execute(&mut *tx)
            .await?;
        }
        let ids: Vec<(i64,)> = sqlx::query_as("SELECT id FROM games WHERE id > $1 ORDER BY id")
            .bind(before)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(ids.into_iter().map(|r| r.0).collect())
    }

    /// Adds `count` delivered mails of game `game_id` to the outbox.
    pub async fn fill_sent_mail(
        &self,
        game_id: i64,
        count: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(&format!(
            "{SERIES} INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, sent_at, attempts)
             SELECT $1, 'ann@example.org', 'delivered', '', $3, $3, $3, 1 FROM n"
        ))
        .bind(game_id)
        .bind(count)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Writes the log of a SQLite database into its file (nothing on PostgreSQL), so what a
    /// benchmark measures next does not pay for the filling.
    pub async fn settle(&self) -> Result<(), StoreError> {
        if self.backend == super::Backend::Sqlite {
            sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}
