//! Clue's game as its engine plays it (RULES-CLUE §3, §4, §7), pure: whose turn it is and how
//! far it has gone, where every mover and weapon token stands, who is out, the cards each
//! refuter showed each suggester, each player's standing show order, and the `stay` right.
//! `play` carries out one command of the player whose turn it is and says what happened
//! (`Event`s, the shown card marked private to the suggester); a refusal changes nothing.
//! Every roll and every card drawn for a refuter comes from the stream the caller gives, so
//! `verify` can draw them again. With the `ask_refuter` house rule, a refuter holding two or
//! three of the cards is asked (`Phase::Showing`) and answers `show CARD`; without an answer
//! in time (`answer_now`) the preferences decide. Deadlines and idleness are the service's.

use rand::rngs::ChaCha20Rng;

use super::board::{self, Room, Spot, Start};
use super::cards::{Card, Kind};
use super::command::Command;
use super::setup::Setup;
use crate::games::stream::below;

mod refusal;
pub use refusal::{card_names, NamesWanted, Refusal};

/// How far the turn has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for a move (or, board off, a suggestion).
    Move,
    /// In a room entered this turn (or kept by `stay`): a suggestion or `done`.
    Suggest,
    /// With `ask_refuter`: a refuter holding two or three of the cards chooses which to show.
    Showing,
    /// The suggestion is answered: an accusation or `done`.
    Answered,
    /// The game is over.
    Over,
}

/// What happened, in order, for the log and the letters.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Rolled {
        seat: usize,
        dice: (u32, u32),
    },
    Moved {
        guest: usize,
        to: Spot,
    },
    Suggested {
        seat: usize,
        guest: Card,
        room: Room,
        weapon: Card,
    },
    /// The seat had none of the three.
    HadNone {
        seat: usize,
    },
    /// Someone showed a card to the suggester, as a third party sees it (`view::event_for`).
    ShowedUnseen {
        seat: usize,
        to: usize,
    },
    /// The seat showed a card to the suggester: the card is for the suggester's eyes alone.
    Showed {
        seat: usize,
        to: usize,
        card: Card,
    },
    NobodyShowed,
    /// With `ask_refuter`: the seat holds two or three of the cards (`cards`, for its eyes
    /// alone) and is asked which to show the suggester.
    Asked {
        seat: usize,
        to: usize,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cards: Vec<Card>,
    },
    Accused {
        seat: usize,
        guest: Card,
        room: Room,
        weapon: Card,
        right: bool,
    },
    /// The turn passes to this seat.
    Turn {
        seat: usize,
    },
    Over {
        winner: Option<usize>,
    },
    /// The game master gave the seat to someone else (the service's, never the engine's).
    Replaced {
        seat: usize,
        before: String,
    },
}

/// A game of Clue, as stored (`games.state`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    pub players: Vec<String>,
    /// The guest each seat plays (its guest card's index, 0–5).
    pub guests: Vec<usize>,
    pub setup: Setup,
    /// Where each guest's mover stands, by guest.
    pub movers: [Spot; 6],
    /// The room of each weapon token, by weapon.
    pub tokens: [Room; 6],
    pub turn: usize,
    pub phase: Phase,
    pub out: Vec<bool>,
    /// The room where a seat may `stay`, won by being carried in since its last turn.
    pub stay: Vec<Option<Room>>,
    /// Every card shown: (refuter, suggester, card), in order.
    pub shown: Vec<(usize, usize, Card)>,
    /// Each seat's standing show order.
    pub show_orders: Vec<Vec<Card>>,
    /// Whether the board is played (house rule `board`).
    pub board: bool,
    /// Board off: the room of each seat's previous suggestion, which it may not name again.
    pub last_room: Vec<Option<Room>>,
    pub winner: Option<usize>,
    /// House rule `ask_refuter`: a refuter holding two or three is asked.
    #[serde(default)]
    pub ask_refuter: bool,
    /// The refuter asked to choose, and the cards it holds of the three.
    #[serde(default)]
    pub asked: Option<(usize, Vec<Card>)>,
    /// A refused suggestion by a player with the right to stay keeps the right and the move
    /// (a refusal changes nothing), as in every game made since this was mended; absent
    /// (false) in games stored before, which used the right up, and replay as they played.
    #[serde(default)]
    pub refusal_keeps_stay: bool,
}

