//! The game master's actions on a classic game: start a game that waited, end the turn now, extend,
//! pause and resume the turn's clock, mark a player out, give a seat to a standby or a computer
//! player, end the game. The core does what every game of turns shares: which action a game in each
//! state takes (`master/gm.rs`), the start and its welcomes and the clock (`master/turn_clock.rs`),
//! the change of seat (`master/seats.rs`, its welcome in `master/seating.rs`), a new private link.

use crate::games::sleuth::letters::welcome;
use crate::lang::Said;
use crate::master::gm::{turn_action, GmAction, TurnAction};
use crate::master::seats::Newcomer;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::GameRow;

impl Master {
    pub(crate) async fn classic_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        let action = match turn_action(game.status, action)? {
            TurnAction::Start => return self.classic_start(game.id).await,
            TurnAction::Act(action) => action,
        };
        match action {
            GmAction::ResolveNow { round } => {
                self.classic_change(game.id, None, |s, _, _| {
                    // The turn the game master saw: a later one is never ended by this request.
                    if round.is_some_and(|t| t != s.turn as i64) {
                        return Err(MasterError::Conflict(said!(
                            "error-turn-already-over",
                            turn = round.unwrap_or_default()
                        )));
                    }
                    Ok(s.gm_skip())
                })
                .await?;
                Ok(said!("done-turn-ended-now-next"))
            }
            GmAction::End => {
                self.classic_change(game.id, None, |s, _, _| Ok(s.gm_end()))
                    .await?;
                Ok(said!("done-game-over-every-player"))
            }
            GmAction::MarkDone { seat } => {
                self.classic_change(game.id, None, |s, _, _| {
                    if seat >= s.players.len() {
                        return Err(MasterError::Invalid(vec![said!(
                            "error-no-seat",
                            seat = seat.saturating_add(1)
                        )]));
                    }
                    if !s.in_play(seat) {
                        return Err(MasterError::Conflict(said!(
                            "error-out-or-won",
                            name = &s.players[seat]
                        )));
                    }
                    Ok(s.mark_out(seat))
                })
                .await?;
                Ok(said!("done-player-out-they-take"))
            }
            GmAction::Replace { seat, with } => self.classic_replace(&game, seat, with).await,
            a @ (GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume) => {
                self.turn_clock_action(&game, a).await
            }
            GmAction::Reminders { .. } => Err(MasterError::Invalid(vec![said!(
                "error-game-classic-sleuth-reminds"
            )])),
            GmAction::Start | GmAction::NewLink { .. } => {
                unreachable!("the core's: a start (turn_action) and a new link")
            }
        }
    }

    /// Starts a game that waited for its game master: each player gets a new key and their
    /// welcome, and the first turn's clock starts.
    async fn classic_start(&self, game_id: i64) -> Result<Said> {
        self.start_waiting(game_id, super::parse, welcome).await?;
        self.classic_change(game_id, None, |_, _, _| Ok(())).await?;
        Ok(said!("done-game-started-each-player"))
    }

    /// Gives a seat to a standby or a computer player; the old player's link stops working.
    async fn classic_replace(&self, game: &GameRow, seat: usize, with: Newcomer) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let r = self.reseat(&mut tx, game, seat, &with).await?;
        // In the same transaction: the seat's new name goes into the log (a computer whose
        // turn it is plays), then the newcomer's welcome.
        let (_, state) = self
            .classic_change_in(&mut tx, game.id, None, |s, _, _| {
                Ok(s.replace(seat, &r.name))
            })
            .await?;
        (self.welcome_reseated(tx, game.id, seat, &r, (&state, welcome))).await
    }
}
