//! The daily case's pages: today's (each case's commitment, and the form to play one — name,
//! address, case and level, detectives — answered by a mailed link), the link's confirmation
//! (a button, so that a mail reader's prefetch starts nothing), and each day's table, which
//! shows nothing of a game before the day ends and then each case's seed, salt and deck with
//! every game's end and record.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::day::{day_of, ended};
use super::game::Outcome;
use super::page_view::CardView;
use super::service::daily::Variant;
use super::setup::deck;
use crate::clock::now;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::web::csrf::{check_csrf, csrf};
use crate::web::error::Page;
use crate::web::forms::Fields;
use crate::web::frame::Banner;

/// A case of a day, as its pages show it.
pub struct CaseView {
    pub variant: String,
    pub words: String,
    pub commitment: String,
    /// Once the day has ended: the seed, the salt and the deck.
    pub published: Option<(String, String, Vec<CardView>)>,
    /// How many played it (before the day ends), or each game: name, detectives, end,
    /// turns, wounds, record path.
    pub count: usize,
    pub games: Vec<GameLine>,
}

pub struct GameLine {
    pub name: String,
    pub detectives: String,
    pub end: String,
    pub turns: u32,
    pub wounds: u32,
    pub record: String,
}

#[derive(Template)]
#[template(path = "games/sherlock/daily.html")]
struct TodayPage {
    t: Lang,
    day: String,
    cases: Vec<CaseView>,
    days: Vec<String>,
    csrf: String,
    banner: Option<Banner>,
    name: String,
    email: String,
}

#[derive(Template)]
#[template(path = "games/sherlock/daily_day.html")]
struct DayPage {
    t: Lang,
    day: String,
    over: bool,
    cases: Vec<CaseView>,
}

/// A day's cases, with what may be shown of them now.
async fn cases_of(master: &Master, t: Lang, day: &str) -> Result<Vec<CaseView>, MasterError> {
    let over = ended(day);
    let games = master.store.daily_games_of(day).await?;
    let mut out = Vec::new();
    for v in Variant::all() {
        let case = match over {
            true => match master
                .store
                .daily_cases_of(day)
                .await?
                .into_iter()
                .find(|c| c.variant == v.name())
            {
                Some(c) => c,
                None => continue,
            },
            false => master.daily_case(day, v).await?,
        };
        let mine: Vec<_> = games.iter().filter(|g| g.variant == v.name()).collect();
        let mut lines = Vec::new();
        if over {
            for g in &mine {
                let Some(id) = g.game_id else { continue };
                let row = master.public_game(id).await?;
                let s = super::service::parse(&row)?;
                lines.push(GameLine {
                    name: g.name.clone(),
                    detectives: (s.game.settings.detectives.iter())
                        .map(|d| super::words::detective(t, *d))
                        .collect::<Vec<_>>()
                        .join(", "),
                    end: t.t(match s.game.outcome {
                        Some(Outcome::Won) => "sherlock-daily-end-won",
                        Some(Outcome::Wounded) => "sherlock-daily-end-wounded",
                        Some(Outcome::OutOfTime) => "sherlock-daily-end-time",
                        Some(Outcome::Ended) => "sherlock-daily-end-ended",
                        None => "sherlock-daily-end-running",
                    }),
                    turns: s.game.turn,
                    wounds: s.game.wounds as u32,
                    record: format!("/games/{id}/record.json"),
                });
            }
        }
        let faces: Vec<CardView> = match over {
            true => deck(case.seed)
                .iter()
                .map(|c| CardView::of(t, c.face(), false))
                .collect(),
            false => Vec::new(),
        };
        out.push(CaseView {
            variant: v.name(),
            words: v.words(t),
            commitment: case.commitment.clone(),
            published: over.then(|| (case.seed.to_string(), case.salt.clone(), faces)),
            count: mine.len(),
            games: lines,
        });
    }
    Ok(out)
}

