//! Counting card by card over how full each place is: each card goes to the envelope (one
//! card of each kind it lacks) or to a hand allowed it, and the count keeps only how many
//! cards each place has, so it costs little however many players the view tells apart. The
//! "one of" facts are counted by inclusion–exclusion (the deals breaking a chosen set of them
//! are those where each such hand holds none of its set), and the deals whose envelope is a
//! banned set are taken away. Cheap while the "one of" facts are few.

use super::count::{Counts, OverBudget, Problem};

/// The places and their sizes, the same in every term.
struct Geometry {
    /// Per state, the places with room left (bit per place: the envelope's kinds, then hands).
    room: Vec<u16>,
    stride: Vec<usize>,
    /// The states by how many cards they have placed.
    by_placed: Vec<Vec<usize>>,
}

impl Geometry {
    fn new(caps: &[usize], cards: usize) -> Geometry {
        let mut stride = Vec::new();
        let states = caps.iter().fold(1, |n, c| {
            stride.push(n);
            n * (c + 1)
        });
        let mut room = vec![0u16; states];
        let mut by_placed = vec![Vec::new(); cards + 1];
        for (s, r) in room.iter_mut().enumerate() {
            let used: Vec<usize> = caps
                .iter()
                .zip(&stride)
                .map(|(c, st)| s / st % (c + 1))
                .collect();
            *r = used
                .iter()
                .zip(caps)
                .enumerate()
                .filter(|(_, (u, c))| u < c)
                .fold(0, |m, (j, _)| m | 1 << j);
            let placed: usize = used.iter().sum();
            if placed <= cards {
                by_placed[placed].push(s);
            }
        }
        Geometry {
            room,
            stride,
            by_placed,
        }
    }

    /// The deals where card `t` may go to the places `go[t]`, added `sign` times: the total,
    /// and per place per card. A state has placed as many cards as steps taken, so one array
    /// holds the ways to reach every state, another the ways on from it.
    fn add(&self, go: &[u16], sign: i128, total: &mut i128, marg: &mut [Vec<i128>]) {
        let (m, states) = (go.len(), self.room.len());
        let mut to = vec![0u64; states];
        to[0] = 1;
        for (t, &places) in go.iter().enumerate() {
            for &s in &self.by_placed[t] {
                let (v, mut places) = (to[s], places & self.room[s]);
                while v != 0 && places != 0 {
                    to[s + self.stride[places.trailing_zeros() as usize]] += v;
                    places &= places - 1;
                }
            }
        }
        *total += sign * to[states - 1] as i128;
        let mut on = vec![0u64; states];
        on[states - 1] = 1;
        for t in (0..m).rev() {
            for &s in &self.by_placed[t] {
                let mut places = go[t] & self.room[s];
                while to[s] != 0 && places != 0 {
                    let j = places.trailing_zeros() as usize;
                    let b = on[s + self.stride[j]];
                    on[s] += b;
                    marg[j][t] += sign * (to[s] as i128 * b as i128);
                    places &= places - 1;
                }
            }
        }
    }
}

/// How many terms (deals counted whole) the count takes.
pub fn terms(p: &Problem) -> u64 {
    // "At least two of" is not counted card by card: the count goes set by set.
    if p.hands.iter().any(|h| !h.two_of.is_empty()) {
        return u64::MAX;
    }
    let facts: usize = p.hands.iter().map(|h| h.one_of.len()).sum();
    (1u64 << facts.min(40)) * (1 + p.envelope.banned.len() as u64)
}

pub fn by_cards(p: &Problem, budget: u64) -> Result<Counts, OverBudget> {
    let m = p.cards.count_ones() as usize;
    let kinds = p.envelope.kinds.len();
    let mut caps = vec![1; kinds];
    caps.extend(p.hands.iter().map(|h| h.size as usize));
    let mut counts = Counts {
        total: 0,
        envelope: vec![0; 32],
        hands: vec![vec![0; 32]; p.hands.len()],
    };
    if caps.iter().sum::<usize>() != m {
        return Ok(counts);
    }
    let g = Geometry::new(&caps, m);
    if terms(p).saturating_mul(g.room.len() as u64 * caps.len() as u64) > budget {
        return Err(OverBudget);
    }
    let go: Vec<u16> = (0..m)
        .map(|t| {
            let env = p
                .envelope
                .kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| (*k & p.envelope.allowed) >> t & 1 == 1);
            let hands = p
                .hands
                .iter()
                .enumerate()
                .filter(|(_, h)| h.allowed >> t & 1 == 1);
            env.fold(0, |m, (k, _)| m | 1 << k) | hands.fold(0, |m, (j, _)| m | 1 << (kinds + j))
        })
        .collect();
    // Each set of "one of" facts, broken: those hands hold none of their sets.
    let facts: Vec<(usize, u32)> = p
        .hands
        .iter()
        .enumerate()
        .flat_map(|(j, h)| h.one_of.iter().map(move |d| (j, *d)))
        .collect();
    let mut terms: Vec<(Vec<u32>, i128)> = Vec::new();
    for chosen in 0..1u64 << facts.len() {
        let mut none = vec![0u32; p.hands.len()];
        for (_, (j, d)) in facts
            .iter()
            .enumerate()
            .filter(|(i, _)| chosen >> i & 1 == 1)
        {
            none[*j] |= d;
        }
        let sign = if chosen.count_ones() % 2 == 0 { 1 } else { -1 };
        match terms.iter_mut().find(|(n, _)| *n == none) {
            Some(t) => t.1 += sign,
            None => terms.push((none, sign)),
        }
    }
    let (mut total, mut marg) = (0i128, vec![vec![0i128; m]; caps.len()]);
    let lacking = p.envelope.kinds.iter().fold(0, |a, k| a | k);
    let mut bans = p.envelope.banned.clone();
    bans.sort();
    bans.dedup();
    for (none, sign) in terms.iter().filter(|t| t.1 != 0) {
        let go: Vec<u16> = go
            .iter()
            .enumerate()
            .map(|(t, &places)| {
                none.iter()
                    .enumerate()
                    .filter(|(_, n)| *n >> t & 1 == 1)
                    .fold(places, |pl, (j, _)| pl & !(1 << (kinds + j)))
            })
            .collect();
        g.add(&go, *sign, &mut total, &mut marg);
        for &banned in &bans {
            // The deals whose envelope is exactly the banned set.
            let env_only: Vec<u16> = go
                .iter()
                .enumerate()
                .map(|(t, &places)| match (banned >> t & 1, lacking >> t & 1) {
                    (1, _) => places & ((1 << kinds) - 1),
                    (_, 1) => places & !((1 << kinds) - 1),
                    _ => places,
                })
                .collect();
            g.add(&env_only, -sign, &mut total, &mut marg);
        }
    }
    let whole = |x: i128| u64::try_from(x).expect("inclusion–exclusion counts deals");
    counts.total = whole(total);
    for t in 0..m {
        counts.envelope[t] = whole((0..kinds).map(|k| marg[k][t]).sum());
        for (j, h) in counts.hands.iter_mut().enumerate() {
            h[t] = whole(marg[kinds + j][t]);
        }
    }
    Ok(counts)
}
