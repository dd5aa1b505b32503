//! Computer players of classic Sleuth. Pure: from one seat's view alone (its hand, the public
//! log and table, the cards shown to it, its Search cards) to one command, checked like a
//! person's. A novice asks what its first Search card allows and accuses only on its turn, when
//! sure; a detective or master asks the question that the sheet says tells most about the
//! cards that may be missing, and accuses once the sheet proves the missing gem(s) — between
//! turns too (`accusation`). A master down to two candidates asks the final question that
//! settles them, then accuses.

use crate::deduce::{sample, Budget, Sheet, View};
use crate::games::deck::{matching, Trait};
use crate::games::polysleuth::rules::Card;
use crate::games::sleuth::rules::{SearchCard, Sleuth};

use crate::level::Level;

/// What a computer seat may know of a classic game.
pub struct ClassicSeat {
    pub me: usize,
    pub players: Vec<String>,
    pub search: Vec<SearchCard>,
    pub view: View,
    /// It asked a final question this turn and must now accuse.
    pub final_asked: bool,
    pub missing_gems: usize,
}

impl ClassicSeat {
    /// A seat's view of a game: nothing but what that player's own pages show.
    pub fn of(game: &Sleuth, seat: usize) -> Option<ClassicSeat> {
        Some(ClassicSeat {
            me: seat,
            players: game.players.clone(),
            search: game.search[seat].clone(),
            view: game.view_of(seat).ok()?,
            final_asked: game.final_asked && game.current == Some(seat),
            missing_gems: game.settings.missing_gems,
        })
    }
}

/// The assistant's effort for a computer seat: far less than a person's page gets.
fn budget() -> Budget {
    Budget {
        count: 2_000_000,
        sample: sample::Plan {
            chains: 2,
            sweeps: 400,
            burn_in: 50,
            proof_nodes: 5_000,
        },
    }
}

/// The command a computer seat sends on its turn.
pub fn command(seat: &ClassicSeat, level: Level) -> String {
    let sheet = Sheet::compute(&seat.view, &budget());
    let Some(missing) = sheet
        .locations
        .iter()
        .position(|l| l == crate::games::sleuth::rules::sheet::MISSING)
    else {
        // A sheet always has the missing gems' column; without it, the one action that needs
        // no reading of the cards.
        return "exchange".into();
    };
    let chance = |card: &Card| -> f64 {
        sheet
            .cards
            .iter()
            .find(|r| r.card == card.name())
            .map(|r| r.cells[missing].p)
            .filter(|p| p.is_finite())
            .unwrap_or(0.0)
    };
    let mut likely: Vec<(Card, f64)> = Card::all().map(|c| (c, chance(&c))).collect();
    likely.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Only a proof makes an accusation, never a sampled estimate; after a final question the
    // likeliest card(s) are named, as the rules leave no choice.
    let proof = proven(&sheet, missing);
    if proof.len() == seat.missing_gems {
        return format!("accuse {}", proof.join(", "));
    }
    if seat.final_asked {
        let named: Vec<String> = likely[..seat.missing_gems]
            .iter()
            .map(|(c, _)| c.name())
            .collect();
        return format!("accuse {}", named.join(", "));
    }
    let place = |name: &str| sheet.locations.iter().position(|l| l == name);
    // A master who is down to two candidates asks the final question that settles them: one
    // candidate is either missing or with one player, so that player's cards of its colour
    // and gem, shown to the master alone, tell which; then it accuses.
    if level == Level::Master && seat.missing_gems == 1 {
        if let [(c1, p1), (c2, p2), ..] = likely[..] {
            if p1 + p2 > 0.999 {
                for (c, p) in [(c1, p1), (c2, p2)] {
                    let row = sheet.cards.iter().find(|r| r.card == c.name());
                    let holder = (0..seat.players.len()).filter(|t| *t != seat.me).find(|t| {
                        let held = place(&seat.players[*t])
                            .and_then(|col| row.map(|r| r.cells[col].p))
                            .filter(|q| q.is_finite())
                            .unwrap_or(0.0);
                        held + p > 0.999
                    });
                    if let Some(t) = holder {
                        let traits = [Trait::Colour(c.colour()), Trait::Gem(c.gem())];
                        return format!(
                            "final ask {} for {}",
                            seat.players[t],
                            crate::games::sleuth::rules::search::question_words(&traits)
                        );
                    }
                }
            }
        }
    }
    // A question's worth: how uncertain its answer is, over the cards that may be missing.
    let worth = |target: usize, traits: &[Trait]| -> f64 {
        let Some(col) = place(&seat.players[target]) else {
            return 0.0;
        };
        matching(traits)
            .iter()
            .map(|c| {
                let row = sheet.cards.iter().find(|r| r.card == c.name());
                let p = row
                    .map(|r| r.cells[col].p)
                    .filter(|p| p.is_finite())
                    .unwrap_or(0.0);
                p * (1.0 - p) * (0.2 + chance(&c))
            })
            .sum::<f64>()
            * if traits.len() == 2 { 1.5 } else { 1.0 }
    };
    let targets: Vec<usize> = (0..seat.players.len()).filter(|t| *t != seat.me).collect();
    let cards: &[SearchCard] = match level {
        Level::Novice => &seat.search[..seat.search.len().min(1)],
        _ => &seat.search,
    };
    let mut best: Option<(f64, usize, Vec<Trait>, SearchCard)> = None;
    for card in cards {
        for traits in Sleuth::allowed_by(*card) {
            for t in &targets {
                let w = worth(*t, &traits);
                if best.as_ref().is_none_or(|b| w > b.0) {
                    best = Some((w, *t, traits.clone(), *card));
                }
            }
        }
    }
    match best {
        Some((w, target, traits, card)) if w > 0.01 => {
            let what = crate::games::sleuth::rules::search::question_words(&traits);
            let how = if traits.len() == 1 { "how many" } else { "for" };
            format!(
                "ask {} {how} {what} using {}",
                seat.players[target],
                card.name()
            )
        }
        _ => "exchange".into(),
    }
}

