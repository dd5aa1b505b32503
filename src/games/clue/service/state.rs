//! A game of Clue as the service stores it (`games.state`): the engine's game, with what the
//! engine does not keep — the house rules, the seed and salt that bind every roll and card
//! drawn, how far the game's random stream has gone, every message carried out (the record
//! `verify` replays), the log each letter and page words from, and the turns' clock. Pure.

use serde::{Deserialize, Serialize};

use crate::games::clue::cards::Card;
use crate::games::clue::command::read;
use crate::games::clue::game::{Event, Game, Phase};
use crate::games::clue::settings::Settings;
use crate::games::clue::setup::{assign_guests, play_stream, Setup};

/// One message as a player sent it (every line, as `replay` reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub player: String,
    pub text: String,
}

/// What one change did, for the log: whose message (none: the clock or the game master) and
/// its events, the shown card among them (each reader sees it as `view::event_for` allows).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// The turn it happened in.
    pub turn: u32,
    pub events: Vec<Event>,
}

/// A game of Clue, stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub game: Game,
    pub settings: Settings,
    pub seed: u64,
    pub salt: String,
    /// How many words of the play stream have been drawn.
    pub drawn: u64,
    /// Every message carried out, in order (the record).
    pub messages: Vec<Message>,
    /// What happened, in order.
    pub log: Vec<Logged>,
    /// The turn now, counted from 1.
    pub turn_no: u32,
    /// When each turn began (epoch seconds), by turn number − 1.
    #[serde(default)]
    pub began_at: Vec<i64>,
}

/// What a message did: the events of the lines carried out, and the refused line with why
/// (the lines after it are not carried out).
pub struct Acted {
    pub events: Vec<Event>,
    pub refused: Option<(String, String)>,
}

impl Stored {
    /// A new game: the set-up drawn from `seed`, guests given as chosen.
    pub fn new(
        players: Vec<String>,
        chosen: &[Option<usize>],
        settings: Settings,
        seed: u64,
        salt: String,
    ) -> Result<Stored, String> {
        settings.check(players.len()).map_err(|e| e.to_string())?;
        let mut chosen = chosen.to_vec();
        chosen.resize(players.len(), None);
        let guests = assign_guests(&chosen)?;
        let setup = Setup::draw(players.len(), seed)?;
        let game = Game::new(players, guests, setup, settings.board);
        Ok(Stored {
            game,
            settings,
            seed,
            salt,
            drawn: 0,
            messages: Vec::new(),
            log: Vec::new(),
            turn_no: 1,
            began_at: Vec::new(),
        })
    }

    /// The fairness commitment of the set-up.
    pub fn commitment(&self) -> String {
        self.game
            .setup
            .commitment(&self.game.players, self.seed, &self.salt)
    }

    pub fn over(&self) -> bool {
        self.game.phase == Phase::Over
    }

    /// The seat whose turn it is, while the game is on.
    pub fn current(&self) -> Option<usize> {
        (!self.over()).then_some(self.game.turn)
    }

    /// Carries out a player's message line by line, as `replay` does, until a line is
    /// refused; what was carried out stays. A message with nothing carried out is not kept.
    pub fn act(&mut self, seat: usize, text: &str) -> Acted {
        let mut rng = play_stream(&self.salt, self.seed, 0);
        rng.set_word_pos(self.drawn as u128);
        let mut events = Vec::new();
        let mut refused = None;
        let mut carried = 0;
        for (_, line) in crate::games::typography::meaningful_lines(text) {
            let line = line.trim();
            let done = read(line).map_err(|p| p.to_string()).and_then(|c| {
                self.game
                    .play(seat, &c, &mut rng)
                    .map_err(|r| r.to_string())
            });
            match done {
                Ok(e) => {
                    carried += 1;
                    events.extend(e);
                }
                Err(why) => {
                    refused = Some((line.to_string(), why));
                    break;
                }
            }
        }
        // A message whose first line is refused changed nothing: it is not part of the game.
        if carried > 0 {
            self.drawn = rng.get_word_pos() as u64;
            self.messages.push(Message {
                player: self.game.players[seat].clone(),
                text: text.to_string(),
            });
            self.logged(events.clone());
        }
        Acted { events, refused }
    }

    /// The turn under way passes (its deadline, or the game master).
    pub fn pass_turn(&mut self) -> Vec<Event> {
        let events = self.game.pass_turn();
        self.logged(events.clone());
        events
    }

    /// The game master ends the game.
    pub fn end_now(&mut self) -> Vec<Event> {
        let events = self.game.end_now();
        self.logged(events.clone());
        events
    }

    fn logged(&mut self, events: Vec<Event>) {
        if events.is_empty() {
            return;
        }
        let turn = self.turn_no;
        self.turn_no += events
            .iter()
            .filter(|e| matches!(e, Event::Turn { .. }))
            .count() as u32;
        self.log.push(Logged { turn, events });
    }

    /// Whether a name is a word of the turn language (and so no player's).
    pub fn is_reserved(name: &str) -> bool {
        Card::parse(name).is_some()
            || [
                "move", "passage", "stay", "done", "suggest", "accuse", "show",
            ]
            .contains(&name.to_lowercase().as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> Stored {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        Stored::new(names, &[], Settings::default(), 4, "salt".into()).unwrap()
    }

    #[test]
    fn a_stored_game_plays_as_the_replay_of_its_messages() {
        let mut g = stored();
        let first = g.game.turn;
        let acted = g.act(first, "move to Kitchen");
        assert!(acted.refused.is_none());
        assert!(matches!(acted.events[0], Event::Rolled { .. }));
        // Stored and read back, it goes on from the same point of the stream.
        let mut back: Stored = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        let next = back.game.turn;
        let a = back.act(next, "done");
        let b = g.act(next, "done");
        assert_eq!(a.events, b.events);
        assert_eq!(back, g);
        // The replay of the messages gives the same game.
        let input = serde_json::json!({
            "players": ["Ann", "Ben", "Cleo"], "seed": 4, "salt": "salt",
            "messages": g.messages,
        });
        let out = crate::games::clue::replay::run(&serde_json::from_value(input).unwrap()).unwrap();
        assert_eq!(out["messages"].as_array().unwrap().len(), g.messages.len());
    }

    #[test]
    fn a_message_refused_from_its_first_line_leaves_no_trace() {
        let mut g = stored();
        let other = (g.game.turn + 1) % 3;
        let acted = g.act(other, "move to Kitchen");
        assert!(acted.refused.unwrap().1.contains("not your turn"));
        assert!(g.messages.is_empty() && g.log.is_empty() && g.drawn == 0);
    }
}
