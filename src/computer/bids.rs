//! How many Private Eyes a question needs: a model of the other askers' demand, read from the
//! public answers (each shows the winning effective weight for its player).

use super::seat::Seat;

/// The effective weight that answered questions about `target` lately: the mean of the last
/// three winners, or half a round's income before anyone has asked.
pub fn usual_weight(seat: &Seat, target: usize) -> f64 {
    let recent: Vec<u64> = seat
        .wins
        .iter()
        .rev()
        .filter(|w| w.target == target && w.asker != seat.me)
        .take(3)
        .map(|w| w.weight)
        .collect();
    if recent.is_empty() {
        seat.settings.income as f64 / 2.0
    } else {
        recent.iter().sum::<u64>() as f64 / recent.len() as f64
    }
}

/// The weight an attentive rival might reach for `target` this round: the highest recent
/// winning weight, grown by the income since, but never more than the richest other asker
/// could bid.
pub fn rival_weight(seat: &Seat, target: usize) -> u64 {
    let markup = seat.settings.one_trait_markup as u64;
    let richest = seat
        .others()
        .filter(|&s| s != target)
        .map(|s| seat.eyes[s] as u64)
        .max()
        .unwrap_or(0);
    let recent = seat
        .wins
        .iter()
        .rev()
        .filter(|w| w.target == target && w.asker != seat.me && w.round + 2 >= seat.round)
        .map(|w| w.weight)
        .max()
        .unwrap_or(seat.settings.income as u64 / 2);
    let grown = recent + seat.settings.income as u64 / 4;
    grown.min(richest + markup)
}

/// The bid that reaches `weight` for a question of `traits` traits.
pub fn bid_for(seat: &Seat, traits: usize, weight: u64) -> u32 {
    let markup = if traits == 1 {
        seat.settings.one_trait_markup as u64
    } else {
        0
    };
    weight.saturating_sub(markup) as u32
}
