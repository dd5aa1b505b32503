//! HTML pages. Each handler reads like the user's action and renders a view.

use std::collections::BTreeMap;

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::error::PageError;
use super::forms::{self, Fields, PLAYER_ROWS};
use super::views::{self, Builder, GmView, PlayerView, PublicGame};
use crate::deduce::Method;
use crate::mail::bulletin_text;
use crate::master::{GmAction, Master, MasterError, Seat, StoredBulletin, TurnReply};
use crate::rules::LineError;

type Page = Result<HttpResponse, PageError>;

pub fn render_status<T: Template>(code: StatusCode, t: &T) -> HttpResponse {
    match t.render() {
        Ok(body) => HttpResponse::build(code)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(e) => {
            tracing::error!("template: {e}");
            HttpResponse::InternalServerError().body("the page could not be drawn")
        }
    }
}

fn render<T: Template>(t: &T) -> HttpResponse {
    render_status(StatusCode::OK, t)
}

/// Pages with secrets in their address must not be cached by anyone.
fn private<T: Template>(t: &T, csrf: Option<Cookie<'static>>) -> HttpResponse {
    let mut r = render(t);
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    if let Some(c) = csrf {
        let _ = r.add_cookie(&c);
    }
    r
}

// ----- cross-site request forgery: a double-submit cookie checked on every form post -----

const CSRF_COOKIE: &str = "polysleuth_csrf";
const CSRF_HOST_COOKIE: &str = "__Host-polysleuth_csrf";

/// The form token for this browser, and the cookie to set when it has none yet.
/// The CSRF cookie's name: behind https a `__Host-` cookie, which no other site (a sibling
/// subdomain included) can set.
fn csrf_cookie_name(master: &Master) -> &'static str {
    if master.https() {
        CSRF_HOST_COOKIE
    } else {
        CSRF_COOKIE
    }
}

fn master_of(req: &HttpRequest) -> &Master {
    req.app_data::<web::Data<Master>>()
        .expect("the master is the app's data")
}

/// The form's CSRF token and, for a new visitor, the cookie to set. The token is the
/// service's signature of the cookie: an attacker who manages to set a cookie still cannot
/// write a token that matches it.
fn csrf(req: &HttpRequest) -> (String, Option<Cookie<'static>>) {
    let master = master_of(req);
    let name = csrf_cookie_name(master);
    if let Some(c) = req.cookie(name) {
        if c.value().len() == 32 {
            return (master.sign_text("csrf", c.value()), None);
        }
    }
    let value = crate::keys::new_key();
    let cookie = Cookie::build(name, value.clone())
        .path("/")
        .http_only(true)
        .secure(master.https())
        .same_site(SameSite::Strict)
        .finish();
    (master.sign_text("csrf", &value), Some(cookie))
}

fn check_csrf(req: &HttpRequest, form: &Fields) -> Result<(), PageError> {
    let master = master_of(req);
    let cookie = req
        .cookie(csrf_cookie_name(master))
        .map(|c| c.value().to_string())
        .unwrap_or_default();
    let sent = form.get("csrf").map(String::as_str).unwrap_or("");
    let expected = master.sign_text("csrf", &cookie);
    let same = !cookie.is_empty()
        && bool::from(subtle::ConstantTimeEq::ct_eq(
            sent.as_bytes(),
            expected.as_bytes(),
        ));
    if same {
        Ok(())
    } else {
        Err(PageError(MasterError::Conflict(
            "this form has expired or came from another site; reload the page and send it again"
                .into(),
        )))
    }
}

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

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage<'a> {
    pub title: &'a str,
    pub message: &'a str,
}

// ----- index and help -----

#[derive(Template)]
#[template(path = "index.html")]
struct Index {
    games: Vec<(i64, String, String, i64)>,
}

pub async fn index(master: web::Data<Master>) -> Page {
    let games = master
        .store
        .listed_games()
        .await
        .map_err(MasterError::from)?
        .into_iter()
        .map(|g| (g.id, g.name, g.status, g.round))
        .collect();
    Ok(render(&Index { games }))
}

#[derive(Template)]
#[template(path = "help.html")]
struct Help;

pub async fn help() -> HttpResponse {
    render(&Help)
}

