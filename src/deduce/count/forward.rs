//! Pass 2: forward from the start, the ways to reach each state and how many cards of each
//! class are still unplaced, which gives every class's count at every place.

use super::choices::choices;
use super::finish::States;
use super::numbers::{Binomials, Number};
use super::plan::Plan;
use super::CountError;

/// Pass 2 in numbers of type `T`: each class's count at each location, summed over deals.
pub(super) fn forward<T: Number>(
    plan: &Plan,
    ways: &[States],
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
    let (steps, class_group, start) = (&plan.steps[..], &plan.class_group[..], plan.start);
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
                choices::<true, _>(
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
