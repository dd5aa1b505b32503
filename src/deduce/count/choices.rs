//! Every way to fill one place from one state, within its facts: the walk both passes share.

use super::numbers::Binomials;
use super::plan::Step;
use super::CountError;

/// Every way to fill the step's location from the state: how many of each group go there
/// (and which groups send any), the packed state left for the next step, and the weight (the
/// number of ways to pick the actual cards). A weight is a product of binomials whose lower
/// parts add up to at most the cards left, so it is at most C(36, 18) < 2^64.
pub(super) fn choices<F: FnMut(&[u8], &[usize], u64, u64)>(
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
    let movable: Vec<usize> = step
        .decide
        .iter()
        .copied()
        .filter(|&g| state[g] > 0)
        .collect();
    // For each fact, what the groups from position j on could still add.
    let nf = step.facts.len();
    let mut room = vec![0usize; nf * (movable.len() + 1)];
    for (f, &(members, _)) in step.facts.iter().enumerate() {
        for j in (0..movable.len()).rev() {
            let g = movable[j];
            room[f * (movable.len() + 1) + j] = room[f * (movable.len() + 1) + j + 1]
                + if members >> g & 1 == 1 {
                    state[g] as usize
                } else {
                    0
                };
        }
    }
    let base: u64 = (0..n).map(|g| state[g] as u64 * step.next_radix[g]).sum();
    let mut walk = Walk {
        movable: &movable,
        step,
        state,
        room: &room,
        x: [0u8; 36],
        set: Vec::with_capacity(movable.len()),
        sums: vec![0usize; nf],
        binom,
        work,
        budget,
        each,
    };
    for (f, &(_, need)) in step.facts.iter().enumerate() {
        if room[f * (movable.len() + 1)] < need {
            return Ok(());
        }
    }
    walk.go(0, 1, base)
}

struct Walk<'a, F> {
    movable: &'a [usize],
    step: &'a Step,
    state: &'a [u8],
    room: &'a [usize],
    x: [u8; 36],
    /// The groups whose value is above 0 so far.
    set: Vec<usize>,
    sums: Vec<usize>,
    binom: &'a Binomials,
    work: &'a mut u64,
    budget: u64,
    each: &'a mut F,
}

impl<F: FnMut(&[u8], &[usize], u64, u64)> Walk<'_, F> {
    /// Chooses for the groups from position `j` on. Every fact is still within reach here:
    /// a choice is only followed when each fact it touches stays within reach.
    fn go(&mut self, j: usize, weight: u64, to: u64) -> Result<(), CountError> {
        *self.work += 1;
        if *self.work > self.budget {
            return Err(CountError::OverBudget);
        }
        if j == self.movable.len() {
            (self.each)(&self.x[..self.state.len()], &self.set, to, weight);
            return Ok(());
        }
        let width = self.movable.len() + 1;
        let g = self.movable[j];
        let have = self.state[g];
        let step = self.step;
        let (mut lo, mut hi) = if step.here[g].1 || step.next[g].is_none() {
            (have as usize, have as usize)
        } else {
            (0, have as usize)
        };
        // Each fact on the group bounds its value: not past the count, and enough that the
        // groups after it can still make the count up.
        for &f in &step.facts_of[g] {
            let need = step.facts[f].1;
            let sum = self.sums[f];
            hi = hi.min(need - sum);
            lo = lo.max(need.saturating_sub(sum + self.room[f * width + j + 1]));
        }
        if lo > hi {
            return Ok(());
        }
        for &f in &step.facts_of[g] {
            self.sums[f] += lo;
        }
        for v in lo..=hi {
            let v8 = v as u8;
            self.x[g] = v8;
            if v > 0 {
                self.set.push(g);
            }
            let w = weight * self.binom.at(have, v8);
            self.go(j + 1, w, to - v as u64 * step.next_radix[g])?;
            if v > 0 {
                self.set.pop();
            }
            for &f in &step.facts_of[g] {
                self.sums[f] += 1;
            }
        }
        for &f in &step.facts_of[g] {
            self.sums[f] -= hi + 1;
        }
        self.x[g] = 0;
        Ok(())
    }
}
