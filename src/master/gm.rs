//! The game master's actions on a game, one function each. Every action on a running game is
//! announced in the next bulletin; a game that waits for its game master can only be started
//! or discarded.

use super::{json, Master, MasterError, Result};
use crate::clock::now;
use crate::closer::pending;
use crate::keys;
use crate::mail;
use crate::model::Resolution;
use crate::states;
use crate::store::{GameRow, GameStatus, Schedule, Tx};

#[derive(Clone, Debug, PartialEq)]
pub enum GmAction {
    ResolveNow,
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

impl Master {
    /// A game master's action on a game, authenticated by their link's token.
    pub async fn gm_action(&self, token: &str, action: GmAction) -> Result<String> {
        let game = self.gm_game(token).await?;
        if game.ruleset == crate::store::Ruleset::Sleuth
            && !matches!(action, GmAction::NewLink { .. })
        {
            return self.classic_gm(game, action).await;
        }
        match (game.status, &action) {
            (GameStatus::Over, _) => Err(MasterError::Conflict("the game is over".into())),
            (GameStatus::Unconfirmed, GmAction::Start) => self.start(game.id).await,
            (GameStatus::Forming, GmAction::Start) => self.start_forming(game.id).await,
            (GameStatus::Forming, _) => Err(MasterError::Conflict(
                "the game is still gathering players: start it first".into(),
            )),
            (GameStatus::Unconfirmed, GmAction::End) => self.discard(game.id).await,
            (GameStatus::Unconfirmed, _) => Err(MasterError::Conflict(
                "the game has not started: press \"Start the game\" first".into(),
            )),
            (_, GmAction::Start) => {
                Err(MasterError::Conflict("the game has started already".into()))
            }
            (_, GmAction::ResolveNow) => {
                let round = self.close_open_round(game.id, Resolution::Continue).await?;
                Ok(format!("Round {round} was resolved."))
            }
            (_, GmAction::End) => self.end(&game).await,
            _ => {
                // The rest change the game's row: it is read again under the write lock.
                let mut tx = self.store.write().await?;
                let game = self
                    .store
                    .game_for_update(&mut tx, game.id)
                    .await?
                    .ok_or_else(|| MasterError::NotFound("that game no longer exists".into()))?;
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
                    GmAction::ResolveNow | GmAction::End | GmAction::Start => {
                        unreachable!("handled above")
                    }
                };
                tx.commit().await?;
                Ok(said)
            }
        }
    }

