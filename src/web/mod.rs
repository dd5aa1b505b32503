//! The web door: HTML pages, the JSON API, and the server that runs them.

pub mod admission;
pub mod api;
pub mod cards;
pub(crate) mod csrf;
pub mod error;
pub mod feed;
pub mod forms;
pub mod frame;
pub mod gm;
pub mod lang;
pub mod message;
pub mod moved;
pub mod pages;
pub mod play_form;
pub(crate) mod render;
pub mod rules;
pub mod signup;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, DefaultHeaders, Logger};
use actix_web::{web, App, HttpServer};

use crate::master::Master;

/// Request bodies are limited on purpose: a turn or a game form is small; a raw mail may be
/// large (the mail door checks its own limit).
pub const FORM_LIMIT: usize = 64 * 1024;
pub const JSON_LIMIT: usize = 256 * 1024;
pub const RAW_LIMIT: usize = 2 * 1024 * 1024;

/// Routes whose paths carry a secret after this prefix (and each game's own, `Game::web`).
const SECRET_ROUTES: [&str; 6] = [
    "/play/",
    "/gm/",
    "/api/play/",
    "/api/gm/",
    "/observe/",
    "/join/",
];

/// The path as the request log shows it: on a route that carries a key, only the route and
/// the id before the key, however the path is written (`%2D` for the dash, `%61` for a
/// letter of the route, no id at all); every other path as it is.
pub fn redact(path: &str) -> String {
    // `//play/KEY` and `/./play/KEY` reach the same route: the route is matched as routed.
    let decoded = normalised(&percent_decoded(path));
    let games = crate::games::ALL.iter().flat_map(|g| g.secret_routes());
    for prefix in games.chain(SECRET_ROUTES.iter()) {
        if let Some(rest) = decoded.strip_prefix(prefix) {
            // The id is shown only when a dash follows it: digits that begin a bare key are
            // part of the key.
            let id: String = rest
                .chars()
                .take_while(char::is_ascii_digit)
                .take(19)
                .collect();
            let id = if rest[id.len()..].starts_with('-') {
                id
            } else {
                String::new()
            };
            return format!("{prefix}{id}…");
        }
    }
    // Whatever the route, a run of 32 hexadecimal digits may be a key: never shown.
    // The same mask as the stored copy of inbound mail.
    let masked = crate::mail::inbound::mask_keys(decoded.as_bytes());
    match masked == decoded.as_bytes() {
        true => path.to_string(),
        false => String::from_utf8_lossy(&masked).into_owned(),
    }
}

/// A path with its empty and `.` segments dropped, as the router sees it.
fn normalised(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for segment in path.split('/').filter(|s| !s.is_empty() && *s != ".") {
        out.push('/');
        out.push_str(segment);
    }
    if path.ends_with('/') || out.is_empty() {
        out.push('/');
    }
    out
}

fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What the pages may load: their own script and style sheet, nothing inline, nothing from
/// elsewhere; forms post only here; no page may be framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; \
    frame-ancestors 'none'; base-uri 'none'";

/// Headers of every answer; behind https, browsers are also told to keep to it (HSTS).
fn security_headers(https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "no-referrer"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY));
    match https {
        true => headers.add(("Strict-Transport-Security", "max-age=31536000")),
        false => headers,
    }
}

/// The core's fixed paths, matched before any game's routes (so `/games/new` is never read
/// as a game's number), and the request limits every route shares.
pub fn fixed_routes(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::FormConfig::default()
            .limit(FORM_LIMIT)
            .error_handler(error::form_body),
    )
    .app_data(
        web::JsonConfig::default()
            .limit(JSON_LIMIT)
            .error_handler(error::json_body),
    )
    .app_data(web::PathConfig::default().error_handler(error::path_part))
    .app_data(web::PayloadConfig::default().limit(RAW_LIMIT))
    .route("/", web::get().to(pages::index))
    .route("/healthz", web::get().to(pages::health))
    .route("/metrics", web::get().to(pages::metrics))
    .route("/static/style.css", web::get().to(pages::style))
    .route("/static/play.js", web::get().to(pages::script))
    .route("/help", web::get().to(pages::help))
    .route("/rules/{game}", web::get().to(rules::rules))
    .route("/games/new", web::get().to(pages::new_game_form))
    .route("/games/new", web::post().to(pages::create_game))
    .route("/inbound/mail", web::post().to(api::inbound_mail))
    .route("/standby", web::post().to(signup::standby_any));
}

