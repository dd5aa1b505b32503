//! The `inbound` and `leases` tables: every message received is stored before it is acted on,
//! and a mailbox is read by one instance at a time.

use super::{Store, StoreError};

/// Stores a raw message unless one with its key is stored already (then no row comes back).
/// A new message is stored claimed by the delivery that stored it (`handling`): its handling
/// needs no second write to claim it.
pub(super) const INSERT_INBOUND: &str = "INSERT INTO inbound (received_at, raw, message_key, outcome, claimed_at) VALUES ($1, $2, $3, 'handling', $1) ON CONFLICT DO NOTHING RETURNING id";

impl Store {
    /// Takes or renews the lease `name` for `holder` until `now + seconds`: true when
    /// `holder` has it now (it was free, expired, or already theirs).
    pub async fn take_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        seconds: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until \
             WHERE leases.holder = excluded.holder OR leases.until < $4",
        )
        .bind(name)
        .bind(holder)
        .bind(now + seconds)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let (held,): (String,) = sqlx::query_as("SELECT holder FROM leases WHERE name = $1")
            .bind(name)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(held == holder)
    }

    /// Who holds the lease `name` and until when, if anyone ever took it.
    pub async fn lease_holder(&self, name: &str) -> Result<Option<(String, i64)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT holder, until FROM leases WHERE name = $1")
                .bind(name)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Drops the raw text of inbound mail received before `before`; the row (who, when,
    /// outcome) stays. Returns how many were dropped.
    pub async fn purge_inbound(&self, before: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done =
            sqlx::query("UPDATE inbound SET raw = $1 WHERE received_at < $2 AND length(raw) > 0")
                .bind(Vec::<u8>::new())
                .bind(before)
                .execute(&mut *tx)
                .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }

    /// Deletes the records of inbound mail received before `before` (who, when, what came of
    /// it), a chunk at a time so no transaction holds the write lock long. Returns how many.
    pub async fn prune_inbound(&self, before: i64) -> Result<u64, StoreError> {
        self.delete_chunks(
            "DELETE FROM inbound WHERE id IN (SELECT id FROM inbound WHERE received_at < $1 LIMIT 10000)",
            before,
        )
        .await
    }

    /// Runs a chunked delete (`$1` bound to `before`) until it deletes nothing.
    pub(super) async fn delete_chunks(&self, sql: &str, before: i64) -> Result<u64, StoreError> {
        let mut total = 0;
        loop {
            let mut tx = self.write().await?;
            let done = sqlx::query(sql).bind(before).execute(&mut *tx).await?;
            tx.commit().await?;
            total += done.rows_affected();
            if done.rows_affected() == 0 {
                return Ok(total);
            }
        }
    }

    /// The stored message with this key: its id and outcome (`received` until it was handled).
    pub async fn inbound_by_key(&self, key: &str) -> Result<Option<(i64, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT id, outcome FROM inbound WHERE message_key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Claims a stored message for handling: true for the one caller that takes it, while it
    /// is still unhandled (`received`) or its earlier claim was made before `stale_before`
    /// (the instance that made it stopped); false for every other, at once or later.
    pub async fn claim_inbound(
        &self,
        id: i64,
        now: i64,
        stale_before: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE inbound SET outcome = 'handling', claimed_at = $2 WHERE id = $1 AND (outcome = 'received' OR (outcome = 'handling' AND claimed_at < $3))",
        )
        .bind(id)
        .bind(now)
        .bind(stale_before)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives up a claim whose handling failed for a passing reason (the database): the next
    /// delivery of the message handles it.
    pub async fn release_inbound(&self, id: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE inbound SET outcome = 'received' WHERE id = $1 AND outcome = 'handling'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces a stored message's copy (a masked, decoded one, when its raw form hid a key).
    pub async fn set_inbound_raw(&self, id: i64, raw: &[u8]) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("UPDATE inbound SET raw = $1 WHERE id = $2")
            .bind(raw)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn set_inbound_outcome(
        &self,
        id: i64,
        sender: Option<&str>,
        outcome: &str,
        game_id: Option<i64>,
        player_id: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE inbound SET sender = $1, outcome = $2, game_id = $3, player_id = $4 WHERE id = $5")
            .bind(sender)
            .bind(outcome)
            .bind(game_id)
            .bind(player_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Inbound messages of a game that changed nothing because their key was wrong or missing.
    pub async fn refused_inbound(&self, game_id: i64) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM inbound WHERE game_id = $1 AND outcome = 'bad key'",
        )
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    pub async fn inbound_outcome(&self, id: i64) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_as::<_, (String,)>("SELECT outcome FROM inbound WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .map(|r| r.0),
        )
    }

    /// Claims `mailbox`'s answer of `kind` for the day (`at` now): true when none was given
    /// since `since`, and the claim is now recorded. One statement, so of two mails handled at
    /// the same moment only one is answered.
    pub async fn claim_daily_answer(
        &self,
        mailbox: &str,
        kind: &str,
        at: i64,
        since: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "INSERT INTO daily_answers (mailbox, kind, at) VALUES ($1, $2, $3) \
             ON CONFLICT (mailbox, kind) DO UPDATE SET at = excluded.at WHERE daily_answers.at < $4",
        )
        .bind(mailbox)
        .bind(kind)
        .bind(at)
        .bind(since)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Drops the daily answers given before `before`: past their day they limit nothing.
    pub async fn prune_daily_answers(&self, before: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query("DELETE FROM daily_answers WHERE at < $1")
            .bind(before)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }
}
