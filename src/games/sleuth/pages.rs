//! The pages of a classic game: the public table and its Atom feed, a player's page with the
//! question builder (only questions their Search cards allow) and the accusation form, the
//! game master's page, and the JSON API beside them. Polysleuth's own pages send a classic
//! game's readers here.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::view::{header, own, table, OwnView, SheetCache, TableView};
use crate::games::sleuth::service::Answer;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::GameStatus;
use crate::web::csrf::csrf;
use crate::web::error::Page;
use crate::web::forms::Fields;
use crate::web::frame::{Banner, Header};
use crate::web::play_form::PlayForm;
use crate::web::render::private;

#[derive(Template)]
#[template(path = "games/sleuth/game.html")]
struct GamePage {
    t: Lang,
    g: TableView,
}

#[derive(Template)]
#[template(path = "games/sleuth/play.html")]
struct PlayPage {
    t: Lang,
    g: TableView,
    o: OwnView,
    h: Header,
    csrf: String,
    banner: Option<Banner>,
    text: String,
}

#[derive(Template)]
#[template(path = "games/sleuth/gm.html")]
struct GmPage {
    t: Lang,
    g: TableView,
    csrf: String,
    banner: Option<Banner>,
    paused: bool,
    unconfirmed: bool,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.classic_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, &row.time_zone);
    Ok(crate::web::render::render(&GamePage { t, g }))
}

/// One entry per turn, newest first: its public lines.
pub async fn feed(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.classic_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, &row.time_zone);
    // A turn's entry last changed when the next turn began; the newest turn's, when the log
    // last grew (an accusation between turns, or the end, comes after the turn began).
    let last = (state.began_at.iter().copied())
        .chain([state.changed_at, row.created_at])
        .max()
        .unwrap_or(row.created_at);
    let at = |turn: u32| state.began_at.get(turn as usize).copied().unwrap_or(last);
    let entries = (g.log.iter())
        .map(|l| crate::web::feed::Entry {
            turn: l.turn,
            at: at(l.turn),
            text: l.lines.join("\n"),
        })
        .collect();
    let page = master.site.link(&format!("/classic/games/{}", row.id));
    Ok(crate::web::feed::turns_feed(
        t,
        &format!("Sleuth: {}", row.name),
        &page,
        entries,
        last,
    )?)
}

async fn play_page(
    req: &HttpRequest,
    master: &Master,
    sheets: &web::Data<SheetCache>,
    token: &str,
    banner: Option<Banner>,
    text: String,
) -> Page {
    let seat = master.classic_seat(token).await?;
    let t = seat.player.lang(&seat.game);
    crate::web::lang::settle(t);
    let zone = seat.player.zone(&seat.game).to_string();
    let s = seat.player.seat as usize;
    // The sheet may take a few hundred milliseconds the first time: off the async workers.
    let (sheets, digest, game) = (sheets.clone(), seat.player.digest, seat.game.clone());
    let state = seat.state;
    let (o, g, h) = web::block(move || {
        let o = own(t, &state, s, digest, &sheets, game.id);
        let h = header(t, &game, &state, s, &zone);
        (o, table(t, &game, &state, &zone), h)
    })
    .await
    .map_err(|e| MasterError::Corrupt(format!("the page could not be drawn: {e}")))?;
    let (csrf, cookie) = csrf(req);
    Ok(private(
        &PlayPage {
            t,
            g,
            o,
            h,
            csrf,
            banner,
            text,
        },
        cookie,
    ))
}

pub async fn play(
    req: HttpRequest,
    master: web::Data<Master>,
    sheets: web::Data<SheetCache>,
    path: web::Path<String>,
) -> Page {
    play_page(&req, &master, &sheets, &path, None, String::new()).await
}