/// The core's routes with parts, after every game's own: sign-up, observers, records, the
/// API's game list, new games and game-master actions.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // Patterns with parts are matched one by one with a regular expression: the API's go
    // behind its fixed prefix.
    cfg.service(
        web::scope("/api")
            .route("/games", web::get().to(api::list_games))
            .route("/games", web::post().to(api::create_game))
            .route("/gm/{token}/actions", web::post().to(api::gm_action)),
    )
    .route("/games/{id}/join", web::post().to(signup::join))
    .route("/games/{id}/standby", web::post().to(signup::standby))
    .route("/join/{token}", web::get().to(signup::signup))
    .route("/join/{token}", web::post().to(signup::signup_action))
    .route("/games/{id}/record.json", web::get().to(api::record))
    .route("/games/{id}/observe", web::post().to(pages::observe))
    .route(
        "/observe/{token}/confirm",
        web::get().to(pages::confirm_observe_form),
    )
    .route(
        "/observe/{token}/confirm",
        web::post().to(pages::confirm_observe),
    )
    .route("/observe/{token}", web::get().to(pages::unobserve_form))
    .route("/observe/{token}", web::post().to(pages::unobserve));
}

/// The shared secret of the inbound-mail webhook, if that door is open.
#[derive(Clone)]
pub struct InboundSecret(pub Option<String>);

pub fn server(
    master: Master,
    listener: std::net::TcpListener,
    workers: usize,
    inbound_secret: Option<String>,
    create_games: admission::CreateGames,
    trusted_proxies: Vec<ipnet::IpNet>,
) -> std::io::Result<Server> {
    let https = master.site.https();
    let data = web::Data::new(master);
    let create_games = web::Data::new(create_games);
    let limiter = web::Data::new(admission::Limiter::behind(trusted_proxies));
    let secret = web::Data::new(InboundSecret(inbound_secret));
    // Each game's own routes, with what they share on this server, between the core's fixed
    // paths and its routes with parts.
    let games: Vec<crate::games::WebRoutes> =
        crate::games::ALL.iter().filter_map(|g| g.web()).collect();
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .app_data(secret.clone())
            .app_data(create_games.clone())
            .app_data(limiter.clone())
            .wrap(Compress::default())
            .wrap(security_headers(https))
            .wrap_fn(|req, srv| {
                // Counted by route pattern, never by path: a path may hold a key. The pattern
                // is read once routed, when it costs a lookup rather than a second match.
                let method = req.method().to_string();
                let start = std::time::Instant::now();
                let reader = lang::reader(req.request(), crate::lang::Lang::En);
                let call = actix_web::dev::Service::call(srv, req);
                async move {
                    let mut res = lang::scoped(reader, call).await?;
                    let query = res.request().query_string().to_string();
                    lang::remember(&query, res.response_mut());
                    let route = res
                        .request()
                        .match_pattern()
                        .unwrap_or_else(|| "unmatched".into());
                    crate::metrics::METRICS.request(
                        &route,
                        &method,
                        res.status().as_u16(),
                        start.elapsed().as_secs_f64(),
                    );
                    Ok(res)
                }
            })
            .wrap(
                Logger::new("%{PATH}xi %s %Dms").custom_request_replace("PATH", |req| {
                    format!("{} {}", req.method(), redact(req.path()))
                }),
            )
            .configure(|cfg| {
                fixed_routes(cfg);
                for game in &games {
                    game(cfg);
                }
                routes(cfg);
            })
            .default_service(web::to(pages::not_found))
    })
    .workers(workers)
    // A stop lets the requests in hand finish for this long, then closes what is left: a
    // service manager's stop is never held up by clients that keep sending.
    .shutdown_timeout(SHUTDOWN_SECONDS)
    .listen(listener)?
    .run())
}

/// How long a graceful stop waits for the requests in hand.
const SHUTDOWN_SECONDS: u64 = 10;

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn keys_never_reach_the_log() {
        let key = "0123456789abcdef0123456789abcdef";
        for (path, shown) in [
            (format!("/play/12-{key}"), "/play/12…"),
            (format!("/gm/3-{key}"), "/gm/3…"),
            (format!("/api/play/7-{key}/turn"), "/api/play/7…"),
            (format!("/play/1%2D{key}"), "/play/1…"),
            (format!("/play/{key}"), "/play/…"),
            (format!("/pl%61y/5-{key}"), "/play/5…"),
            (format!("/observe/9-{key}/confirm"), "/observe/9…"),
            (format!("//play/{key}"), "/play/…"),
            (format!("/.//gm/6-{key}"), "/gm/6…"),
            (format!("/nowhere/{key}?x=1"), "/nowhere/[key]?x=1"),
            (format!("/nowhere/%30{}", &key[1..]), "/nowhere/[key]"),
            ("/games/4".to_string(), "/games/4"),
        ] {
            let logged = redact(&path);
            assert_eq!(logged, shown, "{path}");
            assert!(!logged.contains("abcdef"), "{path}");
        }
    }
}
