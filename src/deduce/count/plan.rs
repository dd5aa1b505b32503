//! Planning a count: the open cards' classes, the order of places (by an estimate of the work
//! over subsets of places), and for each place the step that fills it: its groups, its facts,
//! the facts still to come, and how its states are packed into one number.

use super::super::bounds::Domains;
use super::super::view::View;
use super::Counts;

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
pub(super) struct Step {
    pub(super) loc: usize,
    /// For each group: may go here, must all go here (no later place).
    pub(super) here: Vec<(bool, bool)>,
    /// Facts at this location: the groups each covers (a bit mask), with the count it needs.
    pub(super) facts: Vec<(u64, usize)>,
    /// The groups that may go here, in the order they are decided.
    pub(super) decide: Vec<usize>,
    /// Each fact's count here, as the walk reads it.
    pub(super) need: Vec<u8>,
    /// The facts here that cover each group, all groups' in one list: group g's are
    /// `fact_list[fact_range[g].0..fact_range[g].1]`.
    pub(super) fact_list: Vec<u16>,
    pub(super) fact_range: Vec<(u16, u16)>,
    /// Each group's index among the next step's groups, or None when it has no later place.
    pub(super) next: Vec<Option<usize>>,
    /// Each group's place value in a packed state, and its size (the largest digit).
    pub(super) radix: Vec<u64>,
    pub(super) cap: Vec<u8>,
    /// Each group's place value among the next step's states (0 when it has no later place).
    pub(super) next_radix: Vec<u64>,
    /// The facts at later places, to drop states that cannot meet them before walking on.
    pub(super) later: Vec<Later>,
}

/// A fact at a later place over one step's groups: the groups that may meet it, those that
/// can go nowhere else, and the count it needs.
pub(super) struct Later {
    pub(super) may: u64,
    pub(super) must: u64,
    pub(super) need: usize,
}

impl Step {
    pub(super) fn unpack(&self, mut key: u64, state: &mut [u8]) {
        for (g, s) in state.iter_mut().enumerate().take(self.cap.len()) {
            let base = self.cap[g] as u64 + 1;
            *s = (key % base) as u8;
            key /= base;
        }
    }

    /// Whether every later fact can still be met: enough cards may go there, and not more
    /// must go there than it holds.
    pub(super) fn may_finish(&self, state: &[u8]) -> bool {
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

    pub(super) fn pack(&self, state: &[u8]) -> u64 {
        state
            .iter()
            .zip(&self.radix)
            .map(|(&s, &r)| s as u64 * r)
            .sum()
    }
}

/// What counting needs, worked out from the view: the steps in their order, and each class's
/// cards and group at each step.
pub(super) struct Plan {
    pub(super) steps: Vec<Step>,
    pub(super) class_group: Vec<Vec<usize>>,
    pub(super) classes: Vec<Vec<usize>>,
    pub(super) locs: usize,
    pub(super) start: u64,
    pub(super) at: Vec<[u128; 8]>,
}

pub(super) enum Planned {
    /// The answer needs no counting: nothing open, or a fact that cannot hold.
    Done(Counts),
    Steps(Plan),
}

pub(super) fn plan(view: &View, d: &Domains) -> Planned {
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
        let mut fact_list: Vec<u16> = Vec::new();
        let fact_range = (0..n)
            .map(|gi| {
                let start = fact_list.len() as u16;
                fact_list.extend(
                    (0..facts.len() as u16).filter(|&f| facts[f as usize].0 >> gi & 1 == 1),
                );
                (start, fact_list.len() as u16)
            })
            .collect();
        let need = facts.iter().map(|&(_, need)| need as u8).collect();
        steps.push(Step {
            loc,
            here,
            decide,
            need,
            fact_list,
            fact_range,
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
