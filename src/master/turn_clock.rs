//! The clock of a game of turns (classic Sleuth, Clue), as its game master moves it: a turn
//! extended, the game paused (the time left kept) and resumed (the clock runs from the time
//! left). Every game of turns keeps its clock in the same columns (`turn_deadline`,
//! `remaining`), so one piece of the core moves it for all of them.

use crate::clock::now;
use crate::master::{Master, Result};
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus};

/// A seat of a game of turns that waited for its game master, given a new key at the start:
/// `start_waiting` welcomes its player with it.
struct Rekeyed {
    player: crate::store::PlayerRow,
    version: i64,
    key: String,
}

impl Master {
    /// The game master's clock actions on a game of turns: extend the turn (or, paused, the
    /// time left), pause, resume.
    pub(crate) async fn turn_clock_action(
        &self,
        game: &GameRow,
        action: crate::master::GmAction,
    ) -> Result<crate::lang::Said> {
        use crate::master::{GmAction, MasterError};
        use crate::said;
        match (game.status, action) {
            (_, GmAction::Extend { hours, round }) => {
                let secs = crate::master::gm::extension(hours)?;
                let mut tx = self.store.write().await?;
                let said = self.turn_extend_in(&mut tx, game.id, secs, round).await?;
                tx.commit().await?;
                Ok(said)
            }
            (GameStatus::Paused, GmAction::Pause) => {
                Err(MasterError::Conflict(said!("error-game-paused-already")))
            }
            (_, GmAction::Pause) => {
                self.turn_pause(game, GameStatus::Paused).await?;
                Ok(said!("done-game-paused-turn-s"))
            }
            (GameStatus::Open, GmAction::Resume) => {
                Err(MasterError::Conflict(said!("error-game-not-paused")))
            }
            (_, GmAction::Resume) => {
                self.turn_pause(game, GameStatus::Open).await?;
                Ok(said!("done-game-goes-on-turn"))
            }
            _ => unreachable!("only the clock's actions come here"),
        }
    }

    /// Starts a game of turns that waited for its game master: the first turn's clock runs,
    /// and each person seated gets a new key and the game's welcome with it (`welcome`,
    /// written from the game's state as `parse` reads it from the game's row).
    pub(crate) async fn start_waiting<S: Send + Sync>(
        &self,
        game_id: i64,
        parse: fn(&GameRow) -> Result<S>,
        welcome: crate::master::seating::WelcomeOf<S>,
    ) -> Result<()> {
        let mut tx = self.store.write().await?;
        let (row, rekeyed) = self.start_turns(&mut tx, game_id).await?;
        let state = parse(&row)?;
        let letter = crate::master::seating::letter_of(&self.site, &row, &state, welcome);
        for r in rekeyed {
            let p = &r.player;
            let seat = p.seat as usize;
            (self.welcome_seat(
                &mut tx, &row, seat, p.id, r.version, &p.email, &r.key, &letter,
            ))
            .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.game_id != game_id);
        Ok(())
    }

    /// Starts a game of turns that waited for its game master, in `tx`: the first turn's
    /// clock runs, and each person seated gets a new key (`start_waiting` welcomes them).
    /// Returns the game as it now stands and each new key.
    async fn start_turns(
        &self,
        tx: &mut crate::store::Tx,
        game_id: i64,
    ) -> Result<(GameRow, Vec<Rekeyed>)> {
        let row = self.locked(tx, game_id).await?;
        // Checked again under the lock: a second press of Start (or another instance's) that
        // found the game waiting before the first committed starts nothing, and re-keys no one.
        if row.status != GameStatus::Unconfirmed {
            return Err(crate::master::MasterError::Conflict(crate::said!(
                "error-game-started-already"
            )));
        }
        // A game whose turns have no clock (round_seconds 0) starts with none: a deadline of
        // "now" would let the scheduler end the first turn before anyone saw it.
        let deadline = (row.round_seconds > 0)
            .then(|| now().saturating_add(row.remaining.unwrap_or(row.round_seconds)));
        self.store
            .save_classic(
                tx,
                &ClassicSave {
                    id: row.id,
                    state: &row.state,
                    turn: row.round,
                    status: GameStatus::Open,
                    turn_deadline: deadline,
                    remaining: None,
                },
            )
            .await?;
        let row = self.locked(tx, game_id).await?;
        let mut rekeyed = Vec::new();
        for player in self.store.players(&mut **tx, game_id).await? {
            if !player.mailed() {
                continue;
            }
            let key = crate::keys::new_key();
            let version = self
                .store
                .replace_player_key(tx, player.id, &crate::keys::hash(&key))
                .await?;
            rekeyed.push(Rekeyed {
                player,
                version,
                key,
            });
        }
        Ok((row, rekeyed))
    }

