//! The web door of forming games and standbys: a forming game's page with its join form, the
//! page a sign-up's link opens (confirm, accept, decline, leave), and standing by.

use actix_web::{web, HttpRequest};
use askama::Template;

use super::csrf::{check_csrf, csrf};
use super::error::Page;
use super::forms::Fields;
use super::message::MessagePage;
use super::render::{private, render};
use crate::clock::now;
use crate::lang::{Lang, Said};
use crate::master::{Master, MasterError};
use crate::store::{GameRow, GameStatus, SignupKind, SignupStatus};

/// A forming game, as anyone may see it.
#[derive(serde::Serialize)]
pub struct FormingView {
    pub id: i64,
    pub name: String,
    /// Still waiting for its game master to confirm their address.
    pub waiting: bool,
    pub min_players: i64,
    pub max_players: i64,
    pub start_text: Option<String>,
    pub joined: Vec<String>,
    pub computers: Vec<String>,
    pub invited: usize,
    pub seats_free: i64,
    pub settings: Vec<(String, String)>,
    pub round_hours: f64,
    /// The round's length in words, for the page.
    #[serde(skip)]
    pub round_length: String,
    pub max_absence: i64,
    /// What a joiner may choose (Clue's guests): its label and each piece (name, as read).
    #[serde(skip)]
    pub choices: Option<(String, Vec<(String, String)>)>,
}

/// Whether a game row is one still gathering players (no deal yet).
pub fn is_forming(row: &GameRow) -> bool {
    // A forming game is stored as the first game's until its start, whatever its ruleset
    // then; one that waits for its game master keeps what it will be dealt from, not a deal.
    row.ruleset == crate::store::Ruleset::POLYSLEUTH
        && (row.status == GameStatus::Forming
            || row.status == GameStatus::Unconfirmed && row.commitment.is_empty())
}

/// A forming game's view; its start date is worded in `t`, in the game's time zone.
pub async fn forming_view(
    master: &Master,
    row: &GameRow,
    t: Lang,
) -> Result<FormingView, MasterError> {
    let (seating, signups) = master.forming_of(row.id).await?;
    let unformed: serde_json::Value = serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("forming game {}: {e}", row.id)))?;
    let computers: Vec<String> = unformed["computers"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c[0].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let choices = master.forming_choices(row, t);
    // Each joiner with the piece they chose, as the reader reads it.
    let piece = |c: &str| {
        (choices.iter().flat_map(|(_, p)| p))
            .find(|(v, _)| v == c)
            .map_or(c.to_string(), |(_, label)| label.clone())
    };
    let joined: Vec<String> = signups
        .iter()
        .filter(|s| s.kind != SignupKind::Standby && s.status == SignupStatus::Joined)
        .map(|s| match &s.choice {
            Some(c) => format!("{} ({})", s.name, piece(c)),
            None => s.name.clone(),
        })
        .collect();
    let invited = signups
        .iter()
        .filter(|s| s.kind == SignupKind::Invite && s.status == SignupStatus::Pending)
        .count();
    Ok(FormingView {
        id: row.id,
        name: row.name.clone(),
        waiting: row.status == GameStatus::Unconfirmed,
        min_players: seating.min_players,
        max_players: seating.max_players,
        start_text: seating
            .start_at
            .map(|at| t.time(at, crate::mail::zone(&row.time_zone))),
        seats_free: seating.max_players - joined.len() as i64 - computers.len() as i64,
        // Its game's name and house rules, as that game words them.
        settings: master.forming_rules(row, t).unwrap_or_default(),
        choices,
        joined,
        computers,
        invited,
        round_hours: row.round_seconds as f64 / 3600.0,
        round_length: t.hours(row.round_seconds),
        max_absence: seating.max_absence,
    })
}

#[derive(Template)]
#[template(path = "forming.html")]
pub struct FormingPage {
    pub t: Lang,
    pub v: FormingView,
    pub csrf: String,
    pub notice: Option<String>,
    /// The game master's form action, on their page.
    pub gm: Option<String>,
}

/// A forming game's public page.
pub async fn forming_page(
    master: &Master,
    req: &HttpRequest,
    row: &GameRow,
    notice: Option<String>,
) -> Page {
    let (csrf, cookie) = csrf(req);
    let t = super::lang::reader(req, row.language);
    let v = forming_view(master, row, t).await?;
    let mut r = render(&FormingPage {
        t,
        v,
        csrf,
        notice,
        gm: None,
    });
    if let Some(c) = cookie {
        let _ = r.add_cookie(&c);
    }
    Ok(r)
}

fn field<'a>(f: &'a Fields, k: &str) -> &'a str {
    f.get(k).map(|s| s.trim()).unwrap_or("")
}

/// Someone asks to join a forming game.
pub async fn join(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    path: web::Path<i64>,
    form: web::Form<Fields>,
) -> Page {
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    limiter.check(&req, super::admission::Kind::Subscription)?;
    let id = path.into_inner();
    let said = said(
        master
            .sign_up(
                Some(id),
                field(&f, "name"),
                field(&f, "email"),
                false,
                Lang::parse(field(&f, "language")),
                Some(field(&f, "choice")),
            )
            .await,
    )?;
    let row = master.public_game(id).await?;
    let said = super::lang::reader(&req, row.language).said(&said);
    forming_page(&master, &req, &row, Some(said)).await
}

/// Someone offers to stand by for a seat in one game.
pub async fn standby(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    path: web::Path<i64>,
    form: web::Form<Fields>,
) -> Page {
    stand_by(
        &req,
        &master,
        &limiter,
        Some(path.into_inner()),
        form.into_inner(),
    )
    .await
}

