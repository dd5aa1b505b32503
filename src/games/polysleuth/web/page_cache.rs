//! Drawn parts of the pages players and game masters open most, kept until what they show
//! changes: the game's public body, each seat's Information Sheet grid, and (for a moment)
//! the game master's mail problems and standbys.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use askama::Template;

use super::gm_extras::GmExtras;
use super::views::{public_game, PublicGame};
use crate::lang::Lang;
use crate::master::{Master, MasterError};

/// A map of kept parts, read by many requests at once.
type Kept<K, V> = RwLock<HashMap<K, V>>;

/// Drawn parts of pages, kept until what they show changes.
#[derive(Default)]
pub struct PageCache {
    /// (game, seat, language) → (what the grid was drawn from, the grid).
    grids: Kept<(i64, i64, Lang), (GridStamp, Arc<str>)>,
    /// (game, language) → (fingerprint of the game, the public body).
    bodies: Kept<(i64, Lang), (u64, Arc<str>)>,
    /// (game, language) → (when read, the game master's mail problems and standbys).
    extras: Kept<(i64, Lang), (Instant, Kept_<GmExtras>)>,
    /// Numbers each reading of the extras, for the fingerprint of a page that shows them.
    serial: std::sync::atomic::AtomicU64,
    /// Whole private pages: (reader, language) → (fingerprint of all the page shows, the page
    /// cut where its form token goes). Only ever served to the reader it was drawn for.
    pages: Kept<(Reader, Lang), (u64, Arc<Cut>)>,
    /// What a page is drawn with in place of the form token, to cut it there: random, so no
    /// text a player writes can be mistaken for it.
    marker: std::sync::OnceLock<String>,
}

/// A part read once and numbered, so a page drawn from it knows which reading it showed.
pub type Kept_<T> = (Arc<T>, u64);

/// Whose whole page is kept: a player (by their row) or a game's master (by the game).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reader {
    Player(i64),
    Master(i64),
}

/// A drawn page cut where its form token goes: the token is the only part drawn per request
/// (each browser has its own).
pub struct Cut(Vec<String>);

impl Cut {
    /// The page with this request's form token put back.
    pub fn with(&self, token: &str) -> String {
        let size = self.0.iter().map(String::len).sum::<usize>() + token.len() * self.0.len();
        let mut page = String::with_capacity(size);
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                page.push_str(token);
            }
            page.push_str(part);
        }
        page
    }
}

/// How long the game master's page shows mail problems and standbys from memory.
const EXTRAS_FOR: Duration = Duration::from_secs(2);

/// A grid stays right while the game's resolved rounds and the stored sheet's round stay.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GridStamp {
    pub resolved: i64,
    pub stored: Option<i64>,
}

impl PageCache {
    /// The service's cache, or an empty one where the app has none (nothing is kept then).
    pub fn of(req: &actix_web::HttpRequest) -> actix_web::web::Data<PageCache> {
        req.app_data::<actix_web::web::Data<PageCache>>()
            .cloned()
            .unwrap_or_else(|| actix_web::web::Data::new(PageCache::default()))
    }

    /// Bounded: when full it starts again, which costs only drawing again.
    const MAX: usize = 20_000;

    pub fn grid(&self, key: (i64, i64, Lang), stamp: GridStamp) -> Option<Arc<str>> {
        let map = self.grids.read().expect("cache lock");
        map.get(&key)
            .filter(|(s, _)| *s == stamp)
            .map(|(_, h)| h.clone())
    }

