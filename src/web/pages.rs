//! The public pages and the new-game form. Each handler reads like the user's action and
//! renders a view; the player's page is `play`, the game master's `gm`.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::csrf::{check_csrf, csrf};
use super::forms::{self, Fields, PLAYER_ROWS};
use super::render::{private, render};
use super::views::{self, PublicGame};
use crate::games::polysleuth::letters::bulletin_text;
use crate::games::polysleuth::service::model::StoredBulletin;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::GameStatus;

pub use super::error::Page;
use super::message::MessagePage;

// ----- static files -----

pub async fn style() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../templates/static/style.css"))
}

pub async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../templates/static/play.js"))
}

/// Prometheus text: the counters, and what the database holds now.
pub async fn metrics(master: web::Data<Master>) -> HttpResponse {
    let mut text = crate::metrics::METRICS.render();
    if let Ok(s) = master.store.stats().await {
        for (name, help, v) in [
            ("polysleuth_games", "Games stored.", s.games),
            ("polysleuth_games_open", "Games with a round open.", s.open),
            (
                "polysleuth_outbox_unsent",
                "Mails waiting in the outbox.",
                s.unsent,
            ),
        ] {
            text.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}\n"
            ));
        }
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(text)
}

pub async fn health() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

// ----- index and help -----

#[derive(Template)]
#[template(path = "index.html")]
struct Index {
    t: Lang,
    csrf: String,
    forming: Vec<super::signup::Listed>,
    running: Vec<super::signup::Listed>,
    finished: Vec<super::signup::Listed>,
}

pub async fn index(req: HttpRequest, master: web::Data<Master>) -> Page {
    let games = super::signup::listed(&master).await?;
    let (forming, rest): (Vec<_>, Vec<_>) = games
        .into_iter()
        .partition(|g| g.status == GameStatus::Forming);
    let (finished, running): (Vec<_>, Vec<_>) =
        rest.into_iter().partition(|g| g.status == GameStatus::Over);
    let (csrf, cookie) = csrf(&req);
    let mut r = render(&Index {
        t: super::lang::reader(&req, Lang::En),
        csrf,
        forming,
        running,
        finished,
    });
    if let Some(c) = cookie {
        let _ = r.add_cookie(&c);
    }
    Ok(r)
}

#[derive(Template)]
#[template(path = "help.html")]
struct Help {
    t: Lang,
}

pub async fn help(req: HttpRequest) -> HttpResponse {
    render(&Help {
        t: super::lang::reader(&req, Lang::En),
    })
}

// ----- creating a game -----

#[derive(Template)]
#[template(path = "new_game.html")]
struct NewGame {
    t: Lang,
    f: Fields,
    errors: Vec<String>,
    csrf: String,
    rows: Vec<usize>,
    /// A private instance: the form asks for the creation token.
    ask_token: bool,
    /// The games the form offers (value, name), Polysleuth first.
    games: Vec<(String, String)>,
    /// A sentence for each game other than Polysleuth, beside the list.
    ruleset_hints: Vec<String>,
    /// Each such game's own fields, drawn by it.
    rule_forms: Vec<String>,
}

impl NewGame {
    /// The form in `t`, holding `f`, for the games of `master`.
    fn new(master: &Master, t: Lang, f: Fields, csrf: String, ask_token: bool) -> NewGame {
        let books = master.house_rules();
        let value = |key: &str| f.get(key).cloned().unwrap_or_default();
        let mut games = vec![(
            crate::store::Ruleset::POLYSLEUTH.as_str().to_string(),
            "Polysleuth".to_string(),
        )];
        games.extend(
            books
                .iter()
                .map(|b| (b.ruleset().as_str().to_string(), b.label(t))),
        );
        NewGame {
            games,
            ruleset_hints: books.iter().map(|b| b.hint(t)).collect(),
            rule_forms: books.iter().map(|b| b.form(t, &value)).collect(),
            t,
            f,
            errors: vec![],
            csrf,
            rows: (1..=PLAYER_ROWS).collect(),
            ask_token,
        }
    }
}

impl NewGame {
    fn v(&self, key: &str) -> String {
        self.f.get(key).cloned().unwrap_or_default()
    }
    fn checked(&self, key: &str) -> bool {
        self.f.contains_key(key)
    }
    fn selected(&self, key: &str, value: &str) -> bool {
        self.f.get(key).map(String::as_str) == Some(value)
    }
    fn row_v(&self, i: &usize, what: &str) -> String {
        self.v(&format!("player{i}_{what}"))
    }
}

pub async fn new_game_form(
    req: HttpRequest,
    master: web::Data<Master>,
    policy: web::Data<super::admission::CreateGames>,
) -> HttpResponse {
    let (token, cookie) = csrf(&req);
    let t = super::lang::reader(&req, Lang::En);
    let ask_token = matches!(**policy, super::admission::CreateGames::Token(_));
    private(
        &NewGame::new(&master, t, forms::defaults(), token, ask_token),
        cookie,
    )
}

