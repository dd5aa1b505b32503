//! Exact counting of the deals consistent with a view.
//!
//! Open cards fall into classes that every remaining fact treats alike. Locations are filled
//! one at a time; a state is how many cards of each class are still unplaced, and a choice at a
//! location is how many of each class go there, weighted by binomials. After each location the
//! classes are merged again using only the locations still to come, which keeps the number of
//! states small. Pass 1 counts the ways to finish from each reachable state (memoised); pass 2
//! carries forward how many cards of each class are still unplaced, which gives every card's
//! chance at every location. Counts are exact integers (u128: at most 31!/(5!)^6 ≈ 2.75·10^21 deals).

use std::collections::HashMap as StdMap;
use std::hash::{BuildHasherDefault, Hasher};

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

    fn finish(&self) -> u64 {
        self.0
    }
}

type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<Quick>>;

use super::bounds::Domains;
use super::view::View;

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

/// A fact as it bears on the open cards: location `loc` holds `need` more of `cards`.
#[derive(Clone, Debug)]
struct Residual {
    loc: usize,
    cards: u64,
    need: usize,
}

/// One step: the location filled, the groups of classes before it, the facts it must meet.
struct Step {
    loc: usize,
    /// For each group: may go here, must all go here (no later place).
    here: Vec<(bool, bool)>,
    /// Facts at this location, as lists of groups, with the count each needs.
    facts: Vec<(Vec<usize>, usize)>,
    /// Each group's index among the next step's groups, or None when it has no later place.
    next: Vec<Option<usize>>,
    next_len: usize,
}

struct Binomials(Vec<Vec<u128>>);

impl Binomials {
    fn new() -> Binomials {
        let mut c = vec![vec![0u128; 37]; 37];
        for n in 0..=36 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            }
        }
        Binomials(c)
    }

    fn get(&self, n: i64, k: i64) -> u128 {
        if n < 0 || k < 0 || k > n {
            0
        } else {
            self.0[n as usize][k as usize]
        }
    }
}

