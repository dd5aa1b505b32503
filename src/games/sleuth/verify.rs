//! `polysleuth verify` of a classic Sleuth record: the deal, the Search deck's order, the seed
//! and the salt must give the commitment, every reshuffle is worked out again from them, and
//! the steps must replay to the same public log, winners and missing gem(s).

use serde_json::Value;

use crate::games::{same, Mismatch};

/// A classic game's record: the deal, the Search deck's order, the seed and the salt give the
/// commitment, and its steps replay to the same public log, winners, missing gem(s) and
/// reshuffles.
pub fn verify(record: &Value) -> Result<(), Mismatch> {
    let need = |key: &str| Mismatch::need(record, key);
    let commitment = need("commitment")?.as_str().unwrap_or_default().to_string();
    let salt = need("salt")?.as_str().unwrap_or_default().to_string();
    let players: Vec<String> = serde_json::from_value(need("players")?.clone())
        .map_err(|e| Mismatch::Unreadable(format!("\"players\" is not a list of names: {e}")))?;
    let deal = super::replay::read_deal(
        &players,
        &serde_json::from_value(need("deal")?.clone())
            .map_err(|e| Mismatch::Unreadable(format!("\"deal\" is not a deal: {e}")))?,
    )
    .map_err(Mismatch::Unreadable)?;
    let search: Vec<super::rules::SearchCard> =
        serde_json::from_value(need("search_deck")?.clone()).map_err(|e| {
            Mismatch::Unreadable(format!("\"search_deck\" is not a Search deck: {e}"))
        })?;
    let seed = need("seed")?.as_u64().ok_or_else(|| {
        Mismatch::Unreadable("\"seed\" is not a whole number of 0 or more".into())
    })?;
    // Games started before the seed was committed hashed the same text without its last
    // line: they still verify, with a word that their reshuffles rest on an uncommitted seed.
    let text = super::rules::setup::canonical_text(&players, &deal, &search, seed);
    let unseeded = text
        .strip_suffix(&format!("seed: {seed}\n"))
        .unwrap_or(&text);
    if crate::games::polysleuth::rules::deal::commitment_of(unseeded, &salt) == commitment {
        eprintln!(
            "note: this game was committed before its seed was; its reshuffles were worked out \
             from the seed the record gives, which its commitment does not bind"
        );
    } else if crate::games::polysleuth::rules::deal::commitment_of(&text, &salt) != commitment {
        return Err(Mismatch::Differs(
            "the deal, the Search deck's order, the seed and the salt do not give the commitment published at the start".into(),
        ));
    }
    // The reshuffles are worked out again from the committed seed and the salt, never taken
    // from the record: a record with other orders than those would have given differs.
    let mut own = record.clone();
    if let Some(map) = own.as_object_mut() {
        map.remove("reshuffles");
        // A record without `voluntary_pass` was published before the key was written, when
        // every game took `pass` as a turn's action.
        map.entry("voluntary_pass").or_insert(Value::Bool(true));
    }
    // A record without `turns_among_skipped` comes from before the key was written. Its game
    // either stopped with nobody on turn when every player was skipped (before turns went on
    // among them) or went on among them (when the rule applied to every stored game): the
    // steps must replay to its log under one of the two readings.
    if record.get("turns_among_skipped").is_some() {
        return replays_alike(record, &own);
    }
    let mut tried = Vec::new();
    for reading in [false, true] {
        if let Some(map) = own.as_object_mut() {
            map.insert("turns_among_skipped".into(), Value::Bool(reading));
        }
        match replays_alike(record, &own) {
            Ok(()) => return Ok(()),
            Err(e) => tried.push(e),
        }
    }
    // The first reading's difference: the older game's, the likelier.
    Err(tried.swap_remove(0))
}

/// The record's steps, as `own` gives them, replay to its log, winners, missing gem(s) and
/// reshuffles.
fn replays_alike(record: &Value, own: &Value) -> Result<(), Mismatch> {
    let replayed = super::replay::run(&own.to_string()).map_err(Mismatch::Unreadable)?;
    for field in ["log", "winners", "missing", "reshuffles"] {
        let (mine, theirs) = (&replayed[field], &record[field]);
        if !same(mine, theirs) {
            return Err(Mismatch::Differs(format!(
                "the record's {field} is {theirs}, but its steps replay to {mine}"
            )));
        }
    }
    Ok(())
}
