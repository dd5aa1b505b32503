//! The public pages and the new-game form. Each handler reads like the user's action and
//! renders a view; the player's page is `play`, the game master's `gm`.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::csrf::{check_csrf, csrf};
use super::forms::{self, Fields, PLAYER_ROWS};
use super::render::{private, render};
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

/// Any address no route takes: the error page in the reader's language (JSON under `/api/`),
/// not an empty answer.
pub async fn not_found(req: actix_web::HttpRequest) -> HttpResponse {
    let e = crate::master::MasterError::NotFound(crate::said!("error-no-such-page"));
    match req.path().starts_with("/api/") {
        true => actix_web::ResponseError::error_response(&super::error::ApiError(e)),
        false => actix_web::ResponseError::error_response(&super::error::PageError(e)),
    }
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
    /// The games the service runs, from the registry: (anchor on the help page, title).
    games: Vec<(String, String)>,
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
    let t = super::lang::reader(&req, Lang::En);
    let mut r = render(&Index {
        games: crate::games::ALL
            .iter()
            .map(|g| (g.name().to_string(), g.title_in(t)))
            .collect(),
        t,
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
    /// Each game the service runs, from the registry: (anchor, title, how to play it).
    games: Vec<(String, String, String)>,
}

pub async fn help(req: HttpRequest) -> HttpResponse {
    let t = super::lang::reader(&req, Lang::En);
    let games = crate::games::ALL
        .iter()
        .map(|g| (g.name().to_string(), g.title_in(t), g.help(t)))
        .collect();
    render(&Help { t, games })
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
    /// The games the form offers (value, name), in the registry's order.
    games: Vec<(String, String)>,
    /// A sentence for each game that has one, beside the list.
    ruleset_hints: Vec<String>,
    /// Each game's own fields, drawn by it, with its value in the list of games (the page's
    /// script shows the chosen game's alone).
    rule_forms: Vec<(&'static str, String)>,
}

impl NewGame {
    /// The form in `t`, holding `f`, for the games of `master`.
    fn new(master: &Master, t: Lang, f: Fields, csrf: String, ask_token: bool) -> NewGame {
        let books = master.house_rules();
        let value = |key: &str| f.get(key).cloned().unwrap_or_default();
        let games = books
            .iter()
            .map(|b| (b.ruleset().as_str().to_string(), b.label(t)))
            .collect();
        NewGame {
            games,
            ruleset_hints: books.iter().filter_map(|b| b.hint(t)).collect(),
            rule_forms: books
                .iter()
                .map(|b| (b.ruleset().as_str(), b.form(t, &value)))
                .collect(),
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
        &NewGame::new(
            &master,
            t,
            forms::defaults(&master.house_rules()),
            token,
            ask_token,
        ),
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
    let gm_email = request.gm_email.clone();
    match super::admission::make_game(&master, request).await {
        Ok(c) => {
            let t = super::lang::reader(&req, Lang::En);
            Ok(private(
                &CreatedPage {
                    t,
                    c,
                    waiting: wait
                        .then(|| t.t1("created-waiting-for", "address", gm_email.as_str())),
                },
                None,
            ))
        }
        Err(MasterError::Invalid(errors)) => Ok(show_again(f, errors)),
        Err(e) => Err(e.into()),
    }
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
