//! Sherlock Solitaire's computer players, pure, reading the game as its player sees it (the
//! table and the hand; never the deck's order). Both score a position by what the case needs
//! — a win first, then sets of each number grown in the Office (The Valley of Fear) or sets
//! completed and ready to complete (The Final Problem) — less the wounds.
//! - The **greedy** player takes the line that scores best at once, with no look-ahead.
//! - The **searching** player tries every order of the hand's plays and every choice to the
//!   turn's end, and takes the first line of the best sequence.
//!
//! `legal_lines` lists every line the engine accepts now, for the players, the page's buttons
//! and the tests.

use super::cards::Face;
use super::command::read;
use super::game::{Game, Outcome};
use super::setup::{deck, play_stream, Case, Settings};

/// Every line the engine accepts now: the waiting choice's options, else each card's plays
/// (`on N` named for every set a card may go on), and `complete N` where a set may be.
pub fn legal_lines(g: &Game) -> Vec<String> {
    if g.over() {
        return Vec::new();
    }
    if let Some(w) = &g.waiting {
        return w.options.iter().map(|c| c.line()).collect();
    }
    let mut lines = Vec::new();
    let mut seen: Vec<(Face, bool)> = Vec::new();
    for h in &g.hand {
        let f = h.card.face();
        if seen.contains(&(f, h.plus)) {
            continue;
        }
        seen.push((f, h.plus));
        let plus = if h.plus { "+" } else { "" };
        if h.plus || g.office_plays < 2 {
            for n in g.office_places(f) {
                lines.push(format!("{plus}{f} office on {n}"));
            }
        }
        if h.plus || g.scene_plays < 2 {
            lines.push(format!("{plus}{f} scene"));
        }
    }
    if g.settings.case == Case::FinalProblem {
        for s in g.office.iter().filter(|s| s.investigations() >= 4) {
            lines.push(format!("complete {}", s.number));
        }
    }
    lines
}

/// How good a position is for the case, seen from the table alone.
fn score(g: &Game) -> f64 {
    match g.outcome {
        Some(Outcome::Won) => return 1e9,
        Some(_) => return -1e9,
        None => {}
    }
    let mut s = -(g.wounds as f64) * 40.0;
    let need = g.settings.level as usize + 1;
    match g.settings.case {
        Case::ValleyOfFear => {
            for set in &g.office {
                s += 10.0 * set.investigations().min(need) as f64;
                // A letter on top lets the set's number follow.
                if set.cards.last().is_some_and(|c| !c.face().is_number()) {
                    s += 2.0;
                }
            }
        }
        Case::FinalProblem => {
            let mut covered: Vec<u8> = g.completed.clone();
            covered.sort();
            covered.dedup();
            s += 30.0 * covered.len() as f64 + 8.0 * g.completed.len() as f64;
            for set in &g.office {
                let fresh = !g.completed.contains(&set.number);
                s += (if fresh { 6.0 } else { 3.0 }) * set.investigations().min(4) as f64;
                if set.cards.last().is_some_and(|c| !c.face().is_number()) {
                    s += 2.0;
                }
            }
        }
    }
    // A lone card in the Crime Scene waits for its pair: a number's is welcome, a letter's not.
    for c in &g.scene {
        s += if c.face().is_number() { 1.0 } else { -3.0 };
    }
    s
}

/// The best score reachable from `g` by the end of this turn, lines tried in every order
/// (cards left in the hand count as the wound they will bring).
fn best_by_turn_end(g: &Game, depth: usize) -> f64 {
    let lines = legal_lines(g);
    if lines.is_empty() || depth == 0 || g.over() {
        let left = if g.hand.is_empty() || g.over() {
            0.0
        } else {
            40.0
        };
        return score(g) - left;
    }
    let mut best = f64::MIN;
    for line in lines {
        let mut copy = g.clone();
        let mut rng = crate::games::stream::stream("sherlock/search", 0, 0);
        let Ok(command) = read(&line) else { continue };
        if copy.play(&command, &mut rng).is_ok() {
            best = best.max(best_by_turn_end(&copy, depth - 1));
        }
    }
    best
}

