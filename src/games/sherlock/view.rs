//! Who may see what of a game of Sherlock Solitaire (RULES-SHERLOCK §6): everyone, the table —
//! the Office's sets, the Crime Scene, the discard pile, the wounds, the deck's size, the turn
//! and the turns left; the player (either detective's player, who share the table), the hand
//! and the choice an ability waits for. Nobody, before the game ends, the deck's order.

use serde::Serialize;

use super::cards::Face;
use super::game::{Event, Game, Outcome};
use super::places::Place;
use super::setup::Detective;

/// A set of the Office as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetView {
    pub number: u8,
    /// From the bottom up.
    pub cards: Vec<Face>,
    pub investigations: usize,
}

/// The table as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicView {
    pub turn: u32,
    pub turns_left: u32,
    pub detective: Detective,
    pub office: Vec<SetView>,
    pub scene: Vec<Face>,
    /// The discard pile, its top card last.
    pub discard: Vec<Face>,
    pub deck_size: usize,
    pub hand_size: usize,
    pub wounds: u8,
    pub completed: Vec<u8>,
    pub outcome: Option<Outcome>,
    /// Once the game is over: the deck's order as it stood, top first.
    pub deck: Option<Vec<Face>>,
}

/// What the player alone sees besides the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrivateView {
    /// Each card of the hand, and whether an ability put it there (`+`).
    pub hand: Vec<(Face, bool)>,
    /// The lines that answer the ability waiting, if one is.
    pub choices: Vec<String>,
}

impl Game {
    /// The table as everyone sees it.
    pub fn public_view(&self) -> PublicView {
        let faces = |cards: &[super::cards::Card]| cards.iter().map(|c| c.face()).collect();
        PublicView {
            turn: self.turn,
            turns_left: self.turns_left(),
            detective: self.detective(),
            office: (self.office.iter())
                .map(|s| SetView {
                    number: s.number,
                    cards: faces(&s.cards),
                    investigations: s.investigations(),
                })
                .collect(),
            scene: faces(&self.scene),
            discard: faces(&self.discard),
            deck_size: self.deck.len(),
            hand_size: self.hand.len(),
            wounds: self.wounds,
            completed: self.completed.clone(),
            outcome: self.outcome,
            deck: self.over().then(|| faces(&self.deck)),
        }
    }

    /// What the player sees besides the table.
    pub fn private_view(&self) -> PrivateView {
        PrivateView {
            hand: self.hand.iter().map(|h| (h.card.face(), h.plus)).collect(),
            choices: (self.waiting.iter())
                .flat_map(|w| w.options.iter().map(|c| c.line()))
                .collect(),
        }
    }
}

/// An event as an onlooker may see it: the cards drawn, and the card an ability took from the
/// deck into the hand, are the player's alone (their number is not).
pub fn event_for_onlooker(event: &Event) -> Event {
    match event {
        Event::Drew { faces } => Event::DrewHidden { count: faces.len() },
        Event::Moved {
            from: Place::Deck,
            to: Place::Hand,
            ..
        } => Event::DrewHidden { count: 1 },
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::setup::{deck, play_stream, Settings};

    #[test]
    fn an_onlooker_sees_the_table_and_how_many_cards_were_drawn_never_which_nor_the_deck() {
        let mut rng = play_stream("s", 2);
        let (g, events) = Game::new(Settings::default(), deck(2), &mut rng);
        let public = g.public_view();
        assert_eq!(public.deck, None, "the deck's order stays hidden");
        assert_eq!(public.deck_size, 44);
        assert_eq!(public.hand_size, 4);
        let seen: Vec<Event> = events.iter().map(event_for_onlooker).collect();
        assert!(seen.contains(&Event::DrewHidden { count: 4 }), "{seen:?}");
        let text = serde_json::to_string(&public).unwrap() + &serde_json::to_string(&seen).unwrap();
        assert!(!text.contains("\"hand\""), "{text}");
        assert_eq!(g.private_view().hand.len(), 4);
        let mut over = g.clone();
        over.outcome = Some(Outcome::Wounded);
        assert_eq!(over.public_view().deck.map(|d| d.len()), Some(44));
    }
}
