//! The game master's actions as a form sends them, for every game's page: `parse_gm_action`
//! reads the form, `form_action` carries it out through the one admission path and says what
//! happened. Every game's game master form is answered by `post` here, and the game master
//! page of every game of turns by `get` (Polysleuth keeps its own, cached); a game only draws
//! the page (`GmPage`).

use std::collections::BTreeMap;

use crate::master::{GmAction, MasterError};
use crate::said;
use crate::web::frame::{ticked, Tone};

/// A game's own game master page, drawn with the banner of the action just taken, if any.
pub(crate) trait GmPage {
    async fn page(
        req: &actix_web::HttpRequest,
        master: &crate::master::Master,
        token: &str,
        notice: Option<(Tone, crate::lang::Said)>,
    ) -> crate::web::error::Page;
}

/// A game master page of a game of turns, as the game draws it from its stored row, in the
/// page's language, with the banner and the form's token the core gives it.
pub(crate) trait GmDraw {
    fn draw(
        row: &crate::store::GameRow,
        t: crate::lang::Lang,
        banner: Option<crate::web::frame::Banner>,
        csrf: String,
    ) -> Result<impl askama::Template, crate::web::error::PageError>;
}

/// The frame of every drawn game master page: the game found by the game master's link, the
/// banner worded in the page's language, a fresh form token, and nothing cached.
impl<G: GmDraw> GmPage for G {
    async fn page(
        req: &actix_web::HttpRequest,
        master: &crate::master::Master,
        token: &str,
        notice: Option<(Tone, crate::lang::Said)>,
    ) -> crate::web::error::Page {
        let row = master.gm_game(token).await?;
        let t = crate::web::lang::reader(req, row.language);
        let banner = notice.map(|(tone, n)| crate::web::frame::Banner::new(tone, t.said(&n)));
        let (csrf, cookie) = crate::web::csrf::csrf(req);
        let page = G::draw(&row, t, banner, csrf)?;
        Ok(crate::web::render::private(&page, cookie))
    }
}

/// Every game master page's address, `{prefix}/gm/{token}`: its page by `GET`, its form by
/// `POST`.
pub(crate) fn resource<G: GmPage + 'static>(path: &str) -> actix_web::Resource {
    use actix_web::web;
    web::resource(path)
        .route(web::get().to(get::<G>))
        .route(web::post().to(post::<G>))
}

/// `GET {prefix}/gm/{token}`: the game master's page of game `G`.
pub(crate) async fn get<G: GmPage>(
    req: actix_web::HttpRequest,
    master: actix_web::web::Data<crate::master::Master>,
    path: actix_web::web::Path<String>,
) -> crate::web::error::Page {
    G::page(&req, &master, &path, None).await
}

/// `POST {prefix}/gm/{token}`: a game master's form for game `G`, carried out (`posted`), then
/// their page with what it did.
pub(crate) async fn post<G: GmPage>(
    req: actix_web::HttpRequest,
    master: actix_web::web::Data<crate::master::Master>,
    limiter: actix_web::web::Data<crate::web::admission::Limiter>,
    path: actix_web::web::Path<String>,
    form: actix_web::web::Form<crate::web::forms::Fields>,
) -> crate::web::error::Page {
    let token = path.into_inner();
    let said = posted(&req, &master, &limiter, &token, &form).await?;
    G::page(&req, &master, &token, Some(said)).await
}

/// Carries out the action a game master's form sent, through the one admission path of every
/// game master's door (the per-game mail limit included), and says what it did — or why not,
/// when the refusal is theirs to read (a bad form, a conflict, too many); any other error is
/// the page's.
pub async fn form_action(
    master: &crate::master::Master,
    limiter: &crate::web::admission::Limiter,
    token: &str,
    f: &BTreeMap<String, String>,
) -> Result<(Tone, crate::lang::Said), MasterError> {
    // An act that cannot be undone, asked for on a page, waits for its box to be ticked
    // (browsers insist on it too; this holds for those that do not).
    if f.get("needs_confirm").is_some_and(|v| v == "yes") && !ticked(f) {
        return Ok((Tone::Refused, said!("error-tick-box-confirm-act")));
    }
    match parse_gm_action(f) {
        Ok(action) => {
            match crate::web::admission::gm_action(master, limiter, token, action).await {
                Ok(said) => Ok((Tone::Done, said)),
                Err(
                    e @ (MasterError::Invalid(_)
                    | MasterError::Conflict(_)
                    | MasterError::TooMany(_)),
                ) => Ok((Tone::Refused, e.said())),
                Err(e) => Err(e),
            }
        }
        Err(e) => Ok((Tone::Refused, e.said())),
    }
}

/// A game master's form as a game's page receives it: its CSRF token checked, then carried
/// out (`form_action`); what the page's banner says.
pub async fn posted(
    req: &actix_web::HttpRequest,
    master: &crate::master::Master,
    limiter: &crate::web::admission::Limiter,
    token: &str,
    f: &BTreeMap<String, String>,
) -> Result<(Tone, crate::lang::Said), crate::web::error::PageError> {
    crate::web::csrf::check_csrf(req, f)?;
    Ok(form_action(master, limiter, token, f).await?)
}

/// The first field of an API call that its action did not read (`read`, as
/// `read_gm_action` gives them), with what it reads: a field it does not read is refused by
/// name, never dropped without a word. Any action may carry `round` and `confirm`, which the
/// pages send.
pub fn unread_field(
    f: &BTreeMap<String, String>,
    read: &[&'static str],
) -> Option<crate::lang::Said> {
    let action = f.get("action").map_or("", |a| a.trim());
    let mut all = vec!["action", "round", "confirm"];
    for field in read {
        if !all.contains(field) {
            all.push(field);
        }
    }
    let field = f.keys().find(|k| !all.contains(&k.as_str()))?;
    Some(said!(
        "error-gm-field-unread",
        action = action,
        field = field.as_str(),
        fields = all.join(", ")
    ))
}

pub fn parse_gm_action(f: &BTreeMap<String, String>) -> Result<GmAction, MasterError> {
    parse_noting(f, &std::cell::RefCell::default())
}

/// The action, with the fields reading it looked at (for `unread_field`).
pub fn read_gm_action(
    f: &BTreeMap<String, String>,
) -> Result<(GmAction, Vec<&'static str>), MasterError> {
    let read = std::cell::RefCell::default();
    let action = parse_noting(f, &read)?;
    Ok((action, read.into_inner()))
}

/// `parse_gm_action`, noting in `read` each field it looks at.
fn parse_noting(
    f: &BTreeMap<String, String>,
    read: &std::cell::RefCell<Vec<&'static str>>,
) -> Result<GmAction, MasterError> {
    let get = |k: &'static str| {
        read.borrow_mut().push(k);
        f.get(k).map(|s| s.trim()).unwrap_or("")
    };
    // The round (or turn) the game master saw open; the API may leave it out.
    let round = match get("round") {
        "" => None,
        r => Some(
            r.parse()
                .map_err(|_| MasterError::invalid(said!("error-not-round", round = r)))?,
        ),
    };
    Ok(match get("action") {
        "resolve" => GmAction::ResolveNow { round },
        "start" => GmAction::Start,
        "pause" => GmAction::Pause,
        "resume" => GmAction::Resume,
        "end" => {
            if !ticked(f) {
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
            round,
        },
        // The page's form always sends the field; an API call that leaves it out would switch
        // every reminder off without a word.
        "reminders" if !f.contains_key("reminder_hours") => {
            return Err(MasterError::Invalid(vec![said!(
                "error-reminder-hours-missing"
            )]))
        }
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