#[derive(Template)]
#[template(path = "created.html")]
struct CreatedPage {
    t: Lang,
    c: crate::model::Created,
    /// The game waits for its game master; the page shows no game-master link.
    waiting: Option<String>,
}

pub async fn create_game(
    req: HttpRequest,
    master: web::Data<Master>,
    policy: web::Data<super::admission::CreateGames>,
    limiter: web::Data<super::admission::Limiter>,
    form: web::Form<Fields>,
) -> Page {
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    let ask_token = matches!(**policy, super::admission::CreateGames::Token(_));
    let show_again = |f: Fields, errors: Vec<crate::lang::Said>| {
        let (token, cookie) = csrf(&req);
        let t = super::lang::reader(&req, Lang::En);
        let form = NewGame {
            errors: errors.iter().map(|e| t.said(e)).collect(),
            ..NewGame::new(&master, t, f, token, ask_token)
        };
        let mut r = private(&form, cookie);
        *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
        r
    };
    let wait = match policy.admit(f.get("create_token").map(String::as_str)) {
        Ok(wait) => wait,
        Err(e) => return Ok(show_again(f, vec![e.said()])),
    };
    let mut request = match forms::parse(&f, &master.house_rules()) {
        Ok(r) => r,
        Err(errors) => return Ok(show_again(f, errors)),
    };
    if wait {
        limiter.check_maker(&req, &request)?;
    }
    request.wait_for_gm = wait;
    match super::admission::make_game(&master, request).await {
        Ok(c) => Ok(private(
            &CreatedPage {
                t: super::lang::reader(&req, Lang::En),
                c,
                waiting: wait.then(|| super::lang::reader(&req, Lang::En).t("created-waiting")),
            },
            None,
        )),
        Err(MasterError::Invalid(errors)) => Ok(show_again(f, errors)),
        Err(e) => Err(e.into()),
    }
}

// ----- public pages -----

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    t: Lang,
    g: PublicGame,
    csrf: String,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let row = master.public_game(path.into_inner()).await?;
    if super::signup::is_forming(&row) {
        return super::signup::forming_page(&master, &req, &row, None).await;
    }
    if let Some(path) =
        master.has_own_pages(row.ruleset, &crate::master::table::CorePage::Game(row.id))
    {
        return Ok(super::moved::see_other(&path));
    }
    let state = crate::games::polysleuth::service::states::parse(&row)?;
    let t = super::lang::reader(&req, row.language);
    let g = views::public_game(&master, &row, &state, t).await?;
    let (csrf, cookie) = csrf(&req);
    let mut r = render(&GamePage { t, g, csrf });
    if let Some(c) = cookie {
        let _ = r.add_cookie(&c);
    }
    Ok(r)
}

#[derive(Template)]
#[template(path = "bulletin.html")]
struct BulletinPage {
    t: Lang,
    game_id: i64,
    game_name: String,
    b: StoredBulletin,
}

