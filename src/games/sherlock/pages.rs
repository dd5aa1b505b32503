//! The pages of a game of Sherlock Solitaire: the public table, a player's page in the frame
//! every game shares (the hand with every legal play as a button, the ability's choice asked
//! in place, the plays lined up and undoable until sent, the text box), the game master's page,
//! and the JSON API beside them. The core's pages send a Sherlock game's readers here.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::page_view::{own, table, OwnView, TableView};
use super::replay::Replied;
use super::stored::Stored;
use super::words::event;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::{GameRow, GameStatus};
use crate::web::csrf::csrf;
use crate::web::error::Page;
use crate::web::forms::Fields;
use crate::web::frame::{Banner, Header};
use crate::web::play_form::PlayForm;
use crate::web::render::private;

#[derive(Template)]
#[template(path = "games/sherlock/game.html")]
struct GamePage {
    t: Lang,
    g: TableView,
}

#[derive(Template)]
#[template(path = "games/sherlock/play.html")]
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
#[template(path = "games/sherlock/gm.html")]
struct GmPage {
    t: Lang,
    g: TableView,
    csrf: String,
    banner: Option<Banner>,
    paused: bool,
    unconfirmed: bool,
    clock: bool,
    seats: Vec<String>,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.sherlock_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, &state.game, None, &row.time_zone);
    Ok(crate::web::render::render(&GamePage { t, g }))
}

/// `GET /sherlock/games/{id}/feed.atom`: one entry per turn, newest first, its public lines.
pub async fn feed(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.sherlock_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, &state.game, None, &row.time_zone);
    let page = master.site.link(&format!("/sherlock/games/{}", row.id));
    Ok(crate::web::feed::log_feed(
        t,
        &format!("Sherlock Solitaire: {}", row.name),
        &page,
        &g.log,
        &state.began_at,
        row.created_at,
    )?)
}

/// The frame's header of a player's page.
fn header(t: Lang, row: &GameRow, g: &Stored, o: &OwnView, zone: &str) -> Header {
    let paused = row.status == GameStatus::Paused;
    let now = match () {
        _ if g.over() => t.t("frame-over"),
        _ if paused => t.t("frame-paused"),
        _ => t.tr(
            "sherlock-now",
            [
                ("turn", (g.game.turn as i64).into()),
                ("limit", (g.game.settings.turn_limit() as i64).into()),
                (
                    "detective",
                    super::words::detective(t, g.game.detective()).into(),
                ),
            ],
        ),
    };
    let can = match () {
        _ if g.over() => t.t("sherlock-can-over"),
        _ if !o.mine => super::letters::whose_turn(t, g, 99),
        _ if o.choice.is_some() => t.t("sherlock-can-choose"),
        _ if o.turn_ends => t.t("sherlock-can-send"),
        _ => t.t("sherlock-can-play"),
    };
    Header {
        me: o.me.clone(),
        game: row.name.clone(),
        game_href: format!("/sherlock/games/{}", row.id),
        ruleset: t.t("sherlock-ruleset"),
        rules_href: crate::web::frame::rules_href("sherlock", t),
        now,
        deadline: row
            .turn_deadline
            .filter(|_| !g.over() && !paused)
            .map(|at| (at, t.time(at, crate::mail::zone(zone)))),
        can,
    }
}