impl Game {
    /// A game at its start: every mover on its start square, the tokens where the set-up put
    /// them, the first player's turn.
    pub fn new(players: Vec<String>, guests: Vec<usize>, setup: Setup, board: bool) -> Game {
        let n = players.len();
        Game {
            movers: std::array::from_fn(|g| Spot::Start(Start(g as u8))),
            tokens: setup.weapon_rooms,
            turn: setup.first,
            phase: Phase::Move,
            out: vec![false; n],
            stay: vec![None; n],
            shown: Vec::new(),
            show_orders: vec![Vec::new(); n],
            last_room: vec![None; n],
            winner: None,
            ask_refuter: false,
            asked: None,
            refusal_keeps_stay: true,
            board,
            players,
            guests,
            setup,
        }
    }

    /// The seat's own spot.
    fn spot_of(&self, seat: usize) -> Spot {
        self.movers[self.guests[seat]]
    }

    /// Carries out `command` for `seat`; `rng` gives every roll and every card drawn for a
    /// refuter. Refused whole, or done with what happened.
    pub fn play(
        &mut self,
        seat: usize,
        command: &Command,
        rng: &mut ChaCha20Rng,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase == Phase::Over {
            return Err(Refusal::Over);
        }
        // A standing show order may be set at any time, by anyone still seated.
        if let Command::ShowOrder(cards) = command {
            let hand = &self.setup.hands[seat];
            let foreign: Vec<Card> = cards
                .iter()
                .filter(|c| !hand.contains(c))
                .copied()
                .collect();
            if !foreign.is_empty() {
                return Err(Refusal::NotHeld(foreign));
            }
            self.show_orders[seat] = cards.clone();
            return Ok(Vec::new());
        }
        if let Command::Show(card) = command {
            return match &self.asked {
                Some((refuter, cards)) if *refuter == seat => match cards.contains(card) {
                    true => Ok(self.shows(*card)),
                    false => Err(Refusal::ShowOneOf(cards.to_vec())),
                },
                _ => Err(Refusal::NothingToShow),
            };
        }
        if self.out[seat] {
            return Err(Refusal::Out);
        }
        if seat != self.turn {
            return Err(Refusal::NotYourTurn);
        }
        if self.phase == Phase::Showing {
            return Err(Refusal::WaitingForAnswer);
        }
        let mut events = Vec::new();
        match (self.phase, command) {
            (_, Command::MoveTo(_) | Command::Passage | Command::Stay) if !self.board => {
                return Err(Refusal::NoBoard)
            }
            (Phase::Move, Command::Done) if !self.board => return Err(Refusal::SuggestFirst),
            (Phase::Move, Command::MoveTo(room)) if self.board => {
                let from = self.spot_of(seat);
                if from == Spot::In(*room) {
                    return Err(Refusal::SameRoom);
                }
                let dice = (below(rng, 6) as u32 + 1, below(rng, 6) as u32 + 1);
                let to = board::moved(from, *room, dice.0 + dice.1).expect("another room");
                self.movers[self.guests[seat]] = to;
                events.push(Event::Rolled { seat, dice });
                events.push(Event::Moved {
                    guest: self.guests[seat],
                    to,
                });
                self.stay[seat] = None;
                match to {
                    Spot::In(_) => self.phase = Phase::Suggest,
                    // A move that ends outside a room ends the turn by itself.
                    _ => events.extend(self.next_turn()),
                }
            }
            (Phase::Move, Command::Passage) if self.board => {
                let Spot::In(here) = self.spot_of(seat) else {
                    return Err(Refusal::NoPassage);
                };
                let there = here.passage().ok_or(Refusal::NoPassage)?;
                let to = Spot::In(there);
                self.movers[self.guests[seat]] = to;
                self.stay[seat] = None;
                events.push(Event::Moved {
                    guest: self.guests[seat],
                    to,
                });
                self.phase = Phase::Suggest;
            }
            (Phase::Move, Command::Stay) if self.board => match self.stay[seat] {
                Some(room) if self.spot_of(seat) == Spot::In(room) => {
                    self.stay[seat] = None;
                    self.phase = Phase::Suggest;
                }
                _ => return Err(Refusal::NoStay),
            },
            (Phase::Move, Command::Suggest { .. }) if self.board => {
                // A player with the right who suggests without a move stays (§7). The right is
                // used only by a suggestion carried out: one refused changes nothing.
                match self.stay[seat] {
                    Some(room) if self.spot_of(seat) == Spot::In(room) => {
                        self.stay[seat] = None;
                        self.phase = Phase::Suggest;
                        let played = self.play(seat, command, rng);
                        if played.is_err() && self.refusal_keeps_stay {
                            self.stay[seat] = Some(room);
                            self.phase = Phase::Move;
                        }
                        return played;
                    }
                    _ => return Err(Refusal::MoveFirst),
                }
            }
            (Phase::Move, Command::Done) => return Err(Refusal::MoveFirst),
            (Phase::Move, Command::MoveTo(_) | Command::Passage | Command::Stay) => {
                return Err(Refusal::MoveFirst)
            }
            (
                Phase::Suggest | Phase::Answered,
                Command::MoveTo(_) | Command::Passage | Command::Stay,
            ) => return Err(Refusal::MovedAlready),
            (
                Phase::Suggest,
                Command::Suggest {
                    guest,
                    room,
                    weapon,
                },
            )
            | (
                Phase::Move,
                Command::Suggest {
                    guest,
                    room,
                    weapon,
                },
            ) => {
                if guest.kind() != Kind::Guest || weapon.kind() != Kind::Weapon {
                    return Err(Refusal::Names(NamesWanted::Nothing));
                }
                let room = match (self.board, room) {
                    (true, None) => match self.spot_of(seat) {
                        Spot::In(r) => r,
                        _ => return Err(Refusal::NotInRoom),
                    },
                    (true, Some(_)) => return Err(Refusal::Names(NamesWanted::NotARoom)),
                    (false, Some(r)) => {
                        if self.last_room[seat] == Some(*r) {
                            return Err(Refusal::Names(NamesWanted::AnotherRoom));
                        }
                        *r
                    }
                    (false, None) => return Err(Refusal::Names(NamesWanted::ARoom)),
                };
                events.extend(self.suggest(seat, *guest, room, *weapon, rng));
                if self.asked.is_none() {
                    self.phase = Phase::Answered;
                }
            }
            (Phase::Suggest, Command::Done) | (Phase::Answered, Command::Done) => {
                events.extend(self.next_turn());
            }
            (
                Phase::Answered,
                Command::Accuse {
                    guest,
                    room,
                    weapon,
                },
            ) => {
                let right = [*guest, Card::of_room(*room), *weapon]
                    .iter()
                    .all(|c| self.setup.envelope.contains(c));
                events.push(Event::Accused {
                    seat,
                    guest: *guest,
                    room: *room,
                    weapon: *weapon,
                    right,
                });
                if right {
                    self.winner = Some(seat);
                    self.phase = Phase::Over;
                    events.push(Event::Over { winner: Some(seat) });
                } else {
                    self.out[seat] = true;
                    events.extend(self.next_turn());
                }
            }
            (_, Command::Accuse { .. }) => return Err(Refusal::AccuseAfterAnswer),
            (Phase::Answered, Command::Suggest { .. }) => return Err(Refusal::SuggestedAlready),
            (_, Command::MoveTo(_) | Command::Passage | Command::Stay) => {
                return Err(Refusal::MoveFirst)
            }
            (Phase::Over | Phase::Showing, _) | (_, Command::Show(_) | Command::ShowOrder(_)) => {
                unreachable!("answered above")
            }
        }
        Ok(events)
    }

