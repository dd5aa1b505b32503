//! The game master's actions: each one reads the game, asks the rules engine, and stores the
//! change together with the mail it causes in one transaction. The web, the command line, the
//! mail door and the scheduler all call these; none of them decides a rule or writes SQL.
//!
//! One file per use case every game shares: creating and forming games (`create`,
//! `forming`), the game master's actions (`gm`), seats and their replacement, absences,
//! observers, preferences, and the record's publication (`record`); each game's own use cases
//! are in its folder, reached through its table (`table`). This file holds what they share:
//! who is asking, the caches, and what each game keeps while the game master runs.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::clock::now;
use crate::keys;
use crate::mail::Letter;
use crate::site::Site;
use crate::store::{GameRow, PlayerRow, Store, Tx};
use crate::writer::Writer;

pub use crate::error::{MasterError, Result};

mod absence;
pub mod body;
mod create;
mod forming;
pub mod gm;
pub mod house_rules;
mod invitations;
mod joining;
mod observers;
mod prefs;
mod record;
pub mod request;
pub mod seating;
pub mod seats;
pub mod table;
mod turn_clock;

pub use forming::CONFIRM_WITHIN;
pub use gm::GmAction;
pub use observers::MAX_UNCONFIRMED_SUBSCRIPTIONS;
pub use record::deal_given_by;
pub use request::{GameRequest, MAX_UNCONFIRMED_GAMES};

/// How long another instance may still take a replaced link: the age of a cached player row.
pub const PLAYER_CACHE: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct Master {
    pub store: Store,
    /// Where links point and how tokens are signed.
    pub site: Site,
    /// Where turns, inbound mail and outbox claims are written: the group-commit writer of
    /// `serve`, or straight to the database.
    pub writer: Writer,
    /// Player rows change only when a link is replaced, so they are kept a short while after
    /// a read (`PLAYER_CACHE`); this instance forgets a row at once when it replaces its key.
    players: Arc<RwLock<HashMap<i64, (PlayerRow, Instant)>>>,
    /// Who sits in each seat of a game (computer players, absences), for the pages: kept
    /// `PLAYER_CACHE`, forgotten at once when this instance changes a seat.
    seats: Arc<RwLock<HashMap<i64, KeptSeats>>>,
    /// Every game with a table of its own (`table::Table`), as the service was started with.
    tables: &'static [&'static dyn table::Table],
    /// What each game keeps while this game master runs (`table::Table::keep`), found by type.
    parts: Arc<Vec<Arc<dyn Any + Send + Sync>>>,
    /// Where each scheduled pass over games goes on from (`cursor`).
    pub(crate) cursors: Arc<crate::cursor::Cursors>,
}

/// A game's seats as read, and when.
type KeptSeats = (Arc<Vec<PlayerRow>>, Instant);

