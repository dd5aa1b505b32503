//! Parsed game states kept in memory. A game's state changes only when a round is resolved,
//! so it is parsed once per (game, round) and shared by the pages, the doors and the turn
//! planner; a damaged state is reported, never read as an empty game.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use crate::error::{MasterError, Result};
use crate::games::polysleuth::rules::Game;
use crate::store::{GameRow, GameStatus};

/// The most games kept; past it the cache starts again empty.
const MOST: usize = 20_000;

/// Game id → (round, parsed state).
#[derive(Clone, Default)]
pub struct States {
    cache: Arc<RwLock<HashMap<i64, Kept>>>,
}

/// A game's state as parsed, with what it was parsed from.
type Kept = (i64, Arc<Game>);

impl States {
    /// The parsed state of a game row, from memory when this round was parsed before.
    pub fn of(&self, row: &GameRow) -> Result<Arc<Game>> {
        if let Some((round, state)) = self.cache.read().expect("cache lock").get(&row.id) {
            if *round == row.round && row.status != GameStatus::Over {
                return Ok(state.clone());
            }
        }
        let state = Arc::new(parse(row)?);
        let mut cache = self.cache.write().expect("cache lock");
        if cache.len() > MOST {
            cache.clear();
        }
        cache.insert(row.id, (row.round, state.clone()));
        Ok(state)
    }
}

impl States {
    /// Forgets a game's parsed state: its state changed within a round (a seat given to a
    /// new player). Another instance sees the change at the next round; the closing of a
    /// round always parses the state anew.
    pub fn forget(&self, game_id: i64) {
        self.cache.write().expect("cache lock").remove(&game_id);
    }
}

/// A game row's state, parsed anew.
pub fn parse(row: &GameRow) -> Result<Game> {
    // A game its game master discarded before it started was never dealt: there is nothing
    // to show but that.
    if row.status == crate::store::GameStatus::Over && row.commitment.is_empty() {
        return Err(MasterError::NotFound(crate::said!(
            "error-game-discarded",
            game = row.id
        )));
    }
    if row.ruleset != crate::store::Ruleset::POLYSLEUTH {
        return Err(MasterError::Conflict(crate::said!(
            "error-classic-pages",
            game = row.id
        )));
    }
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}
