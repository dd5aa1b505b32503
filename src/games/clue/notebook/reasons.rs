//! The notebook's certainties, found one rule at a time until none adds any, each with the
//! first reason that proved it; a cell proved both ways, or a fact no place can satisfy,
//! marks the view a contradiction.

use super::{Cell, Facts, Place, Reason, SeatView};
use crate::games::clue::cards::{Card, Kind};
use crate::games::clue::setup::hand_size;

pub(super) struct Grid {
    pub places: Vec<Place>,
    /// Per card (in `Card::all` order), per place.
    pub cells: Vec<Vec<Cell>>,
    pub contradiction: bool,
    changed: bool,
}

impl Grid {
    pub fn deduce(view: &SeatView, facts: &Facts) -> Grid {
        let mut places = vec![Place::Envelope];
        places.extend((0..view.players).map(Place::Seat));
        if !view.spare.is_empty() {
            places.push(Place::Spare);
        }
        let mut g = Grid {
            cells: vec![vec![Cell::Open(None); places.len()]; Card::COUNT],
            places,
            contradiction: false,
            changed: false,
        };
        let me = Place::Seat(view.seat);
        for c in Card::all() {
            if view.hand.contains(&c) {
                g.only(c, me, Reason::InYourHand);
            } else if view.spare.contains(&c) {
                g.only(c, Place::Spare, Reason::SpareCard);
            } else {
                g.set(c, me, false, Reason::NotInYourHand);
                if !view.spare.is_empty() {
                    g.set(c, Place::Spare, false, Reason::NotSpare);
                }
            }
        }
        for &(card, by, turn) in &facts.shown {
            g.only(card, Place::Seat(by), Reason::ShownToYou { by, turn });
        }
        for &(by, turn, three) in &facts.right {
            for c in three {
                g.only(c, Place::Envelope, Reason::RightAccusation { by, turn });
            }
        }
        for &(player, turn, cards) in &facts.had_none {
            for c in cards {
                g.set(
                    c,
                    Place::Seat(player),
                    false,
                    Reason::HadNoneOf {
                        player,
                        turn,
                        cards,
                    },
                );
            }
        }
        loop {
            g.changed = false;
            g.round(view, facts);
            if !g.changed || g.contradiction {
                return g;
            }
        }
    }

    /// Where the card certainly is, if known.
    pub fn placed(&self, card: Card) -> Option<Place> {
        let row = &self.cells[card.index()];
        row.iter()
            .position(|c| matches!(c, Cell::Yes(_)))
            .map(|i| self.places[i])
    }

    pub fn open(&self, card: Card, place: Place) -> bool {
        matches!(self.cells[card.index()][self.col(place)], Cell::Open(_))
    }

    /// An open cell given what the count found: `deals` of `total` put the card there.
    pub fn settle(&mut self, card: Card, place: Place, deals: u64, total: u64, exact: bool) {
        let col = self.col(place);
        let cell = &mut self.cells[card.index()][col];
        if let Cell::Open(_) = cell {
            *cell = match (exact, deals) {
                (true, 0) => Cell::No(Reason::ForcedByCount),
                (true, d) if d == total => Cell::Yes(Reason::ForcedByCount),
                _ => Cell::Open(Some(deals as f64 / total as f64)),
            };
        }
    }

    fn col(&self, place: Place) -> usize {
        self.places
            .iter()
            .position(|p| *p == place)
            .expect("a place of the grid")
    }

    fn set(&mut self, card: Card, place: Place, yes: bool, reason: Reason) {
        let col = self.col(place);
        let cell = &mut self.cells[card.index()][col];
        match cell {
            Cell::Open(_) => {
                *cell = if yes {
                    Cell::Yes(reason)
                } else {
                    Cell::No(reason)
                };
                self.changed = true;
            }
            Cell::Yes(_) if !yes => self.contradiction = true,
            Cell::No(_) if yes => self.contradiction = true,
            _ => {}
        }
    }

