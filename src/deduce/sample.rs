//! Beyond the counting budget: estimates from several Markov chains over the consistent deals,
//! and exact proofs for the cells no sample reached.
//!
//! A chain starts from a consistent deal found by a randomised search, then repeatedly
//! proposes to swap two open cards between their locations, or to rotate three; a proposal is
//! taken when the deal stays consistent. Proposals are symmetric, so every consistent deal the
//! chain can reach is equally likely in the long run.

use rand::rngs::ChaCha20Rng;

use super::bounds::{tighten, Domains};
use super::view::View;
use crate::rules::deal::{below, stream};

/// The estimate: for each card and location, the share of samples there and its standard
/// error across chains; and which cells were proved impossible.
#[derive(Clone, Debug)]
pub struct Estimate {
    pub p: Vec<[f64; 8]>,
    pub error: Vec<[f64; 8]>,
    pub impossible: Vec<[bool; 8]>,
    pub samples: u64,
}

#[derive(Clone, Debug)]
pub struct Plan {
    pub chains: u64,
    pub sweeps: u64,
    pub burn_in: u64,
    /// Search nodes allowed for each proof that a cell is impossible.
    pub proof_nodes: u64,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            chains: 4,
            sweeps: 2_500,
            burn_in: 200,
            proof_nodes: 20_000,
        }
    }
}

/// Facts that bear on open cards, kept per location as card masks with the memberships
/// a move must preserve.
struct Moves {
    open: Vec<usize>,
    masks: Vec<Vec<u64>>,
    places: [u8; 36],
}

impl Moves {
    fn new(view: &View, d: &Domains) -> Moves {
        let open: Vec<usize> = (0..36).filter(|&k| !d.is_placed(k)).collect();
        let open_bits: u64 = open.iter().map(|k| 1u64 << k).sum();
        let mut masks = vec![Vec::new(); view.locations.len()];
        for f in &view.facts {
            let m = f.set.bits() & open_bits;
            if m != 0 && m != open_bits && !masks[f.loc].contains(&m) {
                masks[f.loc].push(m);
            }
        }
        Moves {
            open,
            masks,
            places: d.places,
        }
    }

    /// Card `a` may take card `b`'s place at `loc` without changing any count there.
    fn alike_at(&self, loc: usize, a: usize, b: usize) -> bool {
        self.places[a] >> loc & 1 == 1
            && self.masks[loc]
                .iter()
                .all(|m| (m >> a & 1) == (m >> b & 1))
    }
}

/// A consistent deal, searched for at random: the location of every card, or None.
pub fn find_deal(
    view: &View,
    d: &Domains,
    rng: &mut ChaCha20Rng,
    nodes: &mut u64,
) -> Option<[u8; 36]> {
    if *nodes == 0 {
        return None;
    }
    *nodes -= 1;
    // The open card with the fewest places left.
    let Some(k) = (0..36)
        .filter(|&k| !d.is_placed(k))
        .min_by_key(|&k| d.places[k].count_ones())
    else {
        let mut deal = [0u8; 36];
        for (k, slot) in deal.iter_mut().enumerate() {
            *slot = d.places[k].trailing_zeros() as u8;
        }
        return Some(deal);
    };
    let mut locs: Vec<usize> = (0..8).filter(|l| d.places[k] >> l & 1 == 1).collect();
    for i in (1..locs.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        locs.swap(i, j);
    }
    for l in locs {
        let mut next = d.clone();
        next.places[k] = 1 << l;
        if tighten(view, &mut next).is_ok() {
            if let Some(deal) = find_deal(view, &next, rng, nodes) {
                return Some(deal);
            }
        }
        if *nodes == 0 {
            return None;
        }
    }
    None
}

/// A seed drawn from the view itself, so the same view always gives the same estimate.
fn seed_of(view: &View) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    mix(view.me as u64);
    for f in &view.facts {
        mix(f.loc as u64);
        mix(f.set.bits());
        mix(f.count as u64);
    }
    h
}

