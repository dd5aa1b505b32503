//! Counting the deals a notebook's view allows, exactly, or sampling them beyond a budget.
//! The cards no rule has placed are numbered 0.. (bit i of a mask is card i); each place
//! takes a set of them: the envelope one of each kind it still lacks, each hand its size.
//! The count fills the places one after another over the set of cards used so far, forward
//! then back, so each card's count in each place comes from the same two passes; the number
//! of constraints only prunes it. Players the view tells nothing apart are filled as one.

use rand::rngs::ChaCha20Rng;

use crate::games::stream::below;

/// The cards to place and their places.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problem {
    /// Every card to place.
    pub cards: u32,
    pub envelope: Envelope,
    pub hands: Vec<Hand>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Envelope {
    /// Per kind the envelope still lacks, that kind's cards: it takes one of each.
    pub kinds: Vec<u32>,
    pub allowed: u32,
    /// Sets the envelope's cards are not (wrong accusations).
    pub banned: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pub size: u32,
    pub allowed: u32,
    /// Sets of which the hand holds at least one card each.
    pub one_of: Vec<u32>,
    /// Sets of which the hand holds at least two cards each (a refuter asked to choose,
    /// house rule `ask_refuter`).
    pub two_of: Vec<u32>,
}

/// How many deals (or accepted samples) there are, and put each card in each place.
#[derive(Clone, Debug, PartialEq)]
pub struct Counts {
    pub total: u64,
    pub envelope: Vec<u64>,
    pub hands: Vec<Vec<u64>>,
}

/// The sets of cards the places so far may have taken, each with its number of ways (a
/// card of each set; at most 2^18 sets, as the seat sees at least three cards).
struct Level {
    ways: Vec<u64>,
    sets: Vec<u32>,
}

impl Level {
    fn new(cards: u32) -> Level {
        Level {
            ways: vec![0; cards as usize + 1],
            sets: Vec::new(),
        }
    }

    fn add(&mut self, set: u32, n: u64) {
        let w = &mut self.ways[set as usize];
        if *w == 0 {
            self.sets.push(set);
        }
        *w += n;
    }
}

/// Counting would cost more work than the budget allows.
#[derive(Debug, PartialEq)]
pub struct OverBudget;

/// A place as the count fills it: the envelope, a hand, or several hands the view tells
/// nothing apart, filled as one (`weight` ways to split each set among them).
struct Slot {
    size: u32,
    allowed: u32,
    one_of: Vec<u32>,
    two_of: Vec<u32>,
    kinds: Vec<u32>,
    banned: Vec<u32>,
    weight: u64,
    /// The hands it fills; none for the envelope.
    members: Vec<usize>,
}

impl Slot {
    fn fits(&self, h: u32) -> bool {
        h & !self.allowed == 0
            && self.one_of.iter().all(|d| h & d != 0)
            && self.two_of.iter().all(|d| (h & d).count_ones() >= 2)
            && self.kinds.iter().all(|k| (h & k).count_ones() == 1)
            && !self.banned.contains(&h)
    }

    /// Every set it may take.
    fn sets(&self) -> Vec<u32> {
        let mut v = Vec::new();
        subsets(self.allowed, self.size, 0, &mut |h| {
            if self.fits(h) {
                v.push(h)
            }
        });
        v
    }
}

fn binom(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    (0..k as u64).fold(1, |acc, i| acc * (n as u64 - i) / (i + 1))
}

/// Calls `f` with every `k`-card subset of `mask`, each joined to `acc`.
fn subsets<F: FnMut(u32)>(mask: u32, k: u32, acc: u32, f: &mut F) {
    if k == 0 {
        return f(acc);
    }
    if mask.count_ones() < k {
        return;
    }
    let low = mask & mask.wrapping_neg();
    subsets(mask ^ low, k - 1, acc | low, f);
    subsets(mask ^ low, k, acc, f);
}

