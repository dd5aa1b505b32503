//! The deal: drawing it from a seed, checking a given one, and the fairness commitment.

use super::cards::{Card, CardSet, Trait};
use super::settings::Settings;

/// How many shuffles are tried before a restricted deal is declared impossible.
pub const MAX_DEAL_ATTEMPTS: u32 = 200_000;

/// Who holds a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Owner {
    Seat(usize),
    Safe,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deal {
    pub hands: Vec<CardSet>,
    pub safe: CardSet,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("no deal with at most {limit} cards sharing two traits in one hand was found in {attempts} shuffles; raise max_shared_pair or leave it unset")]
    Restriction { limit: usize, attempts: u32 },
    #[error("the deal holds {0} cards; it must hold all 36 cards exactly once")]
    CardCount(usize),
    #[error("{0} appears more than once in the deal")]
    Duplicate(String),
    #[error("{who} holds {got} cards but every hand holds {want} with these settings")]
    HandSize {
        who: String,
        got: usize,
        want: usize,
    },
    #[error("the safe holds {got} cards but safe_size is {want}")]
    SafeSize { got: usize, want: usize },
    #[error(
        "{who} holds {count} cards that are both {a} and {b}, more than max_shared_pair = {limit}"
    )]
    Restricted {
        who: String,
        count: usize,
        a: Trait,
        b: Trait,
        limit: usize,
    },
}

pub use crate::games::stream::{below, commitment_of, derived_salt, stream, verify_commitment};

/// Every pair of traits of different kinds: the pairs `max_shared_pair` limits.
fn trait_pairs() -> Vec<(Trait, Trait, CardSet)> {
    let all = Trait::all();
    let mut pairs = Vec::new();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if a.kind() != b.kind() {
                pairs.push((*a, *b, a.mask().intersect(b.mask())));
            }
        }
    }
    pairs
}

impl Deal {
    /// Draws a deal for `players` players from `seed`, honouring `max_shared_pair`.
    pub fn draw(players: usize, settings: &Settings, seed: u64) -> Result<Deal, DealError> {
        let hand = settings.hand_size_for(players);
        let mut rng = stream("deal", seed, 0);
        let pairs = trait_pairs();
        for _ in 0..MAX_DEAL_ATTEMPTS {
            let mut cards: Vec<Card> = Card::all().collect();
            for i in (1..cards.len()).rev() {
                let j = below(&mut rng, i as u64 + 1) as usize;
                cards.swap(i, j);
            }
            let hands: Vec<CardSet> = (0..players)
                .map(|p| cards[p * hand..(p + 1) * hand].iter().copied().collect())
                .collect();
            let safe = cards[players * hand..].iter().copied().collect();
            let deal = Deal { hands, safe };
            match settings.max_shared_pair {
                Some(limit) if deal.worst_pair(&pairs, limit).is_some() => continue,
                _ => return Ok(deal),
            }
        }
        Err(DealError::Restriction {
            limit: settings.max_shared_pair.unwrap_or(0),
            attempts: MAX_DEAL_ATTEMPTS,
        })
    }

    /// The first hand and trait pair over the limit, if any.
    fn worst_pair(
        &self,
        pairs: &[(Trait, Trait, CardSet)],
        limit: usize,
    ) -> Option<(usize, Trait, Trait, usize)> {
        for (seat, hand) in self.hands.iter().enumerate() {
            for (a, b, mask) in pairs {
                let count = hand.intersect(*mask).len();
                if count > limit {
                    return Some((seat, *a, *b, count));
                }
            }
        }
        None
    }

    /// Checks a deal given from outside (a replay, a test) against the settings.
    pub fn check(&self, names: &[String], settings: &Settings) -> Result<(), DealError> {
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        for set in self.hands.iter().chain(std::iter::once(&self.safe)) {
            total += set.len();
            if let Some(card) = set.intersect(seen).iter().next() {
                return Err(DealError::Duplicate(card.name()));
            }
            seen = seen.union(*set);
        }
        if total != 36 {
            return Err(DealError::CardCount(total));
        }
        let want = settings.hand_size_for(names.len());
        for (seat, hand) in self.hands.iter().enumerate() {
            if hand.len() != want {
                return Err(DealError::HandSize {
                    who: names[seat].clone(),
                    got: hand.len(),
                    want,
                });
            }
        }
        let want_safe = settings.safe_size_for(names.len());
        if self.safe.len() != want_safe {
            return Err(DealError::SafeSize {
                got: self.safe.len(),
                want: want_safe,
            });
        }
        if let Some(limit) = settings.max_shared_pair {
            if let Some((seat, a, b, count)) = self.worst_pair(&trait_pairs(), limit) {
                return Err(DealError::Restricted {
                    who: names[seat].clone(),
                    count,
                    a,
                    b,
                    limit,
                });
            }
        }
        Ok(())
    }

