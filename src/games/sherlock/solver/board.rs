//! The table as the searching player plays it in its head: the engine's rules (RULES-SHERLOCK
//! §2–§4, §7) on a small copyable board of counts and fixed arrays, so that a look-ahead
//! through thousands of positions a turn allocates nothing and a position is its own key. It
//! never holds the deck's order, only what a player knows of the deck (its cards of each face);
//! a card Holmes's 4s draw is given by the caller (`Step::Draw`). The test at the bottom plays
//! whole games on the engine and this board side by side and requires the same lines and the
//! same tables at every step: the engine stays the one authority on the rules.

// Counts by face are parallel arrays indexed by the face's index: a loop over the index
// reads them side by side.
#![allow(clippy::needless_range_loop)]

use crate::games::sherlock::cards::Face;
use crate::games::sherlock::command::{Area, Command};
use crate::games::sherlock::game::{Game, Outcome, Place};
use crate::games::sherlock::setup::{Case, Detective, Settings};

use super::office::{index, Office, FULL};

/// A position's commands, kept on the stack.
pub type Commands = smallvec::SmallVec<[Command; 24]>;

/// The face of an index (0–3 the numbers 1–4, 4–7 the letters A–D).
pub fn face(i: usize) -> Face {
    Face::ALL[i]
}

/// One number's set, its faces bottom first, four bits each (the face's index plus one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pile {
    cards: u64,
    len: u8,
}

impl Pile {
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn at(&self, k: usize) -> usize {
        ((self.cards >> (4 * k)) & 15) as usize - 1
    }

    /// Its faces, bottom first.
    pub fn faces(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).map(|k| self.at(k))
    }

    pub fn top(&self) -> Option<usize> {
        (self.len > 0).then(|| self.at(self.len() - 1))
    }

    pub fn holds(&self, i: usize) -> bool {
        self.faces().any(|f| f == i)
    }

    pub fn numbers(&self) -> usize {
        self.faces().filter(|f| *f < 4).count()
    }

    fn push(&mut self, i: usize) {
        self.cards |= (i as u64 + 1) << (4 * self.len());
        self.len += 1;
    }

    /// Takes out the highest card of face `i`.
    fn take(&mut self, i: usize) {
        let at = (0..self.len())
            .rev()
            .find(|k| self.at(*k) == i)
            .expect("an option");
        let below = self.cards & ((1u64 << (4 * at)) - 1);
        let above = self.cards >> (4 * (at + 1)) << (4 * at);
        self.cards = below | above;
        self.len -= 1;
    }
}

/// What a step leads to: done, or a card the deck must give first (Holmes's 4s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Done,
    Draw,
}

/// The table, the hand and the turn, as counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub office: [Pile; 4],
    pub scene: [u8; 8],
    pub discard: [u8; 8],
    /// The deck's cards of each face (what a player can know of it).
    pub unseen: [u8; 8],
    pub hand: [u8; 8],
    pub plus: [u8; 8],
    pub completed: [u8; 4],
    pub wounds: u8,
    pub office_plays: u8,
    pub scene_plays: u8,
    pub played: bool,
    pub redrawn: bool,
    /// The ability waiting for its choice: its number.
    pub waiting: Option<u8>,
    /// Holmes's 4s wait for the deck's card.
    pub drawing: bool,
    pub turn: u32,
    pub outcome: Option<Outcome>,
    /// With the deck and the discard pile both empty, a draw stops short, as the game's
    /// `short_draw_on_empty_pile` says (the same for every board of a game: not hashed).
    pub short_draw: bool,
}

impl std::hash::Hash for Board {
    /// The board packed into words first (the memo hashes millions of boards a run).
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        for p in &self.office {
            h.write_u64(p.cards);
        }
        h.write_u64(u64::from_le_bytes(self.scene) ^ u64::from_le_bytes(self.discard) << 1);
        h.write_u64(u64::from_le_bytes(self.hand) ^ u64::from_le_bytes(self.plus) << 3);
        let done = u32::from_le_bytes(self.completed) as u64;
        let flags = [
            self.played,
            self.redrawn,
            self.drawing,
            self.outcome.is_some(),
        ]
        .iter()
        .fold(0u64, |w, f| w << 1 | u64::from(*f));
        h.write_u64(
            u64::from_le_bytes(self.unseen)
                ^ done << 5
                ^ (self.wounds as u64) << 48
                ^ (self.office_plays as u64) << 50
                ^ (self.scene_plays as u64) << 52
                ^ flags << 54
                ^ (self.waiting.unwrap_or(0) as u64) << 58
                ^ (self.turn as u64) << 61,
        );
    }
}

