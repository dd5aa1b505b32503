//! A player's own language and time zone: chosen on their page or by mail, kept on their
//! seat, read by every page and mail made for them.

use super::{Master, Result};
use crate::lang::Lang;
use crate::store::PlayerRow;

impl Master {
    /// Stores `player`'s language and time zone (checked by the caller).
    pub async fn set_prefs(&self, player: &PlayerRow, lang: Lang, time_zone: &str) -> Result<()> {
        let mut tx = self.store.write().await?;
        self.store
            .set_player_prefs(&mut *tx, player.id, Some(lang), Some(time_zone))
            .await?;
        tx.commit().await?;
        self.forget_players(|p| p.id != player.id);
        Ok(())
    }

    /// The language `player` is written to in: their own, or their game's. For an answer given
    /// before the game is read for anything else (a message refused unread).
    pub async fn language_of(&self, player: &PlayerRow) -> Result<Lang> {
        if let Some(lang) = player.language {
            return Ok(lang);
        }
        let row = self.store.game(&self.store.pool, player.game_id).await?;
        Ok(row.map_or(Lang::En, |row| row.language))
    }
}