    pub fn keep_grid(&self, key: (i64, i64, Lang), stamp: GridStamp, html: Arc<str>) {
        let mut map = self.grids.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (stamp, html));
    }

    pub fn extras(&self, key: (i64, Lang)) -> Option<Kept_<GmExtras>> {
        let map = self.extras.read().expect("cache lock");
        map.get(&key)
            .filter(|(at, _)| at.elapsed() < EXTRAS_FOR)
            .map(|(_, e)| e.clone())
    }

    pub fn keep_extras(&self, key: (i64, Lang), extras: Arc<GmExtras>) -> Kept_<GmExtras> {
        let serial = self
            .serial
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut map = self.extras.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (Instant::now(), (extras.clone(), serial)));
        (extras, serial)
    }

    /// The most whole pages kept (each some 30 KB): the pages being opened right now.
    const MOST_PAGES: usize = 1_000;

    /// The stand-in for the form token.
    pub fn marker(&self) -> &str {
        self.marker.get_or_init(crate::keys::new_key)
    }

    /// A reader's whole page, when what it shows has not changed.
    pub fn page(&self, key: (Reader, Lang), print: u64) -> Option<Arc<Cut>> {
        let map = self.pages.read().expect("cache lock");
        map.get(&key)
            .filter(|(p, _)| *p == print)
            .map(|(_, cut)| cut.clone())
    }

    /// Cuts a page drawn with the marker for its form token, and keeps it.
    pub fn keep_page(&self, key: (Reader, Lang), print: u64, page: &str) -> Arc<Cut> {
        let cut = Arc::new(Cut(page.split(self.marker()).map(String::from).collect()));
        let mut map = self.pages.write().expect("cache lock");
        if map.len() >= Self::MOST_PAGES {
            map.clear();
        }
        map.insert(key, (print, cut.clone()));
        cut
    }

    pub fn body(&self, key: (i64, Lang), print: u64) -> Option<Arc<str>> {
        let map = self.bodies.read().expect("cache lock");
        map.get(&key)
            .filter(|(p, _)| *p == print)
            .map(|(_, h)| h.clone())
    }

    pub fn keep_body(&self, key: (i64, Lang), print: u64, html: Arc<str>) {
        let mut map = self.bodies.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (print, html));
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/game_body.html")]
struct BodyPart<'a> {
    t: Lang,
    g: &'a PublicGame,
}

pub fn drawn<T: Template>(t: &T) -> Result<Arc<str>, MasterError> {
    t.render()
        .map(Arc::from)
        .map_err(|e| MasterError::Corrupt(format!("a page part cannot be drawn: {e}")))
}

/// The game's public body (standings, rules, bulletins), drawn again only when the game's
/// state, schedule, bulletins or seats change.
pub async fn public_body(
    master: &Master,
    cache: &PageCache,
    row: &crate::store::GameRow,
    state: &crate::games::polysleuth::rules::Game,
    lang: Lang,
) -> Result<Arc<str>, MasterError> {
    let print = body_print(master, row).await?;
    if let Some(html) = cache.body((row.id, lang), print) {
        return Ok(html);
    }
    let g = public_game(master, row, state, lang).await?;
    let html = drawn(&BodyPart { t: lang, g: &g })?;
    cache.keep_body((row.id, lang), print, html.clone());
    Ok(html)
}

/// What the game's public body is drawn from: its state, schedule, bulletins and seats.
async fn body_print(master: &Master, row: &crate::store::GameRow) -> Result<u64, MasterError> {
    let resolved = master.bulletins_of(row).await?.len();
    let mut h = rustc_hash::FxHasher::default();
    (
        &row.state,
        row.status.as_str(),
        row.deadline,
        row.round,
        resolved,
    )
        .hash(&mut h);
    seats_print(master, row, &mut h).await?;
    Ok(h.finish())
}

/// What the public body shows of the seats (names, absences, computer players), hashed.
pub async fn seats_print(
    master: &Master,
    row: &crate::store::GameRow,
    h: &mut impl Hasher,
) -> Result<(), MasterError> {
    for p in master.seats_of(row.id).await?.iter() {
        (&p.name, p.away_until, p.computer.map(|c| c.name())).hash(h);
    }
    Ok(())
}

/// Everything of a game's row a page may show, hashed (its secrets are left out).
pub fn row_print(row: &crate::store::GameRow, h: &mut impl Hasher) {
    (
        row.id,
        &row.name,
        row.listed,
        row.status.as_str(),
        row.round,
        &row.state,
        row.round_seconds,
        row.grace_seconds,
        &row.time_zone,
        row.deadline,
        row.remaining,
        row.close_at,
    )
        .hash(h);
    (
        &row.gm_notes,
        &row.gm_done,
        row.created_at,
        &row.reminder_hours,
        &row.reminders_sent,
        row.language.code(),
        row.turn_deadline,
        row.turn_reminded,
        row.operator_deal,
        &row.commitment,
    )
        .hash(h);
}
