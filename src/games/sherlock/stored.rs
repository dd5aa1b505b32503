//! A game of Sherlock Solitaire as the service stores it (`games.state`): the engine's game,
//! with what the engine does not keep — the seed and salt that bind the deck and every
//! reshuffle, how far the play stream has gone, every step carried out (the record `verify`
//! replays), the log each letter and page words from, who plays which detective, and the plays
//! a player's page has lined up but not sent (undoable until sent). Pure: the service moves it
//! and stores it in one transaction.

use rand::rngs::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::game::{Event, Game};
use super::replay::{reply, GmStep, Replied, Step, Why};
use super::setup::{commitment, deck, play_stream, Detective, Settings};

/// What one change did, for the log: the turn it happened in and its events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    pub turn: u32,
    pub events: Vec<Event>,
}

/// A game of Sherlock Solitaire, stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub game: Game,
    pub seed: u64,
    pub salt: String,
    /// How many words of the play stream have been drawn.
    pub drawn: u64,
    /// Who plays: one person (every detective), or two (the detectives in order).
    pub players: Vec<String>,
    /// Every step carried out, in order (the record).
    pub messages: Vec<Step>,
    /// What happened, in order, the first turn's draw first.
    pub log: Vec<Logged>,
    /// When each turn began (epoch seconds), by turn number − 1.
    #[serde(default)]
    pub began_at: Vec<i64>,
    /// The plays the page has lined up this turn, not carried out yet: its player's alone.
    #[serde(default)]
    pub pending: Vec<String>,
    /// The day (`2026-11-26`, UTC) of a daily case; none for a game of its own.
    #[serde(default)]
    pub daily: Option<String>,
}

/// Why a seat may not act now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotNow {
    Over,
    /// The other detective's turn: their player's name and detective.
    OthersTurn(String, Detective),
}

impl Stored {
    /// A new game: the deck shuffled from `seed`, the first four cards drawn.
    pub fn new(
        players: Vec<String>,
        settings: Settings,
        seed: u64,
        salt: String,
    ) -> Result<Stored, String> {
        settings.check()?;
        if players.len() != 1 && players.len() != settings.detectives.len() {
            return Err(format!(
                "a game of {} detective{} is played by one person or one each, not {}",
                settings.detectives.len(),
                if settings.detectives.len() == 1 {
                    ""
                } else {
                    "s"
                },
                players.len()
            ));
        }
        let mut rng = play_stream(&salt, seed);
        let (game, first) = Game::new(settings, deck(seed), &mut rng);
        Ok(Stored {
            game,
            seed,
            salt,
            drawn: rng.get_word_pos() as u64,
            players,
            messages: Vec::new(),
            log: vec![Logged {
                turn: 1,
                events: first,
            }],
            began_at: Vec::new(),
            pending: Vec::new(),
            daily: None,
        })
    }

    /// The commitment published at the start: the deck's order, the seed, under the salt.
    pub fn commitment(&self) -> String {
        commitment(&deck(self.seed), self.seed, &self.salt)
    }

    pub fn over(&self) -> bool {
        self.game.over()
    }

    /// The seat whose turn it is: the one person, or the player of the detective on turn.
    pub fn seat_on_turn(&self) -> usize {
        self.seat_of_turn(self.game.turn)
    }

    /// The seat that plays turn `turn`, and so alone sees what it draws.
    pub fn seat_of_turn(&self, turn: u32) -> usize {
        match self.players.len() {
            1 => 0,
            n => (turn.max(1) as usize - 1) % n,
        }
    }

    /// Whether `seat` may act now, or why not.
    pub fn may_act(&self, seat: usize) -> Result<(), NotNow> {
        if self.over() {
            return Err(NotNow::Over);
        }
        let on = self.seat_on_turn();
        match on == seat {
            true => Ok(()),
            false => Err(NotNow::OthersTurn(
                self.players[on].clone(),
                self.game.detective(),
            )),
        }
    }

    /// The play stream where the game left it: what the next reshuffle draws from.
    pub fn rng(&self) -> ChaCha20Rng {
        let mut rng = play_stream(&self.salt, self.seed);
        rng.set_word_pos(self.drawn as u128);
        rng
    }

