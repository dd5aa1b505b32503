//! Exact counting of the deals consistent with a view.
//!
//! Open cards fall into classes that every remaining fact treats alike. Locations are filled
//! one at a time; a state is how many cards of each class are still unplaced, and a choice at a
//! location is how many of each class go there, weighted by binomials. After each location the
//! classes are merged again using only the locations still to come, which keeps the number of
//! states small. The order of locations is chosen over all subsets of locations by an estimate
//! of the work; within a location the most constrained groups are decided first. Pass 1 counts
//! the ways to finish from each reachable state (memoised); pass 2 carries forward how many
//! cards of each class are still unplaced, for the classes that share a group, which gives
//! every card's chance at every location. Counts are exact integers (u128: at most 31!/(5!)^6 ≈ 2.75·10^21 deals).
//!
//! The parts, in the order a count runs them: `plan` (classes, the order of places, the steps),
//! `finish` (pass 1), `forward` (pass 2); both passes list a place's fillings with `choices`,
//! and add up in the numbers of `numbers`.

mod choices;
mod finish;
mod forward;
mod numbers;
mod plan;

use std::collections::HashMap as StdMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::bounds::Domains;
use super::view::View;
use finish::pass_one;
use forward::forward;
use numbers::Binomials;
use plan::{plan, Plan, Planned};

/// States are short byte strings hashed millions of times: a multiply-rotate hash is enough.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<Quick>>;

/// Exact results: the number of consistent deals, and for each card and location the number
/// of those deals that put the card there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub deals: u128,
    pub at: Vec<[u128; 8]>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum CountError {
    /// The work budget ran out; the caller should sample instead.
    OverBudget,
    /// A number outgrew u128 (not expected within the game's sizes).
    Overflow,
}

/// Counts every consistent deal, spending at most `budget` units of work.
pub fn count(view: &View, d: &Domains, budget: u64) -> Result<Counts, CountError> {
    count_in(view, d, budget, Tuning::DEFAULT)
}

/// `count`, with pass 2 in u128 throughout unless `narrow` allows u64 where it fits.
/// How the counting runs; the results never depend on it.
#[derive(Clone, Copy)]
pub(crate) struct Tuning {
    /// Pass 2 in u64 where it fits.
    pub(crate) narrow: bool,
    /// Pass 1 goes on in two threads from this many states after the first place.
    pub(crate) shared_start: usize,
    /// Pass 2 shares a step with at least this many states between two threads.
    pub(crate) shared_step: usize,
}

impl Tuning {
    pub(crate) const DEFAULT: Tuning = Tuning {
        narrow: true,
        shared_start: 64,
        shared_step: 1000,
    };
}

pub(crate) fn count_in(
    view: &View,
    d: &Domains,
    budget: u64,
    tuning: Tuning,
) -> Result<Counts, CountError> {
    let plan = match plan(view, d) {
        Planned::Done(counts) => return Ok(counts),
        Planned::Steps(plan) => plan,
    };
    let (deals, here_count) = walk(&plan, budget, tuning)?;
    let mut at = plan.at;
    if deals == 0 {
        return Ok(Counts {
            deals: 0,
            at: vec![[0; 8]; 36],
        });
    }
    for k in 0..36 {
        if d.is_placed(k) {
            at[k][d.places[k].trailing_zeros() as usize] = deals;
        }
    }
    for (c, class) in plan.classes.iter().enumerate() {
        let size = class.len() as u128;
        for &k in class {
            for l in 0..plan.locs {
                at[k][l] = here_count[c][l] / size;
            }
        }
    }
    Ok(Counts { deals, at })
}

/// The first way of counting: from each state, every choice at once (see `choices`).
fn walk(plan: &Plan, budget: u64, tuning: Tuning) -> Result<(u128, Vec<[u128; 8]>), CountError> {
    let binom = Binomials::new();
    let mut work = 0u64;

    // Pass 1: from each reachable state, the number of ways to finish (memoised by step).
    let (deals, ways) = pass_one(
        plan.start,
        &plan.steps,
        &binom,
        &mut work,
        budget,
        tuning.shared_start,
    )?;
    if deals == 0 {
        return Ok((0, Vec::new()));
    }

    // In pass 2 every number is at most 36² times the number of deals (each way of
    // reaching a state leads to at least one deal), so below these bounds plain arithmetic
    // cannot overflow; most views fit in 64 bits, which halves pass 2's multiplications.
    let here_count = if tuning.narrow && deals <= u64::MAX as u128 / 1296 {
        forward::<u64>(plan, &ways, &binom, &mut work, tuning.shared_step)?
    } else if deals <= 1 << 100 {
        forward::<u128>(plan, &ways, &binom, &mut work, tuning.shared_step)?
    } else {
        return Err(CountError::Overflow);
    };
    Ok((deals, here_count))
}