async fn play_page(
    req: &HttpRequest,
    master: &Master,
    token: &str,
    banner: Option<Banner>,
    text: String,
) -> Page {
    let seat = master.sherlock_seat(token).await?;
    let t = seat.player.lang(&seat.game);
    crate::web::lang::settle(t);
    let s = seat.player.seat as usize;
    let state = &seat.state;
    let mine = !state.over() && state.seat_on_turn() == s;
    // The player on turn sees the game after the plays they lined up; anyone else, as stored.
    let (game, done) = match mine {
        true => state.preview(),
        false => (state.game.clone(), Replied::default()),
    };
    let o = own(t, state, &game, &done, s);
    // Times in the reader's own zone (`timezone`), else the game's.
    let zone = seat.player.zone(&seat.game).to_string();
    let h = header(t, &seat.game, state, &o, &zone);
    let g = table(t, &seat.game, state, &game, Some(s), &zone);
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

pub async fn play(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    play_page(&req, &master, &path, None, String::new()).await
}

/// The banner of a reply carried out, in the player's words.
pub fn banner(t: Lang, done: &Replied) -> Banner {
    let mut lines: Vec<String> = done.events().map(|e| event(t, e)).collect();
    // Lines after the game's end are not played, and the player is told which (RULES §7).
    if !done.ignored.is_empty() {
        lines.push(t.t1("sherlock-mail-ignored", "lines", done.ignored.join(", ")));
    }
    match super::words::refused(t, done) {
        None => Banner::done(t.t("sherlock-done")).with_lines(lines),
        Some((line, why)) => {
            lines.push(t.t2("sherlock-refused-line", "line", line, "why", why));
            Banner::refused(t.t("sherlock-refused")).with_lines(lines)
        }
    }
}

pub async fn play_action(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let form = PlayForm::read(&req, &master, path, form).await?;
    let (token, player, t) = (&form.token, &form.player, form.t);
    let get = |k: &str| form.get(k);
    let (banner, kept) = match get("action").as_str() {
        "line" => match master.sherlock_line_up(player, &get("line")).await? {
            Ok(None) => (None, String::new()),
            Ok(Some(done)) => (Some(banner(t, &done)), String::new()),
            Err(why) => (
                Some(Banner::refused(t.t2(
                    "sherlock-refused-line",
                    "line",
                    get("line").as_str(),
                    "why",
                    super::words::why(t, &why),
                ))),
                String::new(),
            ),
        },
        "undo" => match master.sherlock_undo(player).await? {
            true => (Some(Banner::done(t.t("sherlock-undone"))), String::new()),
            false => (
                Some(Banner::refused(t.t("sherlock-nothing-to-undo"))),
                String::new(),
            ),
        },
        "send" => {
            let done = master.sherlock_reply(player, "", true).await?;
            (Some(banner(t, &done)), String::new())
        }
        _ => {
            let text = get("text");
            let done = master.sherlock_reply(player, &text, true).await?;
            let kept = match done.refused() {
                Some(_) => text,
                None => String::new(),
            };
            (Some(banner(t, &done)), kept)
        }
    };
    play_page(&req, &master, token, banner, kept).await
}

/// Sherlock Solitaire's game master page, drawn in the core's frame (`web::gm::GmDraw`).
pub struct Gm;

impl crate::web::gm::GmDraw for Gm {
    fn draw(
        row: &GameRow,
        t: Lang,
        banner: Option<Banner>,
        csrf: String,
    ) -> Result<impl Template, crate::web::error::PageError> {
        let state = super::service::parse(row)?;
        Ok(GmPage {
            t,
            g: table(t, row, &state, &state.game, None, &row.time_zone),
            csrf,
            banner,
            paused: row.status == GameStatus::Paused,
            unconfirmed: row.status == GameStatus::Unconfirmed,
            clock: row.round_seconds > 0,
            seats: state.players.clone(),
        })
    }
}

/// The public table as JSON, with the turn's clock and the log as onlookers see it.
fn public_json(row: &GameRow, g: &Stored) -> serde_json::Value {
    let mut out = serde_json::to_value(g.game.public_view()).expect("the table serialises");
    let paused = row.status == GameStatus::Paused;
    out["players"] = serde_json::json!(g.players);
    out["on_turn"] = serde_json::json!((!g.over()).then(|| g.players[g.seat_on_turn()].clone()));
    out["settings"] = serde_json::json!(g.game.settings);
    out["deadline"] = serde_json::json!(row.turn_deadline.filter(|_| !g.over() && !paused));
    out["paused"] = serde_json::json!(paused);
    out["daily"] = serde_json::json!(g.daily);
    // A daily case's deck waits for its day to end.
    if g.daily.as_deref().is_some_and(|d| !super::day::ended(d)) {
        out["deck"] = serde_json::Value::Null;
    }
    out["log"] = serde_json::json!(g
        .log
        .iter()
        .map(|l| serde_json::json!({
            "turn": l.turn,
            "events": l.events.iter().map(super::view::event_for_onlooker).collect::<Vec<_>>(),
        }))
        .collect::<Vec<_>>());
    out
}

/// `GET /api/sherlock/games/{id}`: the public table as JSON.
pub async fn api_game(
    master: web::Data<Master>,
    path: web::Path<i64>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let (row, state) = master.sherlock_game(path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(public_json(&row, &state)))
}

/// `GET /api/sherlock/play/{token}`: the player's own view (on their turn: the hand, the
/// choice waiting, the plays open and lined up) and the public table.
pub async fn api_player(
    master: web::Data<Master>,
    path: web::Path<String>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let seat = master.sherlock_seat(&path).await?;
    let s = seat.player.seat as usize;
    let state = &seat.state;
    let mine = !state.over() && state.seat_on_turn() == s;
    let own = match mine {
        true => {
            let mut lines = super::solver::legal_lines(&state.game);
            if state.game.may_redraw() {
                lines.insert(0, "redraw".into());
            }
            serde_json::json!({
                "your_turn": true,
                "view": state.game.private_view(),
                "legal": lines,
                "pending": state.pending,
            })
        }
        false => serde_json::json!({"your_turn": false}),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({"own": own, "game": public_json(&seat.game, state)})))
}

