//! A finished Polysleuth game's record: everything needed to re-run it and check it, in the
//! `replay` format with what only a record adds — the salt and the commitment, what the game
//! master did that changed an outcome, how each round closed, and the bulletins as they were
//! published. `polysleuth replay` reproduces the bulletins from it, and `polysleuth verify`
//! checks them and the commitment.

use serde_json::{json, Map, Value};

use super::replay::{GmRuling, Replacement};
use super::rules::view::DoneReason;
use crate::master::{Master, Result};
use crate::model::Note;

impl Master {
    /// The record of a finished game of Polysleuth (its table's `record`).
    pub(crate) async fn polysleuth_record(&self, row: &crate::store::GameRow) -> Result<Value> {
        let game_id = row.id;
        let state = self.state_of(row)?;
        let mut bulletins = self.bulletins(game_id).await?;
        bulletins.sort_by_key(|(b, _)| b.bulletin.round);
        // Seats given to new players, from the bulletins' notes; each round's names.
        let mut replacements = Vec::new();
        for (stored, _) in &bulletins {
            for (new, _, seat) in stored.notes.iter().filter_map(replacement) {
                replacements.push((stored.bulletin.round, seat, new));
            }
        }
        let mut names_by_round = vec![state.players.clone(); bulletins.len() + 1];
        for (round, seat, _) in replacements.iter().rev() {
            let old = bulletins
                .iter()
                .find(|(b, _)| b.bulletin.round == *round)
                .and_then(|(b, _)| {
                    b.notes
                        .iter()
                        .filter_map(replacement)
                        .find(|r| r.2 == *seat)
                })
                .map(|r| r.1)
                .unwrap_or_default();
            for names in names_by_round.iter_mut().take(*round as usize - 1) {
                names[*seat] = old.clone();
            }
        }
        let names = &names_by_round[0];
        let mut rounds: Vec<Map<String, Value>> = vec![Map::new(); bulletins.len()];
        for (round, turn) in self.store.all_turns(game_id).await? {
            let r = (round - 1).max(0) as usize;
            if let Some(texts) = rounds.get_mut(r) {
                let name = names_by_round[r]
                    .get(turn.seat as usize)
                    .cloned()
                    .unwrap_or_default();
                texts.insert(name, Value::String(turn.text));
            }
        }
        let mut rulings = Vec::new();
        let last = bulletins.len();
        for (i, (stored, _)) in bulletins.iter().enumerate() {
            let b = &stored.bulletin;
            let done: Vec<String> = b
                .newly_done
                .iter()
                .filter(|d| d.reason == DoneReason::GameMaster)
                .map(|d| d.player.to_string())
                .collect();
            // The game master's "end now" closes the last round and publishes every card.
            let end = i + 1 == last && stored.notes.contains(&Note::Ended);
            if !done.is_empty() || end {
                rulings.push(GmRuling {
                    round: b.round,
                    done,
                    end,
                });
            }
        }
        let mut deal = Map::new();
        for (name, hand) in names.iter().zip(&state.deal.hands) {
            deal.insert(name.clone(), json!(hand.names()));
        }
        deal.insert("safe".into(), json!(state.deal.safe.names()));
        Ok(json!({
            "game": game_id,
            "name": row.name,
            "players": names,
            "settings": state.settings,
            "seed": state.seed,
            "deal": deal,
            "salt": row.salt,
            "commitment": row.commitment,
            "deal_given_by": crate::master::deal_given_by(row),
            "rounds": rounds,
            "game_master": rulings,
            "replacements": replacements.iter().map(|(round, seat, name)| Replacement {
                round: *round,
                seat: seat + 1,
                name: name.clone(),
            }).collect::<Vec<_>>(),
            "closed_by": bulletins.iter().map(|(b, _)| b.closed_by.as_str()).collect::<Vec<_>>(),
            "bulletins": bulletins.iter().map(|(b, _)| crate::games::polysleuth::replay::public_round(&b.bulletin)).collect::<Vec<_>>(),
            "winners": state.winners(),
        }))
    }
}

/// A note of a seat given to someone new: (new name, old name, seat from 0).
fn replacement(note: &Note) -> Option<(String, String, usize)> {
    match note {
        Note::Replaced { new, old, seat } => Some((new.clone(), old.clone(), *seat)),
        _ => None,
    }
}