pub fn estimate(view: &View, d: &Domains, plan: &Plan) -> Option<Estimate> {
    let moves = Moves::new(view, d);
    let locs = view.locations.len();
    let seed = seed_of(view);
    let n = moves.open.len();
    let mut per_chain: Vec<Vec<[f64; 8]>> = Vec::new();
    for chain in 0..plan.chains {
        let mut rng = stream("deduce", seed, chain);
        let mut nodes = plan.proof_nodes;
        let mut deal = find_deal(view, d, &mut rng, &mut nodes)?;
        let mut tally = vec![[0u64; 8]; 36];
        for sweep in 0..plan.burn_in + plan.sweeps {
            for _ in 0..n.max(1) * 2 {
                step(&moves, &mut deal, &mut rng);
            }
            if sweep >= plan.burn_in {
                for (k, t) in tally.iter_mut().enumerate() {
                    t[deal[k] as usize] += 1;
                }
            }
        }
        per_chain.push(
            tally
                .iter()
                .map(|t| {
                    let mut p = [0.0; 8];
                    for l in 0..locs {
                        p[l] = t[l] as f64 / plan.sweeps as f64;
                    }
                    p
                })
                .collect(),
        );
    }
    let chains = per_chain.len() as f64;
    let mut p = vec![[0.0; 8]; 36];
    let mut error = vec![[0.0; 8]; 36];
    for k in 0..36 {
        for l in 0..locs {
            let mean = per_chain.iter().map(|c| c[k][l]).sum::<f64>() / chains;
            let var = per_chain
                .iter()
                .map(|c| (c[k][l] - mean).powi(2))
                .sum::<f64>()
                / (chains - 1.0).max(1.0);
            p[k][l] = mean;
            error[k][l] = (var / chains).sqrt();
        }
    }
    // A cell no sample reached is proved impossible when no consistent deal puts the card there.
    let mut impossible = vec![[false; 8]; 36];
    let mut rng = stream("deduce-proof", seed, 0);
    for k in 0..36 {
        for l in 0..locs {
            if d.places[k] >> l & 1 == 0 {
                impossible[k][l] = true;
            } else if p[k][l] == 0.0 && !d.is_placed(k) {
                let mut there = d.clone();
                there.places[k] = 1 << l;
                let mut nodes = plan.proof_nodes;
                let refuted = match tighten(view, &mut there) {
                    Err(_) => true,
                    Ok(()) => {
                        find_deal(view, &there, &mut rng, &mut nodes).is_none() && nodes > 0
                    }
                };
                impossible[k][l] = refuted;
            }
        }
    }
    Some(Estimate {
        p,
        error,
        impossible,
        samples: plan.chains * plan.sweeps,
    })
}

/// One proposal: swap two open cards, or rotate three, when every count stays the same.
fn step(moves: &Moves, deal: &mut [u8; 36], rng: &mut ChaCha20Rng) {
    let n = moves.open.len() as u64;
    if n < 2 {
        return;
    }
    let pick = |rng: &mut ChaCha20Rng| moves.open[below(rng, n) as usize];
    let a = pick(rng);
    let b = pick(rng);
    let (la, lb) = (deal[a] as usize, deal[b] as usize);
    if la == lb {
        return;
    }
    if below(rng, 2) == 0 {
        if moves.alike_at(la, b, a) && moves.alike_at(lb, a, b) {
            deal.swap(a, b);
        }
        return;
    }
    let c = pick(rng);
    let lc = deal[c] as usize;
    if lc == la || lc == lb {
        return;
    }
    // a goes to b's place, b to c's, c to a's.
    if moves.alike_at(lb, a, b) && moves.alike_at(lc, b, c) && moves.alike_at(la, c, a) {
        deal[a] = lb as u8;
        deal[b] = lc as u8;
        deal[c] = la as u8;
    }
}