/// An accusation a computer seat makes between turns: a detective or a master accuses as soon
/// as its sheet proves the missing gem(s), whoever's turn it is; a novice waits for its turn.
pub fn accusation(seat: &ClassicSeat, level: Level) -> Option<String> {
    if level == Level::Novice {
        return None;
    }
    let sheet = Sheet::compute(&seat.view, &budget());
    let missing = sheet
        .locations
        .iter()
        .position(|l| l == crate::games::sleuth::rules::sheet::MISSING)?;
    let proof = proven(&sheet, missing);
    (proof.len() == seat.missing_gems).then(|| format!("accuse {}", proof.join(", ")))
}

/// The cards the sheet proves missing (column `missing`).
fn proven(sheet: &Sheet, missing: usize) -> Vec<String> {
    sheet
        .cards
        .iter()
        .filter(|r| r.cells[missing].certain && r.cells[missing].p > 0.999)
        .map(|r| r.card.clone())
        .collect()
}

/// The most computer moves one change may carry, so a table of computers cannot loop.
const MOST_COMPUTER_MOVES: usize = 200;

/// Computer seats (`levels[seat]`, None for a person) take their turns while it is one's turn;
/// then, if a question was answered since the log's event `since`, any computer seat whose
/// sheet now proves the missing gem(s) accuses, whoever's turn it is (RULES-SLEUTH.md §3).
/// The service runs it after every change.
pub fn play(state: &mut Sleuth, levels: &[Option<Level>], since: usize) {
    play_moves(state, levels, since, MOST_COMPUTER_MOVES);
}

/// `play`, with at most `most` turns taken before the accusations (and as many after each
/// accusation): `simulate` plays one turn at a time, so every seat may accuse between turns.
pub fn play_moves(state: &mut Sleuth, levels: &[Option<Level>], since: usize, most: usize) {
    play_turns(state, levels, most);
    // Only an answer to a question tells anyone something new about the cards.
    if !(state.log[since.min(state.log.len())..].iter())
        .any(|e| matches!(e, crate::games::sleuth::rules::Event::Asked { .. }))
    {
        return;
    }
    for (seat, level) in levels.iter().enumerate() {
        let Some(level) = *level else { continue };
        if state.over || !state.in_play(seat) {
            continue;
        }
        let Some(text) = ClassicSeat::of(state, seat).and_then(|v| accusation(&v, level)) else {
            continue;
        };
        if state.act(seat, &text).is_ok() {
            // The game may go on with another player's turn, a computer's among them.
            play_turns(state, levels, most);
        }
    }
}