    /// A suggestion in `room`: the named guest and weapon carried there, then the players
    /// after the suggester asked in seat order.
    fn suggest(
        &mut self,
        seat: usize,
        guest: Card,
        room: Room,
        weapon: Card,
        rng: &mut ChaCha20Rng,
    ) -> Vec<Event> {
        let mut events = vec![Event::Suggested {
            seat,
            guest,
            room,
            weapon,
        }];
        self.last_room[seat] = Some(room);
        if self.board {
            let g = guest.index();
            if self.movers[g] != Spot::In(room) {
                self.movers[g] = Spot::In(room);
                events.push(Event::Moved {
                    guest: g,
                    to: Spot::In(room),
                });
                // Its player, if another's, may stay there on their next turn.
                if let Some(p) = self.guests.iter().position(|x| *x == g) {
                    if p != seat {
                        self.stay[p] = Some(room);
                    }
                }
            }
            self.tokens[weapon.index() - 6] = room;
        }
        let three = [guest, Card::of_room(room), weapon];
        let n = self.players.len();
        for k in 1..n {
            let other = (seat + k) % n;
            let held: Vec<Card> = three
                .iter()
                .copied()
                .filter(|c| self.setup.hands[other].contains(c))
                .collect();
            if held.is_empty() {
                events.push(Event::HadNone { seat: other });
                continue;
            }
            if self.ask_refuter && held.len() > 1 {
                self.asked = Some((other, held.clone()));
                self.phase = Phase::Showing;
                events.push(Event::Asked {
                    seat: other,
                    to: seat,
                    cards: held,
                });
                return events;
            }
            let card = self.choose(other, seat, &held, rng);
            self.shown.push((other, seat, card));
            events.push(Event::Showed {
                seat: other,
                to: seat,
                card,
            });
            return events;
        }
        events.push(Event::NobodyShowed);
        events
    }

