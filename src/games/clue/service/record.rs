//! A finished game of Clue's record (`/games/{id}/record.json`): the replay input that plays
//! it again — players, seed and salt, house rules, every message carried out — with the
//! commitment, what the game showed at its end (the envelope, and the whole set-up: every hand,
//! the spare cards, the weapons' rooms, every roll of the roll-off), and its whole log (every
//! roll, move, suggestion and card shown). `verify` replays it and compares.

use serde_json::{json, Value};

use super::Stored;
use crate::games::clue::cards::Card;
use crate::master::{Master, Result};
use crate::store::GameRow;

/// A stored game's record.
pub fn record(row: &GameRow, g: &Stored) -> Value {
    let names = |cards: &[Card]| cards.iter().map(|c| c.name()).collect::<Vec<_>>();
    json!({
        "ruleset": "clue",
        "game": row.id,
        "name": row.name,
        "players": g.first_names(),
        "guests": g.game.guests.iter().map(|i| Card::all().nth(*i).map(|c| c.name())).collect::<Vec<_>>(),
        "seed": g.seed,
        "salt": g.salt,
        "settings": g.settings,
        "messages": g.messages,
        "refusal_keeps_stay": g.game.refusal_keeps_stay,
        "commitment": g.commitment(),
        "envelope": names(&g.game.setup.envelope),
        "setup": crate::games::clue::replay::setup_json(&g.game.setup, &g.first_names()),
        "over": g.over(),
        "winner": g.game.winner.map(|w| g.game.players[w].clone()),
        "log": g.log,
        "deal_given_by": crate::master::deal_given_by(row),
    })
}

impl Master {
    /// A finished game's record (the core publishes it only once the game is over).
    pub fn clue_record(&self, row: &GameRow) -> Result<Value> {
        Ok(record(row, &super::parse(row)?))
    }
}
