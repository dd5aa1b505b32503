//! Polysleuth's pages and API, registered through its `Game::web` at the paths every link of
//! the service has always used (`/games/{id}`, `/play/{token}`, `/gm/{token}`, `/api/…`).
//! A forming game's pages, whatever its game, are the core's sign-up pages, and a reader of a
//! game that draws its own pages is sent there (`web::moved`), so these paths serve every
//! link ever mailed.

pub mod api;
pub mod builder;
pub mod gm;
pub mod gm_extras;
pub mod gm_view;
pub mod happened;
pub mod page_cache;
pub mod play;
pub mod play_view;
pub mod public;
pub mod sheet_grid;
pub mod views;

use actix_web::web;

/// Polysleuth's routes, with the caches its pages share on one server.
pub fn routes() -> crate::games::WebRoutes {
    let bulletins = web::Data::new(public::BulletinCache::default());
    let page_parts = web::Data::new(play_view::PageCache::default());
    std::sync::Arc::new(move |cfg: &mut web::ServiceConfig| {
        // A pattern with parts is matched with a regular expression, one resource after
        // another, while a scope's fixed prefix is a plain comparison: the pages players and
        // game masters open most sit behind their own prefix, one resource for both methods.
        // No later route of the core begins with `/play/` or `/gm/` (a scope that matches
        // its prefix answers alone).
        cfg.app_data(bulletins.clone())
            .app_data(page_parts.clone())
            .service(
                web::scope("/play").service(
                    web::resource("/{token}")
                        .route(web::get().to(play::play))
                        .route(web::post().to(play::play_action)),
                ),
            )
            .service(
                web::scope("/gm").service(
                    web::resource("/{token}")
                        .route(web::get().to(gm::gm))
                        .route(web::post().to(crate::web::gm::post::<gm::Gm>)),
                ),
            )
            .service(
                web::scope("/api/play")
                    .service(
                        web::resource("/{token}/turn")
                            .route(web::post().to(api::submit_turn))
                            .route(web::delete().to(api::clear_turn)),
                    )
                    .route("/{token}", web::get().to(api::player)),
            )
            .route(
                "/games/{id}/rounds/{round}",
                web::get().to(public::bulletin),
            )
            .route("/games/{id}", web::get().to(public::game))
            .route("/games/{id}/feed.atom", web::get().to(public::feed))
            .route("/api/games/{id}", web::get().to(api::game))
            .route(
                "/api/games/{id}/rounds/{round}",
                web::get().to(api::bulletin),
            )
            .route("/api/gm/{token}", web::get().to(api::gm));
    })
}
