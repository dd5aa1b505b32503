//! Pass 1: from each reachable state, the number of ways to finish, memoised by step, on two
//! threads when the first place leaves many states.

use super::choices::choices;
use super::numbers::Binomials;
use super::plan::Step;
use super::{CountError, HashMap};

/// The states of one step in pass 1, in the order found, with their ways to finish.
#[derive(Default)]
pub(super) struct States {
    pub(super) index: HashMap<u64, u32>,
    pub(super) keys: Vec<u64>,
    pub(super) ways: Vec<u128>,
}

impl States {
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    pub(super) fn get(&self, key: u64) -> Option<u128> {
        self.index.get(&key).map(|&i| self.ways[i as usize])
    }

    pub(super) fn insert(&mut self, key: u64, ways: u128) {
        self.index.insert(key, self.keys.len() as u32);
        self.keys.push(key);
        self.ways.push(ways);
    }
}

/// Pass 1 from the start. When the first place leaves many states, their ways to finish are
/// counted on two threads, each from its own run of them with its own memo (a state both
/// reach is counted by both), and the memos are then merged. Each thread may spend what is
/// left of the budget: the budget bounds the time a view takes.
pub(super) fn pass_one(
    start: u64,
    steps: &[Step],
    binom: &Binomials,
    work: &mut u64,
    budget: u64,
    shared_start: usize,
) -> Result<(u128, Vec<States>), CountError> {
    let mut first = Finish::new(steps, binom, budget);
    if steps.len() < 3 {
        let deals = first.ways_from(0, start)?;
        *work += first.work;
        return Ok((deals, first.memo));
    }
    let mut next = Vec::new();
    leads(&steps[0], start, binom, &mut first.work, budget, &mut next)?;
    *work += first.work;
    let mut firsts: Vec<u64> = next.iter().map(|&(to, _, _)| to).collect();
    firsts.sort_unstable();
    firsts.dedup();
    let left = budget.saturating_sub(*work);
    let count_share = |which: usize, shares: usize| {
        let mut finish = Finish::new(steps, binom, left);
        // Each thread takes one run of the first states in key order, not every other one:
        // neighbouring states share more of what follows them, so fewer states are counted
        // by both threads (on the 7-player bench, 3–10% faster, and the slowest view counted
        // exactly within the budget). A fixed split keeps each thread's work, and so the
        // budget's verdict, the same on every run.
        let run = firsts.len().div_ceil(shares);
        let mine = &firsts[(which * run).min(firsts.len())..((which + 1) * run).min(firsts.len())];
        for &key in mine {
            finish.ways_from(1, key)?;
        }
        Ok::<Finish, CountError>(finish)
    };
    let mut memo = if firsts.len() >= shared_start {
        let (mine, theirs) = std::thread::scope(|scope| {
            let other = scope.spawn(|| count_share(1, 2));
            let mine = count_share(0, 2);
            (mine, other.join().expect("pass 1 share"))
        });
        let (mine, theirs) = (mine?, theirs?);
        *work += mine.work + theirs.work;
        let mut memo = mine.memo;
        for (into, from) in memo.iter_mut().zip(theirs.memo).skip(1) {
            for (key, w) in from.keys.into_iter().zip(from.ways) {
                if !into.index.contains_key(&key) {
                    into.insert(key, w);
                }
            }
        }
        memo
    } else {
        let mine = count_share(0, 1)?;
        *work += mine.work;
        mine.memo
    };
    let mut deals = 0u128;
    for (to, w, _) in next {
        let b = memo[1].get(to).expect("every first state is counted");
        deals = (w as u128)
            .checked_mul(b)
            .and_then(|v| deals.checked_add(v))
            .ok_or(CountError::Overflow)?;
    }
    memo[0].insert(start, deals);
    Ok((deals, memo))
}

/// Not yet looked up, in a list of choices: ways to finish are at most 2^100.
const UNKNOWN: u128 = u128::MAX;

/// The choices from a state as (next state, weight, UNKNOWN), added to `next`: none when it
/// cannot meet a later fact.
fn leads(
    step: &Step,
    key: u64,
    binom: &Binomials,
    work: &mut u64,
    budget: u64,
    next: &mut Vec<(u64, u64, u128)>,
) -> Result<(), CountError> {
    let mut state = [0u8; 36];
    step.unpack(key, &mut state);
    if step.may_finish(&state) {
        choices::<false, _>(
            step,
            &state[..step.cap.len()],
            binom,
            work,
            budget,
            &mut |_, _, to, w| next.push((to, w, UNKNOWN)),
        )?;
    }
    Ok(())
}

/// Pass 1's memoised count of the ways to finish from each state, with one list of choices
/// per step kept from state to state.
struct Finish<'a> {
    steps: &'a [Step],
    binom: &'a Binomials,
    budget: u64,
    work: u64,
    memo: Vec<States>,
    lists: Vec<Vec<(u64, u64, u128)>>,
}

impl<'a> Finish<'a> {
    fn new(steps: &'a [Step], binom: &'a Binomials, budget: u64) -> Finish<'a> {
        let mut memo: Vec<States> = (0..=steps.len()).map(|_| States::default()).collect();
        memo[steps.len()].insert(0, 1);
        Finish {
            steps,
            binom,
            budget,
            work: 0,
            memo,
            lists: (0..steps.len()).map(|_| Vec::new()).collect(),
        }
    }

    /// The number of ways to finish from state `key` before step `i`. The choices' next
    /// states are all looked up first, in a tight loop whose cache misses overlap, and only
    /// those not counted yet are walked into.
    fn ways_from(&mut self, i: usize, key: u64) -> Result<u128, CountError> {
        if let Some(w) = self.memo[i].get(key) {
            return Ok(w);
        }
        if i == self.steps.len() {
            return Ok(0);
        }
        let mut next = std::mem::take(&mut self.lists[i]);
        next.clear();
        leads(
            &self.steps[i],
            key,
            self.binom,
            &mut self.work,
            self.budget,
            &mut next,
        )?;
        let after = &self.memo[i + 1];
        for choice in next.iter_mut() {
            choice.2 = after.get(choice.0).unwrap_or(UNKNOWN);
        }
        let mut total = 0u128;
        for &(to, w, known) in &next {
            let b = match known {
                UNKNOWN => self.ways_from(i + 1, to)?,
                b => b,
            };
            total = (w as u128)
                .checked_mul(b)
                .and_then(|v| total.checked_add(v))
                .ok_or(CountError::Overflow)?;
        }
        self.lists[i] = next;
        self.memo[i].insert(key, total);
        Ok(total)
    }
}