fn add(marg: &mut [u64], mut h: u32, n: u64) {
    while h != 0 {
        marg[h.trailing_zeros() as usize] += n;
        h &= h - 1;
    }
}

fn slots(p: &Problem) -> Vec<Slot> {
    let mut slots = Vec::new();
    if !p.envelope.kinds.is_empty() || !p.envelope.banned.is_empty() {
        slots.push(Slot {
            size: p.envelope.kinds.len() as u32,
            allowed: p.envelope.allowed,
            one_of: Vec::new(),
            two_of: Vec::new(),
            kinds: p.envelope.kinds.clone(),
            banned: p.envelope.banned.clone(),
            weight: 1,
            members: Vec::new(),
        });
    }
    for (i, h) in p.hands.iter().enumerate() {
        let alike = slots.iter_mut().find(|s: &&mut Slot| {
            h.one_of.is_empty()
                && h.two_of.is_empty()
                && s.one_of.is_empty()
                && s.two_of.is_empty()
                && !s.members.is_empty()
                && s.allowed == h.allowed
                && s.size / s.members.len() as u32 == h.size
        });
        match alike {
            Some(s) => {
                s.members.push(i);
                s.size += h.size;
                s.weight *= binom(s.size, h.size);
            }
            None => slots.push(Slot {
                size: h.size,
                allowed: h.allowed,
                one_of: h.one_of.clone(),
                two_of: h.two_of.clone(),
                kinds: Vec::new(),
                banned: Vec::new(),
                weight: 1,
                members: vec![i],
            }),
        }
    }
    slots
}

/// Calls `f` with every set `slot` may take once `used` is taken, leaving for the places
/// after it only cards one of them allows (`later`), by whichever walk is shorter: the
/// slot's sets, or the subsets of what is left.
fn each_set(
    slot: &Slot,
    sets: &[u32],
    (all, used, later): (u32, u32, u32),
    work: &mut u64,
    mut f: impl FnMut(u32),
) {
    let rem = all & !used;
    let must = rem & !later;
    if must & !slot.allowed != 0 || must.count_ones() > slot.size {
        return;
    }
    let free = rem & slot.allowed & !must;
    let need = slot.size - must.count_ones();
    if binom(free.count_ones(), need) < sets.len() as u64 {
        subsets(free, need, must, &mut |h| {
            *work += 1;
            if slot.fits(h) {
                f(h)
            }
        });
    } else {
        for &h in sets {
            *work += 1;
            if h & used == 0 && h & must == must {
                f(h)
            }
        }
    }
}

