//! The searching player's estimate of the chance to win from where a turn ends, read from the
//! table alone (never the deck's order: the deck's contents are the 48 cards less everything
//! in sight). Progress alone misleads a player against the clock: a set one card short is worth
//! little with one turn left and no card of its number to come. So the estimate weighs
//! - the Office plays the cheapest way to solve the case still needs (each set's numbers, with
//!   a letter between two; in The Final Problem the cheapest sets to complete) against the
//!   plays the turns left can give (two a turn at most, a little more from abilities);
//! - the next turn as hands sampled from the unseen cards show it: how many of them allow
//!   none, one or two useful Office plays;
//! - the supply: the numbers and letters still needed against what the draws left can bring;
//! - the Crime Scene: numbers waiting for their pair (welcome when the detective to come can
//!   use its ability, unwelcome when it would wound) and letters waiting (a wound if their
//!   twin must go there);
//! - the wounds, as the chance of surviving the turns left.
//!
//! The weights (`Weights`) were set by `examples/sherlock_weights.rs` on decks no judged run
//! plays.

// Counts by face are parallel arrays indexed by the face's index: a loop over the index
// reads them side by side.
#![allow(clippy::needless_range_loop)]

use super::board::Board;
use super::office::{Office, LETTERS};
use crate::games::sherlock::setup::{Case, Detective, Settings};

/// The estimate's weights, one set per case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The logistic's slope on the slack (plays the turns left can give, less those needed).
    pub slope: f64,
    /// The slope with one turn left.
    pub slope_last: f64,
    pub offset: f64,
    /// Useful Office plays a turn after the next can be expected to give.
    pub rate: f64,
    /// Office cards a turn can be expected to get from abilities.
    pub extra: f64,
    /// Office plays' worth of a number in the Crime Scene whose pair would help.
    pub good_pair: f64,
    /// Plays' worth of each card missing from the expected supply.
    pub short: f64,
    /// The share of the cards drawn a player can use.
    pub supply_share: f64,
    /// Letters in the Crime Scene counted as supply for Holmes (his 1s move them in).
    pub scene_letters: f64,
    /// Wounds expected a turn, and for each letter and unwelcome pair waiting in the scene.
    pub wound_rate: f64,
    pub wound_letter: f64,
    pub wound_pair: f64,
}

impl Weights {
    /// The weights for a game's case and detectives.
    pub fn of(settings: &Settings) -> Weights {
        // Weights of their own for Watson alone did no better (`--watson` in the example).
        match settings.case {
            Case::ValleyOfFear => Weights::VALLEY,
            Case::FinalProblem => Weights::FINAL,
        }
    }

    pub const VALLEY: Weights = Weights {
        slope: 0.63,
        slope_last: 0.9,
        offset: 0.5,
        rate: 1.8,
        extra: 0.25,
        good_pair: 0.35,
        short: 1.4,
        supply_share: 0.42,
        scene_letters: 0.5,
        wound_rate: 0.12,
        wound_letter: 0.10,
        wound_pair: 0.06,
    };

    pub const FINAL: Weights = Weights {
        slope: 0.63,
        slope_last: 0.9,
        offset: 0.5,
        rate: 1.8,
        extra: 0.25,
        good_pair: 0.49,
        short: 1.0,
        supply_share: 0.42,
        scene_letters: 0.35,
        wound_rate: 0.12,
        wound_letter: 0.14,
        wound_pair: 0.06,
    };

    /// The weights as numbers in a fixed order, for the tuning example.
    pub fn to_vec(self) -> Vec<f64> {
        vec![
            self.slope,
            self.slope_last,
            self.offset,
            self.rate,
            self.extra,
            self.good_pair,
            self.short,
            self.supply_share,
            self.scene_letters,
            self.wound_rate,
            self.wound_letter,
            self.wound_pair,
        ]
    }

    /// The weights from `to_vec`'s numbers.
    pub fn from_slice(v: &[f64]) -> Weights {
        Weights {
            slope: v[0],
            slope_last: v[1],
            offset: v[2],
            rate: v[3],
            extra: v[4],
            good_pair: v[5],
            short: v[6],
            supply_share: v[7],
            scene_letters: v[8],
            wound_rate: v[9],
            wound_letter: v[10],
            wound_pair: v[11],
        }
    }
}

/// What the cheapest way to solve the case still needs: Office plays, numbers of each face,
/// letters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Needs {
    pub plays: u32,
    pub numbers: [u32; 4],
    pub letters: u32,
    /// Which sets still want Investigation cards.
    pub wanted: [bool; 4],
}

