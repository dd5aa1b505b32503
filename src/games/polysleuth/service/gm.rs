//! Polysleuth's answers to its game master's actions, one function each: every action on a
//! running game is announced in the next bulletin (the game master's notes); a game that waits
//! for its game master can only be started or discarded.

use super::states;
use crate::clock::now;
use crate::lang::Said;
use crate::master::gm::{extension, pending, GmAction};
use crate::master::{Master, MasterError, Result};
use crate::model::{Note, Resolution};
use crate::said;
use crate::store::{GameRow, GameStatus, Schedule, Tx};

impl Master {
    /// A game master's action on a game of Polysleuth, or on any game still forming or
    /// waiting for its start (every game's new private link is the core's).
    pub(crate) async fn polysleuth_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        match (game.status, &action) {
            (GameStatus::Over, _) => Err(MasterError::Conflict(said!("error-game-over"))),
            (GameStatus::Unconfirmed, GmAction::Start) => self.start(game.id).await,
            (GameStatus::Forming, GmAction::Start) => self.start_forming(game.id).await,
            (GameStatus::Forming, _) => Err(MasterError::Conflict(said!(
                "error-game-still-gathering-players"
            ))),
            (GameStatus::Unconfirmed, GmAction::End) => self.discard(game.id).await,
            (GameStatus::Unconfirmed, _) => {
                Err(MasterError::Conflict(said!("error-game-not-started-press")))
            }
            (_, GmAction::Start) => Err(MasterError::Conflict(said!("error-game-started-already"))),
            (_, GmAction::ResolveNow { round }) => {
                // A round that has moved on (a second click) is refused before anything is
                // done: its computer players would otherwise play the next one at once.
                still_open(&game, *round)?;
                // The round closes now: its computer players must have played.
                super::computers::play_now(self, game.id).await?;
                let round = self
                    .close_open_round_at(game.id, *round, Resolution::Continue)
                    .await?;
                Ok(said!("done-round-resolved", round = round))
            }
            (_, GmAction::End) => self.end(&game).await,
            _ => {
                // The rest change the game's row: it is read again under the write lock.
                let mut tx = self.store.write().await?;
                let game = self
                    .store
                    .game_for_update(&mut tx, game.id)
                    .await?
                    .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))?;
                let said = match action {
                    GmAction::Extend { hours, round } => {
                        still_open(&game, round)?;
                        self.extend(&mut tx, &game, hours).await?
                    }
                    GmAction::Pause => self.pause(&mut tx, &game).await?,
                    GmAction::Resume => self.resume(&mut tx, &game).await?,
                    GmAction::MarkDone { seat } => self.mark_done(&mut tx, &game, seat).await?,
                    GmAction::Reminders { hours } => {
                        self.set_reminders(&mut tx, &game, &hours).await?
                    }
                    GmAction::Replace { seat, with } => {
                        let (said, player) = self.replace(&mut tx, &game, seat, with).await?;
                        tx.commit().await?;
                        self.forget_players(|p| p.id != player);
                        self.states().forget(game.id);
                        self.forget_seats(game.id);
                        return Ok(said);
                    }
                    GmAction::NewLink { .. } => {
                        unreachable!("the core's: Master::gm_action")
                    }
                    GmAction::ResolveNow { .. } | GmAction::End | GmAction::Start => {
                        unreachable!("handled above")
                    }
                };
                tx.commit().await?;
                Ok(said)
            }
        }
    }

    /// Starts a game that waited for its game master's address to be confirmed.
    async fn start(&self, game_id: i64) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game_id).await?;
        if game.status != GameStatus::Unconfirmed {
            return Err(MasterError::Conflict(said!("error-game-started-already")));
        }
        // A forming game's game master confirmed: it opens for sign-up.
        let forming = self.store.seating(&mut *tx, game_id).await?.is_some()
            && self.store.players(&mut *tx, game_id).await?.is_empty();
        let said = match forming {
            true => self.open_forming(&mut tx, &game).await?,
            false => self.start_game(&mut tx, &game).await?,
        };
        tx.commit().await?;
        self.forget_players(|p| p.game_id != game_id);
        Ok(said)
    }

    /// Ends the game with the round now open.
    async fn end(&self, game: &GameRow) -> Result<Said> {
        // A round closed by the clock meanwhile moves the game on: the note goes with the
        // next one, and that one ends the game.
        for _ in 0..3 {
            let mut tx = self.store.write().await?;
            let row = self.locked(&mut tx, game.id).await?;
            let (notes, _) = pending(&row)?;
            if !notes.contains(&Note::Ended) {
                self.add_note(&mut tx, &row, Some(Note::Ended), None)
                    .await?;
            }
            tx.commit().await?;
            match self.close_open_round(game.id, Resolution::End).await {
                Ok(_) => return Ok(said!("done-game-over")),
                Err(MasterError::Conflict(_))
                    if self.public_game(game.id).await?.status != GameStatus::Over => {}
                Err(e) => return Err(e),
            }
        }
        Err(MasterError::Conflict(said!("error-game-s-rounds-keep")))
    }

    async fn extend(&self, tx: &mut Tx, game: &GameRow, hours: f64) -> Result<Said> {
        let secs = extension(hours)?;
        let schedule = Schedule {
            status: game.status,
            deadline: game.deadline.map(|d| d.saturating_add(secs)),
            remaining: game.remaining.map(|r| r.saturating_add(secs)),
            close_at: game.close_at,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let note = Note::Extended {
            seconds: secs,
            deadline: schedule.deadline,
            zone: game.time_zone.clone(),
        };
        let said = note.said();
        self.add_note(tx, game, Some(note), None).await?;
        Ok(said)
    }

    async fn pause(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        if game.status != GameStatus::Open {
            return Err(MasterError::Conflict(said!("error-game-already-paused")));
        }
        let schedule = Schedule {
            status: GameStatus::Paused,
            deadline: None,
            // At least a minute, as the games of turns keep: paused at its deadline, a round
            // resumed would otherwise close at once.
            remaining: game.deadline.map(|d| (d - now()).max(60)),
            close_at: None,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        self.add_note(tx, game, Some(Note::Paused), None).await?;
        Ok(Note::Paused.said())
    }

    async fn resume(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        if game.status != GameStatus::Paused {
            return Err(MasterError::Conflict(said!("error-game-not-paused")));
        }
        let deadline = now().saturating_add(game.remaining.unwrap_or(game.round_seconds));
        let schedule = Schedule::open(deadline);
        self.store.set_schedule(tx, game.id, &schedule).await?;
        // Every player ready before or during the pause: the round closes after its grace,
        // as it would have without the pause.
        let mut open = self.locked(tx, game.id).await?;
        let state = states::parse(&open)?;
        self.update_early_close(tx, &mut open, &state, now())
            .await?;
        let note = Note::Resumed {
            deadline,
            zone: game.time_zone.clone(),
        };
        let said = note.said();
        self.add_note(tx, game, Some(note), None).await?;
        Ok(said)
    }

    async fn mark_done(&self, tx: &mut Tx, game: &GameRow, seat: usize) -> Result<Said> {
        let state = states::parse(game)?;
        let name = state.players.get(seat).cloned().ok_or_else(|| {
            MasterError::invalid(said!(
                "error-no-player-in-seat",
                seat = seat.saturating_add(1)
            ))
        })?;
        if state.done[seat] {
            return Err(MasterError::Conflict(said!(
                "error-already-done",
                name = &name
            )));
        }
        // The bulletin's list of done players announces it.
        self.add_note(tx, game, None, Some(seat)).await?;
        Ok(said!(
            "done-will-be-marked-done",
            name = &name,
            round = game.round
        ))
    }

    async fn set_reminders(&self, tx: &mut Tx, game: &GameRow, hours: &[i64]) -> Result<Said> {
        let text = hours
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(",");
        self.store.set_reminder_hours(tx, game.id, &text).await?;
        Ok(match text.is_empty() {
            true => said!("done-no-reminders"),
            false => said!("done-reminders-set", hours = text),
        })
    }
}

/// Refuses an action meant for a round that has closed since the game master saw it.
fn still_open(game: &GameRow, round: Option<i64>) -> Result<()> {
    match round {
        Some(r) if r != game.round => Err(MasterError::Conflict(said!(
            "error-round-moved-on",
            round = r
        ))),
        _ => Ok(()),
    }
}
