//! Closes rounds: at their deadline, or once every active player is ready and the grace period
//! is over. A deadline missed while the service was down is resolved at the first tick.
//! Also reminds players with no turn before the deadline, and has computer players play, and
//! runs every other game's own clock (`master::table::Table::tick`).

use std::time::Duration;

use crate::computers::{self, Timing};
use crate::master::Master;

pub async fn run(master: Master, tick: Duration, computers: Timing) {
    loop {
        // Computer players whose time has come play first, so no round closes without them.
        if let Err(e) = computers::play_owed(&master, &computers, None).await {
            tracing::error!(error = %e, "cannot play the computer players' turns");
        }
        // Every game's own clock: rounds and turns past their deadline, reminders, digests.
        for table in master.tables() {
            if let Err(e) = table.tick(&master).await {
                let ruleset = table.ruleset().as_str();
                tracing::error!(ruleset, error = %e, "cannot run a game's clock");
            }
        }
        match master.start_due_forming().await {
            Ok(n) if n > 0 => tracing::info!(games = n, "forming games started at their date"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "cannot start forming games"),
        }
        match master.hand_idle_seats().await {
            Ok(n) if n > 0 => tracing::info!(seats = n, "idle players' seats given to standbys"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "cannot hand idle seats to standbys"),
        }
        if let Err(e) = master.send_reminders().await {
            tracing::error!(error = %e, "cannot send reminders");
        }
        tokio::time::sleep(tick).await;
    }
}
