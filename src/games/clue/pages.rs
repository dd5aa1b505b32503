//! The pages of a game of Clue: the public table (whose turn, the board drawn with every
//! mover and weapon token, the spare cards, the log), a player's page in the frame every game
//! shares (their hand, what was shown to and by them, a builder that offers only what the
//! rules allow now, the accusation with its box, the standing show order), the game master's
//! page, and the JSON API beside them. The core's pages send a Clue game's readers here.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::board::{chance, distance, Room, Spot};
use super::cards::{Card, Kind};
use super::game::Phase;
use super::service::{Answer, Stored};
use crate::lang::Lang;
use crate::master::Master;
use crate::store::{GameRow, GameStatus};
use crate::web::csrf::csrf;
use crate::web::error::Page;
use crate::web::forms::Fields;
use crate::web::frame::{Banner, Header};
use crate::web::play_form::PlayForm;
use crate::web::render::private;

/// A choice of a form: what it sends, what it says.
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// The table as everyone sees it, worded.
pub struct TableView {
    pub id: i64,
    pub name: String,
    pub turn: u32,
    pub whose: String,
    pub over: bool,
    /// Whether the game is played on the board (house rule `board`): with no board, no
    /// movers and no weapon tokens are shown (RULES-CLUE §7).
    pub board: bool,
    pub board_svg: String,
    pub seats: Vec<(String, String, bool)>,
    pub pieces: Vec<(String, String)>,
    pub spare: Vec<String>,
    /// Newest first: (turn, lines).
    pub log: Vec<(u32, Vec<String>)>,
    pub envelope: Vec<String>,
    pub commitment: String,
    /// The opening bulletin: the house rules, and the roll for the first turn.
    pub house_rules: Vec<String>,
    pub roll_off: String,
    /// At the end: every hand, and the seed and salt that drew the deal.
    pub hands: Vec<(String, Vec<String>)>,
    pub seed_and_salt: String,
}

fn guest_card(i: usize) -> Card {
    Card::all().nth(i).expect("a guest")
}

fn of_kind(k: Kind) -> impl Iterator<Item = Card> {
    Card::all().filter(move |c| c.kind() == k)
}

/// The table, worded for `viewer` (None: the public).
pub fn table(t: Lang, row: &GameRow, g: &Stored, viewer: Option<usize>, zone: &str) -> TableView {
    let mut log: Vec<(u32, Vec<String>)> = Vec::new();
    for l in &g.log {
        let lines = l.events.iter().map(|e| t.clue_event(g, e, viewer));
        match log.last_mut() {
            Some((turn, v)) if *turn == l.turn => v.extend(lines),
            _ => log.push((l.turn, lines.collect())),
        }
    }
    log.reverse();
    let title = t.t1("clue-board-title", "game", row.name.as_str());
    TableView {
        id: row.id,
        name: row.name.clone(),
        turn: g.turn_no,
        whose: super::letters::whose_turn(t, row, g, viewer, zone),
        over: g.over(),
        board: g.game.board,
        board_svg: match g.game.board {
            true => super::picture::svg(&g.game.movers, &g.game.tokens, &title, t),
            false => String::new(),
        },
        seats: (0..g.game.players.len())
            .map(|s| {
                (
                    g.game.players[s].clone(),
                    t.clue_card(guest_card(g.game.guests[s])),
                    g.game.out[s],
                )
            })
            .collect(),
        pieces: match g.game.board {
            false => Vec::new(),
            true => of_kind(Kind::Guest)
                .zip(g.game.movers)
                .map(|(c, spot)| (t.clue_card(c), t.clue_where(spot)))
                .chain(
                    of_kind(Kind::Weapon)
                        .zip(g.game.tokens)
                        .map(|(c, r)| (t.clue_card(c), t.clue_where(Spot::In(r)))),
                )
                .collect(),
        },
        spare: g.game.setup.spare.iter().map(|c| t.clue_card(*c)).collect(),
        log,
        envelope: match g.over() {
            true => g
                .game
                .setup
                .envelope
                .iter()
                .map(|c| t.clue_card(*c))
                .collect(),
            false => Vec::new(),
        },
        commitment: row.commitment.clone(),
        house_rules: super::bulletins::house_rules(t, g),
        roll_off: super::bulletins::roll_off(t, g),
        hands: match g.over() {
            true => super::bulletins::hands(t, g),
            false => Vec::new(),
        },
        seed_and_salt: match g.over() {
            true => {
                super::bulletins::seed_and_salt(t, g, &format!("/games/{}/record.json", row.id))
            }
            false => String::new(),
        },
    }
}

