//! Nothing kept longer than needed, and nothing growing forever by accident. Once at start and
//! then hourly:
//! - the raw text of inbound mail is dropped after `serve --keep-inbound-days` (30);
//! - the record of inbound mail (who, when, what came of it) after
//!   `--keep-inbound-records-days` (365);
//! - delivered and given-up mail after `--keep-sent-mail-days` (30). Delivered mail loses its
//!   body at once when it is marked sent (`store`), so no player's key outlives its delivery.
//!
//! A game's record — bulletins, reports, turns, sheets — is kept for good: finished games stay
//! readable.

use std::time::Duration;

use crate::clock::now;
use crate::store::Store;

/// How often the purge runs.
const EVERY: Duration = Duration::from_secs(3600);

/// How long each kind of record is kept.
#[derive(Clone, Copy, Debug)]
pub struct Keep {
    pub inbound_raw: Duration,
    pub inbound_records: Duration,
    pub sent_mail: Duration,
}

impl Default for Keep {
    fn default() -> Self {
        Keep {
            inbound_raw: Duration::from_secs(30 * 86_400),
            inbound_records: Duration::from_secs(365 * 86_400),
            sent_mail: Duration::from_secs(30 * 86_400),
        }
    }
}

/// One pass: what is past its keeping time goes. Returns (raw texts dropped, inbound records
/// deleted, mails deleted).
/// The longest anything is kept, in days (a hundred years): a longer time would overflow the
/// clock's arithmetic, and wrapped, delete everything at once.
pub const MOST_KEEP_DAYS: u64 = 36_500;

/// A number of days as a duration.
pub fn days(n: u64) -> Duration {
    Duration::from_secs(n.saturating_mul(86_400))
}

pub async fn once(store: &Store, keep: Keep) -> Result<(u64, u64, u64), crate::store::StoreError> {
    // Saturating: however long a keeping time, the cut-off never wraps into the future.
    let before = |d: Duration| now().saturating_sub(i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let raw = store.purge_inbound(before(keep.inbound_raw)).await?;
    // A mailbox's daily answers limit nothing after their day: the address is not kept longer.
    let records = store.prune_inbound(before(keep.inbound_records)).await?
        + store.prune_daily_answers(before(days(1))).await?;
    let mail = store.prune_sent_mail(before(keep.sent_mail)).await?;
    Ok((raw, records, mail))
}

pub async fn run(store: Store, keep: Keep) {
    loop {
        match once(&store, keep).await {
            Ok((0, 0, 0)) => {}
            Ok((raw, records, mail)) => tracing::info!(
                raw,
                records,
                mail,
                "inbound mail and sent mail past their keeping time dropped"
            ),
            Err(e) => tracing::error!(error = %e, "cannot drop what is past its keeping time"),
        }
        tokio::time::sleep(EVERY).await;
    }
}
