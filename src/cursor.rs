//! Where a scheduled pass over games goes on from: each pass reads a bounded page of games
//! (by id), and the next pass reads the page after it, so that a page full of games that
//! cannot act yet (too few players, a computer waiting its time) never hides the games after
//! it. Kept by each game master (one per service and database), per kind of pass; at the end
//! of the ids a pass starts again at the first.

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Cursors(Mutex<HashMap<&'static str, i64>>);

impl Cursors {
    /// The last game id the previous `pass` saw whole: this one reads the ids after it.
    pub fn after(&self, pass: &'static str) -> i64 {
        let kept = self.0.lock().expect("cursor lock");
        kept.get(pass).copied().unwrap_or(0)
    }

    /// After `pass` read `ids` (in order) of a page of at most `limit` rows: the next pass goes
    /// on after the last game seen whole (the last one may have had rows past the page, so it
    /// is read again), or from the first once the page was not full.
    pub fn advance(&self, pass: &'static str, ids: &[i64], limit: usize) {
        let next = match (ids.len() >= limit, ids.last()) {
            (true, Some(last)) => ids
                .iter()
                .rev()
                .find(|id| *id < last)
                .copied()
                .unwrap_or(*last - 1),
            _ => 0,
        };
        self.0.lock().expect("cursor lock").insert(pass, next);
    }
}

#[cfg(test)]
mod tests {
    use super::Cursors;

    #[test]
    fn a_full_page_goes_on_after_its_last_whole_game_and_a_short_one_starts_again() {
        let c = Cursors::default();
        c.advance("p", &[1, 2, 2, 5, 5], 5);
        assert_eq!(
            c.after("p"),
            2,
            "game 5 may have more rows: it is read again"
        );
        assert_eq!(c.after("q"), 0, "each kind of pass has its own place");
        c.advance("p", &[5, 6, 7], 5);
        assert_eq!(
            c.after("p"),
            0,
            "the end: the next pass starts at the first game"
        );
        c.advance("p", &[9, 9, 9], 3);
        assert_eq!(
            c.after("p"),
            8,
            "a page of one game: read from that game on"
        );
    }
}
