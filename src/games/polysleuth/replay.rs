//! `polysleuth replay`: a whole game through the rules engine alone, in the JSON contract of
//! DESIGN.md. No database, no clock: the same input always gives the same output.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::deduce::{Budget, Sheet};
use crate::games::polysleuth::assistant::of_recorded;
use crate::games::polysleuth::rules::deal::derived_salt;
use crate::games::polysleuth::rules::{Card, CardSet, Deal, Game, RoundOutcome, Settings, Turn};

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReplayError(pub String);

fn bad(msg: impl Into<String>) -> ReplayError {
    ReplayError(msg.into())
}

#[derive(Deserialize)]
struct Input {
    players: Vec<String>,
    #[serde(default)]
    settings: Option<Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    deal: Option<BTreeMap<String, Vec<String>>>,
    #[serde(default)]
    rounds: Vec<BTreeMap<String, String>>,
    /// Not in the contract: lets an audit reproduce a commitment made with a known salt.
    #[serde(default)]
    salt: Option<String>,
    /// For `polysleuth deduce`: whose view, after which round.
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    round: Option<usize>,
    /// Not in the contract: what the game master did that changes an outcome (a player marked
    /// done during a round, the game ended after a round), as a finished game's record holds.
    #[serde(default)]
    game_master: Vec<GmRuling>,
    /// Not in the contract: seats given to new players, from a round on.
    #[serde(default)]
    replacements: Vec<Replacement>,
}

/// A seat given to a new player: from round `round` on, `name` plays seat `seat` (1 = the
/// first player named).
#[derive(Clone, Debug, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    pub round: u32,
    pub seat: usize,
    pub name: String,
}

/// A game master's action that changes a round's outcome.
#[derive(Clone, Debug, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GmRuling {
    pub round: u32,
    /// Players marked done by the game master during the round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub done: Vec<String>,
    /// The game master ended the game with this round: every card left is published.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end: bool,
}

/// A replayed game: where it started, and each round's outcome with its rejected turns.
struct Played {
    start: Game,
    end: Game,
    salt: String,
    rounds: Vec<(RoundOutcome, Map<String, Value>)>,
}

fn read(input: &str) -> Result<Input, ReplayError> {
    serde_json::from_str(input).map_err(|e| bad(format!("the replay file is not valid: {e}")))
}

/// The settings the game knows, the others left out with a note on standard error: the
/// contract's "extra fields are fine" holds inside `settings` too, and a mistyped key is still
/// told. A value of the wrong kind for a known key is an error, as before.
fn known_settings(given: Value) -> Value {
    let Value::Object(mut given) = given else {
        return given;
    };
    let known = serde_json::to_value(Settings::default()).unwrap_or_default();
    given.retain(|key, _| {
        let keep = known.get(key).is_some();
        if !keep {
            eprintln!("note: \"{key}\" is not a Polysleuth setting; it was left out");
        }
        keep
    });
    Value::Object(given)
}