/// A bulletin never changes once published: a strong ETag and immutable caching.
pub async fn bulletin(
    req: HttpRequest,
    master: web::Data<Master>,
    cache: web::Data<BulletinCache>,
    path: web::Path<(i64, String)>,
) -> Page {
    let (id, round) = path.into_inner();
    let (round, text) = match round.strip_suffix(".txt") {
        Some(r) => (r.to_string(), true),
        None => (round, false),
    };
    let round: i64 = round
        .parse()
        .map_err(|_| MasterError::NotFound(crate::said!("error-not-round", round = &round)))?;
    // The reader's own choice, or None for the game's language (known once the game is read).
    let asked = super::lang::chosen(&req).or_else(|| {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::from_accept_language)
    });
    let etag = format!(
        "\"b{id}-{round}-{}-{}\"",
        if text { "t" } else { "h" },
        asked.map_or("g", Lang::code)
    );
    if req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    let key = (id, round, text, asked);
    let body = match cache.get(&key) {
        Some(body) => body,
        None => {
            let row = master.public_game(id).await?;
            let (b, _) = master.bulletin(id, round).await?;
            let t = asked.unwrap_or(row.language);
            let body = if text {
                bulletin_text(&row, &b, t)
            } else {
                BulletinPage {
                    t,
                    game_id: id,
                    game_name: row.name,
                    b,
                }
                .render()
                .map_err(|e| MasterError::Corrupt(e.to_string()))?
            };
            cache.put(key, body)
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(if text {
            "text/plain; charset=utf-8"
        } else {
            "text/html; charset=utf-8"
        })
        .insert_header((header::ETAG, etag))
        .insert_header((header::VARY, "Accept-Language, Cookie"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(body))
}

/// A rendered bulletin: game, round, plain text or not, and the reader's language (None:
/// the game's).
type BulletinKey = (i64, i64, bool, Option<Lang>);

/// Rendered bulletins: a bulletin never changes once published, so it is drawn once per
/// language.
#[derive(Default)]
pub struct BulletinCache(
    std::sync::RwLock<std::collections::HashMap<BulletinKey, actix_web::web::Bytes>>,
);

impl BulletinCache {
    /// Bounded: when full it starts again, which costs only a re-render.
    const MAX: usize = 4096;

    fn get(&self, key: &BulletinKey) -> Option<actix_web::web::Bytes> {
        self.0.read().expect("cache lock").get(key).cloned()
    }

    fn put(&self, key: BulletinKey, body: String) -> actix_web::web::Bytes {
        let body = actix_web::web::Bytes::from(body);
        let mut map = self.0.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, body.clone());
        body
    }
}

#[derive(Template)]
#[template(path = "feed.xml")]
struct Feed {
    t: Lang,
    g: PublicGame,
    base: String,
    updated: String,
    entries: Vec<(u32, String, String)>,
}

pub async fn feed(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let id = path.into_inner();
    if super::signup::is_forming(&master.public_game(id).await?) {
        return Err(
            MasterError::NotFound(crate::said!("error-no-bulletins-yet", game = id)).into(),
        );
    }
    let row = master.public_game(id).await?;
    let t = super::lang::reader(&req, row.language);
    let g = views::public_game_by_id(&master, id, t).await?;
    let rfc = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let entries = g
        .bulletins
        .iter()
        .map(|b| {
            (
                b.round,
                rfc(b.published_at),
                bulletin_text(&row, &b.stored, t),
            )
        })
        .collect();
    let updated = rfc(g
        .bulletins
        .first()
        .map(|b| b.published_at)
        .unwrap_or(row.created_at));
    let body = Feed {
        t,
        base: master.site.link(""),
        updated,
        entries,
        g,
    }
    .render()
    .map_err(|e| MasterError::Corrupt(e.to_string()))?;
    // XML 1.0 allows no control characters but tab and line ends, whatever a name holds.
    let body: String = body
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(body))
}

// ----- observers -----

pub async fn observe(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    path: web::Path<i64>,
    form: web::Form<Fields>,
) -> Page {
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    let id = path.into_inner();
    let email = f.get("email").map(|s| s.trim()).unwrap_or("");
    limiter.check(&req, super::admission::Kind::Subscription)?;
    let t = super::lang::reader(&req, Lang::En);
    let message = match master.observe(id, email).await {
        Ok(said) => t.said(&said),
        Err(e @ MasterError::Invalid(_)) => e.worded(t),
        Err(e) => return Err(e.into()),
    };
    Ok(render(&MessagePage {
        t: super::lang::reader(&req, Lang::En),
        title: super::lang::reader(&req, Lang::En).t("observe-title"),
        message,
        form: None,
    }))
}

/// The link of the confirmation mail opens a page with a button: opening the link alone (a
/// mail scanner fetching it) confirms nothing.
pub async fn confirm_observe_form(req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    let (token, cookie) = csrf(&req);
    let _ = path;
    private(
        &MessagePage {
            t: super::lang::reader(&req, Lang::En),
            title: super::lang::reader(&req, Lang::En).t("observe-title"),
            message: super::lang::reader(&req, Lang::En).t("observe-confirm-message"),
            form: Some((
                token,
                super::lang::reader(&req, Lang::En).t("observe-confirm-button"),
            )),
        },
        cookie,
    )
}

pub async fn confirm_observe(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    check_csrf(&req, &form)?;
    let t = super::lang::reader(&req, Lang::En);
    let message = t.said(&master.confirm_observer(&path).await?);
    Ok(render(&MessagePage {
        t,
        title: t.t("observe-title"),
        message,
        form: None,
    }))
}

pub async fn unobserve_form(req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    let (token, cookie) = csrf(&req);
    let _ = path;
    private(
        &MessagePage {
            t: super::lang::reader(&req, Lang::En),
            title: super::lang::reader(&req, Lang::En).t("unobserve-title"),
            message: super::lang::reader(&req, Lang::En).t("unobserve-confirm-message"),
            form: Some((
                token,
                super::lang::reader(&req, Lang::En).t("unobserve-title"),
            )),
        },
        cookie,
    )
}

pub async fn unobserve(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    // A mail client's one-click unsubscribe (RFC 8058) posts only this field; the signed
    // token in the path is the proof, as it is for the form.
    let one_click = form
        .get("List-Unsubscribe")
        .is_some_and(|v| v == "One-Click");
    if !one_click {
        check_csrf(&req, &form)?;
    }
    let t = super::lang::reader(&req, Lang::En);
    let message = t.said(&master.unobserve(&path).await?);
    Ok(render(&MessagePage {
        t,
        title: t.t("unobserve-done-title"),
        message,
        form: None,
    }))
}
