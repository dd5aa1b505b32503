//! A whole game of Clue run by its engine alone, from a replay input: the players (and the
//! guests some chose), the seed (and the salt, else one derived from the seed), the house
//! rules, and each step in order — a message a player sent, a turn's deadline
//! (`{"deadline": true}`), the game master's skip or end (`{"gm": "skip"}`, `{"gm": "end"}`).
//! It plays them through the very state the service stores (`service::Stored`), so a
//! finished game's record replays exactly. Each message's lines are carried out in
//! order until one is refused (RULES-CLUE §3: a move that does not reach the room leaves the
//! suggestion after it unmade, and the answer says why). The output gives the set-up, the
//! commitment, what every line did, and the end. It is the base of the game's `replay`
//! contract and of `verify`, which draws every roll and every card again from the seed.

use serde::Deserialize;
use serde_json::{json, Value};

use super::cards::Card;
use super::game::Event;
use super::settings::Settings;
use super::stored::{GmStep, Step, Stored};
use crate::games::stream::derived_salt;

/// A replay input. A finished game's record reads as one too: the fields only a record
/// has are taken and not used.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    #[serde(default)]
    pub ruleset: Option<String>,
    pub players: Vec<String>,
    /// The guest each seat chose, by name (null: none chosen).
    #[serde(default)]
    pub guests: Vec<Option<String>>,
    pub seed: u64,
    #[serde(default)]
    pub salt: Option<String>,
    #[serde(default)]
    pub settings: Settings,
    /// Each step, in order.
    #[serde(default)]
    pub messages: Vec<Step>,
    /// A refused suggestion by a player with the right to stay keeps the right (games made
    /// since this was mended; their records say `true`); absent, it uses it up, as before.
    #[serde(default)]
    pub refusal_keeps_stay: bool,
    // A record's own fields.
    #[serde(default, rename = "game")]
    pub _game: Option<serde_json::Value>,
    #[serde(default, rename = "name")]
    pub _name: Option<serde_json::Value>,
    #[serde(default, rename = "commitment")]
    pub _commitment: Option<serde_json::Value>,
    #[serde(default, rename = "envelope")]
    pub _envelope: Option<serde_json::Value>,
    #[serde(default, rename = "over")]
    pub _over: Option<serde_json::Value>,
    #[serde(default, rename = "log")]
    pub _log: Option<serde_json::Value>,
    #[serde(default, rename = "winner")]
    pub _winner: Option<serde_json::Value>,
    #[serde(default, rename = "deal_given_by")]
    pub _deal_given_by: Option<serde_json::Value>,
    #[serde(default, rename = "setup")]
    pub _setup: Option<serde_json::Value>,
}

/// An event in the replay's words: seats by name, cards and rooms by English name.
fn event_json(e: &Event, names: &[String]) -> Value {
    let who = |s: &usize| names[*s].clone();
    match e {
        Event::Rolled { seat, dice } => {
            json!({"event": "rolled", "player": who(seat), "dice": [dice.0, dice.1]})
        }
        Event::Moved { guest, to } => {
            json!({"event": "moved", "guest": Card::all().nth(*guest).map(|c| c.name()), "to": to})
        }
        Event::Suggested {
            seat,
            guest,
            room,
            weapon,
        } => {
            json!({"event": "suggested", "player": who(seat), "guest": guest, "room": room, "weapon": weapon})
        }
        Event::HadNone { seat } => json!({"event": "had none", "player": who(seat)}),
        Event::Showed { seat, to, card } => {
            json!({"event": "showed", "player": who(seat), "to": who(to), "card": card})
        }
        Event::ShowedUnseen { seat, to } => {
            json!({"event": "showed", "player": who(seat), "to": who(to)})
        }
        Event::NobodyShowed => json!({"event": "nobody showed"}),
        Event::Asked { seat, to, cards } => {
            json!({"event": "asked", "player": who(seat), "to": who(to), "cards": cards})
        }
        Event::Accused {
            seat,
            guest,
            room,
            weapon,
            right,
        } => {
            json!({"event": "accused", "player": who(seat), "guest": guest, "room": room, "weapon": weapon, "right": right})
        }
        Event::Turn { seat } => json!({"event": "turn", "player": who(seat)}),
        Event::Over { winner } => json!({"event": "over", "winner": winner.map(|w| who(&w))}),
        Event::Replaced { seat, before } => {
            json!({"event": "replaced", "player": who(seat), "before": before})
        }
    }
}