    /// Starts a game that waited for its game master's address to be confirmed.
    async fn start(&self, game_id: i64) -> Result<String> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game_id).await?;
        if game.status != GameStatus::Unconfirmed {
            return Err(MasterError::Conflict("the game has started already".into()));
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
    async fn discard(&self, game_id: i64) -> Result<String> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game_id).await?;
        if !matches!(game.status, GameStatus::Unconfirmed | GameStatus::Forming) {
            return Err(MasterError::Conflict(
                "the game has started meanwhile: end it instead".into(),
            ));
        }
        let schedule = Schedule::over();
        self.store.set_schedule(&mut tx, game_id, &schedule).await?;
        tx.commit().await?;
        Ok("The game was discarded before it started; nobody was mailed.".into())
    }

    /// Ends the game with the round now open.
    async fn end(&self, game: &GameRow) -> Result<String> {
        // A round closed by the clock meanwhile moves the game on: the note goes with the
        // next one, and that one ends the game.
        for _ in 0..3 {
            let mut tx = self.store.write().await?;
            let row = self.locked(&mut tx, game.id).await?;
            let (notes, _) = crate::closer::pending(&row)?;
            if !notes.iter().any(|n| n == crate::model::ENDED_NOTE) {
                self.add_note(&mut tx, &row, crate::model::ENDED_NOTE, None)
                    .await?;
            }
            tx.commit().await?;
            match self.close_open_round(game.id, Resolution::End).await {
                Ok(_) => return Ok("The game is over.".into()),
                Err(MasterError::Conflict(_))
                    if self.public_game(game.id).await?.status != GameStatus::Over => {}
                Err(e) => return Err(e),
            }
        }
        Err(MasterError::Conflict(
            "the game's rounds keep closing meanwhile; press \"End the game\" again".into(),
        ))
    }

    async fn extend(&self, tx: &mut Tx, game: &GameRow, hours: f64) -> Result<String> {
        if !(hours > 0.0 && hours <= 24.0 * 365.0) {
            return Err(MasterError::Invalid(vec![
                "extend by a positive number of hours, at most a year".into(),
            ]));
        }
        let secs = (hours * 3600.0).round() as i64;
        let schedule = Schedule {
            status: game.status,
            deadline: game.deadline.map(|d| d + secs),
            remaining: game.remaining.map(|r| r + secs),
            close_at: game.close_at,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let note = match schedule.deadline {
            Some(d) => format!(
                "The game master extended the deadline by {} to {}.",
                mail::hours_text(secs),
                mail::time_text(d, mail::zone(&game.time_zone))
            ),
            None => format!(
                "The game master extended the deadline by {}.",
                mail::hours_text(secs)
            ),
        };
        self.add_note(tx, game, &note, None).await?;
        Ok(note)
    }

    async fn pause(&self, tx: &mut Tx, game: &GameRow) -> Result<String> {
        if game.status != GameStatus::Open {
            return Err(MasterError::Conflict("the game is already paused".into()));
        }
        let schedule = Schedule {
            status: GameStatus::Paused,
            deadline: None,
            remaining: game.deadline.map(|d| (d - now()).max(0)),
            close_at: None,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let note = "The game master paused the game; the time left is kept.".to_string();
        self.add_note(tx, game, &note, None).await?;
        Ok(note)
    }

    async fn resume(&self, tx: &mut Tx, game: &GameRow) -> Result<String> {
        if game.status != GameStatus::Paused {
            return Err(MasterError::Conflict("the game is not paused".into()));
        }
        let deadline = now() + game.remaining.unwrap_or(game.round_seconds);
        let schedule = Schedule::open(deadline);
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let note = format!(
            "The game master resumed the game; the deadline is {}.",
            mail::time_text(deadline, mail::zone(&game.time_zone))
        );
        self.add_note(tx, game, &note, None).await?;
        Ok(note)
    }

    async fn mark_done(&self, tx: &mut Tx, game: &GameRow, seat: usize) -> Result<String> {
        let state = states::parse(game)?;
        let name = state.players.get(seat).cloned().ok_or_else(|| {
            MasterError::Invalid(vec![format!("there is no player in seat {seat}")])
        })?;
        if state.done[seat] {
            return Err(MasterError::Conflict(format!("{name} is already done")));
        }
        // The bulletin's list of done players announces it.
        self.add_note(tx, game, "", Some(seat)).await?;
        Ok(format!(
            "{name} will be marked done when round {} is resolved.",
            game.round
        ))
    }

    async fn set_reminders(&self, tx: &mut Tx, game: &GameRow, hours: &[i64]) -> Result<String> {
        let text = hours
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(",");
        self.store.set_reminder_hours(tx, game.id, &text).await?;
        Ok(match text.is_empty() {
            true => "No reminders will be sent.".to_string(),
            false => {
                format!("Players with no turn will be reminded {text} hours before each deadline.")
            }
        })
    }

    /// Mails a player a new private link; the old one stops working. Returns what to say, and
    /// the player whose cached row is now stale.
    async fn new_link(&self, tx: &mut Tx, game: &GameRow, seat: usize) -> Result<(String, i64)> {
        let players = self.store.players(&mut **tx, game.id).await?;
        let Some(player) = players.into_iter().find(|p| p.seat == seat as i64) else {
            return Err(MasterError::Invalid(vec![format!(
                "there is no player in seat {seat}"
            )]));
        };
        if !player.mailed() {
            return Err(MasterError::Invalid(vec![format!(
                "{} is a computer player: it has no link and no address to mail one to",
                player.name
            )]));
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
        let said = format!(
            "A new private link was mailed to {}; the old one no longer works.",
            player.name
        );
        Ok((said, player.id))
    }

    /// The game's row, locked for the rest of the transaction.
    pub(super) async fn locked(&self, tx: &mut Tx, game_id: i64) -> Result<GameRow> {
        self.store
            .game_for_update(tx, game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound("that game no longer exists".into()))
    }

    /// Adds a note for the next bulletin, and marks a player done at the next resolution.
    pub(super) async fn add_note(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        note: &str,
        done: Option<usize>,
    ) -> Result<()> {
        let (mut notes, mut gm_done) = pending(game)?;
        if !note.is_empty() {
            notes.push(note.to_string());
        }
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