/// Counts every consistent deal, spending at most `budget` units of work.
pub fn count(view: &View, d: &Domains, budget: u64) -> Result<Counts, CountError> {
    let locs = view.locations.len();
    let open: Vec<usize> = (0..36).filter(|&k| !d.is_placed(k)).collect();
    let mut at = vec![[0u128; 8]; 36];
    for k in 0..36 {
        if d.is_placed(k) {
            at[k][d.places[k].trailing_zeros() as usize] = 1;
        }
    }
    if open.is_empty() {
        return Ok(Counts { deals: 1, at });
    }

    // What each fact still needs from the open cards.
    let mut residuals: Vec<Residual> = Vec::new();
    for f in &view.facts {
        let bit = 1u8 << f.loc;
        let mut cards = 0u64;
        let mut placed = 0;
        for c in f.set.iter() {
            let k = c.index();
            if d.places[k] == bit {
                placed += 1;
            } else if d.places[k] & bit != 0 {
                cards |= 1 << k;
            }
        }
        if cards == 0 {
            continue;
        }
        let need = f.count - placed;
        match residuals
            .iter()
            .find(|r| r.loc == f.loc && r.cards == cards)
        {
            Some(r) if r.need != need => {
                return Ok(Counts {
                    deals: 0,
                    at: vec![[0; 8]; 36],
                })
            }
            Some(_) => {}
            None => residuals.push(Residual {
                loc: f.loc,
                cards,
                need,
            }),
        }
    }

    // Classes: open cards with the same places and the same facts.
    let signature = |k: usize| -> (u8, Vec<bool>) {
        (
            d.places[k],
            residuals.iter().map(|r| r.cards >> k & 1 == 1).collect(),
        )
    };
    let mut classes: Vec<(u8, Vec<bool>, Vec<usize>)> = Vec::new();
    for &k in &open {
        let (places, member) = signature(k);
        match classes
            .iter_mut()
            .find(|(p, m, _)| *p == places && *m == member)
        {
            Some(c) => c.2.push(k),
            None => classes.push((places, member, vec![k])),
        }
    }

    // Groups of classes alike for the locations in `future`.
    let group_of = |future: u8| -> Vec<usize> {
        let mut keys: Vec<(u8, Vec<bool>)> = Vec::new();
        classes
            .iter()
            .map(|(places, member, _)| {
                let key = (
                    places & future,
                    member
                        .iter()
                        .zip(&residuals)
                        .map(|(m, r)| *m && future >> r.loc & 1 == 1)
                        .collect::<Vec<_>>(),
                );
                match keys.iter().position(|k| *k == key) {
                    Some(i) => i,
                    None => {
                        keys.push(key);
                        keys.len() - 1
                    }
                }
            })
            .collect()
    };

    // Order: next, the location that leaves the fewest and smallest groups.
    let all: u8 = ((1u16 << locs) - 1) as u8;
    let mut future = all;
    let mut order = Vec::new();
    while future != 0 {
        let best = (0..locs)
            .filter(|l| future >> l & 1 == 1)
            .min_by_key(|&l| {
                let g = group_of(future & !(1 << l));
                let groups = g.iter().max().map_or(0, |m| m + 1);
                let mut sizes = vec![0usize; groups];
                for (c, &gi) in g.iter().enumerate() {
                    sizes[gi] += classes[c].2.len();
                }
                (groups, sizes.iter().map(|s| s * s).sum::<usize>(), l)
            })
            .expect("a location is left");
        order.push(best);
        future &= !(1 << best);
    }

    // The steps, and each class's group at each step.
    let mut steps = Vec::new();
    let mut class_group: Vec<Vec<usize>> = Vec::new();
    let mut future = all;
    for &loc in &order {
        let g = group_of(future);
        let n = g.iter().max().map_or(0, |m| m + 1);
        let after = future & !(1 << loc);
        let g_next = group_of(after);
        let mut here = vec![(false, false); n];
        let mut next = vec![None; n];
        for (c, &gi) in g.iter().enumerate() {
            let places = classes[c].0 & future;
            here[gi] = (places >> loc & 1 == 1, places == 1 << loc);
            next[gi] = (places & after != 0).then_some(g_next[c]);
        }
        let facts = residuals
            .iter()
            .enumerate()
            .filter(|(_, r)| r.loc == loc)
            .map(|(ri, r)| {
                let mut members: Vec<usize> = g
                    .iter()
                    .enumerate()
                    .filter(|(c, _)| classes[*c].1[ri])
                    .map(|(_, &gi)| gi)
                    .collect();
                members.sort_unstable();
                members.dedup();
                (members, r.need)
            })
            .collect();
        steps.push(Step {
            loc,
            here,
            facts,
            next,
            next_len: g_next.iter().max().map_or(0, |m| m + 1),
        });
        class_group.push(g);
        future = after;
    }

    let binom = Binomials::new();
    let mut work = 0u64;
    let start: Vec<u8> = {
        let mut s = vec![0u8; steps[0].here.len()];
        for (c, &gi) in class_group[0].iter().enumerate() {
            s[gi] += classes[c].2.len() as u8;
        }
        s
    };

    // Pass 1: from each reachable state, the number of ways to finish (memoised by step).
    let mut ways: Vec<HashMap<Vec<u8>, u128>> =
        (0..=steps.len()).map(|_| HashMap::default()).collect();
    ways_from(0, &start, &steps, &mut ways, &binom, &mut work, budget)?;
    let deals = ways[0][&start];
    if deals == 0 {
        return Ok(Counts {
            deals: 0,
            at: vec![[0; 8]; 36],
        });
    }

    // Pass 2: for each class, how many of its cards are still unplaced over all ways of
    // reaching a state, and from that how often each card goes to each location.
    let nclasses = classes.len();
    let mut pool: Vec<HashMap<Vec<u8>, Vec<u128>>> =
        (0..=steps.len()).map(|_| HashMap::default()).collect();
    pool[0].insert(
        start.clone(),
        classes.iter().map(|c| c.2.len() as u128).collect(),
    );
    let mut here_count = vec![[0u128; 8]; nclasses];
    let mut overflow = false;
    for (i, step) in steps.iter().enumerate() {
        let layer = std::mem::take(&mut pool[i]);
        for (state, from) in &layer {
            if ways[i].get(state).copied().unwrap_or(0) == 0 {
                continue;
            }
            let next_pool = &mut pool[i + 1];
            choices(step, state, &binom, &mut work, u64::MAX, &mut |x, _| {
                let to = advance(step, state, x);
                let b = if i + 1 == steps.len() {
                    to.iter().all(|&c| c == 0) as u128
                } else {
                    ways[i + 1].get(&to).copied().unwrap_or(0)
                };
                if b == 0 {
                    return;
                }
                // Binomials of every group but one, for each group: prefix times suffix.
                let n = x.len();
                let weights: Vec<u128> = (0..n)
                    .map(|g| binom.get(state[g] as i64, x[g] as i64))
                    .collect();
                let mut before = vec![Some(1u128); n + 1];
                let mut after = vec![Some(1u128); n + 1];
                for g in 0..n {
                    before[g + 1] = before[g].and_then(|p| p.checked_mul(weights[g]));
                    after[n - g - 1] = after[n - g].and_then(|p| p.checked_mul(weights[n - g - 1]));
                }
                let target = next_pool.entry(to).or_insert_with(|| vec![0u128; nclasses]);
                for (c, &count) in from.iter().enumerate() {
                    if count == 0 {
                        continue;
                    }
                    let g = class_group[i][c];
                    let others = before[g]
                        .zip(after[g + 1])
                        .and_then(|(a, b)| a.checked_mul(b));
                    let rem = state[g] as i64;
                    let xg = x[g] as i64;
                    let stay = binom.get(rem - 1, xg);
                    let go = binom.get(rem - 1, xg - 1);
                    let Some(others) = others else {
                        overflow = true;
                        return;
                    };
                    if step.next[g].is_some() && stay > 0 {
                        match count
                            .checked_mul(stay)
                            .and_then(|v| v.checked_mul(others))
                            .and_then(|v| target[c].checked_add(v))
                        {
                            Some(v) => target[c] = v,
                            None => overflow = true,
                        }
                    }
                    if go > 0 {
                        match count
                            .checked_mul(go)
                            .and_then(|v| v.checked_mul(others))
                            .and_then(|v| v.checked_mul(b))
                            .and_then(|v| here_count[c][step.loc].checked_add(v))
                        {
                            Some(v) => here_count[c][step.loc] = v,
                            None => overflow = true,
                        }
                    }
                }
            })?;
            if overflow {
                return Err(CountError::Overflow);
            }
        }
    }
    for k in 0..36 {
        if d.is_placed(k) {
            at[k][d.places[k].trailing_zeros() as usize] = deals;
        }
    }
    for (c, class) in classes.iter().enumerate() {
        let size = class.2.len() as u128;
        for &k in &class.2 {
            for l in 0..locs {
                at[k][l] = here_count[c][l] / size;
            }
        }
    }
    Ok(Counts { deals, at })
}

