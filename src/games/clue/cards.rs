//! Clue's 21 cards (RULES-CLUE §1): six guests, six weapons, nine rooms, each with its English
//! and its French name, and the reader of a card as players write it — either language, any
//! case, accents or not, with or without the guest's title, a title with or without its full
//! stop (`Mrs White`), the title and the name from the same language (§7). Other
//! abbreviations (`Col.`, `Mme`) are not names.

use super::board::Room;

/// A card's kind: the envelope holds one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Guest,
    Weapon,
    Room,
}

/// One of the 21 cards: guests 0–5, weapons 6–11, rooms 12–20, each in the rules' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// (English title, English name, French title, French name) of each card; rooms and weapons
/// have no title.
const NAMES: [(&str, &str, &str, &str); 21] = [
    ("Miss", "Scarlet", "Mademoiselle", "Rose"),
    ("Colonel", "Mustard", "Colonel", "Moutarde"),
    ("Mrs.", "White", "Madame", "Leblanc"),
    ("Mr.", "Green", "Révérend", "Olive"),
    ("Mrs.", "Peacock", "Madame", "Pervenche"),
    ("Professor", "Plum", "Professeur", "Violet"),
    ("", "Candlestick", "", "Chandelier"),
    ("", "Knife", "", "Poignard"),
    ("", "Rope", "", "Corde"),
    ("", "Pistol", "", "Revolver"),
    ("", "Bat", "", "Batte"),
    ("", "Poison", "", "Poison"),
    ("", "Spa", "", "Spa"),
    ("", "Theater", "", "Théâtre"),
    ("", "Living Room", "", "Salon"),
    ("", "Observatory", "", "Observatoire"),
    ("", "Patio", "", "Patio"),
    ("", "Hall", "", "Hall"),
    ("", "Kitchen", "", "Cuisine"),
    ("", "Dining Room", "", "Salle à manger"),
    ("", "Guest House", "", "Maison d'amis"),
];

impl Card {
    pub const COUNT: usize = 21;

    /// Every card, guests then weapons then rooms.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::COUNT as u8).map(Card)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn kind(self) -> Kind {
        match self.0 {
            0..6 => Kind::Guest,
            6..12 => Kind::Weapon,
            _ => Kind::Room,
        }
    }

    /// The card of a room of the board.
    pub fn of_room(room: Room) -> Card {
        Card(12 + room as u8)
    }

    /// The room a room card is, None for a guest or a weapon.
    pub fn room(self) -> Option<Room> {
        (self.kind() == Kind::Room).then(|| Room::ALL[self.0 as usize - 12])
    }

    /// Its English name, title included (`Colonel Mustard`, `Dining Room`): the canonical name.
    pub fn name(self) -> String {
        let (title, name, _, _) = NAMES[self.0 as usize];
        join(title, name)
    }

    /// Its French name, title included (`Colonel Moutarde`, `Salle à manger`).
    pub fn name_fr(self) -> String {
        let (_, _, title, name) = NAMES[self.0 as usize];
        join(title, name)
    }

    /// The card a player's words name, or None.
    pub fn parse(text: &str) -> Option<Card> {
        let wanted = fold(text);
        if wanted.is_empty() {
            return None;
        }
        Card::all().find(|c| {
            let (en_title, en, fr_title, fr) = NAMES[c.0 as usize];
            [(en_title, en), (fr_title, fr)]
                .iter()
                .any(|(title, name)| {
                    let name = fold(name);
                    wanted == name
                        || (!title.is_empty() && wanted == format!("{} {name}", fold(title)))
                })
        })
    }
}

// Stored and sent as English names, so stored games stay readable.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is no card")))
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

fn join(title: &str, name: &str) -> String {
    match title.is_empty() {
        true => name.to_string(),
        false => format!("{title} {name}"),
    }
}

/// A name as it is compared: lower case, accents and typographic apostrophes made plain,
/// spaces single, a title's full stop dropped.
fn fold(text: &str) -> String {
    let plain: String = text
        .trim()
        .chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' | 'À' | 'Â' | 'Ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'e',
            'î' | 'ï' | 'Î' | 'Ï' => 'i',
            'ô' | 'ö' | 'Ô' | 'Ö' => 'o',
            'ù' | 'û' | 'ü' | 'Ù' | 'Û' | 'Ü' => 'u',
            'ç' | 'Ç' => 'c',
            '\u{2019}' | '\u{2018}' | '`' => '\'',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect();
    plain
        .split_whitespace()
        .map(|w| match w {
            "mrs." | "mr." => w.trim_end_matches('.'),
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_six_guests_six_weapons_and_nine_rooms() {
        let count = |k| Card::all().filter(|c| c.kind() == k).count();
        assert_eq!(
            (count(Kind::Guest), count(Kind::Weapon), count(Kind::Room)),
            (6, 6, 9)
        );
        for room in Room::ALL {
            let card = Card::of_room(room);
            assert_eq!(card.room(), Some(room));
            assert_eq!(card.name(), room.name());
        }
    }

    #[test]
    fn every_card_reads_back_from_either_name_with_or_without_its_title() {
        for c in Card::all() {
            assert_eq!(Card::parse(&c.name()), Some(c), "{}", c.name());
            assert_eq!(Card::parse(&c.name_fr()), Some(c), "{}", c.name_fr());
            assert_eq!(Card::parse(&c.name().to_uppercase()), Some(c));
        }
        let plum = Card::parse("Plum").unwrap();
        assert_eq!(plum.name(), "Professor Plum");
        assert_eq!(Card::parse("violet"), Some(plum));
        assert_eq!(Card::parse("Professeur Violet"), Some(plum));
        assert_eq!(Card::parse("Mrs White").unwrap().name(), "Mrs. White");
        assert_eq!(Card::parse("mrs. white").unwrap().name(), "Mrs. White");
        assert_eq!(Card::parse("Reverend Olive").unwrap().name(), "Mr. Green");
        assert_eq!(Card::parse("salle a manger").unwrap().name(), "Dining Room");
        assert_eq!(
            Card::parse("Maison d\u{2019}amis").unwrap().name(),
            "Guest House"
        );
        assert_eq!(Card::parse("Théatre").unwrap().name(), "Theater");
    }

    #[test]
    fn a_title_of_the_other_language_or_an_abbreviation_is_no_name() {
        for text in [
            "Madame Peacock",
            "Mrs. Pervenche",
            "Col. Mustard",
            "Mme Leblanc",
            "",
            "Plums",
        ] {
            assert_eq!(Card::parse(text), None, "{text:?}");
        }
    }
}
