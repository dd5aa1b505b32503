//! Who is asking, for Polysleuth's pages and API: a player found by their key, with their
//! game and its parsed state (`Seat`); what a player's page reads, in one trip to the
//! database (the seat, the game, the open turn and the round of the stored sheet); and the
//! game master's page's one read.

use std::sync::Arc;

use crate::games::polysleuth::rules::Game;
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::{GameRow, PlayerRow};

/// A player, authenticated by their key.
pub struct Seat {
    pub player: PlayerRow,
    pub game: GameRow,
    pub state: Arc<Game>,
}

/// A seat as its page needs it.
pub struct SeatPage {
    pub seat: Seat,
    /// (text, ready, revision) of the seat's turn for the open round.
    pub turn: Option<(String, bool, i64)>,
    /// The round the stored sheet covers, if one is stored.
    pub sheet_round: Option<i64>,
}

impl Master {
    /// Finds the player a link token belongs to.
    pub async fn seat(&self, token: &str) -> Result<Seat> {
        let player = self.authenticate(token).await?;
        let game = self
            .store
            .game(&self.store.pool, player.game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))?;
        let state = self.state_of(&game)?;
        Ok(Seat {
            player,
            game,
            state,
        })
    }

    /// A player's page's one read.
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