/// Plays, numbers and letters a set needs to hold `k` numbers, and whether its letters allow.
fn set_needs(office: &Office, n: usize, k: u32) -> (u32, u32, u32, bool) {
    let s = office.sets[n];
    if !s.present {
        return (2 * k - 1, k, k - 1, true);
    }
    let c = s.numbers as u32;
    if c >= k {
        return (0, 0, 0, true);
    }
    let letters = if s.top_letter { k - c - 1 } else { k - c };
    let plays = 2 * (k - c) - u32::from(s.top_letter);
    let free = 4 - s.letters.count_ones();
    (plays, k - c, letters, letters <= free)
}

/// The cheapest way to solve the case from `office`, with `completed` counts per number.
pub fn needs(settings: &Settings, office: &Office, completed: &[u8; 4]) -> Needs {
    let mut out = Needs {
        plays: 0,
        numbers: [0; 4],
        letters: 0,
        wanted: [false; 4],
    };
    let level = settings.level as u32;
    let add = |out: &mut Needs, n: usize, (plays, numbers, letters, ok): (u32, u32, u32, bool)| {
        out.plays += plays + if ok { 0 } else { 4 };
        out.numbers[n] += numbers;
        out.letters += letters;
        out.wanted[n] |= numbers > 0;
    };
    match settings.case {
        Case::ValleyOfFear => {
            for n in 0..4 {
                add(&mut out, n, set_needs(office, n, level + 1));
            }
        }
        Case::FinalProblem => {
            let cost: Vec<(u32, u32, u32, bool)> =
                (0..4).map(|n| set_needs(office, n, 4)).collect();
            let open: Vec<usize> = (0..4).filter(|n| completed[*n] == 0).collect();
            let chosen: Vec<usize> = match level {
                1 => {
                    let want = 3usize.saturating_sub(4 - open.len());
                    let mut by_cost = open.clone();
                    by_cost.sort_by_key(|n| (cost[*n].0, *n));
                    by_cost.truncate(want);
                    by_cost
                }
                _ => open,
            };
            for n in chosen {
                add(&mut out, n, cost[n]);
            }
            if level == 3 && completed.iter().all(|c| *c < 2) {
                // One number twice: a set of a completed number, or a second set after one.
                let twice = (0..4)
                    .map(|n| match completed[n] > 0 {
                        true => (n, cost[n]),
                        false => (n, (7, 4, 3, true)),
                    })
                    .min_by_key(|(n, c)| (c.0, *n))
                    .expect("four numbers");
                add(&mut out, twice.0, twice.1);
            }
        }
    }
    out
}

/// The Poisson chance of fewer than `k` events at rate `lambda`.
fn poisson_below(lambda: f64, k: u32) -> f64 {
    let mut term = (-lambda).exp();
    let mut total = 0.0;
    for i in 0..k {
        if i > 0 {
            term *= lambda / i as f64;
        }
        total += term;
    }
    total
}

/// Whether a pair of `n` would help detective `d` (1), wound (−1) or neither (0).
fn pair_quality(end: &Ending, n: usize, d: Detective) -> i32 {
    let (office, scene, discard) = (&end.office, &end.scene, &end.discard);
    let helps = |yes: bool| if yes { 1 } else { -1 };
    match (d, n + 1) {
        (Detective::Holmes, 1) => {
            helps((4..8).any(|l| scene[l] > 0 && !office.places(l).is_empty()))
        }
        (Detective::Holmes, 2) => {
            helps((0..4).any(|m| (discard[m] > 0 || m == 1) && !office.places(m).is_empty()))
        }
        (Detective::Holmes, 3) => match office.sets.iter().any(|s| s.letters != 0) {
            true => 0,
            false => -1,
        },
        (Detective::Holmes, _) => 1,
        (Detective::Watson, 1) => helps((4..8).any(|l| scene[l] > 0)),
        (Detective::Watson, 2) => {
            helps((0..4).any(|m| m != 1 && scene[m] > 0 && !office.places(m).is_empty()))
        }
        (Detective::Watson, 3) => 1,
        (Detective::Watson, _) => i32::from(end.wounds > 0),
    }
}

/// The estimate's view of a turn's end: the table with the hand gone to the discard pile.
pub struct Ending<'a> {
    pub settings: &'a Settings,
    pub turn: u32,
    pub office: Office,
    pub scene: [u8; 8],
    pub discard: [u8; 8],
    pub unseen: [u8; 8],
    pub completed: [u8; 4],
    pub wounds: u8,
    /// The game's `short_draw_on_empty_pile`.
    pub short_draw: bool,
}

