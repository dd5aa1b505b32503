//! The game master's actions on a game of Sherlock Solitaire: start a game that waited; with a
//! turn clock (house rule `turn_hours`) alone, end the turn now, extend, pause and resume it;
//! give a seat to a standby or a computer player; end the game. The core does what every game
//! of turns shares: which action a game in each state takes (`master/gm.rs`), the start and
//! its welcomes and the clock (`master/turn_clock.rs`), the change of seat (`master/seats.rs`,
//! its welcome in `master/seating.rs`), a new private link.

use crate::games::sherlock::letters::welcome;
use crate::lang::Said;
use crate::master::gm::{turn_action, GmAction, TurnAction};
use crate::master::seats::Newcomer;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::GameRow;

impl Master {
    pub(crate) async fn sherlock_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        let action = match turn_action(game.status, action)? {
            TurnAction::Start => return self.sherlock_start(game.id).await,
            TurnAction::Act(action) => action,
        };
        match action {
            // "A turn has no deadline unless the game sets turn_hours" (RULES-SHERLOCK §6): without
            // one, a turn ends by its player's reply alone, never by the game master.
            GmAction::ResolveNow { .. } if game.round_seconds == 0 => {
                Err(MasterError::Conflict(said!("error-sherlock-no-clock-turn")))
            }
            GmAction::ResolveNow { round } => {
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
            GmAction::End => {
                self.sherlock_change(game.id, |s, _| {
                    s.end();
                    Ok(())
                })
                .await?;
                Ok(said!("done-game-over-every-player"))
            }
            GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume
                if game.round_seconds == 0 =>
            {
                Err(MasterError::Conflict(said!("error-sherlock-no-clock")))
            }
            a @ (GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume) => {
                self.turn_clock_action(&game, a).await
            }
            GmAction::Replace { seat, with } => self.sherlock_replace(&game, seat, with).await,
            GmAction::MarkDone { .. } | GmAction::Reminders { .. } => Err(MasterError::Invalid(
                vec![said!("error-sherlock-no-such-action")],
            )),
            GmAction::Start | GmAction::NewLink { .. } => {
                unreachable!("the core's: a start (turn_action) and a new link")
            }
        }
    }

    /// Starts a game that waited for its game master: each player gets a new key and their
    /// welcome, and the first turn's clock starts.
    async fn sherlock_start(&self, game_id: i64) -> Result<Said> {
        self.start_waiting(game_id, super::parse, welcome).await?;
        self.sherlock_change(game_id, |_, _| Ok(())).await?;
        Ok(said!("done-game-started-each-player"))
    }

    /// Gives a seat to a standby or a computer player; the old player's link stops working.
    async fn sherlock_replace(&self, game: &GameRow, seat: usize, with: Newcomer) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let r = self.reseat(&mut tx, game, seat, &with).await?;
        let row = self.locked(&mut tx, game.id).await?;
        let mut state = super::parse(&row)?;
        if let Some(n) = state.players.get_mut(seat) {
            *n = r.name.clone();
        }
        state.pending.clear();
        self.store
            .set_state(&mut tx, game.id, &crate::master::json(&state))
            .await?;
        let said = (self.welcome_reseated(tx, game.id, seat, &r, (&state, welcome))).await?;
        // A computer whose turn it is plays.
        self.sherlock_change(game.id, |_, _| Ok(())).await?;
        Ok(said)
    }
}