/// What a player alone sees, with the choices the rules allow them now.
pub struct OwnView {
    pub me: String,
    pub guest: String,
    pub hand: Vec<String>,
    pub shown_to_me: Vec<String>,
    pub shown_by_me: Vec<String>,
    pub show_order: String,
    pub phase: &'static str,
    /// Rooms a move may aim at, with the squares and the chance of reaching each this turn.
    pub moves: Vec<Choice>,
    pub passage: Option<String>,
    pub stay: Option<String>,
    pub guests: Vec<Choice>,
    pub weapons: Vec<Choice>,
    /// Rooms a suggestion may name (board off), or every room for an accusation.
    pub rooms: Vec<Choice>,
    pub suggest_rooms: Vec<Choice>,
    /// With `ask_refuter`, when this player is asked which card to show: to whom, and the
    /// cards they may show.
    pub asked: Option<(String, Vec<Choice>)>,
}

fn choices(t: Lang, cards: impl Iterator<Item = Card>) -> Vec<Choice> {
    cards
        .map(|c| Choice {
            value: c.name(),
            label: t.clue_card(c),
        })
        .collect()
}

pub fn own(t: Lang, g: &Stored, seat: usize) -> OwnView {
    let me = g.game.private_view(seat);
    let mine = g.current() == Some(seat) && !g.game.out[seat];
    let spot = g.game.movers[g.game.guests[seat]];
    let asked = g.game.asked.as_ref().filter(|(r, _)| *r == seat);
    let phase = match (mine, g.game.phase) {
        _ if asked.is_some() => "show",
        (false, _) => "wait",
        (true, Phase::Move) => "move",
        (true, Phase::Suggest) => "suggest",
        (true, Phase::Answered) => "answered",
        (true, Phase::Over | Phase::Showing) => "wait",
    };
    // The rooms nearest first: the one most likely reached is offered first.
    let mut rooms: Vec<Room> = Room::ALL.to_vec();
    rooms.sort_by_key(|r| distance(spot, *r));
    let moves = match (phase, g.settings.board) {
        ("move", true) => rooms
            .iter()
            .filter(|r| spot != Spot::In(**r))
            .map(|r| {
                let squares = distance(spot, *r);
                Choice {
                    value: r.name().to_string(),
                    label: t.tr(
                        "clue-move-choice",
                        [
                            ("room", t.clue_room(*r).into()),
                            ("squares", squares.into()),
                            ("chance", ((chance(squares) * 100.0).round() as u32).into()),
                        ],
                    ),
                }
            })
            .collect(),
        _ => Vec::new(),
    };
    let here = match spot {
        Spot::In(r) => Some(r),
        _ => None,
    };
    OwnView {
        asked: asked.map(|(_, cards)| {
            (
                g.game.players[g.game.turn].clone(),
                choices(t, cards.iter().copied()),
            )
        }),
        me: g.game.players[seat].clone(),
        guest: t.clue_card(guest_card(g.game.guests[seat])),
        hand: me.hand.iter().map(|c| t.clue_card(*c)).collect(),
        shown_to_me: (me.shown_to_me.iter())
            .map(|(by, c)| {
                t.tr(
                    "clue-showed-you",
                    [
                        ("player", g.game.players[*by].as_str().into()),
                        ("card", t.clue_card(*c).into()),
                    ],
                )
            })
            .collect(),
        shown_by_me: (me.shown_by_me.iter())
            .map(|(to, c)| {
                t.tr(
                    "clue-you-showed",
                    [
                        ("to", g.game.players[*to].as_str().into()),
                        ("card", t.clue_card(*c).into()),
                    ],
                )
            })
            .collect(),
        show_order: me
            .show_order
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", "),
        phase,
        moves,
        passage: here
            .filter(|_| phase == "move" && g.settings.board)
            .and_then(|r| r.passage())
            .map(|r| t.clue_room(r)),
        stay: g.game.stay[seat]
            .filter(|r| phase == "move" && here == Some(*r))
            .map(|r| t.clue_room(r)),
        guests: choices(t, of_kind(Kind::Guest)),
        weapons: choices(t, of_kind(Kind::Weapon)),
        rooms: choices(t, of_kind(Kind::Room)),
        suggest_rooms: match g.settings.board {
            true => Vec::new(),
            false => choices(
                t,
                of_kind(Kind::Room).filter(|c| c.room() != g.game.last_room[seat]),
            ),
        },
    }
}

