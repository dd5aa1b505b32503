//! The Office's set rules (RULES-SHERLOCK §2, §7): at most four sets, one per number, each
//! begun by an Investigation card; a card goes on a set only if it alternates kind with the
//! set's top card, a number only on its own set, a letter only once in a set. An abnormal set
//! (two numbers in a row, after a card moved out) is played on against its top card as usual.

use serde::{Deserialize, Serialize};

use super::Game;
use crate::games::sherlock::cards::{Card, Face};

/// One set of the Office, its cards from the bottom up; its number is its first card's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Set {
    pub number: u8,
    pub cards: Vec<Card>,
}

impl Set {
    /// How many Investigation cards it holds.
    pub fn investigations(&self) -> usize {
        self.cards.iter().filter(|c| c.face().is_number()).count()
    }

    /// Whether a card of `face` may go on top of it.
    fn takes(&self, face: Face) -> bool {
        let top = self.cards.last().map(|c| c.face());
        match face {
            Face::Number(n) => n == self.number && top.is_some_and(|t| !t.is_number()),
            Face::Letter(_) => {
                top.is_some_and(Face::is_number) && !self.cards.iter().any(|c| c.face() == face)
            }
        }
    }

    /// The set as written: `2 A 2 C`.
    pub fn said(&self) -> String {
        let faces: Vec<Face> = self.cards.iter().map(|c| c.face()).collect();
        super::refusal::faces_said(&faces)
    }
}

impl Game {
    /// The sets (by number) a card of `face` may go into now: a number on its own set, or a
    /// new set when none of its number stands and there is room; a letter on every set that
    /// takes it.
    pub fn office_places(&self, face: Face) -> Vec<u8> {
        match face {
            Face::Number(n) => match self.office.iter().find(|s| s.number == n) {
                Some(set) => match set.takes(face) {
                    true => vec![n],
                    false => Vec::new(),
                },
                None if self.office.len() < 4 => vec![n],
                None => Vec::new(),
            },
            Face::Letter(_) => self
                .office
                .iter()
                .filter(|s| s.takes(face))
                .map(|s| s.number)
                .collect(),
        }
    }

    /// Puts a card on set `number`, beginning the set when there is none.
    pub(super) fn put_in_office(&mut self, card: Card, number: u8) {
        match self.office.iter_mut().find(|s| s.number == number) {
            Some(set) => set.cards.push(card),
            None => self.office.push(Set {
                number,
                cards: vec![card],
            }),
        }
    }

    /// The refusal of a card no set takes (on set `on`, when the line named one): it lists
    /// the sets standing, each bottom to top.
    pub(super) fn no_place(&self, face: Face, on: Option<u8>) -> super::Refusal {
        super::Refusal::NoPlace {
            face,
            on,
            office: (self.office.iter())
                .map(|s| (s.number, s.cards.iter().map(|c| c.face()).collect()))
                .collect(),
        }
    }
}