impl<'a> Ending<'a> {
    /// The table where the turn ends, the hand's cards discarded with the wound they bring.
    pub fn of(b: &Board, settings: &'a Settings) -> Ending<'a> {
        let mut discard = b.discard;
        let mut left = false;
        for i in 0..8 {
            discard[i] += b.hand[i] + b.plus[i];
            left |= b.hand[i] + b.plus[i] > 0;
        }
        Ending {
            settings,
            turn: b.turn,
            office: b.summary(),
            scene: b.scene,
            discard,
            unseen: b.unseen,
            completed: b.completed,
            wounds: b.wounds + u8::from(left),
            short_draw: b.short_draw,
        }
    }

    /// The chance to win from here, by `w`; the next turn's hands as `next` samples them
    /// (each, how many useful Office plays it allows, from `useful`).
    pub fn chance(
        &self,
        w: &Weights,
        mut useful: impl FnMut(&Office, &[bool; 4]) -> [f64; 3],
    ) -> f64 {
        let settings = self.settings;
        if self.wounds >= 3 {
            return 0.0;
        }
        let limit = settings.turn_limit();
        if self.turn >= limit {
            return 0.0;
        }
        let turns = (limit - self.turn) as f64;
        let needs = needs(settings, &self.office, &self.completed);
        // The supply: the cards of each face the draws left can be expected to bring, the
        // discard pile and the scene's letters coming back at a reshuffle.
        let deck: f64 = self.unseen.iter().map(|u| *u as f64).sum();
        let draws = 4.0 * turns;
        let mut supply = [0.0f64; 8];
        if draws <= deck {
            for i in 0..8 {
                supply[i] = self.unseen[i] as f64 * draws / deck.max(1.0);
            }
        } else {
            let mut pool = self.discard;
            // The scene's letters come back with the pile, not without it where the draw
            // stops short on an empty pile.
            if !(self.short_draw && pool.iter().all(|p| *p == 0)) {
                for l in LETTERS {
                    pool[l] += self.scene[l];
                }
            }
            let total: f64 = pool.iter().map(|p| *p as f64).sum();
            let share = if total > 0.0 {
                ((draws - deck) / total).min(1.0)
            } else {
                0.0
            };
            for i in 0..8 {
                supply[i] = self.unseen[i] as f64 + pool[i] as f64 * share;
            }
        }
        let mut short = 0.0;
        for n in 0..4 {
            short += (needs.numbers[n] as f64 - w.supply_share * supply[n]).max(0.0);
        }
        let mut letters: f64 = LETTERS.iter().map(|l| supply[*l]).sum();
        if settings.detectives.contains(&Detective::Holmes) {
            letters += w.scene_letters * LETTERS.iter().map(|l| self.scene[*l] as f64).sum::<f64>();
        }
        short += (needs.letters as f64 - w.supply_share * letters).max(0.0);
        // The Crime Scene: pairs and letters waiting.
        let detectives = &settings.detectives;
        let next = detectives[self.turn as usize % detectives.len()];
        let after = detectives[(self.turn as usize + 1) % detectives.len()];
        let (mut good, mut bad, mut waiting) = (0.0, 0.0, 0.0);
        for i in 0..8 {
            if self.scene[i] == 0 {
                continue;
            }
            let chance = match deck > 0.0 {
                true => (self.unseen[i] as f64 * 4.0 / deck).min(1.0),
                false => 0.0,
            };
            if i >= 4 {
                waiting += chance.max(0.3);
                continue;
            }
            let mut q = pair_quality(self, i, next);
            if after != next {
                q = q.max(pair_quality(self, i, after));
            }
            match q {
                1 => good += chance,
                -1 => bad += chance,
                _ => {}
            }
        }
        let slack = w.rate * (turns - 1.0) + w.extra * turns + w.good_pair * good
            - needs.plays as f64
            - w.short * short;
        let slope = if turns <= 1.0 { w.slope_last } else { w.slope };
        let shares = useful(&self.office, &needs.wanted);
        let goal: f64 = (0..3)
            .map(|u| shares[u] / (1.0 + (-(slope * (slack + u as f64) + w.offset)).exp()))
            .sum();
        let soon = turns.min(3.0);
        let lambda =
            turns * w.wound_rate + w.wound_letter * waiting * soon + w.wound_pair * bad * soon;
        0.999 * goal * poisson_below(lambda, 3 - self.wounds as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poisson_chance_of_fewer_than_k_events_sums_its_terms() {
        assert!((poisson_below(0.0, 1) - 1.0).abs() < 1e-12);
        assert!((poisson_below(1.0, 1) - (-1.0f64).exp()).abs() < 1e-12);
        assert!((poisson_below(1.0, 2) - 2.0 * (-1.0f64).exp()).abs() < 1e-12);
        assert_eq!(poisson_below(2.0, 0), 0.0);
    }
}
