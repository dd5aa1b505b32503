//! The Search deck of 54 cards (RULES-SLEUTH.md §1) and which card allows which question:
//! one-element and two-element cards, the open Free Choice and the element Free Choices.

use std::fmt;

use crate::games::deck::{canonical_order, read_traits, Trait};

/// One Search card. A two-element card holds its traits in canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchCard {
    One(Trait),
    Two(Trait, Trait),
    /// The open Free Choice: any one element, or any two of different kinds.
    Free,
    /// "Free Choice Blue": that element alone, or with one element of another kind.
    FreeOf(Trait),
}

impl SearchCard {
    /// The whole deck in its printed order: 10 one-element, 33 two-element, the open Free
    /// Choice, then the 10 element Free Choices.
    pub fn deck() -> Vec<SearchCard> {
        let all = Trait::all();
        let mut deck: Vec<SearchCard> = all.iter().map(|t| SearchCard::One(*t)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                if a.kind() != b.kind() {
                    deck.push(SearchCard::two(*a, *b));
                }
            }
        }
        deck.push(SearchCard::Free);
        deck.extend(all.iter().map(|t| SearchCard::FreeOf(*t)));
        deck
    }

    fn two(a: Trait, b: Trait) -> SearchCard {
        let t = canonical_order(&[a, b]);
        SearchCard::Two(t[0], t[1])
    }

    /// Whether this card allows a question about `traits` (one trait, or two of different
    /// kinds).
    pub fn allows(self, traits: &[Trait]) -> bool {
        match (self, traits) {
            (SearchCard::One(t), [q]) => t == *q,
            (SearchCard::Two(a, b), [x, y]) => (a, b) == (*x, *y) || (a, b) == (*y, *x),
            (SearchCard::Free, [_]) => true,
            (SearchCard::Free, [x, y]) => x.kind() != y.kind(),
            (SearchCard::FreeOf(t), [q]) => t == *q,
            (SearchCard::FreeOf(t), [x, y]) => x.kind() != y.kind() && (t == *x || t == *y),
            _ => false,
        }
    }

    /// How specific the card is: the exact card first, then an element Free Choice, then
    /// the open Free Choice.
    pub fn rank(self) -> u8 {
        match self {
            SearchCard::One(_) | SearchCard::Two(..) => 0,
            SearchCard::FreeOf(_) => 1,
            SearchCard::Free => 2,
        }
    }

    /// Its name: `Pairs`, `Blue Opals`, `Free Choice`, `Free Choice Blue`.
    pub fn name(self) -> String {
        match self {
            SearchCard::One(t) => plural(&[&t]),
            SearchCard::Two(a, b) => plural(&[&a, &b]),
            SearchCard::Free => "Free Choice".into(),
            SearchCard::FreeOf(t) => format!("Free Choice {}", singular(t)),
        }
    }

    /// Reads a card's name as players write it: `Pairs`, `blue opals`, `Opales bleues`,
    /// `Free Choice Blue`, `free choice`.
    pub fn parse(text: &str) -> Option<SearchCard> {
        let lower = text.trim().to_lowercase();
        let free = ["free choice", "free", "choix libre", "libre"]
            .iter()
            .find_map(|p| lower.strip_prefix(p));
        if let Some(rest) = free {
            // `Choix libre : bleus`, as the French letters print it.
            let rest = rest.trim_start().trim_start_matches(':');
            let traits = read_traits(rest).ok()?;
            return match traits.as_slice() {
                [] => Some(SearchCard::Free),
                [t] => Some(SearchCard::FreeOf(*t)),
                _ => None,
            };
        }
        let traits = read_traits(&lower).ok()?;
        match traits.as_slice() {
            [t] => Some(SearchCard::One(*t)),
            [a, b] if a.kind() != b.kind() => Some(SearchCard::two(*a, *b)),
            _ => None,
        }
    }
}

impl fmt::Display for SearchCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl serde::Serialize for SearchCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> serde::Deserialize<'de> for SearchCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SearchCard::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown Search card \"{text}\"")))
    }
}

/// A trait as the classic game names it alone: `Solitaire`, `Pair`, `Cluster`, `Red`.
fn singular(t: Trait) -> &'static str {
    match t {
        Trait::Number(1) => "Solitaire",
        Trait::Number(2) => "Pair",
        Trait::Number(3) => "Cluster",
        other => other.name(),
    }
}

/// One or two traits as a question names them: `Pairs`, `Reds`, `Blue Opals`, `Red Pairs`,
/// `Pearl Clusters`.
pub fn plural(traits: &[&Trait]) -> String {
    let sorted = canonical_order(&traits.iter().map(|t| **t).collect::<Vec<_>>());
    match sorted.as_slice() {
        [t] => format!("{}s", singular(*t)),
        [Trait::Number(n), other] => format!("{} {}s", other.name(), singular(Trait::Number(*n))),
        [a, b] => format!("{} {}s", a.name(), b.name()),
        _ => String::new(),
    }
}

/// The words of a question's traits: `Pairs`, `Blue Opals`.
pub fn question_words(traits: &[Trait]) -> String {
    plural(&traits.iter().collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::deck::{Colour, Gem};

    #[test]
    fn the_deck_holds_the_54_cards_of_the_ruling() {
        let deck = SearchCard::deck();
        assert_eq!(deck.len(), 54);
        let count = |f: fn(&SearchCard) -> bool| deck.iter().filter(|c| f(c)).count();
        assert_eq!(count(|c| matches!(c, SearchCard::One(_))), 10);
        assert_eq!(count(|c| matches!(c, SearchCard::Two(..))), 33);
        assert_eq!(count(|c| matches!(c, SearchCard::Free)), 1);
        assert_eq!(count(|c| matches!(c, SearchCard::FreeOf(_))), 10);
        let names: std::collections::HashSet<String> = deck.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), 54, "every card has its own name");
        for c in &deck {
            assert_eq!(SearchCard::parse(&c.name()), Some(*c), "{c} reads back");
        }
    }

    #[test]
    fn a_free_choice_blue_allows_blue_and_blue_with_another_kind_only() {
        let blue = Trait::Colour(Colour::Blue);
        let opal = Trait::Gem(Gem::Opal);
        let card = SearchCard::FreeOf(blue);
        assert!(card.allows(&[blue]));
        assert!(card.allows(&[opal, blue]));
        assert!(card.allows(&[blue, Trait::Number(3)]));
        assert!(!card.allows(&[opal]));
        assert!(!card.allows(&[blue, Trait::Colour(Colour::Red)]));
        assert!(!SearchCard::Free.allows(&[opal, Trait::Gem(Gem::Pearl)]));
        assert!(!SearchCard::One(blue).allows(&[blue, opal]));
        assert!(!SearchCard::two(blue, opal).allows(&[blue]));
    }

    #[test]
    fn names_read_as_the_printed_cards() {
        assert_eq!(SearchCard::One(Trait::Number(2)).name(), "Pairs");
        let blue_opals = SearchCard::two(Trait::Gem(Gem::Opal), Trait::Colour(Colour::Blue));
        assert_eq!(blue_opals.name(), "Blue Opals");
        let pearl_clusters = SearchCard::two(Trait::Gem(Gem::Pearl), Trait::Number(3));
        assert_eq!(pearl_clusters.name(), "Pearl Clusters");
        assert_eq!(
            SearchCard::FreeOf(Trait::Colour(Colour::Blue)).name(),
            "Free Choice Blue"
        );
        assert_eq!(SearchCard::parse("opales bleues"), Some(blue_opals));
    }
}