    /// The card is in `place` and nowhere else, for one reason.
    fn only(&mut self, card: Card, place: Place, reason: Reason) {
        for p in self.places.clone() {
            self.set(card, p, p == place, reason.clone());
        }
    }

    fn open_at(&self, place: Place, cards: impl Iterator<Item = Card>) -> Vec<Card> {
        cards.filter(|c| self.open(*c, place)).collect()
    }

    fn held(&self, place: Place, cards: impl Iterator<Item = Card>) -> Vec<Card> {
        cards.filter(|c| self.placed(*c) == Some(place)).collect()
    }

    /// Every rule once, in order.
    fn round(&mut self, view: &SeatView, facts: &Facts) {
        let places = self.places.clone();
        for c in Card::all() {
            let row = &self.cells[c.index()];
            let yes = row.iter().filter(|x| matches!(x, Cell::Yes(_))).count();
            let open = self.open_at_all(c);
            match (self.placed(c), open.as_slice()) {
                _ if yes > 1 => self.contradiction = true,
                (Some(p), _) => {
                    for &q in places.iter().filter(|q| **q != p) {
                        self.set(c, q, false, Reason::HeldElsewhere { place: p });
                    }
                }
                (None, [only]) => self.set(c, *only, true, Reason::OnlyPlaceLeft),
                (None, []) => self.contradiction = true,
                _ => {}
            }
        }
        for &(player, turn, cards) in &facts.showed {
            let place = Place::Seat(player);
            if !self.held(place, cards.into_iter()).is_empty() {
                continue;
            }
            match self.open_at(place, cards.into_iter())[..] {
                [] => self.contradiction = true,
                [one] => self.set(
                    one,
                    place,
                    true,
                    Reason::ShowedOneOf {
                        player,
                        turn,
                        cards,
                    },
                ),
                _ => {}
            }
        }
        let size = hand_size(view.players);
        for player in (0..view.players).filter(|s| *s != view.seat) {
            let place = Place::Seat(player);
            let held = self.held(place, Card::all()).len();
            let open = self.open_at(place, Card::all());
            let reason = match held {
                _ if held > size || held + open.len() < size => {
                    self.contradiction = true;
                    continue;
                }
                _ if held == size => (false, Reason::HandFull { player }),
                _ if held + open.len() == size => (true, Reason::HandNeedsAll { player }),
                _ => continue,
            };
            for c in open {
                self.set(c, place, reason.0, reason.1.clone());
            }
        }
        for kind in [Kind::Guest, Kind::Weapon, Kind::Room] {
            let of_kind = || Card::all().filter(move |c| c.kind() == kind);
            let open = self.open_at(Place::Envelope, of_kind());
            match (&self.held(Place::Envelope, of_kind())[..], &open[..]) {
                (&[card], _) => {
                    for &c in &open {
                        self.set(
                            c,
                            Place::Envelope,
                            false,
                            Reason::EnvelopeHasOneOfKind { card },
                        );
                    }
                }
                ([], [last]) => self.set(*last, Place::Envelope, true, Reason::LastOfItsKind),
                ([], []) | ([_, _, ..], _) => self.contradiction = true,
                _ => {}
            }
        }
        for &(by, turn, cards) in &facts.wrong {
            let out = cards
                .into_iter()
                .filter(|c| self.placed(*c) != Some(Place::Envelope));
            match out.collect::<Vec<_>>()[..] {
                [] => self.contradiction = true,
                [c] => self.set(
                    c,
                    Place::Envelope,
                    false,
                    Reason::WrongAccusation { by, turn, cards },
                ),
                _ => {}
            }
        }
    }

    fn open_at_all(&self, card: Card) -> Vec<Place> {
        let row = &self.cells[card.index()];
        self.places
            .iter()
            .zip(row)
            .filter(|(_, c)| matches!(c, Cell::Open(_)))
            .map(|(p, _)| *p)
            .collect()
    }
}
