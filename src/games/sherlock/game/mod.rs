//! Sherlock Solitaire as its engine plays it (RULES-SHERLOCK §2–§4, §7), pure: the deck, the
//! hand, the Office's sets, the Crime Scene, the discard pile, the wounds, the sets completed
//! and the turn's count of plays. `play` carries out one line of the turn language — a play,
//! an ability's choice, `complete`, `redraw` — and says what happened; a refusal changes
//! nothing. `settle` ends the turn when nothing more can be played (the end of a reply), and
//! `time_out` when a turn's deadline passes. Every reshuffle comes from the caller's stream, so
//! `verify` can shuffle again. The abilities are in `abilities`, the Office's rules in `office`.

mod abilities;
mod office;
pub(super) mod refusal;
#[cfg(test)]
mod tests;

use rand::rngs::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::cards::{Card, Face};
use super::command::Command;
use super::places::Area;
use super::setup::{shuffle, Case, Detective, Settings};
pub use abilities::{Choice, Place, Waiting};
pub use office::Set;
pub use refusal::Refusal;

/// A card in the hand; `plus` when an ability put it there (it must be played this turn, into
/// either area, and is no play of the two-and-two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InHand {
    pub card: Card,
    pub plus: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The case is solved.
    Won,
    /// The third wound.
    Wounded,
    /// The last turn of the case's clock ended with the case unsolved.
    OutOfTime,
    /// The game master ended the game before it was decided.
    Ended,
}

/// Why the detectives were wounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundWhy {
    /// A pair of Threat cards in the Crime Scene.
    ThreatPair,
    /// An ability that could not be used.
    Skipped,
    /// Cards left in the hand at the end of a turn.
    LeftInHand,
    /// A reshuffle under the house rule `advanced`.
    Reshuffle,
}

/// What happened, in order, for the log and the letters. Draws name their faces: the hand is
/// its player's to see (`view` keeps them from anyone else).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        turn: u32,
        detective: Detective,
    },
    Drew {
        faces: Vec<Face>,
    },
    /// Cards drawn, as an onlooker sees them (`view::event_for_onlooker`): how many, not which.
    DrewHidden {
        count: usize,
    },
    Reshuffled {
        cards: usize,
    },
    Redrew,
    Played {
        face: Face,
        plus: bool,
        area: Area,
        set: Option<u8>,
    },
    /// A pair in the Crime Scene, discarded.
    Pair {
        face: Face,
    },
    /// An ability's card moved.
    Moved {
        face: Face,
        from: Place,
        to: Place,
    },
    /// An ability that could not be used (a wound follows).
    Skipped {
        detective: Detective,
        number: u8,
    },
    Healed {
        wounds: u8,
    },
    Wounded {
        wounds: u8,
        why: WoundWhy,
    },
    Completed {
        number: u8,
    },
    /// The cards left in the hand at the end of a turn, discarded.
    Discarded {
        faces: Vec<Face>,
    },
    Over {
        outcome: Outcome,
    },
}

/// A game of Sherlock Solitaire, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub settings: Settings,
    /// The deck, its top card first.
    pub deck: Vec<Card>,
    /// The discard pile, its top card last.
    pub discard: Vec<Card>,
    pub office: Vec<Set>,
    pub scene: Vec<Card>,
    pub hand: Vec<InHand>,
    /// The turn under way, from 1.
    pub turn: u32,
    /// Drawn cards played into each area this turn.
    pub office_plays: u8,
    pub scene_plays: u8,
    /// Whether a card was played this turn (no redraw after).
    pub played: bool,
    pub redrawn: bool,
    pub waiting: Option<Waiting>,
    pub wounds: u8,
    /// The numbers of the sets completed, in order.
    pub completed: Vec<u8>,
    pub outcome: Option<Outcome>,
    /// A reply refused at one of its lines leaves its turn open for the next reply
    /// (RULES-SHERLOCK §7). Games stored before this was so read false: there a refused reply
    /// settled its turn as any other did, and their records replay that way.
    #[serde(default)]
    pub refusal_keeps_turn: bool,
    /// With the deck and the discard pile both empty, a draw stops short, though Threat cards
    /// lie in the Crime Scene (RULES-SHERLOCK §7). Games stored before this was so read
    /// false: there those Threat cards alone made a new deck, and their records replay so.
    #[serde(default)]
    pub short_draw_on_empty_pile: bool,
}

