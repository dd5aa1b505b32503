//! The `observers` table: addresses that follow a game's public bulletins.

use sqlx::{Any, Executor};

use super::rows::{from_any_row, Columns, Decode};
use super::{Conn, Store, StoreError};

/// An address following a game's bulletins.
#[derive(Clone, Debug)]
pub struct ObserverRow {
    pub id: i64,
    pub game_id: i64,
    pub email: String,
    /// When the confirmation was last asked for.
    pub asked_at: i64,
    pub confirmed_at: Option<i64>,
}

impl Decode for ObserverRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(ObserverRow {
            id: r.int("id")?,
            game_id: r.int("game_id")?,
            email: r.text("email")?,
            asked_at: r.int("asked_at")?,
            confirmed_at: r.maybe_int("confirmed_at")?,
        })
    }
}

from_any_row!(ObserverRow);

pub(super) const OBSERVER_COLUMNS: &str =
    "id, game_id, email, created_at AS asked_at, confirmed_at";

impl Store {
    /// A new subscription; `mailbox` is its address's inbox, which the daily cap counts.
    #[allow(clippy::too_many_arguments)]
    pub async fn add_observer(
        &self,
        tx: &mut Conn,
        game_id: i64,
        email: &str,
        mailbox: &str,
        key_hash: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "INSERT INTO observers (game_id, email, mailbox, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, email) DO NOTHING RETURNING id",
        )
        .bind(game_id)
        .bind(email)
        .bind(mailbox)
        .bind(key_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// Observers of a game whose address confirmed.
    pub async fn observers<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<ObserverRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {OBSERVER_COLUMNS} FROM observers WHERE game_id = $1 AND confirmed_at IS NOT NULL ORDER BY id",
        ))
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    pub async fn observer(&self, id: i64) -> Result<Option<ObserverRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {OBSERVER_COLUMNS} FROM observers WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// An address's subscription to a game.
    pub async fn observer_of(
        &self,
        tx: &mut Conn,
        game_id: i64,
        email: &str,
    ) -> Result<Option<ObserverRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {OBSERVER_COLUMNS} FROM observers WHERE game_id = $1 AND lower(email) = lower($2)",
        ))
        .bind(game_id)
        .bind(email)
        .fetch_optional(&mut *tx)
        .await?)
    }

    /// Subscriptions of an inbox not confirmed, asked for since `since`, however its address
    /// was written.
    pub async fn unconfirmed_observers(
        &self,
        tx: &mut Conn,
        mailbox: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM observers WHERE mailbox = $1 AND confirmed_at IS NULL AND created_at >= $2",
        )
        .bind(mailbox)
        .bind(since)
        .fetch_one(&mut *tx)
        .await?;
        Ok(n)
    }

    /// A confirmation request is sent again: it counts as asked now.
    pub async fn observer_asked_again(
        &self,
        tx: &mut Conn,
        id: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE observers SET created_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// The address confirmed it wants the bulletins; true when it had not before.
    pub async fn confirm_observer(&self, id: i64, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE observers SET confirmed_at = $1 WHERE id = $2 AND confirmed_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn remove_observer(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM observers WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
