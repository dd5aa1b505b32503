//! Nothing kept longer than needed: the raw text of inbound mail is dropped after a stated
//! number of days (`serve --keep-inbound-days`, 30 by default), once at start and then
//! hourly. Delivered mail loses its body when it is marked sent (`store`), so no player's
//! key outlives its delivery in the database.

use std::time::Duration;

use crate::clock::now;
use crate::store::Store;

/// How often the purge runs.
const EVERY: Duration = Duration::from_secs(3600);

pub async fn run(store: Store, keep_inbound: Duration) {
    loop {
        let before = now() - keep_inbound.as_secs() as i64;
        match store.purge_inbound(before).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(
                messages = n,
                "raw inbound mail past its keeping time dropped"
            ),
            Err(e) => tracing::error!(error = %e, "cannot drop old inbound mail"),
        }
        tokio::time::sleep(EVERY).await;
    }
}
