//! A card as pages draw it: its colour and its gem and type as the printed game shows them
//! (◆ for a Diamond, ○ for a Pearl, ● for an Opal, one to three of them), never by colour
//! alone, with its name in words beside the marks for screen readers and colour-blind eyes.

use serde::Serialize;

use crate::games::deck::Card;
use crate::lang::{self, Lang};

#[derive(Clone, Copy, Debug, Serialize)]
pub struct CardView {
    /// The canonical name, as turns and forms write it: `2 Red Diamond`.
    pub name: &'static str,
    /// The name in the reader's language: `paire de diamants rouges`.
    pub words: &'static str,
    /// `red`, `green`, `blue`, `yellow`: the class that colours it.
    pub colour: &'static str,
    /// `◆◆`: the gem's mark, once per number.
    pub marks: &'static str,
}

impl CardView {
    /// A card as drawn in `lang`: the 36 cards of each language are worded once, when first
    /// drawn, and kept for the life of the process (every page shows a hand).
    pub fn new(lang: Lang, card: Card) -> CardView {
        static DRAWN: std::sync::LazyLock<Vec<Vec<CardView>>> = std::sync::LazyLock::new(|| {
            let keep = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
            Lang::ALL
                .iter()
                .map(|l| {
                    Card::all()
                        .map(|c| CardView {
                            name: keep(c.name()),
                            words: keep(lang::card(*l, c)),
                            colour: lang::colour_key(c.colour()),
                            marks: keep(lang::marks(c)),
                        })
                        .collect()
                })
                .collect()
        });
        DRAWN[lang as usize][card.index()]
    }
}
