//! The reads of the two pages players and game masters open most: on a SQLite file on the
//! calling thread's own connection (`reader`), on PostgreSQL through the pool.

use super::games::GameRow;
use super::reader::{self, PlayerPage, GM_PAGE_TURNS, PLAYER_PAGE};
use super::{Store, StoreError};

impl Store {
    /// The game, the seat's open turn and its sheet's round, in one statement. On a SQLite
    /// file it runs on the calling thread's own connection (`reader`), sparing the two thread
    /// switches of sqlx's SQLite worker: most of what a page cost.
    pub async fn player_page(
        &self,
        game_id: i64,
        seat: i64,
    ) -> Result<Option<PlayerPage>, StoreError> {
        if let Some(file) = &self.sqlite_file {
            return reader::player_page(file, game_id, seat);
        }
        let row = sqlx::query(PLAYER_PAGE)
            .bind(game_id)
            .bind(seat)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(PlayerPage::decode).transpose()
    }

    /// The game and (seat, ready) of each turn sent for its open round: all the game
    /// master's page reads of the game (on a SQLite file, on the calling thread's connection).
    pub async fn gm_page(
        &self,
        game_id: i64,
    ) -> Result<Option<(GameRow, Vec<(i64, bool)>)>, StoreError> {
        if let Some(file) = &self.sqlite_file {
            return reader::gm_page(file, game_id);
        }
        let Some(game) = self.game(&self.pool, game_id).await? else {
            return Ok(None);
        };
        let turns: Vec<(i64, i64)> = sqlx::query_as(GM_PAGE_TURNS)
            .bind(game_id)
            .bind(game.round)
            .fetch_all(&self.pool)
            .await?;
        Ok(Some((
            game,
            turns.into_iter().map(|(s, r)| (s, r == 1)).collect(),
        )))
    }
}
