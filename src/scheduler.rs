//! Closes rounds: at their deadline, or once every active player is ready and the grace period
//! is over. A deadline missed while the service was down is resolved at the first tick.

use std::time::Duration;

use crate::master::Master;

pub async fn run(master: Master, tick: Duration) {
    loop {
        match master.resolve_due().await {
            Ok(n) if n > 0 => tracing::info!(rounds = n, "due rounds resolved"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "cannot look for due rounds"),
        }
        tokio::time::sleep(tick).await;
    }
}
