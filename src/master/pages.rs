//! What a player's page reads, in one trip to the database: the seat (its player row from
//! memory), the game, the open turn and the round of the stored sheet.

use super::{Master, MasterError, Result, Seat};

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
            .ok_or_else(|| MasterError::NotFound("that game no longer exists".into()))?;
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
