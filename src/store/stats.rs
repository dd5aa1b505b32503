//! Counts over every table, for operators (`/metrics`) and tests.

use super::{Store, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub games: i64,
    pub open: i64,
    pub bulletins: i64,
    pub sent: i64,
    pub unsent: i64,
}

impl Store {
    /// Counts for operators and tests: games, open games, bulletins, mails sent and waiting.
    pub async fn stats(&self) -> Result<Stats, StoreError> {
        let (games, open, bulletins, sent, unsent): (i64, i64, i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM games WHERE status = 'open'),
                    (SELECT COUNT(*) FROM bulletins), (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL),
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(Stats {
            games,
            open,
            bulletins,
            sent,
            unsent,
        })
    }
}
