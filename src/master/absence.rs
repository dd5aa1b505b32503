//! Absence: a player may declare themselves away for a few rounds, up to what their game
//! allows. While away their turn is sent for them, empty and ready (so they do not go idle
//! and do not hold a round open), no reminder goes to them, and the public page says so.

use super::{Master, MasterError, Result};
use crate::lang::Said;
use crate::said;
use crate::store::{GameStatus, PlayerRow};

impl Master {
    /// Declares `player` away for the next `rounds` rounds, the open one included; 0 ends an
    /// absence.
    pub async fn declare_absence(&self, player: &PlayerRow, rounds: u32) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, player.game_id).await?;
        if !game.status.has_round_open() {
            return Err(MasterError::Conflict(match game.status {
                GameStatus::Over => said!("error-game-over"),
                _ => said!("error-game-not-started"),
            }));
        }
        let most = self
            .store
            .seating(&mut *tx, game.id)
            .await?
            .map_or(0, |s| s.max_absence);
        if rounds == 0 {
            self.store.set_away(&mut tx, player.id, None).await?;
            tx.commit().await?;
            self.forget_seats(player.game_id);
            return Ok(said!("away-back"));
        }
        if most == 0 {
            return Err(MasterError::Invalid(vec![said!("away-none-allowed")]));
        }
        if rounds as i64 > most {
            return Err(MasterError::Invalid(vec![said!(
                "away-too-long",
                rounds = rounds,
                most = most
            )]));
        }
        // A round past its deadline is over, though not yet closed: an absence declared now
        // would make it count as one the player sent a turn for.
        if game.past_deadline(crate::clock::now()) {
            return Err(MasterError::Conflict(said!(
                "away-past-deadline",
                round = game.round
            )));
        }
        let until = game.round + rounds as i64 - 1;
        self.store.set_away(&mut tx, player.id, Some(until)).await?;
        // A turn already sent this round stays; otherwise the empty one is sent for you.
        tx.commit().await?;
        self.forget_players(|p| p.id != player.id);
        self.forget_seats(player.game_id);
        Ok(said!("away-until", round = until))
    }
}
