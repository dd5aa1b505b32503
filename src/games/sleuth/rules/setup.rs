//! Setting a classic game up: the gem cards dealt to the hands, the table and the missing
//! gem(s), the Search deck shuffled, and the commitment over all of it (RULES-SLEUTH.md §1).
//! Every random choice comes from a ChaCha20 stream keyed by the seed (and, for reshuffles,
//! the salt), so the same seed and salt give the same game on every machine.

use serde::{Deserialize, Serialize};

use crate::games::polysleuth::rules::deal::{below, commitment_of, stream};
use crate::games::polysleuth::rules::{Card, CardSet};

use super::search::SearchCard;
use super::settings::Settings;

/// Where the 36 gem cards lie at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub hands: Vec<CardSet>,
    pub table: CardSet,
    pub missing: CardSet,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("the deal holds {0} distinct cards; it must hold all 36, each once")]
    NotAllCards(usize),
    #[error("{who} holds {got} cards; with {players} players each hand holds {want}")]
    HandSize {
        who: String,
        got: usize,
        want: usize,
        players: usize,
    },
    #[error("the table holds {got} cards; with these players and missing gems it holds {want}")]
    TableSize { got: usize, want: usize },
    #[error("{got} missing gems are dealt; missing_gems is {want}")]
    MissingSize { got: usize, want: usize },
    #[error("the Search deck order holds {0} cards; it must hold the 54 Search cards, each once")]
    SearchDeck(usize),
}

/// A shuffle of `items` by Fisher–Yates over `rng`, so no library's method can change it.
pub fn shuffle<T>(items: &mut [T], rng: &mut rand::rngs::ChaCha20Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

impl Deal {
    /// The deal drawn from `seed`: the missing gems first, then each hand, then the table.
    pub fn draw(players: usize, settings: &Settings, seed: u64) -> Deal {
        let mut cards: Vec<Card> = Card::all().collect();
        shuffle(&mut cards, &mut stream("sleuth/deal", seed, 0));
        let hand = Settings::hand_size(players);
        let missing: CardSet = cards[..settings.missing_gems].iter().copied().collect();
        let rest = &cards[settings.missing_gems..];
        let hands = (0..players)
            .map(|p| rest[p * hand..(p + 1) * hand].iter().copied().collect())
            .collect();
        let table = rest[players * hand..].iter().copied().collect();
        Deal {
            hands,
            table,
            missing,
        }
    }

    /// Checks a given deal against the players and settings.
    pub fn check(&self, names: &[String], settings: &Settings) -> Result<(), DealError> {
        let n = names.len();
        let all = self
            .hands
            .iter()
            .fold(self.table.union(self.missing), |a, h| a.union(*h));
        let total: usize = self.hands.iter().map(|h| h.len()).sum::<usize>()
            + self.table.len()
            + self.missing.len();
        if all.len() != 36 || total != 36 {
            return Err(DealError::NotAllCards(all.len().min(total)));
        }
        let want = Settings::hand_size(n);
        for (who, hand) in names.iter().zip(&self.hands) {
            if hand.len() != want {
                return Err(DealError::HandSize {
                    who: who.clone(),
                    got: hand.len(),
                    want,
                    players: n,
                });
            }
        }
        if self.missing.len() != settings.missing_gems {
            return Err(DealError::MissingSize {
                got: self.missing.len(),
                want: settings.missing_gems,
            });
        }
        if self.table.len() != settings.table_size(n) {
            return Err(DealError::TableSize {
                got: self.table.len(),
                want: settings.table_size(n),
            });
        }
        Ok(())
    }
}

/// The Search deck in the order drawn from `seed`.
pub fn search_order(seed: u64) -> Vec<SearchCard> {
    let mut deck = SearchCard::deck();
    shuffle(&mut deck, &mut stream("sleuth/search", seed, 0));
    deck
}

/// Checks a given Search deck order: the 54 cards, each once.
pub fn check_search_order(order: &[SearchCard]) -> Result<(), DealError> {
    let mut all = SearchCard::deck();
    let mut given = order.to_vec();
    let key = |c: &SearchCard| c.name();
    all.sort_by_key(key);
    given.sort_by_key(key);
    if all != given {
        return Err(DealError::SearchDeck(order.len()));
    }
    Ok(())
}

/// The order of the `n`th reshuffle (0-based) of `pile`, from the salt and the seed.
pub fn reshuffled(pile: &[SearchCard], salt: &str, seed: u64, n: u64) -> Vec<SearchCard> {
    let mut order = pile.to_vec();
    shuffle(
        &mut order,
        &mut stream(&format!("sleuth/reshuffle/{salt}"), seed, n),
    );
    order
}

/// The canonical text the commitment hashes: each hand in seat order, the table, the
/// missing gem(s), the Search deck's order from its top, then the seed. The seed keys every
/// reshuffle (with the salt), so committing to it binds the reshuffles too (RULES-SLEUTH.md
/// §1): nobody can pick a later order once the game has begun.
pub fn canonical_text(names: &[String], deal: &Deal, search: &[SearchCard], seed: u64) -> String {
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
        .zip(&deal.hands)
        .map(|(n, h)| line(n, h))
        .collect();
    text.push_str(&line("table", &deal.table));
    text.push_str(&line("missing", &deal.missing));
    let search: Vec<String> = search.iter().map(|c| c.name()).collect();
    text.push_str(&format!("search: {}\n", search.join(", ")));
    text.push_str(&format!("seed: {seed}\n"));
    text
}

/// The commitment published at the start: SHA-256 of the canonical text and the salt.
pub fn commitment(
    names: &[String],
    deal: &Deal,
    search: &[SearchCard],
    seed: u64,
    salt: &str,
) -> String {
    commitment_of(&canonical_text(names, deal, search, seed), salt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawn_deal_fits_every_table_size_and_the_same_seed_gives_the_same_deal() {
        let s = Settings::default();
        for n in 3..=7 {
            let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
            let deal = Deal::draw(n, &s, 11);
            deal.check(&names, &s).unwrap();
            assert_eq!(deal, Deal::draw(n, &s, 11));
        }
        assert_ne!(search_order(1), search_order(2));
        check_search_order(&search_order(1)).unwrap();
        assert!(check_search_order(&search_order(1)[1..]).is_err());
    }
}
