//! Closing rounds: the rules engine resolves the round, and the outcome, the new standings,
//! the next round and every mail it causes are stored together, or nothing is. One
//! `close_round` serves the scheduler, the game master's actions and the command line.

use futures_util::StreamExt;

use super::{json, pending, Master, MasterError, Result};
use crate::clock::now;
use crate::mail;
use crate::model::{ClosedBy, Resolution, StoredBulletin};
use crate::rules::Turn;
use crate::states;
use crate::store::{GameStatus, Schedule};

impl Master {
    /// Resolves round `round` of a game, if it is still open. Returns false when the round
    /// was already resolved (by another instance, or the game ended) or the game waits for
    /// its game master (resolving it would mail its players).
    pub async fn close_round(
        &self,
        game_id: i64,
        round: i64,
        closed_by: ClosedBy,
        resolution: Resolution,
    ) -> Result<bool> {
        let mut tx = self.store.write().await?;
        let Some(game) = self.store.game_for_update_or_skip(&mut tx, game_id).await? else {
            return Ok(false);
        };
        if game.round != round || !game.status.has_round_open() {
            return Ok(false);
        }
        let state = states::parse(&game)?;
        let mut turns: Vec<Option<Turn>> = vec![None; state.players.len()];
        for row in self.store.turns(&mut *tx, game_id, round).await? {
            let seat = row.seat as usize;
            // The state has not changed since the turn was accepted, so it validates again.
            turns[seat] = state.validate(seat, &row.text).ok();
        }
        let (notes, gm_done) = pending(&game)?;
        let (next, outcome) = match resolution {
            Resolution::End => state.resolve_and_end(&turns, &gm_done),
            Resolution::Continue => state.resolve(&turns, &gm_done),
        };
        let now = now();
        let stored = StoredBulletin {
            bulletin: outcome.bulletin.clone(),
            notes,
            closed_by,
        };
        self.store
            .insert_bulletin(&mut tx, game_id, round, &json(&stored), now)
            .await?;
        for (seat, report) in outcome.private.iter().enumerate() {
            self.store
                .insert_report(&mut tx, game_id, round, seat as i64, &json(report))
                .await?;
        }
        let schedule = match next.over {
            true => Schedule {
                status: GameStatus::Over,
                deadline: None,
                remaining: None,
                close_at: None,
            },
            false => Schedule {
                status: GameStatus::Open,
                deadline: Some(now + game.round_seconds),
                remaining: None,
                close_at: None,
            },
        };
        if !self
            .store
            .advance_round(&mut tx, game_id, round, &json(&next), &schedule)
            .await?
        {
            return Ok(false);
        }
        let after = self
            .store
            .game(&mut *tx, game_id)
            .await?
            .expect("the game exists");
        // Web confirmations still waiting go first, so none arrives after the round it names.
        self.store.summaries_due(&mut tx, game_id, now).await?;
        for p in self.store.players(&mut *tx, game_id).await? {
            let private = Some(&outcome.private[p.seat as usize]);
            let letter = mail::round_letter(&self.site, &after, &next, &stored, private, &p.name)
                .to_player(&self.site, &p);
            self.send(&mut tx, Some(game_id), &p.email, &letter, now)
                .await?;
        }
        for observer in self.store.observers(&mut *tx, game_id).await? {
            let mut letter =
                mail::round_letter(&self.site, &after, &next, &stored, None, "observers");
            let stop = self.site.observer_link(observer.id);
            letter.body.push_str(&format!(
                "\nYou receive the public bulletins of this game as an observer. To stop, open\n  {stop}\n"
            ));
            // A subscription: it carries a one-click unsubscribe (List-Unsubscribe).
            let mail = crate::store::NewMail {
                unsubscribe: Some(&stop),
                ..letter.row(Some(game_id), &observer.email)
            };
            self.store.enqueue_mail(&mut tx, &mail, now).await?;
        }
        tx.commit().await?;
        self.sheets_due.notify_one();
        crate::metrics::METRICS.rounds_resolved.inc();
        tracing::info!(
            game = game_id,
            round,
            closed_by = closed_by.as_str(),
            over = next.over,
            "round resolved"
        );
        Ok(true)
    }

    /// Closes a game's open round now, for its game master: the round closed, or why not.
    pub async fn close_open_round(&self, game_id: i64, resolution: Resolution) -> Result<i64> {
        let game = self.public_game(game_id).await?;
        match game.status {
            GameStatus::Over => {
                return Err(MasterError::Conflict(format!(
                    "game {game_id} is over; there is no round to close"
                )))
            }
            GameStatus::Unconfirmed => {
                return Err(MasterError::Conflict(format!(
                "game {game_id} waits for its game master to start it; there is no round to close"
            )))
            }
            GameStatus::Open | GameStatus::Paused => {}
        }
        match self
            .close_round(game_id, game.round, ClosedBy::GameMaster, resolution)
            .await?
        {
            true => Ok(game.round),
            false => Err(MasterError::Conflict(format!(
                "round {} of game {game_id} was already resolved",
                game.round
            ))),
        }
    }

    /// Resolves every round that is due; returns how many were resolved.
    pub async fn resolve_due(&self) -> Result<usize> {
        let now = now();
        // SQLite has one writer; PostgreSQL commits several resolutions at once.
        let parallel = self.store.backend.parallel_writes();
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