/// Every deal counted place by place over the sets of cards used (one unit of work per set
/// tried).
pub(super) fn by_sets(p: &Problem, budget: u64) -> Result<Counts, OverBudget> {
    let mut slots = slots(p);
    let mut counts = Counts {
        total: 0,
        envelope: vec![0; 32],
        hands: vec![vec![0; 32]; p.hands.len()],
    };
    if slots.is_empty() {
        counts.total = (p.cards == 0) as u64;
        return Ok(counts);
    }
    // The most constrained first; the last, its set forced, the one with the most sets.
    let mut sets: Vec<Vec<u32>> = slots.iter().map(Slot::sets).collect();
    let mut order: Vec<usize> = (0..slots.len()).collect();
    order.sort_by_key(|&i| sets[i].len());
    let mut taken: Vec<Option<(Slot, Vec<u32>)>> =
        slots.drain(..).zip(sets.drain(..)).map(Some).collect();
    let (slots, sets): (Vec<Slot>, Vec<Vec<u32>>) = order
        .iter()
        .map(|&i| taken[i].take().expect("once"))
        .unzip();
    let n = slots.len();
    let mut later = vec![0u32; n];
    for i in (0..n - 1).rev() {
        later[i] = later[i + 1] | slots[i + 1].allowed;
    }
    let mut work = 0u64;
    let mut levels = vec![Level::new(p.cards)];
    levels[0].add(0, 1);
    for i in 0..n - 1 {
        let mut next = Level::new(p.cards);
        let w = slots[i].weight;
        for &used in &levels[i].sets {
            let c = levels[i].ways[used as usize] * w;
            each_set(
                &slots[i],
                &sets[i],
                (p.cards, used, later[i]),
                &mut work,
                |h| next.add(used | h, c),
            );
            if work > budget {
                return Err(OverBudget);
            }
        }
        levels.push(next);
    }
    // Back from the last place, each level's ways to reach it then become its ways to end.
    let mut marg = vec![vec![0u64; 32]; n];
    let (
        last,
        Level {
            ways,
            sets: used_sets,
        },
    ) = (&slots[n - 1], &mut levels[n - 1]);
    for &used in used_sets.iter() {
        let (h, c) = (p.cards & !used, ways[used as usize]);
        let end = (h.count_ones() == last.size && last.fits(h)) as u64 * last.weight;
        ways[used as usize] = end;
        counts.total += c * end;
        add(&mut marg[n - 1], h, c * end);
    }
    for i in (0..n - 1).rev() {
        let (here, after) = levels.split_at_mut(i + 1);
        let (
            Level {
                ways,
                sets: used_sets,
            },
            back,
        ) = (&mut here[i], &after[0].ways);
        let w = slots[i].weight;
        for &used in used_sets.iter() {
            let (c, mut end) = (ways[used as usize], 0);
            each_set(
                &slots[i],
                &sets[i],
                (p.cards, used, later[i]),
                &mut work,
                |h| {
                    let v = back[(used | h) as usize] * w;
                    if v != 0 {
                        end += v;
                        add(&mut marg[i], h, c * v);
                    }
                },
            );
            ways[used as usize] = end;
        }
    }
    for (slot, m) in slots.iter().zip(marg) {
        if slot.members.is_empty() {
            counts.envelope.clone_from(&m);
        }
        for &j in &slot.members {
            // Hands told nothing apart share each card alike.
            counts.hands[j] = m.iter().map(|x| x / slot.members.len() as u64).collect();
        }
    }
    Ok(counts)
}

/// `proposals` deals drawn alike from those with the envelope's sets and the hands' sizes,
/// and the ones that fit the view kept: so the kept ones are drawn alike among the deals
/// that fit (each envelope leaves as many ways to deal the rest).
pub fn sample(p: &Problem, proposals: u64, rng: &mut ChaCha20Rng) -> Counts {
    let mut counts = Counts {
        total: 0,
        envelope: vec![0; 32],
        hands: vec![vec![0; 32]; p.hands.len()],
    };
    let envelopes = match slots(p).into_iter().find(|s| s.members.is_empty()) {
        Some(env) => env.sets(),
        None => vec![0],
    };
    if envelopes.is_empty() {
        return counts;
    }
    let mut rest: Vec<u32> = Vec::with_capacity(32);
    let mut dealt = vec![0u32; p.hands.len()];
    for _ in 0..proposals {
        let env = envelopes[below(rng, envelopes.len() as u64) as usize];
        rest.clear();
        rest.extend((0..32).filter(|b| (p.cards & !env) >> b & 1 == 1));
        for i in (1..rest.len()).rev() {
            rest.swap(i, below(rng, i as u64 + 1) as usize);
        }
        let mut cards = rest.iter();
        let fits = p.hands.iter().zip(dealt.iter_mut()).all(|(hand, d)| {
            *d = cards
                .by_ref()
                .take(hand.size as usize)
                .fold(0, |m, b| m | 1 << b);
            *d & !hand.allowed == 0
                && hand.one_of.iter().all(|o| *d & o != 0)
                && hand.two_of.iter().all(|o| (*d & o).count_ones() >= 2)
        });
        if fits {
            counts.total += 1;
            add(&mut counts.envelope, env, 1);
            for (m, &d) in counts.hands.iter_mut().zip(&dealt) {
                add(m, d, 1);
            }
        }
    }
    counts
}
