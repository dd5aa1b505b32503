//! The game master's actions on a game of Clue: start a game that waited, end the turn now,
//! extend, pause and resume the turn's clock, end the game. A new private link is the shared
//! action of `master/gm.rs`; the clock is the core's (`master/turn_clock.rs`).

use crate::clock::now;
use crate::keys;
use crate::lang::Said;
use crate::master::gm::GmAction;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::games::sleuth::ClassicSave;
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
            (status, GmAction::Extend { hours }) => {
                let secs = crate::master::gm::extension(hours)?;
                self.turn_clock(&game, |d, r| match status {
                    GameStatus::Paused => (None, r.map(|r| r.saturating_add(secs))),
                    _ => (d.map(|d| d.saturating_add(secs)), None),
                })
                .await?;
                Ok(said!(
                    "done-turn-lasts-more",
                    by = crate::lang::Value::duration(secs)
                ))
            }
            (GameStatus::Paused, GmAction::Pause) => {
                Err(MasterError::Conflict(said!("error-game-paused-already")))
            }
            (_, GmAction::Pause) => {
                self.turn_pause(&game, GameStatus::Paused).await?;
                Ok(said!("done-game-paused-turn-s"))
            }
            (GameStatus::Open, GmAction::Resume) => {
                Err(MasterError::Conflict(said!("error-game-not-paused")))
            }
            (_, GmAction::Resume) => {
                self.turn_pause(&game, GameStatus::Open).await?;
                Ok(said!("done-game-goes-on-turn"))
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
        let row = self.locked(&mut tx, game_id).await?;
        let state = super::parse(&row)?;
        let deadline = now() + row.remaining.unwrap_or(row.round_seconds);
        self.store
            .save_classic(
                &mut tx,
                &ClassicSave {
                    id: row.id,
                    state: &row.state,
                    turn: row.round,
                    status: GameStatus::Open,
                    turn_deadline: Some(deadline),
                    remaining: None,
                },
            )
            .await?;
        let row = self.locked(&mut tx, game_id).await?;
        for p in self
            .store
            .players(&mut *tx, game_id)
            .await?
            .iter()
            .filter(|p| p.mailed())
        {
            let key = keys::new_key();
            let version = self
                .store
                .replace_player_key(&mut tx, p.id, &keys::hash(&key))
                .await?;
            self.clue_welcome(
                &mut tx,
                &row,
                &state,
                p.seat as usize,
                p.id,
                version,
                &p.email,
                &key,
            )
            .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.game_id != game_id);
        Ok(said!("done-game-started-each-player"))
    }
}
