//! Sets of cards as bit masks — hands, the safe, published and guessed cards — and the cards
//! that have given traits.

use super::*;

/// A set of cards as a bit mask: hands, the safe, published cards, guessed cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub(super) u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet((1u64 << 36) - 1);

    /// The set as a bit mask, bit `i` for the card of index `i`.
    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::ALL.0)
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Cards in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Cards(self.0)
    }

    pub fn names(self) -> Vec<String> {
        self.iter().map(Card::name).collect()
    }
}

/// The cards of a set, lowest index first, walked by their bits; it knows how many are left,
/// so a list collected from it is made at its size.
pub(super) struct Cards(pub(super) u64);

impl Iterator for Cards {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.0.count_ones() as usize;
        (left, Some(left))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// Cards that have every trait listed.
pub fn matching(traits: &[Trait]) -> CardSet {
    traits
        .iter()
        .fold(CardSet::ALL, |set, t| set.intersect(t.mask()))
}

/// Traits sorted into canonical writing order (number, colour, gem).
pub fn canonical_order(traits: &[Trait]) -> Vec<Trait> {
    let mut sorted = traits.to_vec();
    sorted.sort_by_key(|t| t.canonical_rank());
    sorted
}

impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom("a card is listed twice"));
        }
        Ok(set)
    }
}
