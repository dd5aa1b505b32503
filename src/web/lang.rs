//! Which language a page is drawn in. A player's own page follows the language they chose
//! (their page has the switch); every other page follows the reader's choice from the switch
//! (a cookie), then their browser's `Accept-Language`, then the game's language (or English
//! for pages of no game).

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};

use crate::lang::Lang;

/// The cookie the switch sets.
const COOKIE: &str = "lang";

tokio::task_local! {
    /// The reader's language while a request is answered: error pages, drawn without the
    /// request, read it.
    static READER: std::cell::Cell<Lang>;
}

/// Answers a request with its reader's language known to the error pages.
pub async fn scoped<F: std::future::Future>(lang: Lang, f: F) -> F::Output {
    READER.scope(std::cell::Cell::new(lang), f).await
}

/// The language of the request being answered (English outside one).
pub fn current() -> Lang {
    READER.try_with(|l| l.get()).unwrap_or_default()
}

/// Once a request is known to be a player's own (their link's key checked), its error pages
/// follow the language that player chose, as their page does.
pub fn settle(lang: Lang) {
    let _ = READER.try_with(|l| l.set(lang));
}

/// The reader's language for a page whose own language is `fallback`.
pub fn reader(req: &HttpRequest, fallback: Lang) -> Lang {
    chosen(req)
        .or_else(|| {
            req.headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or(fallback)
}

/// The language the reader chose: the switch's `?lang=fr` on this request, or its cookie.
pub fn chosen(req: &HttpRequest) -> Option<Lang> {
    switched(req.query_string()).or_else(|| req.cookie(COOKIE).and_then(|c| Lang::parse(c.value())))
}

/// The language a query string's `lang=` names: the switch is a link to `?lang=fr`, which
/// keeps whatever page it is on.
fn switched(query: &str) -> Option<Lang> {
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(Lang::parse)
}

/// Remembers a switch for the reader's next pages: called on every answer.
pub fn remember<B>(query: &str, res: &mut HttpResponse<B>) {
    if let Some(lang) = switched(query) {
        let cookie = Cookie::build(COOKIE, lang.code())
            .path("/")
            .same_site(SameSite::Lax)
            .max_age(actix_web::cookie::time::Duration::days(365))
            .finish();
        let _ = res.add_cookie(&cookie);
    }
}
