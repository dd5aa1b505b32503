//! A card as pages draw it: its colour and its gem and type as the printed game shows them
//! (◆ for a Diamond, ○ for a Pearl, ● for an Opal, one to three of them), never by colour
//! alone, with its name in words beside the marks for screen readers and colour-blind eyes.

use serde::Serialize;

use crate::lang::{self, Lang};
use crate::rules::Card;

#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    /// The canonical name, as turns and forms write it: `2 Red Diamond`.
    pub name: String,
    /// The name in the reader's language: `paire de diamants rouges`.
    pub words: String,
    /// `red`, `green`, `blue`, `yellow`: the class that colours it.
    pub colour: &'static str,
    /// `◆◆`: the gem's mark, once per number.
    pub marks: String,
}

impl CardView {
    pub fn new(lang: Lang, card: Card) -> CardView {
        CardView {
            name: card.name(),
            words: lang::card(lang, card),
            colour: lang::colour_key(card.colour()),
            marks: lang::marks(card),
        }
    }
}