/// What a computer sends when its command is refused, which should not happen: the turn goes
/// on by an exchange (or, in a game stored when it took one, a pass) rather than wait for its
/// deadline.
pub fn fallback(state: &Sleuth) -> &'static str {
    if state.voluntary_pass {
        "pass"
    } else {
        "exchange"
    }
}

fn play_turns(state: &mut Sleuth, levels: &[Option<Level>], most: usize) {
    for _ in 0..most {
        let Some(seat) = state.current.filter(|_| !state.over) else {
            return;
        };
        let Some(level) = levels.get(seat).copied().flatten() else {
            return;
        };
        let Some(view) = ClassicSeat::of(state, seat) else {
            return;
        };
        let text = command(&view, level);
        if state.act(seat, &text).is_err() && state.act(seat, fallback(state)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sleuth::rules::Settings;

    fn game() -> Sleuth {
        let names = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
        Sleuth::new(names, Settings::default(), 3, "salt".into(), None, None).unwrap()
    }

    #[test]
    fn a_computer_seat_plays_a_whole_game_to_a_right_accusation() {
        let mut g = game();
        for _ in 0..400 {
            if g.over {
                break;
            }
            let seat = g.current.expect("someone's turn");
            let view = ClassicSeat::of(&g, seat).unwrap();
            let text = command(&view, Level::Detective);
            g.act(seat, &text)
                .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
        assert!(g.over, "four detectives end a game");
        assert_eq!(
            g.winners.len(),
            1,
            "a detective accuses only when sure, so rightly"
        );
    }

    /// Plays a game of computer seats as the service does: the seat whose turn it is sends
    /// its command, then any seat whose sheet proves the missing gem accuses.
    fn play_out(g: &mut Sleuth, level: Level) {
        for _ in 0..400 {
            if g.over {
                return;
            }
            let seat = g.current.expect("someone's turn");
            let text = command(&ClassicSeat::of(g, seat).unwrap(), level);
            g.act(seat, &text)
                .unwrap_or_else(|e| panic!("{text}: {e:?}"));
            for other in 0..g.players.len() {
                if g.over || !g.in_play(other) {
                    continue;
                }
                if let Some(text) = accusation(&ClassicSeat::of(g, other).unwrap(), level) {
                    g.act(other, &text).unwrap();
                }
            }
        }
    }

    #[test]
    fn masters_settle_two_candidates_with_a_final_question_and_accuse_between_turns() {
        let (mut finals, mut between) = (0, 0);
        for seed in 1..=6 {
            let names = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
            let mut g =
                Sleuth::new(names, Settings::default(), seed, "salt".into(), None, None).unwrap();
            play_out(&mut g, Level::Master);
            assert!(g.over, "seed {seed}: masters end a game");
            let mut whose = None;
            for e in &g.log {
                match e {
                    crate::games::sleuth::rules::Event::TurnBegan { seat, .. } => {
                        whose = Some(*seat)
                    }
                    crate::games::sleuth::rules::Event::Asked {
                        final_question: true,
                        ..
                    } => finals += 1,
                    crate::games::sleuth::rules::Event::Accused { seat, correct, .. } => {
                        // A proof or a settling final question: never a wrong accusation.
                        assert!(correct, "seed {seed}: a master accused wrongly");
                        between += usize::from(whose != Some(*seat));
                    }
                    _ => {}
                }
            }
        }
        assert!(finals > 0, "no master asked a final question in six games");
        assert!(between > 0, "no master accused between turns in six games");
    }

    #[test]
    fn a_computer_seat_sees_only_its_own_hand() {
        let g = game();
        let view = ClassicSeat::of(&g, 1).unwrap();
        // Every fact it holds is public or its own: none names another hand's cards exactly.
        assert!(view.view.facts.iter().all(|f| f.loc == 1
            || f.set == crate::games::polysleuth::rules::CardSet::ALL
            || f.loc >= 4));
    }
}
