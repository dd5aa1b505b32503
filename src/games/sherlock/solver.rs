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

use rand::rngs::ChaCha20Rng;

use super::cards::Face;
use super::command::{read, Area, Command};
use super::game::{Game, Outcome};
use super::setup::{deck, play_stream, Case, Settings};

/// Every command the engine accepts now: the waiting choice's options, else each card's plays
/// (`on N` named for every set a card may go on), and `complete N` where a set may be.
pub fn legal_commands(g: &Game) -> Vec<Command> {
    if g.over() {
        return Vec::new();
    }
    if let Some(w) = &g.waiting {
        return (w.options.iter())
            .map(|c| Command::Then {
                face: c.face,
                from: c.from,
                to: c.to,
            })
            .collect();
    }
    let mut commands = Vec::new();
    let mut seen: Vec<(Face, bool)> = Vec::new();
    for h in &g.hand {
        let face = h.card.face();
        if seen.contains(&(face, h.plus)) {
            continue;
        }
        seen.push((face, h.plus));
        if h.plus || g.office_plays < 2 {
            for n in g.office_places(face) {
                commands.push(Command::Play {
                    face,
                    plus: h.plus,
                    area: Area::Office,
                    on: Some(n),
                });
            }
        }
        if h.plus || g.scene_plays < 2 {
            commands.push(Command::Play {
                face,
                plus: h.plus,
                area: Area::Scene,
                on: None,
            });
        }
    }
    if g.settings.case == Case::FinalProblem {
        for s in g.office.iter().filter(|s| s.investigations() >= 4) {
            commands.push(Command::Complete(s.number));
        }
    }
    commands
}

/// Every line the engine accepts now, as `legal_commands` writes them.
pub fn legal_lines(g: &Game) -> Vec<String> {
    legal_commands(g).iter().map(|c| c.to_string()).collect()
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
/// (cards left in the hand count as the wound they will bring), with the lines that reach it,
/// last first.
fn best_by_turn_end(g: &Game, depth: usize, rng: &mut ChaCha20Rng) -> (f64, Vec<Command>) {
    let lines = legal_commands(g);
    if lines.is_empty() || depth == 0 || g.over() {
        let left = if g.hand.is_empty() || g.over() {
            0.0
        } else {
            40.0
        };
        return (score(g) - left, Vec::new());
    }
    let mut best = (f64::MIN, Vec::new());
    for command in lines {
        let mut copy = g.clone();
        if copy.play(&command, rng).is_ok() {
            let (s, mut path) = best_by_turn_end(&copy, depth - 1, rng);
            if s > best.0 {
                path.push(command);
                best = (s, path);
            }
        }
    }
    best
}

thread_local! {
    /// The rest of the searching player's best sequence for the turn under way: each line
    /// with the game it was planned from (no deck), so that it is played only from there.
    static PLAN: std::cell::RefCell<Vec<(Game, Command)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The line the searching player sends next: the first of the best sequence of lines to the
/// turn's end, every order of the hand's plays and every choice tried on copies of the game
/// with no deck (what it would draw is not its to know). The rest of the sequence is kept and
/// played while the game stands where it was planned to; a card drawn meanwhile (Holmes's
/// 4s) plans again. None when nothing can be played.
pub fn planned_line(g: &Game) -> Option<String> {
    let mut here = g.clone();
    here.deck.clear();
    let kept = PLAN.with(|p| {
        let mut p = p.borrow_mut();
        match p.last() {
            Some((at, _)) if *at == here => p.pop().map(|(_, c)| c.to_string()),
            _ => None,
        }
    });
    if kept.is_some() {
        return kept;
    }
    let mut rng = crate::games::stream::stream("sherlock/search", 0, 0);
    let (stay, path) = best_by_turn_end(&here, 9, &mut rng);
    if g.may_redraw() && redraw_worth(&here, stay, &mut rng) {
        PLAN.with(|p| p.borrow_mut().clear());
        return Some(Command::Redraw.to_string());
    }
    // The path, last line first: each line with the game it is played from.
    let mut steps: Vec<(Game, Command)> = Vec::new();
    let mut at = here;
    for command in path.iter().rev() {
        let mut next = at.clone();
        if next.play(command, &mut rng).is_err() {
            break;
        }
        next.deck.clear();
        steps.push((at, command.clone()));
        at = next;
    }
    let first = (!steps.is_empty()).then(|| steps.remove(0).1.to_string());
    steps.reverse();
    PLAN.with(|p| *p.borrow_mut() = steps);
    first
}

/// How many hands a redraw is tried with.
const REDRAW_SAMPLES: usize = 4;

/// Whether redrawing is expected to end the turn better than playing the hand: the turn is
/// searched with hands drawn from the cards the player has not seen (never the deck's order:
/// every unseen card is as likely), and their mean compared with the hand's best.
fn redraw_worth(here: &Game, stay: f64, rng: &mut ChaCha20Rng) -> bool {
    let mut seen: Vec<super::cards::Card> = (here.office.iter())
        .flat_map(|s| s.cards.iter().copied())
        .chain(here.scene.iter().copied())
        .chain(here.discard.iter().copied())
        .chain(here.hand.iter().map(|h| h.card))
        .collect();
    seen.sort();
    let unseen: Vec<super::cards::Card> = super::cards::Card::all()
        .filter(|c| seen.binary_search(c).is_err())
        .collect();
    if unseen.len() < 4 {
        return false;
    }
    let mut total = 0.0;
    for _ in 0..REDRAW_SAMPLES {
        let mut copy = here.clone();
        let mut deck = unseen.clone();
        super::setup::shuffle(&mut deck, rng);
        copy.deck = deck;
        if copy.play(&Command::Redraw, rng).is_err() {
            return false;
        }
        copy.deck.clear();
        total += best_by_turn_end(&copy, 9, rng).0;
    }
    total / REDRAW_SAMPLES as f64 > stay
}

/// The line the greedy player sends next, or None when nothing can be played (the turn then
/// ends). Each line is tried on a copy of the game; draws and reshuffles in a copy use a
/// stream of its own, so nothing of the deck's order is read.
pub fn next_line(g: &Game) -> Option<String> {
    let mut best: Option<(f64, Command)> = None;
    let mut rng = crate::games::stream::stream("sherlock/greedy", 0, 0);
    for command in legal_commands(g) {
        let mut copy = g.clone();
        // What the engine would draw is not the player's to know: a copy has no deck.
        copy.deck.clear();
        if copy.play(&command, &mut rng).is_err() {
            continue;
        }
        let s = score(&copy);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, command));
        }
    }
    best.map(|(_, c)| c.to_string())
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
    fn every_legal_command_is_written_as_a_line_that_reads_back_to_it() {
        let mut checked = 0;
        for seed in 0..30 {
            let settings = Settings {
                case: if seed % 2 == 0 {
                    Case::FinalProblem
                } else {
                    Case::ValleyOfFear
                },
                detectives: vec![Detective::Holmes, Detective::Watson],
                ..Settings::default()
            };
            let mut rng = play_stream("lines", seed);
            let (mut g, _) = Game::new(settings, deck(seed), &mut rng);
            while !g.over() {
                for c in legal_commands(&g) {
                    assert_eq!(read(&c.to_string()), Ok(c.clone()), "{c}");
                    checked += 1;
                }
                match next_line(&g) {
                    Some(line) => {
                        g.play(&read(&line).unwrap(), &mut rng).unwrap();
                    }
                    None => {
                        g.settle(&mut rng);
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
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