    pub fn owner(&self, card: Card) -> Owner {
        self.hands
            .iter()
            .position(|h| h.contains(card))
            .map(Owner::Seat)
            .unwrap_or(Owner::Safe)
    }

    /// Owner of every card, indexed by card.
    pub fn owners(&self) -> [Owner; 36] {
        let mut owners = [Owner::Safe; 36];
        for (seat, hand) in self.hands.iter().enumerate() {
            for card in hand.iter() {
                owners[card.index()] = Owner::Seat(seat);
            }
        }
        owners
    }

    /// The canonical deal text that the commitment hashes: one line per player in seat
    /// order, then the safe; cards in canonical order, separated by ", ".
    pub fn canonical_text(&self, names: &[String]) -> String {
        let line = |who: &str, set: &CardSet| {
            let mut l = format!("{who}:");
            if !set.is_empty() {
                l.push(' ');
                l.push_str(&set.names().join(", "));
            }
            l.push('\n');
            l
        };
        let mut text: String = names
            .iter()
            .zip(&self.hands)
            .map(|(n, h)| line(n, h))
            .collect();
        text.push_str(&line("safe", &self.safe));
        text
    }

    /// Hex SHA-256 of the canonical deal text followed by the salt.
    pub fn commitment(&self, names: &[String], salt: &str) -> String {
        commitment_of(&self.canonical_text(names), salt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("P{i}")).collect()
    }

    #[test]
    fn same_seed_same_deal_and_sizes() {
        for n in 3..=7 {
            let s = Settings::default();
            let a = Deal::draw(n, &s, 42).unwrap();
            assert_eq!(a, Deal::draw(n, &s, 42).unwrap());
            assert_ne!(a, Deal::draw(n, &s, 43).unwrap());
            a.check(&names(n), &s).unwrap();
        }
    }

    #[test]
    fn the_algorithm_is_pinned() {
        // If this changes, every stored game's deal would change: never update it casually.
        let deal = Deal::draw(4, &Settings::default(), 7).unwrap();
        let text = deal.canonical_text(&names(4));
        assert_eq!(
            commitment_of(&text, ""),
            PINNED_SEED_7,
            "deal for seed 7 changed:\n{text}"
        );
    }
    const PINNED_SEED_7: &str = "1883e02fcaa26c54c4cf20f05a5bb7024963eded97083c714b90e1ded2113af4";

    #[test]
    fn restriction_is_honoured_or_reported() {
        let s = Settings {
            max_shared_pair: Some(2),
            ..Settings::default()
        };
        for seed in 0..20 {
            let deal = Deal::draw(3, &s, seed).unwrap();
            deal.check(&names(3), &s).unwrap();
        }
        let impossible = Settings {
            max_shared_pair: Some(1),
            ..Settings::default()
        };
        // A hand of 12 with at most one card per number-gem pair would need 12 such pairs;
        // there are only 9, so no three-player deal can meet this limit.
        assert!(matches!(
            Deal::draw(3, &impossible, 1),
            Err(DealError::Restriction { limit: 1, .. })
        ));
    }

    #[test]
    fn commitment_verifies_only_the_true_deal() {
        let n = names(5);
        let deal = Deal::draw(5, &Settings::default(), 9).unwrap();
        let c = deal.commitment(&n, "pepper");
        assert!(verify_commitment(&deal.canonical_text(&n), "pepper", &c));
        assert!(!verify_commitment(&deal.canonical_text(&n), "salt", &c));
        let other = Deal::draw(5, &Settings::default(), 10).unwrap();
        assert!(!verify_commitment(&other.canonical_text(&n), "pepper", &c));
    }

    #[test]
    fn check_names_what_is_wrong() {
        let n = names(4);
        let mut deal = Deal::draw(4, &Settings::default(), 1).unwrap();
        let card = deal.hands[0].iter().next().unwrap();
        deal.hands[1].insert(card);
        assert_eq!(
            deal.check(&n, &Settings::default()),
            Err(DealError::Duplicate(card.name()))
        );
    }
}
