//! Closing rounds: the rules engine resolves the round, and the outcome, the new standings,
//! the next round and every mail it causes are stored together, or nothing is (`closer`, run
//! by the writer). One `close_round` serves the scheduler, the game master's actions and the
//! command line.

use futures_util::StreamExt;

use crate::clock::now;
use crate::master::{Master, MasterError, Result};
use crate::model::{ClosedBy, Resolution};
use crate::rounds::CloseRequest;
use crate::store::GameStatus;

/// How many rounds the scheduler asks the writer to close at once: enough that a batch holds
/// many, few enough that each transaction stays short.
const CLOSE_TOGETHER: usize = 64;

impl Master {
    /// Resolves round `round` of a game, if it is still open: the outcome, the new standings,
    /// the next round and every mail are stored together, or nothing is. Returns false when
    /// the round was already resolved (by another instance, or the game ended) or the game
    /// waits for its game master (resolving it would mail its players). The writer closes
    /// rounds asked for at the same moment in one transaction (`closer`).
    pub async fn close_round(
        &self,
        game_id: i64,
        round: i64,
        closed_by: ClosedBy,
        resolution: Resolution,
    ) -> Result<bool> {
        let request = CloseRequest {
            game_id,
            round,
            closed_by,
            resolution,
        };
        let Some(over) = self.writer.close(request).await? else {
            return Ok(false);
        };
        super::kept(self).sheets_due.notify_one();
        crate::metrics::METRICS.rounds_resolved.inc();
        tracing::info!(
            game = game_id,
            round,
            closed_by = closed_by.as_str(),
            over,
            "round resolved"
        );
        Ok(true)
    }

    /// Closes a game's open round now, for its game master: the round closed, or why not.
    pub async fn close_open_round(&self, game_id: i64, resolution: Resolution) -> Result<i64> {
        self.close_open_round_at(game_id, None, resolution).await
    }

    /// Closes round `round` when it is still the open one (None: whichever is open): a
    /// request that saw round 1 open never closes round 2, however late it comes.
    pub async fn close_open_round_at(
        &self,
        game_id: i64,
        round: Option<i64>,
        resolution: Resolution,
    ) -> Result<i64> {
        let game = self.public_game(game_id).await?;
        match game.status {
            GameStatus::Over => {
                return Err(MasterError::Conflict(crate::said!(
                    "error-no-round-over",
                    game = game_id
                )))
            }
            GameStatus::Unconfirmed => {
                return Err(MasterError::Conflict(crate::said!(
                    "error-no-round-waits",
                    game = game_id
                )))
            }
            GameStatus::Forming => {
                return Err(MasterError::Conflict(crate::said!(
                    "error-no-round-gathering",
                    game = game_id
                )))
            }
            GameStatus::Open | GameStatus::Paused => {}
        }
        let round = round.unwrap_or(game.round);
        // On PostgreSQL a closing passes over a game another transaction holds at that moment
        // (two instances never close one round twice): while the round is still open, the
        // game master's closing tries again rather than call it resolved.
        for attempt in 1..=5u64 {
            if (self.close_round(game_id, round, ClosedBy::GameMaster, resolution)).await? {
                return Ok(round);
            }
            let row = self.store.game(&self.store.pool, game_id).await?;
            if !row.is_some_and(|g| g.round == round && g.status.has_round_open()) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(40 * attempt)).await;
        }
        Err(MasterError::Conflict(crate::said!(
            "error-round-already-resolved",
            round = round,
            game = game_id
        )))
    }

    /// Resolves every round that is due; returns how many were resolved.
    pub async fn resolve_due(&self) -> Result<usize> {
        self.resolve_due_at(now()).await
    }

    /// `resolve_due` as of `now`: the tick gives the time its computers' pass played to, so
    /// that no round falls due between the two.
    pub async fn resolve_due_at(&self, now: i64) -> Result<usize> {
        // Many asked at once: the writer closes those waiting together in one transaction.
        let parallel = CLOSE_TOGETHER;
        let due = self.store.due_games(now).await?;
        let resolved = futures_util::stream::iter(due)
            .map(|due| async move {
                let closed_by = match due.deadline.is_some_and(|d| d <= now) {
                    true => ClosedBy::Deadline,
                    false => ClosedBy::AllReady,
                };
                let closed = self
                    .close_round(due.id, due.round, closed_by, Resolution::Continue)
                    .await;
                closed.unwrap_or_else(|e| {
                    tracing::error!(game = due.id, round = due.round, error = %e, "resolution failed; the round stays open");
                    false
                })
            })
            .buffer_unordered(parallel)
            .filter(|done| std::future::ready(*done))
            .count()
            .await;
        Ok(resolved)
    }
}
