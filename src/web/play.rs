//! The player's private page: the hand, the turn in force, the builders, and every way of
//! changing the turn.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::csrf::{check_csrf, csrf};
use super::forms::Fields;
use super::render::private;
use super::views::{self, Builder, PlayerView};
use crate::deduce::Method;
use crate::master::{Master, MasterError, Seat};
use crate::model::TurnReply;
use crate::rules::LineError;

use super::pages::Page;

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
        "away" => {
            let rounds = f.get("rounds").map(|r| r.trim()).unwrap_or("");
            let said = match rounds.parse::<u32>() {
                Ok(n) => {
                    let player = master.authenticate(&token).await?;
                    match master.declare_absence(&player, n).await {
                        Ok(s) => s,
                        Err(e @ (MasterError::Invalid(_) | MasterError::Conflict(_))) => {
                            e.to_string()
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
                Err(_) => format!(
                    "\"{rounds}\" is not a number of rounds; write e.g. 2, or 0 to come back"
                ),
            };
            return play_page(&master, &req, &token, None, Some(said), vec![]).await;
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
