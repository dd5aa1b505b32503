//! Polysleuth's public pages: the game's table with its standings and bulletins, one
//! bulletin (HTML or plain text, cached forever once published), and the Atom feed.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::views::{self, PublicGame};
use crate::games::polysleuth::letters::{bulletin_text, Ending};
use crate::games::polysleuth::service::model::StoredBulletin;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::web::csrf::csrf;
use crate::web::pages::Page;
use crate::web::render::render;

// ----- public pages -----

#[derive(Template)]
#[template(path = "games/polysleuth/game.html")]
struct GamePage {
    t: Lang,
    g: PublicGame,
    csrf: String,
}

pub async fn game(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let row = master.public_game(path.into_inner()).await?;
    if crate::web::signup::is_forming(&row) {
        return crate::web::signup::forming_page(&master, &req, &row, None).await;
    }
    if let Some(path) =
        master.has_own_pages(row.ruleset, &crate::master::table::CorePage::Game(row.id))
    {
        return Ok(crate::web::moved::see_other(&path));
    }
    let state = crate::games::polysleuth::service::states::parse(&row)?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = views::public_game(&master, &row, &state, t).await?;
    let (csrf, cookie) = csrf(&req);
    let mut r = render(&GamePage { t, g, csrf });
    if let Some(c) = cookie {
        let _ = r.add_cookie(&c);
    }
    Ok(r)
}

#[derive(Template)]
#[template(path = "games/polysleuth/bulletin.html")]
struct BulletinPage {
    t: Lang,
    game_id: i64,
    game_name: String,
    b: StoredBulletin,
    /// The game's `one_trait_markup`: an answer's bid is told apart from it.
    markup: u32,
    /// The deal and the salt, under the final bulletin alone.
    ending: Option<Ending>,
}

/// A bulletin never changes once published: a strong ETag and immutable caching.
pub async fn bulletin(
    req: HttpRequest,
    master: web::Data<Master>,
    cache: web::Data<BulletinCache>,
    path: web::Path<(i64, String)>,
) -> Page {
    let (id, round) = path.into_inner();
    let (round, text) = match round.strip_suffix(".txt") {
        Some(r) => (r.to_string(), true),
        None => (round, false),
    };
    let round: i64 = round
        .parse()
        .map_err(|_| MasterError::NotFound(crate::said!("error-not-round", round = &round)))?;
    // The reader's own choice, or None for the game's language (known once the game is read).
    let asked = crate::web::lang::chosen(&req).or_else(|| {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::from_accept_language)
    });
    let etag = format!(
        "\"b2-{id}-{round}-{}-{}\"",
        if text { "t" } else { "h" },
        asked.map_or("g", Lang::code)
    );
    if req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    let key = (id, round, text, asked);
    let body = match cache.get(&key) {
        Some(body) => body,
        None => {
            // The bulletin first, then the game: a final bulletin is committed with the state
            // that ended the game, so the game read after it is over and gives the ending.
            let (b, _) = master.bulletin(id, round).await?;
            let row = master.public_game(id).await?;
            let t = asked.unwrap_or(row.language);
            let state = master.state_of(&row)?;
            let markup = state.settings.one_trait_markup;
            let ending = b
                .bulletin
                .game_over
                .then(|| Ending::of(&row, &state))
                .flatten();
            let body = if text {
                bulletin_text(&row, &b, t, markup, ending.as_ref())
            } else {
                BulletinPage {
                    t,
                    game_id: id,
                    game_name: row.name,
                    b,
                    markup,
                    ending,
                }
                .render()
                .map_err(|e| MasterError::Corrupt(e.to_string()))?
            };
            cache.put(key, body)
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(if text {
            "text/plain; charset=utf-8"
        } else {
            "text/html; charset=utf-8"
        })
        .insert_header((header::ETAG, etag))
        .insert_header((header::VARY, "Accept-Language, Cookie"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(body))
}

/// A rendered bulletin: game, round, plain text or not, and the reader's language (None:
/// the game's).
type BulletinKey = (i64, i64, bool, Option<Lang>);

/// Rendered bulletins: a bulletin never changes once published, so it is drawn once per
/// language.
#[derive(Default)]
pub struct BulletinCache(
    std::sync::RwLock<std::collections::HashMap<BulletinKey, actix_web::web::Bytes>>,
);

impl BulletinCache {
    /// Bounded: when full it starts again, which costs only a re-render.
    const MAX: usize = 4096;

    fn get(&self, key: &BulletinKey) -> Option<actix_web::web::Bytes> {
        self.0.read().expect("cache lock").get(key).cloned()
    }

    fn put(&self, key: BulletinKey, body: String) -> actix_web::web::Bytes {
        let body = actix_web::web::Bytes::from(body);
        let mut map = self.0.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, body.clone());
        body
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/feed.xml")]
struct Feed {
    t: Lang,
    g: PublicGame,
    base: String,
    updated: String,
    entries: Vec<(u32, String, String)>,
}

pub async fn feed(req: HttpRequest, master: web::Data<Master>, path: web::Path<i64>) -> Page {
    let id = path.into_inner();
    if crate::web::signup::is_forming(&master.public_game(id).await?) {
        return Err(
            MasterError::NotFound(crate::said!("error-no-bulletins-yet", game = id)).into(),
        );
    }
    let row = master.public_game(id).await?;
    let t = crate::web::lang::reader(&req, row.language);
    let g = views::public_game_by_id(&master, id, t).await?;
    let rfc = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    // The final bulletin's entry publishes the deal and the salt, as the bulletin does.
    let ending = g.final_.as_ref().map(|f| &f.ending);
    let entries = g
        .bulletins
        .iter()
        .map(|b| {
            (
                b.round,
                rfc(b.published_at),
                bulletin_text(&row, &b.stored, t, g.markup, ending),
            )
        })
        .collect();
    let updated = rfc(g
        .bulletins
        .first()
        .map(|b| b.published_at)
        .unwrap_or(row.created_at));
    let body = Feed {
        t,
        base: master.site.link(""),
        updated,
        entries,
        g,
    }
    .render()
    .map_err(|e| MasterError::Corrupt(e.to_string()))?;
    // XML 1.0 allows no control characters but tab and line ends, whatever a name holds.
    let body: String = body
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(body))
}
