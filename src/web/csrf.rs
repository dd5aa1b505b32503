//! Cross-site request forgery: a double-submit cookie, whose form token is the service's
//! signature of it, checked on every form post.

use crate::said;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::{web, HttpRequest};

use super::error::PageError;
use super::forms::Fields;
use crate::master::{Master, MasterError};

const CSRF_COOKIE: &str = "polysleuth_csrf";
const CSRF_HOST_COOKIE: &str = "__Host-polysleuth_csrf";

/// The form token for this browser, and the cookie to set when it has none yet.
/// The CSRF cookie's name: behind https a `__Host-` cookie, which no other site (a sibling
/// subdomain included) can set.
fn csrf_cookie_name(master: &Master) -> &'static str {
    if master.site.https() {
        CSRF_HOST_COOKIE
    } else {
        CSRF_COOKIE
    }
}

pub fn master_of(req: &HttpRequest) -> &Master {
    req.app_data::<web::Data<Master>>()
        .expect("the master is the app's data")
}

/// The form's CSRF token and, for a new visitor, the cookie to set. The token is the
/// service's signature of the cookie: an attacker who manages to set a cookie still cannot
/// write a token that matches it.
pub fn csrf(req: &HttpRequest) -> (String, Option<Cookie<'static>>) {
    let master = master_of(req);
    let name = csrf_cookie_name(master);
    if let Some(c) = req.cookie(name) {
        if c.value().len() == 32 {
            return (master.site.sign_text("csrf", c.value()), None);
        }
    }
    let value = crate::keys::new_key();
    let cookie = Cookie::build(name, value.clone())
        .path("/")
        .http_only(true)
        .secure(master.site.https())
        .same_site(SameSite::Strict)
        .finish();
    (master.site.sign_text("csrf", &value), Some(cookie))
}

pub fn check_csrf(req: &HttpRequest, form: &Fields) -> Result<(), PageError> {
    let master = master_of(req);
    let cookie = req
        .cookie(csrf_cookie_name(master))
        .map(|c| c.value().to_string())
        .unwrap_or_default();
    let sent = form.get("csrf").map(String::as_str).unwrap_or("");
    let expected = master.site.sign_text("csrf", &cookie);
    let same = !cookie.is_empty()
        && bool::from(subtle::ConstantTimeEq::ct_eq(
            sent.as_bytes(),
            expected.as_bytes(),
        ));
    if same {
        Ok(())
    } else {
        Err(PageError(MasterError::Conflict(said!(
            "error-form-expired-came-from"
        ))))
    }
}