/// The frame's header of a Clue player's page.
fn header(t: Lang, row: &GameRow, g: &Stored, seat: usize, o: &OwnView, zone: &str) -> Header {
    let paused = row.status == GameStatus::Paused;
    let current = g.current();
    let now = match current {
        _ if g.over() => t.t("frame-over"),
        _ if paused => t.t("frame-paused"),
        Some(s) => t.t2(
            "clue-now",
            "turn",
            g.turn_no,
            "player",
            g.game.players[s].as_str(),
        ),
        None => t.t("frame-over"),
    };
    let can = match (current, o.phase) {
        _ if g.over() => t.t("clue-can-over"),
        (Some(s), "show") => t.t1("clue-can-show", "player", g.game.players[s].as_str()),
        _ if g.game.out[seat] => t.t("clue-can-out"),
        (_, "move") => t.t("clue-can-move"),
        (_, "suggest") => t.t("clue-can-suggest"),
        (_, "answered") => t.t("clue-can-accuse"),
        (Some(s), _) if g.game.phase == Phase::Showing => {
            let (refuter, _) = g.game.asked.as_ref().expect("a refuter is asked");
            t.t2(
                "clue-can-wait-choice",
                "refuter",
                g.game.players[*refuter].as_str(),
                "player",
                g.game.players[s].as_str(),
            )
        }
        (Some(s), _) if g.settings.ask_refuter => {
            t.t1("clue-can-wait-ask", "player", g.game.players[s].as_str())
        }
        (Some(s), _) => t.t1("clue-can-wait", "player", g.game.players[s].as_str()),
        (None, _) => t.t("frame-over"),
    };
    Header {
        me: o.me.clone(),
        game: row.name.clone(),
        game_href: format!("/clue/games/{}", row.id),
        ruleset: t.t("clue-ruleset"),
        rules_href: crate::web::frame::rules_href("clue", t),
        now,
        deadline: row
            .turn_deadline
            .filter(|_| !g.over() && !paused)
            .map(|at| (at, super::letters::deadline(t, Some(at), zone))),
        can,
    }
}

#[derive(Template)]
#[template(path = "games/clue/game.html")]
struct GamePage {
    t: Lang,
    g: TableView,
}

#[derive(Template)]
#[template(path = "games/clue/play.html")]
struct PlayPage {
    t: Lang,
    g: TableView,
    o: OwnView,
    h: Header,
    csrf: String,
    banner: Option<Banner>,
    text: String,
    notebook: Option<super::sheet::SheetView>,
}

#[derive(Template)]
#[template(path = "games/clue/gm.html")]
struct GmPage {
    t: Lang,
    g: TableView,
    csrf: String,
    banner: Option<Banner>,
    paused: bool,
    unconfirmed: bool,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.clue_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, None, &row.time_zone);
    Ok(crate::web::render::render(&GamePage { t, g }))
}

/// `GET /clue/games/{id}/feed.atom`: one entry per turn, newest first, its public lines.
pub async fn feed(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let (row, state) = master.clue_game(path.into_inner()).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = table(t, &row, &state, None, &row.time_zone);
    let page = master.site.link(&format!("/clue/games/{}", row.id));
    Ok(crate::web::feed::log_feed(
        t,
        &format!("Clue: {}", row.name),
        &page,
        &g.log,
        &state.began_at,
        row.created_at,
    )?)
}

async fn play_page(
    req: &HttpRequest,
    master: &Master,
    token: &str,
    banner: Option<Banner>,
    text: String,
) -> Page {
    let seat = master.clue_seat(token).await?;
    let t = seat.player.lang(&seat.game);
    crate::web::lang::settle(t);
    let s = seat.player.seat as usize;
    let o = own(t, &seat.state, s);
    // Times in the reader's own zone (`timezone`), else the game's.
    let zone = seat.player.zone(&seat.game);
    let h = header(t, &seat.game, &seat.state, s, &o, zone);
    // The notebook may count for a few milliseconds: off the async workers.
    let state = seat.state.clone();
    let notebook = web::block(move || super::sheet::sheet(t, &state, s))
        .await
        .map_err(|e| crate::master::MasterError::Corrupt(format!("the notebook: {e}")))?;
    let g = table(t, &seat.game, &seat.state, Some(s), zone);
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
            notebook,
        },
        cookie,
    ))
}

pub async fn play(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    play_page(&req, &master, &path, None, String::new()).await
}

