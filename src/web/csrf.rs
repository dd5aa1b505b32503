//! Cross-site request forgery: a double-submit cookie, whose form token is the service's
//! signature of it, checked on every form post. The cookie is itself signed: one the service
//! did not issue (planted over plain http, say) is never believed, and a form shown to its
//! holder carries a new cookie and a token for that one.

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
        if issued(master, c.value()) {
            return (master.site.sign_text("csrf", c.value()), None);
        }
    }
    let random = crate::keys::new_key();
    let value = format!("{random}.{}", master.site.sign_text("csrf-cookie", &random));
    let cookie = Cookie::build(name, value.clone())
        .path("/")
        .http_only(true)
        .secure(master.site.https())
        .same_site(SameSite::Strict)
        .finish();
    (master.site.sign_text("csrf", &value), Some(cookie))
}

/// Whether a cookie's value is one this service issued: `RANDOM.SIGNATURE`, the signature
/// right (compared in constant time).
fn issued(master: &Master, value: &str) -> bool {
    let Some((random, signature)) = value.split_once('.') else {
        return false;
    };
    random.len() == 32
        && bool::from(subtle::ConstantTimeEq::ct_eq(
            signature.as_bytes(),
            master.site.sign_text("csrf-cookie", random).as_bytes(),
        ))
}

pub fn check_csrf(req: &HttpRequest, form: &Fields) -> Result<(), PageError> {
    let master = master_of(req);
    let cookie = req
        .cookie(csrf_cookie_name(master))
        .map(|c| c.value().to_string())
        .unwrap_or_default();
    let sent = form.get("csrf").map(String::as_str).unwrap_or("");
    let expected = master.site.sign_text("csrf", &cookie);
    let same = issued(master, &cookie)
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
