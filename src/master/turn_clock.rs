//! The clock of a game of turns (classic Sleuth, Clue), as its game master moves it: a turn
//! extended, the game paused (the time left kept) and resumed (the clock runs from the time
//! left). Every game of turns keeps its clock in the same columns (`turn_deadline`,
//! `remaining`), so one piece of the core moves it for all of them.

use crate::clock::now;
use crate::master::{Master, Result};
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus};

impl Master {
    /// Changes the turn's clock: (deadline, remaining) → (deadline, remaining).
    pub(crate) async fn turn_clock(
        &self,
        game: &GameRow,
        f: impl FnOnce(Option<i64>, Option<i64>) -> (Option<i64>, Option<i64>),
    ) -> Result<()> {
        let mut tx = self.store.write().await?;
        let row = self.locked(&mut tx, game.id).await?;
        let (deadline, remaining) = f(row.turn_deadline, row.remaining);
        self.store
            .save_classic(
                &mut tx,
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
        tx.commit().await?;
        Ok(())
    }

    /// Pauses (the time left is kept) or resumes (the clock runs from the time left).
    pub(crate) async fn turn_pause(&self, game: &GameRow, to: GameStatus) -> Result<()> {
        let mut tx = self.store.write().await?;
        let row = self.locked(&mut tx, game.id).await?;
        let now = now();
        let (deadline, remaining) = match to {
            GameStatus::Paused => (None, row.turn_deadline.map(|d| (d - now).max(60))),
            _ => (row.remaining.map(|r| now + r), None),
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