// ----- creating a game -----

#[derive(Template)]
#[template(path = "new_game.html")]
struct NewGame {
    f: Fields,
    errors: Vec<String>,
    csrf: String,
    rows: Vec<usize>,
    /// A private instance: the form asks for the creation token.
    ask_token: bool,
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
    policy: web::Data<super::admission::CreateGames>,
) -> HttpResponse {
    let (token, cookie) = csrf(&req);
    private(
        &NewGame {
            f: forms::defaults(),
            errors: vec![],
            csrf: token,
            rows: (1..=PLAYER_ROWS).collect(),
            ask_token: matches!(**policy, super::admission::CreateGames::Token(_)),
        },
        cookie,
    )
}

#[derive(Template)]
#[template(path = "created.html")]
struct CreatedPage {
    c: crate::master::Created,
    /// The game waits for its game master; the page shows no game-master link.
    waiting: Option<&'static str>,
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
    let show_again = |f: Fields, errors: Vec<String>| {
        let (token, cookie) = csrf(&req);
        let mut r = private(
            &NewGame {
                f,
                errors,
                csrf: token,
                rows: (1..=PLAYER_ROWS).collect(),
                ask_token,
            },
            cookie,
        );
        *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
        r
    };
    let wait = match policy.admit(f.get("create_token").map(String::as_str)) {
        Ok(wait) => wait,
        Err(e) => return Ok(show_again(f, vec![e.to_string()])),
    };
    let mut request = match forms::parse(&f) {
        Ok(r) => r,
        Err(errors) => return Ok(show_again(f, errors)),
    };
    if wait {
        limiter.check(&req, super::admission::Kind::Game)?;
    }
    request.wait_for_gm = wait;
    match super::admission::make_game(&master, request).await {
        Ok(c) => Ok(private(
            &CreatedPage {
                c,
                waiting: wait.then_some(super::admission::WAITING),
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
    g: PublicGame,
    csrf: String,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let g = views::public_game_by_id(&master, path.into_inner()).await?;
    let (csrf, cookie) = csrf(&req);
    let mut r = render(&GamePage { g, csrf });
    if let Some(c) = cookie {
        let _ = r.add_cookie(&c);
    }
    Ok(r)
}

#[derive(Template)]
#[template(path = "bulletin.html")]
struct BulletinPage {
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
        .map_err(|_| MasterError::NotFound(format!("\"{round}\" is not a round number")))?;
    let etag = format!("\"b{id}-{round}-{}\"", if text { "t" } else { "h" });
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
    let key = (id, round, text);
    let body = match cache.get(&key) {
        Some(body) => body,
        None => {
            let row = master.public_game(id).await?;
            let (b, _) = master.bulletin(id, round).await?;
            let body = if text {
                bulletin_text(&row, &b)
            } else {
                BulletinPage {
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
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(body))
}

/// Rendered bulletins: a bulletin never changes once published, so it is drawn once.
#[derive(Default)]
pub struct BulletinCache(
    std::sync::RwLock<std::collections::HashMap<(i64, i64, bool), actix_web::web::Bytes>>,
);

impl BulletinCache {
    /// Bounded: when full it starts again, which costs only a re-render.
    const MAX: usize = 4096;

    fn get(&self, key: &(i64, i64, bool)) -> Option<actix_web::web::Bytes> {
        self.0.read().expect("cache lock").get(key).cloned()
    }

    fn put(&self, key: (i64, i64, bool), body: String) -> actix_web::web::Bytes {
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
    g: PublicGame,
    base: String,
    updated: String,
    entries: Vec<(u32, String, String)>,
}

pub async fn feed(master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let id = path.into_inner();
    let g = views::public_game_by_id(&master, id).await?;
    let row = master.public_game(id).await?;
    let rfc = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let entries = g
        .bulletins
        .iter()
        .map(|b| (b.round, rfc(b.published_at), bulletin_text(&row, &b.stored)))
        .collect();
    let updated = rfc(g
        .bulletins
        .first()
        .map(|b| b.published_at)
        .unwrap_or(row.created_at));
    let body = Feed {
        base: master.link(""),
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

// ----- the player's page -----

#[derive(Template)]
#[template(path = "play.html")]
struct PlayPage {
    v: PlayerView,
    b: Builder,
    text: String,
    notice: Option<String>,
    errors: Vec<LineError>,
    csrf: String,
    markup: u32,
    me: usize,
}

async fn play_page(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    text: Option<String>,
    notice: Option<String>,
    errors: Vec<LineError>,
) -> Page {
    let seat = master.seat(token).await?;
    let v = views::player_view(master, &seat).await?;
    Ok(render_play(req, &seat, v, text, notice, errors))
}

fn render_play(
    req: &HttpRequest,
    seat: &Seat,
    v: PlayerView,
    text: Option<String>,
    notice: Option<String>,
    errors: Vec<LineError>,
) -> HttpResponse {
    let text = text.unwrap_or_else(|| v.turn.as_ref().map(|t| t.text.clone()).unwrap_or_default());
    let (csrf_token, cookie) = csrf(req);
    private(
        &PlayPage {
            b: Builder::new(&v, &text),
            v,
            text,
            notice,
            errors,
            csrf: csrf_token,
            markup: seat.state.settings.one_trait_markup,
            me: seat.player.seat as usize,
        },
        cookie,
    )
}

pub async fn play(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    play_page(&master, &req, &path, None, None, vec![]).await
}

/// Adds the line the builder describes to the text, without sending the turn.
async fn add_line(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    kind: &str,
    f: &Fields,
    text: String,
) -> Page {
    let seat = master.seat(token).await?;
    let v = views::player_view(master, &seat).await?;
    let field = |k: &str| f.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
    Ok(match Builder::new(&v, &text).line(kind, &field) {
        Ok(line) => {
            let notice = format!("Added \"{line}\". Send your turn when it is complete.");
            render_play(
                req,
                &seat,
                v,
                Some(with_line(&text, &line)),
                Some(notice),
                vec![],
            )
        }
        Err(problem) => render_play(req, &seat, v, Some(text), Some(problem), vec![]),
    })
}

fn with_line(text: &str, line: &str) -> String {
    let t = text.trim_end();
    if t.is_empty() {
        line.to_string()
    } else {
        format!("{t}\n{line}")
    }
}

fn has_word(text: &str, word: &str) -> bool {
    text.lines().any(|l| {
        l.trim()
            .trim_end_matches(['.', '!'])
            .eq_ignore_ascii_case(word)
    })
}

pub async fn play_action(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let token = path.into_inner();
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    let text = f
        .get("text")
        .cloned()
        .unwrap_or_default()
        .replace("\r\n", "\n");
    let action = f.get("action").map(String::as_str).unwrap_or("send");
    let to_send = match action {
        "add_guess" => return add_line(&master, &req, &token, "guess", &f, text).await,
        "add_question" => return add_line(&master, &req, &token, "question", &f, text).await,
        "clear" => {
            master.clear_turn(&token).await?;
            return play_page(
                &master,
                &req,
                &token,
                Some(String::new()),
                Some("Your turn for this round is withdrawn.".into()),
                vec![],
            )
            .await;
        }
        "ready" if !has_word(&text, "ready") => with_line(&text, "ready"),
        "done" if !has_word(&text, "done") => with_line(&text, "done"),
        _ => text,
    };
    match master.submit_turn(&token, &to_send).await? {
        TurnReply::Accepted { text, ready, .. } => {
            let notice = if ready {
                "Turn accepted and marked ready."
            } else {
                "Turn accepted. Add \"ready\" (or press Ready) when it is final."
            };
            play_page(
                &master,
                &req,
                &token,
                Some(text),
                Some(notice.into()),
                vec![],
            )
            .await
        }
        TurnReply::Rejected { errors, kept, .. } => {
            let notice = match kept {
                Some(_) => "Your turn was NOT accepted; the turn you sent before stays in force. Fix the lines marked below.",
                None => "Your turn was NOT accepted. Fix the lines marked below.",
            };
            play_page(
                &master,
                &req,
                &token,
                Some(to_send),
                Some(notice.into()),
                errors,
            )
            .await
        }
        TurnReply::Cleared { .. } => play_page(&master, &req, &token, None, None, vec![]).await,
    }
}

// ----- the game master's page -----

#[derive(Template)]
#[template(path = "gm.html")]
struct GmPage {
    v: GmView,
    notice: Option<String>,
    csrf: String,
}

async fn gm_page(master: &Master, req: &HttpRequest, token: &str, notice: Option<String>) -> Page {
    let row = master.gm_game(token).await?;
    let v = views::gm_view(master, &row).await?;
    let (csrf_token, cookie) = csrf(req);
    Ok(private(
        &GmPage {
            v,
            notice,
            csrf: csrf_token,
        },
        cookie,
    ))
}

pub async fn gm(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    gm_page(&master, &req, &path, None).await
}

pub fn parse_gm_action(f: &BTreeMap<String, String>) -> Result<GmAction, MasterError> {
    let get = |k: &str| f.get(k).map(|s| s.trim()).unwrap_or("");
    Ok(match get("action") {
        "resolve" => GmAction::ResolveNow,
        "start" => GmAction::Start,
        "pause" => GmAction::Pause,
        "resume" => GmAction::Resume,
        "end" => {
            // The form's box sends "yes"; the API takes true or "yes". Anything else,
            // `false` or "no" included, is no confirmation.
            if !matches!(
                get("confirm").to_ascii_lowercase().as_str(),
                "yes" | "true" | "on"
            ) {
                return Err(MasterError::Invalid(vec![
                    "tick the box to confirm that the game should end now".into(),
                ]));
            }
            GmAction::End
        }
        "extend" => GmAction::Extend {
            hours: get("hours").parse().map_err(|_| {
                MasterError::Invalid(vec![format!(
                    "\"{}\" is not a number of hours",
                    get("hours")
                )])
            })?,
        },
        "reminders" => GmAction::Reminders {
            hours: crate::master::parse_reminder_hours(get("reminder_hours"))
                .map_err(|e| MasterError::Invalid(vec![e]))?,
        },
        "newlink" => GmAction::NewLink {
            seat: get("seat").parse().map_err(|_| {
                MasterError::Invalid(vec!["choose the player who gets a new link".into()])
            })?,
        },
        "done" => GmAction::MarkDone {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec!["choose the player to mark done".into()]))?,
        },
        other => {
            return Err(MasterError::Invalid(vec![format!(
                "\"{other}\" is not an action of the game master"
            )]))
        }
    })
}

pub async fn gm_action(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let token = path.into_inner();
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    let said = match parse_gm_action(&f) {
        Ok(action) => match super::admission::gm_action(&master, &limiter, &token, action).await {
            Ok(said) => said,
            Err(
                e @ (MasterError::Invalid(_) | MasterError::Conflict(_) | MasterError::TooMany(_)),
            ) => e.to_string(),
            Err(e) => return Err(e.into()),
        },
        Err(e) => e.to_string(),
    };
    gm_page(&master, &req, &token, Some(said)).await
}

// ----- observers -----

#[derive(Template)]
#[template(path = "message.html")]
struct MessagePage {
    title: String,
    message: String,
    form: Option<(String, String)>,
}

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
    let message = match master.observe(id, email).await {
        Ok(said) => said,
        Err(MasterError::Invalid(problems)) => problems.join("; "),
        Err(e) => return Err(e.into()),
    };
    Ok(render(&MessagePage {
        title: "Bulletins by mail".into(),
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
            title: "Bulletins by mail".into(),
            message: "Press the button to receive this game's public bulletins by mail.".into(),
            form: Some((token, "Send me the bulletins".into())),
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
    let message = master.confirm_observer(&path).await?;
    Ok(render(&MessagePage {
        title: "Bulletins by mail".into(),
        message,
        form: None,
    }))
}

pub async fn unobserve_form(req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    let (token, cookie) = csrf(&req);
    let _ = path;
    private(
        &MessagePage {
            title: "Stop the bulletins".into(),
            message: "Press the button to stop receiving this game's bulletins by mail.".into(),
            form: Some((token, "Stop the bulletins".into())),
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
    let message = master.unobserve(&path).await?;
    Ok(render(&MessagePage {
        title: "Stopped".into(),
        message,
        form: None,
    }))
}
