//! The daily case's day (UTC), as pages, letters and the service reckon it: the day a moment
//! falls in, and whether a day has ended (its decks and games may then be shown).

use chrono::{TimeZone, Utc};

/// The day (UTC) a moment falls in: `2026-11-26`.
pub fn day_of(epoch: i64) -> String {
    Utc.timestamp_opt(epoch, 0)
        .single()
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// Whether a day has ended (its games and decks may be shown).
pub fn ended(day: &str) -> bool {
    day < day_of(crate::clock::now()).as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_its_utc_date_and_only_days_before_today_have_ended() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(1_795_000_000), "2026-11-18");
        assert!(ended("2000-01-01"));
        assert!(!ended(&day_of(crate::clock::now())));
        assert!(!ended("2999-01-01"));
    }
}