    /// Logs one change's events: an entry for each turn they fall in (a new turn begins at
    /// its `TurnBegan`), so that what a change added is the entries after those before it.
    fn log(&mut self, turn: u32, events: Vec<Event>) {
        let mut at = turn;
        let mut chunk: Vec<Event> = Vec::new();
        for e in events {
            if let Event::TurnBegan { turn, .. } = e {
                if !chunk.is_empty() {
                    self.log.push(Logged {
                        turn: at,
                        events: std::mem::take(&mut chunk),
                    });
                }
                at = turn;
            }
            chunk.push(e);
        }
        if !chunk.is_empty() {
            self.log.push(Logged {
                turn: at,
                events: chunk,
            });
        }
    }

    /// Carries out a reply of `seat`'s player (their mail, the page's lines sent, the API),
    /// after the page's lined-up plays when `with_pending`: every line in order until one is
    /// refused, then the turn settled. The record keeps it when it changed anything.
    pub fn reply(&mut self, seat: usize, text: &str, with_pending: bool) -> Replied {
        let mut text = text.to_string();
        let pending = std::mem::take(&mut self.pending);
        if with_pending && !pending.is_empty() {
            text = format!("{}\n{text}", pending.join("\n"));
        }
        let before = self.game.clone();
        let turn = self.game.turn;
        let mut rng = self.rng();
        let done = reply(&mut self.game, &text, &mut rng);
        // A reply that changed nothing (refused at its first line) leaves the plays lined up
        // on the page as they were: bad input loses nothing. One that played drops them: they
        // were lined up for a hand that has changed.
        if self.game == before {
            self.pending = pending;
        } else {
            self.drawn = rng.get_word_pos() as u64;
            self.messages.push(Step::Reply {
                text: text.trim().to_string(),
                player: Some(self.players[seat].clone()),
            });
            self.log(turn, done.events().cloned().collect());
        }
        self.seen_by(seat, turn, done)
    }

    /// A reply as its sender may see it: once it ends their turn, the next turn's draw is
    /// its own player's (of two people, the sender reads how many cards were drawn).
    fn seen_by(&self, seat: usize, turn: u32, mut done: Replied) -> Replied {
        let mut on = turn;
        for e in done.settled.iter_mut() {
            if let Event::TurnBegan { turn, .. } = e {
                on = *turn;
            }
            if self.seat_of_turn(on) != seat {
                *e = super::view::event_for_onlooker(e);
            }
        }
        done
    }

    /// The turn's deadline passed (house rule `turn_hours`): it ends as if nothing more could
    /// be played.
    pub fn time_out(&mut self) -> Vec<Event> {
        self.pending.clear();
        let turn = self.game.turn;
        let mut rng = self.rng();
        let events = self.game.time_out(&mut rng);
        self.drawn = rng.get_word_pos() as u64;
        self.messages.push(Step::Deadline { deadline: true });
        self.log(turn, events.clone());
        events
    }

    /// The game master ends the game where it stands.
    pub fn end(&mut self) -> Vec<Event> {
        self.pending.clear();
        let turn = self.game.turn;
        let events = self.game.end_by_master();
        self.messages.push(Step::Gm { gm: GmStep::End });
        self.log(turn, events.clone());
        events
    }

    /// The game as it would stand after the page's lined-up plays, and what they did: the
    /// page shows this until they are sent. Nothing is stored.
    pub fn preview(&self) -> (Game, Replied) {
        let mut game = self.game.clone();
        let mut rng = self.rng();
        let mut done = Replied::default();
        for line in &self.pending {
            if done.carry_out(&mut game, line, &mut rng) {
                break;
            }
        }
        (game, done)
    }

