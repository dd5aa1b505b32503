//! Every way to fill one place from one state, within its facts: the walk both passes share.

use super::numbers::Binomials;
use super::plan::Step;
use super::CountError;

/// Every way to fill the step's location from the state: how many of each group go there
/// (and which groups send any), the packed state left for the next step, and the weight (the
/// number of ways to pick the actual cards). A weight is a product of binomials whose lower
/// parts add up to at most the cards left, so it is at most C(36, 18) < 2^64. With `PICKS`
/// off (pass 1, which needs only the next state and the weight) the groups' values are not
/// kept: `each` is given zeros and no groups.
pub(super) fn choices<const PICKS: bool, F: FnMut(&[u8], &[usize], u64, u64)>(
    step: &Step,
    state: &[u8],
    binom: &Binomials,
    work: &mut u64,
    budget: u64,
    each: &mut F,
) -> Result<(), CountError> {
    let n = state.len();
    // A group that has no later place must go here whole; one that cannot come here stays.
    if (0..n).any(|g| state[g] > 0 && step.next[g].is_none() && !step.here[g].0) {
        return Ok(());
    }
    // The groups to decide, in order, each with what the walk reads of it in one place.
    let mut at = [Position::default(); 36];
    let mut movable = 0;
    for &g in &step.decide {
        if state[g] == 0 {
            continue;
        }
        at[movable] = Position {
            group: g as u8,
            have: state[g],
            whole: step.here[g].1 || step.next[g].is_none(),
            facts: step.fact_range[g],
            radix: step.next_radix[g],
        };
        movable += 1;
    }
    // For each fact, what the groups from position j on could still add.
    let nf = step.facts.len();
    let width = movable + 1;
    let mut room = vec![0u8; nf * width];
    for (f, &(members, need)) in step.facts.iter().enumerate() {
        for j in (0..movable).rev() {
            let g = at[j].group;
            room[f * width + j] =
                room[f * width + j + 1] + if members >> g & 1 == 1 { at[j].have } else { 0 };
        }
        if (room[f * width] as usize) < need {
            return Ok(());
        }
    }
    let base: u64 = (0..n).map(|g| state[g] as u64 * step.next_radix[g]).sum();
    let mut walk = Walk::<PICKS, F> {
        at: &at[..movable],
        facts: &step.fact_list,
        need: &step.need,
        room: &room,
        width,
        x: [0u8; 36],
        set: Vec::with_capacity(if PICKS { movable } else { 0 }),
        sums: vec![0u8; nf],
        binom,
        work: *work,
        budget,
        each,
    };
    let result = walk.go(0, 1, base);
    *work = walk.work;
    result
}

/// A group to decide, as the walk reads it: its index, its cards in the state, whether they
/// must all go here, its facts here (a range of the step's `fact_list`), and its place value
/// in the next state.
#[derive(Clone, Copy, Default)]
struct Position {
    group: u8,
    have: u8,
    whole: bool,
    facts: (u16, u16),
    radix: u64,
}

struct Walk<'a, const PICKS: bool, F> {
    at: &'a [Position],
    facts: &'a [u16],
    need: &'a [u8],
    room: &'a [u8],
    width: usize,
    x: [u8; 36],
    /// The groups whose value is above 0 so far.
    set: Vec<usize>,
    sums: Vec<u8>,
    binom: &'a Binomials,
    work: u64,
    budget: u64,
    each: &'a mut F,
}

impl<const PICKS: bool, F: FnMut(&[u8], &[usize], u64, u64)> Walk<'_, PICKS, F> {
    /// Chooses for the groups from position `j` on. Every fact is still within reach here:
    /// a choice is only followed when each fact it touches stays within reach.
    fn go(&mut self, j: usize, weight: u64, to: u64) -> Result<(), CountError> {
        self.work += 1;
        if self.work > self.budget {
            return Err(CountError::OverBudget);
        }
        if j == self.at.len() {
            (self.each)(&self.x, &self.set, to, weight);
            return Ok(());
        }
        let p = self.at[j];
        let have = p.have;
        let (mut lo, mut hi) = if p.whole { (have, have) } else { (0, have) };
        // Each fact on the group bounds its value: not past the count, and enough that the
        // groups after it can still make the count up.
        let facts = &self.facts[p.facts.0 as usize..p.facts.1 as usize];
        for &f in facts {
            let f = f as usize;
            let (need, sum) = (self.need[f], self.sums[f]);
            hi = hi.min(need - sum);
            lo = lo.max(need.saturating_sub(sum + self.room[f * self.width + j + 1]));
        }
        if lo > hi {
            return Ok(());
        }
        for &f in facts {
            self.sums[f as usize] += lo;
        }
        let g = p.group as usize;
        for v in lo..=hi {
            if PICKS {
                self.x[g] = v;
                if v > 0 {
                    self.set.push(g);
                }
            }
            let w = weight * self.binom.at(have, v);
            self.go(j + 1, w, to - v as u64 * p.radix)?;
            if PICKS && v > 0 {
                self.set.pop();
            }
            for &f in facts {
                self.sums[f as usize] += 1;
            }
        }
        for &f in facts {
            self.sums[f as usize] -= hi + 1;
        }
        if PICKS {
            self.x[g] = 0;
        }
        Ok(())
    }
}
