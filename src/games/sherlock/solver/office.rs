//! The Office as the searching player's estimate reads it, small and copyable: for each number,
//! whether its set stands, how many numbers it holds, whether a letter is on top and which
//! letters it holds. Enough to say where a card may go (the engine's set rules, RULES-SHERLOCK
//! §2: a number on its own set when a letter is on top or no set stands, a letter on a set whose
//! top is a number and that does not hold it) without cloning a game.

use crate::games::sherlock::cards::Face;

/// Cards of each face in the 48: 8 of each number, 4 of each letter (faces by `index`).
pub const FULL: [u8; 8] = [8, 8, 8, 8, 4, 4, 4, 4];

/// The letters' indexes.
pub const LETTERS: [usize; 4] = [4, 5, 6, 7];

/// A face as an index: 0–3 for the numbers 1–4, 4–7 for the letters A–D.
pub fn index(face: Face) -> usize {
    match face {
        Face::Number(n) => n as usize - 1,
        Face::Letter(l) => 4 + (l as u8 - b'A') as usize,
    }
}

/// One number's set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slot {
    pub present: bool,
    pub numbers: u8,
    pub top_letter: bool,
    /// The letters it holds, a bit each (A the lowest).
    pub letters: u8,
}

/// The Office's four sets, by number, and its cards of each face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Office {
    pub sets: [Slot; 4],
    pub count: [u8; 8],
}

impl std::hash::Hash for Office {
    /// Packed in one word: each set's presence, numbers, top and letters (the counts follow
    /// from them).
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let word = self.sets.iter().fold(0u64, |w, s| {
            w << 16
                | u64::from(s.present) << 15
                | u64::from(s.top_letter) << 14
                | (s.numbers as u64) << 4
                | s.letters as u64
        });
        h.write_u64(word);
    }
}

impl Office {
    /// The sets (by index) a card of face `i` may go on.
    pub fn places(&self, i: usize) -> Vec<usize> {
        match i < 4 {
            true => {
                let s = self.sets[i];
                match !s.present || s.top_letter {
                    true => vec![i],
                    false => Vec::new(),
                }
            }
            false => (0..4)
                .filter(|n| {
                    let s = self.sets[*n];
                    s.present && !s.top_letter && s.letters & (1 << (i - 4)) == 0
                })
                .collect(),
        }
    }

    /// Puts a card of face `i` on set `n`.
    pub fn put(&mut self, i: usize, n: usize) {
        let s = &mut self.sets[n];
        s.present = true;
        match i < 4 {
            true => {
                s.numbers += 1;
                s.top_letter = false;
            }
            false => {
                s.letters |= 1 << (i - 4);
                s.top_letter = true;
            }
        }
        self.count[i] += 1;
    }

    /// The most Office plays (two at most) a hand of faces allows on sets that still want
    /// numbers, played one after the other.
    pub fn useful_plays(&self, hand: &[usize], wanted: &[bool; 4]) -> usize {
        let mut best = 0;
        for (a, &i) in hand.iter().enumerate() {
            if hand[..a].contains(&i) {
                continue;
            }
            for n in self.places(i) {
                let first = usize::from(wanted[n]);
                if first < best {
                    continue;
                }
                let mut after = *self;
                after.put(i, n);
                let second = (hand.iter().enumerate())
                    .filter(|(b, _)| *b != a)
                    .any(|(_, &j)| after.places(j).iter().any(|m| wanted[*m]));
                best = best.max(first + usize::from(second));
                if best == 2 {
                    return 2;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_goes_on_its_own_set_under_a_letter_and_a_letter_only_once_on_a_number() {
        let mut o = Office::default();
        assert_eq!(o.places(2), vec![2], "a 3 starts its set");
        assert!(o.places(4).is_empty(), "a letter never starts a set");
        o.put(2, 2);
        assert!(o.places(2).is_empty(), "no number on a number");
        assert_eq!(o.places(4), vec![2]);
        o.put(4, 2);
        assert_eq!(o.places(2), vec![2]);
        o.put(2, 2);
        assert!(o.places(4).is_empty(), "an A already in the set");
        assert_eq!(o.places(5), vec![2]);
        let wanted = [true, false, true, false];
        assert_eq!(o.useful_plays(&[5, 2, 0, 0], &wanted), 2, "B then 3");
        assert_eq!(
            o.useful_plays(&[1, 1, 1, 1], &wanted),
            0,
            "2s are not wanted"
        );
        assert_eq!(
            o.useful_plays(&[0, 3, 3, 3], &wanted),
            1,
            "a 1 starts its set"
        );
    }
}