    /// Lines a play up on the page. Refused (nothing kept) when it is not legal after the
    /// plays already lined up. A play that shows a card of the deck (a draw, a reshuffle) or
    /// ends the game cannot be taken back: it is carried out at once, with those before it.
    pub fn line_up(&mut self, seat: usize, line: &str) -> Result<Option<Replied>, Why> {
        let line = line.trim().to_string();
        self.pending.push(line);
        let (_, done) = self.preview();
        if let Some(why) = done.lines.last().and_then(|l| l.why.clone()) {
            self.pending.pop();
            return Err(why);
        }
        let last = done.lines.last().and_then(|l| l.events.as_ref());
        let final_ = last.is_some_and(|events| {
            events.iter().any(|e| {
                matches!(
                    e,
                    Event::Drew { .. }
                        | Event::Reshuffled { .. }
                        | Event::Over { .. }
                        | Event::Moved {
                            from: super::places::Place::Deck,
                            ..
                        }
                )
            })
        });
        Ok(match final_ {
            true => Some(self.reply(seat, "", true)),
            false => None,
        })
    }

    /// Takes back the last play lined up on the page; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.pending.pop().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::solver::planned_line;

    fn stored(seed: u64) -> Stored {
        Stored::new(vec!["Ann".into()], Settings::default(), seed, "salt".into()).unwrap()
    }

    #[test]
    fn a_stored_game_played_by_replies_is_the_game_its_record_replays() {
        let mut s = stored(11);
        while !s.over() {
            let mut lines = Vec::new();
            let mut g = s.game.clone();
            let mut rng = s.rng();
            while let Some(line) = planned_line(&g) {
                g.play(
                    &crate::games::sherlock::command::read(&line).unwrap(),
                    &mut rng,
                )
                .unwrap();
                lines.push(line);
                if g.over() {
                    break;
                }
            }
            let done = s.reply(0, &lines.join("\n"), false);
            assert!(done.refused().is_none(), "{done:?}");
        }
        let input = serde_json::json!({
            "seed": 11, "salt": "salt", "settings": s.game.settings, "messages": s.messages,
        });
        let out =
            crate::games::sherlock::replay::run(&serde_json::from_value(input).unwrap()).unwrap();
        assert_eq!(out["outcome"], serde_json::json!(s.game.outcome));
        assert_eq!(out["turn"], s.game.turn);
        assert_eq!(out["commitment"], s.commitment());
        assert_eq!(s.log[0].turn, 1);
        assert!(s.log.windows(2).all(|w| w[0].turn <= w[1].turn));
    }

    #[test]
    fn plays_lined_up_on_the_page_are_undone_until_sent_and_a_wrong_one_is_not_kept() {
        let mut s = stored(5);
        let before = s.clone();
        let legal = crate::games::sherlock::solver::legal_lines(&s.game);
        let line = legal.iter().find(|l| l.ends_with("scene")).unwrap().clone();
        assert_eq!(s.line_up(0, &line), Ok(None));
        assert_eq!(s.pending, vec![line.clone()]);
        assert_eq!(
            s.game, before.game,
            "nothing is carried out before it is sent"
        );
        assert!(s.line_up(0, "redraw").is_err());
        assert_eq!(s.pending.len(), 1);
        assert!(s.undo());
        assert_eq!(s, before);
        s.line_up(0, &line).unwrap();
        let done = s.reply(0, "", true);
        assert!(done.refused().is_none());
        assert!(s.pending.is_empty());
        assert_ne!(s.game, before.game);
        assert_eq!(s.messages.len(), 1);
    }

    #[test]
    fn two_people_take_the_detectives_turns_in_order_and_a_refused_reply_leaves_no_step() {
        let settings = Settings {
            detectives: vec![Detective::Watson, Detective::Holmes],
            ..Settings::default()
        };
        let mut s = Stored::new(vec!["Ann".into(), "Ben".into()], settings, 3, "x".into()).unwrap();
        assert_eq!(s.may_act(0), Ok(()));
        assert_eq!(
            s.may_act(1),
            Err(NotNow::OthersTurn("Ann".into(), Detective::Watson))
        );
        let done = s.reply(0, "fly away", false);
        assert!(done.refused().is_some());
        assert!(s.messages.is_empty());
        s.time_out();
        assert_eq!(s.seat_on_turn(), 1);
        assert_eq!(s.game.detective(), Detective::Holmes);
        assert!(Stored::new(
            vec!["A".into(), "B".into(), "C".into()],
            Settings::default(),
            1,
            "x".into()
        )
        .is_err());
    }
}
