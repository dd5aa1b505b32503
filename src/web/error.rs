//! One place where errors become HTTP answers: an HTML page for browsers, JSON for the API.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use crate::master::MasterError;

pub fn status(e: &MasterError) -> StatusCode {
    match e {
        MasterError::NotFound(_) => StatusCode::NOT_FOUND,
        MasterError::BadKey => StatusCode::FORBIDDEN,
        MasterError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        MasterError::Conflict(_) => StatusCode::CONFLICT,
        MasterError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        MasterError::Forbidden(_) => StatusCode::FORBIDDEN,
        MasterError::Store(_) | MasterError::Corrupt(_) | MasterError::NotStored(_) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
    }
}

/// What a user is told: store failures are logged, not shown (they may name internals).
pub fn public_message(e: &MasterError) -> String {
    match e {
        MasterError::Store(_) | MasterError::Corrupt(_) => {
            tracing::error!(error = %e, "request failed");
            e.worded(crate::lang::Lang::En)
        }
        other => other.to_string(),
    }
}

/// What a reader of a page is told, in their language where the error is one of ours.
fn page_message(e: &MasterError, t: crate::lang::Lang) -> String {
    if matches!(e, MasterError::Store(_) | MasterError::Corrupt(_)) {
        tracing::error!(error = %e, "request failed");
    }
    e.worded(t)
}

#[derive(Debug)]
pub struct PageError(pub MasterError);

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<E: Into<MasterError>> From<E> for PageError {
    fn from(e: E) -> Self {
        PageError(e.into())
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        status(&self.0)
    }

    fn error_response(&self) -> HttpResponse {
        let t = super::lang::current();
        let title = t.t(&format!("error-{}", self.status_code().as_u16()));
        let page = super::render::ErrorPage {
            t,
            title: &title,
            message: &page_message(&self.0, t),
        };
        super::render::render_status(self.status_code(), &page)
    }
}

#[derive(Debug)]
pub struct ApiError(pub MasterError);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<E: Into<MasterError>> From<E> for ApiError {
    fn from(e: E) -> Self {
        ApiError(e.into())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status(&self.0)
    }

    fn error_response(&self) -> HttpResponse {
        let mut body = serde_json::json!({"error": public_message(&self.0)});
        if let MasterError::Invalid(list) = &self.0 {
            let list: Vec<String> = list.iter().map(|p| p.to_string()).collect();
            body["problems"] = serde_json::json!(list);
        }
        HttpResponse::build(self.status_code()).json(body)
    }
}

/// A JSON body the API could not read, answered as every API error is (`{"error": …}`), with
/// what to change: the content type, the size, or the field serde names.
pub fn json_body(
    e: actix_web::error::JsonPayloadError,
    _: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as J;
    let (status, said) = match &e {
        J::ContentType => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            crate::said!("error-json-content-type"),
        ),
        J::Overflow { .. } | J::OverflowKnownLength { .. } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            crate::said!("error-json-too-large", kib = super::JSON_LIMIT / 1024),
        ),
        J::Deserialize(why) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            crate::said!("error-json-unread", why = why.to_string()),
        ),
        other => (
            StatusCode::BAD_REQUEST,
            crate::said!("error-json-unread", why = other.to_string()),
        ),
    };
    let body = serde_json::json!({"error": said.to_string()});
    actix_web::error::InternalError::from_response(e, HttpResponse::build(status).json(body)).into()
}

/// A path whose parts are not what the route takes (`/games/abc`): no such page, answered as
/// any address without one is (JSON under `/api/`, the framed page elsewhere).
pub fn path_part(e: actix_web::error::PathError, req: &actix_web::HttpRequest) -> actix_web::Error {
    let no_page = MasterError::NotFound(crate::said!("error-no-such-page"));
    let json = req.path().starts_with("/api/") || req.path().ends_with(".json");
    let answer = match json {
        true => ApiError(no_page).error_response(),
        false => PageError(no_page).error_response(),
    };
    actix_web::error::InternalError::from_response(e, answer).into()
}

/// A form the page could not read (a field missing or of the wrong kind): the framed error
/// page, saying what, and to send the form again from a fresh page.
pub fn form_body(
    e: actix_web::error::UrlencodedError,
    _: &actix_web::HttpRequest,
) -> actix_web::Error {
    let said = crate::said!("error-form-unread", why = e.to_string());
    let answer = PageError(MasterError::invalid(said)).error_response();
    actix_web::error::InternalError::from_response(e, answer).into()
}

/// What a page handler answers: the page, or the error page.
pub type Page = Result<actix_web::HttpResponse, PageError>;
