//! The 36 cards, the ten traits, and a forgiving reader of the words players use for them:
//! the traits here, the cards in `card`, sets of cards in `set`, the word reader in `reading`.

use std::fmt;

/// Gems in alphabetical order, so that a card's index orders cards by canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gem {
    Diamond,
    Opal,
    Pearl,
}

/// Colours in alphabetical order, for the same reason as [`Gem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Green,
    Red,
    Yellow,
}

pub const GEMS: [Gem; 3] = [Gem::Diamond, Gem::Opal, Gem::Pearl];
pub const COLOURS: [Colour; 4] = [Colour::Blue, Colour::Green, Colour::Red, Colour::Yellow];

impl Gem {
    pub fn name(self) -> &'static str {
        match self {
            Gem::Diamond => "Diamond",
            Gem::Opal => "Opal",
            Gem::Pearl => "Pearl",
        }
    }
}

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "Blue",
            Colour::Green => "Green",
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
        }
    }
}

/// The three kinds of trait; a question may name at most one trait of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Number,
    Colour,
    Gem,
}

impl Kind {
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Number => "numbers",
            Kind::Colour => "colours",
            Kind::Gem => "gems",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Trait {
    /// 1, 2 or 3.
    Number(u8),
    Colour(Colour),
    Gem(Gem),
}

impl Trait {
    pub fn kind(self) -> Kind {
        match self {
            Trait::Number(_) => Kind::Number,
            Trait::Colour(_) => Kind::Colour,
            Trait::Gem(_) => Kind::Gem,
        }
    }

    /// Canonical name: `Diamond`, `Red`, `2`.
    pub fn name(self) -> &'static str {
        match self {
            Trait::Number(1) => "1",
            Trait::Number(2) => "2",
            Trait::Number(_) => "3",
            Trait::Colour(c) => c.name(),
            Trait::Gem(g) => g.name(),
        }
    }

    /// Name in running prose: "Ones", "Reds", "Diamonds".
    pub fn prose_plural(self) -> String {
        match self {
            Trait::Number(1) => "Ones".into(),
            Trait::Number(2) => "Twos".into(),
            Trait::Number(_) => "Threes".into(),
            other => format!("{}s", other.name()),
        }
    }

    /// The set of cards that have this trait: bit arithmetic on the card index, number × 12 +
    /// colour × 3 + gem.
    pub fn mask(self) -> CardSet {
        match self {
            Trait::Number(n @ 1..=3) => CardSet(0xFFF << ((n - 1) * 12)),
            Trait::Number(_) => CardSet::EMPTY,
            Trait::Colour(c) => CardSet(0o700_070_007 << (c as u8 * 3)),
            Trait::Gem(g) => CardSet(0o111_111_111_111 << g as u8),
        }
    }

    /// Reads one trait word: any case, plurals, number words, classic Sleuth types, French.
    pub fn parse_word(word: &str) -> Option<Trait> {
        lowered(word, Trait::parse_lower)
    }

    /// `parse_word` for a word already in lower case.
    fn parse_lower(mut w: &str) -> Option<Trait> {
        // As `trim_end_matches("'s")` then `trim_end_matches('\'')`, without a string searcher.
        while let Some(stem) = w.strip_suffix("'s") {
            w = stem;
        }
        let w = w.trim_end_matches('\'');
        let t = match w {
            "1" | "1s" | "one" | "ones" | "solitaire" | "solitaires" | "un" | "une" => {
                Trait::Number(1)
            }
            "2" | "2s" | "two" | "twos" | "pair" | "pairs" | "paire" | "paires" | "deux" => {
                Trait::Number(2)
            }
            "3" | "3s" | "three" | "threes" | "cluster" | "clusters" | "groupe" | "groupes"
            | "trois" => Trait::Number(3),
            "red" | "reds" | "rouge" | "rouges" => Trait::Colour(Colour::Red),
            "green" | "greens" | "vert" | "verts" | "verte" | "vertes" => {
                Trait::Colour(Colour::Green)
            }
            "blue" | "blues" | "bleu" | "bleus" | "bleue" | "bleues" => Trait::Colour(Colour::Blue),
            "yellow" | "yellows" | "jaune" | "jaunes" => Trait::Colour(Colour::Yellow),
            "diamond" | "diamonds" | "diamant" | "diamants" => Trait::Gem(Gem::Diamond),
            "pearl" | "pearls" | "perle" | "perles" => Trait::Gem(Gem::Pearl),
            "opal" | "opals" | "opale" | "opales" => Trait::Gem(Gem::Opal),
            _ => return None,
        };
        Some(t)
    }

    /// The trait whose canonical name `word` is, exactly: what `parse_word` reads it as.
    fn canonical(word: &str) -> Option<Trait> {
        Some(match word {
            "1" => Trait::Number(1),
            "2" => Trait::Number(2),
            "3" => Trait::Number(3),
            "Red" => Trait::Colour(Colour::Red),
            "Green" => Trait::Colour(Colour::Green),
            "Blue" => Trait::Colour(Colour::Blue),
            "Yellow" => Trait::Colour(Colour::Yellow),
            "Diamond" => Trait::Gem(Gem::Diamond),
            "Pearl" => Trait::Gem(Gem::Pearl),
            "Opal" => Trait::Gem(Gem::Opal),
            _ => return None,
        })
    }

    /// Every trait, in the order RULES.md lists them.
    pub fn all() -> [Trait; 10] {
        [
            Trait::Gem(Gem::Diamond),
            Trait::Gem(Gem::Pearl),
            Trait::Gem(Gem::Opal),
            Trait::Colour(Colour::Red),
            Trait::Colour(Colour::Green),
            Trait::Colour(Colour::Blue),
            Trait::Colour(Colour::Yellow),
            Trait::Number(1),
            Trait::Number(2),
            Trait::Number(3),
        ]
    }

    /// Reads a canonical or forgiving trait name, as a whole string.
    pub fn parse(text: &str) -> Option<Trait> {
        let mut words = word_iter(text);
        match (words.next(), words.next()) {
            (Some(w), None) => Trait::parse_word(w),
            _ => None,
        }
    }

    /// Order in which traits are written in canonical text: number, colour, gem (as in card names).
    pub(crate) fn canonical_rank(self) -> u8 {
        match self.kind() {
            Kind::Number => 0,
            Kind::Colour => 1,
            Kind::Gem => 2,
        }
    }
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Trait {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Trait {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Trait::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a trait")))
    }
}

mod card;
mod reading;
mod set;

pub use card::{Card, CardError};
use reading::*;
pub(crate) use reading::{lowered, read_traits, words};
pub use set::{canonical_order, matching, CardSet};

#[cfg(test)]
mod tests;
