//! The searching player's look-ahead to the end of the turn: every order of the hand's plays,
//! every destination, every ability's choice and every `complete`, on the player's `Board`
//! (no deck order). A card Holmes's pair of 4s draws is a chance: each face the unseen cards
//! hold, as likely as its count. Where the turn ends, `estimate` gives the chance to win; the
//! best line is the one whose expected chance is highest. Positions reached twice (plays in
//! another order) are looked up, not searched again. A redraw is weighed by hands drawn from
//! the unseen cards, more of them while the answer is close.

// Counts by face are parallel arrays indexed by the face's index: a loop over the index
// reads them side by side.
#![allow(clippy::needless_range_loop)]

use rand::rngs::ChaCha20Rng;
use rustc_hash::FxHashMap as HashMap;

use super::board::{Board, Step};
use super::estimate::{Ending, Weights};
use super::office::Office;
use crate::games::sherlock::command::Command;
use crate::games::sherlock::game::Outcome;
use crate::games::sherlock::setup::{shuffle, Settings};
use crate::games::stream::stream;

/// How many next hands the estimate samples, and how many redrawn hands a redraw is tried
/// with at a time and at most.
const NEXT_HANDS: usize = 32;
const REDRAW_STEP: usize = 8;
const REDRAW_MOST: usize = 32;

/// A search from one position of a turn, with what it learned kept for the turn's later lines.
pub struct Search {
    settings: Settings,
    weights: Weights,
    memo: HashMap<Board, f64>,
    useful: HashMap<(Office, [bool; 4]), [f64; 3]>,
    next_hands: Vec<Vec<usize>>,
    rng: ChaCha20Rng,
}

/// The unseen cards one per face index, to draw hands from.
fn pool(b: &Board) -> Vec<usize> {
    (0..8).flat_map(|i| vec![i; b.unseen[i] as usize]).collect()
}

/// A position as a seed (FNV-1a over its Office, hand and counts), so that a search's samples
/// follow from where it began.
fn seed_of(b: &Board) -> u64 {
    let bytes = (b
        .office
        .iter()
        .flat_map(|p| p.faces().map(|f| f as u8).chain([9])))
    .chain(b.hand.iter().copied())
    .chain(b.scene.iter().copied())
    .chain(b.discard.iter().copied())
    .chain([b.wounds]);
    let h = bytes.fold(0xcbf2_9ce4_8422_2325u64, |h, x| {
        (h ^ x as u64).wrapping_mul(0x100_0000_01b3)
    });
    h ^ b.turn as u64
}

impl Search {
    /// A search from `b`, its samples drawn from a stream the position seeds.
    pub fn new(b: &Board, settings: &Settings, weights: Weights) -> Search {
        let mut s = Search {
            settings: settings.clone(),
            weights,
            memo: HashMap::default(),
            useful: HashMap::default(),
            next_hands: Vec::new(),
            rng: stream("sherlock/search", 0, 0),
        };
        s.restart(b, settings, weights);
        s
    }

    /// The search begun again from `b`, its tables emptied but kept (a turn's search fills
    /// tens of thousands of entries; growing them again each turn costs more than the search).
    pub fn restart(&mut self, b: &Board, settings: &Settings, weights: Weights) {
        self.rng = stream("sherlock/search", seed_of(b), 0);
        let all = pool(b);
        let rng = &mut self.rng;
        self.next_hands = (0..NEXT_HANDS)
            .map(|_| {
                let mut p = all.clone();
                shuffle(&mut p, rng);
                p.truncate(4);
                p
            })
            .collect();
        if self.settings != *settings {
            self.settings = settings.clone();
        }
        self.weights = weights;
        self.memo.clear();
        self.useful.clear();
    }

    /// Whether this search serves `b` of a game with `settings`, by `weights`: it has looked
    /// at that position already, so its values hold for it.
    pub fn serves(&self, b: &Board, settings: &Settings, weights: Weights) -> bool {
        self.weights == weights && self.settings == *settings && self.memo.contains_key(b)
    }

    /// The expected chance to win from `b` when the rest of the turn is played well.
    pub fn value(&mut self, b: &Board) -> f64 {
        match b.outcome {
            Some(Outcome::Won) => return 1.0,
            Some(_) => return 0.0,
            None => {}
        }
        if let Some(v) = self.memo.get(b) {
            return *v;
        }
        let commands = b.legal(&self.settings);
        let plays = commands.iter().any(|c| !matches!(c, Command::Complete(_)));
        let mut best = match plays {
            true => f64::MIN,
            false => self.ending(b),
        };
        for c in &commands {
            best = best.max(self.after(b, c));
            if best >= 1.0 {
                break;
            }
        }
        self.memo.insert(*b, best);
        best
    }

    /// The expected value after a command: a chance over the unseen faces when it draws.
    pub fn after(&mut self, b: &Board, c: &Command) -> f64 {
        let mut next = *b;
        match next.play(&self.settings, c) {
            Step::Done => self.value(&next),
            Step::Draw => {
                let total: u32 = next.unseen.iter().map(|u| *u as u32).sum();
                let mut v = 0.0;
                for i in (0..8).filter(|i| next.unseen[*i] > 0) {
                    let mut drawn = next;
                    drawn.drawn(&self.settings, i);
                    v += next.unseen[i] as f64 * self.value(&drawn);
                }
                v / total as f64
            }
        }
    }

    /// The chance to win where the turn ends now.
    pub fn ending(&mut self, b: &Board) -> f64 {
        let end = Ending::of(b, &self.settings);
        let hands = &self.next_hands;
        let useful = &mut self.useful;
        let shares = |office: &Office, wanted: &[bool; 4]| -> [f64; 3] {
            *useful.entry((*office, *wanted)).or_insert_with(|| {
                let mut s = [0.0; 3];
                for h in hands {
                    s[office.useful_plays(h, wanted)] += 1.0;
                }
                s.map(|x| x / hands.len().max(1) as f64)
            })
        };
        end.chance(&self.weights, shares)
    }

    /// The expected chance to win after redrawing, from hands drawn from the unseen cards:
    /// eight at a time, up to 32, until the mean stands clear of `keep`. None when the unseen
    /// cards cannot make a hand.
    pub fn redraw(&mut self, b: &Board, keep: f64) -> Option<f64> {
        let all = pool(b);
        if all.len() < 4 {
            return None;
        }
        let mut base = *b;
        for i in 0..8 {
            base.discard[i] += base.hand[i];
            base.hand[i] = 0;
        }
        base.redrawn = true;
        let mut values = Vec::new();
        loop {
            for _ in 0..REDRAW_STEP {
                let mut p = all.clone();
                shuffle(&mut p, &mut self.rng);
                let mut copy = base;
                for i in &p[..4] {
                    copy.hand[*i] += 1;
                    copy.unseen[*i] -= 1;
                }
                values.push(self.value(&copy));
            }
            let n = values.len() as f64;
            let mean = values.iter().sum::<f64>() / n;
            if values.len() >= REDRAW_MOST {
                return Some(mean);
            }
            let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
            if (mean - keep).abs() > 2.0 * (var / n).sqrt() {
                return Some(mean);
            }
        }
    }
}