/// The events of a step in the replay's words.
fn events_json(events: &[Event], names: &[String]) -> Vec<Value> {
    events.iter().map(|e| event_json(e, names)).collect()
}

/// Runs a replay input; the error is one sentence fit for standard error.
pub fn run(input: &Input) -> Result<Value, String> {
    let (game, names, messages, salt) = played(input)?;
    json_of(input, &game, &names, messages, &salt)
}

/// The game of a replay input played through: the game, the names as seated at its end, each
/// step's entry in the replay's words, and the salt.
type Played = (Stored, Vec<String>, Vec<Value>, String);

fn played(input: &Input) -> Result<Played, String> {
    let n = input.players.len();
    let chosen: Vec<Option<usize>> = (0..n)
        .map(|i| match input.guests.get(i).cloned().flatten() {
            None => Ok(None),
            Some(name) => Card::parse(&name)
                .filter(|c| c.index() < 6)
                .map(|c| Some(c.index()))
                .ok_or_else(|| format!("\"{name}\" is not a guest")),
        })
        .collect::<Result<_, _>>()?;
    let salt = input
        .salt
        .clone()
        .unwrap_or_else(|| derived_salt(input.seed));
    let mut game = Stored::new(
        input.players.clone(),
        &chosen,
        input.settings.clone(),
        input.seed,
        salt.clone(),
    )?;
    game.game.refusal_keeps_stay = input.refusal_keeps_stay;
    let mut names = input.players.clone();
    let mut messages = Vec::new();
    for step in &input.messages {
        messages.push(match step {
            Step::Message(m) => {
                let seat = names
                    .iter()
                    .position(|p| p.eq_ignore_ascii_case(m.player.trim()))
                    .ok_or_else(|| format!("\"{}\" is not a player", m.player))?;
                if m.late {
                    game.hear_late(seat, &m.text);
                    json!({"player": names[seat], "late": true, "lines": []})
                } else {
                    let acted = game.act(seat, &m.text);
                    let lines: Vec<Value> = (acted.lines.iter())
                        .map(|(line, done)| match done {
                            Ok(events) => {
                                json!({"line": line, "events": events_json(events, &names)})
                            }
                            Err(why) => json!({"line": line, "refused": why}),
                        })
                        .collect();
                    json!({"player": names[seat], "lines": lines})
                }
            }
            Step::Deadline { .. } => {
                let before = game.log.len();
                game.deadline();
                let events: Vec<Event> = game.log[before..]
                    .iter()
                    .flat_map(|l| l.events.clone())
                    .collect();
                json!({"deadline": true, "events": events_json(&events, &names)})
            }
            Step::Gm { gm } => {
                let events = match gm {
                    GmStep::Skip => game.pass_turn(),
                    GmStep::End => game.end_now(),
                };
                json!({"gm": gm, "events": events_json(&events, &names)})
            }
            Step::Replace { replace } => {
                let seat = names
                    .iter()
                    .position(|p| p.eq_ignore_ascii_case(replace.player.trim()))
                    .ok_or_else(|| format!("\"{}\" is not a player", replace.player))?;
                let by = replace.by.trim();
                if by.is_empty() || names.iter().any(|p| p.eq_ignore_ascii_case(by)) {
                    return Err(format!(
                        "\"{by}\" cannot take a seat: a name no other player has"
                    ));
                }
                let events = game.replace(seat, by);
                names[seat] = by.to_string();
                json!({"replace": replace, "events": events_json(&events, &names)})
            }
        });
    }
    Ok((game, names, messages, salt))
}

