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

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
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
/// A state (how many cards of each group are still unplaced) is packed into one number in
/// mixed radix: the open cards are at most 36 and a group of n needs n + 1 digits, so the
/// product of the radices never passes 2^36.
struct Step {
    loc: usize,
    /// For each group: may go here, must all go here (no later place).
    here: Vec<(bool, bool)>,
    /// Facts at this location: the groups each covers (a bit mask), with the count it needs.
    facts: Vec<(u64, usize)>,
    /// The groups that may go here, in the order they are decided.
    decide: Vec<usize>,
    /// For each group, the facts here that cover it.
    facts_of: Vec<Vec<usize>>,
    /// Each group's index among the next step's groups, or None when it has no later place.
    next: Vec<Option<usize>>,
    /// Each group's place value in a packed state, and its size (the largest digit).
    radix: Vec<u64>,
    cap: Vec<u8>,
    /// Each group's place value among the next step's states (0 when it has no later place).
    next_radix: Vec<u64>,
    /// The facts at later places, to drop states that cannot meet them before walking on.
    later: Vec<Later>,
}

/// A fact at a later place over one step's groups: the groups that may meet it, those that
/// can go nowhere else, and the count it needs.
struct Later {
    may: u64,
    must: u64,
    need: usize,
}

impl Step {
    fn unpack(&self, mut key: u64, state: &mut [u8]) {
        for (g, s) in state.iter_mut().enumerate().take(self.cap.len()) {
            let base = self.cap[g] as u64 + 1;
            *s = (key % base) as u8;
            key /= base;
        }
    }

    /// Whether every later fact can still be met: enough cards may go there, and not more
    /// must go there than it holds.
    fn may_finish(&self, state: &[u8]) -> bool {
        self.later.iter().all(|f| {
            let (mut may, mut must) = (0usize, 0usize);
            let mut bits = f.may;
            while bits != 0 {
                let g = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                may += state[g] as usize;
                if f.must >> g & 1 == 1 {
                    must += state[g] as usize;
                }
            }
            may >= f.need && must <= f.need
        })
    }

    fn pack(&self, state: &[u8]) -> u64 {
        state
            .iter()
            .zip(&self.radix)
            .map(|(&s, &r)| s as u64 * r)
            .sum()
    }
}

/// Binomial coefficients up to 36, with what an exact division by each needs: a division is
/// the costliest step of the forward pass, and a number known to be a multiple of d divides
/// as a shift and a multiply by the inverse of d's odd part modulo 2^64.
struct Binomials {
    c: Vec<u64>,
    shift: Vec<u32>,
    inverse: Vec<u64>,
    /// For each odd n ≤ 36, its inverse modulo 2^128.
    wide: Vec<u128>,
}

impl Binomials {
    fn new() -> Binomials {
        let mut c = vec![0u64; 37 * 37];
        for n in 0..=36 {
            c[n * 37] = 1;
            for k in 1..=n {
                c[n * 37 + k] = c[(n - 1) * 37 + k - 1] + c[(n - 1) * 37 + k];
            }
        }
        let shift: Vec<u32> = c.iter().map(|&v| v.trailing_zeros() % 64).collect();
        let inverse = c
            .iter()
            .zip(&shift)
            .map(|(&v, &z)| {
                let odd = (v >> z) | 1;
                // Newton's iteration doubles the correct low bits each time: 3 → 96.
                let mut x = odd;
                for _ in 0..5 {
                    x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
                }
                x
            })
            .collect();
        let wide = (0..=36u128)
            .map(|n| {
                let odd = n | 1;
                let mut x = odd;
                for _ in 0..6 {
                    x = x.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(x)));
                }
                x
            })
            .collect();
        Binomials {
            c,
            shift,
            inverse,
            wide,
        }
    }

    /// C(n, k) for 0 ≤ k ≤ n ≤ 36.
    fn at(&self, n: u8, k: u8) -> u64 {
        self.c[n as usize * 37 + k as usize]
    }

    /// `w / C(n, k)` for a multiple `w` of C(n, k), 0 ≤ k ≤ n ≤ 36.
    fn divide(&self, w: u64, n: u8, k: u8) -> u64 {
        let i = n as usize * 37 + k as usize;
        (w >> self.shift[i]).wrapping_mul(self.inverse[i])
    }

    /// `w / n` for a multiple `w` of n, 1 ≤ n ≤ 36.
    fn divide_wide(&self, w: u128, n: u8) -> u128 {
        let z = n.trailing_zeros();
        (w >> z).wrapping_mul(self.wide[(n >> z) as usize])
    }
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

