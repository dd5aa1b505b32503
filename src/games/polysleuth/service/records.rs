//! Reading the record: the bulletins of a game and a player's private reports, decoded from
//! their stored JSON with damage reported, never skipped. A round's record never changes once
//! written, so what was decoded is kept, per game, until the game has more rounds: a page of
//! a long game does not parse thirty bulletins on every view.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use crate::games::polysleuth::rules::view::PrivateReport;
use crate::games::polysleuth::service::model::StoredBulletin;
use crate::master::{Master, MasterError, Result};
use crate::store::{GameRow, GameStatus};

/// The most games (or seats) kept; past it a cache starts again empty.
const MOST: usize = 20_000;

type Bulletins = Arc<Vec<(StoredBulletin, i64)>>;
type Reports = Arc<Vec<(i64, PrivateReport)>>;

/// Decoded bulletins by game, and reports by (game, seat).
#[derive(Default)]
pub struct Records {
    bulletins: RwLock<HashMap<i64, Bulletins>>,
    reports: RwLock<HashMap<(i64, i64), Reports>>,
}

/// How many rounds of a game have a record: every round before the open one, or all of them
/// once the game is over.
fn resolved(row: &GameRow) -> usize {
    match row.status {
        GameStatus::Over => row.round.max(0) as usize,
        _ => (row.round - 1).max(0) as usize,
    }
}

fn kept<K: std::hash::Hash + Eq + Copy, V>(
    cache: &RwLock<HashMap<K, Arc<Vec<V>>>>,
    key: K,
    rounds: usize,
) -> Option<Arc<Vec<V>>> {
    let cache = cache.read().expect("cache lock");
    cache.get(&key).filter(|v| v.len() == rounds).cloned()
}

fn keep<K: std::hash::Hash + Eq, V>(
    cache: &RwLock<HashMap<K, Arc<Vec<V>>>>,
    key: K,
    value: Arc<Vec<V>>,
) {
    let mut cache = cache.write().expect("cache lock");
    if cache.len() > MOST {
        cache.clear();
    }
    cache.insert(key, value);
}

impl Master {
    /// Stored bulletins of a game, newest first, each with the time it was published.
    pub async fn bulletins(&self, game_id: i64) -> Result<Vec<(StoredBulletin, i64)>> {
        self.store
            .bulletins(game_id)
            .await?
            .into_iter()
            .map(|row| Ok((decode("bulletin", row.round, &row.body)?, row.published_at)))
            .collect()
    }

    /// The bulletins of a game as its row stands, from memory when they were read before.
    pub async fn bulletins_of(&self, row: &GameRow) -> Result<Bulletins> {
        let rounds = resolved(row);
        if let Some(kept) = kept(&super::kept(self).records.bulletins, row.id, rounds) {
            return Ok(kept);
        }
        let read = Arc::new(self.bulletins(row.id).await?);
        if read.len() == rounds {
            keep(&super::kept(self).records.bulletins, row.id, read.clone());
        }
        Ok(read)
    }

    pub async fn bulletin(&self, game_id: i64, round: i64) -> Result<(StoredBulletin, i64)> {
        let row = self.store.bulletin(game_id, round).await?.ok_or_else(|| {
            MasterError::NotFound(crate::said!(
                "error-no-bulletin-yet",
                game = game_id,
                round = round
            ))
        })?;
        Ok((decode("bulletin", round, &row.body)?, row.published_at))
    }

    /// One player's private reports, oldest first.
    pub async fn reports(&self, game_id: i64, seat: i64) -> Result<Vec<(i64, PrivateReport)>> {
        self.store
            .reports(game_id, seat)
            .await?
            .into_iter()
            .map(|row| Ok((row.round, decode("report", row.round, &row.body)?)))
            .collect()
    }

    /// A seat's reports as its game's row stands, from memory when they were read before.
    pub async fn reports_of(&self, row: &GameRow, seat: i64) -> Result<Reports> {
        let rounds = resolved(row);
        if let Some(kept) = kept(&super::kept(self).records.reports, (row.id, seat), rounds) {
            return Ok(kept);
        }
        let read = Arc::new(self.reports(row.id, seat).await?);
        if read.len() == rounds {
            keep(
                &super::kept(self).records.reports,
                (row.id, seat),
                read.clone(),
            );
        }
        Ok(read)
    }
}

fn decode<T: serde::de::DeserializeOwned>(what: &str, round: i64, body: &str) -> Result<T> {
    serde_json::from_str(body).map_err(|e| MasterError::Corrupt(format!("{what} {round}: {e}")))
}
