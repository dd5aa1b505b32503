//! What a player's page reads, in one trip to the database: the seat (its player row from
//! memory), the game, the open turn and the round of the stored sheet.

use super::{Master, MasterError, Result, Seat};
use crate::said;

/// A seat as its page needs it.
pub struct SeatPage {
    pub seat: Seat,
    /// (text, ready, revision) of the seat's turn for the open round.
    pub turn: Option<(String, bool, i64)>,
    /// The round the stored sheet covers, if one is stored.
    pub sheet_round: Option<i64>,
}

impl Master {
    pub async fn seat_page(&self, token: &str) -> Result<SeatPage> {
        let player = self.authenticate(token).await?;
        let page = self
            .store
            .player_page(player.game_id, player.seat)
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))?;
        let state = self.state_of(&page.game)?;
        Ok(SeatPage {
            seat: Seat {
                player,
                game: page.game,
                state,
            },
            turn: page.turn,
            sheet_round: page.sheet_round,
        })
    }
}

impl Master {
    /// The game master's game, checked against their key, with (seat, ready) of the open
    /// round's turns: their page's one read of the game.
    pub async fn gm_page(&self, token: &str) -> Result<(crate::store::GameRow, Vec<(i64, bool)>)> {
        let (id, key) = crate::keys::split_token(token).ok_or(MasterError::BadKey)?;
        match self.store.gm_page(id).await? {
            Some((game, turns)) if crate::keys::matches(key, &game.gm_key_hash) => {
                Ok((game, turns))
            }
            _ => Err(MasterError::BadKey),
        }
    }
}
