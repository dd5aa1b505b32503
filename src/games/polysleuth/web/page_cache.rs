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
    extras: Kept<(i64, Lang), (Instant, Arc<GmExtras>)>,
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

    pub fn extras(&self, key: (i64, Lang)) -> Option<Arc<GmExtras>> {
        let map = self.extras.read().expect("cache lock");
        map.get(&key)
            .filter(|(at, _)| at.elapsed() < EXTRAS_FOR)
            .map(|(_, e)| e.clone())
    }

    pub fn keep_extras(&self, key: (i64, Lang), extras: Arc<GmExtras>) {
        let mut map = self.extras.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (Instant::now(), extras));
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
    let seats = master.seats_of(row.id).await?;
    let resolved = master.bulletins_of(row).await?.len();
    let print = {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            &row.state,
            row.status.as_str(),
            row.deadline,
            row.round,
            resolved,
        )
            .hash(&mut h);
        for p in seats.iter() {
            (&p.name, p.away_until, p.computer.map(|c| c.name())).hash(&mut h);
        }
        h.finish()
    };
    if let Some(html) = cache.body((row.id, lang), print) {
        return Ok(html);
    }
    let g = public_game(master, row, state, lang).await?;
    let html = drawn(&BodyPart { t: lang, g: &g })?;
    cache.keep_body((row.id, lang), print, html.clone());
    Ok(html)
}
