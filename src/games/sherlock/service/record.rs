//! A finished game of Sherlock Solitaire's record (`/games/{id}/record.json`): the replay
//! input that plays it again — seed and salt, settings, every step carried out — with the
//! commitment, the deck's order and how the game ended. `verify` replays it and compares.

use serde_json::{json, Value};

use crate::games::sherlock::setup::deck;
use crate::games::sherlock::stored::Stored;
use crate::master::{Master, Result};
use crate::store::GameRow;

/// A stored game's record.
pub fn record(row: &GameRow, g: &Stored) -> Value {
    json!({
        "ruleset": "sherlock",
        "game": row.id,
        "name": row.name,
        "players": g.players,
        "daily": g.daily,
        "seed": g.seed,
        "salt": g.salt,
        "settings": g.game.settings,
        "messages": g.messages,
        "commitment": g.commitment(),
        "deck": deck(g.seed).iter().map(|c| c.face()).collect::<Vec<_>>(),
        "over": g.over(),
        "outcome": g.game.outcome,
        "turn": g.game.turn,
        "wounds": g.game.wounds,
        "refusal_keeps_turn": g.game.refusal_keeps_turn,
        "short_draw_on_empty_pile": g.game.short_draw_on_empty_pile,
        "deal_given_by": crate::master::deal_given_by(row),
    })
}

impl Master {
    /// A finished game's record (the core publishes it only once the game is over).
    /// A daily case's record waits for its day to end: it holds the deck.
    pub fn sherlock_record(&self, row: &GameRow) -> Result<Value> {
        let state = super::parse(row)?;
        if let Some(day) = state.daily.as_ref().filter(|d| !super::daily::ended(d)) {
            return Err(crate::master::MasterError::Conflict(crate::said!(
                "error-sherlock-daily-record",
                day = day.as_str()
            )));
        }
        Ok(record(row, &state))
    }
}