impl Game {
    /// A game at the start of its first turn, the four cards drawn.
    pub fn new(settings: Settings, deck: Vec<Card>, rng: &mut ChaCha20Rng) -> (Game, Vec<Event>) {
        let mut g = Game {
            settings,
            deck,
            discard: Vec::new(),
            office: Vec::new(),
            scene: Vec::new(),
            hand: Vec::new(),
            turn: 0,
            office_plays: 0,
            scene_plays: 0,
            played: false,
            redrawn: false,
            waiting: None,
            wounds: 0,
            completed: Vec::new(),
            outcome: None,
            refusal_keeps_turn: true,
            short_draw_on_empty_pile: true,
        };
        let events = g.begin_turn(rng);
        (g, events)
    }

    pub fn over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The detective whose turn it is.
    pub fn detective(&self) -> Detective {
        let d = &self.settings.detectives;
        d[(self.turn.max(1) as usize - 1) % d.len()]
    }

    /// Turns left on the case's clock, this one included.
    pub fn turns_left(&self) -> u32 {
        (self.settings.turn_limit() + 1).saturating_sub(self.turn)
    }

    /// Carries out one line; refused whole, or done with what happened.
    pub fn play(
        &mut self,
        command: &Command,
        rng: &mut ChaCha20Rng,
    ) -> Result<Vec<Event>, Refusal> {
        if self.over() {
            return Err(Refusal::Over);
        }
        let mut events = Vec::new();
        match command {
            Command::Then { face, from, to } => {
                let waiting = self.waiting.clone().ok_or(Refusal::NothingWaiting)?;
                let choice = Choice {
                    face: *face,
                    from: *from,
                    to: *to,
                };
                if !waiting.options.contains(&choice) {
                    return Err(Refusal::NotAChoice(waiting));
                }
                self.waiting = None;
                self.apply(choice, &mut events);
            }
            _ if self.waiting.is_some() => {
                let w = self.waiting.as_ref().expect("checked");
                return Err(Refusal::Waiting(w.clone()));
            }
            Command::Redraw => {
                if !self.may_redraw() {
                    return Err(Refusal::NoRedraw);
                }
                self.redrawn = true;
                self.discard.extend(self.hand.drain(..).map(|h| h.card));
                events.push(Event::Redrew);
                self.draw(4, rng, &mut events);
            }
            Command::Play {
                face,
                plus,
                area,
                on,
            } => self.play_card(*face, *plus, *area, *on, rng, &mut events)?,
            Command::Complete(number) => {
                if self.settings.case == Case::ValleyOfFear {
                    return Err(Refusal::NeverCompletes);
                }
                let at = self
                    .office
                    .iter()
                    .position(|s| s.number == *number && s.investigations() >= 4)
                    .ok_or(Refusal::NoFullSet(*number))?;
                let set = self.office.remove(at);
                self.discard.extend(set.cards);
                self.completed.push(*number);
                events.push(Event::Completed { number: *number });
            }
        }
        self.check_win(&mut events);
        Ok(events)
    }

