//! The player's private page: the hand, the turn in force, the builders, and every way of
//! changing the turn.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::builder::Builder;
use super::page_cache::{row_print, seats_print, Reader};
use super::play_view::{play_view, PageCache, PlayView};
use crate::games::polysleuth::rules::LineError;
use crate::games::polysleuth::service::model::TurnReply;
use crate::games::polysleuth::service::pages::Seat;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::web::csrf::{check_csrf, csrf};
use crate::web::forms::Fields;
use crate::web::frame::{Banner, Header};
use crate::web::render::{private, private_page};

use crate::web::pages::Page;

// ----- the player's page -----

#[derive(Template)]
#[template(path = "games/polysleuth/play.html")]
struct PlayPage {
    t: Lang,
    v: PlayView,
    b: Builder,
    text: String,
    h: Header,
    banner: Option<Banner>,
    errors: Vec<LineError>,
    csrf: String,
    markup: u32,
    /// The player's time zone, as the preferences form shows it.
    zone: String,
}

async fn play_page(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    text: Option<String>,
    banner: Option<Banner>,
    errors: Vec<LineError>,
) -> Page {
    let (v, markup, zone) = view(master, req, token).await?;
    Ok(render_play(req, v, markup, zone, text, banner, errors))
}

/// The page's view, with the seat's markup and time zone.
async fn view(
    master: &Master,
    req: &HttpRequest,
    token: &str,
) -> Result<(PlayView, u32, String), MasterError> {
    let page = master.seat_page(token).await?;
    let lang = page.seat.player.lang(&page.seat.game);
    crate::web::lang::settle(lang);
    let markup = page.seat.state.settings.one_trait_markup;
    let zone = page.seat.player.zone(&page.seat.game).to_string();
    let cache = PageCache::of(req);
    let v = play_view(master, &cache, page, lang).await?;
    Ok((v, markup, zone))
}

fn render_play(
    req: &HttpRequest,
    v: PlayView,
    markup: u32,
    zone: String,
    text: Option<String>,
    banner: Option<Banner>,
    errors: Vec<LineError>,
) -> HttpResponse {
    let (csrf_token, cookie) = csrf(req);
    private(
        &play_page_of(v, markup, zone, text, banner, errors, csrf_token),
        cookie,
    )
}

/// The page to draw: the turn's text is the one given, else the seat's turn in force.
fn play_page_of(
    v: PlayView,
    markup: u32,
    zone: String,
    text: Option<String>,
    banner: Option<Banner>,
    errors: Vec<LineError>,
    csrf: String,
) -> PlayPage {
    let text = text.unwrap_or_else(|| v.turn.as_ref().map(|t| t.text.clone()).unwrap_or_default());
    PlayPage {
        t: v.lang,
        b: Builder::new(&v, &text),
        h: header(&v),
        v,
        text,
        banner,
        errors,
        csrf,
        markup,
        zone,
    }
}

pub async fn play(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    match kept_page(&master, &req, &path).await {
        // A link to a classic game's seat: its page is under /classic/ (looked up only then).
        Err(e) => match crate::web::moved::moved_elsewhere(&master, Some(&path), None).await {
            Some(moved) => Ok(moved),
            None => Err(e),
        },
        page => page,
    }
}

/// The page as a link opens it (no form sent): drawn once per change of anything it shows,
/// and kept for its reader only, with each request's form token put in.
async fn kept_page(master: &Master, req: &HttpRequest, token: &str) -> Page {
    let page = master.seat_page(token).await?;
    let lang = page.seat.player.lang(&page.seat.game);
    crate::web::lang::settle(lang);
    let cache = PageCache::of(req);
    let print = page_print(master, &page, lang).await?;
    let key = (Reader::Player(page.seat.player.id), lang);
    let (csrf_token, cookie) = csrf(req);
    if let Some(cut) = cache.page(key, print) {
        return Ok(private_page(cut.with(&csrf_token), cookie));
    }
    let markup = page.seat.state.settings.one_trait_markup;
    let zone = page.seat.player.zone(&page.seat.game).to_string();
    let v = play_view(master, &cache, page, lang).await?;
    let pending = v.sheet_pending;
    let marker = cache.marker().to_string();
    let drawn = play_page_of(v, markup, zone, None, None, Vec::new(), marker)
        .render()
        .map_err(|e| MasterError::Corrupt(format!("the page cannot be drawn: {e}")))?;
    let body = if pending {
        drawn.replace(cache.marker(), &csrf_token)
    } else {
        cache.keep_page(key, print, &drawn).with(&csrf_token)
    };
    Ok(private_page(body, cookie))
}

/// Everything a player's page is drawn from, hashed: the game's row and public body, the
/// seat, its turn and stored sheet, the records so far and the language.
async fn page_print(
    master: &Master,
    page: &crate::games::polysleuth::service::pages::SeatPage,
    lang: Lang,
) -> Result<u64, MasterError> {
    use std::hash::{Hash, Hasher};
    let row = &page.seat.game;
    let p = &page.seat.player;
    let mut h = rustc_hash::FxHasher::default();
    // The public body is drawn from the row, the records and the seats.
    row_print(row, &mut h);
    seats_print(master, row, &mut h).await?;
    master.bulletins_of(row).await?.len().hash(&mut h);
    (
        p.id,
        p.seat,
        &p.name,
        p.key_version,
        p.computer.map(|c| c.name()),
        p.away_until,
        p.language.map(Lang::code),
        &p.time_zone,
        p.digest,
    )
        .hash(&mut h);
    (&page.turn, page.sheet_round, lang.code()).hash(&mut h);
    Ok(h.finish())
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
    let (v, markup, zone) = view(master, req, token).await?;
    let field = |k: &str| f.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
    Ok(match Builder::new(&v, &text).line(kind, &field) {
        Ok(line) => {
            let notice = Banner::done(v.lang.t1("builder-added", "line", line.as_str()));
            render_play(
                req,
                v,
                markup,
                zone,
                Some(with_line(&text, &line)),
                Some(notice),
                vec![],
            )
        }
        Err(problem) => render_play(
            req,
            v,
            markup,
            zone,
            Some(text),
            Some(Banner::refused(problem)),
            vec![],
        ),
    })
}

