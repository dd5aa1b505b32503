//! Where Sherlock Solitaire's cards lie, as the turn language names them: the areas a card is
//! played into, and the places an ability takes a card from or puts it.

use serde::{Deserialize, Serialize};

/// Where a card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    Office,
    Scene,
}

/// Where an ability takes a card from, or puts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The deck's top card (Holmes's 4s).
    Deck,
    Scene,
    Discard,
    Hand,
    /// A set of the Office, by its number (a new one when none stands).
    Set(u8),
}

impl Place {
    /// As a line writes it: `scene`, `discard`, `hand`, `set 2`.
    pub fn said(self) -> String {
        match self {
            Place::Deck => "deck".into(),
            Place::Scene => "scene".into(),
            Place::Discard => "discard".into(),
            Place::Hand => "hand".into(),
            Place::Set(n) => format!("set {n}"),
        }
    }
}
