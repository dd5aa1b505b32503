//! Polysleuth's JSON API, for scripts and bots: the same views and actions as its pages — a
//! game, a bulletin, a player's seat and turn, the game master's view.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::views;
use crate::games::polysleuth::letters::Ending;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::said;
use crate::web::error::ApiError;

type Answer = Result<HttpResponse, ApiError>;

pub async fn game(master: web::Data<Master>, path: web::Path<i64>) -> Answer {
    let row = master.public_game(path.into_inner()).await?;
    if crate::web::signup::is_forming(&row) {
        let mut v =
            serde_json::to_value(crate::web::signup::forming_view(&master, &row, Lang::En).await?)
                .expect("plain data");
        v["status"] = serde_json::json!(row.status.as_str());
        return Ok(HttpResponse::Ok().json(v));
    }
    let state = crate::games::polysleuth::service::states::parse(&row)?;
    Ok(HttpResponse::Ok().json(views::public_game(&master, &row, &state, Lang::En).await?))
}

pub async fn bulletin(master: web::Data<Master>, path: web::Path<(i64, i64)>) -> Answer {
    let (id, round) = path.into_inner();
    let (b, at) = master.bulletin(id, round).await?;
    let mut v = serde_json::to_value(&b).expect("plain data");
    // The final bulletin publishes the deal and the salt (RULES §5), as the game's own
    // answer does once it is over.
    if b.bulletin.game_over {
        let row = master.public_game(id).await?;
        if let Some(e) = Ending::of(&row, &*master.state_of(&row)?) {
            v["final"] = serde_json::to_value(&e).expect("plain data");
        }
    }
    // The API speaks English: the game master's notes as sentences, not as stored data.
    let notes: Vec<String> = b.notes.iter().map(|n| n.said().to_string()).collect();
    v["notes"] = notes.into();
    v["published_at"] = at.into();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
        .json(v))
}

pub async fn player(master: web::Data<Master>, path: web::Path<String>) -> Answer {
    let seat = master.seat(&path).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(views::player_view(&master, &seat, Lang::En).await?))
}

#[derive(Deserialize)]
struct TurnBody {
    text: String,
}

/// The largest turn request read: a turn of the largest size, in JSON with every character
/// escaped. A larger body is refused before it is read whole.
pub const TURN_BODY_LIMIT: usize = 2 * crate::games::polysleuth::rules::turn::MAX_TURN_BYTES + 1024;

/// A turn as `text/plain`, or JSON `{"text": "…"}`.
pub async fn submit_turn(
    req: HttpRequest,
    master: web::Data<Master>,
    path: web::Path<String>,
    mut payload: web::Payload,
) -> Answer {
    use futures_util::StreamExt;
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| MasterError::invalid(said!("error-request-broke-off")))?;
        if body.len() + chunk.len() > TURN_BODY_LIMIT {
            return Ok(HttpResponse::PayloadTooLarge().json(serde_json::json!({
                "error": format!(
                    "the turn is too large: a turn may have at most {} lines and {} KiB",
                    crate::games::polysleuth::rules::turn::MAX_TURN_LINES,
                    crate::games::polysleuth::rules::turn::MAX_TURN_BYTES / 1024
                )
            })));
        }
        body.extend_from_slice(&chunk);
    }
    let raw = std::str::from_utf8(&body)
        .map_err(|_| MasterError::Invalid(vec![said!("error-turn-not-utf-8")]))?;
    let is_json = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let text = if is_json {
        serde_json::from_str::<TurnBody>(raw)
            .map_err(|e| {
                MasterError::invalid(said!("error-expected-json-text", why = e.to_string()))
            })?
            .text
    } else {
        raw.to_string()
    };
    let reply = master.submit_turn(&path, &text).await?;
    let status = match reply {
        crate::games::polysleuth::service::model::TurnReply::Rejected { .. } => {
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
        }
        _ => actix_web::http::StatusCode::OK,
    };
    Ok(HttpResponse::build(status).json(reply))
}

pub async fn clear_turn(master: web::Data<Master>, path: web::Path<String>) -> Answer {
    Ok(HttpResponse::Ok().json(master.clear_turn(&path).await?))
}

pub async fn gm(master: web::Data<Master>, path: web::Path<String>) -> Answer {
    let row = master.gm_game(&path).await?;
    if crate::web::signup::is_forming(&row) {
        return Ok(HttpResponse::Ok()
            .insert_header(("Cache-Control", "no-store"))
            .json(crate::web::signup::forming_view(&master, &row, Lang::En).await?));
    }
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(super::gm_view::gm_view(&master, &row, Lang::En).await?))
}
