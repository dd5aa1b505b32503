//! What a computer player believes about every card: the chance it lies in each place, and
//! which places are certain. Worked out by the Information Sheet assistant from the seat's
//! view alone, with a budget small enough for thousands of games.

use crate::deduce::{sample::Plan, Budget, Sheet};
use crate::games::polysleuth::rules::Card;

use super::seat::Seat;

pub struct Knowledge {
    /// `p[card][location]`: locations are the seats, then the safe when it holds cards.
    pub p: Vec<Vec<f64>>,
    /// `known[card]`: the location the card is surely in.
    pub known: Vec<Option<usize>>,
}

/// The effort of one sheet: exact counting for most four- and five-player views, a short
/// sampling run beyond.
pub fn budget() -> Budget {
    Budget {
        count: 2_000_000,
        sample: Plan {
            chains: 2,
            sweeps: 300,
            burn_in: 40,
            proof_nodes: 3_000,
        },
    }
}

impl Knowledge {
    /// The full assistant: exact chances where the budget allows.
    pub fn deduce(seat: &Seat) -> Knowledge {
        Knowledge::from_sheet(seat, &Sheet::compute(&seat.view, &budget()))
    }

    /// Certainties only, fact by fact: what a careless player sees.
    pub fn glance(seat: &Seat) -> Knowledge {
        Knowledge::from_sheet(seat, &Sheet::bounds(&seat.view))
    }

    fn from_sheet(seat: &Seat, sheet: &Sheet) -> Knowledge {
        let places = seat.view.locations.len();
        if sheet.cards.len() != Card::COUNT {
            // A view no deal fits: believe only the hand.
            let p = (0..Card::COUNT)
                .map(|k| {
                    let mine = seat.hand.contains(Card::from_index(k));
                    (0..places)
                        .map(|l| match (mine, l == seat.me) {
                            (true, true) => 1.0,
                            (true, false) | (false, true) => 0.0,
                            _ => 1.0 / (places - 1) as f64,
                        })
                        .collect()
                })
                .collect();
            let known = (0..Card::COUNT)
                .map(|k| seat.hand.contains(Card::from_index(k)).then_some(seat.me))
                .collect();
            return Knowledge { p, known };
        }
        let p = sheet
            .cards
            .iter()
            .map(|row| {
                row.cells
                    .iter()
                    .map(|c| if c.p.is_nan() { 0.0 } else { c.p })
                    .collect()
            })
            .collect();
        let known = sheet
            .cards
            .iter()
            .map(|row| row.cells.iter().position(|c| c.certain && c.p == 1.0))
            .collect();
        Knowledge { p, known }
    }

    /// The most likely place of a card and its chance.
    pub fn best(&self, card: Card) -> (usize, f64) {
        let row = &self.p[card.index()];
        let (l, p) = row
            .iter()
            .enumerate()
            .fold((0, -1.0), |b, (l, &p)| if p > b.1 { (l, p) } else { b });
        (l, p)
    }
}