    /// Plays a card of the hand into an area.
    fn play_card(
        &mut self,
        face: Face,
        plus: bool,
        area: Area,
        on: Option<u8>,
        rng: &mut ChaCha20Rng,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let at = self
            .hand
            .iter()
            .position(|h| h.card.face() == face && h.plus == plus)
            .ok_or_else(|| Refusal::NotInHand {
                face,
                plus,
                // The hand holds that face of the other kind: the refusal says how to write it.
                other: (self.hand.iter()).any(|h| h.card.face() == face && h.plus != plus),
            })?;
        let set = match area {
            Area::Office => {
                if !plus && self.office_plays >= 2 {
                    return Err(Refusal::TwoPlayed(Area::Office));
                }
                let places = self.office_places(face);
                let set = match (places.as_slice(), on) {
                    ([], _) => {
                        return Err(self.no_place(face, None));
                    }
                    (_, Some(n)) if places.contains(&n) => n,
                    (_, Some(n)) => return Err(self.no_place(face, Some(n))),
                    ([one], None) => *one,
                    (many, None) => {
                        return Err(Refusal::WhichSet(face, many.to_vec()));
                    }
                };
                Some(set)
            }
            Area::Scene => {
                if !plus && self.scene_plays >= 2 {
                    return Err(Refusal::TwoPlayed(Area::Scene));
                }
                None
            }
        };
        let card = self.hand.remove(at).card;
        if !plus {
            match area {
                Area::Office => self.office_plays += 1,
                Area::Scene => self.scene_plays += 1,
            }
        }
        self.played = true;
        events.push(Event::Played {
            face,
            plus,
            area,
            set,
        });
        match set {
            Some(n) => self.put_in_office(card, n),
            None => self.enter_scene(card, rng, events),
        }
        Ok(())
    }

    /// A card enters the Crime Scene: a pair is discarded at once and has its effect.
    fn enter_scene(&mut self, card: Card, rng: &mut ChaCha20Rng, events: &mut Vec<Event>) {
        let face = card.face();
        match self.scene.iter().position(|c| c.face() == face) {
            None => self.scene.push(card),
            Some(at) => {
                let other = self.scene.remove(at);
                self.discard.push(other);
                self.discard.push(card);
                events.push(Event::Pair { face });
                match face {
                    Face::Number(n) => self.ability(n, rng, events),
                    Face::Letter(_) => self.wound(WoundWhy::ThreatPair, events),
                }
            }
        }
    }

    /// The detectives receive a wound; the third ends the game.
    fn wound(&mut self, why: WoundWhy, events: &mut Vec<Event>) {
        if self.over() {
            return;
        }
        self.wounds += 1;
        events.push(Event::Wounded {
            wounds: self.wounds,
            why,
        });
        if self.wounds >= 3 {
            self.end(Outcome::Wounded, events);
        }
    }

