//! The game master's actions on a game, one function each. Every action on a running game is
//! announced in the next bulletin; a game that waits for its game master can only be started
//! or discarded.

use super::{json, Master, MasterError, Result};
use crate::clock::now;
use crate::games::polysleuth::service::states;
use crate::keys;
use crate::lang::Said;
use crate::mail;
use crate::model::{Note, Resolution};
use crate::said;
use crate::store::{GameRow, GameStatus, Schedule, Tx};

#[derive(Clone, Debug, PartialEq)]
pub enum GmAction {
    /// Close the open round (or end the turn) now; `round` is the round or turn the game
    /// master saw open: when given, a later one is never closed by this request.
    ResolveNow {
        round: Option<i64>,
    },
    Extend {
        hours: f64,
    },
    Pause,
    Resume,
    End,
    MarkDone {
        seat: usize,
    },
    /// Hours before the deadline at which players with no turn are reminded.
    Reminders {
        hours: Vec<i64>,
    },
    /// Starts a game that waits for its game master (its address is confirmed by the link).
    Start,
    /// Mails the player in this seat a new private link; the old link and reply address stop
    /// working at once (keys are stored only hashed, so a lost link is replaced, not re-sent).
    NewLink {
        seat: usize,
    },
    /// Gives the seat to a newcomer: a standby, or a computer player; the old player's link
    /// stops working at once.
    Replace {
        seat: usize,
        with: super::seats::Newcomer,
    },
}

/// The longest one extension may add, in hours: a year.
pub const MOST_EXTENSION_HOURS: f64 = 24.0 * 365.0;

/// How many seconds an extension of `hours` adds, for every game: more than none and at most
/// a year (`MOST_EXTENSION_HOURS`), so no deadline can wrap round or run out by it.
pub fn extension(hours: f64) -> Result<i64> {
    if !(hours > 0.0 && hours <= MOST_EXTENSION_HOURS) {
        return Err(MasterError::Invalid(vec![said!(
            "error-extend-positive-number-hours"
        )]));
    }
    Ok((hours * 3600.0).round().max(1.0) as i64)
}

impl Master {
    /// A game master's action on a game, authenticated by their link's token.
    pub async fn gm_action(&self, token: &str, action: GmAction) -> Result<Said> {
        let game = self.gm_game(token).await?;
        // A new private link is the core's, for every game; the rest are the game's.
        match action {
            GmAction::NewLink { .. } => self.polysleuth_gm(game, action).await,
            _ => {
                self.table(game.ruleset)?
                    .gm_action(self, game, action)
                    .await
            }
        }
    }

    /// A game master's action on a game of Polysleuth, or on any game still forming or
    /// waiting for its start, and every game's new private link.
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
                    GmAction::Extend { hours } => self.extend(&mut tx, &game, hours).await?,
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
                    GmAction::NewLink { seat } => {
                        let (said, player) = self.new_link(&mut tx, &game, seat).await?;
                        tx.commit().await?;
                        // Forgotten after the commit, so no read in between is kept.
                        self.forget_players(|p| p.id != player);
                        return Ok(said);
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

    /// Discards a game that never started: nobody was mailed.
    async fn discard(&self, game_id: i64) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game_id).await?;
        if !matches!(game.status, GameStatus::Unconfirmed | GameStatus::Forming) {
            return Err(MasterError::Conflict(said!(
                "error-game-started-meanwhile-end"
            )));
        }
        let schedule = Schedule::over();
        self.store.set_schedule(&mut tx, game_id, &schedule).await?;
        tx.commit().await?;
        Ok(said!("done-game-discarded-before-started"))
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
            remaining: game.deadline.map(|d| (d - now()).max(0)),
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
        let deadline = now() + game.remaining.unwrap_or(game.round_seconds);
        let schedule = Schedule::open(deadline);
        self.store.set_schedule(tx, game.id, &schedule).await?;
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
        let name =
            state.players.get(seat).cloned().ok_or_else(|| {
                MasterError::invalid(said!("error-no-player-in-seat", seat = seat))
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

    /// Mails a player a new private link; the old one stops working. Returns what to say, and
    /// the player whose cached row is now stale.
    async fn new_link(&self, tx: &mut Tx, game: &GameRow, seat: usize) -> Result<(Said, i64)> {
        let players = self.store.players(&mut **tx, game.id).await?;
        let Some(player) = players.into_iter().find(|p| p.seat == seat as i64) else {
            return Err(MasterError::invalid(said!(
                "error-no-player-in-seat",
                seat = seat
            )));
        };
        if !player.mailed() {
            return Err(MasterError::invalid(said!(
                "error-computer-has-no-link",
                name = &player.name
            )));
        }
        let key = keys::new_key();
        let version = self
            .store
            .replace_player_key(tx, player.id, &keys::hash(&key))
            .await?;
        let link = self.site.player_link(player.id, &key);
        let mut letter = mail::new_link(
            &self.site,
            game,
            &player.name,
            &link,
            &key,
            player.lang(game),
        );
        letter.reply_to = Some(self.site.reply_address(player.id, version));
        self.send(tx, Some(game.id), &player.email, &letter, now())
            .await?;
        self.forget_players(|p| p.id != player.id);
        let said = said!("done-new-link-mailed", name = &player.name);
        Ok((said, player.id))
    }

    /// The game's row, locked for the rest of the transaction.
    pub(crate) async fn locked(&self, tx: &mut Tx, game_id: i64) -> Result<GameRow> {
        self.store
            .game_for_update(tx, game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))
    }

    /// Adds a note for the next bulletin, and marks a player done at the next resolution.
    pub(super) async fn add_note(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        note: Option<Note>,
        done: Option<usize>,
    ) -> Result<()> {
        let (mut notes, mut gm_done) = pending(game)?;
        notes.extend(note);
        if let Some(seat) = done {
            if !gm_done.contains(&seat) {
                gm_done.push(seat);
            }
        }
        self.store
            .set_gm_pending(tx, game.id, &json(&notes), &json(&gm_done))
            .await?;
        Ok(())
    }
}

/// The game master's notes and the players they marked done, waiting for the next bulletin.
pub fn pending(game: &GameRow) -> Result<(Vec<Note>, Vec<usize>)> {
    let corrupt = |what: &str, e: serde_json::Error| {
        MasterError::Corrupt(format!("game {}: {what}: {e}", game.id))
    };
    let notes = Note::read_all(&game.gm_notes).map_err(|e| corrupt("notes", e))?;
    let done = serde_json::from_str(&game.gm_done).map_err(|e| corrupt("players done", e))?;
    Ok((notes, done))
}
