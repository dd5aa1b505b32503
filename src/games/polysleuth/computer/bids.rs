//! How many Private Eyes a question needs: a model of the other askers' demand, read from the
//! public answers (each shows the winning effective weight for its player).

use super::seat::Seat;

/// The effective weight that answered questions about `target` lately: the mean of the last
/// three winners, or half a round's income before anyone has asked.
pub fn usual_weight(seat: &Seat, target: usize) -> f64 {
    usual_weight_for(seat, seat.me, target)
}

/// The usual weight as `asker` sees it, leaving out its own answered questions.
fn usual_weight_for(seat: &Seat, asker: usize, target: usize) -> f64 {
    let recent: Vec<u64> = seat
        .wins
        .iter()
        .rev()
        .filter(|w| w.target == target && w.asker != asker)
        .take(3)
        .map(|w| w.weight)
        .collect();
    if recent.is_empty() {
        seat.settings.income as f64 / 2.0
    } else {
        recent.iter().sum::<u64>() as f64 / recent.len() as f64
    }
}

/// The weight the keenest rival is likely to reach for `target` this round: each other
/// player is taken to bid a little over what answered questions about `target` have usually
/// needed (as it sees them), and no more than its Private Eyes and the one-trait markup.
pub fn rival_weight(seat: &Seat, target: usize) -> u64 {
    let markup = seat.settings.one_trait_markup as u64;
    seat.others()
        .filter(|&s| s != target)
        .map(|s| {
            let usual = usual_weight_for(seat, s, target).ceil() as u64 + 1;
            usual.min(seat.eyes[s] as u64 + markup)
        })
        .max()
        .unwrap_or(0)
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