/// The frame's header: who, where, which round until when, and what the player can do now.
fn header(v: &PlayView) -> Header {
    let t = v.lang;
    let (now, deadline) = match v.status.as_str() {
        "over" => (t.t("frame-over"), None),
        "paused" => (t.t("frame-paused"), None),
        _ => (
            t.t1("frame-round-now", "round", v.round),
            v.deadline.map(|at| (at, v.deadline_text.clone())),
        ),
    };
    let can = match (&v.status[..], v.done, &v.turn) {
        ("over", _, _) => t.t("frame-can-over"),
        (_, true, _) => t.t("frame-can-done"),
        (_, _, None) => t.t1("frame-can-send", "round", v.round),
        (_, _, Some(turn)) if turn.ready => t.t1("frame-can-ready", "round", v.round),
        (_, _, Some(_)) => t.t1("frame-can-change", "round", v.round),
    };
    Header {
        me: v.me.clone(),
        game: v.game_name.clone(),
        game_href: format!("/games/{}", v.game_id),
        ruleset: "Polysleuth".into(),
        rules_href: crate::web::frame::rules_href("polysleuth", t),
        now,
        deadline,
        can,
    }
}

fn with_line(text: &str, line: &str) -> String {
    let t = text.trim_end();
    if t.is_empty() {
        line.to_string()
    } else {
        format!("{t}\n{line}")
    }
}

fn has_word(text: &str, words: &[&str]) -> bool {
    text.lines().any(|l| {
        let l = l.trim().trim_end_matches(['.', '!']).to_lowercase();
        words.contains(&l.as_str())
    })
}

/// The player's own language and time zone, from the form on their page.
async fn save_prefs(master: &Master, seat: &Seat, f: &Fields) -> Result<Banner, MasterError> {
    let field = |k: &str| f.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
    let t = seat.player.lang(&seat.game);
    let language = field("language");
    let Some(lang) = Lang::parse(&language) else {
        return Ok(Banner::refused(t.t1(
            "prefs-bad-language",
            "language",
            language.as_str(),
        )));
    };
    let zone = field("time_zone");
    let zone = if zone.is_empty() {
        seat.game.time_zone.clone()
    } else {
        zone
    };
    if zone.parse::<chrono_tz::Tz>().is_err() {
        return Ok(Banner::refused(t.t1(
            "prefs-bad-zone",
            "zone",
            zone.as_str(),
        )));
    }
    master.set_prefs(&seat.player, lang, &zone).await?;
    Ok(Banner::done(lang.t2(
        "prefs-saved",
        "language",
        lang.own_name(),
        "zone",
        zone.as_str(),
    )))
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
    let seat = master.seat(&token).await?;
    let t = seat.player.lang(&seat.game);
    crate::web::lang::settle(t);
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
                Some(Banner::done(t.t("play-withdrawn"))),
                vec![],
            )
            .await;
        }
        "away" => {
            let rounds = f.get("rounds").map(|r| r.trim()).unwrap_or("");
            let said = match rounds.parse::<u32>() {
                Ok(n) => {
                    let player = master.authenticate(&token).await?;
                    match master.declare_absence(&player, n).await {
                        Ok(s) => {
                            use crate::games::polysleuth::service::computers;
                            computers::away_now_or_later(&master, &player).await;
                            Banner::done(t.said(&s))
                        }
                        Err(e @ (MasterError::Invalid(_) | MasterError::Conflict(_))) => {
                            Banner::refused(e.worded(t))
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
                Err(_) => Banner::refused(t.t1("play-bad-rounds", "rounds", rounds)),
            };
            return play_page(&master, &req, &token, None, Some(said), vec![]).await;
        }
        "prefs" => {
            let said = save_prefs(&master, &seat, &f).await?;
            return play_page(&master, &req, &token, None, Some(said), vec![]).await;
        }
        "ready" if !has_word(&text, &["ready", "prêt", "pret"]) => {
            with_line(&text, &t.t("word-ready"))
        }
        "done" if !crate::web::frame::ticked(&f) => {
            // "done" cannot be undone: the player guesses no more this game.
            let banner = Banner::refused(t.t("play-done-untick"));
            return play_page(&master, &req, &token, Some(text), Some(banner), vec![]).await;
        }
        "done" if !has_word(&text, &["done", "fini"]) => with_line(&text, &t.t("word-done")),
        _ => text,
    };
    match master.submit_turn(&token, &to_send).await? {
        TurnReply::Accepted { text, ready, .. } => {
            let notice = Banner::done(t.t(if ready {
                "play-accepted-ready"
            } else {
                "play-accepted"
            }));
            play_page(&master, &req, &token, Some(text), Some(notice), vec![]).await
        }
        TurnReply::Rejected { errors, kept, .. } => {
            let notice = Banner::refused(t.t(match kept {
                Some(_) => "play-rejected-kept",
                None => "play-rejected",
            }));
            play_page(&master, &req, &token, Some(to_send), Some(notice), errors).await
        }
        TurnReply::Cleared { .. } => play_page(&master, &req, &token, None, None, vec![]).await,
    }
}
