//! One move of a sampling chain: pick two locations and redraw, uniformly among the
//! consistent ways, how the open cards now in either are split between them (a block-Gibbs
//! step, which leaves the uniform distribution over consistent deals unchanged).
//!
//! A chain makes tens of thousands of moves, so a move allocates nothing: its cards and
//! classes are bit masks, and its working lists live in a `Mover` kept for the whole chain.

use rand::rngs::ChaCha20Rng;

use super::Moves;
use crate::games::stream::below;

/// The most search nodes one move may spend listing its splits; beyond, it makes no change.
const SPLIT_NODES: u32 = 20_000;

/// A chain's working space for its moves.
#[derive(Default)]
pub(super) struct Mover {
    /// The classes (cards alike for both locations' facts and where they may go) as card
    /// masks, in the order of their first card.
    classes: Vec<u64>,
    /// Where each class may go: bit 0 the first location, bit 1 the second.
    can: Vec<u8>,
    /// The facts each class counts for, `member[member_at[c]..member_at[c + 1]]`.
    member: Vec<u16>,
    member_at: Vec<usize>,
    /// For each fact of the first location, then of the second: how many of its cards that
    /// location holds now; a split must keep every count.
    need: Vec<usize>,
    sums: Vec<usize>,
    /// Every consistent split: how many of each class go to the first location, with its
    /// number of ways to pick the cards.
    split_x: Vec<u8>,
    weight: Vec<u128>,
    x: Vec<u8>,
    nodes: u32,
}

impl Mover {
    /// One move on `deal`.
    pub(super) fn step(&mut self, moves: &Moves, deal: &mut [u8; 36], rng: &mut ChaCha20Rng) {
        let locs = moves.masks.len() as u64;
        let a = below(rng, locs) as usize;
        let b = below(rng, locs - 1) as usize;
        let b = if b >= a { b + 1 } else { b };
        let (mut at_a, mut at_b) = (0u64, 0u64);
        for &k in &moves.open {
            if deal[k] as usize == a {
                at_a |= 1 << k;
            } else if deal[k] as usize == b {
                at_b |= 1 << k;
            }
        }
        let cards = at_a | at_b;
        if cards.count_ones() < 2 {
            return;
        }
        self.classes_of(moves, cards, a, b);
        let na = moves.masks[a].len();
        self.need.clear();
        for (i, &m) in moves.masks[a].iter().chain(&moves.masks[b]).enumerate() {
            let here = if i < na { at_a } else { at_b };
            self.need.push((m & here).count_ones() as usize);
        }
        self.sums.clear();
        self.sums.resize(self.need.len(), 0);
        self.split_x.clear();
        self.weight.clear();
        self.x.clear();
        self.x.resize(self.classes.len(), 0);
        self.nodes = 0;
        if !self.walk(0, na, 1) {
            return;
        }
        let total: u128 = self.weight.iter().sum();
        if total == 0 {
            return;
        }
        // At most C(36, 18) ways, so the total fits in 64 bits.
        let mut r = below(rng, total as u64) as u128;
        let n = self.classes.len();
        let chosen = (self.weight.iter())
            .position(|&w| {
                if r < w {
                    true
                } else {
                    r -= w;
                    false
                }
            })
            .expect("a split is drawn");
        let mut members = [0usize; 36];
        for (c, &class) in self.classes.iter().enumerate() {
            let to_a = self.split_x[chosen * n + c] as usize;
            let mut len = 0;
            let mut bits = class;
            while bits != 0 {
                members[len] = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                len += 1;
            }
            for i in (1..len).rev() {
                let j = below(rng, i as u64 + 1) as usize;
                members.swap(i, j);
            }
            for (i, &k) in members[..len].iter().enumerate() {
                deal[k] = if i < to_a { a as u8 } else { b as u8 };
            }
        }
    }

