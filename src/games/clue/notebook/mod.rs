//! The Detective Notebook (the rules' §6, house rule `assistant`): from one seat's own view
//! alone — their hand, the spare cards, the public events and the cards shown to them — for
//! every card and every place, a certainty with its reason, or the exact chance, every deal
//! consistent with the view counted alike. Pure: no I/O, no clock; its effort is bounded by
//! a work budget, beyond which it samples consistent deals from the caller's seed and says so.
//! `reasons` finds the certainties one rule at a time, so each has a reason to word in either
//! language; `count` counts (or samples) the deals for the rest, set by set or, early in a
//! game, card by card (`by_cards`).

mod by_cards;
mod count;
mod reasons;
#[cfg(test)]
mod tests;

use rand::rngs::ChaCha20Rng;
use rand::SeedableRng;
use serde::Serialize;

use super::cards::{Card, Kind};
use super::game::Event;
use super::setup::hand_size;
use super::view::{event_for, PrivateView, PublicView};
use count::{Envelope, Hand, Problem};
use reasons::Grid;

/// Inclusion–exclusion terms beyond which the count goes set by set instead of card by card.
const MOST_TERMS: u64 = 256;

/// Every deal counted, by whichever way suits the view: card by card while the "one of" facts
/// are few (early in a game), else set by set (they then prune it); at most `budget` units
/// of work.
fn count_deals(p: &Problem, budget: u64) -> Result<count::Counts, count::OverBudget> {
    match by_cards::terms(p) <= MOST_TERMS {
        true => by_cards::by_cards(p, budget),
        false => count::by_sets(p, budget),
    }
}

/// Where a card may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The Swimming Pool: one guest, one weapon, one room.
    Envelope,
    Seat(usize),
    /// The spare cards, face up.
    Spare,
}

/// Why a card certainly is, or is not, in a place. Turns count from 1, the game's first
/// turn, one more at each turn passed; `cards` is a suggestion's or an accusation's three
/// (guest, weapon, room).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    InYourHand,
    NotInYourHand,
    SpareCard,
    NotSpare,
    ShownToYou {
        by: usize,
        turn: usize,
    },
    HadNoneOf {
        player: usize,
        turn: usize,
        cards: [Card; 3],
    },
    /// The player showed one of the three, and certainly holds neither of the others.
    ShowedOneOf {
        player: usize,
        turn: usize,
        cards: [Card; 3],
    },
    /// The card is certainly in that other place.
    HeldElsewhere {
        place: Place,
    },
    /// Every other place is ruled out.
    OnlyPlaceLeft,
    /// The player's hand is full of cards known to be there.
    HandFull {
        player: usize,
    },
    /// The player's hand has just enough places left for the cards not ruled out.
    HandNeedsAll {
        player: usize,
    },
    /// The envelope holds this other card of the same kind.
    EnvelopeHasOneOfKind {
        card: Card,
    },
    /// Every other card of its kind is ruled out of the envelope.
    LastOfItsKind,
    /// The envelope holds the other two of a wrong accusation.
    WrongAccusation {
        by: usize,
        turn: usize,
        cards: [Card; 3],
    },
    RightAccusation {
        by: usize,
        turn: usize,
    },
    /// No single fact tells, but no consistent deal has it otherwise.
    ForcedByCount,
}

/// A card in a place: certainly there, certainly not, or its chance (none when the view
/// contradicts itself or no sampled deal fitted).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    Yes(Reason),
    No(Reason),
    Open(Option<f64>),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub card: Card,
    /// One per place, in the notebook's order.
    pub cells: Vec<Cell>,
}

/// How the chances were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Every consistent deal counted.
    Exact,
    /// Estimated from this many consistent deals drawn alike; certainties are still proved.
    Sampled { deals: u64 },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Notebook {
    pub seat: usize,
    /// The envelope, every seat, then the spare cards if there are any.
    pub places: Vec<Place>,
    /// Every card, guests then weapons then rooms.
    pub rows: Vec<Row>,
    pub method: Method,
    /// How many deals fit the view, when counted.
    pub deals: Option<u64>,
    /// No deal fits the view (it is wrong somewhere); the chances are then none.
    pub contradiction: bool,
}

