//! `polysleuth verify` of a Polysleuth record: the deal and the salt must give the commitment
//! published at the start, and the turns, replayed by the rules engine alone, must give every
//! bulletin as it was published and the same winners.

use serde_json::Value;

use super::replay;
use super::rules::deal::commitment_of;
use crate::games::{same, Mismatch};

impl From<replay::ReplayError> for Mismatch {
    fn from(e: replay::ReplayError) -> Mismatch {
        Mismatch::Unreadable(e.0)
    }
}

/// The fields of each round compared, in the order a difference is reported.
const FIELDS: [&str; 7] = [
    "submitted",
    "guesses",
    "answers",
    "published",
    "standings",
    "done",
    "game_over",
];

/// A Polysleuth game's record: the deal and the salt give the commitment, and the turns,
/// replayed by the engine alone, give every bulletin as published and the same winners.
pub fn verify(record: &Value, text: &str) -> Result<(), Mismatch> {
    let need = |key: &str| Mismatch::need(record, key);
    let commitment = need("commitment")?.as_str().unwrap_or_default().to_string();
    let salt = need("salt")?.as_str().unwrap_or_default().to_string();
    need("deal")?;
    let published = need("bulletins")?
        .as_array()
        .ok_or_else(|| Mismatch::Unreadable("\"bulletins\" is not a list".into()))?
        .clone();

    let replayed = replay::run(text)?;
    let players: Vec<String> = serde_json::from_value(record["players"].clone())
        .map_err(|e| Mismatch::Unreadable(format!("\"players\" is not a list of names: {e}")))?;
    let deal = replay::read_deal(
        &players,
        serde_json::from_value(record["deal"].clone())
            .map_err(|e| Mismatch::Unreadable(format!("\"deal\" is not a deal: {e}")))?,
    )?;
    if commitment_of(&deal.canonical_text(&players), &salt) != commitment {
        return Err(Mismatch::Differs(
            "the deal and the salt do not give the commitment published at the start".into(),
        ));
    }
    // The seed keys every coin tossed between tied bids, yet the commitment covers the deal
    // alone. When the service drew the deal, it drew it from that seed: the seed must draw the
    // committed deal again, which binds the seed too.
    if record["deal_given_by"] == "service" {
        let seed = need("seed")?.as_u64().ok_or_else(|| {
            Mismatch::Unreadable("\"seed\" is not a whole number of 0 or more".into())
        })?;
        let settings: super::rules::Settings =
            serde_json::from_value(record["settings"].clone()).unwrap_or_default();
        let drawn = super::rules::deal::Deal::draw(players.len(), &settings, seed)
            .map_err(|e| Mismatch::Unreadable(format!("the seed draws no deal: {e}")))?;
        if drawn != deal {
            return Err(Mismatch::Differs(
                "the seed does not draw the committed deal, though the service drew it: the coin \
                 tosses it keys are not the game's"
                    .into(),
            ));
        }
    }
    let rounds = replayed["rounds"].as_array().cloned().unwrap_or_default();
    if rounds.len() != published.len() {
        return Err(Mismatch::Differs(format!(
            "the record publishes {} bulletins, but its turns replay to {} rounds",
            published.len(),
            rounds.len()
        )));
    }
    for (mine, theirs) in rounds.iter().zip(&published) {
        for field in FIELDS {
            if !same(&mine[field], &theirs[field]) {
                return Err(Mismatch::Differs(format!(
                    "round {}: the bulletin's {field} was {}, but the replay gives {}",
                    mine["round"], theirs[field], mine[field]
                )));
            }
        }
    }
    if !same(&replayed["winners"], &record["winners"]) {
        return Err(Mismatch::Differs(format!(
            "the record names the winners {}, but the replay gives {}",
            record["winners"], replayed["winners"]
        )));
    }
    Ok(())
}