impl Master {
    /// The game master over a store, writing through `writer` (built with the same games'
    /// rounds), with what each game keeps (`table::Table::keep`).
    pub fn new(
        store: Store,
        site: Site,
        writer: Writer,
        tables: &'static [&'static dyn table::Table],
        parts: Vec<Arc<dyn Any + Send + Sync>>,
    ) -> Master {
        Master {
            tables,
            store,
            site,
            writer,
            players: Default::default(),
            seats: Default::default(),
            parts: Arc::new(parts),
            cursors: Default::default(),
        }
    }

    /// What a game keeps while this game master runs, by its type.
    pub fn part<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.parts.iter().find_map(|p| p.downcast_ref::<T>())
    }

    /// Finds the game a GM link token belongs to.
    pub async fn gm_game(&self, token: &str) -> Result<GameRow> {
        let (id, key) = keys::split_token(token).ok_or(MasterError::BadKey)?;
        let game = self.store.game(&self.store.pool, id).await?;
        game.filter(|g| keys::matches(key, &g.gm_key_hash))
            .ok_or(MasterError::BadKey)
    }

    pub async fn public_game(&self, id: i64) -> Result<GameRow> {
        self.store
            .game(&self.store.pool, id)
            .await?
            .ok_or_else(|| MasterError::NotFound(crate::said!("error-no-game", game = id)))
    }

    /// The player a web link token belongs to.
    pub async fn authenticate(&self, token: &str) -> Result<PlayerRow> {
        let (id, key) = keys::split_token(token).ok_or(MasterError::BadKey)?;
        let player = self.player_row(id).await?;
        player
            // The key given at the start, or the page token every mail links (both checked,
            // each in constant time).
            .filter(|p| {
                keys::matches(key, &p.key_hash) | self.site.is_page_token(id, p.key_version, key)
            })
            .ok_or(MasterError::BadKey)
    }

    /// The player a reply token or link key belongs to, checked in constant time.
    pub async fn player_by_token(&self, token: &str) -> Result<Option<PlayerRow>> {
        let Some((id, key)) = keys::split_token(token) else {
            return Ok(None);
        };
        let player = self.player_row(id).await?;
        Ok(player.filter(|p| {
            self.site.is_reply_token(id, p.key_version, key) | keys::matches(key, &p.key_hash)
        }))
    }

    /// A player's row, from memory after the first read.
    pub async fn player_row(&self, id: i64) -> Result<Option<PlayerRow>> {
        if let Some((p, at)) = self.players.read().expect("cache lock").get(&id) {
            if at.elapsed() < PLAYER_CACHE {
                return Ok(Some(p.clone()));
            }
        }
        let player = self.store.player(&self.store.pool, id).await?;
        if let Some(p) = &player {
            let mut cache = self.players.write().expect("cache lock");
            if cache.len() > 100_000 {
                cache.clear();
            }
            cache.insert(id, (p.clone(), Instant::now()));
        }
        Ok(player)
    }

    /// A game's players as its pages show them, from memory when read in the last
    /// `PLAYER_CACHE`.
    pub async fn seats_of(&self, game_id: i64) -> Result<Arc<Vec<PlayerRow>>> {
        if let Some((rows, at)) = self.seats.read().expect("cache lock").get(&game_id) {
            if at.elapsed() < PLAYER_CACHE {
                return Ok(rows.clone());
            }
        }
        let rows = Arc::new(self.store.players(&self.store.pool, game_id).await?);
        let mut cache = self.seats.write().expect("cache lock");
        if cache.len() > 20_000 {
            cache.clear();
        }
        cache.insert(game_id, (rows.clone(), Instant::now()));
        Ok(rows)
    }

    /// Forgets who sits in a game's seats, after this instance changed one.
    pub(crate) fn forget_seats(&self, game_id: i64) {
        self.seats.write().expect("cache lock").remove(&game_id);
    }

    /// Forgets cached player rows whose key changed.
    pub(crate) fn forget_players(&self, keep: impl Fn(&PlayerRow) -> bool) {
        let mut forgotten = Vec::new();
        self.players
            .write()
            .expect("cache lock")
            .retain(|_, (p, _)| {
                let k = keep(p);
                if !k {
                    forgotten.push(p.game_id);
                }
                k
            });
        let mut seats = self.seats.write().expect("cache lock");
        for g in forgotten {
            seats.remove(&g);
        }
    }

    /// Queues a mail in the caller's transaction.
    pub(crate) async fn send(
        &self,
        tx: &mut Tx,
        game_id: Option<i64>,
        to: &str,
        letter: &Letter,
        now: i64,
    ) -> Result<()> {
        self.store
            .enqueue_mail(tx, &letter.row(game_id, to), now)
            .await?;
        Ok(())
    }

    /// Queues one mail in a transaction of its own.
    pub async fn send_loose(&self, to: &str, letter: Letter, game_id: Option<i64>) -> Result<()> {
        let mut tx = self.store.write().await?;
        self.send(&mut tx, game_id, to, &letter, now()).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// One game's scheduled work failed (its state unreadable, say): the failure is logged and the
/// scheduler goes on with the other games, so one broken game never stops every game's clock.
pub(crate) fn go_on_after(game: i64, what: &str, outcome: Result<()>) {
    if let Err(e) = outcome {
        tracing::error!(game, "{what} failed: {e}");
    }
}

/// One part of a game's clock (passing turns, reminders, computer players…) failed: it is
/// logged, and the tick goes on with its other parts, so a failing part never stops the rest.
/// Returns what the part did, nothing when it failed.
pub(crate) fn part_of_tick(what: &str, outcome: Result<usize>) -> usize {
    outcome.unwrap_or_else(|e| {
        tracing::error!("{what} failed: {e}");
        0
    })
}

/// A value as stored in a JSON column.
pub(crate) fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data serialises")
}