/// How much work a notebook may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Units of counting work (one per hand tried) before sampling instead.
    pub work: u64,
    /// Deals drawn when sampling (those that fit the view are kept).
    pub proposals: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            work: 20_000_000,
            proposals: 200_000,
        }
    }
}

/// Everything one seat may see that the notebook reads.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: usize,
    pub players: usize,
    pub hand: Vec<Card>,
    pub spare: Vec<Card>,
    /// The game's events so far, as this seat may see them (others' shown cards unseen).
    pub events: Vec<Event>,
}

impl SeatView {
    /// The seat's view from its private view, the table and the game's events, the events
    /// made as the seat sees them; nothing else of the table is read (not the hands or the
    /// envelope once the game is over).
    pub fn new(private: &PrivateView, public: &PublicView, events: &[Event]) -> SeatView {
        SeatView {
            seat: private.seat,
            players: public.players.len(),
            hand: private.hand.clone(),
            spare: public.spare.clone(),
            events: events
                .iter()
                .map(|e| event_for(e, Some(private.seat)))
                .collect(),
        }
    }
}

/// What the events tell the seat about others: (player, turn, the three) for each.
#[derive(Default)]
struct Facts {
    /// (card, who showed it, turn).
    shown: Vec<(Card, usize, usize)>,
    had_none: Vec<(usize, usize, [Card; 3])>,
    showed: Vec<(usize, usize, [Card; 3])>,
    /// Refuters asked to choose (`ask_refuter`): they hold at least two of the three.
    two_of: Vec<(usize, usize, [Card; 3])>,
    wrong: Vec<(usize, usize, [Card; 3])>,
    right: Vec<(usize, usize, [Card; 3])>,
}

impl Facts {
    /// Read with the events made as the seat sees them once more, so a view built by hand
    /// cannot slip in a card shown to someone else.
    fn read(view: &SeatView) -> Facts {
        let mut f = Facts::default();
        let (me, mut turn, mut asked) = (view.seat, 1, None);
        for e in view.events.iter().map(|e| event_for(e, Some(me))) {
            match e {
                Event::Turn { .. } => (turn, asked) = (turn + 1, None),
                Event::Suggested {
                    guest,
                    room,
                    weapon,
                    ..
                } => asked = Some([guest, weapon, Card::of_room(room)]),
                Event::HadNone { seat } if seat != me => {
                    f.had_none.extend(asked.map(|c| (seat, turn, c)))
                }
                Event::Asked { seat, .. } if seat != me => {
                    f.two_of.extend(asked.map(|c| (seat, turn, c)))
                }
                Event::ShowedUnseen { seat, .. } | Event::Showed { seat, .. } if seat != me => {
                    f.showed.extend(asked.map(|c| (seat, turn, c)));
                    if let Event::Showed { card, to, .. } = e {
                        if to == me {
                            f.shown.push((card, seat, turn));
                        }
                    }
                }
                Event::Accused {
                    seat,
                    guest,
                    room,
                    weapon,
                    right,
                } => {
                    let three = [guest, weapon, Card::of_room(room)];
                    match right {
                        true => f.right.push((seat, turn, three)),
                        false => f.wrong.push((seat, turn, three)),
                    }
                }
                _ => {}
            }
        }
        f
    }
}

impl Notebook {
    /// The notebook of `view`: exact within `budget.work`, else sampled from `seed`.
    pub fn build(view: &SeatView, budget: &Budget, seed: u64) -> Notebook {
        let facts = Facts::read(view);
        let mut grid = Grid::deduce(view, &facts);
        let mut notebook = Notebook {
            seat: view.seat,
            places: grid.places.clone(),
            rows: Vec::new(),
            method: Method::Exact,
            deals: None,
            contradiction: grid.contradiction,
        };
        if !grid.contradiction {
            let (problem, unknown) = problem(&grid, view, &facts);
            let counts = match count_deals(&problem, budget.work) {
                Ok(c) => {
                    notebook.deals = Some(c.total);
                    c
                }
                Err(count::OverBudget) => {
                    let rng = &mut ChaCha20Rng::seed_from_u64(seed);
                    let c = count::sample(&problem, budget.proposals, rng);
                    notebook.method = Method::Sampled { deals: c.total };
                    c
                }
            };
            notebook.contradiction = notebook.deals == Some(0);
            if !notebook.contradiction && counts.total > 0 {
                let exact = notebook.method == Method::Exact;
                let others = others(view);
                for (bit, &card) in unknown.iter().enumerate() {
                    let at = std::iter::once((Place::Envelope, &counts.envelope))
                        .chain(others.iter().map(|&s| Place::Seat(s)).zip(&counts.hands));
                    for (place, m) in at {
                        grid.settle(card, place, m[bit], counts.total, exact);
                    }
                }
            }
        }
        notebook.rows = Card::all()
            .zip(grid.cells)
            .map(|(card, cells)| Row { card, cells })
            .collect();
        notebook
    }