/// Someone offers to stand by for a seat in any game.
pub async fn standby_any(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    form: web::Form<Fields>,
) -> Page {
    stand_by(&req, &master, &limiter, None, form.into_inner()).await
}

async fn stand_by(
    req: &HttpRequest,
    master: &Master,
    limiter: &super::admission::Limiter,
    game: Option<i64>,
    f: Fields,
) -> Page {
    check_csrf(req, &f)?;
    limiter.check(req, super::admission::Kind::Subscription)?;
    let message = said(
        master
            .sign_up(
                game,
                field(&f, "name"),
                field(&f, "email"),
                true,
                Lang::parse(field(&f, "language")),
                None,
            )
            .await,
    )?;
    let t = super::lang::reader(req, Lang::En);
    Ok(render(&MessagePage {
        t,
        title: t.t("standby-title"),
        message: t.said(&message),
        form: None,
    }))
}

/// What an action answers a person: its message, or what was wrong with their input.
fn said(r: Result<Said, MasterError>) -> Result<Said, super::error::PageError> {
    match r {
        Ok(s) => Ok(s),
        Err(e @ (MasterError::Invalid(_) | MasterError::Conflict(_) | MasterError::TooMany(_))) => {
            Ok(e.said())
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "signup.html")]
struct SignupPage {
    t: Lang,
    what: String,
    pending: bool,
    invited: bool,
    can_withdraw: bool,
    csrf: String,
    notice: Option<String>,
}

async fn signup_page(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    notice: Option<Said>,
) -> Page {
    let (signup, game) = master.signup_by_token(token).await?;
    let t = signup.language.unwrap_or_else(|| {
        super::lang::reader(req, game.as_ref().map_or(Lang::En, |g| g.language))
    });
    let notice = notice.map(|n| t.said(&n));
    let game_name = game
        .as_ref()
        .map(|g| t.t2("signup-game", "name", g.name.as_str(), "id", g.id))
        .unwrap_or_else(|| t.t("signup-any-game"));
    let status = t.t(match signup.status {
        SignupStatus::Pending
            if now() - signup.created_at > crate::master::CONFIRM_WITHIN
                && signup.kind != SignupKind::Invite =>
        {
            "signup-expired"
        }
        SignupStatus::Pending => "signup-pending",
        SignupStatus::Joined => "signup-joined",
        SignupStatus::Seated => "signup-seated",
        SignupStatus::Declined => "signup-declined",
        SignupStatus::Left => "signup-left",
    });
    let what = t.t3(
        match signup.kind {
            SignupKind::Join => "signup-what-join",
            SignupKind::Invite => "signup-what-invite",
            SignupKind::Standby => "signup-what-standby",
        },
        "who",
        if signup.kind == SignupKind::Invite {
            signup.email.as_str()
        } else {
            signup.name.as_str()
        },
        "game",
        game_name,
        "status",
        status,
    );
    let (csrf, cookie) = csrf(req);
    let pending = signup.status == SignupStatus::Pending;
    Ok(private(
        &SignupPage {
            t,
            what,
            pending,
            invited: signup.kind == SignupKind::Invite,
            can_withdraw: matches!(signup.status, SignupStatus::Pending | SignupStatus::Joined),
            csrf,
            notice,
        },
        cookie,
    ))
}

pub async fn signup(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    signup_page(&master, &req, &path, None).await
}

pub async fn signup_action(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let f = form.into_inner();
    check_csrf(&req, &f)?;
    let token = path.into_inner();
    let r = match field(&f, "action") {
        "confirm" => {
            let name = Some(field(&f, "name")).filter(|n| !n.is_empty());
            master.confirm_signup(&token, name).await
        }
        "withdraw" => master.withdraw_signup(&token).await,
        other => Err(MasterError::invalid(crate::said!(
            "error-not-signup-action",
            action = other
        ))),
    };
    let notice = said(r)?;
    signup_page(&master, &req, &token, Some(notice)).await
}

/// The game master's page of a forming game.
pub async fn gm_forming(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    row: &GameRow,
    notice: Option<String>,
) -> Page {
    let (csrf, cookie) = csrf(req);
    let t = super::lang::reader(req, row.language);
    let v = forming_view(master, row, t).await?;
    Ok(private(
        &FormingPage {
            t,
            v,
            csrf,
            notice,
            gm: Some(format!("/gm/{token}")),
        },
        cookie,
    ))
}

/// A game on the public list.
#[derive(serde::Serialize)]
pub struct Listed {
    pub id: i64,
    pub name: String,
    /// Which game it is (`polysleuth`, `sleuth`, …).
    pub ruleset: String,
    pub status: GameStatus,
    pub round: i64,
    /// How many play: the seats taken.
    pub players: usize,
    /// For a forming game: the seats still free.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats_free: Option<i64>,
}

/// The public list: forming games with their free seats, then the rest.
pub async fn listed(master: &Master) -> Result<Vec<Listed>, MasterError> {
    let mut out = Vec::new();
    for g in master.store.listed_games().await? {
        let seats_free = match g.status {
            GameStatus::Forming => Some(forming_view(master, &g, Lang::En).await?.seats_free),
            _ => None,
        };
        let players = master.seats_of(g.id).await?.len();
        out.push(Listed {
            id: g.id,
            name: g.name,
            ruleset: g.ruleset.as_str().to_string(),
            status: g.status,
            round: g.round,
            players,
            seats_free,
        });
    }
    Ok(out)
}
