//! Parsed game states kept in memory. A game's state changes only when a round is resolved,
//! so it is parsed once per (game, round) and shared by the pages, the doors and the turn
//! planner; a damaged state is reported, never read as an empty game.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use crate::error::{MasterError, Result};
use crate::rules::Game;
use crate::store::{GameRow, GameStatus};

/// The most games kept; past it the cache starts again empty.
const MOST: usize = 20_000;

/// Game id → (the state's text, parsed state). The text is compared, not only the round: a
/// seat given to a new player changes the state within a round.
#[derive(Clone, Default)]
pub struct States {
    cache: Arc<RwLock<HashMap<i64, Kept>>>,
}

/// A state's text and the game parsed from it.
type Kept = (Arc<str>, Arc<Game>);

impl States {
    /// The parsed state of a game row, from memory when this round was parsed before.
    pub fn of(&self, row: &GameRow) -> Result<Arc<Game>> {
        if let Some((text, state)) = self.cache.read().expect("cache lock").get(&row.id) {
            if **text == *row.state && row.status != GameStatus::Over {
                return Ok(state.clone());
            }
        }
        let state = Arc::new(parse(row)?);
        let mut cache = self.cache.write().expect("cache lock");
        if cache.len() > MOST {
            cache.clear();
        }
        cache.insert(row.id, (Arc::from(row.state.as_str()), state.clone()));
        Ok(state)
    }
}

/// A game row's state, parsed anew.
pub fn parse(row: &GameRow) -> Result<Game> {
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}
