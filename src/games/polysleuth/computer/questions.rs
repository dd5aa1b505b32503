//! Which questions are worth asking: every question the rules allow, each with the
//! uncertainty its answer is expected to remove from the asker's sheet.
//!
//! A one-trait question's answer is a count, seen by everyone; a two-trait question's answer
//! also shows the asker which cards matched. Taking the cards' places as independent, the
//! information in a count is the entropy of a sum of coin flips, and the information in a
//! reveal is the sum of each matching card's own entropy.

use crate::games::deck::matching;
use crate::games::polysleuth::rules::{Card, Trait};

use super::knowledge::Knowledge;
use super::seat::Seat;

#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub target: usize,
    pub traits: Vec<Trait>,
    /// Bits the asker expects to learn.
    pub info: f64,
    /// Whether the asker alone learns the matching cards.
    pub private: bool,
}

/// Every trait set a question may name: one trait, or two of different kinds.
pub fn trait_sets() -> Vec<Vec<Trait>> {
    let all = Trait::all();
    let mut sets: Vec<Vec<Trait>> = all.iter().map(|t| vec![*t]).collect();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if a.kind() != b.kind() {
                sets.push(vec![*a, *b]);
            }
        }
    }
    sets
}

fn entropy(p: f64) -> f64 {
    if p <= 1e-12 || p >= 1.0 - 1e-12 {
        0.0
    } else {
        -(p * p.log2() + (1.0 - p) * (1.0 - p).log2())
    }
}

/// The entropy of the number of successes among independent chances `ps`.
fn count_entropy(ps: &[f64]) -> f64 {
    let mut dist = vec![1.0];
    for &p in ps {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, &q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    dist.iter()
        .filter(|&&q| q > 1e-12)
        .map(|&q| -q * q.log2())
        .sum()
}

/// Every question the seat may ask, with what it would learn, best first.
pub fn candidates(seat: &Seat, k: &Knowledge) -> Vec<Candidate> {
    let sets = trait_sets();
    let mut out = Vec::new();
    for target in seat.others() {
        for traits in &sets {
            // A count already told stays told, however open its cards look one by one.
            let set = matching(traits);
            if traits.len() == 1
                && seat
                    .view
                    .facts
                    .iter()
                    .any(|f| f.loc == target && f.set == set)
            {
                continue;
            }
            let ps: Vec<f64> = matching(traits)
                .iter()
                .map(|c: Card| k.p[c.index()][target])
                .filter(|&p| p > 1e-9 && p < 1.0 - 1e-9)
                .collect();
            if ps.is_empty() {
                continue;
            }
            let private = traits.len() == 2;
            let info = if private {
                ps.iter().map(|&p| entropy(p)).sum()
            } else {
                count_entropy(&ps)
            };
            out.push(Candidate {
                target,
                traits: traits.clone(),
                info,
                private,
            });
        }
    }
    out.sort_by(|a, b| b.info.total_cmp(&a.info));
    out
}

/// The best question for each other player, best first: only one question per player can
/// be answered, so a second one to the same player is wasted.
pub fn best_per_target(cands: &[Candidate], value: impl Fn(&Candidate) -> f64) -> Vec<Candidate> {
    let mut best: Vec<(f64, Candidate)> = Vec::new();
    for c in cands {
        let v = value(c);
        match best.iter_mut().find(|(_, b)| b.target == c.target) {
            Some(slot) if slot.0 >= v => {}
            Some(slot) => *slot = (v, c.clone()),
            None => best.push((v, c.clone())),
        }
    }
    best.sort_by(|a, b| b.0.total_cmp(&a.0));
    best.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_names_one_trait_or_two_of_different_kinds() {
        let sets = trait_sets();
        assert_eq!(sets.len(), 10 + 3 * 4 + 3 * 3 + 4 * 3);
        assert!(sets
            .iter()
            .all(|s| s.len() < 2 || s[0].kind() != s[1].kind()));
    }

    #[test]
    fn a_count_of_even_chances_holds_less_than_the_cards_themselves() {
        let ps = [0.5, 0.5, 0.5];
        let count = count_entropy(&ps);
        assert!((count - 1.811).abs() < 0.01, "{count}");
        let reveal: f64 = ps.iter().map(|&p| entropy(p)).sum();
        assert!((reveal - 3.0).abs() < 1e-9);
        assert_eq!(count_entropy(&[1.0, 0.0]), 0.0);
    }
}