impl Board {
    /// The board of a game (its deck's order unread).
    pub fn of(g: &Game) -> Board {
        let mut b = Board {
            office: [Pile::default(); 4],
            scene: [0; 8],
            discard: [0; 8],
            unseen: FULL,
            hand: [0; 8],
            plus: [0; 8],
            completed: [0; 4],
            wounds: g.wounds,
            office_plays: g.office_plays,
            scene_plays: g.scene_plays,
            played: g.played,
            redrawn: g.redrawn,
            waiting: g.waiting.as_ref().map(|w| w.number),
            drawing: false,
            turn: g.turn,
            outcome: g.outcome,
            short_draw: g.short_draw_on_empty_pile,
        };
        for s in &g.office {
            let p = &mut b.office[s.number as usize - 1];
            for c in &s.cards {
                p.push(index(c.face()));
                b.unseen[index(c.face())] -= 1;
            }
        }
        for c in &g.scene {
            b.scene[index(c.face())] += 1;
        }
        for c in &g.discard {
            b.discard[index(c.face())] += 1;
        }
        for h in &g.hand {
            match h.plus {
                true => b.plus[index(h.card.face())] += 1,
                false => b.hand[index(h.card.face())] += 1,
            }
        }
        for i in 0..8 {
            b.unseen[i] -= b.scene[i] + b.discard[i] + b.hand[i] + b.plus[i];
        }
        for n in &g.completed {
            b.completed[*n as usize - 1] += 1;
        }
        b
    }

    pub fn over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The Office as the estimate reads it.
    pub fn summary(&self) -> Office {
        let mut o = Office::default();
        for (n, p) in self.office.iter().enumerate() {
            let slot = &mut o.sets[n];
            slot.present = !p.is_empty();
            for i in p.faces() {
                o.count[i] += 1;
                match i < 4 {
                    true => slot.numbers += 1,
                    false => slot.letters |= 1 << (i - 4),
                }
            }
            slot.top_letter = p.top().is_some_and(|t| t >= 4);
        }
        o
    }

    pub fn detective(&self, s: &Settings) -> Detective {
        s.detectives[(self.turn.max(1) as usize - 1) % s.detectives.len()]
    }

    /// The sets (by index) a card of face `i` may go on.
    pub fn places(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(move |n| {
            let p = &self.office[*n];
            match i < 4 {
                true => *n == i && p.top().is_none_or(|t| t >= 4),
                false => p.top().is_some_and(|t| t < 4) && !p.holds(i),
            }
        })
    }

    /// Every command the engine would accept now (no `redraw`: the search weighs it apart).
    pub fn legal(&self, s: &Settings) -> Commands {
        let mut out = Commands::new();
        if self.over() || self.drawing {
            return out;
        }
        if let Some(n) = self.waiting {
            self.options(s, n, &mut out);
            return out;
        }
        for (counts, plus) in [(&self.hand, false), (&self.plus, true)] {
            for i in (0..8).filter(|i| counts[*i] > 0) {
                if plus || self.office_plays < 2 {
                    for n in self.places(i) {
                        out.push(Command::Play {
                            face: face(i),
                            plus,
                            area: Area::Office,
                            on: Some(n as u8 + 1),
                        });
                    }
                }
                if plus || self.scene_plays < 2 {
                    out.push(Command::Play {
                        face: face(i),
                        plus,
                        area: Area::Scene,
                        on: None,
                    });
                }
            }
        }
        if s.case == Case::FinalProblem {
            for n in (0..4).filter(|n| self.office[*n].numbers() >= 4) {
                out.push(Command::Complete(n as u8 + 1));
            }
        }
        out
    }