#[derive(Deserialize)]
pub struct CommandBody {
    pub text: String,
}

/// `POST /api/sherlock/play/{token}` with `{"text": "…"}`: 200 with what was done, or 422
/// with the refused line and why (what was done before it stays).
pub async fn api_command(
    master: web::Data<Master>,
    path: web::Path<String>,
    body: web::Json<CommandBody>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let player = master.authenticate(&path).await?;
    let done = match master.sherlock_reply(&player, &body.text, false).await {
        Ok(done) => done,
        Err(MasterError::Conflict(said)) => return Err(MasterError::Conflict(said).into()),
        Err(e) => return Err(e.into()),
    };
    Ok(match done.refused() {
        None => HttpResponse::Ok().json(serde_json::json!({"accepted": true, "done": done})),
        Some((line, why)) => HttpResponse::UnprocessableEntity().json(serde_json::json!({
            "accepted": false, "done": done, "refused": {"line": line, "why": why},
        })),
    })
}

/// Sherlock Solitaire's pages and API: its own routes go before the core's.
pub fn routes() -> crate::games::WebRoutes {
    std::sync::Arc::new(|cfg: &mut web::ServiceConfig| {
        cfg.service(
            web::scope("/api/sherlock")
                .route("/games/{id}", web::get().to(api_game))
                .route("/play/{token}", web::get().to(api_player))
                .route("/play/{token}", web::post().to(api_command)),
        )
        .route("/sherlock/games/{id}", web::get().to(game))
        .route("/sherlock/games/{id}/feed.atom", web::get().to(feed))
        .route("/sherlock/play/{token}", web::get().to(play))
        .route("/sherlock/play/{token}", web::post().to(play_action))
        .service(crate::web::gm::resource::<Gm>("/sherlock/gm/{token}"));
        super::daily_pages::configure(cfg);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_of_a_reply_names_the_lines_the_games_end_left_unplayed() {
        let done = Replied {
            ignored: vec!["4 scene".into(), "complete 2".into()],
            ..Replied::default()
        };
        let b = banner(Lang::En, &done);
        assert!(
            b.lines
                .iter()
                .any(|l| l.contains("The game ended before these lines: 4 scene, complete 2")),
            "{:?}",
            b.lines
        );
        let b = banner(Lang::Fr, &done);
        assert!(
            b.lines.iter().any(|l| l.contains("4 scene")),
            "{:?}",
            b.lines
        );
    }
}
