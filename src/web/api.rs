//! The JSON API, for scripts and bots: the same views and actions as the pages.

use crate::said;
use std::collections::BTreeMap;

use actix_web::{web, HttpRequest, HttpResponse};

use super::error::ApiError;
use crate::clock::now;
use crate::master::body::NewGameBody;
use crate::master::{Master, MasterError};

type Answer = Result<HttpResponse, ApiError>;

pub async fn list_games(master: web::Data<Master>) -> Answer {
    Ok(HttpResponse::Ok().json(super::signup::listed(&master).await?))
}

pub async fn gm_action(
    master: web::Data<Master>,
    limiter: web::Data<super::admission::Limiter>,
    path: web::Path<String>,
    body: web::Json<BTreeMap<String, serde_json::Value>>,
) -> Answer {
    let fields: BTreeMap<String, String> = body
        .into_inner()
        .into_iter()
        .map(|(k, v)| {
            (
                k,
                v.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| v.to_string()),
            )
        })
        .collect();
    let (action, read) = super::gm::read_gm_action(&fields)?;
    if let Some(unread) = super::gm::unread_field(&fields, &read) {
        return Err(MasterError::invalid(unread).into());
    }
    let said = super::admission::gm_action(&master, &limiter, &path, action).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"said": said.to_string()})))
}

/// Makes a game as the service's policy allows (`super::admission`). A game that waits for
/// its game master is answered without the game master's link: it goes by mail to the
/// address named, whose owner starts the game.
pub async fn create_game(
    req: HttpRequest,
    master: web::Data<Master>,
    policy: web::Data<super::admission::CreateGames>,
    limiter: web::Data<super::admission::Limiter>,
    body: web::Json<NewGameBody>,
) -> Answer {
    let token = req
        .headers()
        .get("x-polysleuth-create-token")
        .and_then(|v| v.to_str().ok());
    let wait = policy.admit(token)?;
    let body = body.into_inner();
    // Nobody who plays or runs a game may choose its deal: only the operator's command line
    // gives a seed or a deal.
    for (field, given) in [("seed", body.seed.is_some()), ("deal", body.deal.is_some())] {
        if given {
            return Err(MasterError::Invalid(vec![said!(
                "error-seed-operator-only",
                field = field
            )])
            .into());
        }
    }
    let mut request = body
        .draft()
        .check(now(), &master.house_rules())
        .map_err(MasterError::Invalid)?;
    if wait {
        // Anonymous makers are counted; an open or token service trusts its users.
        limiter.check_maker(&req, &request)?;
    }
    request.wait_for_gm = wait;
    let created = super::admission::make_game(&master, request).await?;
    if wait {
        return Ok(HttpResponse::Created().json(serde_json::json!({
            "id": created.id,
            "public_page": created.public_page,
            "status": "unconfirmed",
            "players": created.players,
            "message": super::admission::WAITING,
        })));
    }
    Ok(HttpResponse::Created().json(created))
}

/// The inbound-mail webhook: the raw RFC 5322 message as the body, the shared secret in the
/// `X-Polysleuth-Secret` header (or `Authorization: Bearer …`). 503 asks the provider to retry.
pub async fn inbound_mail(
    req: HttpRequest,
    master: web::Data<Master>,
    secret: web::Data<super::InboundSecret>,
    body: web::Bytes,
) -> Answer {
    let Some(expected) = &secret.0 else {
        return Err(MasterError::NotFound(said!("error-inbound-mail-door-not")).into());
    };
    let given = req
        .headers()
        .get("x-polysleuth-secret")
        .and_then(|v| v.to_str().ok())
        .or_else(|| {
            req.headers()
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
        })
        .unwrap_or("");
    if !crate::keys::matches(given.trim(), &crate::keys::hash(expected)) {
        return Ok(HttpResponse::Unauthorized()
            .json(serde_json::json!({"error": "the inbound mail secret is missing or wrong"})));
    }
    let ingested = crate::mail::door::ingest(&master, &body).await?;
    Ok(HttpResponse::Ok().json(ingested))
}

/// A finished game's record, for `polysleuth replay` and `polysleuth verify`.
pub async fn record(master: web::Data<Master>, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    let record = master.record(id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("inline; filename=\"polysleuth-game-{id}-record.json\""),
        ))
        .json(record))
}