/// The number of ways to finish from `state` before step `i`, memoised.
fn ways_from(
    i: usize,
    state: &[u8],
    steps: &[Step],
    memo: &mut Vec<HashMap<Vec<u8>, u128>>,
    binom: &Binomials,
    work: &mut u64,
    budget: u64,
) -> Result<u128, CountError> {
    if i == steps.len() {
        return Ok(state.iter().all(|&c| c == 0) as u128);
    }
    if let Some(&w) = memo[i].get(state) {
        return Ok(w);
    }
    let mut next = Vec::new();
    choices(&steps[i], state, binom, work, budget, &mut |x, w| {
        next.push((advance(&steps[i], state, x), w));
    })?;
    let mut total = 0u128;
    for (to, w) in next {
        let b = ways_from(i + 1, &to, steps, memo, binom, work, budget)?;
        total = w
            .checked_mul(b)
            .and_then(|v| total.checked_add(v))
            .ok_or(CountError::Overflow)?;
    }
    memo[i].insert(state.to_vec(), total);
    Ok(total)
}

/// The state after a step: the unplaced cards of each group, regrouped for the next step.
fn advance(step: &Step, state: &[u8], x: &[u8]) -> Vec<u8> {
    let mut to = vec![0u8; step.next_len];
    for g in 0..state.len() {
        if let Some(n) = step.next[g] {
            to[n] += state[g] - x[g];
        }
    }
    to
}

