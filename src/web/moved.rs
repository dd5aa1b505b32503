//! The core's pages of a reader whose game draws its own (`master::table::Table::page`): the
//! same page where that game keeps it, looked up only when a core page cannot be drawn (so
//! Polysleuth's own readers pay nothing for it).

use actix_web::HttpResponse;

use crate::master::table::CorePage;
use crate::master::Master;

/// Where a core page's reader belongs when their game draws its own pages: a player's or game
/// master's link (`token`), or a public game page (`game`). None for a game the core draws (or
/// a link that is not valid).
pub async fn moved_elsewhere(
    master: &Master,
    token: Option<&str>,
    game: Option<i64>,
) -> Option<HttpResponse> {
    let (id, page) = match (token, game) {
        (Some(token), _) => {
            let by_player = master
                .authenticate(token)
                .await
                .ok()
                .map(|p| (p.game_id, CorePage::Player(token.to_string())));
            match by_player {
                Some(found) => found,
                None => (
                    master.gm_game(token).await.ok()?.id,
                    CorePage::GameMaster(token.to_string()),
                ),
            }
        }
        (None, Some(id)) => (id, CorePage::Game(id)),
        (None, None) => return None,
    };
    let row = master.public_game(id).await.ok()?;
    master
        .has_own_pages(row.ruleset, &page)
        .map(|path| see_other(&path))
}

/// A redirect that no one keeps.
pub fn see_other(path: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", path))
        .insert_header(("Cache-Control", "no-store"))
        .finish()
}
