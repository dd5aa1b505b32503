//! A player's form as every game's page receives it: its CSRF token checked before anything
//! else, then the key in the page's address, then the player's game and language. One way of
//! reading it for every game, so that no game's form can skip a check or take them in another
//! order.

use actix_web::{web, HttpRequest};

use crate::lang::Lang;
use crate::master::Master;
use crate::store::{GameRow, PlayerRow};
use crate::web::error::PageError;
use crate::web::forms::Fields;

/// A player's form, checked and authenticated.
pub struct PlayForm {
    /// The token of the page's address, to draw the page again.
    pub token: String,
    pub fields: Fields,
    pub player: PlayerRow,
    pub game: GameRow,
    /// The language of the player's pages.
    pub t: Lang,
}

impl PlayForm {
    /// Reads the form posted to a player's page at `path`: refused before any key is looked
    /// at when its CSRF token is wrong, then refused when the key is.
    pub async fn read(
        req: &HttpRequest,
        master: &Master,
        path: web::Path<String>,
        form: web::Form<Fields>,
    ) -> Result<PlayForm, PageError> {
        let token = path.into_inner();
        let fields = form.into_inner();
        crate::web::csrf::check_csrf(req, &fields)?;
        let player = master.authenticate(&token).await?;
        let game = master.public_game(player.game_id).await?;
        let t = player.lang(&game);
        Ok(PlayForm {
            token,
            fields,
            player,
            game,
            t,
        })
    }

    /// A field as typed, trimmed; empty when the form has none.
    pub fn get(&self, name: &str) -> String {
        (self.fields.get(name))
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    }
}
