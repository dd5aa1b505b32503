//! Sherlock Solitaire's 48 cards (RULES-SHERLOCK §1): 32 Investigation cards (eight each of the
//! numbers 1 to 4) and 16 Threat cards (four each of the letters A to D). Cards of one face are
//! alike in play; each physical card keeps its number (0–47) only for the deck's order, the
//! commitment and the record.

use serde::{Deserialize, Serialize};

/// A card's face: a number (an Investigation card) or a letter (a Threat card); written as
/// `"3"` or `"C"` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Face {
    Number(u8),
    Letter(char),
}

impl Face {
    /// Every face: 1, 2, 3, 4, A, B, C, D.
    pub const ALL: [Face; 8] = [
        Face::Number(1),
        Face::Number(2),
        Face::Number(3),
        Face::Number(4),
        Face::Letter('A'),
        Face::Letter('B'),
        Face::Letter('C'),
        Face::Letter('D'),
    ];

    pub fn is_number(self) -> bool {
        matches!(self, Face::Number(_))
    }

    /// How it is written: `3`, `C`.
    pub fn name(self) -> String {
        match self {
            Face::Number(n) => n.to_string(),
            Face::Letter(l) => l.to_string(),
        }
    }

    /// A face as a player writes it (`3`, `c`), or None.
    pub fn parse(text: &str) -> Option<Face> {
        let t = text.trim();
        let mut chars = t.chars();
        let (c, rest) = (chars.next()?, chars.next());
        if rest.is_some() {
            return None;
        }
        match c.to_ascii_uppercase() {
            '1'..='4' => Some(Face::Number(c as u8 - b'0')),
            l @ 'A'..='D' => Some(Face::Letter(l)),
            _ => None,
        }
    }
}

impl From<Face> for String {
    fn from(f: Face) -> String {
        f.name()
    }
}

impl TryFrom<String> for Face {
    type Error = String;
    fn try_from(s: String) -> Result<Face, String> {
        Face::parse(&s).ok_or_else(|| format!("\"{s}\" is no card"))
    }
}

/// One physical card, 0–47: 0–31 the Investigation cards (eight of each number in turn),
/// 32–47 the Threat cards (four of each letter in turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Card(pub u8);

impl Card {
    pub const COUNT: u8 = 48;

    /// Every card, in its number's order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::COUNT).map(Card)
    }

    pub fn face(self) -> Face {
        match self.0 {
            0..32 => Face::Number(self.0 / 8 + 1),
            _ => Face::Letter((b'A' + (self.0 - 32) / 4) as char),
        }
    }
}

impl std::fmt::Display for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_eight_of_each_number_and_four_of_each_letter() {
        for face in Face::ALL {
            let n = Card::all().filter(|c| c.face() == face).count();
            assert_eq!(n, if face.is_number() { 8 } else { 4 }, "{face}");
        }
        assert_eq!(Face::parse("c"), Some(Face::Letter('C')));
        assert_eq!(Face::parse(" 4 "), Some(Face::Number(4)));
        assert_eq!(Face::parse("5"), None);
        assert_eq!(Face::parse("E"), None);
        assert_eq!(Face::parse("12"), None);
        assert_eq!(serde_json::to_string(&Face::Letter('C')).unwrap(), "\"C\"");
        assert_eq!(
            serde_json::from_str::<Face>("\"3\"").unwrap(),
            Face::Number(3)
        );
    }
}