/// The banner of a message's answer, in the player's words.
fn banner(t: Lang, answer: Answer) -> Banner {
    match answer.refused {
        None => Banner::done(t.t("clue-done")).with_lines(answer.done),
        Some((line, why)) => {
            let mut lines = answer.done;
            // A message with no line (empty) has none to quote: the reason alone is given.
            lines.push(match line.is_empty() {
                true => why,
                false => t.t2(
                    "clue-refused-line",
                    "line",
                    line.as_str(),
                    "why",
                    why.as_str(),
                ),
            });
            Banner::refused(t.t("clue-refused")).with_lines(lines)
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
    let text = match get("action").as_str() {
        "move" => format!("move to {}", get("room")),
        "passage" => "passage".to_string(),
        "stay" => "stay".to_string(),
        "done" => "done".to_string(),
        "suggest" if get("room").is_empty() => {
            format!("suggest {} with {}", get("guest"), get("weapon"))
        }
        "suggest" => format!(
            "suggest {} in {} with {}",
            get("guest"),
            get("room"),
            get("weapon")
        ),
        "accuse" if !crate::web::frame::ticked(&form.fields) => {
            let banner = Banner::refused(t.t("clue-accuse-untick"));
            return play_page(&req, &master, token, Some(banner), String::new()).await;
        }
        "accuse" => format!(
            "accuse {} in {} with {}",
            get("guest"),
            get("room"),
            get("weapon")
        ),
        "order" => format!("show order {}", get("order")),
        "show" => format!("show {}", get("card")),
        _ => get("text"),
    };
    let answer = master.clue_command(player, &text).await?;
    let kept = match answer.refused {
        Some(_) => text,
        None => String::new(),
    };
    play_page(&req, &master, token, Some(banner(t, answer)), kept).await
}

/// Clue's game master page, drawn in the core's frame (`web::gm::GmDraw`).
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
            g: table(t, row, &state, None, &row.time_zone),
            csrf,
            banner,
            paused: row.status == GameStatus::Paused,
            unconfirmed: row.status == GameStatus::Unconfirmed,
        })
    }
}

/// `GET /api/clue/games/{id}`: the public table as JSON, with the turn's clock.
pub async fn api_game(
    master: web::Data<Master>,
    path: web::Path<i64>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let (row, state) = master.clue_game(path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(public_json(&row, &state)))
}

fn public_json(row: &GameRow, g: &Stored) -> serde_json::Value {
    let mut out = serde_json::to_value(g.game.public_view()).expect("the table serialises");
    let paused = row.status == GameStatus::Paused;
    out["turn_no"] = serde_json::json!(g.turn_no);
    out["deadline"] = serde_json::json!(row.turn_deadline.filter(|_| !g.over() && !paused));
    out["paused"] = serde_json::json!(paused);
    out["log"] = serde_json::json!(g
        .log
        .iter()
        .map(|l| serde_json::json!({
            "turn": l.turn,
            "events": l.events.iter().map(|e| super::view::event_for(e, None)).collect::<Vec<_>>(),
        }))
        .collect::<Vec<_>>());
    out
}

/// `GET /api/clue/play/{token}`: the player's own view and the public table.
pub async fn api_player(
    master: web::Data<Master>,
    path: web::Path<String>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let seat = master.clue_seat(&path).await?;
    let s = seat.player.seat as usize;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({
            "own": seat.state.game.private_view(s),
            "game": public_json(&seat.game, &seat.state),
        })))
}

#[derive(Deserialize)]
pub struct CommandBody {
    pub text: String,
}

/// `POST /api/clue/play/{token}` with `{"text": "…"}`: 200 with what was done, or 422 with
/// the refused line and why (what was done before it stays).
pub async fn api_command(
    master: web::Data<Master>,
    path: web::Path<String>,
    body: web::Json<CommandBody>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    let player = master.authenticate(&path).await?;
    let answer = master.clue_command(&player, &body.text).await?;
    Ok(match answer.refused {
        None => HttpResponse::Ok().json(serde_json::json!({"accepted": true, "said": answer.done})),
        Some((line, why)) => HttpResponse::UnprocessableEntity().json(serde_json::json!({
            "accepted": false, "said": answer.done, "refused": {"line": line, "why": why},
        })),
    })
}

/// Clue's pages and API: its own routes go before the core's.
pub fn routes() -> crate::games::WebRoutes {
    std::sync::Arc::new(|cfg: &mut web::ServiceConfig| {
        cfg.service(
            web::scope("/api/clue")
                .route("/games/{id}", web::get().to(api_game))
                .route("/play/{token}", web::get().to(api_player))
                .route("/play/{token}", web::post().to(api_command)),
        )
        .route("/clue/games/{id}", web::get().to(game))
        .route("/clue/games/{id}/feed.atom", web::get().to(feed))
        .route("/clue/play/{token}", web::get().to(play))
        .route("/clue/play/{token}", web::post().to(play_action))
        .service(crate::web::gm::resource::<Gm>("/clue/gm/{token}"));
    })
}