/// Every way to fill the step's location from the state, with its weight (the number of
/// ways to pick the actual cards).
fn choices(
    step: &Step,
    state: &[u8],
    binom: &Binomials,
    work: &mut u64,
    budget: u64,
    each: &mut dyn FnMut(&[u8], u128),
) -> Result<(), CountError> {
    let n = state.len();
    // A group that has no later place must go here whole; one that cannot come here stays.
    if (0..n).any(|g| state[g] > 0 && step.next[g].is_none() && !step.here[g].0) {
        return Ok(());
    }
    let movable: Vec<usize> = (0..n).filter(|&g| step.here[g].0 && state[g] > 0).collect();
    // For each fact, what the groups after position j could still add.
    let member: Vec<Vec<bool>> = step
        .facts
        .iter()
        .map(|(gs, _)| {
            let mut m = vec![false; n];
            for &g in gs {
                m[g] = true;
            }
            m
        })
        .collect();
    let mut room: Vec<Vec<usize>> = vec![vec![0; movable.len() + 1]; step.facts.len()];
    for (f, m) in member.iter().enumerate() {
        for j in (0..movable.len()).rev() {
            let g = movable[j];
            room[f][j] = room[f][j + 1] + if m[g] { state[g] as usize } else { 0 };
        }
    }
    let mut x = vec![0u8; n];
    let mut sums = vec![0usize; step.facts.len()];
    #[allow(clippy::too_many_arguments)]
    fn walk(
        j: usize,
        movable: &[usize],
        step: &Step,
        state: &[u8],
        member: &[Vec<bool>],
        room: &[Vec<usize>],
        x: &mut Vec<u8>,
        sums: &mut Vec<usize>,
        weight: u128,
        binom: &Binomials,
        work: &mut u64,
        budget: u64,
        each: &mut dyn FnMut(&[u8], u128),
    ) -> Result<(), CountError> {
        *work += 1;
        if *work > budget {
            return Err(CountError::OverBudget);
        }
        for (f, (_, need)) in step.facts.iter().enumerate() {
            if sums[f] > *need || sums[f] + room[f][j] < *need {
                return Ok(());
            }
        }
        if j == movable.len() {
            each(x, weight);
            return Ok(());
        }
        let g = movable[j];
        let (lo, hi) = if step.here[g].1 || step.next[g].is_none() {
            (state[g], state[g])
        } else {
            (0, state[g])
        };
        for v in lo..=hi {
            x[g] = v;
            for (f, m) in member.iter().enumerate() {
                if m[g] {
                    sums[f] += v as usize;
                }
            }
            let w = weight
                .checked_mul(binom.get(state[g] as i64, v as i64))
                .ok_or(CountError::Overflow)?;
            let r = walk(
                j + 1,
                movable,
                step,
                state,
                member,
                room,
                x,
                sums,
                w,
                binom,
                work,
                budget,
                each,
            );
            for (f, m) in member.iter().enumerate() {
                if m[g] {
                    sums[f] -= v as usize;
                }
            }
            r?;
        }
        x[g] = 0;
        Ok(())
    }
    walk(
        0, &movable, step, state, &member, &room, &mut x, &mut sums, 1, binom, work, budget, each,
    )
}