/// What counting needs, worked out from the view: the steps in their order, and each class's
/// cards and group at each step.
struct Plan {
    steps: Vec<Step>,
    class_group: Vec<Vec<usize>>,
    classes: Vec<Vec<usize>>,
    locs: usize,
    start: u64,
    at: Vec<[u128; 8]>,
}

enum Planned {
    /// The answer needs no counting: nothing open, or a fact that cannot hold.
    Done(Counts),
    Steps(Plan),
}

fn plan(view: &View, d: &Domains) -> Planned {
    let locs = view.locations.len();
    let open: Vec<usize> = (0..36).filter(|&k| !d.is_placed(k)).collect();
    let mut at = vec![[0u128; 8]; 36];
    for k in 0..36 {
        if d.is_placed(k) {
            at[k][d.places[k].trailing_zeros() as usize] = 1;
        }
    }
    if open.is_empty() {
        return Planned::Done(Counts { deals: 1, at });
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
        let Some(need) = f
            .count
            .checked_sub(placed)
            .filter(|&n| cards != 0 || n == 0)
        else {
            return Planned::Done(Counts {
                deals: 0,
                at: vec![[0; 8]; 36],
            });
        };
        if cards == 0 {
            continue;
        }
        match residuals
            .iter()
            .find(|r| r.loc == f.loc && r.cards == cards)
        {
            Some(r) if r.need != need => {
                return Planned::Done(Counts {
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

    // Facts implied by two at one place, one inside the other: the cards of the larger
    // outside the smaller. They only prune states (see `Step::later`); classes need not
    // split by them, since membership follows from the two.
    let mut implied: Vec<Residual> = Vec::new();
    for a in &residuals {
        for b in &residuals {
            if a.loc == b.loc && a.cards != b.cards && a.cards & !b.cards == 0 && b.need >= a.need {
                implied.push(Residual {
                    loc: a.loc,
                    cards: b.cards & !a.cards,
                    need: b.need - a.need,
                });
            }
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

    // Order: the one that keeps the work smallest, by an estimate: at each step, the
    // number of states (ways to leave the open cards among the groups, by count only)
    // times the number of ways to fill the location. The grouping depends only on the
    // places still to come, so the best order is found over subsets of places.
    let all: u8 = classes.iter().fold(0, |m, c| m | c.0);
    let room: Vec<usize> = (0..locs)
        .map(|l| {
            let placed = (0..36).filter(|&k| d.places[k] == 1 << l).count();
            view.sizes[l].saturating_sub(placed)
        })
        .collect();
    // Ways to put `total` cards into bins of the given sizes.
    let spread = |caps: &[usize], total: usize| -> f64 {
        let mut ways = vec![0f64; total + 1];
        ways[0] = 1.0;
        for &cap in caps {
            let mut next = vec![0f64; total + 1];
            for (have, &w) in ways.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                for add in 0..=cap.min(total - have) {
                    next[have + add] += w;
                }
            }
            ways = next;
        }
        ways[total]
    };
    // The most cards of each class a place can take: its facts there bound it.
    let most: Vec<Vec<usize>> = classes
        .iter()
        .map(|(places, member, cards)| {
            (0..locs)
                .map(|l| {
                    if places >> l & 1 == 0 {
                        return 0;
                    }
                    residuals
                        .iter()
                        .zip(member)
                        .filter(|(r, &m)| m && r.loc == l)
                        .map(|(r, _)| r.need)
                        .fold(cards.len().min(room[l]), usize::min)
                })
                .collect()
        })
        .collect();
    let subsets = 1usize << locs;
    let mut best = vec![(f64::INFINITY, 0usize); subsets];
    best[0] = (0.0, 0);
    for future in 1..subsets {
        if future as u8 & !all != 0 {
            continue;
        }
        let g = group_of(future as u8);
        let n = g.iter().max().map_or(0, |m| m + 1);
        // Each group's cards still open: at most those with a place to come, at least those
        // the facts at the places already filled could not have taken.
        let (mut lo, mut hi) = (vec![0usize; n], vec![0usize; n]);
        for (c, &gi) in g.iter().enumerate() {
            let size = classes[c].2.len();
            let taken: usize = (0..locs)
                .filter(|l| future >> l & 1 == 0)
                .map(|l| most[c][l])
                .sum();
            lo[gi] += size.saturating_sub(taken);
            if classes[c].0 & future as u8 != 0 {
                hi[gi] += size;
            }
        }
        let left: usize = (0..locs)
            .filter(|l| future >> l & 1 == 1)
            .map(|l| room[l])
            .sum();
        let floor: usize = lo.iter().sum();
        if lo.iter().zip(&hi).any(|(a, b)| a > b) || floor > left {
            continue;
        }
        let span: Vec<usize> = lo.iter().zip(&hi).map(|(a, b)| b - a).collect();
        let states = spread(&span, left - floor);
        for l in (0..locs).filter(|l| future >> l & 1 == 1) {
            let mut movable = vec![0usize; n];
            for (c, &gi) in g.iter().enumerate() {
                movable[gi] += most[c][l];
            }
            let cost = states * spread(&movable, room[l]) + best[future & !(1 << l)].0;
            if cost < best[future].0 {
                best[future] = (cost, l);
            }
        }
    }
    let mut order: Vec<usize> = Vec::new();
    let mut future = all as usize;
    while future != 0 {
        let l = best[future].1;
        order.push(l);
        future &= !(1 << l);
    }

    // The steps, and each class's group at each step.
    let group_sizes = |g: &[usize], future: u8| -> Vec<u8> {
        let n = g.iter().max().map_or(0, |m| m + 1);
        let mut cap = vec![0u8; n];
        for (c, &gi) in g.iter().enumerate() {
            if classes[c].0 & future != 0 {
                cap[gi] += classes[c].2.len() as u8;
            }
        }
        cap
    };
    let radices = |cap: &[u8]| -> Vec<u64> {
        let mut r = Vec::with_capacity(cap.len());
        let mut place = 1u64;
        for &c in cap {
            r.push(place);
            place *= c as u64 + 1;
        }
        r
    };
    let mut steps = Vec::new();
    let mut class_group: Vec<Vec<usize>> = Vec::new();
    let mut future = all;
    for &loc in &order {
        let g = group_of(future);
        let cap = group_sizes(&g, future);
        let n = cap.len();
        let after = future & !(1 << loc);
        let g_next = group_of(after);
        let radix_after = radices(&group_sizes(&g_next, after));
        let mut here = vec![(false, false); n];
        let mut next = vec![None; n];
        let mut next_radix = vec![0u64; n];
        for (c, &gi) in g.iter().enumerate() {
            let places = classes[c].0 & future;
            here[gi] = (places >> loc & 1 == 1, places == 1 << loc);
            if places & after != 0 {
                next[gi] = Some(g_next[c]);
                next_radix[gi] = radix_after[g_next[c]];
            }
        }
        let facts: Vec<(u64, usize)> = residuals
            .iter()
            .enumerate()
            .filter(|(_, r)| r.loc == loc)
            .map(|(ri, r)| {
                let members = g
                    .iter()
                    .enumerate()
                    .filter(|(c, _)| classes[*c].1[ri])
                    .fold(0u64, |m, (_, &gi)| m | 1 << gi);
                (members, r.need)
            })
            .collect();
        // What the facts at later places ask of this step's groups.
        let later: Vec<Later> = residuals
            .iter()
            .chain(&implied)
            .filter(|r| r.loc != loc && future >> r.loc & 1 == 1)
            .map(|r| {
                let mut may = 0u64;
                let mut must = 0u64;
                for (c, &gi) in g.iter().enumerate() {
                    let k = classes[c].2[0];
                    if r.cards >> k & 1 == 1 {
                        may |= 1 << gi;
                        if classes[c].0 & future == 1 << r.loc {
                            must |= 1 << gi;
                        }
                    }
                }
                Later {
                    may,
                    must,
                    need: r.need,
                }
            })
            .collect();
        // Groups under the most facts first, so a dead end shows early; groups only the size
        // of the location counts last, where every choice leads somewhere.
        let mut decide: Vec<usize> = (0..n).filter(|&gi| here[gi].0).collect();
        decide.sort_by_key(|&gi| {
            let under = facts.iter().filter(|(m, _)| m >> gi & 1 == 1).count();
            (std::cmp::Reverse(under), gi)
        });
        let facts_of = (0..n)
            .map(|gi| {
                (0..facts.len())
                    .filter(|&f| facts[f].0 >> gi & 1 == 1)
                    .collect()
            })
            .collect();
        steps.push(Step {
            loc,
            here,
            decide,
            facts_of,
            facts,
            next,
            radix: radices(&cap),
            cap,
            next_radix,
            later,
        });
        class_group.push(g);
        future = after;
    }

    let start = steps[0].pack(&steps[0].cap);
    Planned::Steps(Plan {
        steps,
        class_group,
        classes: classes.into_iter().map(|c| c.2).collect(),
        locs,
        start,
        at,
    })
}

/// The first way of counting: from each state, every choice at once (see `choices`).
fn walk(plan: &Plan, budget: u64, tuning: Tuning) -> Result<(u128, Vec<[u128; 8]>), CountError> {
    let (steps, class_group, start) = (&plan.steps, &plan.class_group, plan.start);
    let binom = Binomials::new();
    let mut work = 0u64;

    // Pass 1: from each reachable state, the number of ways to finish (memoised by step).
    let (deals, ways) = pass_one(start, steps, &binom, &mut work, budget, tuning.shared_start)?;
    if deals == 0 {
        return Ok((0, Vec::new()));
    }

    // In pass 2 every number is at most 36² times the number of deals (each way of
    // reaching a state leads to at least one deal), so below these bounds plain arithmetic
    // cannot overflow; most views fit in 64 bits, which halves pass 2's multiplications.
    let here_count = if tuning.narrow && deals <= u64::MAX as u128 / 1296 {
        forward::<u64>(
            steps,
            &ways,
            class_group,
            start,
            &binom,
            &mut work,
            tuning.shared_step,
        )?
    } else if deals <= 1 << 100 {
        forward::<u128>(
            steps,
            &ways,
            class_group,
            start,
            &binom,
            &mut work,
            tuning.shared_step,
        )?
    } else {
        return Err(CountError::Overflow);
    };
    Ok((deals, here_count))
}

/// Pass 2 in numbers of type `T`: each class's count at each location, summed over deals.
fn forward<T: Number>(
    steps: &[Step],
    ways: &[States],
    class_group: &[Vec<usize>],
    start: u64,
    binom: &Binomials,
    work: &mut u64,
    shared_step: usize,
) -> Result<Vec<[u128; 8]>, CountError> {
    // Pass 2, forward. For each state: the number of ways to reach it, and for each class
    // whose group also holds other classes, how many of its cards are still unplaced summed
    // over those ways ("pool"). A class alone in its group needs no pool: it is the reach
    // times the group's count. A group's unplaced cards are alike from here on, so a choice
    // sends each of them to this location with the same chance, x/n; that gives every
    // class's count at the location without dividing until the end.
    let tracked = pools(class_group);
    let slots = |i: usize| tracked.get(i).map_or(0, |t| t.iter().flatten().count());
    let nclasses = class_group.first().map_or(0, |g| g.len());
    let mut here_count = vec![[T::default(); 8]; nclasses];
    // Every state pass 1 found is reached from the start, so pass 2's layers are indexed
    // like pass 1's states: one lookup finds a state's ways to finish and its slot.
    let mut layer = Layer::<T>::new(ways[0].len(), slots(0));
    layer.reach[ways[0].index[&start] as usize] = T::of(1);
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        // Classes with a pool at the next step, by their group here: (slot there, slot here).
        let mut carry: Vec<(usize, Vec<Carry>)> = Vec::new();
        if !last {
            for c in 0..nclasses {
                let g = class_group[i][c];
                let Some(to) = tracked[i + 1][c] else {
                    continue;
                };
                if step.next[g].is_none() {
                    continue;
                }
                match carry.iter_mut().find(|(h, _)| *h == g) {
                    Some((_, m)) => m.push((to, tracked[i][c])),
                    None => carry.push((g, vec![(to, tracked[i][c])])),
                }
            }
        }
        let groups = step.cap.len();
        let after = &ways[i + 1];
        let live = Live::of(after);
        let stride = groups + 1;
        // One share of the step's states: those with index `which` modulo `shares`.
        let share = |which: usize, shares: usize| {
            let mut next_layer =
                Layer::<T>::new(if last { 0 } else { ways[i + 1].len() }, slots(i + 1));
            let mut here_count = vec![[T::default(); 8]; nclasses];
            let mut work = 0u64;
            let mut sums = Sums {
                slot: vec![u32::MAX; ways[i + 1].len()],
                touched: Vec::new(),
                acc: Vec::new(),
            };
            let mut state = [0u8; 36];
            let mut totals = [T::default(); 36];
            let mut leaves: Vec<Leaf> = Vec::new();
            let mut picks: Vec<(u8, u8)> = Vec::new();
            for (u, &key) in ways[i].keys.iter().enumerate() {
                if u % shares != which || ways[i].ways[u] == 0 {
                    continue;
                }
                step.unpack(key, &mut state);
                let reach = layer.reach[u];
                let pools = &layer.pools[u * layer.stride..(u + 1) * layer.stride];
                // Choices that lead to the same next state are summed first: per next state, the
                // ways to choose (A) and, per group, the ways weighted by how many go here (B).
                // The choices are listed first and their next states looked up after, in a
                // tight loop: the lookups are independent, so their cache misses overlap.
                leaves.clear();
                picks.clear();
                choices(
                    step,
                    &state[..groups],
                    binom,
                    &mut work,
                    u64::MAX,
                    &mut |x, set, to, w| {
                        leaves.push(Leaf {
                            to,
                            w,
                            t: 0,
                            from: picks.len() as u32,
                        });
                        picks.extend(set.iter().map(|&g| (g as u8, x[g])));
                    },
                )?;
                for leaf in leaves.iter_mut() {
                    leaf.t = if live.may_hold(leaf.to) {
                        after.index.get(&leaf.to).copied().unwrap_or(u32::MAX)
                    } else {
                        u32::MAX
                    };
                }
                let ends = leaves
                    .iter()
                    .skip(1)
                    .map(|l| l.from)
                    .chain([picks.len() as u32]);
                for (leaf, end) in leaves.iter().zip(ends) {
                    let t = leaf.t;
                    if t == u32::MAX || after.ways[t as usize] == 0 {
                        continue;
                    }
                    let s = match sums.slot[t as usize] {
                        u32::MAX => {
                            let s = sums.touched.len();
                            sums.slot[t as usize] = s as u32;
                            sums.touched.push(t);
                            if sums.acc.len() < (s + 1) * stride {
                                sums.acc.resize((s + 1) * stride, T::default());
                            }
                            s
                        }
                        s => s as usize,
                    };
                    let acc = &mut sums.acc[s * stride..(s + 1) * stride];
                    let w = leaf.w as u128;
                    acc[0] += T::of(w);
                    for &(g, x) in &picks[leaf.from as usize..end as usize] {
                        acc[1 + g as usize] += T::of(w * x as u128);
                    }
                }
                totals[..groups].fill(T::default());
                for (s, &t) in sums.touched.iter().enumerate() {
                    let t = t as usize;
                    sums.slot[t] = u32::MAX;
                    let acc = &mut sums.acc[s * stride..(s + 1) * stride];
                    let b = T::of(after.ways[t]);
                    for g in 0..groups {
                        totals[g] += b * acc[1 + g];
                    }
                    if !last {
                        let a = acc[0];
                        next_layer.reach[t] += reach * a;
                        for (g, members) in &carry {
                            let n = state[*g];
                            if n == 0 {
                                continue;
                            }
                            // The ways in which a given card of the group stays unplaced: summed
                            // over choices, w·(n − x)/n per way of reaching this state (tracked),
                            // or w·(n − x) per card left (alone in its group).
                            let left = T::of(n as u128) * a - acc[1 + *g];
                            let tracked = left.exact_div(n, binom);
                            let alone = left * reach;
                            let to = &mut next_layer.pools[t * next_layer.stride..];
                            for &(slot_to, slot_here) in members {
                                to[slot_to] += match slot_here {
                                    Some(s) => pools[s] * tracked,
                                    None => alone,
                                };
                            }
                        }
                    }
                    acc.fill(T::default());
                }
                sums.touched.clear();
                for c in 0..nclasses {
                    let g = class_group[i][c];
                    if totals[g] == T::default() {
                        continue;
                    }
                    here_count[c][step.loc] += match tracked[i][c] {
                        Some(s) => pools[s] * totals[g] / T::of(state[g] as u128),
                        None => reach * totals[g],
                    };
                }
            }
            Ok::<_, CountError>((next_layer, here_count, work))
        };
        // A large step is shared between two threads, each with its own sums; the shares
        // add up after.
        let live_states = ways[i].ways.iter().filter(|&&w| w != 0).count();
        let parts: Vec<(Layer<T>, Vec<[T; 8]>, u64)> = if live_states >= shared_step {
            std::thread::scope(|scope| {
                let other = scope.spawn(|| share(1, 2));
                let mine = share(0, 2);
                Ok::<_, CountError>(vec![mine?, other.join().expect("pass 2 share")?])
            })?
        } else {
            vec![share(0, 1)?]
        };
        let mut parts = parts.into_iter();
        let (mut next_layer, part_count, part_work) = parts.next().expect("one share");
        let mut add = |counts: Vec<[T; 8]>, w: u64| {
            for (h, p) in here_count.iter_mut().zip(counts) {
                for l in 0..8 {
                    h[l] += p[l];
                }
            }
            *work += w;
        };
        add(part_count, part_work);
        for (other, counts, w) in parts {
            for (a, b) in next_layer.reach.iter_mut().zip(other.reach) {
                *a += b;
            }
            for (a, b) in next_layer.pools.iter_mut().zip(other.pools) {
                *a += b;
            }
            add(counts, w);
        }
        layer = next_layer;
    }
    Ok(here_count.iter().map(|h| h.map(|v| v.wide())).collect())
}

/// For each step, each class's pool slot: classes alone in their group need none (their
/// unplaced cards are the group's), the others one each, in class order.
fn pools(class_group: &[Vec<usize>]) -> Vec<Vec<Option<usize>>> {
    class_group
        .iter()
        .map(|g| {
            let mut members = vec![0usize; g.iter().max().map_or(0, |m| m + 1)];
            for &gi in g {
                members[gi] += 1;
            }
            let mut slot = 0;
            g.iter()
                .map(|&gi| {
                    (members[gi] > 1).then(|| {
                        slot += 1;
                        slot - 1
                    })
                })
                .collect()
        })
        .collect()
}

/// The whole numbers pass 2 runs in: u64 when the deals are few enough, else u128.
trait Number:
    Send
    + Sync
    + Copy
    + Default
    + Eq
    + std::ops::Add<Output = Self>
    + std::ops::AddAssign
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    /// A value known to fit.
    fn of(v: u128) -> Self;
    fn wide(self) -> u128;
    /// `self / n` for a multiple of n, 1 ≤ n ≤ 36.
    fn exact_div(self, n: u8, binom: &Binomials) -> Self;
}

impl Number for u64 {
    fn of(v: u128) -> u64 {
        v as u64
    }
    fn wide(self) -> u128 {
        self as u128
    }
    fn exact_div(self, n: u8, binom: &Binomials) -> u64 {
        binom.divide(self, n, 1)
    }
}

impl Number for u128 {
    fn of(v: u128) -> u128 {
        v
    }
    fn wide(self) -> u128 {
        self
    }
    fn exact_div(self, n: u8, binom: &Binomials) -> u128 {
        binom.divide_wide(self, n)
    }
}

/// A choice from a state in pass 2: its next state's key and index there (u32::MAX when it
/// cannot finish), its weight, and where its groups' counts start in the list of picks.
struct Leaf {
    to: u64,
    w: u64,
    t: u32,
    from: u32,
}

/// A class's pool slot at the next step, and here when it has one.
type Carry = (usize, Option<usize>);

/// The states of one step in pass 1, in the order found, with their ways to finish.
#[derive(Default)]
struct States {
    index: HashMap<u64, u32>,
    keys: Vec<u64>,
    ways: Vec<u128>,
}

impl States {
    fn len(&self) -> usize {
        self.keys.len()
    }

    fn get(&self, key: u64) -> Option<u128> {
        self.index.get(&key).map(|&i| self.ways[i as usize])
    }

    fn insert(&mut self, key: u64, ways: u128) {
        self.index.insert(key, self.keys.len() as u32);
        self.keys.push(key);
        self.ways.push(ways);
    }
}

/// The states of a step that can finish, as a small bit filter: most choices in a hard view
/// lead to states that cannot, and the filter, unlike the whole table, stays in the cache.
/// A clear bit proves a state dead; a set bit asks the table.
struct Live {
    bits: Vec<u64>,
    shift: u32,
}

impl Live {
    fn of(states: &States) -> Live {
        let live = states.ways.iter().filter(|&&w| w != 0).count();
        // About 16 bits per live state: few dead states pass.
        let log = (live.max(1) * 16)
            .next_power_of_two()
            .trailing_zeros()
            .max(6);
        let mut bits = vec![0u64; 1 << (log - 6)];
        let shift = 64 - log;
        for (key, &w) in states.keys.iter().zip(&states.ways) {
            if w != 0 {
                let h = Live::hash(*key, shift);
                bits[h >> 6] |= 1 << (h & 63);
            }
        }
        Live { bits, shift }
    }

    fn hash(key: u64, shift: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize
    }

    fn may_hold(&self, key: u64) -> bool {
        let h = Live::hash(key, self.shift);
        self.bits[h >> 6] >> (h & 63) & 1 == 1
    }
}

/// Pass 2 at one step: for each of its states, the ways to reach it and its pools.
struct Layer<T> {
    reach: Vec<T>,
    stride: usize,
    pools: Vec<T>,
}

impl<T: Number> Layer<T> {
    fn new(states: usize, stride: usize) -> Layer<T> {
        Layer {
            reach: vec![T::default(); states],
            stride,
            pools: vec![T::default(); states * stride],
        }
    }
}

/// Pass 2's sums over the choices from one state, by next state (indexed like pass 1's).
struct Sums<T> {
    /// Each next state's slot in `acc`, or u32::MAX when no choice has reached it yet.
    slot: Vec<u32>,
    touched: Vec<u32>,
    acc: Vec<T>,
}

/// Pass 1 from the start. When the first place leaves many states, their ways to finish are
/// counted on two threads, each from its own run of them with its own memo (a state both
/// reach is counted by both), and the memos are then merged. Each thread may spend what is
/// left of the budget: the budget bounds the time a view takes.
fn pass_one(
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
        choices(
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

/// Every way to fill the step's location from the state: how many of each group go there
/// (and which groups send any), the packed state left for the next step, and the weight (the
/// number of ways to pick the actual cards). A weight is a product of binomials whose lower
/// parts add up to at most the cards left, so it is at most C(36, 18) < 2^64.
fn choices<F: FnMut(&[u8], &[usize], u64, u64)>(
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

#[cfg(test)]
mod tests {
    use super::Binomials;

    #[test]
    fn exact_division_by_every_binomial() {
        let b = Binomials::new();
        for n in 0..=36u8 {
            for k in 0..=n {
                for m in [1u64, 2, 3, 7, 64, 1000, 12345] {
                    let w = b.at(n, k) * m;
                    assert_eq!(b.divide(w, n, k), m, "C({n}, {k}) × {m}");
                }
            }
            if n > 0 {
                for m in [1u128, 5, 1 << 70, 3 << 100] {
                    assert_eq!(b.divide_wide(m * n as u128, n), m, "{n} × {m}");
                }
            }
        }
    }
}