    /// Splits `cards` into classes: by where each may go, then by each fact of the two
    /// locations; ordered by their first card.
    fn classes_of(&mut self, moves: &Moves, cards: u64, a: usize, b: usize) {
        self.classes.clear();
        let can = |k: usize| (moves.places[k] >> a & 1) | (moves.places[k] >> b & 1) << 1;
        let mut by_can = [0u64; 4];
        let mut bits = cards;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            by_can[can(k) as usize] |= 1 << k;
        }
        self.classes
            .extend(by_can.iter().copied().filter(|&m| m != 0));
        for &m in moves.masks[a].iter().chain(&moves.masks[b]) {
            let before = self.classes.len();
            for c in 0..before {
                let (inside, outside) = (self.classes[c] & m, self.classes[c] & !m);
                if inside != 0 && outside != 0 {
                    self.classes[c] = inside;
                    self.classes.push(outside);
                }
            }
        }
        self.classes.sort_unstable_by_key(|m| m.trailing_zeros());
        self.can.clear();
        self.member.clear();
        self.member_at.clear();
        for &class in &self.classes {
            self.can.push(can(class.trailing_zeros() as usize));
            self.member_at.push(self.member.len());
            for (f, &m) in moves.masks[a].iter().chain(&moves.masks[b]).enumerate() {
                if m & class != 0 {
                    self.member.push(f as u16);
                }
            }
        }
        self.member_at.push(self.member.len());
    }

    /// Lists the splits from class `j` on; false when the move ran out of nodes.
    fn walk(&mut self, j: usize, na: usize, w: u128) -> bool {
        self.nodes += 1;
        if self.nodes > SPLIT_NODES {
            return false;
        }
        if j == self.classes.len() {
            if self.sums == self.need {
                self.split_x.extend_from_slice(&self.x);
                self.weight.push(w);
            }
            return true;
        }
        let size = self.classes[j].count_ones() as usize;
        let can = self.can[j];
        let lo = if can & 2 == 0 { size } else { 0 };
        let hi = if can & 1 == 0 { 0 } else { size };
        let (from, to) = (self.member_at[j], self.member_at[j + 1]);
        for v in lo..=hi {
            let mut fits = true;
            for i in from..to {
                let f = self.member[i] as usize;
                self.sums[f] += if f < na { v } else { size - v };
                fits &= self.sums[f] <= self.need[f];
            }
            self.x[j] = v as u8;
            let ok = !fits || self.walk(j + 1, na, w * binomial(size, v));
            for i in from..to {
                let f = self.member[i] as usize;
                self.sums[f] -= if f < na { v } else { size - v };
            }
            if !ok {
                return false;
            }
        }
        true
    }
}

/// C(n, k) for 0 ≤ k ≤ n ≤ 36, from a table made once (a move looks up thousands).
fn binomial(n: usize, k: usize) -> u128 {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut c = vec![0u64; 37 * 37];
        for n in 0..=36 {
            c[n * 37] = 1;
            for k in 1..=n {
                c[n * 37 + k] = c[(n - 1) * 37 + k - 1] + c[(n - 1) * 37 + k];
            }
        }
        c
    });
    table[n * 37 + k] as u128
}

#[cfg(test)]
mod tests {
    use super::Mover;
    use crate::deduce::propagate;
    use crate::deduce::sample::Moves;
    use crate::deduce::view::{FactWords, Source, View};
    use crate::games::deck::{Card, CardSet};
    use crate::games::stream::stream;

    /// Three places of twelve; the true deal puts card k at place k / 12. The player holds
    /// place 0 and is told how many of two card sets each other place holds.
    fn view() -> (View, [u8; 36]) {
        let set = |f: &dyn Fn(usize) -> bool| -> CardSet {
            (0..36).filter(|&k| f(k)).map(Card::from_index).collect()
        };
        let mut truth = [0u8; 36];
        for (k, t) in truth.iter_mut().enumerate() {
            *t = (k / 12) as u8;
        }
        let hand = set(&|k| k < 12);
        let names = vec!["me".to_string(), "A".into(), "B".into()];
        let mut view = View::of_places(names, vec![12, 12, 12], 0, hand).unwrap();
        for loc in 1..3 {
            for s in [set(&|k| k % 3 == 0), set(&|k| k % 5 == 1)] {
                let count = s.iter().filter(|c| truth[c.index()] == loc as u8).count();
                view.add_fact(
                    loc,
                    s,
                    count,
                    Source::Answer { round: 1 },
                    "told".into(),
                    FactWords::OwnHand,
                );
            }
        }
        (view, truth)
    }

    fn holds(view: &View, deal: &[u8; 36]) -> bool {
        view.facts.iter().all(|f| {
            f.set
                .iter()
                .filter(|c| deal[c.index()] as usize == f.loc)
                .count()
                == f.count
        })
    }

    #[test]
    fn every_move_keeps_every_fact_true_and_the_chain_moves() {
        let (view, truth) = view();
        assert!(holds(&view, &truth));
        let d = propagate(&view).unwrap();
        let moves = Moves::new(&view, &d);
        let mut rng = stream("gibbs-test", 1, 0);
        let mut mover = Mover::default();
        let mut deal = truth;
        let mut seen = std::collections::HashSet::new();
        for _ in 0..3_000 {
            mover.step(&moves, &mut deal, &mut rng);
            assert!(holds(&view, &deal), "a move broke a fact: {deal:?}");
            seen.insert(deal);
        }
        assert!(seen.len() > 100, "the chain visited {} deals", seen.len());
    }
}
