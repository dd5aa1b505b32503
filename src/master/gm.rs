//! The game master's actions on a game, one function each. Every action on a running game is
//! announced in the next bulletin; a game that waits for its game master can only be started
//! or discarded.

use super::{json, Master, MasterError, Result};
use crate::clock::now;
use crate::keys;
use crate::lang::Said;
use crate::mail;
use crate::model::Note;
use crate::said;
use crate::store::{GameRow, GameStatus, Schedule, Tx};

#[derive(Clone, Debug, PartialEq)]
pub enum GmAction {
    /// Close the open round (or end the turn) now; `round` is the round or turn the game
    /// master saw open: when given, a later one is never closed by this request.
    ResolveNow {
        round: Option<i64>,
    },
    /// Extend the open round (or turn); `round`, as for `ResolveNow`: when given, a later one
    /// is never extended by this request.
    Extend {
        hours: f64,
        round: Option<i64>,
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

/// A game master's action on a game of turns as the core lets it through: a game that waits
/// for its game master can only be started, a running one not started again, and an ended one
/// takes no action at all (`turn_action`). The game carries out what is let through.
pub(crate) enum TurnAction {
    Start,
    Act(GmAction),
}

/// Where a game of turns in `status` stands with `action`: what to do, or why nothing can be.
pub(crate) fn turn_action(status: GameStatus, action: GmAction) -> Result<TurnAction> {
    match (status, action) {
        (GameStatus::Over, _) => Err(MasterError::Conflict(said!("error-game-over"))),
        (GameStatus::Unconfirmed, GmAction::Start) => Ok(TurnAction::Start),
        (GameStatus::Unconfirmed, _) => {
            Err(MasterError::Conflict(said!("error-game-not-started-press")))
        }
        (_, GmAction::Start) => Err(MasterError::Conflict(said!("error-game-started-already"))),
        (_, action) => Ok(TurnAction::Act(action)),
    }
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

/// The most new links one seat's player is mailed a day by the game master's action.
pub const NEW_LINKS_A_DAY: i64 = 3;

impl Master {
    /// A game master's action on a game, authenticated by their link's token.
    pub async fn gm_action(&self, token: &str, action: GmAction) -> Result<Said> {
        let game = self.gm_game(token).await?;
        // A new private link is the core's, for every game; the rest are the game's.
        match action {
            GmAction::NewLink { seat } => self.new_link_action(game, seat).await,
            _ => {
                self.table(game.ruleset)?
                    .gm_action(self, game, action)
                    .await
            }
        }
    }

    /// An action the operator takes on a game from the command line, as its game master would.
    pub async fn operator_action(&self, game: GameRow, action: GmAction) -> Result<Said> {
        self.table(game.ruleset)?
            .gm_action(self, game, action)
            .await
    }

    /// A new private link for the player in `seat`, for every game under way.
    async fn new_link_action(&self, game: GameRow, seat: usize) -> Result<Said> {
        match game.status {
            GameStatus::Over => return Err(MasterError::Conflict(said!("error-game-over"))),
            GameStatus::Forming => {
                return Err(MasterError::Conflict(said!(
                    "error-game-still-gathering-players"
                )))
            }
            GameStatus::Unconfirmed => {
                return Err(MasterError::Conflict(said!("error-game-not-started-press")))
            }
            GameStatus::Open | GameStatus::Paused => {}
        }
        // The game's row is read again under the write lock.
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game.id).await?;
        let (said, player) = self.new_link(&mut tx, &game, seat).await?;
        tx.commit().await?;
        // Forgotten after the commit, so no read in between is kept.
        self.forget_players(|p| p.id != player);
        Ok(said)
    }

    /// Discards a game that never started: nobody was mailed.
    pub(crate) async fn discard(&self, game_id: i64) -> Result<Said> {
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

    /// Mails a player a new private link; the old one stops working. Returns what to say, and
    /// the player whose cached row is now stale.
    async fn new_link(&self, tx: &mut Tx, game: &GameRow, seat: usize) -> Result<(Said, i64)> {
        let players = self.store.players(&mut **tx, game.id).await?;
        let Some(player) = players.into_iter().find(|p| p.seat == seat as i64) else {
            return Err(MasterError::invalid(said!(
                "error-no-player-in-seat",
                seat = seat.saturating_add(1)
            )));
        };
        if !player.mailed() {
            return Err(MasterError::invalid(said!(
                "error-computer-has-no-link",
                name = &player.name
            )));
        }
        // A few a day: each is a mail to the player, whom the game master's clicks must not
        // flood. The count is rolled back with the rest when the link is refused.
        let day = crate::clock::now().div_euclid(86_400);
        if self.store.count_new_link(tx, player.id, day).await? > NEW_LINKS_A_DAY {
            return Err(MasterError::TooMany(said!(
                "error-new-links-a-day",
                name = &player.name,
                most = NEW_LINKS_A_DAY
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
    pub(crate) async fn add_note(
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