    fn end(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            self.waiting = None;
            events.push(Event::Over { outcome });
        }
    }

    /// Draws `n` cards into the hand, reshuffling an empty deck; short when nothing is left.
    fn draw(&mut self, n: usize, rng: &mut ChaCha20Rng, events: &mut Vec<Event>) {
        let mut faces = Vec::new();
        for _ in 0..n {
            if self.deck.is_empty() {
                self.reshuffle(rng, events);
                if self.over() || self.deck.is_empty() {
                    break;
                }
            }
            let card = self.deck.remove(0);
            faces.push(card.face());
            self.hand.push(InHand { card, plus: false });
        }
        events.push(Event::Drew { faces });
    }

    /// The discard pile and the Threat cards of the Crime Scene become the deck, shuffled.
    fn reshuffle(&mut self, rng: &mut ChaCha20Rng, events: &mut Vec<Event>) {
        if self.short_draw_on_empty_pile && self.discard.is_empty() {
            // "With the deck and the pile both empty, the draw stops short."
            return;
        }
        let mut cards: Vec<Card> = std::mem::take(&mut self.discard);
        let (threats, kept): (Vec<Card>, Vec<Card>) =
            self.scene.drain(..).partition(|c| !c.face().is_number());
        self.scene = kept;
        cards.extend(threats);
        if cards.is_empty() {
            return;
        }
        shuffle(&mut cards, rng);
        events.push(Event::Reshuffled { cards: cards.len() });
        self.deck = cards;
        if self.settings.advanced {
            self.wound(WoundWhy::Reshuffle, events);
        }
    }

    /// Whether the case is solved now (and no choice is waiting): then the game is won.
    fn check_win(&mut self, events: &mut Vec<Event>) {
        if self.over() || self.waiting.is_some() {
            return;
        }
        let level = self.settings.level;
        let solved = match self.settings.case {
            Case::ValleyOfFear => {
                let least = level as usize + 1;
                (1..=4).all(|n| {
                    self.office
                        .iter()
                        .any(|s| s.number == n && s.investigations() >= least)
                })
            }
            Case::FinalProblem => {
                let times = |n: u8| self.completed.iter().filter(|c| **c == n).count();
                let covered = (1..=4).filter(|n| times(*n) > 0).count();
                match level {
                    1 => covered >= 3,
                    2 => covered == 4,
                    _ => covered == 4 && (1..=4).any(|n| times(n) >= 2),
                }
            }
        };
        if solved {
            self.end(Outcome::Won, events);
        }
    }

    /// Whether `redraw` is allowed now: before the turn's first play, once, with three cards
    /// alike or four of one kind.
    pub fn may_redraw(&self) -> bool {
        let faces: Vec<Face> = self.hand.iter().map(|h| h.card.face()).collect();
        let alike = Face::ALL
            .iter()
            .any(|f| faces.iter().filter(|x| *x == f).count() >= 3);
        let one_kind = faces.len() == 4
            && (faces.iter().all(|f| f.is_number()) || faces.iter().all(|f| !f.is_number()));
        self.waiting.is_none() && !self.played && !self.redrawn && (alike || one_kind)
    }

    /// Whether a card of the hand can be played now.
    pub fn playable(&self, h: &InHand) -> bool {
        let office =
            (h.plus || self.office_plays < 2) && !self.office_places(h.card.face()).is_empty();
        let scene = h.plus || self.scene_plays < 2;
        office || scene
    }

    /// Whether a reply could still do anything this turn: a choice waits, a card of the hand
    /// can be played, or a set can be completed. A reply refused at a line leaves the turn
    /// open only then: with nothing left to do, the next reply could only end it.
    pub fn anything_to_do(&self) -> bool {
        self.turn_goes_on()
            || (self.settings.case != Case::ValleyOfFear
                && self.office.iter().any(|s| s.investigations() >= 4))
    }

    /// Whether the turn goes on whatever the reply: a choice waits, or a card of the hand can
    /// be played (RULES §7, "Playable").
    pub fn turn_goes_on(&self) -> bool {
        self.waiting.is_some() || self.hand.iter().any(|h| self.playable(h))
    }

    /// The end of a reply: when no choice waits and no card in the hand can be played, the
    /// turn ends — the rest of the hand discarded with one wound — and the next begins, or the
    /// case's clock runs out.
    pub fn settle(&mut self, rng: &mut ChaCha20Rng) -> Vec<Event> {
        let mut events = Vec::new();
        if self.over() || self.turn_goes_on() {
            return events;
        }
        self.end_turn(false, rng, &mut events);
        events
    }

    /// The game master ends the game where it stands.
    pub fn end_by_master(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.end(Outcome::Ended, &mut events);
        events
    }

    /// The turn's deadline passed: it ends as if nothing more could be played, a waiting
    /// choice dropped (one wound if anything was left or dropped).
    pub fn time_out(&mut self, rng: &mut ChaCha20Rng) -> Vec<Event> {
        let mut events = Vec::new();
        if !self.over() {
            let dropped = self.waiting.take().is_some();
            self.end_turn(dropped, rng, &mut events);
        }
        events
    }

    fn end_turn(&mut self, dropped: bool, rng: &mut ChaCha20Rng, events: &mut Vec<Event>) {
        if !self.hand.is_empty() {
            let faces: Vec<Face> = self.hand.iter().map(|h| h.card.face()).collect();
            self.discard.extend(self.hand.drain(..).map(|h| h.card));
            events.push(Event::Discarded { faces });
            self.wound(WoundWhy::LeftInHand, events);
        } else if dropped {
            self.wound(WoundWhy::LeftInHand, events);
        }
        if self.over() {
            return;
        }
        if self.turn >= self.settings.turn_limit() {
            self.end(Outcome::OutOfTime, events);
            return;
        }
        events.extend(self.begin_turn(rng));
    }

    fn begin_turn(&mut self, rng: &mut ChaCha20Rng) -> Vec<Event> {
        self.turn += 1;
        self.office_plays = 0;
        self.scene_plays = 0;
        self.played = false;
        self.redrawn = false;
        let mut events = vec![Event::TurnBegan {
            turn: self.turn,
            detective: self.detective(),
        }];
        self.draw(4, rng, &mut events);
        events
    }
}