/// The line the searching player sends next: the first of the best sequence of lines to the
/// turn's end, every order of the hand's plays and every choice tried on copies of the game
/// with no deck (what it would draw is not its to know). None when nothing can be played.
pub fn planned_line(g: &Game) -> Option<String> {
    let mut best: Option<(f64, String)> = None;
    for line in legal_lines(g) {
        let mut copy = g.clone();
        copy.deck.clear();
        let mut rng = crate::games::stream::stream("sherlock/search", 0, 0);
        if copy.play(&read(&line).ok()?, &mut rng).is_err() {
            continue;
        }
        let s = best_by_turn_end(&copy, 8);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, line));
        }
    }
    best.map(|(_, line)| line)
}

/// The line the greedy player sends next, or None when nothing can be played (the turn then
/// ends). Each line is tried on a copy of the game; draws and reshuffles in a copy use a
/// stream of its own, so nothing of the deck's order is read.
pub fn next_line(g: &Game) -> Option<String> {
    let mut best: Option<(f64, String)> = None;
    for line in legal_lines(g) {
        let mut copy = g.clone();
        // What the engine would draw is not the player's to know: a copy has no deck.
        copy.deck.clear();
        let mut rng = crate::games::stream::stream("sherlock/greedy", 0, 0);
        if copy.play(&read(&line).ok()?, &mut rng).is_err() {
            continue;
        }
        let s = score(&copy);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, line));
        }
    }
    best.map(|(_, line)| line)
}

/// A computer player: the line it sends next, or None when nothing can be played.
pub type Player = fn(&Game) -> Option<String>;

/// A whole game played by `player` from `seed`, its reshuffles from the stream of `salt`: the
/// game as it ended.
pub fn play_out(settings: &Settings, seed: u64, salt: &str, player: Player) -> Game {
    let mut rng = play_stream(salt, seed);
    let (mut g, _) = Game::new(settings.clone(), deck(seed), &mut rng);
    while !g.over() {
        match player(&g) {
            Some(line) => {
                let command = read(&line).expect("a player's lines read");
                g.play(&command, &mut rng)
                    .expect("a player's lines are legal");
            }
            None => {
                g.settle(&mut rng);
            }
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::setup::Detective;

    /// Plays game `seed` of a cell with the greedy player: its outcome and turns.
    fn play(settings: &Settings, seed: u64) -> (Outcome, u32) {
        play_with(settings, seed, next_line)
    }

    fn play_with(
        settings: &Settings,
        seed: u64,
        player: fn(&Game) -> Option<String>,
    ) -> (Outcome, u32) {
        let g = play_out(settings, seed, "greedy", player);
        (g.outcome.expect("the game ended"), g.turn)
    }

    #[test]
    fn the_greedy_player_finishes_every_game_of_every_cell_and_wins_some() {
        let (mut report, mut wins) = (Vec::new(), 0);
        for detectives in [
            vec![Detective::Holmes],
            vec![Detective::Watson],
            vec![Detective::Holmes, Detective::Watson],
        ] {
            for case in [Case::ValleyOfFear, Case::FinalProblem] {
                for level in 1..=3u8 {
                    let settings = Settings {
                        detectives: detectives.clone(),
                        case,
                        level,
                        ..Settings::default()
                    };
                    let games = 40;
                    let won = (0..games)
                        .filter(|seed| play(&settings, *seed).0 == Outcome::Won)
                        .count();
                    wins += won;
                    report.push(format!("{detectives:?} {case:?} {level}: {won}/{games}"));
                }
            }
        }
        println!("{}", report.join("\n"));
        assert_eq!(report.len(), 18);
        assert!(wins > 0, "the greedy player wins some games");
    }

    #[test]
    fn the_searching_player_wins_more_than_the_greedy_one() {
        let mut report = Vec::new();
        let (mut greedy, mut searching) = (0, 0);
        for case in [Case::ValleyOfFear, Case::FinalProblem] {
            for level in 1..=3u8 {
                let settings = Settings {
                    case,
                    level,
                    ..Settings::default()
                };
                let games = 12;
                let g = (0..games)
                    .filter(|s| play(&settings, *s).0 == Outcome::Won)
                    .count();
                let s = (0..games)
                    .filter(|seed| play_with(&settings, *seed, planned_line).0 == Outcome::Won)
                    .count();
                report.push(format!(
                    "{case:?} {level}: greedy {g}/{games}, searching {s}/{games}"
                ));
                greedy += g;
                searching += s;
            }
        }
        println!("{}", report.join("\n"));
        assert!(searching > greedy, "greedy {greedy}, searching {searching}");
    }
}
