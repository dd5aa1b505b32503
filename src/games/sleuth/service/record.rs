//! A finished classic game's record (`/games/{id}/record.json`): the `replay` input of a
//! classic game — players as first seated, settings, seed, salt, deal, the Search deck's order
//! and every reshuffle, and every step in the order taken — with the commitment, the public log
//! and the winners that `polysleuth verify` checks it against.

use serde_json::{json, Map, Value};

use crate::games::sleuth::rules::Sleuth;
use crate::master::{Master, MasterError, Result};
use crate::store::GameRow;

impl Master {
    pub(crate) fn classic_record(&self, row: &GameRow) -> Result<Value> {
        let state = super::parse(row)?;
        let mut record = record(&state, &row.commitment);
        record["deal_given_by"] = json!(crate::master::deal_given_by(row));
        Ok(record)
    }
}

/// The record of a game whose state is `state`.
pub fn record(state: &Sleuth, commitment: &str) -> Value {
    let first = state.first_seated();
    let mut deal = Map::new();
    for (name, hand) in first.iter().zip(&state.deal.hands) {
        deal.insert(name.clone(), json!(hand));
    }
    deal.insert("table".into(), json!(state.deal.table));
    deal.insert("missing".into(), json!(state.deal.missing));
    json!({
        "ruleset": "sleuth",
        "players": first,
        "settings": state.settings,
        "seed": state.seed,
        "salt": state.salt,
        "deal": deal,
        "search_deck": state.search_order,
        "reshuffles": state.reshuffles,
        "steps": state.steps,
        "turns_among_skipped": state.turns_among_skipped,
        "commitment": commitment,
        "log": state.public().log,
        "winners": state.winners.iter().map(|s| state.players[*s].clone()).collect::<Vec<_>>(),
        "missing": state.deal.missing,
    })
}

/// Why a game's record is not published yet.
pub fn not_over(id: i64) -> MasterError {
    MasterError::NotFound(crate::said!("error-record-not-yet", game = id))
}
