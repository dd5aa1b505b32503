//! The game master's actions on a game of Clue: start a game that waited, end the turn now, extend,
//! pause and resume the turn's clock, give a seat to a standby or a computer player, end the game.
//! The core does what every game of turns shares: which action a game in each state takes
//! (`master/gm.rs`), the start and its welcomes and the clock (`master/turn_clock.rs`), the change
//! of seat (`master/seats.rs`, its welcome in `master/seating.rs`), a new private link.

use crate::games::clue::letters::welcome;
use crate::lang::Said;
use crate::master::gm::{turn_action, GmAction, TurnAction};
use crate::master::seats::Newcomer;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::GameRow;

impl Master {
    pub(crate) async fn clue_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        let action = match turn_action(game.status, action)? {
            TurnAction::Start => return self.clue_start(game.id).await,
            TurnAction::Act(action) => action,
        };
        match action {
            GmAction::ResolveNow { round } => {
                self.clue_change(game.id, |s, _, _| {
                    // The turn the game master saw: a later one is never ended by this request.
                    if round.is_some_and(|t| t != s.turn_no as i64) {
                        return Err(MasterError::Conflict(said!(
                            "error-turn-already-over",
                            turn = round.unwrap_or_default()
                        )));
                    }
                    Ok(s.pass_turn())
                })
                .await?;
                Ok(said!("done-turn-ended-now-next"))
            }
            GmAction::End => {
                self.clue_change(game.id, |s, _, _| Ok(s.end_now())).await?;
                Ok(said!("done-game-over-every-player"))
            }
            GmAction::Extend { hours, round } => {
                let secs = crate::master::gm::extension(hours)?;
                // One transaction: the clock, and while a refuter chooses, the suggester's
                // stopped clock, which gains the time too.
                let mut tx = self.store.write().await?;
                let said = self.turn_extend_in(&mut tx, game.id, secs, round).await?;
                self.clue_change_in(&mut tx, game.id, |s, _, _| {
                    if let Some(left) = s.turn_left.as_mut() {
                        *left = left.saturating_add(secs);
                    }
                    Ok(())
                })
                .await?;
                tx.commit().await?;
                Ok(said)
            }
            a @ (GmAction::Pause | GmAction::Resume) => self.turn_clock_action(&game, a).await,
            GmAction::Replace { seat, with } => self.clue_replace(&game, seat, with).await,
            GmAction::MarkDone { .. } => Err(MasterError::Invalid(vec![said!(
                "error-clue-no-such-action"
            )])),
            GmAction::Reminders { .. } => {
                Err(MasterError::Invalid(vec![said!("error-clue-no-reminders")]))
            }
            GmAction::Start | GmAction::NewLink { .. } => {
                unreachable!("the core's: a start (turn_action) and a new link")
            }
        }
    }

    /// Starts a game that waited for its game master: each player gets a new key and their
    /// welcome, and the first turn's clock starts.
    async fn clue_start(&self, game_id: i64) -> Result<Said> {
        self.start_waiting(game_id, super::parse, welcome).await?;
        // A computer the roll-off sent first plays at once.
        self.clue_change(game_id, |_, _, _| Ok(())).await?;
        Ok(said!("done-game-started-each-player"))
    }

    /// Gives a seat to a standby or a computer player; the old player's link stops working.
    /// The seat keeps its guest, hand, cards shown and place in the turn order.
    async fn clue_replace(&self, game: &GameRow, seat: usize, with: Newcomer) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let r = self.reseat(&mut tx, game, seat, &with).await?;
        // In the same transaction: the seat's new name goes into the record and the log (a
        // computer whose turn it is plays), then the newcomer's welcome.
        let (_, state) = self
            .clue_change_in(&mut tx, game.id, |s, _, _| Ok(s.replace(seat, &r.name)))
            .await?;
        (self.welcome_reseated(tx, game.id, seat, &r, (&state, welcome))).await
    }
}
