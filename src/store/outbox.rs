//! The `outbox` and `bounces` tables: every mail the service sends waits here until it is
//! delivered or given up, and what came back undelivered is recorded.

use super::rows::{from_any_row, Columns, Decode};
use super::{id_list, Conn, Store, StoreError};

/// Outbox rows due at $1, at most $2 of them, in the order they fell due (`outbox_queue`); a
/// lock clause may follow.
pub(super) const CLAIM_MAIL: &str = "SELECT id, game_id, reply_to, recipient, subject, body, created_at, attempts, last_error, unsubscribe FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT $2";

/// Marks claimed outbox rows (ids written in) as leased until $1.
pub(super) fn claimed(ids: &[i64]) -> String {
    format!(
        "UPDATE outbox SET next_attempt_at = $1, merge_key = NULL WHERE id IN ({})",
        id_list(ids)
    )
}

/// Marks outbox rows (ids written in) sent at $1.
pub(super) fn sent(ids: &[i64]) -> String {
    format!(
        // A delivered mail's body and reply address are dropped at once: they may hold a
        // player's key, and nothing reads them again.
        "UPDATE outbox SET sent_at = $1, attempts = attempts + 1, last_error = NULL, body = '', reply_to = NULL WHERE id IN ({})",
        id_list(ids)
    )
}

#[derive(Clone, Debug)]
pub struct MailRow {
    pub id: i64,
    pub game_id: Option<i64>,
    pub reply_to: Option<String>,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub attempts: i64,
    pub last_error: Option<String>,
    /// The one-click unsubscribe address of a subscription (an observer's bulletin).
    pub unsubscribe: Option<String>,
}

impl Decode for MailRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(MailRow {
            id: r.int("id")?,
            game_id: r.maybe_int("game_id")?,
            reply_to: r.maybe_text("reply_to")?,
            recipient: r.text("recipient")?,
            subject: r.text("subject")?,
            body: r.text("body")?,
            created_at: r.int("created_at")?,
            attempts: r.int("attempts")?,
            last_error: r.maybe_text("last_error")?,
            unsubscribe: r.maybe_text("unsubscribe")?,
        })
    }
}

from_any_row!(MailRow);

/// A game's undelivered mail, for its game master: to whom, in which round, and why.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BounceRow {
    pub email: String,
    pub round: Option<i64>,
    pub reason: String,
}

/// A mail to send.
pub struct NewMail<'a> {
    pub game_id: Option<i64>,
    pub reply_to: Option<&'a str>,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    /// Set on a subscription's mail: its `List-Unsubscribe` address.
    pub unsubscribe: Option<&'a str>,
}

impl Store {
    pub async fn enqueue_mail(
        &self,
        tx: &mut Conn,
        m: &NewMail<'_>,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to, unsubscribe) VALUES ($1, $2, $3, $4, $5, $5, $6, $7) RETURNING id",
        )
        .bind(m.game_id)
        .bind(m.recipient)
        .bind(m.subject)
        .bind(m.body)
        .bind(now)
        .bind(m.reply_to)
        .bind(m.unsubscribe)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    /// Whether any mail is due for delivery, read without the write lock.
    pub async fn mail_due(&self, now: i64) -> Result<bool, StoreError> {
        let due: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 LIMIT 1",
        )
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(due.is_some())
    }

    pub async fn mail_failed(&self, id: i64, error: &str, retry_at: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2 WHERE id = $3")
            .bind(error)
            .bind(retry_at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives a mail up for good (the server refused it permanently): never retried, and the
    /// refusal recorded as a bounce of its recipient, in one transaction.
    pub async fn mail_refused(&self, id: i64, reason: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, last_error = $1, given_up_at = $2, \
             next_attempt_at = $3, body = '', reply_to = NULL WHERE id = $4",
        )
        .bind(reason)
        .bind(now)
        .bind(i64::MAX / 2)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO bounces (game_id, email, round, reason, at) \
             SELECT o.game_id, o.recipient, g.round, $1, $2 FROM outbox o \
             LEFT JOIN games g ON g.id = o.game_id WHERE o.id = $3",
        )
        .bind(reason)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game and recipient of an outbox row (a bounce names the row it came back for).
    pub async fn outbox_recipient(
        &self,
        id: i64,
    ) -> Result<Option<(Option<i64>, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT game_id, recipient FROM outbox WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Records that mail to `email` in a game could not be delivered.
    pub async fn record_bounce(
        &self,
        game_id: Option<i64>,
        email: &str,
        reason: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO bounces (game_id, email, round, reason, at) \
             VALUES ($1, $2, (SELECT round FROM games WHERE id = $1), $3, $4)",
        )
        .bind(game_id)
        .bind(email)
        .bind(reason)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A game's bounces, oldest first.
    /// How many bounces a game has recorded for an address.
    pub async fn bounce_count(&self, game_id: i64, email: &str) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM bounces WHERE game_id = $1 AND lower(email) = lower($2)",
        )
        .bind(game_id)
        .bind(email)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    pub async fn bounces(&self, game_id: i64) -> Result<Vec<BounceRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT email, round, reason FROM bounces WHERE game_id = $1 ORDER BY id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Mails of a game that failed at least once and are not sent yet.
    pub async fn failing_mail(&self, game_id: i64) -> Result<Vec<MailRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, game_id, reply_to, recipient, subject, body, created_at, attempts, last_error, unsubscribe FROM outbox
             WHERE game_id = $1 AND sent_at IS NULL AND given_up_at IS NULL AND last_error IS NOT NULL ORDER BY id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn unsent_mail_count(&self) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    /// Every outbox row id: each is one mail with Message-ID `<outbox-ID@domain>`.
    pub async fn mail_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM outbox ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Deletes mail delivered or given up before `before`: nothing reads it again once its
    /// keeping time is over (a late bounce is matched by its address instead). Returns how
    /// many rows went.
    pub async fn prune_sent_mail(&self, before: i64) -> Result<u64, StoreError> {
        let sent = self
            .delete_chunks(
                "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < $1 LIMIT 10000)",
                before,
            )
            .await?;
        let given_up = self
            .delete_chunks(
                "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE given_up_at < $1 LIMIT 10000)",
                before,
            )
            .await?;
        Ok(sent + given_up)
    }
}
