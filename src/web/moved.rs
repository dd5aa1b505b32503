//! Polysleuth's pages of a classic game's reader: the same page under `/classic/`, looked up
//! only when a Polysleuth page cannot be drawn (so its own readers pay nothing for it).

use actix_web::HttpResponse;

use crate::master::Master;
use crate::store::Ruleset;

/// Where a Polysleuth page's reader of a classic game belongs: the same page under
/// `/classic/`. None for a Polysleuth game (or a link that is not valid).
pub async fn moved_to_classic(
    master: &Master,
    token: Option<&str>,
    game: Option<i64>,
) -> Option<HttpResponse> {
    let (id, path) = match (token, game) {
        (Some(token), _) => {
            let by_player = master
                .authenticate(token)
                .await
                .ok()
                .map(|p| (p.game_id, format!("/classic/play/{token}")));
            match by_player {
                Some(found) => found,
                None => (
                    master.gm_game(token).await.ok()?.id,
                    format!("/classic/gm/{token}"),
                ),
            }
        }
        (None, Some(id)) => (id, format!("/classic/games/{id}")),
        (None, None) => return None,
    };
    let row = master.public_game(id).await.ok()?;
    (row.ruleset == Ruleset::Sleuth).then(|| see_other(&path))
}

/// A redirect that no one keeps.
pub fn see_other(path: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", path))
        .insert_header(("Cache-Control", "no-store"))
        .finish()
}
