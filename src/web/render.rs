//! Drawing a page: a template rendered with its status, and private pages kept out of every
//! cache. A leaf of the web module, so the error pages and the handlers both draw through it.

use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use askama::Template;

pub fn render_status<T: Template>(code: StatusCode, t: &T) -> HttpResponse {
    match t.render() {
        Ok(body) => HttpResponse::build(code)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(e) => {
            tracing::error!("template: {e}");
            HttpResponse::InternalServerError().body("the page could not be drawn")
        }
    }
}

pub fn render<T: Template>(t: &T) -> HttpResponse {
    render_status(StatusCode::OK, t)
}

/// A private page already drawn, with its form's cookie when the browser has none yet.
pub fn private_page(body: String, csrf: Option<Cookie<'static>>) -> HttpResponse {
    let mut r = HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body);
    if let Some(c) = csrf {
        let _ = r.add_cookie(&c);
    }
    r
}

/// Pages with secrets in their address must not be cached by anyone.
pub fn private<T: Template>(t: &T, csrf: Option<Cookie<'static>>) -> HttpResponse {
    let mut r = render(t);
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    if let Some(c) = csrf {
        let _ = r.add_cookie(&c);
    }
    r
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage<'a> {
    pub t: crate::lang::Lang,
    pub title: &'a str,
    pub message: &'a str,
}
