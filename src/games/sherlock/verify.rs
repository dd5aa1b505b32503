//! `polysleuth verify` of a Sherlock Solitaire record (its registry line comes with its
//! service): the seed and salt must give the record's commitment over the deck's order, and its
//! replies, replayed by the engine with every draw and reshuffle worked out again, must end the
//! game as the record says: over, how, on which turn, with how many wounds; and the deck the
//! record publishes must be the one the seed shuffles.

use serde_json::{json, Value};

use crate::games::Mismatch;

pub fn verify(record: &Value) -> Result<(), Mismatch> {
    let need = |key: &str| Mismatch::need(record, key);
    let mut input = json!({
        "ruleset": "sherlock",
        "seed": need("seed")?,
        "salt": need("salt")?,
        "settings": record.get("settings").cloned().unwrap_or(json!({})),
        "messages": need("messages")?,
    });
    // A record written before a refused reply left its turn open has no such key: every
    // reply of its game settled the turn, as the replay does without it.
    if let Some(keeps) = record.get("refusal_keeps_turn") {
        input["refusal_keeps_turn"] = keeps.clone();
    }
    // So with a record written before a draw stopped short on an empty pile.
    if let Some(short) = record.get("short_draw_on_empty_pile") {
        input["short_draw_on_empty_pile"] = short.clone();
    }
    let input: super::replay::Input = serde_json::from_value(input)
        .map_err(|e| Mismatch::Unreadable(format!("the record cannot be replayed: {e}")))?;
    let out = super::replay::run(&input).map_err(Mismatch::Unreadable)?;
    if out["commitment"] != record["commitment"] {
        return Err(Mismatch::Differs(format!(
            "the commitment: the record says {}, its seed and salt give {}",
            record["commitment"], out["commitment"]
        )));
    }
    // Every record the service publishes says how the game ended and shows its deck: a
    // record without one of them cannot be checked, and is refused as unreadable.
    for key in ["over", "outcome", "turn", "wounds"] {
        if *need(key)? != out[key] {
            return Err(Mismatch::Differs(format!(
                "\"{key}\": the record says {}, its replies replayed give {}",
                record[key], out[key]
            )));
        }
    }
    let deck = need("deck")?;
    if *deck != out["deck"] {
        return Err(Mismatch::Differs(format!(
            "the deck: the record says {deck}, the seed shuffles {}",
            out["deck"]
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_without_its_end_or_its_deck_cannot_be_verified() {
        let full = record(json!([{"deadline": true}, {"deadline": true}, {"deadline": true}]));
        assert_eq!(verify(&full), Ok(()));
        for key in ["over", "outcome", "turn", "wounds", "deck"] {
            let mut cut = full.clone();
            cut.as_object_mut().unwrap().remove(key);
            assert!(
                matches!(verify(&cut), Err(Mismatch::Unreadable(_))),
                "{key}"
            );
        }
    }

    /// A finished game's record, as a replay of `messages` gives it.
    fn record(messages: Value) -> Value {
        let input =
            json!({"ruleset": "sherlock", "seed": 5, "salt": "pepper", "messages": messages});
        let out = super::super::replay::run(&serde_json::from_value(input).unwrap()).unwrap();
        json!({
            "ruleset": "sherlock", "seed": 5, "salt": "pepper", "settings": out["settings"],
            "messages": messages, "commitment": out["commitment"], "deck": out["deck"],
            "over": out["over"], "outcome": out["outcome"], "turn": out["turn"], "wounds": out["wounds"],
        })
    }

    #[test]
    fn a_record_verifies_and_a_changed_seed_deck_or_end_is_caught() {
        let steps = json!([{"deadline": true}, {"deadline": true}, {"deadline": true}]);
        let r = record(steps);
        assert_eq!(r["over"], true, "three turns left alone: three wounds");
        assert_eq!(r["outcome"], "wounded");
        assert_eq!(verify(&r), Ok(()));
        let mut bad = r.clone();
        bad["seed"] = json!(6);
        assert!(matches!(verify(&bad), Err(Mismatch::Differs(m)) if m.contains("commitment")));
        let mut bad = r.clone();
        bad["outcome"] = json!("won");
        assert!(matches!(verify(&bad), Err(Mismatch::Differs(m)) if m.contains("outcome")));
        let mut bad = r.clone();
        bad["deck"][0] = json!(if r["deck"][0] == "A" { "B" } else { "A" });
        assert!(matches!(verify(&bad), Err(Mismatch::Differs(m)) if m.contains("deck")));
        let mut bad = r;
        bad.as_object_mut().unwrap().remove("salt");
        assert!(matches!(verify(&bad), Err(Mismatch::Unreadable(_))));
    }
}
