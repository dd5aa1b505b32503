//! A finished classic game's record (`/games/{id}/record.json`): the `replay` input of a
//! classic game — players as first seated, settings, seed, salt, deal, the Search deck's order
//! and every reshuffle, and every step in the order taken — with the commitment, the public log
//! and the winners that `polysleuth verify` checks it against. A wrong accusation's cards are
//! not in it: it names stand-ins that replay alike.

use serde_json::{json, Map, Value};

use crate::games::deck::{Card, CardSet};
use crate::games::sleuth::rules::command::accused_cards;
use crate::games::sleuth::rules::{Sleuth, Step};
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
        "steps": public_steps(state),
        "turns_among_skipped": state.turns_among_skipped,
        "voluntary_pass": state.voluntary_pass,
        "commitment": commitment,
        "log": state.public().log,
        "winners": state.winners.iter().map(|s| state.players[*s].clone()).collect::<Vec<_>>(),
        "missing": state.deal.missing,
    })
}

/// The steps as the public record shows them: every message as read, except that an
/// accusation that was not right names stand-ins for its cards (RULES-SLEUTH §4: everyone
/// learns each accusation and whether it was right, never the named card of a wrong one).
fn public_steps(state: &Sleuth) -> Vec<Step> {
    (state.steps.iter())
        .map(|step| match step {
            Step::Message { player, text, late } => Step::Message {
                player: player.clone(),
                text: without_wrong_guesses(text, state.deal.missing),
                late: *late,
            },
            other => other.clone(),
        })
        .collect()
}

/// `text` with each accusation that does not name exactly the missing gems rewritten to name
/// the lowest cards that are not missing instead: as many, a card named twice replaced twice
/// alike, so it replays to the same verdict or the same refusal, and its guess stays its
/// player's. A right accusation names the missing gems, which the record shows anyway.
pub fn without_wrong_guesses(text: &str, missing: CardSet) -> String {
    let stand_ins: Vec<Card> = Card::all().filter(|c| !missing.contains(*c)).collect();
    // Split where the game's reader splits: it reads other line breaks (U+2028, U+0085…) as
    // new lines too.
    let read = crate::games::typography::normalise(text);
    let mut rewritten = false;
    let lines: Vec<String> = (read.split('\n'))
        .map(|line| match accused_cards(line) {
            Some(cards) => {
                let named: CardSet = cards.iter().copied().collect();
                if named == missing && named.len() == cards.len() {
                    return line.to_string();
                }
                let mut seen: Vec<Card> = Vec::new();
                let words: Vec<String> = (cards.iter())
                    .map(|c| {
                        let k = seen.iter().position(|s| s == c).unwrap_or_else(|| {
                            seen.push(*c);
                            seen.len() - 1
                        });
                        stand_ins[k % stand_ins.len()].name()
                    })
                    .collect();
                rewritten = true;
                format!("accuse {}", words.join(", "))
            }
            None => line.to_string(),
        })
        .collect();
    match rewritten {
        true => lines.join("\n"),
        false => text.to_string(),
    }
}

/// Why a game's record is not published yet.
pub fn not_over(id: i64) -> MasterError {
    MasterError::NotFound(crate::said!("error-record-not-yet", game = id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_accusation_names_stand_ins_and_a_right_one_stays() {
        let missing: CardSet = [Card::parse("2 Blue Opal").unwrap()].into_iter().collect();
        let text = "ask Ben how many Pairs\naccuse 1 Yellow Pearl";
        let public = without_wrong_guesses(text, missing);
        let lines: Vec<&str> = public.lines().collect();
        assert_eq!(lines[0], "ask Ben how many Pairs");
        assert!(
            lines[1].starts_with("accuse ") && !lines[1].contains("Yellow"),
            "{public}"
        );
        let stand_in = accused_cards(lines[1]).unwrap();
        assert_eq!(stand_in.len(), 1);
        assert!(!missing.contains(stand_in[0]), "still wrong");
        // The same stand-ins whatever was guessed: nothing of the guess shows.
        assert_eq!(
            public,
            without_wrong_guesses("ask Ben how many Pairs\naccuse 3 Red Diamond", missing)
        );
        // A card named twice is replaced twice alike: the count refusal replays the same.
        let twice = without_wrong_guesses("accuse 1 Red Pearl, 1 Red Pearl", missing);
        let cards = accused_cards(&twice).unwrap();
        assert_eq!((cards.len(), cards[0] == cards[1]), (2, true), "{twice}");
        // Whatever breaks the lines, as the game's reader reads them.
        let hidden = without_wrong_guesses("exchange\u{2028}accuse 1 Yellow Pearl", missing);
        assert!(!hidden.contains("Yellow"), "{hidden}");
        // A right accusation names the missing gem, which the record shows anyway.
        assert_eq!(
            without_wrong_guesses("accuse 2 Blue Opal", missing),
            "accuse 2 Blue Opal"
        );
    }
}