/// A set-up as records and the replay write it: the envelope, each hand, the spare cards, the
/// weapons' rooms and every roll of the roll-off, to the names it was dealt to.
pub fn setup_json(setup: &super::setup::Setup, dealt: &[String]) -> Value {
    let cards = |cards: &[Card]| cards.iter().map(|c| c.name()).collect::<Vec<_>>();
    let name = |s: usize| dealt.get(s).cloned().unwrap_or_default();
    json!({
        "envelope": cards(&setup.envelope),
        "hands": dealt.iter().zip(&setup.hands).map(|(p, h)| json!({"player": p, "cards": cards(h)})).collect::<Vec<_>>(),
        "spare": cards(&setup.spare),
        "weapon_rooms": setup.weapon_rooms,
        "roll_off": setup.roll_off.iter().map(|round| round.iter().map(|(s, r)| json!({"player": name(*s), "rolled": r})).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "first": name(setup.first),
    })
}

/// The replay's output for a game played through.
fn json_of(
    input: &Input,
    game: &Stored,
    names: &[String],
    messages: Vec<Value>,
    salt: &str,
) -> Result<Value, String> {
    Ok(json!({
        "ruleset": "clue",
        "players": names,
        "guests": game.game.guests.iter().map(|g| Card::all().nth(*g).map(|c| c.name())).collect::<Vec<_>>(),
        "settings": input.settings,
        // The set-up as it was dealt and committed: to the names the game began with.
        "setup": setup_json(&game.game.setup, &input.players),
        "seed": input.seed,
        "salt": salt,
        "commitment": game.commitment(),
        "messages": messages,
        "over": game.over(),
        "winner": game.game.winner.map(|w| names[w].clone()),
        "log": game.log,
    }))
}

/// `polysleuth deduce` for Clue: one player's Detective Notebook after a turn (`turn`, or
/// the input's `"round"`; the last when neither), from a replay input or a record, every deal
/// that fits that player's view counted within `work` units, else sampled.
pub fn deduce(
    text: &str,
    player: Option<&str>,
    turn: Option<usize>,
    work: u64,
) -> Result<Value, String> {
    let mut value: Value =
        serde_json::from_str(text).map_err(|e| format!("the replay input cannot be read: {e}"))?;
    let object = value
        .as_object_mut()
        .ok_or("the replay input is not a JSON object")?;
    let named = object.remove("player");
    let round = object.remove("round");
    let input: Input = serde_json::from_value(value)
        .map_err(|e| format!("the replay input cannot be read: {e}"))?;
    let player = match (player, named.as_ref().and_then(Value::as_str)) {
        (Some(p), _) | (None, Some(p)) => p.to_string(),
        (None, None) => {
            return Err("name the player: --player NAME, or \"player\" in the file".into())
        }
    };
    let turn = turn.or(round.as_ref().and_then(Value::as_u64).map(|r| r as usize));
    let (mut game, names, _, _) = played(&input)?;
    // A seat by its player's name now, or the name it began with (before a replacement).
    let named = |list: &[String]| {
        list.iter()
            .position(|n| n.eq_ignore_ascii_case(player.trim()))
    };
    let seat = named(&names)
        .or_else(|| named(&input.players))
        .ok_or_else(|| format!("\"{player}\" is not a player: {}", names.join(", ")))?;
    let last = game.turn_no as usize;
    let upto = turn.unwrap_or(last);
    if upto > last {
        return Err(format!(
            "turn {upto} has not come: the game reached turn {last}"
        ));
    }
    let events: Vec<Event> = (game.log.iter())
        .filter(|l| (l.turn as usize) <= upto)
        .flat_map(|l| l.events.clone())
        .collect();
    game.log.clear();
    let view = super::notebook::SeatView::new(
        &game.game.private_view(seat),
        &game.game.public_view(),
        &events,
    );
    let budget = super::notebook::Budget {
        work,
        ..super::notebook::Budget::default()
    };
    let book = super::notebook::Notebook::build(&view, &budget, input.seed ^ upto as u64);
    let cell = |c: &super::notebook::Cell| match c {
        super::notebook::Cell::Yes(r) => json!({"certain": "yes", "why": r}),
        super::notebook::Cell::No(r) => json!({"certain": "no", "why": r}),
        super::notebook::Cell::Open(p) => json!({"chance": p}),
    };
    let place = |p: &super::notebook::Place| match p {
        super::notebook::Place::Envelope => "Pool".to_string(),
        super::notebook::Place::Seat(s) => names[*s].clone(),
        super::notebook::Place::Spare => "spare".to_string(),
    };
    Ok(json!({
        "ruleset": "clue",
        "player": names[seat],
        "after_turn": upto,
        "method": book.method,
        "deals": book.deals,
        "places": book.places.iter().map(place).collect::<Vec<_>>(),
        "cards": book.rows.iter().map(|r| json!({
            "card": r.card.name(),
            "cells": r.cells.iter().map(cell).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deduce_finds_a_seat_by_its_player_now_or_by_the_name_it_began_with() {
        let text = r#"{"ruleset": "clue", "players": ["Ann", "Ben", "Cleo"], "seed": 4,
                       "messages": [{"replace": {"player": "Ben", "by": "Zoe"}}]}"#;
        let by_now = deduce(text, Some("zoe"), None, 1_000_000).unwrap();
        let by_then = deduce(text, Some("Ben"), None, 1_000_000).unwrap();
        assert_eq!(by_now, by_then);
        assert_eq!(by_now["player"], "Zoe");
        assert!(deduce(text, Some("Dan"), None, 1_000_000)
            .unwrap_err()
            .contains("is not a player: Ann, Zoe, Cleo"));
    }

    #[test]
    fn a_stored_games_messages_replay_to_the_same_game() {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        let mut g = Stored::new(names, &[], Settings::default(), 4, "salt".into()).unwrap();
        let first = g.game.turn;
        assert!(g.act(first, "move to Kitchen").refused.is_none());
        let next = g.game.turn;
        g.act(next, "done");
        let input = json!({
            "players": ["Ann", "Ben", "Cleo"], "seed": 4, "salt": "salt",
            "messages": g.messages,
        });
        let out = run(&serde_json::from_value(input).unwrap()).unwrap();
        assert_eq!(out["messages"].as_array().unwrap().len(), g.messages.len());
        assert_eq!(out["commitment"], g.commitment());
    }

    fn input(text: &str) -> Input {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_replay_gives_the_setup_every_line_and_the_same_output_twice() {
        let text = r#"{"ruleset": "clue", "players": ["Ann", "Ben", "Cleo"], "guests": [null, "Plum", null],
            "seed": 4, "messages": [{"player": "Ann", "text": "move to Kitchen"}]}"#;
        let a = run(&input(text)).unwrap();
        assert_eq!(a, run(&input(text)).unwrap());
        assert_eq!(
            a["guests"],
            json!(["Miss Scarlet", "Professor Plum", "Colonel Mustard"])
        );
        assert_eq!(a["setup"]["envelope"].as_array().unwrap().len(), 3);
        assert_eq!(a["commitment"].as_str().unwrap().len(), 64);
        let first = a["setup"]["first"].as_str().unwrap();
        let line = &a["messages"][0]["lines"][0];
        match first {
            // The first player rolls and moves; anyone else is told it is not their turn.
            "Ann" => assert_eq!(line["events"][0]["event"], "rolled"),
            _ => assert_eq!(line["refused"], "it is not your turn"),
        }
    }

    #[test]
    fn the_lines_after_a_refused_one_are_not_carried_out() {
        // Board off: a turn is a suggestion naming a room.
        let text = r#"{"players": ["Ann", "Ben", "Cleo"], "seed": 2, "settings": {"board": false},
            "messages": []}"#;
        let first = run(&input(text)).unwrap()["setup"]["first"]
            .as_str()
            .unwrap()
            .to_string();
        let text = format!(
            r#"{{"players": ["Ann", "Ben", "Cleo"], "seed": 2, "settings": {{"board": false}},
            "messages": [{{"player": "{first}", "text": "done\nsuggest Plum in Kitchen with Rope"}}]}}"#
        );
        let out = run(&input(&text)).unwrap();
        let lines = out["messages"][0]["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 1);
        assert!(lines[0]["refused"]
            .as_str()
            .unwrap()
            .contains("a turn is its suggestion, so \"done\" comes after it"));
        assert!(run(&input(r#"{"players": ["Ann", "Ben"], "seed": 1}"#)).is_err());
        assert!(run(&input(
            r#"{"players": ["Ann", "Ben", "Cleo"], "guests": ["Rope"], "seed": 1}"#
        ))
        .unwrap_err()
        .contains("not a guest"));
    }
}
