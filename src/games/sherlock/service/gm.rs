//! The game master's actions on a game of Sherlock Solitaire: start a game that waited, end
//! the turn now, extend, pause and resume a turn's clock (house rule `turn_hours`), give a
//! seat to a standby or a computer player, end the game. A new private link is the shared
//! action of `master/gm.rs`; the clock is the core's (`master/turn_clock.rs`).

use crate::lang::Said;
use crate::master::gm::GmAction;
use crate::master::seats::{Newcomer, Reseated};
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::{GameRow, GameStatus};

impl Master {
    pub(crate) async fn sherlock_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        match (game.status, action) {
            (GameStatus::Over, _) => Err(MasterError::Conflict(said!("error-game-over"))),
            (GameStatus::Unconfirmed, GmAction::Start) => self.sherlock_start(game.id).await,
            (GameStatus::Unconfirmed, _) => {
                Err(MasterError::Conflict(said!("error-game-not-started-press")))
            }
            (_, GmAction::Start) => Err(MasterError::Conflict(said!("error-game-started-already"))),
            (_, GmAction::ResolveNow { round }) => {
                self.sherlock_change(game.id, |s, _| {
                    // The turn the game master saw: a later one is never ended by this request.
                    if round.is_some_and(|t| t != s.game.turn as i64) {
                        return Err(MasterError::Conflict(said!(
                            "error-turn-already-over",
                            turn = round.unwrap_or_default()
                        )));
                    }
                    s.time_out();
                    Ok(())
                })
                .await?;
                Ok(said!("done-turn-ended-now-next"))
            }
            (_, GmAction::End) => {
                self.sherlock_change(game.id, |s, _| {
                    s.end();
                    Ok(())
                })
                .await?;
                Ok(said!("done-game-over-every-player"))
            }
            (_, GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume)
                if game.round_seconds == 0 =>
            {
                Err(MasterError::Conflict(said!("error-sherlock-no-clock")))
            }
            (_, a @ (GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume)) => {
                self.turn_clock_action(&game, a).await
            }
            (_, GmAction::Replace { seat, with }) => self.sherlock_replace(&game, seat, with).await,
            (_, GmAction::MarkDone { .. } | GmAction::Reminders { .. }) => Err(
                MasterError::Invalid(vec![said!("error-sherlock-no-such-action")]),
            ),
            (_, GmAction::NewLink { .. }) => unreachable!("a new link is the shared action"),
        }
    }

    /// Starts a game that waited for its game master: each player gets a new key and their
    /// welcome, and the first turn's clock starts.
    async fn sherlock_start(&self, game_id: i64) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let (row, rekeyed) = self.start_turns(&mut tx, game_id).await?;
        let state = super::parse(&row)?;
        for r in rekeyed {
            let p = &r.player;
            self.sherlock_welcome(
                &mut tx,
                &row,
                &state,
                p.seat as usize,
                p.id,
                r.version,
                &p.email,
                &r.key,
            )
            .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.game_id != game_id);
        self.sherlock_change(game_id, |_, _| Ok(())).await?;
        Ok(said!("done-game-started-each-player"))
    }

    /// Gives a seat to a standby or a computer player; the old player's link stops working.
    async fn sherlock_replace(&self, game: &GameRow, seat: usize, with: Newcomer) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let Reseated {
            old,
            name,
            email,
            computer,
            key,
            version,
        } = self.reseat(&mut tx, game, seat, &with).await?;
        let row = self.locked(&mut tx, game.id).await?;
        let mut state = super::parse(&row)?;
        if let Some(n) = state.players.get_mut(seat) {
            *n = name.clone();
        }
        state.pending.clear();
        self.store
            .set_state(&mut tx, game.id, &crate::master::json(&state))
            .await?;
        if computer.is_none() {
            self.sherlock_welcome(&mut tx, &row, &state, seat, old.id, version, &email, &key)
                .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.id != old.id);
        self.forget_seats(game.id);
        // A computer whose turn it is plays.
        self.sherlock_change(game.id, |_, _| Ok(())).await?;
        Ok(said!(
            "done-now-plays-seat",
            name = &name,
            seat = seat + 1,
            old = &old.name
        ))
    }
}