    /// The ways to use the ability of a pair of `n`, as `then` commands.
    fn options(&self, s: &Settings, n: u8, out: &mut Commands) {
        let then = |i: usize, from: Place, to: Place| Command::Then {
            face: face(i),
            from,
            to,
        };
        let set = |n: usize| Place::Set(n as u8 + 1);
        match (self.detective(s), n) {
            (Detective::Holmes, 1) => {
                for i in (4..8).filter(|i| self.scene[*i] > 0) {
                    out.extend(self.places(i).map(|m| then(i, Place::Scene, set(m))));
                }
            }
            (Detective::Holmes, 2) => {
                for i in (0..4).filter(|i| self.discard[*i] > 0) {
                    out.extend(self.places(i).map(|m| then(i, Place::Discard, set(m))));
                }
            }
            (Detective::Holmes, 3) => {
                for (m, p) in self.office.iter().enumerate() {
                    for i in (4..8).filter(|i| p.holds(*i)) {
                        out.push(then(i, set(m), Place::Discard));
                    }
                }
            }
            (Detective::Watson, 1) => {
                for i in (4..8).filter(|i| self.scene[*i] > 0) {
                    out.push(then(i, Place::Scene, Place::Discard));
                }
            }
            (Detective::Watson, 2) => {
                for i in (0..4).filter(|i| self.scene[*i] > 0) {
                    out.extend(self.places(i).map(|m| then(i, Place::Scene, set(m))));
                }
            }
            (Detective::Watson, 3) => {
                for i in (0..4).filter(|i| self.discard[*i] > 0) {
                    out.push(then(i, Place::Discard, Place::Hand));
                }
            }
            _ => {}
        }
    }

    /// Carries out a command the engine would accept (`legal`'s); Holmes's 4s stop at
    /// `Step::Draw` until `drawn` gives the card.
    pub fn play(&mut self, s: &Settings, c: &Command) -> Step {
        let mut step = Step::Done;
        match *c {
            Command::Then { face, from, to } => {
                self.waiting = None;
                self.apply(index(face), from, to);
            }
            Command::Play {
                face,
                plus,
                area,
                on,
            } => {
                let i = index(face);
                match plus {
                    true => self.plus[i] -= 1,
                    false => self.hand[i] -= 1,
                }
                self.played = true;
                match area {
                    Area::Office => {
                        self.office_plays += u8::from(!plus);
                        let n = on.map_or(i, |n| n as usize - 1);
                        self.put(i, n);
                    }
                    Area::Scene => {
                        self.scene_plays += u8::from(!plus);
                        step = self.enter_scene(s, i);
                    }
                }
            }
            Command::Complete(n) => {
                let p = &mut self.office[n as usize - 1];
                for f in p.faces() {
                    self.discard[f] += 1;
                }
                *p = Pile::default();
                self.completed[n as usize - 1] += 1;
            }
            Command::Redraw => unreachable!("the search weighs a redraw apart"),
        }
        if step == Step::Done {
            self.check_win(s);
        }
        step
    }

    /// The card Holmes's 4s drew, face `i`, into the hand.
    pub fn drawn(&mut self, s: &Settings, i: usize) {
        self.drawing = false;
        self.unseen[i] -= 1;
        self.plus[i] += 1;
        self.check_win(s);
    }

    fn put(&mut self, i: usize, n: usize) {
        self.office[n].push(i);
    }

    fn enter_scene(&mut self, s: &Settings, i: usize) -> Step {
        if self.scene[i] == 0 {
            self.scene[i] = 1;
            return Step::Done;
        }
        self.scene[i] = 0;
        self.discard[i] += 2;
        if i >= 4 {
            self.wound();
            return Step::Done;
        }
        let d = self.detective(s);
        match (d, i + 1) {
            (Detective::Watson, 4) => {
                self.wounds = self.wounds.saturating_sub(1);
                Step::Done
            }
            (Detective::Holmes, 4) => {
                if self.unseen.iter().all(|u| *u == 0) {
                    self.reshuffle(s);
                }
                match self.over() || self.unseen.iter().all(|u| *u == 0) {
                    true => {
                        self.wound();
                        Step::Done
                    }
                    false => {
                        self.drawing = true;
                        Step::Draw
                    }
                }
            }
            _ => {
                let mut options = Commands::new();
                self.options(s, i as u8 + 1, &mut options);
                match options.as_slice() {
                    [] => self.wound(),
                    [Command::Then { face, from, to }] => self.apply(index(*face), *from, *to),
                    _ => self.waiting = Some(i as u8 + 1),
                }
                Step::Done
            }
        }
    }

