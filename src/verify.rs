//! `polysleuth verify`: checks a finished game's record (`/games/{id}/record.json`). The deal
//! and the salt must give the commitment published at the start, and the turns, replayed by
//! the rules engine alone, must give every bulletin as it was published and the same winners.
//! The answer is `verified`, or the first difference.

use serde_json::Value;

use crate::games::polysleuth::replay::{self, ReplayError};
use crate::games::polysleuth::rules::deal::commitment_of;

/// What a record shows when it does not check out.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Mismatch {
    /// The record cannot be read at all.
    #[error("{0}")]
    Unreadable(String),
    /// The record reads, but something in it does not hold.
    #[error("{0}")]
    Differs(String),
}

impl From<ReplayError> for Mismatch {
    fn from(e: ReplayError) -> Mismatch {
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

pub fn verify(text: &str) -> Result<(), Mismatch> {
    let record: Value = serde_json::from_str(text)
        .map_err(|e| Mismatch::Unreadable(format!("the record is not valid JSON: {e}")))?;
    if crate::games::sleuth::replay::is_classic(&record) {
        return verify_classic(&record);
    }
    let need = |key: &str| {
        record.get(key).filter(|v| !v.is_null()).ok_or_else(|| {
            Mismatch::Unreadable(format!(
                "the record has no \"{key}\"; a finished game's record.json has it"
            ))
        })
    };
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

/// A classic game's record: the deal, the Search deck's order, the seed and the salt give the
/// commitment, and its steps replay to the same public log, winners, missing gem(s) and
/// reshuffles.
fn verify_classic(record: &Value) -> Result<(), Mismatch> {
    let need = |key: &str| {
        record.get(key).filter(|v| !v.is_null()).ok_or_else(|| {
            Mismatch::Unreadable(format!(
                "the record has no \"{key}\"; a finished game's record.json has it"
            ))
        })
    };
    let commitment = need("commitment")?.as_str().unwrap_or_default().to_string();
    let salt = need("salt")?.as_str().unwrap_or_default().to_string();
    let players: Vec<String> = serde_json::from_value(need("players")?.clone())
        .map_err(|e| Mismatch::Unreadable(format!("\"players\" is not a list of names: {e}")))?;
    let deal = crate::games::sleuth::replay::read_deal(
        &players,
        &serde_json::from_value(need("deal")?.clone())
            .map_err(|e| Mismatch::Unreadable(format!("\"deal\" is not a deal: {e}")))?,
    )
    .map_err(Mismatch::Unreadable)?;
    let search: Vec<crate::games::sleuth::rules::SearchCard> =
        serde_json::from_value(need("search_deck")?.clone()).map_err(|e| {
            Mismatch::Unreadable(format!("\"search_deck\" is not a Search deck: {e}"))
        })?;
    let seed = need("seed")?.as_u64().ok_or_else(|| {
        Mismatch::Unreadable("\"seed\" is not a whole number of 0 or more".into())
    })?;
    // Games started before the seed was committed hashed the same text without its last
    // line: they still verify, with a word that their reshuffles rest on an uncommitted seed.
    let text = crate::games::sleuth::rules::setup::canonical_text(&players, &deal, &search, seed);
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
    }
    let replayed = replay::run(&own.to_string())?;
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

/// Equal as JSON, numbers by value (6 == 6.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Whether a record says its deal was given by the operator (`"deal_given_by": "operator"`).
fn operator_dealt(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v["deal_given_by"] == "operator")
}

/// `polysleuth verify FILE`: prints `verified` (status 0), or the first difference (status 1);
/// a record that cannot be read is named on standard error (status 2).
pub fn main(file: &str) -> std::process::ExitCode {
    use std::process::ExitCode;
    let text = match replay::read_input("verify", file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match verify(&text) {
        Ok(()) => {
            println!("verified");
            if operator_dealt(&text) {
                eprintln!(
                    "note: this deal was given by the operator (a chosen seed or deal), not drawn \
                     by the service: the commitment proves that it was not changed, not that \
                     nobody chose it"
                );
            }
            ExitCode::SUCCESS
        }
        Err(Mismatch::Differs(what)) => {
            println!("not verified: {what}");
            ExitCode::from(1)
        }
        Err(Mismatch::Unreadable(what)) => {
            eprintln!("polysleuth verify: {what}");
            ExitCode::from(2)
        }
    }
}
