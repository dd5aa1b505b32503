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
        // Patterns with parts are matched one by one with a regular expression: the busiest
        // come first, and the API's behind its fixed prefix.
        cfg.app_data(bulletins.clone())
            .app_data(page_parts.clone())
            .service(
                web::scope("/api/play")
                    .route("/{token}/turn", web::post().to(api::submit_turn))
                    .route("/{token}/turn", web::delete().to(api::clear_turn))
                    .route("/{token}", web::get().to(api::player)),
            )
            .route("/api/games/{id}", web::get().to(api::game))
            .route(
                "/api/games/{id}/rounds/{round}",
                web::get().to(api::bulletin),
            )
            .route("/api/gm/{token}", web::get().to(api::gm))
            .route(
                "/games/{id}/rounds/{round}",
                web::get().to(public::bulletin),
            )
            .route("/play/{token}", web::get().to(play::play))
            .route("/play/{token}", web::post().to(play::play_action))
            .route("/games/{id}", web::get().to(public::game))
            .route("/games/{id}/feed.atom", web::get().to(public::feed))
            .route("/gm/{token}", web::get().to(gm::gm))
            .route("/gm/{token}", web::post().to(gm::gm_action));
    })
}
