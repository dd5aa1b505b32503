//! Who may see what of a game of Clue (RULES-CLUE §5). Everyone: the players and their guests,
//! whose turn it is, every mover's and token's place, the spare cards, who is out, every
//! suggestion and who showed a card or had none, every accusation and its verdict. A player
//! alone: their hand, the cards shown to them and by whom, the cards they showed and to whom,
//! their show order. Nobody before the end: the envelope, another's hand, a card shown to
//! someone else.

use serde::Serialize;

use super::board::{Room, Spot};
use super::cards::{Card, Kind};
use super::game::{Event, Game, Phase};

/// An event as `viewer` (a seat, or None for anyone) may see it: a shown card is for the
/// suggester and the refuter alone; everyone else learns only who showed one to whom.
pub fn event_for(event: &Event, viewer: Option<usize>) -> Event {
    match event {
        Event::Showed { seat, to, .. } if viewer != Some(*seat) && viewer != Some(*to) => {
            Event::ShowedUnseen {
                seat: *seat,
                to: *to,
            }
        }
        // The cards a refuter is asked about are its own to see.
        Event::Asked { seat, to, .. } if viewer != Some(*seat) => Event::Asked {
            seat: *seat,
            to: *to,
            cards: Vec::new(),
        },
        other => other.clone(),
    }
}

/// The table as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicView {
    pub players: Vec<String>,
    /// Each seat's guest, by English name.
    pub guests: Vec<String>,
    pub turn: usize,
    pub phase: Phase,
    /// Every guest's mover, played or not.
    pub movers: Vec<(Card, Spot)>,
    pub tokens: Vec<(Card, Room)>,
    pub spare: Vec<Card>,
    pub out: Vec<bool>,
    pub winner: Option<usize>,
    /// Once the game is over: the envelope and every hand.
    pub envelope: Option<[Card; 3]>,
    pub hands: Option<Vec<Vec<Card>>>,
}

/// What a player alone sees besides the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrivateView {
    pub seat: usize,
    pub hand: Vec<Card>,
    /// (who showed it, the card), in order.
    pub shown_to_me: Vec<(usize, Card)>,
    /// (to whom, the card), in order.
    pub shown_by_me: Vec<(usize, Card)>,
    pub show_order: Vec<Card>,
}

impl Game {
    /// The table as everyone sees it.
    pub fn public_view(&self) -> PublicView {
        let of_kind = |k: Kind| Card::all().filter(move |c| c.kind() == k);
        let over = self.phase == Phase::Over;
        PublicView {
            players: self.players.clone(),
            guests: self
                .guests
                .iter()
                .map(|g| {
                    of_kind(Kind::Guest)
                        .nth(*g)
                        .map(|c| c.name())
                        .unwrap_or_default()
                })
                .collect(),
            turn: self.turn,
            phase: self.phase,
            movers: of_kind(Kind::Guest).zip(self.movers).collect(),
            tokens: of_kind(Kind::Weapon).zip(self.tokens).collect(),
            spare: self.setup.spare.clone(),
            out: self.out.clone(),
            winner: self.winner,
            envelope: over.then_some(self.setup.envelope),
            hands: over.then(|| self.setup.hands.clone()),
        }
    }

    /// What `seat` alone sees besides the table.
    pub fn private_view(&self, seat: usize) -> PrivateView {
        PrivateView {
            seat,
            hand: self.setup.hands[seat].clone(),
            shown_to_me: self
                .shown
                .iter()
                .filter(|(_, s, _)| *s == seat)
                .map(|(r, _, c)| (*r, *c))
                .collect(),
            shown_by_me: self
                .shown
                .iter()
                .filter(|(r, _, _)| *r == seat)
                .map(|(_, s, c)| (*s, *c))
                .collect(),
            show_order: self.show_orders[seat].clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clue::setup::Setup;

    fn game() -> Game {
        let names: Vec<String> = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
        Game::new(names, vec![0, 1, 2, 3], Setup::draw(4, 11).unwrap(), true)
    }

    #[test]
    fn a_shown_card_is_seen_by_the_suggester_and_the_refuter_alone() {
        let shown = Event::Showed {
            seat: 1,
            to: 0,
            card: Card::parse("Rope").unwrap(),
        };
        assert_eq!(event_for(&shown, Some(0)), shown);
        assert_eq!(event_for(&shown, Some(1)), shown);
        for viewer in [Some(2), Some(3), None] {
            assert_eq!(
                event_for(&shown, viewer),
                Event::ShowedUnseen { seat: 1, to: 0 }
            );
        }
    }

    #[test]
    fn the_table_shows_no_hand_and_no_envelope_until_the_end() {
        let mut g = game();
        let v = g.public_view();
        assert!(v.envelope.is_none() && v.hands.is_none());
        // The only cards the table lists are the spare ones, face up from the start; the
        // rest names pieces (movers, tokens, rooms), which are public whoever holds the card.
        assert_eq!(v.spare, g.setup.spare);
        let me = g.private_view(2);
        assert_eq!(me.hand, g.setup.hands[2]);
        assert!(me.shown_to_me.is_empty() && me.shown_by_me.is_empty());
        g.shown.push((1, 2, g.setup.hands[1][0]));
        assert_eq!(
            g.private_view(2).shown_to_me,
            vec![(1, g.setup.hands[1][0])]
        );
        assert_eq!(
            g.private_view(1).shown_by_me,
            vec![(2, g.setup.hands[1][0])]
        );
        assert!(
            g.private_view(3).shown_to_me.is_empty() && g.private_view(3).shown_by_me.is_empty()
        );
        g.phase = Phase::Over;
        assert_eq!(g.public_view().envelope, Some(g.setup.envelope));
        assert_eq!(g.public_view().hands, Some(g.setup.hands.clone()));
    }
}
