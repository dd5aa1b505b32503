//! Sherlock Solitaire's computer players, pure, reading the game as its player sees it (the
//! table and the hand; never the deck's order).
//! - The **searching** player tries every order of the hand's plays, every destination, every
//!   choice and every `complete` to the turn's end (`search`), and takes the line after which
//!   the turn is expected to end with the best chance to win, as `estimate` judges a turn's
//!   end: the Office plays the case still needs against the turns left, the next hand, the
//!   supply of the cards needed, the Crime Scene and the wounds.
//! - The **greedy** player takes the line that scores best at once, with no look-ahead, by a
//!   plain count of progress (sets grown or completed, less the wounds).
//!
//! `legal_lines` lists every line the engine accepts now, for the players, the page's buttons
//! and the tests.

mod board;
mod estimate;
mod office;
mod search;

use super::cards::Face;
use super::command::{read, Area, Command};
use super::game::{Game, Outcome};
use super::setup::{deck, play_stream, Case, Settings};
use board::Board;
pub use estimate::Weights;
use search::Search;

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

/// How far the case has come, seen from the table alone: the greedy player's score.
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

thread_local! {
    /// The search of the turn under way, kept for the turn's later lines while the game
    /// stands at a position it searched.
    static SEARCH: std::cell::RefCell<Option<Search>> = const { std::cell::RefCell::new(None) };
}

/// The line the searching player sends next (`choose` with its case's weights), or None when
/// nothing can be played and no `complete` is worth it (the turn then ends).
pub fn planned_line(g: &Game) -> Option<String> {
    choose(g, Weights::of(&g.settings)).map(|c| c.to_string())
}

/// The searching player's next command, by weights `w`: of every command the engine accepts,
/// the one after which the turn, played on as well as it can be, is expected to end with the
/// best chance to win (a redraw weighed by hands drawn from the unseen cards). It reads the
/// game as a `Board`, without the deck's order: what it would draw is not its to know.
pub fn choose(g: &Game, w: Weights) -> Option<Command> {
    if g.over() {
        return None;
    }
    let here = Board::of(g);
    let fresh = !here.played && here.office_plays == 0 && here.scene_plays == 0;
    SEARCH.with(|cell| {
        let mut kept = cell.borrow_mut();
        let search = match kept.as_mut() {
            Some(s) if !fresh && s.serves(&here, &g.settings, w) => s,
            Some(s) => {
                s.restart(&here, &g.settings, w);
                s
            }
            None => kept.insert(Search::new(&here, &g.settings, w)),
        };
        let commands = here.legal(&g.settings);
        let plays = commands.iter().any(|c| !matches!(c, Command::Complete(_)));
        let mut best: (f64, Option<Command>) = match plays {
            true => (f64::MIN, None),
            false => (search.ending(&here), None),
        };
        for c in commands {
            let v = search.after(&here, &c);
            if v > best.0 {
                best = (v, Some(c));
            }
        }
        if g.may_redraw() && best.0 < 1.0 {
            if let Some(redrawn) = search.redraw(&here, best.0) {
                if redrawn > best.0 {
                    return Some(Command::Redraw);
                }
            }
        }
        best.1
    })
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