pub async fn play_action(
    req: HttpRequest,
    master: web::Data<Master>,
    sheets: web::Data<SheetCache>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let form = PlayForm::read(&req, &master, path, form).await?;
    let (token, player, t) = (&form.token, &form.player, form.t);
    let get = |k: &str| form.get(k);
    let text = match get("action").as_str() {
        "ask" => {
            let mut text = format!("ask {} {}", get("q_target"), get("q_question"));
            // With `two_questions`, the builder's second question is a second line.
            if !get("q_question_2").is_empty() {
                text += &format!("\nask {} {}", get("q_target_2"), get("q_question_2"));
            }
            text
        }
        "final" => format!("final ask {} {}", get("f_target"), get("f_question")),
        "accuse" if !crate::web::frame::ticked(&form.fields) => {
            // An accusation cannot be undone: a wrong one puts the player out.
            let banner = Banner::refused(t.t("classic-accuse-untick"));
            return play_page(&req, &master, &sheets, token, Some(banner), String::new()).await;
        }
        "accuse" => {
            // One choice per missing gem: `accused`, `accused_2`, `accused_3`.
            let named: Vec<String> = ["accused", "accused_2", "accused_3"]
                .iter()
                .map(|k| get(k))
                .filter(|c| !c.is_empty())
                .collect();
            format!("accuse {}", named.join(", "))
        }
        "digest_on" | "digest_off" => {
            let on = get("action") == "digest_on";
            master.classic_digest(player, on).await?;
            // A command like any other: it brings back a player skipped for idleness, as the
            // same command by mail does (kept in the record as its words).
            let words = if on { "digest on" } else { "digest off" };
            master.classic_heard_from(player, words).await?;
            let said = t.t(if on {
                "classic-digest-on"
            } else {
                "classic-digest-off"
            });
            return play_page(
                &req,
                &master,
                &sheets,
                token,
                Some(Banner::done(said)),
                String::new(),
            )
            .await;
        }
        _ => get("text"),
    };
    match master.classic_command(player, &text).await? {
        Answer::Done(lines) => {
            let banner = Banner::done(t.t("classic-done")).with_lines(lines);
            play_page(&req, &master, &sheets, token, Some(banner), String::new()).await
        }
        Answer::Refused(errors) => {
            let banner = Banner::refused(t.t("classic-refused")).with_lines(errors);
            play_page(&req, &master, &sheets, token, Some(banner), text).await
        }
    }
}

/// Classic Sleuth's game master page, drawn in the core's frame (`web::gm::GmDraw`).
pub struct Gm;

impl crate::web::gm::GmDraw for Gm {
    fn draw(
        row: &crate::store::GameRow,
        t: Lang,
        banner: Option<Banner>,
        csrf: String,
    ) -> Result<impl Template, crate::web::error::PageError> {
        let state = crate::games::sleuth::service::parse(row)?;
        Ok(GmPage {
            t,
            g: table(t, row, &state, &row.time_zone),
            csrf,
            banner,
            paused: row.status == GameStatus::Paused,
            unconfirmed: row.status == GameStatus::Unconfirmed,
        })
    }
}

/// `GET /api/classic/games/{id}`: the public table as JSON.
pub async fn api_game(
    master: web::Data<Master>,
    path: web::Path<i64>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let (row, state) = master.classic_game(path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(public_json(&row, &state)))
}

/// The public table with its turn's clock: `deadline` (epoch seconds, none while paused or
/// when nobody is to play) and `paused`.
fn public_json(
    row: &crate::store::GameRow,
    state: &crate::games::sleuth::rules::Sleuth,
) -> serde_json::Value {
    let mut out = serde_json::to_value(state.public()).expect("the public table serialises");
    let paused = row.status == crate::store::GameStatus::Paused;
    out["deadline"] = serde_json::json!(row.turn_deadline.filter(|_| !state.over && !paused));
    out["paused"] = serde_json::json!(paused);
    out
}

/// `GET /api/classic/play/{token}`: the player's own view and the public table.
pub async fn api_player(
    master: web::Data<Master>,
    path: web::Path<String>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let seat = master.classic_seat(&path).await?;
    let s = seat.player.seat as usize;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({
            "own": seat.state.own(s),
            "game": public_json(&seat.game, &seat.state),
        })))
}

#[derive(Deserialize)]
pub struct CommandBody {
    pub text: String,
}

/// `POST /api/classic/play/{token}` with `{"text": "…"}`: 200 done, 422 with every problem.
pub async fn api_command(
    master: web::Data<Master>,
    path: web::Path<String>,
    body: web::Json<CommandBody>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let player = master.authenticate(&path).await?;
    Ok(match master.classic_command(&player, &body.text).await? {
        Answer::Done(said) => {
            HttpResponse::Ok().json(serde_json::json!({"accepted": true, "said": said}))
        }
        Answer::Refused(errors) => HttpResponse::UnprocessableEntity()
            .json(serde_json::json!({"accepted": false, "errors": errors})),
    })
}

/// Classic Sleuth's pages and API, with the sheets they keep on one server (`games::Game::web`):
/// its own routes go before the core's, so its `/api/classic` scope is found first.
pub fn routes() -> crate::games::WebRoutes {
    let sheets = web::Data::new(SheetCache::default());
    std::sync::Arc::new(move |cfg: &mut web::ServiceConfig| {
        cfg.app_data(sheets.clone())
            .service(
                web::scope("/api/classic")
                    .route("/games/{id}", web::get().to(api_game))
                    .route("/play/{token}", web::get().to(api_player))
                    .route("/play/{token}", web::post().to(api_command)),
            )
            .route("/classic/games/{id}", web::get().to(game))
            .route("/classic/games/{id}/feed.atom", web::get().to(feed))
            .route("/classic/play/{token}", web::get().to(play))
            .route("/classic/play/{token}", web::post().to(play_action))
            .service(crate::web::gm::resource::<Gm>("/classic/gm/{token}"));
    })
}
