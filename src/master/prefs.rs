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
}