    /// The cell of `card` in `place`.
    pub fn cell(&self, card: Card, place: Place) -> &Cell {
        let col = self
            .places
            .iter()
            .position(|p| *p == place)
            .expect("a place of the notebook");
        &self.rows[card.index()].cells[col]
    }
}

/// The seats other than the viewer's, in order.
fn others(view: &SeatView) -> Vec<usize> {
    (0..view.players).filter(|s| *s != view.seat).collect()
}

/// The deals left to count once the certainties are placed: the cards no rule placed
/// (returned, bit i for the i-th), where each may go, and what each hand must hold.
fn problem(grid: &Grid, view: &SeatView, facts: &Facts) -> (Problem, Vec<Card>) {
    let unknown: Vec<Card> = Card::all().filter(|c| grid.placed(*c).is_none()).collect();
    let bits = |cards: &mut dyn Iterator<Item = Card>| {
        cards
            .filter_map(|c| unknown.iter().position(|u| *u == c))
            .fold(0u32, |m, b| m | 1 << b)
    };
    let open_at = |place| bits(&mut unknown.iter().copied().filter(|c| grid.open(*c, place)));
    let kinds = [Kind::Guest, Kind::Weapon, Kind::Room];
    let lacking = kinds.into_iter().filter(|k| {
        !Card::all().any(|c| c.kind() == *k && grid.placed(c) == Some(Place::Envelope))
    });
    let mut envelope = Envelope {
        kinds: lacking
            .map(|k| bits(&mut Card::all().filter(|c| c.kind() == k)))
            .collect(),
        allowed: open_at(Place::Envelope),
        banned: Vec::new(),
    };
    for (_, _, three) in &facts.wrong {
        let can_be =
            |c: &Card| grid.placed(*c) == Some(Place::Envelope) || grid.open(*c, Place::Envelope);
        let rest = bits(&mut three.iter().copied().filter(|c| grid.placed(*c).is_none()));
        if three.iter().all(can_be) && rest != 0 && !envelope.banned.contains(&rest) {
            envelope.banned.push(rest);
        }
    }
    let hands = others(view)
        .into_iter()
        .map(|s| {
            let place = Place::Seat(s);
            let held = Card::all()
                .filter(|c| grid.placed(*c) == Some(place))
                .count();
            let mut one_of: Vec<u32> = Vec::new();
            for (_, _, three) in facts.showed.iter().filter(|f| f.0 == s) {
                let set = bits(&mut three.iter().copied().filter(|c| grid.open(*c, place)));
                if !three.iter().any(|c| grid.placed(*c) == Some(place)) && !one_of.contains(&set) {
                    one_of.push(set);
                }
            }
            // At least two of the three: less those it certainly holds, of those it may.
            let mut two_of: Vec<u32> = Vec::new();
            for (_, _, three) in facts.two_of.iter().filter(|f| f.0 == s) {
                let here = three
                    .iter()
                    .filter(|c| grid.placed(**c) == Some(place))
                    .count();
                let set = bits(&mut three.iter().copied().filter(|c| grid.open(*c, place)));
                match 2usize.saturating_sub(here) {
                    2 if !two_of.contains(&set) => two_of.push(set),
                    1 if !one_of.contains(&set) => one_of.push(set),
                    _ => {}
                }
            }
            // A set holding a smaller one says nothing more.
            let needed = one_of
                .iter()
                .copied()
                .filter(|a| !one_of.iter().any(|b| b != a && a & b == *b));
            Hand {
                size: (hand_size(view.players) - held) as u32,
                allowed: open_at(place),
                one_of: needed.collect(),
                two_of,
            }
        })
        .collect();
    let cards = (1u32 << unknown.len()) - 1;
    (
        Problem {
            cards,
            envelope,
            hands,
        },
        unknown,
    )
}
