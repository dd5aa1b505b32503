//! `polysleuth verify` of a Clue record: its seed and salt must give its commitment, and its
//! messages, replayed by the engine with every roll and every card drawn again from the seed,
//! must give the record's log, event by event, and end the game as the record says (over, and
//! who won).

use serde_json::{json, Value};

use crate::games::Mismatch;

pub fn verify(record: &Value) -> Result<(), Mismatch> {
    let need = |key: &str| Mismatch::need(record, key);
    let input = json!({
        "ruleset": "clue",
        "players": need("players")?,
        "guests": record.get("guests").cloned().unwrap_or(json!([])),
        "seed": need("seed")?,
        "salt": need("salt")?,
        "settings": record.get("settings").cloned().unwrap_or(json!({})),
        "messages": need("messages")?,
        "refusal_keeps_stay": record.get("refusal_keeps_stay").cloned().unwrap_or(json!(false)),
    });
    let input: super::replay::Input = serde_json::from_value(input)
        .map_err(|e| Mismatch::Unreadable(format!("the record cannot be replayed: {e}")))?;
    let out = super::replay::run(&input).map_err(Mismatch::Unreadable)?;
    if out["commitment"] != record["commitment"] {
        return Err(Mismatch::Differs(format!(
            "the commitment: the record says {}, its seed and salt give {}",
            record["commitment"], out["commitment"]
        )));
    }
    for key in ["over", "winner"] {
        if out[key] != record[key] {
            return Err(Mismatch::Differs(format!(
                "\"{key}\": the record says {}, its messages replayed give {}",
                record[key], out[key]
            )));
        }
    }
    // Every roll, move, suggestion and card shown, as the game logged them: a step changed
    // anywhere shows. Records published before they kept their log are checked by their end.
    match record.get("log") {
        Some(log) if *log != out["log"] => {
            return Err(Mismatch::Differs(
                "the log: the record's events are not those its messages replay to".into(),
            ))
        }
        Some(_) => {}
        None => eprintln!(
            "note: this record is from before records kept their log: its messages were \
             checked by the end they replay to, not step by step"
        ),
    }
    // The whole set-up, the roll-off's rolls among it, as the seed draws it.
    if let Some(setup) = record.get("setup") {
        if out["setup"] != *setup {
            return Err(Mismatch::Differs(format!(
                "the set-up: the record says {setup}, the seed draws {}",
                out["setup"]
            )));
        }
    }
    if let Some(envelope) = record.get("envelope") {
        if out["setup"]["envelope"] != *envelope {
            return Err(Mismatch::Differs(format!(
                "the envelope: the record says {envelope}, the seed draws {}",
                out["setup"]["envelope"]
            )));
        }
    }
    Ok(())
}
