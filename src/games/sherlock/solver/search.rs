//! The searching player's look-ahead to the end of the turn: every order of the hand's plays,
//! every destination, every ability's choice and every `complete`, on copies of the game with
//! no deck. A card Holmes's pair of 4s draws is a chance: each face the unseen cards hold, as
//! likely as its count. Where the turn ends, `estimate` gives the chance to win; the best line
//! is the one whose expected chance is highest. Positions reached twice (plays in another
//! order) are looked up, not searched again. A redraw is weighed by hands drawn from the
//! unseen cards, more of them while the answer is close.

use std::collections::HashMap;

use rand::rngs::ChaCha20Rng;

use super::estimate::{Ending, Weights};
use super::legal_commands;
use super::office::{index, Office, FULL};
use crate::games::sherlock::cards::{Card, Face};
use crate::games::sherlock::command::{Area, Command};
use crate::games::sherlock::game::{Game, InHand, Outcome};
use crate::games::sherlock::setup::{shuffle, Detective};
use crate::games::stream::stream;

/// How many next hands the estimate samples, and how many redrawn hands a redraw is tried
/// with at a time and at most.
const NEXT_HANDS: usize = 24;
const REDRAW_STEP: usize = 8;
const REDRAW_MOST: usize = 32;

/// A search from one position of a turn, with what it learned kept for the turn's later lines.
pub struct Search {
    weights: Weights,
    memo: HashMap<Vec<u8>, f64>,
    useful: HashMap<(Office, [bool; 4]), [f64; 3]>,
    next_hands: Vec<Vec<usize>>,
    rng: ChaCha20Rng,
}

/// A face's first card, to stand for any card of it in a copy (cards of a face are alike).
fn card_of(i: usize) -> Card {
    Card(match i < 4 {
        true => i as u8 * 8,
        false => 32 + (i as u8 - 4) * 4,
    })
}

/// The cards of each face nobody has seen: the deck's contents, as a player knows them.
pub fn unseen(g: &Game) -> [u8; 8] {
    let mut u = FULL;
    let seen = (g.office.iter().flat_map(|s| s.cards.iter()))
        .chain(g.scene.iter())
        .chain(g.discard.iter())
        .chain(g.hand.iter().map(|h| &h.card));
    for c in seen {
        u[index(c.face())] -= 1;
    }
    u
}

/// The position as the look-up knows it: everything that decides what can follow.
pub fn key(g: &Game) -> Vec<u8> {
    let mut k = Vec::with_capacity(64);
    for n in 1..=4 {
        if let Some(s) = g.office.iter().find(|s| s.number == n) {
            k.extend(s.cards.iter().map(|c| index(c.face()) as u8));
        }
        k.push(255);
    }
    let mut counts = [0u8; 32];
    for c in &g.scene {
        counts[index(c.face())] += 1;
    }
    for c in &g.discard {
        counts[8 + index(c.face())] += 1;
    }
    for h in &g.hand {
        counts[16 + 8 * usize::from(h.plus) + index(h.card.face())] += 1;
    }
    k.extend(counts);
    let mut done = [0u8; 4];
    for n in &g.completed {
        done[*n as usize - 1] += 1;
    }
    k.extend(done);
    k.extend([
        g.wounds,
        g.office_plays,
        g.scene_plays,
        u8::from(g.played),
        u8::from(g.redrawn),
        g.waiting.as_ref().map_or(0, |w| w.number),
        (g.turn % 256) as u8,
        u8::from(g.outcome.is_some()),
    ]);
    k
}

/// Whether a command makes Holmes's pair of 4s, which draws the deck's top card.
fn draws(g: &Game, c: &Command) -> bool {
    matches!(
        c,
        Command::Play {
            face: Face::Number(4),
            area: Area::Scene,
            ..
        }
    ) && g.detective() == Detective::Holmes
        && g.scene.iter().any(|s| s.face() == Face::Number(4))
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

impl Search {
    /// A search from `g` (its deck unread), its samples drawn from a stream the position seeds.
    pub fn new(g: &Game, weights: Weights) -> Search {
        let mut rng = stream("sherlock/search", fnv(&key(g)), 0);
        let u = unseen(g);
        let pool: Vec<usize> = (0..8).flat_map(|i| vec![i; u[i] as usize]).collect();
        let next_hands = (0..NEXT_HANDS)
            .map(|_| {
                let mut p = pool.clone();
                shuffle(&mut p, &mut rng);
                p.truncate(4);
                p
            })
            .collect();
        Search {
            weights,
            memo: HashMap::new(),
            useful: HashMap::new(),
            next_hands,
            rng,
        }
    }

    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Whether this search has looked at `g` already (then its values hold for it).
    pub fn knows(&self, g: &Game) -> bool {
        self.memo.contains_key(&key(g))
    }

    /// The expected chance to win from `g` (no deck) when the rest of the turn is played well.
    pub fn value(&mut self, g: &Game) -> f64 {
        match g.outcome {
            Some(Outcome::Won) => return 1.0,
            Some(_) => return 0.0,
            None => {}
        }
        let k = key(g);
        if let Some(v) = self.memo.get(&k) {
            return *v;
        }
        let commands = legal_commands(g);
        let plays = commands.iter().any(|c| !matches!(c, Command::Complete(_)));
        let mut best = match plays {
            true => f64::MIN,
            false => self.ending(g),
        };
        for c in &commands {
            best = best.max(self.after(g, c));
            if best >= 1.0 {
                break;
            }
        }
        self.memo.insert(k, best);
        best
    }

    /// The expected value after a command: a chance over the unseen faces when it draws.
    pub fn after(&mut self, g: &Game, c: &Command) -> f64 {
        if draws(g, c) {
            let u = unseen(g);
            let total: u32 = u.iter().map(|x| *x as u32).sum();
            if total > 0 {
                let mut v = 0.0;
                for (i, n) in u.iter().enumerate().filter(|(_, n)| **n > 0) {
                    let mut copy = g.clone();
                    copy.deck = vec![card_of(i)];
                    if copy.play(c, &mut self.rng).is_err() {
                        return f64::MIN;
                    }
                    copy.deck.clear();
                    v += *n as f64 * self.value(&copy);
                }
                return v / total as f64;
            }
        }
        let mut copy = g.clone();
        match copy.play(c, &mut self.rng) {
            Ok(_) => {
                copy.deck.clear();
                self.value(&copy)
            }
            Err(_) => f64::MIN,
        }
    }

    /// The chance to win where the turn ends now.
    pub fn ending(&mut self, g: &Game) -> f64 {
        let end = Ending::of(g);
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
    pub fn redraw(&mut self, g: &Game, keep: f64) -> Option<f64> {
        let mut base = g.clone();
        base.deck.clear();
        let u = unseen(&base);
        let pool: Vec<usize> = (0..8).flat_map(|i| vec![i; u[i] as usize]).collect();
        if pool.len() < 4 {
            return None;
        }
        base.discard.extend(base.hand.drain(..).map(|h| h.card));
        base.redrawn = true;
        let mut values = Vec::new();
        loop {
            for _ in 0..REDRAW_STEP {
                let mut p = pool.clone();
                shuffle(&mut p, &mut self.rng);
                let mut copy = base.clone();
                copy.hand = (p[..4].iter())
                    .map(|i| InHand {
                        card: card_of(*i),
                        plus: false,
                    })
                    .collect();
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
