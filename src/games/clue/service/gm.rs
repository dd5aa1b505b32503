//! The game master's actions on a game of Clue: start a game that waited, end the turn now,
//! extend, pause and resume the turn's clock, end the game. A new private link is the shared
//! action of `master/gm.rs`; the clock is the core's (`master/turn_clock.rs`).

use crate::lang::Said;
use crate::master::gm::GmAction;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::{GameRow, GameStatus};

impl Master {
    pub(crate) async fn clue_gm(&self, game: GameRow, action: GmAction) -> Result<Said> {
        match (game.status, action) {
            (GameStatus::Over, _) => Err(MasterError::Conflict(said!("error-game-over"))),
            (GameStatus::Unconfirmed, GmAction::Start) => self.clue_start(game.id).await,
            (GameStatus::Unconfirmed, _) => {
                Err(MasterError::Conflict(said!("error-game-not-started-press")))
            }
            (_, GmAction::Start) => Err(MasterError::Conflict(said!("error-game-started-already"))),
            (_, GmAction::ResolveNow { round }) => {
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
            (_, GmAction::End) => {
                self.clue_change(game.id, |s, _, _| Ok(s.end_now())).await?;
                Ok(said!("done-game-over-every-player"))
            }
            (_, a @ (GmAction::Extend { .. } | GmAction::Pause | GmAction::Resume)) => {
                self.turn_clock_action(&game, a).await
            }
            (_, GmAction::MarkDone { .. } | GmAction::Replace { .. }) => Err(MasterError::Invalid(
                vec![said!("error-clue-no-such-action")],
            )),
            (_, GmAction::Reminders { .. }) => Err(MasterError::Invalid(vec![said!(
                "error-game-classic-sleuth-reminds"
            )])),
            (_, GmAction::NewLink { .. }) => unreachable!("a new link is the shared action"),
        }
    }

    /// Starts a game that waited for its game master: each player gets a new key and their
    /// welcome, and the first turn's clock starts.
    async fn clue_start(&self, game_id: i64) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let (row, rekeyed) = self.start_turns(&mut tx, game_id).await?;
        let state = super::parse(&row)?;
        for r in rekeyed {
            let p = &r.player;
            self.clue_welcome(
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
        Ok(said!("done-game-started-each-player"))
    }
}
