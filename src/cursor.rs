//! Where a scheduled pass over games goes on from: each pass reads a bounded page of games
//! (by id), and the next pass reads the page after it, so that a page full of games that
//! cannot act yet (too few players, a computer waiting its time) never hides the games after
//! it. One per kind of pass and instance; at the end of the ids it starts again at the first.

use std::sync::atomic::{AtomicI64, Ordering};

pub struct Cursor(AtomicI64);

impl Cursor {
    pub const fn new() -> Cursor {
        Cursor(AtomicI64::new(0))
    }

    /// The last game id the previous pass saw whole: this pass reads the ids after it.
    pub fn after(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }

    /// After a pass read `ids` (in order) of a page of at most `limit` rows: the next pass goes
    /// on after the last game seen whole (the last one may have had rows past the page, so it
    /// is read again), or from the first once the page was not full.
    pub fn advance(&self, ids: &[i64], limit: usize) {
        let next = match (ids.len() >= limit, ids.last()) {
            (true, Some(last)) => ids
                .iter()
                .rev()
                .find(|id| *id < last)
                .copied()
                .unwrap_or(*last - 1),
            _ => 0,
        };
        self.0.store(next, Ordering::Relaxed);
    }
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Cursor;

    #[test]
    fn a_full_page_goes_on_after_its_last_whole_game_and_a_short_one_starts_again() {
        let c = Cursor::new();
        c.advance(&[1, 2, 2, 5, 5], 5);
        assert_eq!(c.after(), 2, "game 5 may have more rows: it is read again");
        c.advance(&[5, 6, 7], 5);
        assert_eq!(
            c.after(),
            0,
            "the end: the next pass starts at the first game"
        );
        c.advance(&[9, 9, 9], 3);
        assert_eq!(c.after(), 8, "a page of one game: read from that game on");
    }
}
