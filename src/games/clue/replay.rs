//! A whole game of Clue run by its engine alone, from a replay input: the players (and the
//! guests some chose), the seed (and the salt, else one derived from the seed), the house
//! rules, and each message a player sent, in order. Each message's lines are carried out in
//! order until one is refused (RULES-CLUE §3: a move that does not reach the room leaves the
//! suggestion after it unmade, and the answer says why). The output gives the set-up, the
//! commitment, what every line did, and the end. It is the base of the game's `replay`
//! contract and of `verify`, which draws every roll and every card again from the seed.

use serde::Deserialize;
use serde_json::{json, Value};

use super::cards::Card;
use super::command::read;
use super::game::{Event, Game};
use super::settings::Settings;
use super::setup::{assign_guests, play_stream, Setup};
use crate::games::stream::derived_salt;

/// A replay input.
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
    /// Each message, in order: who sent it and its text.
    #[serde(default)]
    pub messages: Vec<Message>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    pub player: String,
    pub text: String,
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
    }
}

/// Runs a replay input; the error is one sentence fit for standard error.
pub fn run(input: &Input) -> Result<Value, String> {
    let n = input.players.len();
    input.settings.check(n).map_err(|e| e.to_string())?;
    let chosen: Vec<Option<usize>> = (0..n)
        .map(|i| match input.guests.get(i).cloned().flatten() {
            None => Ok(None),
            Some(name) => Card::parse(&name)
                .filter(|c| c.index() < 6)
                .map(|c| Some(c.index()))
                .ok_or_else(|| format!("\"{name}\" is not a guest")),
        })
        .collect::<Result<_, _>>()?;
    let guests = assign_guests(&chosen)?;
    let setup = Setup::draw(n, input.seed)?;
    let salt = input
        .salt
        .clone()
        .unwrap_or_else(|| derived_salt(input.seed));
    let commitment = setup.commitment(&input.players, input.seed, &salt);
    let mut game = Game::new(
        input.players.clone(),
        guests.clone(),
        setup.clone(),
        input.settings.board,
    );
    let mut rng = play_stream(&salt, input.seed, 0);
    let mut messages = Vec::new();
    for m in &input.messages {
        let seat = input
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(m.player.trim()))
            .ok_or_else(|| format!("\"{}\" is not a player", m.player))?;
        let mut lines = Vec::new();
        for line in crate::games::typography::meaningful_lines(&m.text).map(|(_, l)| l.trim()) {
            let done = read(line)
                .map_err(|p| format!("\"{line}\" {p}"))
                .and_then(|c| game.play(seat, &c, &mut rng).map_err(|r| r.to_string()));
            match done {
                Ok(events) => lines.push(json!({
                    "line": line,
                    "events": events.iter().map(|e| event_json(e, &input.players)).collect::<Vec<_>>(),
                })),
                Err(why) => {
                    lines.push(json!({"line": line, "refused": why}));
                    break;
                }
            }
        }
        messages.push(json!({"player": input.players[seat], "lines": lines}));
    }
    let names = |cards: &[Card]| cards.iter().map(|c| c.name()).collect::<Vec<_>>();
    Ok(json!({
        "ruleset": "clue",
        "players": input.players,
        "guests": guests.iter().map(|g| Card::all().nth(*g).map(|c| c.name())).collect::<Vec<_>>(),
        "settings": input.settings,
        "setup": {
            "envelope": names(&setup.envelope),
            "hands": input.players.iter().zip(&setup.hands).map(|(p, h)| json!({"player": p, "cards": names(h)})).collect::<Vec<_>>(),
            "spare": names(&setup.spare),
            "weapon_rooms": setup.weapon_rooms,
            "roll_off": setup.roll_off.iter().map(|round| round.iter().map(|(s, r)| json!({"player": input.players[*s], "rolled": r})).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "first": input.players[setup.first],
        },
        "seed": input.seed,
        "salt": salt,
        "commitment": commitment,
        "messages": messages,
        "over": game.phase == super::game::Phase::Over,
        "winner": game.winner.map(|w| input.players[w].clone()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            .contains("begins with a move"));
        assert!(run(&input(r#"{"players": ["Ann", "Ben"], "seed": 1}"#)).is_err());
        assert!(run(&input(
            r#"{"players": ["Ann", "Ben", "Cleo"], "guests": ["Rope"], "seed": 1}"#
        ))
        .unwrap_err()
        .contains("not a guest"));
    }
}
