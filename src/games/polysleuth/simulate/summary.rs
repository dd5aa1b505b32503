//! What a simulation shows: win rates per level and per seat with 95 % confidence intervals,
//! game length, points, Private Eyes spent and questions answered; as a table or as JSON.

use serde::Serialize;

use super::{GameResult, Plan};
use crate::level::Level;

#[derive(Clone, Debug, Serialize)]
pub struct Rate {
    /// Seat-games counted.
    pub seats: u64,
    /// Wins, a tie counting as a share.
    pub wins: f64,
    pub rate: f64,
    /// Wilson's 95 % interval.
    pub low: f64,
    pub high: f64,
    pub points: f64,
    pub eyes_spent: f64,
    pub answered: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub games: u64,
    /// Games stopped at the round cap rather than ended.
    pub stopped: u64,
    pub rounds_mean: f64,
    pub rounds_min: u32,
    pub rounds_max: u32,
    pub by_level: Vec<(Level, Rate)>,
    pub by_seat: Vec<(usize, Rate)>,
}

/// Wilson's score interval at 95 % for `wins` out of `n`.
pub fn wilson(wins: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let n = n as f64;
    let z = 1.959964f64;
    let p = wins / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[derive(Default)]
struct Tally {
    seats: u64,
    wins: f64,
    points: f64,
    eyes: f64,
    answered: f64,
}

impl Tally {
    fn add(&mut self, g: &GameResult, s: usize) {
        self.seats += 1;
        if g.winners.contains(&s) {
            self.wins += 1.0 / g.winners.len() as f64;
        }
        self.points += g.points[s];
        self.eyes += g.eyes_spent[s] as f64;
        self.answered += g.answered[s] as f64;
    }

    fn rate(&self) -> Rate {
        let n = self.seats.max(1) as f64;
        let (low, high) = wilson(self.wins, self.seats);
        Rate {
            seats: self.seats,
            wins: self.wins,
            rate: self.wins / n,
            low,
            high,
            points: self.points / n,
            eyes_spent: self.eyes / n,
            answered: self.answered / n,
        }
    }
}

pub fn summarize(plan: &Plan, games: &[GameResult]) -> Summary {
    let mut levels: Vec<Level> = plan.seats.clone();
    levels.sort();
    levels.dedup();
    let mut by_level: Vec<Tally> = levels.iter().map(|_| Tally::default()).collect();
    let mut by_seat: Vec<Tally> = (0..plan.players).map(|_| Tally::default()).collect();
    for g in games {
        for (s, level) in g.levels.iter().enumerate() {
            let i = levels
                .iter()
                .position(|l| l == level)
                .expect("a planned level");
            by_level[i].add(g, s);
            by_seat[s].add(g, s);
        }
    }
    let rounds: Vec<u32> = games.iter().map(|g| g.rounds).collect();
    Summary {
        games: games.len() as u64,
        stopped: games.iter().filter(|g| !g.ended).count() as u64,
        rounds_mean: rounds.iter().sum::<u32>() as f64 / rounds.len().max(1) as f64,
        rounds_min: rounds.iter().copied().min().unwrap_or(0),
        rounds_max: rounds.iter().copied().max().unwrap_or(0),
        by_level: levels
            .into_iter()
            .zip(by_level.iter().map(Tally::rate))
            .collect(),
        by_seat: by_seat
            .iter()
            .map(Tally::rate)
            .enumerate()
            .map(|(s, r)| (s + 1, r))
            .collect(),
    }
}

fn pc(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn row(name: &str, r: &Rate) -> String {
    format!(
        "| {name} | {} | {} | {}–{} | {:.1} | {:.1} | {:.1} |",
        r.seats,
        pc(r.rate),
        pc(r.low),
        pc(r.high),
        r.points,
        r.eyes_spent,
        r.answered
    )
}

/// The summary as Markdown tables, for a terminal or a README.
pub fn table(plan: &Plan, s: &Summary) -> String {
    let head = "| seat-games | wins | 95% interval | points | eyes spent | questions answered |";
    let rule = "|---|---|---|---|---|---|---|";
    let mut out = format!(
        "{} games of {} players ({}), seed {}: {:.1} rounds on average ({}–{}){}\n\n",
        s.games,
        plan.players,
        plan.seats
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", "),
        plan.seed,
        s.rounds_mean,
        s.rounds_min,
        s.rounds_max,
        if s.stopped > 0 {
            format!(", {} stopped at the round cap", s.stopped)
        } else {
            String::new()
        }
    );
    out += &format!("| level {head}\n{rule}\n");
    for (level, r) in &s.by_level {
        out += &row(level.name(), r);
        out.push('\n');
    }
    out += &format!("\n| seat {head}\n{rule}\n");
    for (seat, r) in &s.by_seat {
        out += &row(&seat.to_string(), r);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_holds_the_rate_and_narrows_with_more_games() {
        let (lo, hi) = wilson(25.0, 100);
        assert!(lo < 0.25 && 0.25 < hi);
        let (lo2, hi2) = wilson(250.0, 1000);
        assert!(hi2 - lo2 < hi - lo);
        assert!(
            (lo - 0.175).abs() < 0.01 && (hi - 0.343).abs() < 0.01,
            "{lo} {hi}"
        );
    }
}
