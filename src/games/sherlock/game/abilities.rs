//! The detectives' abilities (RULES-SHERLOCK §3, this project's ruling): what a pair of numbers
//! in the Crime Scene does for the detective whose turn it is. An ability must be used if it
//! can; when no card and destination are legal it is skipped, with a wound. With one option
//! the service makes the choice; with several, the player's `then FACE from PLACE to PLACE`
//! line chooses (`Waiting`).

use rand::rngs::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::{Event, Game, InHand, WoundWhy};
use crate::games::sherlock::cards::Face;
pub use crate::games::sherlock::places::Place;
use crate::games::sherlock::setup::Detective;

/// One way to use an ability: a card of `face` from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    pub face: Face,
    pub from: Place,
    pub to: Place,
}

impl Choice {
    /// The line that makes this choice: `then C from set 3 to discard`.
    pub fn line(&self) -> String {
        format!(
            "then {} from {} to {}",
            self.face,
            self.from.said(),
            self.to.said()
        )
    }
}

/// An ability waiting for the player's choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub detective: Detective,
    pub number: u8,
    pub options: Vec<Choice>,
}

impl Waiting {
    /// The choices as lines, for a refusal or a page.
    pub fn describe(&self) -> String {
        let lines: Vec<String> = self
            .options
            .iter()
            .map(|c| format!("\"{}\"", c.line()))
            .collect();
        lines.join(" or ")
    }
}

impl Game {
    /// The ability of the pair of `number` for the detective whose turn it is.
    pub(super) fn ability(&mut self, number: u8, rng: &mut ChaCha20Rng, events: &mut Vec<Event>) {
        let detective = self.detective();
        match (detective, number) {
            (Detective::Watson, 4) => {
                // Heal one wound; with none, nothing happens.
                if self.wounds > 0 {
                    self.wounds -= 1;
                    events.push(Event::Healed {
                        wounds: self.wounds,
                    });
                }
            }
            (Detective::Holmes, 4) => {
                if self.deck.is_empty() {
                    self.reshuffle(rng, events);
                }
                match self.deck.is_empty() || self.over() {
                    true => self.skip(detective, number, events),
                    false => {
                        let card = self.deck.remove(0);
                        self.hand.push(InHand { card, plus: true });
                        events.push(Event::Moved {
                            face: card.face(),
                            from: Place::Deck,
                            to: Place::Hand,
                        });
                    }
                }
            }
            _ => {
                let options = self.options(detective, number);
                match options.as_slice() {
                    [] => self.skip(detective, number, events),
                    [one] => self.apply(*one, events),
                    _ => {
                        self.waiting = Some(Waiting {
                            detective,
                            number,
                            options,
                        })
                    }
                }
            }
        }
    }

    fn skip(&mut self, detective: Detective, number: u8, events: &mut Vec<Event>) {
        events.push(Event::Skipped { detective, number });
        self.wound(WoundWhy::Skipped, events);
    }

    /// Every legal way to use an ability with a choice (§3, §7), each face once.
    fn options(&self, detective: Detective, number: u8) -> Vec<Choice> {
        let distinct = |faces: Vec<Face>| {
            let mut f = faces;
            f.sort();
            f.dedup();
            f
        };
        let scene = |numbers: bool| {
            distinct(
                (self.scene.iter().map(|c| c.face()))
                    .filter(|f| f.is_number() == numbers)
                    .collect(),
            )
        };
        let discard_numbers = distinct(
            (self.discard.iter().map(|c| c.face()))
                .filter(|f| f.is_number())
                .collect(),
        );
        let into_office = |face: Face, from: Place| -> Vec<Choice> {
            (self.office_places(face).into_iter())
                .map(|n| Choice {
                    face,
                    from,
                    to: Place::Set(n),
                })
                .collect()
        };
        match (detective, number) {
            // Holmes 1s: a Threat card from the Crime Scene into the Office.
            (Detective::Holmes, 1) => (scene(false).into_iter())
                .flat_map(|f| into_office(f, Place::Scene))
                .collect(),
            // Holmes 2s: an Investigation card from the discard pile into the Office.
            (Detective::Holmes, 2) => (discard_numbers.into_iter())
                .flat_map(|f| into_office(f, Place::Discard))
                .collect(),
            // Holmes 3s: a Threat card from anywhere in a set to the discard pile.
            (Detective::Holmes, 3) => (self.office.iter())
                .flat_map(|s| {
                    let letters = distinct(
                        (s.cards.iter().map(|c| c.face()))
                            .filter(|f| !f.is_number())
                            .collect(),
                    );
                    letters.into_iter().map(move |face| Choice {
                        face,
                        from: Place::Set(s.number),
                        to: Place::Discard,
                    })
                })
                .collect(),
            // Watson 1s: a Threat card from the Crime Scene to the discard pile.
            (Detective::Watson, 1) => (scene(false).into_iter())
                .map(|face| Choice {
                    face,
                    from: Place::Scene,
                    to: Place::Discard,
                })
                .collect(),
            // Watson 2s: an Investigation card from the Crime Scene into the Office.
            (Detective::Watson, 2) => (scene(true).into_iter())
                .flat_map(|f| into_office(f, Place::Scene))
                .collect(),
            // Watson 3s: an Investigation card from the discard pile into the hand.
            (Detective::Watson, 3) => (discard_numbers.into_iter())
                .map(|face| Choice {
                    face,
                    from: Place::Discard,
                    to: Place::Hand,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Moves the chosen card.
    pub(super) fn apply(&mut self, choice: Choice, events: &mut Vec<Event>) {
        let face = choice.face;
        let card = match choice.from {
            Place::Scene => {
                let at = self
                    .scene
                    .iter()
                    .position(|c| c.face() == face)
                    .expect("an option");
                self.scene.remove(at)
            }
            Place::Discard => {
                let at = self
                    .discard
                    .iter()
                    .rposition(|c| c.face() == face)
                    .expect("an option");
                self.discard.remove(at)
            }
            Place::Set(n) => {
                let set = self
                    .office
                    .iter_mut()
                    .find(|s| s.number == n)
                    .expect("an option");
                let at = set
                    .cards
                    .iter()
                    .rposition(|c| c.face() == face)
                    .expect("an option");
                set.cards.remove(at)
            }
            Place::Hand | Place::Deck => unreachable!("no choice takes from the hand or the deck"),
        };
        match choice.to {
            Place::Set(n) => self.put_in_office(card, n),
            Place::Discard => self.discard.push(card),
            Place::Hand => self.hand.push(InHand { card, plus: true }),
            Place::Scene | Place::Deck => {
                unreachable!("no ability puts a card in the Crime Scene or the deck")
            }
        }
        events.push(Event::Moved {
            face,
            from: choice.from,
            to: choice.to,
        });
    }
}