    /// The game, when it is a game of turns waiting past its turn's deadline for the scheduler
    /// to pass the turn on (the service was down, or the next tick has not come): a command
    /// now would be played in a turn that is over, so the player is told to send it again
    /// (the rules: a player acts before the turn's deadline).
    pub(crate) async fn overdue_turn(&self, game_id: i64) -> Result<Option<GameRow>> {
        let row = self.store.game(&self.store.pool, game_id).await?;
        Ok(row.filter(|row| row.past_turn_deadline(now())))
    }

    /// Extends the turn by `secs` (paused: the time left), in the caller's transaction, so a
    /// game that keeps more of its clock in its state (Clue's stopped turn) extends it in the
    /// same one.
    pub(crate) async fn turn_extend_in(
        &self,
        tx: &mut crate::store::Tx,
        game_id: i64,
        secs: i64,
        turn: Option<i64>,
    ) -> Result<crate::lang::Said> {
        let row = self.locked(tx, game_id).await?;
        // The turn the game master saw: a later one is never extended by this request.
        if let Some(t) = turn.filter(|t| *t != row.round) {
            return Err(crate::master::MasterError::Conflict(crate::said!(
                "error-turn-already-over",
                turn = t
            )));
        }
        // Paused or not as the locked row says: a resume may have come between.
        let (deadline, remaining) = match row.status {
            GameStatus::Paused => (None, row.remaining.map(|r| r.saturating_add(secs))),
            _ => (row.turn_deadline.map(|d| d.saturating_add(secs)), None),
        };
        self.store
            .save_classic(
                tx,
                &ClassicSave {
                    id: row.id,
                    state: &row.state,
                    turn: row.round,
                    status: row.status,
                    turn_deadline: deadline,
                    remaining,
                },
            )
            .await?;
        Ok(crate::said!(
            "done-turn-lasts-more",
            by = crate::lang::Value::duration(secs)
        ))
    }

    /// Pauses (the time left is kept) or resumes (the clock runs from the time left).
    pub(crate) async fn turn_pause(&self, game: &GameRow, to: GameStatus) -> Result<()> {
        let mut tx = self.store.write().await?;
        let row = self.locked(&mut tx, game.id).await?;
        // Checked again under the lock: a second Pause (or Resume) that found the game as the
        // first did would otherwise drop the time left, and the game's clock with it.
        match (row.status, to) {
            (GameStatus::Paused, GameStatus::Paused) => {
                return Err(crate::master::MasterError::Conflict(crate::said!(
                    "error-game-paused-already"
                )))
            }
            (from, GameStatus::Open) if from != GameStatus::Paused => {
                return Err(crate::master::MasterError::Conflict(crate::said!(
                    "error-game-not-paused"
                )))
            }
            (GameStatus::Over, _) => {
                return Err(crate::master::MasterError::Conflict(crate::said!(
                    "error-game-over"
                )))
            }
            _ => {}
        }
        let now = now();
        let (deadline, remaining) = match to {
            GameStatus::Paused => (None, row.turn_deadline.map(|d| (d - now).max(60))),
            _ => (row.remaining.map(|r| now.saturating_add(r)), None),
        };
        self.store
            .save_classic(
                &mut tx,
                &ClassicSave {
                    id: row.id,
                    state: &row.state,
                    turn: row.round,
                    status: to,
                    turn_deadline: deadline,
                    remaining,
                },
            )
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
