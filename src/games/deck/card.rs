//! One of the 36 cards: its traits, its canonical name, and reading one from a player's words.

use std::fmt;

use super::*;

/// One of the 36 cards. The index orders cards by canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub(super) u8);

impl Card {
    pub const COUNT: usize = 36;

    pub fn new(number: u8, colour: Colour, gem: Gem) -> Card {
        assert!((1..=3).contains(&number));
        Card((number - 1) * 12 + colour as u8 * 3 + gem as u8)
    }

    pub fn from_index(index: usize) -> Card {
        assert!(index < Self::COUNT);
        Card(index as u8)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn number(self) -> u8 {
        self.0 / 12 + 1
    }

    pub fn colour(self) -> Colour {
        COLOURS[(self.0 % 12 / 3) as usize]
    }

    pub fn gem(self) -> Gem {
        GEMS[(self.0 % 3) as usize]
    }

    pub fn has(self, t: Trait) -> bool {
        match t {
            Trait::Number(n) => self.number() == n,
            Trait::Colour(c) => self.colour() == c,
            Trait::Gem(g) => self.gem() == g,
        }
    }

    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::COUNT as u8).map(Card)
    }

    /// Canonical name, e.g. `2 Red Diamond`.
    pub fn name(self) -> String {
        self.static_name().to_string()
    }

    /// Canonical name without a new string: names are written many times a round.
    pub fn static_name(self) -> &'static str {
        CARD_NAMES[self.index()]
    }

    /// The card whose canonical name `text` is, give or take spaces around it: how cards are
    /// mostly written, and what `parse` reads such a text as.
    pub(super) fn canonical(text: &str) -> Option<Card> {
        // Plain byte loops: these texts are a few bytes long.
        let bytes = text.as_bytes();
        let start = bytes.iter().position(|b| *b != b' ')?;
        let end = bytes.iter().rposition(|b| *b != b' ')? + 1;
        let text = &text[start..end];
        let number = match text.as_bytes()[0] {
            b'1' => 1,
            b'2' => 2,
            b'3' => 3,
            _ => return None,
        };
        let words = text[1..].strip_prefix(' ')?;
        let space = words.bytes().position(|b| b == b' ')?;
        let (colour, gem) = (&words[..space], &words[space + 1..]);
        let colour = COLOURS.into_iter().find(|c| c.name() == colour)?;
        let gem = GEMS.into_iter().find(|g| g.name() == gem)?;
        Some(Card::new(number, colour, gem))
    }

    /// Reads a card written any way RULES.md §1 allows: `2 Red Diamond`, `red diamond two`,
    /// `2 Red; Diamond`, `Deux Rouge Diamant`. The error says, for a player, what was wrong.
    pub fn parse(text: &str) -> Result<Card, CardError> {
        if let Some(card) = Card::canonical(text) {
            return Ok(card);
        }
        let few = FewTraits::read(text).map_err(CardError::UnknownWord)?;
        let traits = few.as_slice();
        // French "un"/"une" read as 1, but before "paire" or "solitaire" they are articles:
        // "une paire de perles vertes". The article is skipped.
        let numbers = traits.iter().filter(|t| t.kind() == Kind::Number).count();
        let mut article = None;
        if numbers > 1 {
            if let Some(first) = words(text).into_iter().find(|w| !is_filler(w)) {
                if matches!(first.to_lowercase().as_str(), "un" | "une") {
                    let at = traits.iter().position(|t| t.kind() == Kind::Number);
                    article = Some(at.unwrap_or(0));
                }
            }
        }
        let (mut number, mut colour, mut gem) = (None, None, None);
        for (i, &t) in traits.iter().enumerate() {
            if article == Some(i) {
                continue;
            }
            let repeated = match t {
                Trait::Number(n) => number.replace(n).is_some(),
                Trait::Colour(c) => colour.replace(c).is_some(),
                Trait::Gem(g) => gem.replace(g).is_some(),
            };
            if repeated {
                return Err(CardError::TwoOfAKind(t.kind()));
            }
        }
        match (number, colour, gem) {
            (Some(n), Some(c), Some(g)) => Ok(Card::new(n, c, g)),
            _ => {
                let mut missing = Vec::new();
                if number.is_none() {
                    missing.push(Kind::Number);
                }
                if colour.is_none() {
                    missing.push(Kind::Colour);
                }
                if gem.is_none() {
                    missing.push(Kind::Gem);
                }
                Err(CardError::Missing(missing))
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.static_name())
    }
}

/// Every card's canonical name, by index (a test checks them against the traits).
pub(super) const CARD_NAMES: [&str; Card::COUNT] = [
    "1 Blue Diamond",
    "1 Blue Opal",
    "1 Blue Pearl",
    "1 Green Diamond",
    "1 Green Opal",
    "1 Green Pearl",
    "1 Red Diamond",
    "1 Red Opal",
    "1 Red Pearl",
    "1 Yellow Diamond",
    "1 Yellow Opal",
    "1 Yellow Pearl",
    "2 Blue Diamond",
    "2 Blue Opal",
    "2 Blue Pearl",
    "2 Green Diamond",
    "2 Green Opal",
    "2 Green Pearl",
    "2 Red Diamond",
    "2 Red Opal",
    "2 Red Pearl",
    "2 Yellow Diamond",
    "2 Yellow Opal",
    "2 Yellow Pearl",
    "3 Blue Diamond",
    "3 Blue Opal",
    "3 Blue Pearl",
    "3 Green Diamond",
    "3 Green Opal",
    "3 Green Pearl",
    "3 Red Diamond",
    "3 Red Opal",
    "3 Red Pearl",
    "3 Yellow Diamond",
    "3 Yellow Opal",
    "3 Yellow Pearl",
];

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("\"{0}\" is not a number, colour or gem")]
    UnknownWord(String),
    #[error("a card has only one of the {}", .0.plural())]
    TwoOfAKind(Kind),
    #[error("the card lacks {}", missing_words(.0))]
    Missing(Vec<Kind>),
}

pub(super) fn missing_words(kinds: &[Kind]) -> String {
    let words: Vec<&str> = kinds
        .iter()
        .map(|k| match k {
            Kind::Number => "a number",
            Kind::Colour => "a colour",
            Kind::Gem => "a gem",
        })
        .collect();
    words.join(" and ")
}

// Stored and sent as canonical names, so stored games stay readable.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text).map_err(|e| serde::de::Error::custom(format!("\"{text}\": {e}")))
    }
}
