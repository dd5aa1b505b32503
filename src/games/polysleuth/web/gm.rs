//! Polysleuth's game master's page and the actions sent from it.

use actix_web::{web, HttpRequest};
use askama::Template;

use super::gm_view::{gm_page_view, GmPageView};
use super::play_view::PageCache;
use crate::lang::Lang;
use crate::master::Master;
use crate::web::csrf::csrf;
use crate::web::forms::Fields;
use crate::web::frame::{Banner, Tone};
use crate::web::pages::Page;
use crate::web::render::private;

// ----- the game master's page -----

#[derive(Template)]
#[template(path = "games/polysleuth/gm.html")]
struct GmPage {
    t: Lang,
    v: GmPageView,
    banner: Option<Banner>,
    csrf: String,
}

/// The game master's page, with what their last action did (worded in the page's language).
async fn gm_page(
    master: &Master,
    req: &HttpRequest,
    token: &str,
    notice: Option<(Tone, crate::lang::Said)>,
) -> Page {
    let (row, sent) = master.gm_page(token).await?;
    let t = crate::web::lang::reader(req, row.language);
    let banner = notice.map(|(tone, n)| Banner::new(tone, t.said(&n)));
    if crate::web::signup::is_forming(&row) {
        let notice = banner.map(|b| b.text);
        return crate::web::signup::gm_forming(master, req, token, &row, notice).await;
    }
    let cache = PageCache::of(req);
    let v = gm_page_view(master, &cache, &row, &sent, t, banner.is_some()).await?;
    let (csrf_token, cookie) = csrf(req);
    Ok(private(
        &GmPage {
            t,
            v,
            banner,
            csrf: csrf_token,
        },
        cookie,
    ))
}

pub async fn gm(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    match gm_page(&master, &req, &path, None).await {
        Err(e) => match crate::web::moved::moved_elsewhere(&master, Some(&path), None).await {
            Some(moved) => Ok(moved),
            None => Err(e),
        },
        page => page,
    }
}

pub async fn gm_action(
    req: HttpRequest,
    master: web::Data<Master>,
    limiter: web::Data<crate::web::admission::Limiter>,
    path: web::Path<String>,
    form: web::Form<Fields>,
) -> Page {
    let token = path.into_inner();
    let said = crate::web::gm::posted(&req, &master, &limiter, &token, &form).await?;
    gm_page(&master, &req, &token, Some(said)).await
}
