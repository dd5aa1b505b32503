//! Polysleuth's game master's page and the actions sent from it.

use actix_web::{web, HttpRequest};
use askama::Template;

use super::gm_view::{gm_page_view, GmPageView};
use std::hash::{Hash, Hasher};

use super::page_cache::{row_print, seats_print, Reader};
use super::play_view::PageCache;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::web::csrf::csrf;
use crate::web::frame::{Banner, Tone};
use crate::web::pages::Page;
use crate::web::render::{private, private_page};

// ----- the game master's page -----

#[derive(Template)]
#[template(path = "games/polysleuth/gm.html")]
struct GmPage {
    t: Lang,
    v: GmPageView,
    banner: Option<Banner>,
    csrf: String,
}

/// The page as a link opens it: drawn once per change of the game, its turns or the mail
/// problems shown, and kept for this game's master only, with each request's form token put in.
async fn kept_page(master: &Master, req: &HttpRequest, token: &str) -> Page {
    let (row, sent) = master.gm_page(token).await?;
    let t = crate::web::lang::reader(req, row.language);
    if crate::web::signup::is_forming(&row) {
        return crate::web::signup::gm_forming(master, req, token, &row, None).await;
    }
    let cache = PageCache::of(req);
    let key = (Reader::Master(row.id), t);
    // The game's row, its public body's other sources (records, seats), the turns sent and
    // the language; then which reading of the mail problems.
    let mut drawn_from = rustc_hash::FxHasher::default();
    row_print(&row, &mut drawn_from);
    seats_print(master, &row, &mut drawn_from).await?;
    let resolved = master.bulletins_of(&row).await?.len();
    (resolved, &sent, t.code()).hash(&mut drawn_from);
    let print = |serial: u64| {
        let mut h = drawn_from.clone();
        serial.hash(&mut h);
        h.finish()
    };
    let (csrf_token, cookie) = csrf(req);
    if let Some((_, serial)) = cache.extras((row.id, t)) {
        if let Some(cut) = cache.page(key, print(serial)) {
            return Ok(private_page(cut.with(&csrf_token), cookie));
        }
    }
    let v = gm_page_view(master, &cache, &row, &sent, t, false).await?;
    let print = print(v.extras_serial);
    let drawn = GmPage {
        t,
        v,
        banner: None,
        csrf: cache.marker().to_string(),
    }
    .render()
    .map_err(|e| MasterError::Corrupt(format!("the page cannot be drawn: {e}")))?;
    Ok(private_page(
        cache.keep_page(key, print, &drawn).with(&csrf_token),
        cookie,
    ))
}

pub async fn gm(req: HttpRequest, master: web::Data<Master>, path: web::Path<String>) -> Page {
    match kept_page(&master, &req, &path).await {
        Err(e) => match crate::web::moved::moved_elsewhere(&master, Some(&path), None).await {
            Some(moved) => Ok(moved),
            None => Err(e),
        },
        page => page,
    }
}

/// Polysleuth's game master page after an action, with what it did (worded in the page's
/// language), served by the core (`web::gm::post`); a link opens the kept page (`gm`).
pub struct Gm;

impl crate::web::gm::GmPage for Gm {
    async fn page(
        req: &HttpRequest,
        master: &Master,
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
}
