//! Turns: a player submits or withdraws the turn of the open round. Submissions are stored by
//! the writer (group-committed under `serve`); withdrawing is rare and runs on its own.

use crate::clock::now;
use crate::games::polysleuth::rules::Game;
use crate::games::polysleuth::service::model::TurnReply;
use crate::games::polysleuth::service::states;
use crate::master::{Master, MasterError, Result};
use crate::model::Via;
use crate::rounds::early_close;
use crate::said;
use crate::store::{GameRow, GameStatus, PlayerRow, Tx};

impl Master {
    /// Submits a turn text for the open round. Accepted whole, or rejected with every error
    /// while the turn already accepted stays in force. The confirmation mail is queued with it.
    pub async fn submit_turn(&self, token: &str, text: &str) -> Result<TurnReply> {
        let player = self.authenticate(token).await?;
        self.submit(&player, text, Via::Web).await
    }

    /// Submits a turn for an authenticated player, confirmed as `via` says.
    pub async fn submit(&self, player: &PlayerRow, text: &str, via: Via) -> Result<TurnReply> {
        self.submit_for(player, text, via, None).await
    }

    /// Submits a turn worked out for `round` (a computer's, an away player's): refused with a
    /// conflict once that round has closed, so it never lands in the next one.
    pub async fn submit_for(
        &self,
        player: &PlayerRow,
        text: &str,
        via: Via,
        round: Option<i64>,
    ) -> Result<TurnReply> {
        let reply = self.writer.submit(player, text, via, round).await?;
        let reply = *reply.downcast::<TurnReply>().map_err(|_| {
            MasterError::Corrupt("the writer answered a turn with another game's reply".into())
        })?;
        reply.count();
        Ok(reply)
    }

    /// Withdraws this round's turn.
    pub async fn clear_turn(&self, token: &str) -> Result<TurnReply> {
        let player = self.authenticate(token).await?;
        self.clear(&player).await
    }

    /// Withdraws this round's turn; the answer goes to the player's registered address.
    pub async fn clear(&self, player: &PlayerRow) -> Result<TurnReply> {
        let mut tx = self.store.write().await?;
        let mut game = self
            .store
            .game_for_update(&mut tx, player.game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))?;
        if game.status == GameStatus::Over {
            return Err(MasterError::Conflict(said!("error-game-over")));
        }
        // Past the deadline a turn is neither changed nor withdrawn (RULES.md §3).
        if game.past_deadline(now()) {
            return Err(MasterError::Conflict(said!(
                "error-round-past-deadline",
                round = game.round
            )));
        }
        let state = states::parse(&game)?;
        self.store
            .delete_turn(&mut tx, game.id, game.round, player.seat)
            .await?;
        self.update_early_close(&mut tx, &mut game, &state, now())
            .await?;
        let reply = TurnReply::Cleared { round: game.round };
        let letter = crate::games::polysleuth::letters::turn_reply(&game, player, &reply, 0)
            .to_player(&self.site, player, &game);
        self.send(&mut tx, Some(game.id), &player.email, &letter, now())
            .await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// Updates the early close after a change to one turn, a seat or the clock (see
    /// `early_close`).
    pub(super) async fn update_early_close(
        &self,
        tx: &mut Tx,
        game: &mut GameRow,
        state: &Game,
        now: i64,
    ) -> Result<()> {
        let turns = self.store.turns(&mut **tx, game.id, game.round).await?;
        let all_ready = state.active_seats().next().is_some()
            && state
                .active_seats()
                .all(|s| turns.iter().any(|t| t.seat == s as i64 && t.ready == 1));
        let close_at = early_close(game, all_ready, now);
        if close_at != game.close_at {
            self.store.set_close_at(tx, game.id, close_at).await?;
            game.close_at = close_at;
        }
        Ok(())
    }
}