fn play(input: Input) -> Result<Played, ReplayError> {
    let mut settings: Settings = match input.settings {
        None | Some(Value::Null) => Settings::default(),
        Some(v) => serde_json::from_value(known_settings(v))
            .map_err(|e| bad(format!("the settings are not valid: {e}")))?,
    };
    let seed = input.seed.unwrap_or(0);
    let players = input.players;
    let deal = match input.deal {
        None => None,
        Some(given) => {
            let deal = read_deal(&players, given)?;
            // A given deal shows its own safe size when the settings leave it open.
            if settings.safe_size.is_none() {
                settings.safe_size = Some(deal.safe.len());
            }
            Some(deal)
        }
    };
    let mut game = Game::new(players.clone(), settings, seed, deal)
        .map_err(|e| bad(format!("the game cannot be set up: {e}")))?;
    let salt = input.salt.unwrap_or_else(|| derived_salt(seed));
    let start = game.clone();
    let mut rounds = Vec::new();
    for (index, round) in input.rounds.iter().enumerate() {
        if game.over {
            break;
        }
        for r in input
            .replacements
            .iter()
            .filter(|r| r.round == index as u32 + 1)
        {
            if r.seat == 0 || r.seat > players.len() || !crate::games::names::valid_name(&r.name) {
                return Err(bad(format!(
                    "round {}: a replacement names seat {} and \"{}\"; use a seat from 1 to {} and a usable name",
                    r.round, r.seat, r.name, players.len()
                )));
            }
            game.seat_new_player(r.seat - 1, &r.name);
        }
        let mut texts: Vec<Option<&str>> = vec![None; players.len()];
        for (name, text) in round {
            let seat = game.seat_of(name).ok_or_else(|| {
                bad(format!(
                    "round {} has a turn from \"{name}\", who is not a player ({})",
                    index + 1,
                    players.join(", ")
                ))
            })?;
            if texts[seat].is_some() {
                return Err(bad(format!(
                    "round {} has two turns from {}",
                    index + 1,
                    game.players[seat]
                )));
            }
            texts[seat] = Some(text);
        }
        let mut rejected = Map::new();
        let turns: Vec<Option<Turn>> = texts
            .iter()
            .enumerate()
            .map(|(seat, text)| match text.map(|t| game.validate(seat, t)) {
                Some(Ok(turn)) => Some(turn),
                Some(Err(errors)) => {
                    let list: Vec<Value> = errors
                        .iter()
                        .map(|e| json!({"line": e.line, "error": e.message()}))
                        .collect();
                    rejected.insert(game.players[seat].clone(), Value::Array(list));
                    None
                }
                None => None,
            })
            .collect();
        let number = index as u32 + 1;
        let mut gm_done = Vec::new();
        let mut end = false;
        for ruling in input.game_master.iter().filter(|r| r.round == number) {
            end |= ruling.end;
            for name in &ruling.done {
                gm_done.push(game.seat_of(name).ok_or_else(|| {
                    bad(format!(
                        "the game master marked \"{name}\" done in round {number}, who is not a player"
                    ))
                })?);
            }
        }
        let (next, outcome) = if end {
            game.resolve_and_end(&turns, &gm_done)
        } else {
            game.resolve(&turns, &gm_done)
        };
        rounds.push((outcome, rejected));
        game = next;
    }
    Ok(Played {
        start,
        end: game,
        salt,
        rounds,
    })
}

/// Runs a replay from its JSON text; the error is one message fit for stderr.
pub fn run(input: &str) -> Result<Value, ReplayError> {
    let played = play(read(input)?)?;
    let game = &played.start;
    let players = &game.players;
    let salt = &played.salt;
    let mut deal_out = Map::new();
    for (name, hand) in players.iter().zip(&game.deal.hands) {
        deal_out.insert(name.clone(), json!(hand.names()));
    }
    deal_out.insert("safe".into(), json!(game.deal.safe.names()));
    let commitment = game.deal.commitment(players, salt);
    let mut rounds_out = Vec::new();
    for (outcome, rejected) in &played.rounds {
        let mut round = public_round(&outcome.bulletin);
        round["rejected"] = Value::Object(rejected.clone());
        round["reveals"] = json!(outcome
            .reveals
            .iter()
            .map(|r| json!({"player": r.player, "target": r.target, "cards": r.cards}))
            .collect::<Vec<_>>());
        rounds_out.push(round);
    }
    Ok(json!({
        "deal": deal_out,
        "commitment": commitment,
        "salt": salt,
        "rounds": rounds_out,
        "winners": played.end.winners(),
    }))
}

/// A round's public bulletin in the replay output's words (no reveals: they are private).
pub fn public_round(b: &crate::games::polysleuth::rules::Bulletin) -> Value {
    json!({
        "round": b.round,
        "submitted": b.submitted,
        "guesses": b.guesses,
        "answers": b.answers,
        "published": b.published,
        "standings": b.standings.iter().map(|s| json!({
            "player": s.player, "eyes": s.eyes, "points": s.points(),
        })).collect::<Vec<_>>(),
        "done": b.newly_done.iter().map(|d| &d.player).collect::<Vec<_>>(),
        "game_over": b.game_over,
    })
}

