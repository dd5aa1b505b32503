//! The service's clock: every tick, each game's own clock runs (`master::table::Table::tick`:
//! rounds and turns past their deadline or all ready, reminders, computer players, idle
//! seats), then forming games whose date has come start. A deadline missed while the service
//! was down is acted on at the first tick.

use std::time::Duration;

use crate::level::Timing;
use crate::master::Master;

pub async fn run(master: Master, tick: Duration, computers: Timing) {
    loop {
        for table in master.tables() {
            if let Err(e) = table.tick(&master, &computers).await {
                let ruleset = table.ruleset().as_str();
                tracing::error!(ruleset, error = %e, "cannot run a game's clock");
            }
        }
        match master.start_due_forming().await {
            Ok(n) if n > 0 => tracing::info!(games = n, "forming games started at their date"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "cannot start forming games"),
        }
        tokio::time::sleep(tick).await;
    }
}
