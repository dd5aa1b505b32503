//! Count-bound propagation: the certainties that follow from the facts one at a time, found
//! in microseconds, and the first check for a view no deal can satisfy.

use super::view::View;
use crate::games::deck::{Card, CardSet};

/// For each card, the locations it may still be in (bit `l` for location `l`), and for each
/// location fixed or ruled out, which fact decided it.
#[derive(Clone, Debug)]
pub struct Domains {
    pub places: [u8; 36],
    /// `why[card][loc]`: index of the fact that decided the cell, when one did.
    pub why: [[Option<u16>; 8]; 36],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The fact that could not be met, when one is to blame.
    pub fact: Option<usize>,
}

impl Domains {
    pub fn is_placed(&self, card: usize) -> bool {
        self.places[card].count_ones() == 1
    }

    /// Cards whose location is still open.
    pub fn open(&self) -> CardSet {
        Card::all().filter(|c| !self.is_placed(c.index())).collect()
    }
}

/// Applies every fact until nothing changes.
pub fn propagate(view: &View) -> Result<Domains, Contradiction> {
    let all: u8 = ((1u16 << view.locations.len()) - 1) as u8;
    let mut d = Domains {
        places: [all; 36],
        why: [[None; 8]; 36],
    };
    tighten(view, &mut d)?;
    Ok(d)
}

/// Applies the facts to domains already narrowed (by a guess in a search, say).
pub fn tighten(view: &View, d: &mut Domains) -> Result<(), Contradiction> {
    loop {
        let mut changed = false;
        for (i, f) in view.facts.iter().enumerate() {
            let bit = 1u8 << f.loc;
            let mut yes = 0;
            let mut maybe = CardSet::EMPTY;
            for c in f.set.iter() {
                let p = d.places[c.index()];
                if p == bit {
                    yes += 1;
                } else if p & bit != 0 {
                    maybe.insert(c);
                }
            }
            if yes > f.count || yes + maybe.len() < f.count {
                return Err(Contradiction { fact: Some(i) });
            }
            if maybe.is_empty() {
                continue;
            }
            let fill = yes + maybe.len() == f.count;
            let empty = yes == f.count;
            if !(fill || empty) {
                continue;
            }
            for c in maybe.iter() {
                let k = c.index();
                let before = d.places[k];
                d.places[k] = if fill { bit } else { before & !bit };
                for l in 0..8 {
                    if before >> l & 1 == 1 && d.places[k] >> l & 1 == 0 {
                        d.why[k][l] = Some(i as u16);
                    }
                }
                if fill {
                    d.why[k][f.loc] = Some(i as u16);
                }
                if d.places[k] == 0 {
                    return Err(Contradiction { fact: Some(i) });
                }
                if d.places[k].count_ones() == 1 && !fill {
                    // Ruled out everywhere else: the last place standing is certain.
                    let l = d.places[k].trailing_zeros() as usize;
                    d.why[k][l] = Some(i as u16);
                }
            }
            changed = true;
        }
        if !changed {
            return Ok(());
        }
    }
}