/// The Information Sheet of one player after one round of a replayed game, from that
/// player's own view only. `player` and `round` may also come from the file.
pub fn deduce(
    input: &str,
    player: Option<&str>,
    round: Option<usize>,
    budget: &Budget,
) -> Result<Sheet, ReplayError> {
    let input = read(input)?;
    let player = player
        .map(str::to_string)
        .or(input.player.clone())
        .ok_or_else(|| {
            bad("name the player whose sheet to compute (--player, or \"player\" in the file)")
        })?;
    let round = round.or(input.round);
    let played = play(input)?;
    let seat = played.start.seat_of(&player).ok_or_else(|| {
        bad(format!(
            "\"{player}\" is not a player ({})",
            played.start.players.join(", ")
        ))
    })?;
    let played_rounds = played.rounds.len();
    let round = round.unwrap_or(played_rounds);
    if round > played_rounds {
        return Err(bad(format!(
            "round {round} was not played: the file has {played_rounds} round(s); use 0 to {played_rounds}"
        )));
    }
    let outcomes: Vec<RoundOutcome> = played.rounds.into_iter().map(|(o, _)| o).collect();
    let view = of_recorded(&played.start, &outcomes, seat, round)
        .map_err(|e| bad(format!("the view cannot be built: {e}")))?;
    Ok(Sheet::compute(&view, budget))
}

pub fn read_deal(
    players: &[String],
    given: BTreeMap<String, Vec<String>>,
) -> Result<Deal, ReplayError> {
    let mut hands = vec![None; players.len()];
    let mut safe = CardSet::EMPTY;
    for (who, cards) in given {
        let mut set = CardSet::EMPTY;
        for text in &cards {
            let card = Card::parse(text).map_err(|e| {
                bad(format!(
                    "the deal gives {who} \"{text}\", which is not a card: {e}"
                ))
            })?;
            if set.contains(card) {
                return Err(bad(format!("the deal lists {card} twice for {who}")));
            }
            set.insert(card);
        }
        if who.eq_ignore_ascii_case("safe") {
            safe = set;
            continue;
        }
        let seat = players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(&who))
            .ok_or_else(|| {
                bad(format!(
                    "the deal has a hand for \"{who}\", who is not a player ({})",
                    players.join(", ")
                ))
            })?;
        if hands[seat].is_some() {
            return Err(bad(format!("the deal has two hands for {}", players[seat])));
        }
        hands[seat] = Some(set);
    }
    let hands = hands
        .into_iter()
        .zip(players)
        .map(|(h, name)| h.ok_or_else(|| bad(format!("the deal has no hand for {name}"))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Deal { hands, safe })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_named() {
        let cases = [
            ("{", "not valid"),
            (
                r#"{"players": ["A","B","C"], "settings": {"income": "lots"}}"#,
                "the settings are not valid",
            ),
            (r#"{"players": ["A","B"]}"#, "3 to 7 players"),
            (
                r#"{"players": ["A","B","C"], "deal": {"Z": []}}"#,
                "\"Z\", who is not a player",
            ),
            (
                r#"{"players": ["A","B","C"], "rounds": [{"Q": ""}]}"#,
                "\"Q\", who is not a player",
            ),
        ];
        for (input, want) in cases {
            let err = run(input).unwrap_err().to_string();
            assert!(err.contains(want), "{input}: {err}");
        }
    }

    #[test]
    fn drawn_deal_is_deterministic_and_committed() {
        let input = r#"{"players": ["A","B","C","D","E"], "seed": 5, "rounds": [{"A": "1 (3): B has how many Reds?"}]}"#;
        let a = run(input).unwrap();
        assert_eq!(a, run(input).unwrap());
        assert_eq!(a["deal"]["safe"].as_array().unwrap().len(), 1);
        assert_eq!(a["deal"]["A"].as_array().unwrap().len(), 7);
        assert_eq!(a["rounds"][0]["standings"][0]["eyes"], 39);
        assert_eq!(a["commitment"].as_str().unwrap().len(), 64);
    }
}