    /// The discard pile and the scene's letters become the deck (its order unknown); with the
    /// pile empty too, the draw stops short, in a game that says so.
    fn reshuffle(&mut self, s: &Settings) {
        if self.short_draw && self.discard.iter().all(|d| *d == 0) {
            return;
        }
        let mut any = false;
        for i in 0..8 {
            let back = self.discard[i] + if i >= 4 { self.scene[i] } else { 0 };
            any |= back > 0;
            self.unseen[i] += back;
            self.discard[i] = 0;
            if i >= 4 {
                self.scene[i] = 0;
            }
        }
        if any && s.advanced {
            self.wound();
        }
    }

    fn apply(&mut self, i: usize, from: Place, to: Place) {
        match from {
            Place::Scene => self.scene[i] -= 1,
            Place::Discard => self.discard[i] -= 1,
            Place::Set(n) => {
                self.office[n as usize - 1].take(i);
            }
            Place::Hand | Place::Deck => unreachable!("no choice takes from there"),
        }
        match to {
            Place::Set(n) => self.put(i, n as usize - 1),
            Place::Discard => self.discard[i] += 1,
            Place::Hand => self.plus[i] += 1,
            Place::Scene | Place::Deck => unreachable!("no choice puts a card there"),
        }
    }

    fn wound(&mut self) {
        if self.over() {
            return;
        }
        self.wounds += 1;
        if self.wounds >= 3 {
            self.outcome = Some(Outcome::Wounded);
            self.waiting = None;
            self.drawing = false;
        }
    }

    fn check_win(&mut self, s: &Settings) {
        if self.over() || self.waiting.is_some() {
            return;
        }
        let solved = match s.case {
            Case::ValleyOfFear => {
                let least = s.level as usize + 1;
                self.office.iter().all(|p| p.numbers() >= least)
            }
            Case::FinalProblem => {
                let covered = self.completed.iter().filter(|c| **c > 0).count();
                match s.level {
                    1 => covered >= 3,
                    2 => covered == 4,
                    _ => covered == 4 && self.completed.iter().any(|c| *c >= 2),
                }
            }
        };
        if solved {
            self.outcome = Some(Outcome::Won);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::setup::{deck, play_stream};
    use crate::games::sherlock::solver::legal_commands;
    use crate::games::stream::{below, stream};

    fn sorted(mut v: Vec<String>) -> Vec<String> {
        v.sort();
        v
    }

    /// The board's own view of the game, where the engine's board and its differ only in the
    /// order the Office's sets were begun (the board keeps them by number).
    fn same(b: &Board, g: &Game) -> bool {
        let mut now = Board::of(g);
        now.drawing = b.drawing;
        *b == now
    }

    #[test]
    fn the_board_plays_every_line_as_the_engine_does_through_whole_random_games() {
        let mut checked = 0;
        for seed in 0..400u64 {
            let settings = Settings {
                detectives: match seed % 3 {
                    0 => vec![Detective::Holmes],
                    1 => vec![Detective::Watson],
                    _ => vec![Detective::Holmes, Detective::Watson],
                },
                case: if seed % 2 == 0 {
                    Case::FinalProblem
                } else {
                    Case::ValleyOfFear
                },
                level: (seed % 3) as u8 + 1,
                advanced: seed % 5 == 0,
                ..Settings::default()
            };
            let mut rng = play_stream("board", seed);
            let mut pick = stream("board/pick", seed, 0);
            let (mut g, _) = Game::new(settings.clone(), deck(seed), &mut rng);
            while !g.over() {
                let b = Board::of(&g);
                let mut engine: Vec<String> =
                    legal_commands(&g).iter().map(|c| c.to_string()).collect();
                engine.sort();
                let board = sorted(b.legal(&settings).iter().map(|c| c.to_string()).collect());
                assert_eq!(engine, board, "seed {seed}, turn {}: {g:?}", g.turn);
                let commands = legal_commands(&g);
                if commands.is_empty() {
                    g.settle(&mut rng);
                    continue;
                }
                let c = &commands[below(&mut pick, commands.len() as u64) as usize];
                let mut after = b;
                let step = after.play(&settings, c);
                let top = g.deck.first().map(|c| index(c.face()));
                let deck_was_empty = g.deck.is_empty();
                g.play(c, &mut rng).expect("a legal command");
                if step == Step::Draw && !deck_was_empty {
                    after.drawn(&settings, top.expect("a card on the deck"));
                }
                if !(step == Step::Draw && deck_was_empty) {
                    assert!(same(&after, &g), "seed {seed} after {c}: {after:?}\n{g:?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 5000, "{checked}");
    }
}