    /// Which of the cards it holds a refuter shows (§3): the one it showed this suggester
    /// most recently, else the first in its show order, else one drawn from the stream.
    fn choose(
        &self,
        refuter: usize,
        suggester: usize,
        held: &[Card],
        rng: &mut ChaCha20Rng,
    ) -> Card {
        if held.len() == 1 {
            return held[0];
        }
        if let Some((_, _, c)) = self
            .shown
            .iter()
            .rev()
            .find(|(r, s, c)| *r == refuter && *s == suggester && held.contains(c))
        {
            return *c;
        }
        if let Some(c) = self.show_orders[refuter].iter().find(|c| held.contains(c)) {
            return *c;
        }
        held[below(rng, held.len() as u64) as usize]
    }

    /// The refuter asked shows `card`: the suggestion is answered.
    fn shows(&mut self, card: Card) -> Vec<Event> {
        let Some((refuter, _)) = self.asked.take() else {
            return Vec::new();
        };
        let suggester = self.turn;
        self.shown.push((refuter, suggester, card));
        self.phase = Phase::Answered;
        vec![Event::Showed {
            seat: refuter,
            to: suggester,
            card,
        }]
    }

    /// The refuter asked did not answer in time: the preferences choose (`choose`).
    pub fn answer_now(&mut self, rng: &mut ChaCha20Rng) -> Vec<Event> {
        match self.asked.clone() {
            Some((refuter, cards)) => {
                let card = self.choose(refuter, self.turn, &cards, rng);
                self.shows(card)
            }
            None => Vec::new(),
        }
    }

    /// The turn under way ends now (its deadline passed, or the game master skipped it): the
    /// turn passes as after `done`, whatever phase it was in — a refuter still asked answers
    /// first, by the preferences. Nothing happens once over.
    pub fn pass_turn(&mut self, rng: &mut ChaCha20Rng) -> Vec<Event> {
        match self.phase {
            Phase::Over => Vec::new(),
            _ => {
                let mut events = self.answer_now(rng);
                events.extend(self.next_turn());
                events
            }
        }
    }

    /// The game master ends the game now: nobody wins; the envelope and hands are shown.
    pub fn end_now(&mut self) -> Vec<Event> {
        match self.phase {
            Phase::Over => Vec::new(),
            _ => {
                self.phase = Phase::Over;
                self.asked = None;
                vec![Event::Over { winner: None }]
            }
        }
    }

    /// The turn passes to the next seat still in; the game ends when nobody is. A `stay`
    /// right lapses at the end of its holder's turn.
    fn next_turn(&mut self) -> Vec<Event> {
        self.stay[self.turn] = None;
        let n = self.players.len();
        match (1..=n).map(|k| (self.turn + k) % n).find(|s| !self.out[*s]) {
            Some(next) => {
                self.turn = next;
                self.phase = Phase::Move;
                vec![Event::Turn { seat: next }]
            }
            None => {
                self.phase = Phase::Over;
                vec![Event::Over { winner: None }]
            }
        }
    }
}

#[cfg(test)]
mod tests;
