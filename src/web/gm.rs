//! The game master's page and actions.

use crate::said;
use std::collections::BTreeMap;

use actix_web::{web, HttpRequest};
use askama::Template;

use super::csrf::{check_csrf, csrf};
use super::forms::Fields;
use super::gm_view::{gm_page_view, GmPageView};
use super::play_view::PageCache;
use super::render::private;
use crate::lang::Lang;
use crate::master::{GmAction, Master, MasterError};

use super::pages::Page;

// ----- the game master's page -----

#[derive(Template)]
#[template(path = "gm.html")]
struct GmPage {
    t: Lang,
    v: GmPageView,
    notice: Option<String>,
    csrf: String,
}

/// The game master's page, with what their last action did (worded in the page's language).
async fn gm_page(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    notice: Option<crate::lang::Said>,
) -> Page {
    let (row, sent) = master.gm_page(token).await?;
    let t = super::lang::reader(req, row.language);
    let notice = notice.map(|n| t.said(&n));
    if super::signup::is_forming(&row) {
        return super::signup::gm_forming(master, req, token, &row, notice).await;
    }
    let cache = PageCache::of(req);
    let v = gm_page_view(master, &cache, &row, &sent, t, notice.is_some()).await?;
    let (csrf_token, cookie) = csrf(req);
    Ok(private(
        &GmPage {
            t,
            v,
            notice,
            csrf: csrf_token,
        },
        cookie,
    ))
}

pub async fn gm(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    match gm_page(&master, &req, &path, None).await {
        Err(e) => match super::moved::moved_elsewhere(&master, Some(&path), None).await {
            Some(moved) => Ok(moved),
            None => Err(e),
        },
        page => page,
    }
}

pub fn parse_gm_action(f: &BTreeMap<String, String>) -> Result<GmAction, MasterError> {
    let get = |k: &str| f.get(k).map(|s| s.trim()).unwrap_or("");
    Ok(match get("action") {
        "resolve" => GmAction::ResolveNow {
            // The round (or turn) the game master saw open; the API may leave it out.
            round: match get("round") {
                "" => None,
                r => Some(
                    r.parse()
                        .map_err(|_| MasterError::invalid(said!("error-not-round", round = r)))?,
                ),
            },
        },
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
                return Err(MasterError::Invalid(vec![said!(
                    "error-tick-box-confirm-game"
                )]));
            }
            GmAction::End
        }
        "extend" => GmAction::Extend {
            hours: get("hours").parse().map_err(|_| {
                MasterError::invalid(said!("error-not-hours", hours = get("hours")))
            })?,
        },
        "reminders" => GmAction::Reminders {
            hours: crate::master::request::parse_reminder_hours(get("reminder_hours"))
                .map_err(|e| MasterError::Invalid(vec![e]))?,
        },
        "newlink" => GmAction::NewLink {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-player-who-gets")]))?,
        },
        "replace" => GmAction::Replace {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-seat-give-someone")]))?,
            with: crate::master::seats::Newcomer::parse(get("with"), get("name"))
                .map_err(|e| MasterError::Invalid(vec![e]))?,
        },
        "done" => GmAction::MarkDone {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-player-mark-done")]))?,
        },
        other => {
            return Err(MasterError::invalid(said!(
                "error-not-gm-action",
                action = other
            )))
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
            ) => e.said(),
            Err(e) => return Err(e.into()),
        },
        Err(e) => e.said(),
    };
    gm_page(&master, &req, &token, Some(said)).await
}