async fn today_page(
    req: &HttpRequest,
    master: &Master,
    banner: Option<Banner>,
    name: String,
    email: String,
) -> Page {
    let t = crate::web::lang::reader(req, Lang::En);
    let day = day_of(now());
    let cases = cases_of(master, t, &day).await?;
    let days = (master.store.daily_days(30).await?.into_iter())
        .filter(|d| *d != day)
        .collect();
    let (csrf, cookie) = csrf(req);
    let page = TodayPage {
        t,
        day,
        cases,
        days,
        csrf,
        banner,
        name,
        email,
    };
    Ok(crate::web::render::private(&page, cookie))
}

/// `GET /sherlock/daily`.
pub async fn today(req: HttpRequest, master: web::Data<Master>) -> Page {
    today_page(&req, &master, None, String::new(), String::new()).await
}

/// `POST /sherlock/daily`: asks to play one of today's cases.
pub async fn ask(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<crate::web::admission::Limiter>,
    form: web::Form<Fields>,
) -> Page {
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    limiter.check(&req, crate::web::admission::Kind::Subscription)?;
    let get = |k: &str| f.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
    let t = crate::web::lang::reader(&req, Lang::En);
    let answer = master
        .daily_ask(
            &get("name"),
            &get("email"),
            &get("variant"),
            &get("detectives"),
            t,
        )
        .await;
    let banner = match answer {
        Ok(said) => Banner::done(t.said(&said)),
        Err(MasterError::Invalid(list)) => Banner::refused(t.t("sherlock-daily-not-asked"))
            .with_lines(list.iter().map(|s| t.said(s)).collect()),
        Err(MasterError::Conflict(said)) => Banner::refused(t.said(&said)),
        Err(e) => return Err(e.into()),
    };
    today_page(&req, &master, Some(banner), get("name"), get("email")).await
}

/// `GET /sherlock/daily/confirm/{token}`: what the link starts, and the button that does.
pub async fn confirm_page(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
) -> Page {
    let p = master.daily_request(&path).await?;
    let t = Lang::parse(&p.language).unwrap_or(Lang::En);
    let v = Variant::parse(&p.variant)
        .map(|v| v.words(t))
        .unwrap_or_default();
    let (csrf, cookie) = csrf(&req);
    let page = crate::web::message::MessagePage {
        t,
        title: t.t("sherlock-daily-title"),
        message: t.t2("sherlock-daily-confirm", "case", v, "day", p.day.as_str()),
        form: Some((csrf, t.t("sherlock-daily-start"))),
    };
    Ok(crate::web::render::private(&page, cookie))
}

/// `POST /sherlock/daily/confirm/{token}`: starts the game and opens its page.
pub async fn confirm(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Result<HttpResponse, crate::web::error::PageError> {
    check_csrf(&req, &form.into_inner())?;
    let page = master.daily_confirm(&path).await?;
    Ok(crate::web::moved::see_other(&page))
}

/// `GET /sherlock/daily/{day}`: the day's cases and, once it has ended, its games.
pub async fn day(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    let day = path.into_inner();
    let t = crate::web::lang::reader(&req, Lang::En);
    let known = master.store.daily_days(10_000).await?.contains(&day);
    if !known || day.as_str() > day_of(now()).as_str() {
        return Err(MasterError::NotFound(crate::said!(
            "error-sherlock-daily-no-day",
            day = day.as_str()
        ))
        .into());
    }
    let cases = cases_of(&master, t, &day).await?;
    Ok(crate::web::render::render(&DayPage {
        t,
        over: ended(&day),
        day,
        cases,
    }))
}

/// The daily case's routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/sherlock/daily", web::get().to(today))
        .route("/sherlock/daily", web::post().to(ask))
        .route(
            "/sherlock/daily/confirm/{token}",
            web::get().to(confirm_page),
        )
        .route("/sherlock/daily/confirm/{token}", web::post().to(confirm))
        .route("/sherlock/daily/{day}", web::get().to(day));
}
